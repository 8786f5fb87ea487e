"""The N-player solver's loop: blocks by block sum from the highest down, each by score sum.

:func:`solve_layers` fills the start-of-turn values of every score vector and collects the mixed
states; :func:`solver.pig.solve.solve` wraps them in a solution. The table is cut into blocks
(:mod:`solver.pig.blocks`); a round's block orbits are independent, and each is solved by one
thread (:func:`solve_block`), score sum by score sum: the rows a block reads then stay in the
processor's caches from one score sum to the next, where a whole layer's would not. An orbit's
values do not depend on the order: each orbit reads only higher score sums, so the table is the
one a layer at a time gives, bit for bit. The few orbits whose pure choices do not settle are
solved with mixed choices in :mod:`solver.pig.mixed`, before the block's next score sum reads
them.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.pig import blocks
from pigsolve.solver.pig.blocks import Lookup
from pigsolve.solver.results import Progress

BLOCK = 8
"""The edge of the in-memory solve's blocks: a block orbit's rows at goal 100 (four players:
4 slabs of 8^3 x 100 vectors, 13 MiB) stay in the caches; smaller blocks cost more calls."""
UNSETTLED_ROOM = 64
"""Unsettled orbits one score sum reports before it is solved again with more room."""

MixedRecord = tuple[tuple[int, ...], int, float]
"""A mixed state: the scores from the mover's seat, the turn total, the roll probability."""


def solve_layers(
    rules: PigRules, progress: Progress | None = None
) -> tuple[np.ndarray, list[MixedRecord], int, float]:
    """Return ``(values, mixed, num_iter, seconds)``: the equilibrium of ``rules``.

    ``values`` has shape ``(G**N, N)``, scores from the mover's seat in row-major order;
    ``mixed`` is in :func:`in_order`; ``num_iter`` is the most linear solves any orbit
    needed; ``seconds`` excludes compilation. Each of numba's threads solves block orbits.
    """
    import numba

    from pigsolve.solver.pig._kernels import indexing

    goal, players = rules.goal, rules.players
    if rules.resets:
        raise InvalidArgument(
            f"scores can fall to 0 in {rules.game}: the layers solve games without resets"
        )
    chances = roll_counts(rules)
    values = np.zeros((goal**players, players))
    warm_up(chances)
    start = time.perf_counter()
    lookup, edge = indexing.flat_rows(), min(BLOCK, goal)
    mixed: list[MixedRecord] = []
    num_iter, done, total = 0, 0, goal**players

    def solve(least: np.ndarray) -> tuple[int, list[MixedRecord]]:
        members = indexing.block_members(goal, edge, least)
        return solve_block(values, rules, members, chances, lookup)

    pool = ThreadPoolExecutor(numba.get_num_threads())
    try:
        sizes = blocks.round_vectors(goal, players, edge)
        for round_sum, tasks in reversed(list(enumerate(blocks.rounds(goal, players, edge)))):
            for most, found in pool.map(solve, tasks):
                num_iter = max(num_iter, most)
                mixed += found
            if progress is not None:
                done += int(sizes[round_sum])
                progress(done, total)
    finally:
        pool.shutdown(cancel_futures=True)
    seconds = time.perf_counter() - start
    return values, in_order(mixed, goal), num_iter, seconds


def solve_block(
    values: np.ndarray,
    rules: PigRules,
    members: np.ndarray,
    chances: tuple,
    lookup: Lookup,
) -> tuple[int, list[MixedRecord]]:
    """Solve the orbits of the canonical ``members`` (by score sum from the highest down, as
    :func:`solver.pig._kernels.indexing.block_members` gives them) into ``values``, on this
    thread; return the most linear solves an orbit needed and the mixed states.

    Only these orbits' rows are written; they read only higher score sums of ``values``, or
    their own, whose rows ``lookup`` finds (:func:`solver.pig.blocks.slab_lookup`, or the whole
    table: :func:`solver.pig._kernels.indexing.flat_rows`).
    """
    from pigsolve.solver.pig._kernels import orbits
    from pigsolve.solver.pig.mixed import solve_unsettled

    goal, players = rules.goal, rules.players
    sums = members.sum(axis=1)
    starts = np.concatenate([[0], np.flatnonzero(np.diff(sums)) + 1, [len(members)]])
    part, most, mixed, room = 0, 0, [], UNSETTLED_ROOM
    while part < len(starts) - 1:
        unsettled = np.zeros(2 + room, np.int64)
        after = orbits.solve_sums(values, lookup, goal, members, starts, part, chances, unsettled)
        most, failed = max(most, int(unsettled[0])), int(unsettled[1])
        if failed > room:  # solving the part again gives the same values
            part, room = after - 1, failed
            continue
        layer = int(sums[starts[after - 1]])
        for flat in np.sort(unsettled[2 : 2 + failed]):
            member = tuple(int(s) for s in np.unravel_index(flat, (goal,) * players))
            mixed += solve_unsettled(values, rules, member, layer, lookup, chances)
        part = after
    return most, mixed


def in_sub_blocks(members: np.ndarray, block: int, edge: int = BLOCK) -> np.ndarray:
    """Return the canonical ``members`` of a block orbit of edge ``block`` regrouped as the
    in-memory solve goes: by the orbits of sub-blocks (each block cut in equal parts of about
    ``edge`` scores), the highest sub-block sum first, each by score sum from the highest down.

    A score's sub-block never falls as the score rises, so an orbit still reads only orbits
    solved before it or its own; the rows one sub-block orbit reads stay in the caches.

    >>> in_sub_blocks(np.array([[1, 1, 1], [0, 0, 2], [0, 0, 0]]), 4, 2).tolist()
    [[0, 0, 2], [1, 1, 1], [0, 0, 0]]
    """
    parts = max(1, round(block / edge))
    scores = np.arange(int(members.max(initial=0)) + 1)
    sub_of = scores // block * parts + scores % block // -(-block // parts)
    subs = [sub_of[members[:, t]] for t in range(members.shape[1])]
    count, n = int(sub_of[-1]) + 1, len(subs)
    least = None  # the flat index of the sub-blocks' least rotation
    for r in range(n):
        flat = np.zeros(len(members), np.int64)
        for t in range(n):
            flat = flat * count + subs[(r + t) % n]
        least = flat if least is None else np.minimum(least, flat)
    key = (n * (count - 1) - sum(subs)) * count**n + least  # members come by score sum
    return members[np.argsort(key, kind="stable")]


def in_order(records: list[MixedRecord], goal: int) -> list[MixedRecord]:
    """Return mixed states by score sum from the highest down, then by their orbit's least
    rotation, an orbit's own in the order found: the order of every solve's table."""
    return sorted(records, key=lambda record: (-sum(record[0]), _member_row(record[0], goal)))


def _member_row(scores: tuple[int, ...], goal: int) -> int:
    """Return the row of the orbit's canonical member (its least rotation) of ``scores``.

    >>> _member_row((2, 0, 1), 3)  # (0, 1, 2): row 0 * 9 + 1 * 3 + 2
    5
    """
    n = len(scores)
    return min(sum(scores[(r + t) % n] * goal ** (n - 1 - t) for t in range(n)) for r in range(n))


def warm_up(chances: tuple | None = None) -> float:
    """Compile the kernels (or load them from numba's cache); return the seconds it took."""
    from pigsolve.solver.pig._kernels import indexing, orbits

    start = time.perf_counter()
    chances = roll_counts(PigRules(2)) if chances is None else chances
    members, starts = indexing.block_members(2, 2, np.zeros(2, np.int64)), np.array([0, 1])
    values, unsettled = np.zeros((4, 2)), np.zeros(2, np.int64)
    orbits.solve_sums(values, indexing.flat_rows(), 2, members, starts, 0, chances, unsettled)
    return time.perf_counter() - start
