"""Plain value iteration over every state of Pig, any number of players: the tests' cross-check.

Slow and obviously correct: it sweeps the whole table ``P[s, k]`` (every player's win
probability, scores from the mover's seat, ``k`` the turn total) until no value moves by more
than ``tolerance``, each mover choosing the action better for itself (ties hold within
:data:`solver.pig.tolerances.TIE`).
It knows the roll only through :func:`solver.games.pig.roll_counts` (gains counted in sides,
a pig, a reset: the mover's score becomes 0 and the next player moves), so the fast solvers,
which specialise the same equations in numba, are checked against the rules themselves. Small
goals only. With three or more players it need not converge: where no pure equilibrium exists
the choices flip for ever, and it says so.
"""

from __future__ import annotations

import itertools

import numpy as np

from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.pig.tolerances import TIE


def value_iteration(
    rules: PigRules, tolerance: float = 1e-14, max_sweeps: int = 20_000, full: bool = False
) -> np.ndarray:
    """Return the start-of-turn values ``(G,) * N + (N,)``, or with ``full`` every turn total's
    ``(G,) * N + (G, N)`` (1 for the mover where its score and turn total reach the goal);
    raise PigsolveError if the sweeps do not settle.

    >>> round(float(value_iteration(PigRules(goal=2, die_sides=2))[0, 0, 0]), 6)
    0.666667
    """
    goal, n = rules.goal, rules.players
    gains, counts, pigs, resets, size = roll_counts(rules)
    scores = np.array(list(itertools.product(range(goal), repeat=n)))
    strides = goal ** np.arange(n - 1, -1, -1)
    pig_index = np.roll(scores, -1, axis=1) @ strides
    reset_index = pig_index - scores[:, 0]  # the mover's score, last in the next frame, is 0
    width = goal + int(gains.max())
    p = np.zeros((len(scores), width, n))
    won = scores[:, :1] + np.arange(width) >= goal  # (states, width)
    p[won, 0] = 1.0
    win = np.eye(n)[0]
    for _ in range(max_sweeps):
        change = 0.0
        for k in range(goal - 1, -1, -1):
            live = ~won[:, k]
            pig = np.roll(p[pig_index, 0], 1, axis=1)
            reset = np.roll(p[reset_index, 0], 1, axis=1)
            chosen = (
                pigs * pig + resets * reset + (counts[:, None] * p[:, k + gains]).sum(axis=1)
            ) / size
            if k >= 1:
                banked = scores[:, 0] + k
                following = np.roll(scores, -1, axis=1)
                following[:, -1] = np.minimum(banked, goal - 1)
                hold = np.where(
                    (banked >= goal)[:, None], win, np.roll(p[following @ strides, 0], 1, axis=1)
                )
                chosen = np.where((chosen[:, 0] > hold[:, 0] + TIE)[:, None], chosen, hold)
            change = max(change, float(np.abs(chosen[live] - p[live, k]).max(initial=0.0)))
            p[live, k] = chosen[live]
        if change <= tolerance:
            if full:
                return p[:, :goal].reshape((goal,) * n + (goal, n))
            return p[:, 0].reshape((goal,) * n + (n,))
    raise PigsolveError(
        f"value iteration did not settle in {max_sweeps} sweeps (largest change {change:.2g})"
    )
