"""The server's budgets, options of ``pigsolve gui``: the memory of the tables it keeps loaded
and of each computation's worker, and a computation's wall clock.

``--memory-mib N`` bounds the whole server, workers included (:func:`split`): the server's own
:data:`SERVER_BYTES` first, then a quarter of the rest for the tables kept in memory and the
other three quarters shared equally by the workers that may run at once, each held to its share
of address space (``RLIMIT_AS``). With ``--job-mib`` too, the workers get that much each and the
tables what is left. Kept apart from :mod:`ui.web.jobs` (which starts processes) so the command
line reads the defaults without importing asyncio or multiprocessing.
"""

from __future__ import annotations

from dataclasses import dataclass

from pigsolve.solver.errors import InvalidArgument

MIB = 2**20
JOB_MEMORY_BYTES = 4 * 2**30
"""A worker's address space (``RLIMIT_AS``) by default: the page's largest table (the default
family's at goal 2500, two players) solves within 1 GiB (measured: it fails at 600 MiB)."""
JOB_SECONDS = 600.0
"""A job's wall clock by default; a job still running then is killed."""
LOADED_BYTES = 2**30
"""The tables the server keeps in memory by default (their arrays' bytes): four goal-300
tables of the default family with their full tables."""
SERVER_BYTES = 256 * MIB
"""What the server holds besides its tables (Python, numpy, numba, Starlette, the games):
measured 154 MiB when it starts answering, about 200 MiB once it has read tables."""
TABLES_SHARE = 4
"""With ``--memory-mib`` alone, the tables kept in memory get a quarter of what the server
itself leaves."""
SMALLEST_JOB = 256 * MIB
"""The least memory a worker is given (``--job-mib``'s least)."""
SMALLEST_TABLES = 64 * MIB
"""The least memory the loaded tables are given."""


@dataclass(frozen=True)
class Budgets:
    """The memory of the tables kept loaded and of each worker (None: no limit)."""

    tables_bytes: int = LOADED_BYTES
    job_bytes: int | None = JOB_MEMORY_BYTES
    memory_bytes: int | None = None  # --memory-mib: the whole server's, workers included

    def words(self, workers: int) -> str:
        """Return the split in words, e.g. ``--memory-mib 4096: the server 256 MiB, tables 960
        MiB, 2 computations of 1440 MiB each``."""
        job = "no limit" if self.job_bytes is None else f"{self.job_bytes // MIB} MiB"
        head = "" if self.memory_bytes is None else f"--memory-mib {self.memory_bytes // MIB}: "
        return (
            f"{head}the server {SERVER_BYTES // MIB} MiB, tables {self.tables_bytes // MIB} "
            f"MiB, {workers} computations of {job} each"
        )


def split(memory_bytes: int | None, job_bytes: int | None, workers: int) -> Budgets:
    """Return the budgets of a server of ``memory_bytes`` in all (None: unbounded) with
    ``workers`` at once, each of ``job_bytes`` if given; InvalidArgument (one line) if they do
    not fit."""
    if memory_bytes is None:
        return Budgets(LOADED_BYTES, JOB_MEMORY_BYTES if job_bytes is None else job_bytes)
    left = memory_bytes - SERVER_BYTES
    if job_bytes is None:
        tables = left // TABLES_SHARE
        job = (left - tables) // workers // MIB * MIB
    else:
        job, tables = job_bytes, left - workers * job_bytes
    if job < SMALLEST_JOB or tables < SMALLEST_TABLES:
        given = f"--memory-mib {memory_bytes // MIB}"
        if job_bytes is not None:
            least = (SERVER_BYTES + SMALLEST_TABLES + workers * job_bytes) // MIB
            raise InvalidArgument(
                f"{given} with --job-mib {job_bytes // MIB} for each of {workers} computations "
                f"leaves too little for the server and its tables: give --memory-mib {least} or "
                "more, or a smaller --job-mib"
            )
        jobs_share = -(-workers * SMALLEST_JOB * TABLES_SHARE // (TABLES_SHARE - 1))
        least = -(-(SERVER_BYTES + jobs_share) // MIB)
        raise InvalidArgument(
            f"{given} is too little for the server ({SERVER_BYTES // MIB} MiB), its tables and "
            f"{workers} computations of {SMALLEST_JOB // MIB} MiB at least: give "
            f"--memory-mib {least} or more"
        )
    return Budgets(tables, job, memory_bytes)
