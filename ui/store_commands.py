"""``pigsolve compute --store PATH.zarr``: a game's layers on a Dask cluster, out of core in a
Zarr store; and ``convert``, a finished store to an HDF5 table.

A family that solves into a store names its module in its capabilities' ``store`` (its
``distributed`` module): ``store_sizes``, ``store_seconds``, ``solve_to_store`` (each told the
memory a worker may hold) and its ``store`` module (``check_rules``, ``words``, ``open_store``,
``is_complete``, ``steps``, ``half_written``, ``describe``). Imported only when ``--store`` (or
``--workers``, ``--scheduler``, ``--resume``, ``--worker-memory``) is given: the other commands
never import Dask or Zarr.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from types import ModuleType
from typing import Any

from pigsolve.solver.errors import InvalidArgument, PigsolveError, TableError, missing_extra
from pigsolve.solver.registry import family_of, family_of_table
from pigsolve.solver.resources import memory_words, physical_memory
from pigsolve.ui.console import console, note, progress_bar


def check_store_options(
    store: str | None,
    workers: int | None,
    scheduler: str | None,
    resume: bool,
    worker_memory: int | None = None,
) -> bool:
    """Return True if the options ask for a store; raise InvalidArgument for an incomplete
    set (``--workers``, ``--scheduler``, ``--resume`` or ``--worker-memory`` without
    ``--store``, or both of the first two) or no memory a worker."""
    if worker_memory is not None and worker_memory < 2**20:
        raise InvalidArgument("--worker-memory must be at least 1 MiB (0.001 GiB)")
    if store is None:
        given = {
            "--workers": workers,
            "--scheduler": scheduler,
            "--resume": resume,
            "--worker-memory": worker_memory is not None,
        }
        for flag, value in given.items():
            if value:
                raise InvalidArgument(f"{flag} needs --store PATH.zarr (the table out of core)")
        return False
    if workers is not None and scheduler is not None:
        raise InvalidArgument("give --workers (a local cluster) or --scheduler, not both")
    if workers is not None and workers < 1:
        raise InvalidArgument(f"--workers must be at least 1, got {workers}")
    return True


def compute_with_store(
    rules: Any,
    store: str | None,
    workers: int | None,
    scheduler: str | None,
    resume: bool,
    force: bool,
    quiet: bool,
    out: Path | None = None,
    limit: int | None = None,
    worker_memory: int | None = None,
) -> None:
    """Serve ``compute`` given any of the store's options: check them (and that ``--out`` is
    not given), then :func:`compute_store`."""
    check_store_options(store, workers, scheduler, resume, worker_memory)
    if out is not None:
        raise InvalidArgument("--store takes no --out: the store is the table")
    assert store is not None
    compute_store(rules, store, workers, scheduler, resume, force, quiet, limit, worker_memory)


def compute_store(
    rules: Any,
    url: str,
    workers: int | None,
    scheduler: str | None,
    resume: bool,
    force: bool,
    quiet: bool,
    limit: int | None = None,
    worker_memory: int | None = None,
) -> None:
    """Solve ``rules`` into the store at ``url`` on a local cluster of ``workers`` processes
    (default: one a core) or the cluster at ``scheduler``; print what it takes first (refused
    if a worker cannot fit its memory: ``worker_memory`` bytes, else a cluster's own limit a
    worker, else this machine's memory or ``limit`` bytes shared by the local workers) and
    what was written. A local cluster's workers are held to ``worker_memory``."""
    from pigsolve.solver.cluster import cluster_client, worker_memory_of

    solver = store_solver(rules)
    solver.store.check_rules(rules)
    _require_cluster_extra()
    _check_existing(solver, url, rules, resume, force)
    whole = url if "://" in url else os.path.abspath(url)  # the workers may run elsewhere
    if scheduler is None:
        workers = workers or os.cpu_count() or 1
        memory = worker_memory or (physical_memory() if limit is None else limit) // workers
        where = f"{workers} local worker{'s' * (workers != 1)}"
        announce = sizing_line(solver, rules, workers, where, memory)
    with cluster_client(workers, scheduler, worker_memory) as client:
        if scheduler is not None:
            memory = worker_memory or worker_memory_of(client, limit or physical_memory())
            count = len(client.scheduler_info()["workers"])
            where = f"{count} worker{'s' * (count != 1)} at {scheduler}"
            announce = sizing_line(solver, rules, count, where, memory)
        if not quiet:
            note(announce)
        with progress_bar("solving (layered, on the cluster)", None, show=not quiet) as progress:
            seconds = solver.solve_to_store(rules, whole, client, resume, progress, memory)
    if not quiet:
        group, _ = solver.store.open_store(url)
        console.print(
            f"wrote {url}: {solver.store.steps(group, rules)}, first player's win "
            f"probability {float(group.attrs['p_first_player']):.6f}, solved in {seconds:.1f} s",
            highlight=False,
            soft_wrap=True,
        )


def store_solver(rules: Any) -> ModuleType:
    """Return the module that solves the family of ``rules`` into a store; InvalidArgument in
    one line if the family has none."""
    family = family_of(rules)
    if family.can.store is None:
        raise InvalidArgument(f"--store does not solve {family.label}: it is solved in memory")
    return importlib.import_module(family.can.store)


def sizing_line(solver: ModuleType, rules: Any, workers: int, where: str, memory: int) -> str:
    """Return the line announcing a store's disk, each worker's memory and the time on
    ``workers`` workers of this machine's speed; raise PigsolveError if a worker needs more
    than its ``memory`` bytes."""
    from pigsolve.solver.durations import about

    disk, worker = solver.store_sizes(rules, memory, workers)
    what = solver.store.words(rules)
    if worker > memory:
        raise PigsolveError(
            f"{what} needs about {memory_words(worker)} of memory a worker, "
            f"{where} have {memory_words(memory)} each; "
            "give more --worker-memory, fewer --workers or a cluster of larger ones "
            "(--scheduler tcp://HOST:8786)"
        )
    seconds = solver.store_seconds(rules, workers, memory)
    return (
        f"{what} takes {memory_words(disk)} of disk and up to {memory_words(worker)} "
        f"of memory a worker, on {where}; {about(seconds)} at this machine's speed"
    )


def _check_existing(solver: ModuleType, url: str, rules: Any, resume: bool, force: bool) -> None:
    """Refuse in one line to overwrite a store without ``force``, to resume one of other rules,
    a finished one, or none."""
    store = solver.store
    local = "://" not in url
    if local and not Path(url).exists():
        if resume:
            raise TableError(f"no store at {url} to resume; leave --resume out to start it")
        return
    if force and not resume:
        return
    group, stored = store.open_store(url)
    if stored != rules:
        family = family_of(rules)
        raise TableError(f"{url} holds {family.describe(stored)}, not {family.describe(rules)}")
    if store.is_complete(group, rules):
        raise TableError(f"{url} is finished already; pass --force to compute it again")
    if not resume:
        raise TableError(store.half_written(url, group, rules))


def convert(url: str, out: Path, force: bool) -> Path:
    """Write the finished store at ``url`` as an HDF5 table at ``out`` (the table read whole: it
    must fit this machine's memory); return ``out``."""
    from pigsolve.solver.storage import check_can_write

    _require_cluster_extra(zarr_only=True)
    check_can_write(out, force)
    family = family_of_table(url)
    solution = family.load(Path(url))
    return family.save(solution, out)


def _require_cluster_extra(zarr_only: bool = False) -> None:
    """Raise PigsolveError in one line if Zarr (and Dask's distributed) are not installed."""
    import importlib.util

    needed = ("zarr",) if zarr_only else ("zarr", "distributed")
    missing = [name for name in needed if importlib.util.find_spec(name) is None]
    if missing:
        raise missing_extra(f"a store ({' and '.join(missing)})", "cluster")
