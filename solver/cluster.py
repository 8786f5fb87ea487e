"""A layer's work on a Dask cluster: its solve tasks, the write tasks of its chunks, a client.

Every family that solves into a store (:mod:`solver.layer_store`) maps one score-sum layer
onto the cluster the same way (:func:`solve_layer`): ``T`` solve tasks each solve a share of
the layer's orbits and return their rows cut by the chunks of the layer's array (``"parts"``)
with what the family reports of them; one write task per chunk gathers that chunk's rows from
every solve task and writes it whole. The client waits for every write, then gathers the
reports. A task reads only finished layers and writes only whole chunks of the unfinished one,
so a task that Dask runs again (its worker died) gives the same values.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
import time
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

from pigsolve.solver.errors import TableError

Hook = Callable[[str, int, list], None]
"""Told ``("solved", layer, solve futures)`` once a layer's solves are submitted and
``("finished", layer, [])`` once it is recorded: the tests' way to stop a client or a worker."""


STEALING, STEALING_INTERVAL = "distributed.scheduler.work-stealing-interval", "10ms"
"""How often a local scheduler moves queued tasks to idle workers (Dask's default: 100 ms). A
task runs where the reports it depends on lie, so a worker that ends early waits for this."""


@contextlib.contextmanager
def cluster_client(
    workers: int | None = None, scheduler: str | None = None, memory: int | None = None
) -> Iterator[Any]:
    """Yield a Dask client of the scheduler at ``scheduler``, or of a local cluster of
    ``workers`` worker processes (one thread each; each held to ``memory`` bytes if given,
    else to Dask's share of this machine's), closed after.

    Ctrl-C is this process's alone: the local workers start with SIGINT ignored (a terminal
    sends it to them too, and each would print its traceback), they log nothing (a task's
    error reaches this client, which says it; a stopping worker's complaints are no news), and
    the cluster closes with distributed's loggers silenced, so the interrupt reads as one line."""
    import dask
    from distributed import Client, LocalCluster

    if scheduler is not None:
        with Client(scheduler) as client, quiet_interrupt():
            yield client
        return
    with _interrupts_ignored(), dask.config.set({STEALING: STEALING_INTERVAL}):
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            memory_limit="auto" if memory is None else memory,
            silence_logs=logging.CRITICAL,  # a task's error reaches the client, which says it
        )
    with cluster, Client(cluster) as client, quiet_interrupt():
        yield client


@contextlib.contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """Ignore SIGINT while the body runs (processes it starts inherit that), then restore it;
    nothing changes off the main thread, where signals cannot be set."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def quiet_interrupt() -> Iterator[None]:
    """Silence distributed's loggers if the body is interrupted (Ctrl-C), before the cluster
    closes: its workers' shutdown warnings are no news to the user who stopped them."""
    try:
        yield
    except KeyboardInterrupt:
        names = [name for name in logging.root.manager.loggerDict if name.startswith("distributed")]
        for name in ["distributed", *names]:
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)
        raise


def solve_layers(
    store: ModuleType,
    rules: Any,
    url: str,
    resume: bool,
    chunk_rows: int,
    solve_one: Callable[[Any, int], None],
    hook: Hook | None = None,
    progress: Callable[[int], None] | None = None,
) -> float:
    """Solve ``rules`` into the store at ``url`` layer by layer from the highest score sum
    down, ``solve_one(group, layer)`` each (which writes it and counts it finished); return the
    seconds, the earlier runs' of a resumed store included.

    ``store`` is the family's store module (``check_rules``, ``open_store``, ``create``,
    ``top_layer``). A new store replaces any at ``url`` (its arrays cut in chunks of
    ``chunk_rows``); with ``resume`` the store there, for the same rules, is completed from its
    last finished layer. ``hook`` is told each finished layer, ``progress`` its number.
    """
    group = open_to_solve(store, rules, url, resume, lambda: store.create(url, rules, chunk_rows))
    seconds = run_layers(group, store.top_layer(rules) + 1, url, solve_one, hook, progress)
    group.attrs["p_first_player"] = float(group["L0/start_values"][0, 0])  # as a table states it
    return seconds


def open_to_solve(
    store: ModuleType, rules: Any, url: str, resume: bool, create: Callable[[], Any]
) -> Any:
    """Return the group of the store to solve at ``url``: ``create()``'s, or with ``resume`` the
    one there (refused in one line if it is for other rules)."""
    store.check_rules(rules)
    if not resume:
        return create()
    group, stored = store.open_store(url, mode="r+")
    if stored != rules:
        raise TableError(f"{url} is for {stored}, not {rules}")
    return group


def run_layers(
    group: Any,
    layers: int,
    url: str,
    solve_one: Callable[[Any, int], None],
    hook: Hook | None = None,
    progress: Callable[[int], None] | None = None,
    what: str = "layers",
) -> float:
    """Run ``solve_one(group, layer)`` for the ``layers`` layers (or rounds: ``what``) not yet
    finished, from the highest down; return the seconds, the earlier runs' included
    (``solve_seconds``). Ctrl-C says how far the store got."""
    start = time.perf_counter()
    try:
        for layer in range(layers - 1 - int(group.attrs["finished"]), -1, -1):
            solve_one(group, layer)
            if hook is not None:
                hook("finished", layer, [])
            if progress is not None:
                progress(layer)
    except KeyboardInterrupt:
        finished = int(group.attrs["finished"])  # as the store records it: what --resume reads
        raise KeyboardInterrupt(
            f"with {finished} of {layers} {what} finished in {url}; --resume continues"
        ) from None
    seconds = float(group.attrs.get("solve_seconds", 0.0)) + time.perf_counter() - start
    group.attrs["solve_seconds"] = seconds
    return seconds


def worker_memory_of(client: Any, otherwise: int) -> int:
    """Return the bytes each worker of ``client``'s cluster may hold: the least limit they
    report, or ``otherwise`` if none reports one."""
    found = client.scheduler_info()["workers"].values()
    limits = [int(worker.get("memory_limit") or 0) for worker in found]
    return min([m for m in limits if m > 0] or [otherwise])


def worker_count(client: Any) -> int:
    """Return how many workers ``client``'s cluster has now."""
    return len(client.scheduler_info()["workers"])


def solve_layer(
    client: Any,
    url: str,
    layer: int,
    tasks: int,
    chunks: int,
    solve_task: Callable[..., dict[str, Any]],
    write_task: Callable[..., int],
    hook: Hook | None = None,
) -> list[dict[str, Any]]:
    """Solve ``layer`` of the store at ``url`` in ``tasks`` tasks ``solve_task(url, layer, t,
    tasks)``, write its ``chunks`` chunks by ``write_task(url, layer, c, *parts)``, and return
    each solve task's report (its result but the parts), once every chunk is written."""
    from distributed import wait

    solves = [client.submit(solve_task, url, layer, t, tasks, pure=False) for t in range(tasks)]
    if hook is not None:
        hook("solved", layer, solves)
    writes = [
        client.submit(
            write_task, url, layer, c, *[client.submit(_part, s, c) for s in solves], pure=False
        )
        for c in range(chunks)
    ]
    reports = [client.submit(_report, s) for s in solves]
    wait(writes)
    client.gather(writes)  # raises a task's error, if any
    return client.gather(reports)


def _part(result: dict[str, Any], chunk: int) -> Any:
    return result["parts"][chunk]


def _report(result: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in result.items() if key != "parts"}
