"""Pig's N-player table cut into blocks: what a store's task solves, and the few slabs it reads.

A block is a cube of score vectors, edge ``b`` in every score (the last block of a score may be
shorter). A hold raises the mover's score and passes the turn, a pig only passes it: from the
next mover's seat the others' scores come first, unchanged, and the mover's score last. So the
vectors a block's orbits reach lie in ``N`` *slabs*: every vector whose first ``N - 1`` scores lie
in one block of ``N - 1`` scores, the last score free. A block's own vectors, seen from each
seat, lie in the same slabs. Blocks are solved by their block sum (a *round*), the highest
first: what a block reaches outside its own rotations lies in blocks of a higher sum. The
rotations of a block (a *block orbit*) are one task. No numba here: the commands that read a
store import this module.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

Lookup = tuple[int, np.ndarray, np.ndarray]
"""How the kernels find a score vector's row: ``(block, slabs, starts)``
(:func:`solver.pig._kernels.indexing.row_of`, :func:`slab_lookup`)."""


def block_counts(goal: int, block: int) -> int:
    """Return how many blocks of edge ``block`` cut one score ``0..G-1``."""
    return -(-goal // block)


def top_round(goal: int, players: int, block: int) -> int:
    """Return the highest block sum, the first round: ``N (blocks - 1)``."""
    return players * (block_counts(goal, block) - 1)


def block_orbits(goal: int, players: int, block: int, total: int) -> np.ndarray:
    """Return the block orbits of block sum ``total``, each by its least rotation, in
    lexicographic order: ``(M, N)`` block indices.

    >>> block_orbits(4, 3, 2, 1).tolist()  # two blocks a score: (0,0,1) and its rotations
    [[0, 0, 1]]
    """
    count = block_counts(goal, block)
    found = [
        least
        for least in itertools.product(range(count), repeat=players)
        if sum(least) == total and least == min(_rotations(least))
    ]
    return np.array(found, np.int64).reshape(-1, players)


def _rotations(vector: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [vector[r:] + vector[:r] for r in range(len(vector))]


def slabs_of(blocks: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """Return the slabs the orbits of block ``blocks`` read and write, once each: for seat
    ``p``, the others' blocks from the next seat on, with the block of the mover's score
    (``B[p]``, the last score of the slab's vectors).

    >>> slabs_of((0, 1, 1))
    [((1, 1), 0), ((1, 0), 1), ((0, 1), 1)]
    """
    n, seen = len(blocks), {}
    for p in range(n):
        others = tuple(blocks[(p + 1 + t) % n] for t in range(n - 1))
        seen.setdefault(others, blocks[p])
    return list(seen.items())


def widths(goal: int, block: int, blocks: tuple[int, ...]) -> tuple[int, ...]:
    """Return the scores each of ``blocks`` spans (``block``, or fewer at the goal)."""
    return tuple(min(block, goal - block * c) for c in blocks)


def slab_rows(goal: int, block: int, others: tuple[int, ...]) -> int:
    """Return the rows of a slab: its others' vectors times the ``G`` scores of the mover."""
    return math.prod(widths(goal, block, others)) * goal


def slab_lookup(goal: int, block: int, slabs: list[tuple[int, ...]]) -> tuple[Lookup, np.ndarray]:
    """Return the lookup of values holding ``slabs`` one after the other
    (:func:`solver.pig._kernels.indexing.row_of`) and where each slab's rows begin and end.

    >>> lookup, bounds = slab_lookup(4, 2, [(0, 1), (1, 1)])
    >>> bounds.tolist()
    [0, 16, 32]
    """
    sizes = [slab_rows(goal, block, others) for others in slabs]
    bounds = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    table = np.array(slabs, np.int64).reshape(len(slabs), -1)
    return (block, table, bounds[:-1].copy()), bounds


def task_bytes(goal: int, players: int, block: int) -> int:
    """Return the most bytes a task holds: its ``N`` slabs (8 bytes a number), its blocks'
    copies as they are written and one block decoded."""
    edge = min(block, goal)
    slabs = players * edge ** (players - 1) * goal * players * 8
    return slabs + (players + 2) * edge**players * players * 8


def members(goal: int, block: int, blocks: tuple[int, ...]) -> np.ndarray:
    """Return the canonical members (least rotations) of every orbit with a vector in block
    ``blocks``, once each, by score sum from the highest down, then increasing: ``(M, N)``.

    >>> members(2, 1, (0, 1)).tolist()  # the orbit of (0, 1) and (1, 0)
    [[0, 1]]
    """
    n = len(blocks)
    spans = widths(goal, block, blocks)
    shaped = [
        np.arange(block * c, block * c + w, dtype=np.int64).reshape(
            [-1 if u == t else 1 for u in range(n)]
        )
        for t, (c, w) in enumerate(zip(blocks, spans, strict=True))
    ]
    least = None
    for r in range(n):  # the flat index of each rotation, the least kept
        flat = sum(shaped[u] * goal ** ((r - u - 1) % n) for u in range(n))
        least = flat if least is None else np.minimum(least, flat)
    found = np.unique(least)
    scores = np.stack(np.unravel_index(found, (goal,) * n), axis=-1).astype(np.int64)
    return scores[np.argsort(-scores.sum(axis=1), kind="stable")]
