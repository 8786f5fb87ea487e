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
from collections.abc import Callable, Iterator
from typing import Any

Hook = Callable[[str, int, list], None]
"""Told ``("solved", layer, solve futures)`` once a layer's solves are submitted and
``("finished", layer, [])`` once it is recorded: the tests' way to stop a client or a worker."""


@contextlib.contextmanager
def cluster_client(workers: int | None = None, scheduler: str | None = None) -> Iterator[Any]:
    """Yield a Dask client of the scheduler at ``scheduler``, or of a local cluster of
    ``workers`` worker processes (one thread each), closed after."""
    from distributed import Client, LocalCluster

    if scheduler is not None:
        with Client(scheduler) as client:
            yield client
        return
    with (
        LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


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
