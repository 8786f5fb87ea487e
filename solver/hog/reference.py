"""A pure-Python Hog solver from the exact chance outcomes: the tests' independent reference.

Slow (seconds at goal 40, about 35 s for fa16 at goal 100) and plain: one backward pass over
decreasing score sums taking each action's value from :func:`solver.hog.values.action_values`,
which reads :func:`solver.games.hog_dice.chance_outcomes`, never the compiled tables.
"""

from __future__ import annotations

import itertools

import numpy as np

from pigsolve.solver.games.hog import HogRules, HogState
from pigsolve.solver.hog.solve import TIE
from pigsolve.solver.hog.values import action_values


def reference_solve(rules: HogRules) -> tuple[np.ndarray, np.ndarray]:
    """Return the optimal win probabilities and numbers of dice (ties to the fewest dice)."""
    goal, shape = rules.goal, rules.shape
    v, policy = np.zeros(shape), np.zeros(shape, int)
    for total in range(2 * goal - 2, -1, -1):
        for s in range(max(0, total - goal + 1), min(total, goal - 1) + 1):
            for f, a, b in itertools.product(*(range(n) for n in shape[2:])):
                values = action_values(rules, v, HogState(s, total - s, bool(f), a, b))
                best = max(values.values())
                n = min(k for k, x in values.items() if x >= best - TIE)
                v[s, total - s, f, a, b], policy[s, total - s, f, a, b] = values[n], n
    return v, policy
