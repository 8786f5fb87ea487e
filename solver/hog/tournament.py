"""CS 61A's Hog contest computed exactly: every pair of fixed players' win rates.

An entry of the contest is a function of the two scores, tabulated as a number of dice for
every pair of scores (or for every state, :attr:`solver.games.hog.HogRules.shape`). Each pair
is one backward pass of the exact comparison, which gives both seatings at once; the pairs are
evaluated in parallel by one compiled call (:func:`solver.hog.evaluate.win_rates`). The ranking
by CS 61A's rule is the same for every family
(:mod:`solver.tournament`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pigsolve.solver.games.hog import HogRules
from pigsolve.solver.results import Progress


def full_policy(rules: HogRules, table: np.ndarray) -> np.ndarray:
    """Return ``table`` (dice for every pair of scores, or for every state) over every state
    of ``rules``."""
    table = np.asarray(table)
    if table.shape == (rules.goal, rules.goal):
        table = table[:, :, None, None, None]
    return np.broadcast_to(table, rules.shape)


def win_rates(
    rules: HogRules, tables: Sequence[np.ndarray], progress: Progress | None = None
) -> np.ndarray:
    """Return every entry's exact chance of beating every other, on a coin toss for the first
    move, calling ``progress(pairs done, pairs)`` as pairs are done.

    Returns
    -------
    rates : ndarray(float64, shape=(N, N))
        ``rates[i, j]``: the chance that ``tables[i]`` beats ``tables[j]``, the mean of moving
        first and moving second (a game that never ends, both stalling, is won by neither);
        nan on the diagonal.
    """
    from pigsolve.solver.hog.evaluate import win_rates as field_rates

    return field_rates(rules, [full_policy(rules, table) for table in tables], progress)
