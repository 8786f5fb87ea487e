"""The layer loop of the N-player solver: score sums from the highest down, orbit by orbit.

:func:`solve_layers` fills the start-of-turn values of every score vector and collects the mixed
states; :func:`solver.pig.solve.solve` wraps them in a solution. Each layer is one call of
:func:`solver.pig._kernels.orbits.solve_layer`, which enumerates and solves its orbits on every
thread; the few orbits whose pure choices do not settle are then solved with mixed choices in
:mod:`solver.pig.mixed`, before the next layer reads them.
"""

from __future__ import annotations

import time

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.pig.blocks import Lookup
from pigsolve.solver.results import Progress

PARALLEL_VECTORS = 16384
"""Layers with fewer score vectors are solved on one thread: waking the others costs more."""
CHUNKS_PER_THREAD = 8
"""A larger layer is cut into this many chunks per thread, which the threads take as they
become free: on a shared machine a thread that the system holds back delays the layer less."""
UNSETTLED_ROOM = 64
"""Unsettled orbits one thread reports per layer before the layer is solved again with more room."""

MixedRecord = tuple[tuple[int, ...], int, float]
"""A mixed state: the scores from the mover's seat, the turn total, the roll probability."""


def solve_layers(
    rules: PigRules, progress: Progress | None = None
) -> tuple[np.ndarray, list[MixedRecord], int, float]:
    """Return ``(values, mixed, num_iter, seconds)``: the equilibrium of ``rules``, by layers.

    ``values`` has shape ``(G**N, N)``, scores from the mover's seat in row-major order;
    ``num_iter`` is the most linear solves any orbit needed; ``seconds`` excludes compilation.
    """
    import numba

    goal, players = rules.goal, rules.players
    if rules.resets:
        raise InvalidArgument(
            f"scores can fall to 0 in {rules.game}: the layers solve games without resets"
        )
    chances = roll_counts(rules)
    values = np.zeros((goal**players, players))
    warm_up(chances)
    start = time.perf_counter()
    mixed: list[MixedRecord] = []
    num_iter, room, threads = 0, UNSETTLED_ROOM, numba.get_num_threads()
    sizes = layer_sizes(goal, players)
    done, total = 0, goal**players
    for layer in range(players * (goal - 1), -1, -1):
        size = int(sizes[layer])
        chunks = CHUNKS_PER_THREAD * threads if size >= PARALLEL_VECTORS else 1
        most, found, room = solve_layer_part(values, rules, layer, chances, chunks, room)
        num_iter = max(num_iter, most)
        mixed += found
        if progress is not None:
            done += size
            progress(done, total)
    seconds = time.perf_counter() - start
    return values, mixed, num_iter, seconds


def solve_layer_part(
    values: np.ndarray,
    rules: PigRules,
    layer: int,
    chances: tuple,
    chunks: int,
    room: int = UNSETTLED_ROOM,
    lookup: Lookup | None = None,
    members: np.ndarray | None = None,
) -> tuple[int, list[MixedRecord], int]:
    """Solve the orbits of ``layer`` whose canonical members are ``members`` (every orbit of
    the layer: the default) into ``values``, on ``chunks`` parallel strides; return the most
    linear solves an orbit needed, the mixed states (by the orbits' canonical members) and the
    room for unsettled orbits that sufficed (the next layer's start).

    Only these orbits' rows are written; they read only the higher layers of ``values``,
    whose rows ``lookup`` finds (:func:`solver.pig.blocks.slab_lookup`; the whole table by
    default).
    """
    import numba

    from pigsolve.solver.pig._kernels import indexing, orbits
    from pigsolve.solver.pig.mixed import solve_unsettled

    goal, players = rules.goal, rules.players
    lookup = indexing.flat_rows() if lookup is None else lookup
    if members is None:
        members = orbits.layer_members(goal, players, layer)
    while True:  # solving a layer again gives the same values: it reads only higher ones
        unsettled = np.zeros((chunks, 2 + room), np.int64)
        with numba.parallel_chunksize(1):
            orbits.solve_members(values, lookup, goal, members, chances, chunks, unsettled)
        if unsettled[:, 1].max() <= room:
            break
        room = int(unsettled[:, 1].max())
    found = np.sort(np.concatenate([row[2 : 2 + row[1]] for row in unsettled]))
    mixed: list[MixedRecord] = []
    for member in zip(*np.unravel_index(found, (goal,) * players), strict=True):
        mixed += solve_unsettled(values, rules, tuple(int(s) for s in member), layer, lookup)
    return int(unsettled[:, 0].max()), mixed, room


def layer_sizes(goal: int, players: int) -> np.ndarray:
    """Return how many score vectors (0..G-1 each) sum to each total 0..N(G-1).

    >>> layer_sizes(3, 2).tolist()
    [1, 2, 3, 2, 1]
    """
    ways = np.ones(1, np.int64)
    for _ in range(players):
        ways = np.convolve(ways, np.ones(goal, np.int64))
    return ways


def warm_up(chances: tuple | None = None) -> float:
    """Compile the kernels (or load them from numba's cache); return the seconds it took."""
    from pigsolve.solver.pig._kernels import indexing, orbits

    start = time.perf_counter()
    chances = roll_counts(PigRules(2)) if chances is None else chances
    unsettled = np.zeros((1, 2), np.int64)
    members = orbits.layer_members(2, 2, 1)
    orbits.solve_members(np.zeros((4, 2)), indexing.flat_rows(), 2, members, chances, 1, unsettled)
    return time.perf_counter() - start
