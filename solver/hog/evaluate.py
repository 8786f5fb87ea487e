"""Exact evaluation of two fixed Hog policies: win probabilities and comparisons."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from pigsolve.solver import results
from pigsolve.solver.games.hog import HogRules
from pigsolve.solver.hog.solve import check_policy, sweep
from pigsolve.solver.results import Comparison


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


def round_robin(rules: HogRules, tables: Mapping[str, np.ndarray]) -> list[Comparison]:
    """Return every ordered pair of the named policy ``tables``, row by row (see
    :func:`solver.results.round_robin`)."""
    return results.round_robin(
        list(tables), lambda a, b: compare(rules, tables[a], tables[b], a, b)
    )
