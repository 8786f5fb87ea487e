"""The helpers both 61A rule sets share: strategy builders, averaging and strategy checks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

import numpy as np

from pigsolve.solver.games.hog import HogRules

Strategy = Callable[[int, int], int]


def always_roll(n: int) -> Strategy:
    """Return a strategy that always rolls N dice.

    >>> always_roll(5)(10, 20)
    5
    """

    def strategy(score: int, opponent_score: int) -> int:
        return n

    return strategy


def make_averaged(fn: Callable[..., float], num_samples: int = 1000) -> Callable[..., float]:
    """Return a function that returns the average of NUM_SAMPLES calls of FN on its arguments."""

    def averaged(*args: Any) -> float:
        return sum(fn(*args) for _ in range(num_samples)) / num_samples

    return averaged


def check_strategy_roll(score: int, opponent_score: int, num_rolls: Any, fewest: int) -> None:
    """Raise AssertionError naming the call unless NUM_ROLLS is an int in [FEWEST, 10]."""
    msg = f"strategy({score}, {opponent_score}) returned {num_rolls}"
    assert type(num_rolls) is int, msg + " (not an integer)"
    assert fewest <= num_rolls <= 10, msg + " (invalid number of rolls)"


def check_strategy(strategy: Strategy, goal: int, fewest: int) -> None:
    """Check STRATEGY(score, opponent_score) for every pair of scores below GOAL."""
    for score in range(goal):
        for opponent_score in range(goal):
            check_strategy_roll(score, opponent_score, strategy(score, opponent_score), fewest)


@cache
def scores_only_reply(rules: HogRules, baseline_rolls: int) -> np.ndarray:
    """Return a strong reply to ``always_roll(baseline_rolls)`` that sees only the two scores.

    A 61A strategy is called with the scores only: it cannot see the Pork Chop dice flag or the
    previous turn scores of Feral Hogs. With Pork Chop (fa16) the reply rolls -1 while its own
    score is 0 (a score never returns to 0, so this happens exactly once and the dice are
    four-sided from then on, as the baseline never rolls -1) and otherwise plays the exact best
    reply of the game on four-sided dice. Without Pork Chop (su20) it plays the exact best reply
    of the rules without Feral Hogs.

    Returns
    -------
    ndarray of int8, shape (G, G)
        ``[score, opponent_score]``: the number of dice.
    """
    from pigsolve.solver.hog.solve import best_response

    if rules.alt_sides is None:
        simple = replace(rules, feral_hogs=False)
    else:
        simple = replace(rules, die_sides=rules.alt_sides, alt_sides=None, feral_hogs=False)
    baseline = np.full(simple.shape, baseline_rolls, np.int8)
    reply, _ = best_response(simple, baseline, f"always{baseline_rolls}")
    table = reply.policy[:, :, 0, 0, 0].copy()
    if rules.alt_sides is not None:
        table[0, :] = -1
    return table
