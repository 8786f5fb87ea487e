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
    return rounds(goal, players, block)[total]


def rounds(goal: int, players: int, block: int) -> list[np.ndarray]:
    """Return :func:`block_orbits` of every block sum, by block sum."""
    count = block_counts(goal, block)
    flat = np.arange(count**players, dtype=np.int64)
    digits = np.stack(np.unravel_index(flat, (count,) * players), axis=-1)
    least = flat
    for r in range(1, players):  # the flat index of each rotation
        rotated = np.roll(digits, -r, axis=1)
        least = np.minimum(least, np.ravel_multi_index(rotated.T, (count,) * players))
    kept = digits[least == flat]
    sums = kept.sum(axis=1)
    return [kept[sums == total] for total in range(top_round(goal, players, block) + 1)]


def round_vectors(goal: int, players: int, block: int) -> np.ndarray:
    """Return how many score vectors each round's blocks hold, by block sum."""
    count = block_counts(goal, block)
    spans = np.minimum(block, goal - block * np.arange(count))
    vectors, sums = np.ones(1, np.int64), np.zeros(1, np.int64)
    for _ in range(players):
        vectors = np.multiply.outer(vectors, spans).ravel()
        sums = np.add.outer(sums, np.arange(count)).ravel()
    return np.bincount(sums, weights=vectors).astype(np.int64)


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


def orbits_read(goal: int, block: int, blocks: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Return the block orbits (each by its least rotation) whose blocks the task of block orbit
    ``blocks`` reads: in each of its slabs, the blocks above its own mover's.

    >>> sorted(orbits_read(6, 2, (0, 1)))  # slabs (1,) mover 0 and (0,) mover 1
    [(0, 2), (1, 1), (1, 2)]
    """
    found = set()
    for others, mover in slabs_of(blocks):
        for above in range(mover + 1, block_counts(goal, block)):
            found.add(min(_rotations((*others, above))))
    return found


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
