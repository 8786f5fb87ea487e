"""The batched evaluator of threshold players equals the general one, candidate by candidate."""

from __future__ import annotations

import numpy as np
import pytest

from pigsolve.policies import make_player
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import big_pig, pass_the_pigs, two_dice
from pigsolve.solver.pig.evaluation.evaluate import compare
from pigsolve.solver.pig.evaluation.thresholds import first_mover_probabilities as batched
from pigsolve.solver.pig.solve import solve


def first_mover_probabilities(
    rules: PigRules, roll_a: np.ndarray, roll_b: np.ndarray
) -> tuple[float, float]:
    """Return (P(A wins | A starts), P(A wins | B starts)) from :func:`compare`."""
    result = compare(rules, roll_a, roll_b)
    return result.a_first, result.b_first


NAMES = [
    "hold1",
    "hold20",
    "hold99",
    "base-pace-race",
    "base-pace-race:24,47,72",
    "pace-race",
    "pace-race:3,1,5",
]


@pytest.mark.parametrize(
    ("rules", "opponent"),
    [
        (PigRules(30), "hold20"),
        (PigRules(30), "optimal"),
        (PigRules(40, 4), "optimal"),
        (PigRules(25, 3, piglet=True), "optimal"),
        (PigRules(20, 2), "pace-race"),
        (PigRules(30, outcomes=big_pig()), "optimal"),
        (PigRules(30, outcomes=two_dice()), "optimal"),
        (PigRules(30, outcomes=pass_the_pigs()), "hold20"),
    ],
    ids=["hold20", "optimal", "die4", "piglet", "coin", "big-pig", "two-dice", "pass-the-pigs"],
)
def test_each_candidate_as_the_general_evaluator_gives_it(rules, opponent) -> None:
    if opponent == "optimal":
        opponent_table = solve(rules).roll_array()[np.newaxis]
    else:
        opponent_table = make_player(rules, opponent).table(rules)
    players = [make_player(rules, name) for name in NAMES]
    goal = rules.goal
    t, i, j = np.zeros((1, 1), np.int64), np.arange(goal)[:, None], np.arange(goal)[None, :]
    hold = np.stack([np.broadcast_to(p.hold_at_grid(t, i, j, goal), (goal, goal)) for p in players])
    a_first, b_first = batched(rules, hold, opponent_table)
    for player, a, b in zip(players, a_first, b_first, strict=True):
        expected = first_mover_probabilities(rules, player.table(rules), opponent_table)
        assert (a, b) == pytest.approx(expected, abs=1e-12), player.name
