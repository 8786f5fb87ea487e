"""When the optimal Farkle player banks: the smallest turn total, by scores and dice left.

Before each roll the mover banks or rolls. For the scores ``(i, j)`` and ``n`` dice to roll the
optimal player banks from some turn total on; :func:`bank_thresholds` gives that total for every
own score against one opponent's score, as Neller & Busche draw it. Where it banks at a total
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
    """The optimal player's banking totals against ``opponent_score`` (points).

    ``totals[s, n - 1]`` is the smallest turn total (points) at which the mover with score
    ``scores[s]`` and ``n`` dice to roll banks, :data:`NEVER` where it only rolls;
    ``exceptions`` counts the cells where it rolls again at a higher total.
    """

    opponent_score: int
    scores: np.ndarray
    totals: np.ndarray
    exceptions: int


def bank_thresholds(solution: FarkleSolution, opponent_score: int = 0) -> BankThresholds:
    """Return the optimal player's banking totals for every own score from 0 to the goal
    against ``opponent_score``, both players with no farkle in a row.

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
    scores = np.arange(0, rules.goal, POINT_UNIT)
    totals = np.full((len(scores), rules.dice), NEVER)
    exceptions = 0
    for s, score in enumerate(scores):
        first = max(1, rules.least_bank(int(score)) // POINT_UNIT)
        state = (int(score), opponent_score)
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
    return BankThresholds(opponent_score, scores, totals, exceptions)
