"""When the optimal Farkle player banks: the smallest turn total, by scores and dice left.

Before each roll the mover banks or rolls. For the scores ``(i, j)`` and ``n`` dice to roll the
optimal player banks from some turn total on; :func:`bank_thresholds` gives that total for every
own score against one opponent's score, as Neller & Busche draw it (with more players, that
opponent in one seat, the others at 0). Where it banks at a total
and then rolls again at a higher one (rare: near the goal, where rolling on can win outright),
the threshold is still the smallest banking total and the cell is counted in ``exceptions``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.games.farkle import POINT_UNIT

NEVER = -1
"""A threshold meaning the player never banks below the goal: it rolls on to win."""


@dataclass(frozen=True)
class BankThresholds:
    """The optimal player's banking totals against ``opponent_score`` (points), that opponent
    ``seat`` places after the mover (more players: the others at 0).

    ``totals[s, n - 1]`` is the smallest turn total (points) at which the mover with score
    ``scores[s]`` and ``n`` dice to roll banks, :data:`NEVER` where it only rolls;
    ``exceptions`` counts the cells where it rolls again at a higher total.
    """

    opponent_score: int
    scores: np.ndarray
    totals: np.ndarray
    exceptions: int
    seat: int = 1


def bank_thresholds(
    solution: FarkleSolution, opponent_score: int = 0, seat: int = 1
) -> BankThresholds:
    """Return the optimal player's banking totals for every own score from 0 to the goal
    against ``opponent_score``, both players with no farkle in a row; with more players that
    opponent sits ``seat`` places after the mover (1: moves next), every other at 0.

    >>> from pigsolve.solver.farkle.solve import solve
    >>> from pigsolve.solver.games.farkle import FarkleRules
    >>> found = bank_thresholds(solve(FarkleRules(dice=3, goal=1000)), 500)
    >>> int(found.totals[0, 2]), found.exceptions  # own score 0, three dice: bank from 550
    (550, 0)
    """
    rules = solution.rules
    if (
        not isinstance(opponent_score, int)
        or not 0 <= opponent_score < rules.goal
        or opponent_score % POINT_UNIT
    ):
        raise InvalidArgument(
            f"opponent_score must be a multiple of {POINT_UNIT} from 0 below the goal "
            f"{rules.goal}, got {opponent_score!r}",
            parameter="opponent_score",
        )
    if not isinstance(seat, int) or not 1 <= seat < rules.players:
        raise InvalidArgument(
            f"seat must be from 1 to {rules.players - 1}, got {seat!r}", parameter="seat"
        )
    others = [0] * (rules.players - 1)
    others[seat - 1] = opponent_score
    scores = np.arange(0, rules.goal, POINT_UNIT)
    totals = np.full((len(scores), rules.dice), NEVER)
    exceptions = 0
    for s, score in enumerate(scores):
        first = max(1, rules.least_bank(int(score)) // POINT_UNIT)
        state = (int(score), *others)
        rows = solution.turn_rows(state)
        value, roll = rows.value[first : rows.top, 1:], rows.roll[first : rows.top, 1:]
        banks = value > roll
        for t, n in zip(*np.nonzero(value == roll), strict=True):  # a tie banks if banking ties
            found = solution.action_values((state, int(first + t) * POINT_UNIT, int(n + 1)))
            banks[t, n] = found.get("bank", -1.0) >= found["roll"]
        for n in range(rules.dice):
            where = np.flatnonzero(banks[:, n])
            if len(where):
                totals[s, n] = (first + where[0]) * POINT_UNIT
                exceptions += int(not banks[where[0] :, n].all())
    return BankThresholds(opponent_score, scores, totals, exceptions, seat)
