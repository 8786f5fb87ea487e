"""A pure-Python value iteration over the rules' own outcomes: the tests' cross-check.

Slow and obviously correct: it knows the game only through :func:`solver.games.pig.roll_outcomes`,
so the fast solvers, which specialise the same equations in numba, are checked against the rules
themselves. Tiny goals only.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.games.pig import PIG, PigRules, roll_outcomes


def reference_solve(rules: PigRules, tolerance: float = 1e-13) -> np.ndarray:
    """Return ``P`` (shape ``(G, G, G)``, 1 where ``i + k >= G``) by plain value iteration."""
    goal = rules.goal
    outcomes = [(float(p), points) for p, points in roll_outcomes(rules)]

    def value(p: np.ndarray, i: int, j: int, k: int) -> float:
        return 1.0 if i + k >= goal else p[i, j, k]

    p = np.zeros((goal, goal, goal))
    change = 1.0
    while change >= tolerance:
        change = 0.0
        for i in range(goal):
            for j in range(goal):
                for k in range(goal):
                    if i + k >= goal:
                        p[i, j, k] = 1.0
                        continue
                    best = sum(
                        q * (1.0 - p[j, i, 0] if points == PIG else value(p, i, j, k + points))
                        for q, points in outcomes
                    )
                    if k >= 1:
                        best = max(best, 1.0 - p[j, i + k, 0])
                    change = max(change, abs(best - p[i, j, k]))
                    p[i, j, k] = best
    return p
