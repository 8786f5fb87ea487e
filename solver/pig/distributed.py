"""Pig's N-player table solved on a Dask cluster into a Zarr store (:mod:`solver.pig.store`).

Round by round, from the highest block sum down (:mod:`solver.pig.blocks`): a round's block
orbits are its tasks, independent of each other. A task reads the slabs its orbits reach, only
their part above its own blocks (finished in earlier rounds); solves its orbits as the
in-memory solve does, by sub-blocks and score sums from the highest down, told where a row lies
in its slabs (:func:`solver.pig.layers.solve_block`); writes its blocks whole, a file each; and
returns its mixed states. The client submits the next rounds' tasks ahead (:data:`LOOKAHEAD`),
each a Dask dependent of the unfinished tasks whose blocks it reads, so a worker goes on while
the client records a round: once every task of a round is done the client records the round's
mixed states and counts it finished (:func:`solver.pig.store.record_round`).

A task reads only finished blocks and writes only its own, whole (each file replaced at once),
so a task that Dask runs again (its worker died) writes the same values, and a stopped client
leaves a store that resumes from its last finished round. A worker holds one task's slabs at a
time (:func:`solver.pig.blocks.task_bytes`): the blocks' edge is chosen to fit its memory
(:func:`block_for`).
"""

from __future__ import annotations

import functools
import math
import threading
from typing import Any

import numpy as np

from pigsolve.solver import cluster, layer_store
from pigsolve.solver.cluster import Hook
from pigsolve.solver.errors import TableError
from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.pig import blocks, store
from pigsolve.solver.pig.layers import in_sub_blocks, solve_block
from pigsolve.solver.results import Progress

ROUND_SECONDS = 0.05
"""What a round costs beyond its work: its tasks' round trips and the store's metadata."""
READ_COST = 3.2
"""A store's orbit takes this many times the in-memory one's work: its slabs read and its
blocks written, and its rounds' tasks fewer than the in-memory solve's (4 players at goal 60 on
2 local workers, 2026-11-29: 6.2-6.4 s against 2.8-3.0 s in memory; since the tasks went ahead
of the rounds, 1.3-1.8 times the in-memory time: the estimate errs long)."""
LOOKAHEAD = 2
"""Rounds submitted beyond the one the client waits for: a task runs as soon as the blocks it
reads are written (its Dask dependencies), not once the whole round above is recorded."""
THREADS_MEASURED = 2
"""The threads the in-memory figures of :data:`solver.durations.PIG_SECONDS` were measured on."""
BLOCKS_A_SCORE = 4
"""Blocks a score is cut into at least, where the goal allows."""
TASKS_A_WORKER = 2
"""Tasks a worker in an average round, at least, where the goal allows: a worker that ends
its task early takes another."""

FILL = 0.7
"""The share of a worker's memory a task may take: Dask pauses a worker at 80% of its limit."""
BLOCK_BYTES = 64 * 2**20
"""The largest block: a store's chunk, what reading one row reads."""
PADDING = 0.1
"""The most disk the blocks at the goal may add, stored whole (Zarr stores a chunk whole)."""

_KERNEL = threading.Lock()
"""One task at a time in a worker process, whatever its threads: the sizing counts one task's
slabs a worker (:func:`solver.pig.blocks.task_bytes`)."""


def block_for(rules: PigRules, worker_memory: int, workers: int = 1) -> int:
    """Return the blocks' edge for ``rules`` on ``workers`` workers of ``worker_memory`` bytes:
    the largest whose task fits :data:`FILL` of the memory (at least 1), that still cuts a score
    in blocks enough for :data:`TASKS_A_WORKER` tasks a worker in an average round (and at
    least :data:`BLOCKS_A_SCORE`) where the goal allows, whose block (what a row's reader reads)
    is at most :data:`BLOCK_BYTES`, and whose blocks at the goal, stored whole, add at most
    :data:`PADDING` to the disk (an edge of 1 adds none)."""
    from pigsolve.solver.pig.solve import RUNTIME_BYTES

    goal, n = rules.goal, rules.players
    count = BLOCKS_A_SCORE
    while count < goal and tasks_a_round(count, n) < TASKS_A_WORKER * workers:
        count += 1
    edge, best = 1, 1
    while edge < goal and blocks.block_counts(goal, edge + 1) >= min(count, goal):
        edge += 1
        if blocks.task_bytes(goal, n, edge) + RUNTIME_BYTES > FILL * worker_memory:
            break
        if 8 * n * edge**n > BLOCK_BYTES:
            break
        if padded(goal, n, edge) <= 1 + PADDING:
            best = edge
    return best


def padded(goal: int, players: int, block: int) -> float:
    """Return the store's bytes over the table's: a block at the goal is stored whole.

    >>> padded(60, 5, 15), round(padded(60, 5, 17), 2)
    (1.0, 1.87)
    """
    return (blocks.block_counts(goal, block) * block / goal) ** players


def tasks_a_round(count: int, players: int) -> float:
    """Return the tasks of an average round with ``count`` blocks a score: the block orbits
    over the rounds.

    >>> round(tasks_a_round(4, 4), 1)  # 4**4 / 4 block orbits, 13 rounds
    4.9
    """
    return count**players / players / (players * (count - 1) + 1)


def store_sizes(rules: PigRules, worker_memory: int, workers: int = 1) -> tuple[int, int]:
    """Return the bytes a store of ``rules`` takes on disk and one of ``workers`` workers of
    ``worker_memory`` bytes holds at its peak: one task's (:func:`solver.pig.blocks.task_bytes`,
    in blocks that fit, :func:`block_for`) and the runtime; the disk holds every start value (8
    bytes a number), the blocks at the goal stored whole."""
    from pigsolve.solver.pig.solve import RUNTIME_BYTES

    n, block = rules.players, block_for(rules, worker_memory, workers)
    disk = round(8 * n * rules.goal**n * padded(rules.goal, n, block))
    return disk, blocks.task_bytes(rules.goal, n, block) + RUNTIME_BYTES


def store_seconds(rules: PigRules, workers: int, worker_memory: int) -> float:
    """Return the seconds a store of ``rules`` takes on ``workers`` worker processes of this
    machine's speed and ``worker_memory`` bytes: the in-memory solve's work spread over them
    (as many as an average round has tasks), and each round's cost."""
    from pigsolve.solver.durations import PIG_SECONDS, pig_work

    work = PIG_SECONDS["players"] * pig_work(rules) * THREADS_MEASURED * READ_COST
    block = block_for(rules, worker_memory, workers)
    count, n = blocks.block_counts(rules.goal, block), rules.players
    busy = max(min(workers, tasks_a_round(count, n)), 1)
    return work / busy + ROUND_SECONDS * blocks.top_round(rules.goal, n, block) + ROUND_SECONDS


def solve_to_store(
    rules: PigRules,
    url: str,
    client: Any,
    resume: bool = False,
    progress: Progress | None = None,
    worker_memory: int | None = None,
    hook: Hook | None = None,
    block: int | None = None,
) -> float:
    """Solve ``rules`` into the store at ``url`` on ``client``'s cluster; return the seconds.

    A new store replaces any at ``url``, cut in blocks of edge ``block`` (default: to fit
    ``worker_memory`` bytes a worker, else what the workers report, :func:`block_for`); with
    ``resume`` the store there, for the same rules, is completed from its last finished round.
    """
    from distributed import wait

    from pigsolve.solver.resources import physical_memory

    goal, n = rules.goal, rules.players
    if block is None:
        memory = worker_memory or cluster.worker_memory_of(client, physical_memory())
        block = block_for(rules, memory, cluster.worker_count(client))
    group = cluster.open_to_solve(
        store, rules, url, resume, lambda: store.create(url, rules, block)
    )
    block, stamp = int(group.attrs["block"]), layer_store.stamp(url, group)
    sizes = round_sizes(goal, n, block)

    pending: dict[tuple[int, ...], Any] = {}  # a block orbit's task, until its round is recorded
    submitted: dict[int, list[tuple[int, ...]]] = {}  # a round's block orbits, until recorded

    def submit(total: int) -> None:
        found = [tuple(map(int, b)) for b in blocks.block_orbits(goal, n, block, total)]
        found.sort(key=lambda least: -_task_size(goal, block, least))  # the longest first
        for least in found:  # a task reads only higher block sums: none of its own round
            after = [pending[o] for o in blocks.orbits_read(goal, block, least) if o in pending]
            pending[least] = client.submit(solve_task, url, stamp, least, *after, pure=False)
        submitted[total] = found

    def solve_one(group: Any, total: int) -> None:
        for ahead in range(total, max(total - LOOKAHEAD, 0) - 1, -1):
            if ahead not in submitted:
                submit(ahead)
        found = submitted.pop(total)
        tasks = [pending[least] for least in found]
        if hook is not None:
            hook("solved", total, tasks)
        wait(tasks)  # interrupted here (Ctrl-C), no gather is left pending in the client
        reports = client.gather(tasks)  # raises a task's error, if any
        mixed = [record for report in reports for record in report["mixed"]]
        num_iter = max(report["num_iter"] for report in reports)
        store.record_round(group, rules, total, mixed, num_iter)
        for least in found:
            del pending[least]  # its blocks are finished: later tasks read them from the store

    def advance(total: int) -> None:
        if progress is not None:
            progress(int(sizes[total:].sum()), goal**n)

    rounds = store.top_round(group, rules) + 1
    seconds = cluster.run_layers(group, rounds, url, solve_one, hook, advance, "rounds of blocks")
    group.attrs["p_first_player"] = float(group[store.VALUES][(0,) * (n + 1)])
    return seconds


def _task_size(goal: int, block: int, least: tuple[int, ...]) -> int:
    """Return the score vectors a task solves: its block's, times its distinct rotations."""
    return len(blocks.slabs_of(least)) * math.prod(blocks.widths(goal, block, least))


def round_sizes(goal: int, players: int, block: int) -> np.ndarray:
    """Return the score vectors of each round (block sum): the blocks' sizes added up.

    >>> round_sizes(3, 2, 2).tolist()  # blocks of 2 and 1 scores: 4; 2 + 2; 1
    [4, 4, 1]
    """
    spans = [blocks.widths(goal, block, (c,))[0] for c in range(blocks.block_counts(goal, block))]
    sizes = np.ones(1, np.int64)
    for _ in range(players):
        sizes = np.convolve(sizes, spans)
    return sizes


def solve_task(
    url: str, stamp: tuple[str, ...], least: tuple[int, ...], *after: dict[str, Any]
) -> dict[str, Any]:
    """Solve the orbits of the block orbit of ``least`` (a worker's task) in the store at ``url``
    whose :func:`solver.layer_store.stamp` is ``stamp``: read its slabs above its blocks, solve,
    write its blocks; return the most linear solves an orbit needed and the mixed states.
    ``after``: the reports of the unfinished tasks whose blocks it reads (Dask runs it once they
    are done)."""
    from zarr.core.buffer import default_buffer_prototype

    from pigsolve.solver.pig._kernels import indexing

    buffers = default_buffer_prototype()
    rules, block, values_array = _opened(url, stamp)
    goal, n = rules.goal, rules.players
    with _KERNEL:
        slabs = blocks.slabs_of(least)
        lookup, bounds = blocks.slab_lookup(goal, block, [others for others, _ in slabs])
        values = np.empty((int(bounds[-1]), n))
        views = [
            values[bounds[j] : bounds[j + 1]].reshape(
                (*blocks.widths(goal, block, others), goal, n)
            )
            for j, (others, _) in enumerate(slabs)
        ]
        for view, (others, mover) in zip(views, slabs, strict=True):
            low = block * (mover + 1)  # the blocks above the mover's: finished, read in place
            view[..., block * mover : low, :] = np.nan  # its own, solved here; none below read
            if low < goal:
                into = buffers.nd_buffer.from_numpy_array(view[..., low:, :])
                values_array.get_basic_selection(
                    _region(block, others, view.shape, low, goal), out=into
                )
        members = in_sub_blocks(indexing.block_members(goal, block, np.array(least)), block)
        most, mixed = solve_block(values, rules, members, roll_counts(rules), lookup)
        for view, (others, mover) in zip(views, slabs, strict=True):
            low = block * mover
            high = min(low + block, goal)
            values_array[_region(block, others, view.shape, low, high)] = view[..., low:high, :]
    return {"num_iter": most, "mixed": mixed}


@functools.lru_cache(maxsize=2)
def _opened(url: str, stamp: tuple[str, ...]) -> tuple[PigRules, int, Any]:
    """Return the rules, the blocks' edge and the start values of the store at ``url`` opened to
    write, once a worker process for the store of ``stamp``; raise TableError if another store
    has replaced it."""
    group, rules = store.open_store(url, mode="r+")
    if layer_store.stamp(url, group) != stamp:
        raise TableError(f"{url} was replaced by another store while this one was solved")
    return rules, int(group.attrs["block"]), group[store.VALUES]


def _region(
    block: int, others: tuple[int, ...], shape: tuple[int, ...], low: int, high: int
) -> tuple[slice, ...]:
    """Return where a slab's vectors with the last score in ``low..high - 1`` lie in the table."""
    spans = [slice(block * c, block * c + w) for c, w in zip(others, shape, strict=False)]
    return (*spans, slice(low, high), slice(None))
