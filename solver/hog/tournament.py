"""CS 61A's Hog contest computed exactly: every pair of fixed players' win rates.

An entry of the contest is a function of the two scores, tabulated as a number of dice for
every pair of scores (or for every state, :attr:`solver.games.hog.HogRules.shape`). Each pair
is one backward pass of the exact comparison (:func:`solver.hog.evaluate.compare`), which gives
both seatings at once. The ranking by CS 61A's rule is the same for every family
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
    move, calling ``progress(pairs done, pairs)`` after each pair.

    Returns
    -------
    rates : ndarray(float64, shape=(N, N))
        ``rates[i, j]``: the chance that ``tables[i]`` beats ``tables[j]``, the mean of moving
        first and moving second; ``rates[j, i] = 1 - rates[i, j]`` (every game ends with a
        winner); nan on the diagonal.
    """
    from pigsolve.solver.hog.evaluate import compare

    policies = [full_policy(rules, table) for table in tables]
    count = len(policies)
    rates = np.full((count, count), np.nan)
    pairs, done = count * (count - 1) // 2, 0
    for i in range(count):
        for j in range(i + 1, count):
            rates[i, j] = compare(rules, policies[i], policies[j]).average
            rates[j, i] = 1.0 - rates[i, j]
            done += 1
            if progress is not None:
                progress(done, pairs)
    return rates
