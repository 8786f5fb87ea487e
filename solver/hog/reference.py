"""A pure-Python Hog solver from the exact chance outcomes: the tests' independent reference.

Slow (seconds at goal 30, about a minute for fa16 at goal 100) and plain: Gauss-Seidel value
iteration over every state, highest score sum and then highest mover's score first, each
action's value from :func:`solver.hog.values.action_values`, which reads
:func:`solver.games.hog_dice.chance_outcomes`, never the compiled tables. Sweeps go on until no
value moves by more than ``tolerance``: one sweep is exact where every turn scores, a few more
settle 0-point turns.
"""

from __future__ import annotations

import itertools

import numpy as np

from pigsolve.solver.games.hog import HogRules, HogState, zero_dice
from pigsolve.solver.hog.solve import TIE
from pigsolve.solver.hog.values import action_values


def reference_solve(
    rules: HogRules, tolerance: float = 1e-15, max_sweeps: int = 50
) -> tuple[np.ndarray, np.ndarray]:
    """Return the optimal win probabilities and numbers of dice (ties to the fewest dice; zero
    dice scoring 0 only when better by more than :data:`TIE`)."""
    goal, shape = rules.goal, rules.shape
    v, policy = np.zeros(shape), np.zeros(shape, int)
    order = [
        (s, total - s)
        for total in range(2 * goal - 2, -1, -1)
        for s in range(min(total, goal - 1), max(0, total - goal + 1) - 1, -1)
    ]
    for _ in range(max_sweeps):
        moved = 0.0
        for s, o in order:
            for f, a, b in itertools.product(*(range(n) for n in shape[2:])):
                values = action_values(rules, v, HogState(s, o, bool(f), a, b))
                if zero_dice(rules, s, o) == 0 and rules.scores is not None:
                    stall = values.pop(0)
                    best = max(values.values())
                    if stall > best + TIE:
                        values = {0: stall}
                best = max(values.values())
                n = min(k for k, x in values.items() if x >= best - TIE)
                moved = max(moved, abs(values[n] - v[s, o, f, a, b]))
                v[s, o, f, a, b], policy[s, o, f, a, b] = values[n], n
        if moved <= tolerance:
            return v, policy
    raise ArithmeticError(f"no convergence in {max_sweeps} sweeps (last change {moved:.3g})")
