"""The exact Hog solver against a pure-Python reference, its own identities and the figures."""

from __future__ import annotations

import numpy as np
import pytest

from pigsolve.solver.games.hog import HogState, hog_rules, prev_cap
from pigsolve.solver.hog import solve as hog_solve
from pigsolve.solver.hog.evaluate import compare, evaluate
from pigsolve.solver.hog.reference import reference_solve
from pigsolve.solver.hog.solve import TIE, best_response, solve
from pigsolve.solver.hog.values import action_values

FA16, SU20 = hog_rules("fa16"), hog_rules("su20")


@pytest.fixture(scope="module")
def fa16_optimal() -> hog_solve.HogSolution:
    return solve(FA16)


@pytest.fixture(scope="module")
def su20_optimal() -> hog_solve.HogSolution:
    return solve(SU20)


@pytest.mark.parametrize(
    "rules",
    [
        hog_rules("fa16", goal=24),
        pytest.param(hog_rules("su20", goal=5), marks=pytest.mark.slow),
        hog_rules("su20", 30, False),
    ],
    ids=["fa16-24", "su20-5", "su20-30-noferal"],
)
def test_solver_matches_pure_python_reference(rules) -> None:
    v, policy = reference_solve(rules)
    solution = solve(rules)
    np.testing.assert_allclose(solution.values, v, rtol=0, atol=1e-13)
    np.testing.assert_array_equal(solution.policy, policy)


@pytest.mark.parametrize("name", ["fa16", "su20"])
def test_goal_100_satisfies_the_bellman_equation_at_sampled_states(
    name, fa16_optimal, su20_optimal
) -> None:
    solution = fa16_optimal if name == "fa16" else su20_optimal
    rules = solution.rules
    rng = np.random.default_rng(2)
    for _ in range(60):
        s, o = (int(x) for x in rng.integers(0, rules.goal, 2))
        f = int(rng.integers(0, rules.shape[2]))
        a, b = (int(x) for x in rng.integers(0, prev_cap(rules) + 1, 2))
        state = HogState(s, o, bool(f), a, b)
        values = action_values(rules, solution.values, state)
        best = max(values.values())
        chosen = min(n for n, x in values.items() if x >= best - TIE)
        assert solution.at(state) == pytest.approx((best, chosen), abs=1e-12)


def test_evaluating_the_optimal_policy_against_itself_gives_its_values(fa16_optimal) -> None:
    x_a, x_b, _, _ = evaluate(FA16, fa16_optimal.policy, fa16_optimal.policy)
    np.testing.assert_allclose(x_a, fa16_optimal.values, atol=1e-12)
    np.testing.assert_allclose(x_b, fa16_optimal.values, atol=1e-12)
    reply, _ = best_response(FA16, fa16_optimal.policy, "optimal")
    np.testing.assert_allclose(reply.values, fa16_optimal.values, atol=1e-12)


def test_comparison_is_antisymmetric() -> None:
    rules = hog_rules("su20", goal=40)
    a, b = np.full(rules.shape, 3, np.int8), np.full(rules.shape, 6, np.int8)
    ab, ba = compare(rules, a, b), compare(rules, b, a)
    assert ab.a_first == pytest.approx(1 - ba.b_first, abs=1e-12)
    assert ab.average == pytest.approx(1 - ba.average, abs=1e-12)


def test_best_response_beats_every_fixed_reply(fa16_optimal) -> None:
    always4 = np.full(FA16.shape, 4, np.int8)
    reply, _ = best_response(FA16, always4, "always4")
    best = compare(FA16, reply.policy, always4)
    for other in (fa16_optimal.policy, np.full(FA16.shape, 5, np.int8)):
        assert compare(FA16, other, always4).a_first <= best.a_first + 1e-12


def test_bad_policies_are_rejected() -> None:
    with pytest.raises(ValueError, match="policy chooses -1 dice in state"):
        evaluate(SU20, np.full(SU20.shape, -1, np.int8), np.zeros(SU20.shape, np.int8))
    with pytest.raises(ValueError, match="does not match the rules"):
        evaluate(SU20, np.zeros((2, 2)), np.zeros(SU20.shape, np.int8))


# The figures the README reports (this file is their source).


def test_fa16_optimal_figures(fa16_optimal) -> None:
    assert fa16_optimal.p_first_player == pytest.approx(0.547204540144, abs=5e-13)
    assert fa16_optimal.opening_move == 5
    always4 = np.full(FA16.shape, 4, np.int8)
    versus = compare(FA16, fa16_optimal.policy, always4)
    assert (versus.a_first, versus.b_first) == pytest.approx(
        (0.772137819071, 0.710798657156), abs=5e-13
    )
    assert versus.average == pytest.approx(0.741468238114, abs=5e-13)
    assert versus.average < 0.80  # optimal play is not the best way to beat always_roll(4)


def test_fa16_best_response_to_always4_figures() -> None:
    always4 = np.full(FA16.shape, 4, np.int8)
    reply, _ = best_response(FA16, always4, "always4")
    assert reply.opening_move == -1  # Pork Chop: four-sided dice hurt always_roll(4) more
    versus = compare(FA16, reply.policy, always4)
    assert (versus.a_first, versus.b_first) == pytest.approx(
        (0.943445968745, 0.916259457863), abs=5e-13
    )
    assert versus.average == pytest.approx(0.929852713304, abs=5e-13)


def test_su20_optimal_figures(su20_optimal) -> None:
    assert su20_optimal.p_first_player == pytest.approx(0.500515968974, abs=5e-13)
    assert su20_optimal.opening_move == 2  # |2 - 0| = 2: Feral Hogs bonus on the first turn


def test_61a_final_strategies_exact_win_rates() -> None:
    """The scores-only final_strategy of each 61A module, evaluated exactly over both seats."""
    from pigsolve.policies.hog.players import scores_table
    from pigsolve.solver.hog61a import fa16, su20

    versus4 = compare(
        FA16, scores_table(FA16, fa16.final_strategy), np.full(FA16.shape, 4, np.int8)
    )
    assert versus4.average == pytest.approx(0.915424945072, abs=5e-13)  # 61A asks for 0.80
    versus6 = compare(
        SU20, scores_table(SU20, su20.final_strategy), np.full(SU20.shape, 6, np.int8)
    )
    assert versus6.average == pytest.approx(0.860926157541, abs=5e-13)


def test_memory_needed_of_an_absurd_goal_is_a_number_not_an_overflow() -> None:
    from pigsolve.solver.games.hog import hog_rules
    from pigsolve.solver.hog.solve import memory_needed

    small, huge = memory_needed(hog_rules("fa16", 100)), memory_needed(hog_rules("fa16", 2**70))
    assert huge > 2**100 > small > 0
