r"""A Farkle turn's chance and choices as arrays, in units of 50 points.

A roll of ``n`` dice (:func:`solver.games.farkle_scoring.rolls`) is a farkle or offers keeps
(:func:`solver.games.farkle_scoring.keeps`). A keep matters to the rest of the turn only through
two numbers: the dice left, ``n' = n - kept``, and its points. So each roll's keeps reduce to
an *option list*: for each ``n'`` that some keep leaves, the most points a keep leaving ``n'``
dice scores. Rolls with the same option list are one *outcome*, their chances summed.

Dominance
---------
Keeping fewer points for the same dice left is never better, because the mover's value
:math:`V_{ij}(t, n)` (scores ``i, j``, turn total ``t``, ``n`` dice to roll) is nondecreasing
in ``t``. Couple a turn at ``t`` with one at ``t' > t``: the second follows the first's
choices. Every roll then offers both the same keeps, a farkle ends both (worth the same), and
wherever the first may bank so may the second (``t' > t >= min_bank``), for more points; it
also reaches the goal no later, and then wins at once. Banking more is worth
:math:`1 - P(j, i + t') \ge 1 - P(j, i + t)` since a player is never worse off for the
opponent's having fewer points (the same coupling, applied to the opponent's game). So each
path of the coupled turns ends at least as well for the second, and its optimal value is at
least the first's. Keeps that leave different numbers of dice are not compared: fewer points
with more dice can be the better choice. The tests check the pruned choice against a value
iteration over every keep (``tests/solver/farkle/reference.py``).

Hot dice
--------
A keep of every die (``n' = 0``) rolls all :attr:`FarkleRules.dice` again with ``hot_dice``;
without it the turn must bank (``next_dice[0] = 0``), the minimum bank notwithstanding.

Arrays
------
For the numba kernels (:mod:`solver.farkle._kernels`), padded to the largest number of outcomes
``K``: ``ways[n, k]`` of the ``6**n`` ordered rolls of ``n`` dice give outcome ``k``
(``k < num_outcomes[n]``), ``points[n, k, n']`` is its most points (units) leaving ``n'`` dice,
-1 where no keep leaves ``n'``. Sums are taken in ways and divided by ``scale[n] = 6**n`` once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from pigsolve.solver.games.farkle import FACES, POINT_UNIT, FarkleRules, Scoring
from pigsolve.solver.games.farkle_scoring import Counts, keeps, rolls

Options = tuple[tuple[int, int], ...]
"""A roll's option list: ``(dice left, most points in units)``, fewest dice left first."""


def options(counts: Counts, scoring: Scoring) -> Options:
    """Return the option list of the roll ``counts``: for each number of dice a keep can
    leave, the most points (units) of a keep leaving that many; empty for a farkle.

    >>> options((1, 0, 0, 0, 2, 0), Scoring())  # 1-5-5: keep all (200), 1-5 (150) or 1 (100)
    ((0, 4), (1, 3), (2, 2))
    """
    size = sum(counts)
    best: dict[int, int] = {}
    for kept, points in keeps(counts, scoring):
        left = size - sum(kept)
        best[left] = max(best.get(left, 0), points // POINT_UNIT)
    return tuple(sorted(best.items()))


def outcomes(num_dice: int, scoring: Scoring) -> tuple[int, dict[Options, int]]:
    """Return the farkle ways of a roll of ``num_dice`` dice and its outcomes: each option list
    with the ways that give it (all ways sum to ``6**num_dice``).

    >>> farkles, found = outcomes(1, Scoring())
    >>> farkles, found
    (4, {((0, 2),): 1, ((0, 1),): 1})
    """
    farkles = 0
    found: dict[Options, int] = {}
    for counts, ways in rolls(num_dice):
        listed = options(counts, scoring)
        if listed:
            found[listed] = found.get(listed, 0) + ways
        else:
            farkles += ways
    return farkles, found


@dataclass(frozen=True, eq=False)
class Turn:
    """A turn's chance and choices as padded arrays (see the module docstring).

    Attributes
    ----------
    dice : int
        Dice in a full roll, ``D``.
    ways : ndarray(float64, (D + 1, K))
        Ordered rolls giving each outcome.
    points : ndarray(int64, (D + 1, K, D))
        Most points (units) of an outcome's keep leaving ``n'`` dice; -1 if none.
    num_outcomes : ndarray(int64, (D + 1,))
    farkle_ways : ndarray(float64, (D + 1,))
        Ordered rolls of ``n`` dice that farkle.
    scale : ndarray(float64, (D + 1,))
        ``6**n``, the ordered rolls of ``n`` dice.
    next_dice : ndarray(int64, (D,))
        Dice rolled next after a keep leaving ``n'``: ``n'``, or for ``n' = 0`` ``D`` with hot
        dice, else 0 (the turn must bank).
    """

    dice: int
    ways: np.ndarray
    points: np.ndarray
    num_outcomes: np.ndarray
    farkle_ways: np.ndarray
    scale: np.ndarray
    next_dice: np.ndarray

    @property
    def arrays(self) -> tuple[np.ndarray, ...]:
        """Return the arrays in the order the kernels take them."""
        return (
            self.ways,
            self.points,
            self.num_outcomes,
            self.farkle_ways,
            self.scale,
            self.next_dice,
        )


def turn(rules: FarkleRules) -> Turn:
    """Return the turn of ``rules`` as arrays.

    >>> t = turn(FarkleRules(dice=3))
    >>> t.num_outcomes.tolist(), t.farkle_ways.tolist(), t.next_dice.tolist()
    ([0, 2, 5, 13], [0.0, 4.0, 16.0, 60.0], [3, 1, 2])
    """
    return _turn(rules.dice, rules.scoring, rules.hot_dice)


def least_banks(rules: FarkleRules) -> tuple[int, int]:
    """Return ``(min_bank, entry)`` in units, as the kernels take them: the least turn total a
    player may bank, and the least before its first bank (:meth:`FarkleRules.least_bank`).

    >>> least_banks(FarkleRules(min_bank=300, entry=500)), least_banks(FarkleRules(min_bank=300))
    ((6, 10), (6, 6))
    """
    return rules.min_bank // POINT_UNIT, rules.least_bank(0) // POINT_UNIT


@cache
def _turn(dice: int, scoring: Scoring, hot_dice: bool) -> Turn:
    found = [outcomes(n, scoring) for n in range(dice + 1)]
    size = max(len(listed) for _, listed in found)
    ways = np.zeros((dice + 1, size))
    points = np.full((dice + 1, size, dice), -1, np.int64)
    num_outcomes = np.zeros(dice + 1, np.int64)
    farkle_ways = np.zeros(dice + 1)
    for n in range(1, dice + 1):
        farkles, listed = found[n]
        farkle_ways[n] = farkles
        num_outcomes[n] = len(listed)
        for k, (option_list, count) in enumerate(listed.items()):
            ways[n, k] = count
            for left, most in option_list:
                points[n, k, left] = most
    scale = np.array([float(FACES**n) for n in range(dice + 1)])
    next_dice = np.arange(dice, dtype=np.int64)
    next_dice[0] = dice if hot_dice else 0
    for array in (ways, points, num_outcomes, farkle_ways, scale, next_dice):
        array.flags.writeable = False
    return Turn(dice, ways, points, num_outcomes, farkle_ways, scale, next_dice)


# Rolls as outcomes ------------------------------------------------------------------------------


CODE_BASE = 7
"""A roll's counts ``c`` are coded as ``sum(c[f] * 7**f)`` (:func:`outcome_index`)."""


def roll_code(counts: tuple[int, ...]) -> int:
    """Return the code of a roll's counts (the index :func:`outcome_index` reads).

    >>> roll_code((1, 0, 0, 0, 2, 0))
    4803
    """
    return sum(c * CODE_BASE**f for f, c in enumerate(counts))


def outcome_index(rules: FarkleRules) -> np.ndarray:
    """Return ``index[code]``: the outcome ``k`` of :func:`solver.farkle.turn.turn` that a roll
    (coded by :func:`roll_code`) gives, -1 for a farkle."""
    return _outcome_index(rules.dice, rules.scoring)


@cache
def _outcome_index(dice: int, scoring: Scoring) -> np.ndarray:
    index = np.full(CODE_BASE**FACES, -1, np.int64)
    for n in range(1, dice + 1):
        _, found = outcomes(n, scoring)  # the order turn() numbers the outcomes in
        number = {listed: k for k, listed in enumerate(found)}
        for counts, _ in rolls(n):
            listed = options(counts, scoring)
            if listed:
                index[roll_code(counts)] = number[listed]
    index.flags.writeable = False
    return index
