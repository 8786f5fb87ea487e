"""Exact evaluation of two fixed Hog policies: win probabilities and comparisons."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from pigsolve.solver import results
from pigsolve.solver.games.hog import HogRules
from pigsolve.solver.hog.solve import TIE, check_policy, sweep
from pigsolve.solver.results import Comparison, Progress


def evaluate(
    rules: HogRules, policy_a: np.ndarray, policy_b: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return the mover's win probabilities when A plays ``policy_a`` and B ``policy_b``.

    Returns
    -------
    x_a, x_b : ndarray(float64, shape=rules.shape)
        ``x_a[x]``: the probability that A wins when A moves in state ``x``; ``x_b`` likewise
        for B.
    e_a, e_b : ndarray(float64, shape=rules.shape)
        The probability that the game never ends, A or B moving: 0 but where both players stall
        for ever (zero dice scoring 0, as Spring 2022's Hefty Hogs can); it has no winner.
    """
    policy_a, policy_b = check_policy(rules, policy_a), check_policy(rules, policy_b)
    x_a, x_b = np.zeros(rules.shape), np.zeros(rules.shape)
    e_a, e_b = np.zeros(rules.shape), np.zeros(rules.shape)
    sweep(rules, x_a, policy_a.copy(), True, x_b, policy_b.copy(), True, False, (e_a, e_b))
    return x_a, x_b, e_a, e_b


def compare(
    rules: HogRules, policy_a: np.ndarray, policy_b: np.ndarray, a: str = "A", b: str = "B"
) -> Comparison:
    """Return the exact probabilities that A beats B from 0-0, A first and B first."""
    x_a, x_b, _, e_b = evaluate(rules, policy_a, policy_b)
    start = (0, 0, 0, 0, 0)
    a_first, b_first = float(x_a[start]), 1.0 - float(x_b[start]) - float(e_b[start])
    return Comparison(a, b, rules.goal, rules.die_sides, a_first, b_first)


BATCH = 512
"""Pairs evaluated by one compiled call of :func:`win_rates` (between two progress reports)."""


def win_rates(
    rules: HogRules, tables: Sequence[np.ndarray], progress: Progress | None = None
) -> np.ndarray:
    """Return every policy's exact win rate against every other, who starts by a coin toss.

    ``rates[i, j]`` is the mean of ``tables[i]``'s chances to beat ``tables[j]`` moving first and
    moving second (a game that never ends is won by neither), ``nan`` on the diagonal: the same
    numbers as :func:`compare`'s coin toss, pairs in parallel by a compiled call a batch of
    :data:`BATCH` pairs, ``progress(pairs done, pairs)`` after each batch.
    """
    from pigsolve.solver.hog import _kernels as _hog_kernels
    from pigsolve.solver.hog.solve import can_stall, kernel_rules

    policies = np.stack([check_policy(rules, table) for table in tables])
    count = len(policies)
    pairs = np.array([(i, j) for i in range(count) for j in range(i + 1, count)], np.int64)
    pairs = pairs.reshape(-1, 2)
    out = np.zeros((len(pairs), 4))
    for start in range(0, len(pairs), BATCH):
        _hog_kernels.round_robin(
            *kernel_rules(rules),
            policies,
            pairs[start : start + BATCH],
            can_stall(rules),
            TIE,
            out[start : start + BATCH],
        )
        if progress is not None:
            progress(min(start + BATCH, len(pairs)), len(pairs))
    rates = np.full((count, count), np.nan)
    for (i, j), (v_a, e_a, v_b, e_b) in zip(pairs, out, strict=True):
        rates[i, j] = (v_a + (1.0 - v_b - e_b)) / 2
        rates[j, i] = (v_b + (1.0 - v_a - e_a)) / 2
    return rates


def round_robin(rules: HogRules, tables: Mapping[str, np.ndarray]) -> list[Comparison]:
    """Return every ordered pair of the named policy ``tables``, row by row (see
    :func:`solver.results.round_robin`)."""
    return results.round_robin(
        list(tables), lambda a, b: compare(rules, tables[a], tables[b], a, b)
    )
