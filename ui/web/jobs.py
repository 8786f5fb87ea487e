"""Heavy work for the page in worker processes: one process a job, joined by every asker.

A request that needs a result still being computed is answered at once (``Pending``, which the
app turns into a 202 with the progress) after waiting at most ``patience`` seconds; the page
asks again until the result is there. The event loop never computes: a worker process does, and
a thread per job waits for its answer. :meth:`Jobs.close` kills the workers (Ctrl-C, SIGTERM)
and removes the files they were writing.

Slots are shared fairly among clients (a client is the page's session, :mod:`ui.web.clients`).
A job estimated to take at most :data:`SMALL_SECONDS` (a small table, a short game's) runs in a
small slot, so it never waits behind a large one; the others share :data:`MAX_WORKERS` large
slots, at most one large job a client (its next is refused in one line until it ends). A job
finding its slots taken waits its turn (a 202 that says so); the next to start is that of the
client with the fewest jobs running, so one client's queue never holds back another's.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.write_guards import temporaries
from pigsolve.ui.web.budgets import JOB_MEMORY_BYTES, JOB_SECONDS
from pigsolve.ui.web.workers import work

MAX_WORKERS = 2
"""Large computations under way at once (one a client); the next waits for one to end."""
SMALL_WORKERS = 2
"""Small computations under way at once, in slots of their own."""
SMALL_SECONDS = 5.0
"""A job estimated to take at most this long (without compiling) is small."""
SMALL_PER_CLIENT = 4
"""Small jobs of one client running or waiting at once; its next is refused (503)."""
MAX_WAITING = 64
"""Jobs waiting for a slot, all clients together; the next is refused (503)."""
KEPT_RESULTS = 16
"""Finished small results (explore data, comparisons) kept for the askers that come back."""


class Pending(Exception):
    """A result still being computed: the app answers 202 with :meth:`body`."""

    def __init__(self, what: str, progress: float | None, ahead: int | None = None) -> None:
        super().__init__(what)
        self.what = what
        self.progress = progress
        self.ahead = ahead

    def body(self) -> dict[str, Any]:
        """Return the 202 body: what is computed, the share done (or null) and a sentence;
        a job waiting for a slot says how many jobs are ahead of it (``waiting``)."""
        share = "" if self.progress is None else f": {100 * self.progress:.0f}%"
        message = f"computing {self.what}{share}"
        if self.ahead is not None:
            message = f"waiting to compute {self.what}: {self.ahead} ahead"
        body = {"status": "computing", "what": self.what, "progress": self.progress}
        return body | ({} if self.ahead is None else {"waiting": self.ahead}) | {"message": message}


class JobFailed(PigsolveError):
    """A worker's computation raised: ``status`` is the HTTP status to answer."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Job:
    """One computation: its task, its client and slot (``small`` or ``large``), its worker
    (None while it waits for a slot), its progress (-1 before the first report) and its end."""

    what: str
    task: Callable[..., Any]
    args: tuple
    client: str
    slot: str
    progress: Any
    leftovers: list[Path]
    on_success: Callable[[], None] | None = None
    keep: bool = False
    process: Any = None
    finished: threading.Event = field(default_factory=threading.Event)
    outcome: tuple[int, Any] | None = None

    def share(self) -> float | None:
        """Return the share done so far, or None if the worker has not reported yet."""
        value = float(self.progress.value)
        return None if value < 0 else value


class Jobs:
    """The computations under way or waiting for a slot, and the small results of those that
    ended.

    ``patience`` is how long a request waits for its result before answering 202 (None: until
    it is there). ``max_workers`` large and ``small_workers`` small jobs run at once (module
    docstring); a job is small if its estimate is at most ``small_seconds``. With ``held`` the
    workers start but wait for :meth:`release` (tests use it to hold a computation for as long
    as they need). Each worker has ``memory_bytes`` of address space and ``seconds`` of wall
    clock from its start (None: no limit); one that passes either is answered 413 in one line,
    and the server lives on.
    """

    def __init__(
        self,
        patience: float | None = 1.0,
        max_workers: int = MAX_WORKERS,
        held: bool = False,
        memory_bytes: int | None = JOB_MEMORY_BYTES,
        seconds: float | None = JOB_SECONDS,
        small_workers: int = SMALL_WORKERS,
        small_seconds: float = SMALL_SECONDS,
    ) -> None:
        self.patience = patience
        self.slots = {"large": max_workers, "small": small_workers}
        self.small_seconds = small_seconds
        self.memory_bytes = memory_bytes
        self.seconds = seconds
        self._context = multiprocessing.get_context("spawn")  # no forked event loop or threads
        self._go = {slot: self._context.Event() for slot in self.slots} if held else None
        self._jobs: dict[Hashable, Job] = {}  # running or waiting
        self._waiting: deque[Hashable] = deque()
        self._launched: dict[str, int] = {}  # each client's last start, by number
        self._launches = 0
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
        client: str = "",
        seconds: float = math.inf,
    ) -> Job:
        """Return the job ``key``, starting ``task(*args, report)`` for ``client`` in a worker
        (or queueing it for a slot) if there is none; ``seconds`` is its estimated time.

        ``leftovers`` are the files the worker may leave half-written if it is killed;
        ``on_success`` is called (in another thread) when the task has succeeded; with ``keep``
        its result is kept for :meth:`result` (whoever asks next, even after a 202). JobFailed
        (503) if the client has its share of jobs, or too many wait.
        """
        with self._lock:
            if self._closed:
                raise JobFailed(503, "the server is stopping")
            if key in self._jobs:
                return self._jobs[key]
            slot = "small" if seconds <= self.small_seconds else "large"
            self._check_share(client, slot)
            job = Job(
                what,
                task,
                args,
                client,
                slot,
                self._context.Value("d", -1.0),
                list(leftovers or []),
                on_success,
                keep,
            )
            self._jobs[key] = job
            self._waiting.append(key)
            self._launch()
            return job

    def _check_share(self, client: str, slot: str) -> None:
        """Raise JobFailed (503) if ``client`` may not add a job to ``slot`` now."""
        own = [job for job in self._jobs.values() if job.client == client and job.slot == slot]
        if slot == "large" and own:
            raise JobFailed(
                503,
                f"you have a large computation under way ({own[0].what}); "
                "one at a time each: try again when it ends",
            )
        if len(own) >= SMALL_PER_CLIENT:
            raise JobFailed(
                503,
                f"you have {len(own)} computations under way (the most for one page); "
                "try again when one ends",
            )
        if len(self._waiting) >= MAX_WAITING:
            raise JobFailed(
                503, f"{len(self._waiting)} computations are waiting (the most); try again later"
            )

    def _launch(self) -> None:
        """Start waiting jobs, in :meth:`_turns`, while their slots are free (under the lock)."""
        while True:
            running = [job for job in self._jobs.values() if job.process is not None]
            free = [key for key in self._turns() if self._fits(self._jobs[key], running)]
            if not free:
                return
            self._waiting.remove(free[0])
            self._launches += 1
            self._launched[self._jobs[free[0]].client] = self._launches
            self._run(free[0], self._jobs[free[0]])

    def _turns(self) -> list[Hashable]:
        """Return the waiting jobs in the order they start: first those whose client has the
        fewest jobs running in their slot, then whose client started one longest ago (or
        never), then the job waiting longest (under the lock)."""
        running = [job for job in self._jobs.values() if job.process is not None]

        def turn(position: int) -> tuple[int, int, int]:
            job = self._jobs[self._waiting[position]]
            mine = sum(other.client == job.client and other.slot == job.slot for other in running)
            return mine, self._launched.get(job.client, 0), position

        return [self._waiting[i] for i in sorted(range(len(self._waiting)), key=turn)]

    def _fits(self, job: Job, running: list[Job]) -> bool:
        return sum(other.slot == job.slot for other in running) < self.slots[job.slot]

    def _run(self, key: Hashable, job: Job) -> None:
        """Start ``job``'s worker and the thread waiting for its answer (under the lock)."""
        receiver, sender = self._context.Pipe(duplex=False)
        go = None if self._go is None else self._go[job.slot]
        job.process = self._context.Process(
            target=work,
            args=(
                job.task,
                job.args,
                job.progress,
                sender,
                go,
                os.getpid(),
                self.memory_bytes,
            ),
            daemon=True,
        )
        job.process.start()
        sender.close()
        threading.Thread(target=self._wait, args=(key, job, receiver), daemon=True).start()

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
            self._jobs.pop(key, None)
            if all(other.client != job.client for other in self._jobs.values()):
                self._launched.pop(job.client, None)  # a client with no job: no turn to keep
            if job.keep and job.outcome[0] == 200:  # for the askers who come back after a 202
                self._keep(key, job.outcome[1])
            if not self._closed:
                self._launch()
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
                raise Pending(job.what, job.share(), self._ahead(job))
            await asyncio.sleep(0.02)
        assert job.outcome is not None
        status, result = job.outcome
        if status != 200:
            raise JobFailed(status, result)
        return result

    def _ahead(self, job: Job) -> int | None:
        """Return how many jobs wait before ``job`` for a slot like its own (None: it runs)."""
        with self._lock:
            if job.process is not None or job.finished.is_set():
                return None
            same = [self._jobs[key] for key in self._turns() if self._jobs[key].slot == job.slot]
            return same.index(job) if job in same else None

    async def result(
        self,
        key: Hashable,
        what: str,
        task: Callable[..., Any],
        args: tuple,
        client: str = "",
        seconds: float = math.inf,
    ) -> Any:
        """Return the small result of ``task(*args, report)``, computed once in a worker for
        ``client`` (``seconds``: its estimated time)."""
        with self._lock:
            if key in self._results:
                self._results.move_to_end(key)
                return self._results[key]
        job = self.start(key, what, task, args, keep=True, client=client, seconds=seconds)
        return await self.outcome(job)

    def _keep(self, key: Hashable, value: Any) -> None:
        """Keep a finished job's result, forgetting the least recently used past KEPT_RESULTS."""
        self._results[key] = value
        self._results.move_to_end(key)
        while len(self._results) > KEPT_RESULTS:
            self._results.popitem(last=False)

    def __contains__(self, key: Hashable) -> bool:
        """Return True while the job ``key`` runs or waits (its file may exist before it has
        ended)."""
        with self._lock:
            return key in self._jobs

    def release(self, slot: str | None = None) -> None:
        """Let held workers compute: those of ``slot`` (``small``, ``large``), or all."""
        if self._go is not None:
            for name, go in self._go.items():
                if slot in (None, name):
                    go.set()

    def hold(self) -> None:
        """Hold the workers started from now on again, until :meth:`release` (tests)."""
        if self._go is not None:
            for go in self._go.values():
                go.clear()

    def running(self) -> list[str]:
        """Return what is being computed now (not what waits for a slot)."""
        with self._lock:
            return [job.what for job in self._jobs.values() if job.process is not None]

    def waiting(self) -> list[str]:
        """Return what waits for a slot, in the order the jobs will start."""
        with self._lock:
            return [self._jobs[key].what for key in self._turns()]

    def close(self) -> None:
        """Kill every worker, wait for it and remove the files it may have half written; the
        jobs waiting for a slot end answered 503."""
        with self._lock:
            self._closed = True
            jobs = [job for job in self._jobs.values() if job.process is not None]
            for key in self._waiting:
                waiting = self._jobs.pop(key)
                waiting.outcome = (503, "the server is stopping")
                waiting.finished.set()
            self._waiting.clear()
        for job in jobs:
            job.process.kill()
        for job in jobs:  # its waiting thread joins it: a second joiner could miss its end
            job.finished.wait(timeout=5)
            for path in job.leftovers:
                for partial in temporaries(path, job.process.pid):
                    partial.unlink(missing_ok=True)
