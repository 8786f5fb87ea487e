"""Monte Carlo games of Farkle against the exact evaluation, and the roll's outcomes."""

from __future__ import annotations

import numpy as np
import pytest

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.policy import guided, max_score, thresholds
from pigsolve.solver.farkle.simulate import simulate
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.turn import outcome_index, roll_code, turn
from pigsolve.solver.games.farkle import FarkleRules
from pigsolve.solver.games.farkle_scoring import rolls

GOAL_1000 = FarkleRules(goal=1000)
VARIANT = FarkleRules(goal=1000, min_bank=300, hot_dice=False)


@pytest.mark.parametrize("rules", [GOAL_1000, VARIANT, FarkleRules(dice=3, goal=500)])
def test_outcome_index_gives_the_turns_outcomes_with_their_ways(rules) -> None:
    arrays, index = turn(rules), outcome_index(rules)
    for n in range(1, rules.dice + 1):
        ways = np.zeros(arrays.ways.shape[1])
        farkles = 0
        for counts, count in rolls(n):
            k = index[roll_code(counts)]
            if k < 0:
                farkles += count
            else:
                ways[k] += count
        assert farkles == arrays.farkle_ways[n]
        assert np.array_equal(ways, arrays.ways[n])


@pytest.mark.slow
@pytest.mark.parametrize("rules", [GOAL_1000, VARIANT])
def test_simulation_agrees_with_the_exact_evaluation(rules) -> None:
    optimal = guided(rules, solve(rules).values)
    pairs = [
        (thresholds(rules, (300,)), optimal),
        (max_score(rules), thresholds(rules, (500, 400, 350, 300, 300, 250))),
    ]
    for seed, (a, b) in enumerate(pairs):
        result = simulate(rules, [a, b], 20_000, seed)
        assert result.a_first.games == result.b_first.games == 10_000
        for name, z in result.z_scores(result.exact).items():
            assert abs(z) < 4, (name, z, result)


def test_a_seed_gives_the_same_games() -> None:
    rules = GOAL_1000
    a, b = thresholds(rules, (300,)), max_score(rules)
    first = simulate(rules, [a, b], 9_000, 11, exact=False)
    again = simulate(rules, [a, b], 9_000, 11, exact=False)
    other = simulate(rules, [a, b], 9_000, 12, exact=False)
    assert (first.a_first, first.b_first, first.mean_turns) == (
        again.a_first,
        again.b_first,
        again.mean_turns,
    )
    assert first.mean_turns != other.mean_turns
    assert first.exact is None and first.seed == 11


def test_bad_requests_are_refused() -> None:
    rules = GOAL_1000
    a = thresholds(rules, (300,))
    with pytest.raises(InvalidArgument, match="games must be"):
        simulate(rules, [a, a], 0, 1)
    with pytest.raises(InvalidArgument, match="2 players"):
        simulate(rules, [a], 10, 1)
    with pytest.raises(InvalidArgument, match="seed"):
        simulate(rules, [a, a], 10, -1)


def test_bare_policies_under_the_penalty_are_played_step_by_step(monkeypatch) -> None:
    """The kernel counts no farkles in a row: with the penalty even two decision tables are
    played by the step-wise game, the exact figure of the penalty beside them."""
    from pigsolve.solver.farkle import _simulate_kernels

    monkeypatch.setattr(_simulate_kernels, "play_games", lambda *args: pytest.fail("kernel"))
    rules = FarkleRules(goal=500, farkle_penalty=500)
    result = simulate(rules, [thresholds(rules, (300,)), max_score(rules)], 20, seed=1)
    assert result.total.games == 20 and result.exact is not None
