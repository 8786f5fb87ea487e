"""The README's Hog figures, recomputed without the compiled solver.

The exact figures are asserted in test_solve.py against the compiled backward pass. Here they
are checked by independent means: the optimal values and openings by a pure-Python
transcription of the optimality equation (fa16 at goal 100, about 35 s; su20 at goal 11, where
the compiled solver must agree exactly, and at goal 100 by 100,000 games on the step-wise
engine, within 0.005), fa16's head-to-head figures by a pure-Python evaluation of both policies
from the exact chance outcomes, and su20's by simulation against the printed figure.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from pigsolve.policies import make_player
from pigsolve.policies.hog.players import scores_table
from pigsolve.solver.games.hog import HogRules, HogState, hog_rules, is_over
from pigsolve.solver.games.hog_dice import chance_outcomes
from pigsolve.solver.hog.reference import reference_solve
from pigsolve.solver.hog.simulate import simulate
from pigsolve.solver.hog.solve import solve
from pigsolve.solver.hog61a import fa16, su20

FA16, SU20 = hog_rules("fa16"), hog_rules("su20")
SU20_OPTIMAL = 0.500515968974  # README: su20, the first player wins 0.500515968974


@pytest.mark.slow
def test_fa16_optimal_value_and_opening_by_the_pure_python_reference() -> None:
    """README: fa16, the first player wins 0.547204540144 opening with 5 dice."""
    v, policy = reference_solve(FA16)
    assert v[0, 0, 0, 0, 0] == pytest.approx(0.547204540144, abs=5e-13)
    assert policy[0, 0, 0, 0, 0] == 5


@pytest.mark.slow
def test_su20_solver_equals_the_pure_python_reference_at_goal_11() -> None:
    """Every su20 rule (two-digit scores, Feral Hogs, the digit swap) at the smallest goal that
    reaches them all: the compiled pass that gives 0.500515968974 at goal 100 is exact here."""
    rules = hog_rules("su20", goal=11)
    v, policy = reference_solve(rules)
    solution = solve(rules)
    np.testing.assert_allclose(solution.values, v, rtol=0, atol=1e-13)
    np.testing.assert_array_equal(solution.policy, policy)


@pytest.mark.slow
def test_su20_optimal_value_by_100000_games() -> None:
    """Optimal against itself at goal 100: the first mover wins 0.500516 +- 0.005 (3 sigma)."""
    policy = solve(SU20).policy
    result = simulate(SU20, policy, policy, games=100_000, seed=20261123)
    first_mover_wins = result.a_first.wins + (result.b_first.games - result.b_first.wins)
    assert abs(first_mover_wins / result.total.games - SU20_OPTIMAL) < 0.005


def compare_by_outcomes(
    rules: HogRules, policy_a: np.ndarray, policy_b: np.ndarray
) -> tuple[float, float]:
    """Return P(A wins) moving first and moving second, state by state in pure Python.

    One backward pass over decreasing score sums (a turn never lowers the sum) from
    :func:`chance_outcomes`, with each player's own table of the probability that it wins when
    it is to move; nothing of the compiled evaluator.
    """
    goal, shape = rules.goal, rules.shape
    wins = (np.zeros(shape), np.zeros(shape))
    policies = (policy_a, policy_b)
    for total in range(2 * goal - 2, -1, -1):
        for s in range(max(0, total - goal + 1), min(total, goal - 1) + 1):
            for f, a, b in itertools.product(*(range(n) for n in shape[2:])):
                index = (s, total - s, f, a, b)
                state = HogState(s, total - s, bool(f), a, b)
                for mover in (0, 1):
                    value = 0.0
                    for prob, turn in chance_outcomes(rules, state, int(policies[mover][index])):
                        after = turn.next_state
                        if after.opponent_score >= goal:
                            value += float(prob)
                        elif not is_over(rules, after):
                            value += float(prob) * (1.0 - wins[1 - mover][after.index(rules)])
                    wins[mover][index] = value
    return wins[0][0, 0, 0, 0, 0], 1.0 - wins[1][0, 0, 0, 0, 0]


def table(rules, name: str) -> np.ndarray:
    if name == "final_strategy":
        module = fa16 if rules is FA16 else su20
        return np.ascontiguousarray(scores_table(rules, module.final_strategy))
    return make_player(rules, name).table(rules)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("a", "a_first", "b_first", "average", "tolerance"),
    [
        ("optimal", 0.772137819071, 0.710798657156, 0.741468238114, 5e-13),
        ("best-response:always4", 0.943445968745, 0.916259457863, 0.929852713304, 5e-13),
        ("final_strategy", 0.937005, 0.893845, 0.915425, 5e-7),
        ("bacon", 0.564758909875, 0.463113158223, 0.513936034049, 5e-13),
    ],
)
def test_fa16_figures_against_always4_by_pure_python_evaluation(
    a, a_first, b_first, average, tolerance
) -> None:
    """README's fa16 rows (test_solve.py and the tune table), to the digits written."""
    first, second = compare_by_outcomes(FA16, table(FA16, a), table(FA16, "always4"))
    if a_first is not None:
        assert (first, second) == pytest.approx((a_first, b_first), abs=tolerance)
    assert (first + second) / 2 == pytest.approx(average, abs=tolerance)


def z_score(wins: int, games: int, p: float) -> float:
    return (wins - games * p) / math.sqrt(games * p * (1 - p))


@pytest.mark.slow
def test_su20_final_strategy_against_always6_by_simulation() -> None:
    """README: su20's final_strategy wins 0.860926 against always6; 4000 games within 4 sigma."""
    result = simulate(SU20, table(SU20, "final_strategy"), table(SU20, "always6"), 4000, seed=1)
    assert abs(z_score(result.total.wins, result.total.games, 0.860926)) < 4
