"""Numba kernels rebuilding the N-player table's rows from its start-of-turn values: the
Bellman residual of every score vector and every mover's choices (for ``verify``, ``export``,
``plot`` and the equilibrium player)."""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit, prange
from pigsolve.solver.pig._kernels.indexing import decode, flat_index, flat_rows, row_of
from pigsolve.solver.pig._kernels.rows import GREEDY, greedy, rolling_on, row, start_vector


@njit(cache=True)
def rebuild_row(values, goal, chances, mixed, f, scores, roll, a, b, hold):  # pragma: no cover
    """Rebuild the mover's row of score vector ``f`` (decoded into ``scores``) by best replies.

    ``mixed`` is ``(sorted flat indices, turn totals, roll probabilities)`` of the mixed states.
    Returns ``(pig vector's row in values, mixed turn total or -1)``.
    """
    players = values.shape[1]
    decode(f, goal, scores)
    pig = 0
    for t in range(1, players):
        pig = pig * goal + scores[t]
    pig = pig * goal + scores[0]
    mix_k, mix_q = mixed_at(mixed, f)
    roll[:] = -1
    x = values[pig, players - 1]
    row(values, flat_rows(), goal, scores, x, chances, GREEDY, roll, mix_k, mix_q, a, b, hold)
    return pig, mix_k


@njit(cache=True)
def mixed_at(mixed, f):  # pragma: no cover
    """Return ``(turn total, roll probability)`` of the mixed state in row ``f``, or (-1, 0)."""
    mixed_index, mixed_k, mixed_q = mixed
    hit = np.searchsorted(mixed_index, f)
    if hit < mixed_index.shape[0] and mixed_index[hit] == f:
        return mixed_k[hit], mixed_q[hit]
    return -1, 0.0


@njit(cache=True, parallel=True)
def residuals(values, lookup, goal, chances, mixed, low, extent, own, out):  # pragma: no cover
    """Write into ``out[m]`` how far ``own[m]`` is from its vector rebuilt by best replies:
    ``own`` holds the start vectors of a box of score vectors (``low`` its least corner,
    ``extent`` its scores in each seat) in row-major order; the vectors a mover's holds reach
    are rows of ``values``, found by ``lookup`` (the whole table: ``own`` is ``values``).

    The mover's choices are made greedy at its stored value after a pig by :func:`greedy`
    (the stored coin at a mixed state), the vector then follows by :func:`start_vector`.
    """
    players = values.shape[1]
    after = values[:, players - 1]  # each mover's own value once it has banked (or pigged)
    chunks = 64
    for c in prange(chunks):
        p, mine, reach = np.empty(goal + 1), np.empty(goal + 1), np.empty(goal + 1)
        b0, scores = np.empty(players), np.empty(players, np.int64)
        rolling = rolling_on(goal, chances)
        for m in range(c, own.shape[0], chunks):
            rest = m
            for t in range(players - 1, -1, -1):
                scores[t] = low[t] + rest % extent[t]
                rest //= extent[t]
            pig = row_of(scores, 1, -scores[0], goal, lookup) + scores[0]  # + k: banks k
            mix_k, mix_q = mixed_at(mixed, flat_index(scores, goal))
            greedy(after, pig, 1, after[pig], goal - scores[0], mix_k, mix_q, chances, p, mine)
            a0 = start_vector(values, pig, goal - scores[0], chances, p, rolling, reach, b0)
            worst = 0.0
            for j in range(players):
                rebuilt = a0 * values[pig, (j - 1) % players] + b0[j]
                worst = max(worst, abs(rebuilt - own[m, j]))
            out[m] = worst


@njit(cache=True, parallel=True)
def choices(values, goal, chances, mixed, boundary, policy):  # pragma: no cover
    """Write every mover's hold boundary and, if ``policy`` has a row per score vector, its
    choices (0 hold, 1 roll, 2 mixed; 0 at and beyond the goal).

    ``boundary[f]``: the smallest ``k >= 1`` at which the mover does not surely roll, ``G - s0``
    if it rolls on to the goal.
    """
    players = values.shape[1]
    chunks = 64
    full = policy.shape[0] == values.shape[0]
    for c in prange(chunks):
        a, b = np.empty(goal + 1), np.empty((goal + 1, players))
        hold, roll = np.empty((3, players)), np.empty(goal + 1, np.int8)
        scores = np.empty(players, np.int64)
        for f in range(c, values.shape[0], chunks):
            _, mix_k = rebuild_row(values, goal, chances, mixed, f, scores, roll, a, b, hold)
            length = goal - scores[0]
            if mix_k >= 0:
                roll[mix_k] = 2
            boundary[f] = length
            for k in range(length - 1, 0, -1):
                if roll[k] != 1:
                    boundary[f] = k
            if full:
                policy[f, :] = 0
                policy[f, :length] = roll[:length]
