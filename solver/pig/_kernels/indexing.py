"""Numba kernels indexing the N-player table: score vectors, rows, orbits and layers.

``values`` is the flat start-of-turn table: row ``flat(s)`` holds, for the score vector ``s``
seen from the mover's seat (the mover's score first, then the others in the order they move
next), every player's win probability in the same order. ``flat(s) = sum(s[t] * G**(N-1-t))``.
An orbit is the set of rotations of a score vector (the same scores seen from each seat in
turn); its canonical member is the lexicographically least rotation. A layer is the set of
score vectors with one score sum.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit


@njit(cache=True)
def flat_index(scores, goal):  # pragma: no cover
    """Return the row of ``values`` that holds ``scores``."""
    index = 0
    for t in range(scores.shape[0]):
        index = index * goal + scores[t]
    return index


@njit(cache=True)
def decode(f, goal, scores):  # pragma: no cover
    """Write into ``scores`` the score vector of row ``f`` of ``values``."""
    for t in range(scores.shape[0] - 1, -1, -1):
        scores[t] = f % goal
        f //= goal


@njit(cache=True)
def rotate(scores, out):  # pragma: no cover
    """Write into ``out`` the scores seen from the next mover's seat."""
    n = scores.shape[0]
    for t in range(n - 1):
        out[t] = scores[t + 1]
    out[n - 1] = scores[0]


@njit(cache=True)
def orbit_of(scores, rotations):  # pragma: no cover
    """Fill ``rotations`` with the orbit of ``scores``; return its length, or 0 if not canonical.

    The canonical member is the lexicographically least rotation.
    """
    n = scores.shape[0]
    rotations[0, :] = scores
    length = n
    for p in range(1, n):
        rotate(rotations[p - 1], rotations[p])
        same = True
        for t in range(n):
            if rotations[p, t] != scores[t]:
                same = False
                if rotations[p, t] < scores[t]:
                    return 0
                break
        if same and length == n:
            length = p
            break
    return length


@njit(cache=True)
def layer(goal, n, total, out):  # pragma: no cover
    """Write into ``out`` the flat indices of every score vector summing to ``total``, in
    increasing order; return how many."""
    scores = np.zeros(n, np.int64)
    if not 0 <= total <= n * (goal - 1):
        return 0
    _lowest(goal, total, scores, 0)
    count = 0
    while True:
        out[count] = flat_index(scores, goal)
        count += 1
        t = n - 2  # raise the last score that can rise (the final one takes the rest)
        while t >= 0 and (scores[t] == goal - 1 or _rest(scores, t) == 0):
            t -= 1
        if t < 0:
            return count
        scores[t] += 1
        _lowest(goal, total, scores, t + 1)


@njit(cache=True)
def _rest(scores, t):  # pragma: no cover
    """Return the sum of the scores after position ``t``."""
    rest = 0
    for u in range(t + 1, scores.shape[0]):
        rest += scores[u]
    return rest


@njit(cache=True)
def _lowest(goal, total, scores, start):  # pragma: no cover
    """Set the scores from ``start`` on to the lowest that still sum to ``total``."""
    n = scores.shape[0]
    rest = total
    for u in range(start):
        rest -= scores[u]
    for u in range(start, n):
        scores[u] = max(0, rest - (n - 1 - u) * (goal - 1))
        rest -= scores[u]


@njit(cache=True, nogil=True)
def block_members(goal, block, blocks):  # pragma: no cover
    """Return the canonical members (least rotations) of every orbit with a vector in the
    block ``blocks`` (block indices, edge ``block``: :mod:`solver.pig.blocks`), once each, by
    score sum from the highest down: ``(M, N)``.

    An orbit is taken at its least vector inside the block, in the block's row-major order.
    """
    n = blocks.shape[0]
    lows = blocks * block
    spans = np.minimum(block, goal - lows)
    top = np.sum(lows + spans - 1)
    found = np.empty((np.prod(spans), n), np.int64)
    per_sum = np.zeros(top + 2, np.int64)
    scores = np.empty(n, np.int64)
    count = 0
    for c in range(found.shape[0]):
        rest = c
        for t in range(n - 1, -1, -1):
            scores[t] = lows[t] + rest % spans[t]
            rest //= spans[t]
        own = flat_index(scores, goal)
        least, first = own, True
        for r in range(1, n):
            row, inside = 0, True
            for t in range(n):
                score = scores[r + t - n if r + t >= n else r + t]
                row = row * goal + score
                inside = inside and lows[t] <= score < lows[t] + spans[t]
            least = min(least, row)
            first = first and not (inside and row < own)
        if first:
            decode(least, goal, found[count])
            per_sum[top - np.sum(scores) + 1] += 1
            count += 1
    starts = np.cumsum(per_sum)  # where each sum's members begin, the highest sum first
    members = np.empty((count, n), np.int64)
    for m in range(count):
        place = top - np.sum(found[m])
        members[starts[place]] = found[m]
        starts[place] += 1
    return members


@njit(cache=True)
def flat_rows():  # pragma: no cover
    """Return the lookup of :func:`row_of` for the whole table: rows ``flat(s)`` (one block,
    of edge 0: the whole goal)."""
    return 0, np.zeros((1, 1), np.int64), np.zeros(1, np.int64)


@njit(cache=True)
def row_of(scores, seat, banked, goal, lookup):  # pragma: no cover
    """Return the row of ``values`` holding the score vector ``scores`` seen from ``seat`` on
    (``scores[seat], ..., scores[seat - 1]``), ``scores[0]`` raised by ``banked``: seat 1 and
    the turn total banked give the vector after a hold, from the next mover's seat.

    ``lookup`` is ``(block, slabs, starts)`` (:func:`solver.pig.blocks.slab_lookup`): the
    values hold slabs, slab ``j`` every vector whose first ``N - 1`` scores lie in the block
    ``slabs[j]`` (edge ``block``; 0 for the whole goal), from row ``starts[j]`` on, in the
    order of their flat rows. So the vectors after the mover banks ``k = 0, 1, ...`` are
    consecutive rows. The whole table (:func:`flat_rows`) is one slab: row ``flat(s)``.
    """
    n = scores.shape[0]
    block, slabs, starts = lookup
    edge = goal if block == 0 else block
    for j in range(slabs.shape[0]):
        rank = 0
        for t in range(n - 1):
            u = seat + t - n if seat + t >= n else seat + t
            score = scores[u] + (banked if u == 0 else 0)
            low = slabs[j, t] * edge if block else 0
            if not low <= score < low + edge:
                rank = -1
                break
            rank = rank * min(edge, goal - low) + score - low
        if rank >= 0:
            u = seat - 1 if seat >= 1 else n - 1
            return starts[j] + rank * goal + scores[u] + (banked if u == 0 else 0)
    raise IndexError("a score vector outside the slabs held")
