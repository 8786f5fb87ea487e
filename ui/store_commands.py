"""``pigsolve compute --store PATH.zarr``: Pig's layers on a Dask cluster, out of core in a Zarr
store (:mod:`solver.pig.distributed`); and ``convert``, a finished store to an HDF5 table.

Imported only when ``--store`` (or ``--workers``, ``--scheduler``, ``--resume``) is given: the
other commands never import Dask or Zarr.
"""

from __future__ import annotations

import os
from pathlib import Path

from pigsolve.solver.errors import InvalidArgument, PigsolveError, TableError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.resources import memory_words, physical_memory
from pigsolve.ui.console import console, note, progress_bar

CLUSTER_EXTRA = "pip install 'pigsolve[cluster]'"
"""How to install what a store needs (Dask's distributed and Zarr 3)."""


def check_store_options(
    store: str | None, workers: int | None, scheduler: str | None, resume: bool
) -> bool:
    """Return True if the options ask for a store; raise InvalidArgument for an incomplete
    set (``--workers``, ``--scheduler`` or ``--resume`` without ``--store``, or both of the
    first two)."""
    if store is None:
        given = {"--workers": workers, "--scheduler": scheduler, "--resume": resume}
        for flag, value in given.items():
            if value:
                raise InvalidArgument(f"{flag} needs --store PATH.zarr (the table out of core)")
        return False
    if workers is not None and scheduler is not None:
        raise InvalidArgument("give --workers (a local cluster) or --scheduler, not both")
    if workers is not None and workers < 1:
        raise InvalidArgument(f"--workers must be at least 1, got {workers}")
    return True


def compute_store(
    rules: PigRules,
    url: str,
    workers: int | None,
    scheduler: str | None,
    resume: bool,
    force: bool,
    quiet: bool,
    limit: int | None = None,
) -> None:
    """Solve ``rules`` into the store at ``url`` on a local cluster of ``workers`` processes
    (default: one a core) or the cluster at ``scheduler``; print what it takes first (refused
    if a worker's window cannot fit: this machine's memory or ``limit`` bytes, shared by the
    local workers; a cluster's own limit a worker) and what was written."""
    if rules.players < 3 or rules.resets:
        raise InvalidArgument(
            "--store solves three players or more, on games without resets; "
            "two players fit in memory up to goals in the tens of thousands"
        )
    _require_cluster_extra()
    from pigsolve.solver.pig import distributed, store

    _check_existing(url, rules, resume, force)
    if scheduler is None:
        workers = workers or os.cpu_count() or 1
        memory = (physical_memory() if limit is None else limit) // workers
        announce = sizing_line(rules, workers, f"{workers} local workers", memory)
    with distributed.cluster_client(workers, scheduler) as client:
        if scheduler is not None:
            found = client.scheduler_info()["workers"].values()
            limits = [int(w.get("memory_limit") or 0) for w in found]
            memory = min([m for m in limits if m > 0] or [limit or physical_memory()])
            where = f"{len(limits)} worker{'s' * (len(limits) != 1)} at {scheduler}"
            announce = sizing_line(rules, len(limits), where, memory)
        if not quiet:
            note(announce)
        with progress_bar("solving (layered, on the cluster)", None, show=not quiet) as progress:
            seconds = distributed.solve_to_store(rules, url, client, resume, progress)
    if not quiet:
        group, _ = store.open_store(url)
        first = float(group["L0/start_values"][0, 0])
        console.print(
            f"wrote {url}: {store.top_layer(rules) + 1} layers, "
            f"first player's win probability {first:.6f}, solved in {seconds:.1f} s",
            highlight=False,
            soft_wrap=True,
        )


def sizing_line(rules: PigRules, workers: int, where: str, memory: int) -> str:
    """Return the line announcing a store's disk, each worker's memory and the time on
    ``workers`` workers of this machine's speed; raise PigsolveError if a worker needs more
    than its ``memory`` bytes."""
    from pigsolve.solver.durations import about
    from pigsolve.solver.pig import distributed
    from pigsolve.solver.pig.table import describe_rules

    disk, worker = distributed.store_sizes(rules)
    what = describe_rules(rules, False)
    if worker > memory:
        raise PigsolveError(
            f"{what} needs about {memory_words(worker)} of memory a worker, "
            f"{where} have {memory_words(memory)} each; "
            "use fewer --workers or a cluster of larger ones (--scheduler tcp://HOST:8786)"
        )
    seconds = distributed.store_seconds(rules, workers)
    return (
        f"{what} takes {memory_words(disk)} of disk and up to {memory_words(worker)} "
        f"of memory a worker, on {where}; {about(seconds)} at this machine's speed"
    )


def _check_existing(url: str, rules: PigRules, resume: bool, force: bool) -> None:
    """Refuse in one line to overwrite a store without ``force``, to resume one of other rules,
    a finished one, or none."""
    from pigsolve.solver.pig import store
    from pigsolve.solver.pig.table import describe_rules

    local = "://" not in url
    if local and not Path(url).exists():
        if resume:
            raise TableError(f"no store at {url} to resume; leave --resume out to start it")
        return
    if force and not resume:
        return
    group, stored = store.open_store(url)
    if stored != rules:
        raise TableError(f"{url} is for {describe_rules(stored)}, not {describe_rules(rules)}")
    if store.is_complete(group, rules):
        raise TableError(f"{url} is finished already; pass --force to compute it again")
    if not resume:
        raise TableError(store.half_written(url, group, rules))


def convert(url: str, out: Path, force: bool) -> Path:
    """Write the finished store at ``url`` as an HDF5 table at ``out`` (the table read whole: it
    must fit this machine's memory); return ``out``."""
    _require_cluster_extra(zarr_only=True)
    from pigsolve.solver.pig import table as pig_tables
    from pigsolve.solver.pig.store_rows import open_solution
    from pigsolve.solver.storage import check_can_write

    check_can_write(out, force)
    solution = open_solution(url)
    solution.values.whole()  # refused in one line where the table cannot fit
    return pig_tables.save(solution, out, force=force)


def _require_cluster_extra(zarr_only: bool = False) -> None:
    """Raise PigsolveError in one line if Zarr (and Dask's distributed) are not installed."""
    import importlib.util

    needed = ("zarr",) if zarr_only else ("zarr", "distributed")
    missing = [name for name in needed if importlib.util.find_spec(name) is None]
    if missing:
        raise PigsolveError(f"a store needs {' and '.join(missing)}: {CLUSTER_EXTRA}")
