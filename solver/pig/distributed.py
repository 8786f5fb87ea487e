"""Pig's N-player layers solved on a Dask cluster into a Zarr store (:mod:`solver.pig.store`).

Layer by layer from the highest score sum down, as :func:`solver.pig.layers.solve_layers` does
in memory. A layer's work items (:func:`solver.pig._kernels.indexing.first_of_item`) are dealt
to ``T`` solve tasks, task ``t`` taking items ``t, t + T, ...``. A solve task holds the window
of the layers its orbits reach (a hold banks at most ``G - 1`` points: the ``G - 1`` layers
above, and its own), compact, which its worker process keeps from layer to layer
(:func:`window_of`); it solves its orbits with the in-memory kernel, told how to find a row in
the window (:func:`solver.pig.layers.solve_layer_part`, :func:`solver.pig.windows.window`), and
returns their values cut by the shards of the layer's array, with its mixed states. One write
task per shard gathers that shard's rows from every solve task and writes it whole. Once every
shard is written the client records the layer's mixed states and counts the layer finished
(:func:`solver.pig.store.record_layer`); the next layer starts then.

A task reads only finished layers and writes only whole shards of the unfinished one, so a task
that Dask runs again (its worker died) gives the same values, and a stopped client leaves a
store that resumes from its last finished layer.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Any

import numpy as np

from pigsolve.solver import cluster, layer_store
from pigsolve.solver.cluster import Hook
from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.pig import store
from pigsolve.solver.pig.layers import PARALLEL_VECTORS, solve_layer_part
from pigsolve.solver.pig.windows import Lookup, layer_sizes, window
from pigsolve.solver.results import Progress

VECTORS_PER_TASK = 2**17
"""A layer is cut into solve tasks of about this many score vectors, and at least one a worker
once it has :data:`solver.pig.layers.PARALLEL_VECTORS`."""

LAYER_SECONDS = 0.16
"""What a layer costs beyond its work: its tasks' round trips, the store's metadata, the layer
read into each window (4 players at goal 50, 197 layers, in 40 s on a local cluster of 2
workers, 2026-11-25, the machine shared)."""
WINDOW_COST = 2.3
"""A window's orbit takes this many times the in-memory one's work: its holds' rows are found
by rank and copied (4 players at goal 40, one thread, 4.3 s of CPU against 1.8 s)."""
THREADS_MEASURED = 2
"""The threads the in-memory figures of :data:`solver.durations.PIG_SECONDS` were measured on."""

_WINDOW: dict[str, tuple[tuple[str, ...], int, np.ndarray, np.ndarray]] = {}
"""The window a worker process holds (:func:`window_of`): its store, its layer, the buffer and
the layers' bounds. A finished layer never changes, and the next layer's tasks read most of
them again."""
_KERNEL = threading.Lock()
"""One solve at a time in a worker process: its threads share numba's thread pool and
:data:`_WINDOW`."""


def store_sizes(rules: PigRules) -> tuple[int, int]:
    """Return the bytes a store of ``rules`` takes on disk and a worker holds at its peak.

    A worker holds its window (:func:`window_of`: ``G`` layers, 8 bytes a number) and at most a
    layer's solved rows with their places (8 bytes more a vector) until they are written; the
    disk holds every start value (8 bytes a number).
    """
    from pigsolve.solver.pig.solve import RUNTIME_BYTES

    n = rules.players
    widest = int(layer_sizes(rules.goal, n).max())
    worker = 8 * n * window_rows(rules) + (8 * n + 8) * widest + RUNTIME_BYTES
    return 8 * n * rules.goal**n, worker


def store_seconds(rules: PigRules, workers: int) -> float:
    """Return the seconds a store of ``rules`` takes on ``workers`` worker processes of this
    machine's speed: the in-memory solve's work spread over them, and each layer's cost."""
    from pigsolve.solver.durations import PIG_SECONDS, pig_work

    work = PIG_SECONDS["players"] * pig_work(rules) * THREADS_MEASURED * WINDOW_COST
    work /= max(workers, 1)
    return work + LAYER_SECONDS * (store.top_layer(rules) + 1)


def solve_to_store(
    rules: PigRules,
    url: str,
    client: Any,
    resume: bool = False,
    progress: Progress | None = None,
    hook: Hook | None = None,
    vectors_per_task: int = VECTORS_PER_TASK,
    chunk_rows: int = store.CHUNK_ROWS,
) -> float:
    """Solve ``rules`` into the store at ``url`` on ``client``'s cluster; return the seconds.

    A new store replaces any at ``url``; with ``resume`` the store there, for the same rules,
    is completed from its last finished layer. ``vectors_per_task`` sizes the solve tasks,
    ``chunk_rows`` the chunks of a new store's arrays (a write task each).
    """
    sizes, total = layer_sizes(rules.goal, rules.players), rules.goal**rules.players

    def solve_one(group: Any, layer: int) -> None:
        _solve_layer(group, rules, url, client, layer, int(sizes[layer]), vectors_per_task, hook)

    def advance(layer: int) -> None:
        if progress is not None:
            progress(int(sizes[layer:].sum()), total)

    return cluster.solve_layers(store, rules, url, resume, chunk_rows, solve_one, hook, advance)


def _solve_layer(
    group: Any,
    rules: PigRules,
    url: str,
    client: Any,
    layer: int,
    size: int,
    vectors_per_task: int,
    hook: Hook | None,
) -> None:
    """Solve ``layer`` on the cluster, write it and record it finished."""
    layer_store.layer_array(group, layer, size, rules.players)
    workers = cluster.worker_count(client) if size >= PARALLEL_VECTORS else 1
    tasks = min(rules.goal**2, max(-(-size // vectors_per_task), workers))
    chunks = -(-size // int(group.attrs["chunk_rows"]))
    found = cluster.solve_layer(client, url, layer, tasks, chunks, solve_task, write_task, hook)
    mixed = sorted(
        (record for report in found for record in report["mixed"]),
        key=lambda record: _member_row(record[0], rules.goal),
    )  # stable: each orbit's states stay in order, the orbits as the in-memory solve has them
    store.record_layer(group, rules, layer, mixed, max(report["num_iter"] for report in found))


def solve_task(url: str, layer: int, first: int, step: int) -> dict[str, Any]:
    """Solve the orbits of ``layer`` in the work items ``first, first + step, ...`` (a worker's
    task): return their values by chunk of the layer's array, the most linear solves an orbit
    needed and the mixed states. The task holds the window of the layers its holds reach
    (:func:`window_of`), not the table."""
    group, rules = store.open_store(url)
    with _KERNEL:
        values, lookup, bounds = window_of(group, url, rules, layer)
        own = values[bounds[-2] :]  # the layer solved here, the window's last
        own[:] = np.nan  # the orbits solved here are the rows it fills
        most, mixed, _ = solve_layer_part(
            values, rules, layer, roll_counts(rules), 1, first=first, step=step, lookup=lookup
        )
        mine = np.flatnonzero(~np.isnan(own[:, 0]))
        chunk_rows = int(group.attrs["chunk_rows"])
        parts = layer_store.parts_by_chunk(mine, own[mine], len(own), chunk_rows)
    return {"parts": parts, "num_iter": most, "mixed": mixed}


def window_of(
    group: Any, url: str, rules: PigRules, layer: int
) -> tuple[np.ndarray, Lookup, np.ndarray]:
    """Return the window of ``layer``'s solve: the finished layers its holds reach (the
    ``G - 1`` above) and its own, from the highest down (:func:`solver.pig.windows.window`),
    with its lookup and the layers' bounds.

    A worker process keeps one window (:data:`_WINDOW`): the next layer down drops the highest
    layer, moves the others up in place and reads only the layer finished since.
    """
    from zarr.core.buffer import default_buffer_prototype

    goal, n = rules.goal, rules.players
    top = store.top_layer(rules)
    stamp = layer_store.stamp(url, group)
    high = min(top, layer + goal - 1)
    lookup, bounds = window(goal, n, layer, high)
    kept = _WINDOW.get("window")
    if kept is None or kept[0] != stamp:
        _WINDOW.clear()  # another store's window goes first
        kept = (stamp, top + 1, np.empty((0, n)), np.zeros(1, np.int64))
    _, before, buffer, old = kept
    if len(buffer) < bounds[-1]:
        _WINDOW.clear()
        buffer = np.empty((window_rows(rules), n))
        before = top + 1
    if before == layer + 1 and before < top + 1:  # the layers above ``before`` are kept
        old_high = min(top, before + goal - 1)
        start, stop = old[old_high - high], old[old_high - before]  # layers high..before+1
        ctypes.memmove(buffer.ctypes.data, buffer[start:].ctypes.data, (stop - start) * 8 * n)
        fresh = range(before, layer, -1)
    elif before == layer:  # another task of the same layer
        fresh = range(0)
    else:
        fresh = range(high, layer, -1)
    for higher in fresh:
        d = high - higher
        block = buffer[bounds[d] : bounds[d + 1]]
        out = default_buffer_prototype().nd_buffer.from_numpy_array(block)  # read in place
        group[f"L{higher}/start_values"].get_basic_selection(slice(None), out=out)
    _WINDOW["window"] = (stamp, layer, buffer, bounds)
    return buffer[: bounds[-1]], lookup, bounds


def window_rows(rules: PigRules) -> int:
    """Return the most rows a solve task's window holds: ``G`` consecutive layers."""
    goal, n = rules.goal, rules.players
    return int(np.convolve(layer_sizes(goal, n), np.ones(goal, np.int64)).max())


def write_task(url: str, layer: int, chunk: int, *parts: tuple[np.ndarray, np.ndarray]) -> int:
    """Write chunk ``chunk`` of ``layer``'s array from every solve task's part of it (a worker's
    task); return the rows written (:func:`solver.layer_store.write_chunk`)."""
    group, rules = store.open_store(url, mode="r+")
    return layer_store.write_chunk(group, layer, chunk, rules.players, parts)


def _member_row(scores: tuple[int, ...], goal: int) -> int:
    """Return the row of the orbit's canonical member (its least rotation) of ``scores``.

    >>> _member_row((2, 0, 1), 3)  # (0, 1, 2): row 0 * 9 + 1 * 3 + 2
    5
    """
    n = len(scores)
    return min(sum(scores[(r + t) % n] * goal ** (n - 1 - t) for t in range(n)) for r in range(n))
