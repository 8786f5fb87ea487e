"""The banking thresholds are the optimal player's own choices, state by state."""

from __future__ import annotations

import pytest

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.thresholds import NEVER, bank_thresholds
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules


@pytest.mark.parametrize(
    ("rules", "opponent"),
    [
        (FarkleRules(dice=3, goal=1000), 500),
        (FarkleRules(dice=4, goal=1000, min_bank=300), 0),  # rolls again above some thresholds
        (FarkleRules(dice=3, goal=1000, farkle_penalty=500), 300),
    ],
)
def test_thresholds_are_the_best_actions(rules: FarkleRules, opponent: int) -> None:
    solution = solve(rules, floor=-500)  # a floor matters only with the penalty
    found = bank_thresholds(solution, opponent)
    exceptions = 0
    for s, score in enumerate(found.scores):
        for n in range(1, rules.dice + 1):
            state = (int(score), opponent)
            banks = [
                t
                for t in range(POINT_UNIT, rules.goal - int(score), POINT_UNIT)
                if solution.best_action((state, t, n)) == "bank"
            ]
            assert found.totals[s, n - 1] == (banks[0] if banks else NEVER)
            top = range(banks[0], rules.goal - int(score), POINT_UNIT) if banks else []
            exceptions += banks != list(top)
    assert found.exceptions == exceptions
    assert (exceptions > 0) == (rules.min_bank > 0)


@pytest.mark.parametrize("opponent", [-50, 75, 1000, "0"])
def test_a_bad_opponent_score_is_one_line(opponent) -> None:
    solution = solve(FarkleRules(dice=2, goal=1000))
    with pytest.raises(InvalidArgument, match="opponent_score must be a multiple of 50"):
        bank_thresholds(solution, opponent)
