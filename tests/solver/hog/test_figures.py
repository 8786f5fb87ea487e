"""The README's Hog figures, recomputed without the compiled solver.

The exact figures are asserted in test_solve.py against the compiled backward pass. Here they
are checked by independent means: fa16's optimal value and opening by a pure-Python transcription
of the optimality equation at goal 100 (about 35 s), and every row of the README's tables by
simulation on the step-wise engine, against the printed figure (not against the evaluator).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from pigsolve.policies import make_player
from pigsolve.policies.hog import scores_table
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.hog.reference import reference_solve
from pigsolve.solver.hog.simulate import simulate
from pigsolve.solver.hog61a import fa16, su20

FA16, SU20 = hog_rules("fa16"), hog_rules("su20")


def test_fa16_optimal_value_and_opening_by_the_pure_python_reference() -> None:
    """README: fa16, the first player wins 0.547204540144 opening with 5 dice."""
    v, policy = reference_solve(FA16)
    assert v[0, 0, 0, 0, 0] == pytest.approx(0.547204540144, abs=1e-11)
    assert policy[0, 0, 0, 0, 0] == 5


def table(rules, name: str) -> np.ndarray:
    if name == "final_strategy":
        module = fa16 if rules is FA16 else su20
        return np.ascontiguousarray(scores_table(rules, module.final_strategy))
    return make_player("hog", name, rules).table(rules)


def z_score(wins: int, games: int, p: float) -> float:
    return (wins - games * p) / math.sqrt(games * p * (1 - p))


@pytest.mark.parametrize(
    ("rules", "a", "b", "a_first", "b_first"),
    [
        (FA16, "optimal", "always4", 0.772138, 0.710799),
        (FA16, "best-response:always4", "always4", 0.943446, 0.916259),
        (FA16, "final_strategy", "always4", 0.937005, 0.893845),
        (SU20, "optimal", "optimal", 0.500516, 1 - 0.500516),
        (SU20, "final_strategy", "always6", None, None),
    ],
    ids=["fa16-optimal", "fa16-best-response", "fa16-final", "su20-optimal", "su20-final"],
)
def test_readme_figures_by_simulation(rules, a, b, a_first, b_first):
    """Each README row, played out 4000 times on the engine: every rate within 4 sigma."""
    result = simulate(rules, table(rules, a), table(rules, b), games=4000, seed=20261122)
    if a_first is None:  # README gives the seat average only: su20 final_strategy 0.860926
        assert abs(z_score(result.total.wins, result.total.games, 0.860926)) < 4
        return
    assert abs(z_score(result.a_first.wins, result.a_first.games, a_first)) < 4
    assert abs(z_score(result.b_first.wins, result.b_first.games, b_first)) < 4
