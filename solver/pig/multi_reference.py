"""Plain value iteration over every state of N-player Pig: the cross-check of the layered solver.

Sweeps the whole table ``P[s, k]`` (every player's win probability, scores from the mover's
seat) until no value moves by more than ``tolerance``, each mover choosing the action better for
itself (ties hold within 1e-14). Only for small goals. With three or more players it need not
converge: where no pure equilibrium exists the choices flip for ever, and it says so.
"""

from __future__ import annotations

import itertools

import numpy as np

from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.tolerances import TIE


def value_iteration(
    rules: PigRules, tolerance: float = 1e-14, max_sweeps: int = 20_000
) -> np.ndarray:
    """Return the start-of-turn values ``(G,) * N + (N,)``; raise PigsolveError if unsettled."""
    goal, n = rules.goal, rules.players
    faces = np.array(rules.faces)
    gains = faces[faces != 0]
    num_pigs = len(faces) - len(gains)
    scores = np.array(list(itertools.product(range(goal), repeat=n)))
    strides = goal ** np.arange(n - 1, -1, -1)
    pig_index = np.roll(scores, -1, axis=1) @ strides
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
            chosen = (num_pigs * pig + p[:, k + gains].sum(axis=1)) / len(faces)
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
            return p[:, 0].reshape((goal,) * n + (n,))
    raise PigsolveError(
        f"value iteration did not settle in {max_sweeps} sweeps (largest change {change:.2g})"
    )
