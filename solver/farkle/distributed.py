"""Farkle's layers of three players or more on a Dask cluster, into a Zarr store.

Layer by layer from the highest score sum down, as :func:`solver.farkle.players.solve_players`
does in memory, mapped onto the cluster by :func:`solver.cluster.solve_layer`: a layer's orbits
(by their least flat index, increasing) are dealt to ``T`` solve tasks, task ``t`` taking
orbits ``t, t + T, ...``. A task solves its orbits with the in-memory kernel
(:func:`solver.farkle._orbit_kernels.solve_layers`; an orbit whose policies cycle is mixed as
in memory, :mod:`solver.farkle.mixed`) and returns its rows cut by the layer's chunks, with its
coins, its orbits' most steps and their largest residual.

A bank reaches any higher layer up to ``G - 1`` above, and with three players ``G`` layers are
most of the table, so a worker process keeps the whole table (:func:`table_of`: ``8 N G**N``
bytes, 183 MiB at goal 10,000), reading each layer once, as it is finished. Farkle is bound by
its turns' work, not its memory: a layer's bytes are its start values, read once by each worker
and written once.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

import numpy as np

from pigsolve.solver import cluster, layer_store
from pigsolve.solver.cluster import Hook
from pigsolve.solver.farkle import store
from pigsolve.solver.farkle.last_round_three import orbit_banks
from pigsolve.solver.games.farkle import FarkleRules
from pigsolve.solver.results import Progress

ORBITS_PER_TASK = 2_000
"""A layer is cut into solve tasks of at most this many orbits, and at least one a worker."""
LAYER_SECONDS = 0.2
"""What a layer costs beyond its work: its tasks' round trips, the store's metadata."""

_TABLE: dict[str, tuple[tuple[str, ...], int, np.ndarray]] = {}
"""The table a worker process holds (:func:`table_of`): its store, the lowest layer read into
it, and the values."""
_KERNEL = threading.Lock()
"""One solve at a time in a worker process: its threads share numba's pool and :data:`_TABLE`."""


def store_sizes(rules: FarkleRules, worker_memory: int = 0, workers: int = 1) -> tuple[int, int]:
    """Return the bytes a store of ``rules`` takes on disk and a worker holds at its peak: the
    table, and what the in-memory solve needs beside it (:func:`solver.farkle.states.
    memory_needed`), whatever the workers (``worker_memory``, ``workers``: not a choice here)."""
    from pigsolve.solver.farkle.states import memory_needed

    return 8 * rules.players * store.units(rules) ** rules.players, memory_needed(rules)


def store_seconds(rules: FarkleRules, workers: int, worker_memory: int = 0) -> float:
    """Return the seconds a store of ``rules`` takes on ``workers`` worker processes of one
    thread at this machine's speed (whatever their ``worker_memory``): the in-memory solve's
    work (on 2 threads) spread over them, and each layer's cost."""
    from pigsolve.solver.farkle.solve import solve_seconds

    return solve_seconds(rules) * 2 / max(workers, 1) + LAYER_SECONDS * (store.top_layer(rules) + 1)


def solve_to_store(
    rules: FarkleRules,
    url: str,
    client: Any,
    resume: bool = False,
    progress: Progress | None = None,
    worker_memory: int | None = None,
    hook: Hook | None = None,
    orbits_per_task: int = ORBITS_PER_TASK,
    chunk_rows: int = store.CHUNK_ROWS,
) -> float:
    """Solve ``rules`` into the store at ``url`` on ``client``'s cluster; return the seconds.

    A new store replaces any at ``url``; with ``resume`` the store there, for the same rules,
    is completed from its last finished layer. ``orbits_per_task`` sizes the solve tasks,
    ``chunk_rows`` the chunks of a new store's arrays (a write task each); a worker holds the
    table whatever its ``worker_memory``.
    """
    goal, players, top = store.units(rules), rules.players, store.top_layer(rules)
    _, bounds = orbits_of(goal, players)

    def solve_one(group: Any, layer: int) -> None:
        orbits = int(bounds[top - layer + 1] - bounds[top - layer])
        size = len(store.layer_rows(rules, layer))
        layer_store.layer_array(group, layer, size, players)
        tasks = min(orbits, max(-(-orbits // orbits_per_task), cluster.worker_count(client)))
        chunks = -(-size // int(group.attrs["chunk_rows"]))
        found = cluster.solve_layer(client, url, layer, tasks, chunks, solve_task, write_task, hook)
        placed = sorted((c for report in found for c in report["coins"]), key=lambda c: c[0])
        coins = [coin for _, coin in placed]  # stable: an orbit's coins keep their order
        steps = max(report["steps"] for report in found)
        residual = max(report["residual"] for report in found)
        store.record_layer(group, rules, layer, coins, steps, residual)

    def advance(layer: int) -> None:
        if progress is not None:
            progress(int(bounds[top - layer + 1]), int(bounds[-1]))

    return cluster.solve_layers(store, rules, url, resume, chunk_rows, solve_one, hook, advance)


def solve_task(url: str, layer: int, first: int, step: int) -> dict[str, Any]:
    """Solve the orbits ``first, first + step, ...`` of ``layer`` (a worker's task): return
    their rows by chunk of the layer's array (``parts``), their coins (each after its orbit's
    place in the layer), the most steps an orbit that settled took and the largest residual."""
    from pigsolve.solver.farkle import _orbit_kernels
    from pigsolve.solver.farkle.mixed import OrbitTurns
    from pigsolve.solver.farkle.players import canonical, mix

    group, rules = store.open_store(url)
    goal, players, (banks, arrays) = store.units(rules), rules.players, orbit_banks(rules)
    with _KERNEL:
        values = table_of(group, url, rules, layer)
        everything, bounds = orbits_of(goal, players)
        place = store.top_layer(rules) - layer
        layer_orbits = everything[bounds[place] : bounds[place + 1]]
        orbits = layer_orbits[first::step]
        steps, residuals = np.zeros(len(orbits), np.int64), np.zeros(len(orbits))
        _orbit_kernels.solve_layers(
            values, goal, orbits, np.array([0, len(orbits)]), 0, 0, *banks,
            *arrays, steps, residuals,
        )  # fmt: skip
        coins = []
        for k in np.flatnonzero(residuals > _orbit_kernels.ROUNDING):
            residuals[k], found = mix(OrbitTurns(values, goal, int(orbits[k]), banks, arrays))
            steps[k] = 0  # its steps cycled: not counted, as in memory
            coins += [(first + k * step, coin) for coin in found]
        rows = store.layer_rows(rules, layer)
        mine = np.flatnonzero(np.isin(canonical(rows, goal, players), orbits))
        chunk_rows = int(group.attrs["chunk_rows"])
        parts = layer_store.parts_by_chunk(mine, values[rows[mine]], len(rows), chunk_rows)
    return {
        "parts": parts,
        "coins": coins,
        "steps": int(steps.max(initial=0)),
        "residual": float(residuals.max(initial=0.0)),
    }


@functools.lru_cache(maxsize=2)
def orbits_of(goal: int, players: int) -> tuple[np.ndarray, np.ndarray]:
    """Return :func:`solver.farkle.players.orbits_by_sum`, kept for the next layer's tasks."""
    from pigsolve.solver.farkle.players import orbits_by_sum

    return orbits_by_sum(goal, players)


def table_of(group: Any, url: str, rules: FarkleRules, layer: int) -> np.ndarray:
    """Return the whole table ``(G**N, N)`` with every layer above ``layer`` read from the
    store (which has finished them). A worker process keeps it (:data:`_TABLE`) and reads
    only the layers finished since its last task."""
    goal, players = store.units(rules), rules.players
    stamp = layer_store.stamp(url, group)
    kept = _TABLE.get("table")
    if kept is None or kept[0] != stamp:
        _TABLE.clear()  # another store's table goes first
        kept = (stamp, store.top_layer(rules) + 1, np.zeros((goal**players, players)))
    _, lowest, values = kept
    for higher in range(lowest - 1, layer, -1):
        values[store.layer_rows(rules, higher)] = group[f"L{higher}/start_values"][...]
    _TABLE["table"] = (stamp, min(lowest, layer + 1), values)
    return values


def write_task(url: str, layer: int, chunk: int, *parts: tuple[np.ndarray, np.ndarray]) -> int:
    """Write chunk ``chunk`` of ``layer``'s array from every solve task's part of it (a worker's
    task); return the rows written (:func:`solver.layer_store.write_chunk`)."""
    group, rules = store.open_store(url, mode="r+")
    return layer_store.write_chunk(group, layer, chunk, rules.players, parts)
