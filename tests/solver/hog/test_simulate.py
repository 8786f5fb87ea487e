"""Hog simulation on the step-wise engine agrees with the exact evaluator."""

from __future__ import annotations

import pytest

from pigsolve.policies import make_player
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.hog.evaluate import compare
from pigsolve.solver.hog.simulate import simulate

FA16, SU20 = hog_rules("fa16"), hog_rules("su20")


@pytest.mark.parametrize(
    ("rules", "a", "b"),
    [(FA16, "best-response:always4", "always4"), (SU20, "swap", "bacon")],
    ids=["fa16-br-vs-always4", "su20-swap-vs-bacon"],
)
def test_simulation_agrees_with_the_exact_evaluator(rules, a, b) -> None:
    table_a, table_b = (make_player(rules, name).table(rules) for name in (a, b))
    exact = compare(rules, table_a, table_b)
    result = simulate(rules, table_a, table_b, games=1500, seed=7)
    assert abs(result.z_scores(exact)["total"]) < 4
