"""Heavy work for the page in worker processes: one process a job, joined by every asker.

A request that needs a result still being computed is answered at once (``Pending``, which the
app turns into a 202 with the progress) after waiting at most ``patience`` seconds; the page
asks again until the result is there. The event loop never computes: a worker process does, and
a thread per job waits for its answer. :meth:`Jobs.close` kills the workers (Ctrl-C, SIGTERM)
and removes the files they were writing.
"""

from __future__ import annotations

import asyncio
import ctypes
import multiprocessing
import os
import resource
import signal
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import PigsolveError, WriteError
from pigsolve.solver.write_guards import temporaries
from pigsolve.ui.web.budgets import JOB_MEMORY_BYTES, JOB_SECONDS

MAX_WORKERS = 2
"""Computations under way at once; one more is refused (503) until one ends."""
NICENESS = 10
"""Workers run at a lower priority than the server, which must keep answering."""
KEPT_RESULTS = 16
"""Finished small results (explore data, comparisons) kept for the askers that come back."""
PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the kernel signals the worker when the server dies."""


class Pending(Exception):
    """A result still being computed: the app answers 202 with :meth:`body`."""

    def __init__(self, what: str, progress: float | None) -> None:
        super().__init__(what)
        self.what = what
        self.progress = progress

    def body(self) -> dict[str, Any]:
        """Return the 202 body: what is computed, the share done (or null) and a sentence."""
        share = "" if self.progress is None else f": {100 * self.progress:.0f}%"
        return {
            "status": "computing",
            "what": self.what,
            "progress": self.progress,
            "message": f"computing {self.what}{share}",
        }


class JobFailed(PigsolveError):
    """A worker's computation raised: ``status`` is the HTTP status to answer."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _die_with(server: int) -> None:
    """Have the kernel kill this worker when the server process ``server`` dies (even by
    kill -9), and exit now if it is gone already."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != server:  # it died before the signal was asked for
        os._exit(1)


def _work(
    task: Callable[..., Any],
    args: tuple,
    progress: Any,
    sender: Any,
    go: Any,
    server: int,
    memory_bytes: int | None,
) -> None:
    """Run ``task(*args, report)`` in a worker process (once ``go`` is set, if given) within
    ``memory_bytes`` of address space, and send ``(status, result)`` back."""
    _die_with(server)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the server, which stops us
    os.nice(NICENESS)  # the server's requests come first
    if memory_bytes is not None:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    if go is not None:
        go.wait()

    def report(done: int, total: int) -> None:
        progress.value = done / max(total, 1)

    try:
        outcome: tuple[int, Any] = (200, task(*args, report))
    except WriteError as err:  # the server's disk: no path in the answer
        outcome = (507, f"the server could not save the table: {err.reason}")
    except PigsolveError as err:
        outcome = (getattr(err, "status", 400), str(err))
    except (ValueError, NotImplementedError) as err:  # the solver does not take these rules
        outcome = (409, f"the solver cannot compute this: {err}")
    except MemoryError:
        outcome = (413, "the computation needed more memory than the server gives a job")
    sender.send(outcome)
    sender.close()


@dataclass
class Job:
    """One computation: its worker, its progress (-1 before the first report) and its end."""

    what: str
    process: Any
    progress: Any
    leftovers: list[Path]
    on_success: Callable[[], None] | None = None
    keep: bool = False
    finished: threading.Event = field(default_factory=threading.Event)
    outcome: tuple[int, Any] | None = None

    def share(self) -> float | None:
        """Return the share done so far, or None if the worker has not reported yet."""
        value = float(self.progress.value)
        return None if value < 0 else value


class Jobs:
    """The computations under way and the small results of those that ended.

    ``patience`` is how long a request waits for its result before answering 202 (None: until
    it is there). With ``held`` the workers start but wait for :meth:`release` (tests use it to
    hold a computation for as long as they need). Each worker has ``memory_bytes`` of address
    space and ``seconds`` of wall clock (None: no limit); one that passes either is answered
    413 in one line, and the server lives on.
    """

    def __init__(
        self,
        patience: float | None = 1.0,
        max_workers: int = MAX_WORKERS,
        held: bool = False,
        memory_bytes: int | None = JOB_MEMORY_BYTES,
        seconds: float | None = JOB_SECONDS,
    ) -> None:
        self.patience = patience
        self.max_workers = max_workers
        self.memory_bytes = memory_bytes
        self.seconds = seconds
        self._context = multiprocessing.get_context("spawn")  # no forked event loop or threads
        self._go = self._context.Event() if held else None
        self._running: dict[Hashable, Job] = {}
        self._results: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        self._closed = False

    def start(
        self,
        key: Hashable,
        what: str,
        task: Callable[..., Any],
        args: tuple,
        leftovers: list[Path] | None = None,
        on_success: Callable[[], None] | None = None,
        keep: bool = False,
    ) -> Job:
        """Return the job ``key``, starting ``task(*args, report)`` in a worker if none runs.

        ``leftovers`` are the files the worker may leave half-written if it is killed;
        ``on_success`` is called (in another thread) when the task has succeeded; with ``keep``
        its result is kept for :meth:`result` (whoever asks next, even after a 202).
        """
        with self._lock:
            if self._closed:
                raise JobFailed(503, "the server is stopping")
            if key in self._running:
                return self._running[key]
            if len(self._running) >= self.max_workers:
                raise JobFailed(
                    503,
                    f"{len(self._running)} computations are under way (the most at once); "
                    "try again when one ends",
                )
            progress = self._context.Value("d", -1.0)
            receiver, sender = self._context.Pipe(duplex=False)
            process = self._context.Process(
                target=_work,
                args=(task, args, progress, sender, self._go, os.getpid(), self.memory_bytes),
                daemon=True,
            )
            process.start()
            sender.close()
            job = Job(what, process, progress, list(leftovers or []), on_success, keep)
            self._running[key] = job
        threading.Thread(target=self._wait, args=(key, job, receiver), daemon=True).start()
        return job

    def _wait(self, key: Hashable, job: Job, receiver: Any) -> None:
        try:
            if receiver.poll(self.seconds):
                job.outcome = receiver.recv()
            else:
                job.process.kill()
                job.outcome = (413, f"{job.what} took longer than the {self.seconds:g} s a job may")
        except (EOFError, OSError):
            job.outcome = (413, self._died(job))
        job.process.join()
        receiver.close()
        if job.outcome[0] == 200 and job.on_success is not None:
            job.on_success()
        with self._lock:
            self._running.pop(key, None)
            if job.keep and job.outcome[0] == 200:  # for the askers who come back after a 202
                self._keep(key, job.outcome[1])
        job.finished.set()

    def _died(self, job: Job) -> str:
        """Return why a worker that ended without an answer did: a job at the memory limit
        dies in numba or BLAS rather than raising MemoryError."""
        job.process.join()
        limit = (
            "" if self.memory_bytes is None else f" (a job may use {self.memory_bytes >> 20} MiB)"
        )
        return f"the computation of {job.what} stopped before it ended{limit}"

    async def outcome(self, job: Job) -> Any:
        """Return the job's result once it ends (JobFailed if it failed), or raise Pending."""
        deadline = None if self.patience is None else time.monotonic() + self.patience
        while not job.finished.is_set():
            if deadline is not None and time.monotonic() >= deadline:
                raise Pending(job.what, job.share())
            await asyncio.sleep(0.02)
        assert job.outcome is not None
        status, result = job.outcome
        if status != 200:
            raise JobFailed(status, result)
        return result

    async def result(self, key: Hashable, what: str, task: Callable[..., Any], args: tuple) -> Any:
        """Return the small result of ``task(*args, report)``, computed once in a worker."""
        with self._lock:
            if key in self._results:
                self._results.move_to_end(key)
                return self._results[key]
        return await self.outcome(self.start(key, what, task, args, keep=True))

    def _keep(self, key: Hashable, value: Any) -> None:
        """Keep a finished job's result, forgetting the least recently used past KEPT_RESULTS."""
        self._results[key] = value
        self._results.move_to_end(key)
        while len(self._results) > KEPT_RESULTS:
            self._results.popitem(last=False)

    def __contains__(self, key: Hashable) -> bool:
        """Return True while the job ``key`` runs (its file may exist before it has ended)."""
        with self._lock:
            return key in self._running

    def release(self) -> None:
        """Let held workers compute."""
        if self._go is not None:
            self._go.set()

    def running(self) -> list[str]:
        """Return what is being computed now."""
        with self._lock:
            return [job.what for job in self._running.values()]

    def close(self) -> None:
        """Kill every worker, wait for it and remove the files it may have half written."""
        with self._lock:
            self._closed = True
            jobs = list(self._running.values())
        for job in jobs:
            job.process.kill()
        for job in jobs:  # its waiting thread joins it: a second joiner could miss its end
            job.finished.wait(timeout=5)
            for path in job.leftovers:
                for partial in temporaries(path, job.process.pid):
                    partial.unlink(missing_ok=True)
