"""A user's Python file (a strategy, a Hog rules file) run in a process of its own, so that
nothing it does hangs, crashes or outgrows pigsolve.

The process (:mod:`solver.sandbox.child`) starts in a session of its own (its own process
group), with at most :func:`solver.sandbox.time_limit.memory` MiB of address space. pigsolve
sends it pickled requests and reads plain values back (bools, ints, strings and lists and tuples
of them, unpickled with no class allowed). While it waits, the parent keeps the clock
(:mod:`solver.sandbox.time_limit`): a call past its time has the whole process group killed with
SIGKILL, so a loop while the file is imported, a signal ignored or every exception caught make
no difference. The process exiting (``os._exit``, a crash), running out of memory or forking is
one line naming the file and the call it was asked; when the caller is done, or pigsolve exits,
the process group is killed.

This keeps pigsolve running and its answers sound; it is no security boundary: the file runs
as you, with your files.
"""

from __future__ import annotations

import contextlib
import io
import mmap
import os
import pickle
import signal
import subprocess
import sys
import tempfile
import weakref
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.sandbox import time_limit

CHILD = "pigsolve.solver.sandbox.child"
"""The module the process runs."""
LONGEST_REPLY = 256 << 20
"""The most bytes a reply may take."""
STARTUP = 60.0
"""Seconds the process may take to begin a request's first call (Python starting up, on a busy
machine), before the time limit applies."""
GRACE = 5.0
"""Seconds a process that closed its end of the pipe is given to exit, before it is killed."""
ONE_THREAD = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")
"""Set to 1 in the process (unless set): numerical libraries' thread pools reserve address
space by the core, and a strategy needs none."""

Where = Callable[[int], str | None]
"""The call the ``n``-th call started for a request is (``n`` from 1), in words; None: the
file being imported."""


class _PlainUnpickler(pickle.Unpickler):
    """An unpickler that makes no object of any class: only plain values come back."""

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"{module}.{name} is not a plain value")


def _end(process: subprocess.Popen, *connections: Connection) -> None:
    """Kill ``process`` and every process in its group, reap it, close its pipes."""
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    for connection in connections:
        connection.close()


class Sandbox:
    """The process that runs the file at ``path``, ``name`` being how messages name it."""

    def __init__(self, path: Path, name: str) -> None:
        self.name = name
        if not sys.executable:
            raise PigsolveError(f"{name}: no Python interpreter found to run it in")
        with tempfile.TemporaryFile() as counter_file:
            counter_file.write(bytes(8))
            counter_file.flush()
            self._counter_map = mmap.mmap(counter_file.fileno(), 8)
            to_child, requests = os.pipe()
            replies, from_child = os.pipe()
            mib = time_limit.memory()
            self.memory = mib
            command = [sys.executable, "-m", CHILD, str(to_child), str(from_child)]
            command += [str(counter_file.fileno()), str(int(mib * 2**20) if mib else 0)]
            try:
                self.process = subprocess.Popen(
                    command,
                    stdin=subprocess.DEVNULL,
                    stdout=_stderr_fd(),  # what it writes to its standard output is no answer
                    pass_fds=(to_child, from_child, counter_file.fileno()),
                    start_new_session=True,
                    env={name: "1" for name in ONE_THREAD} | dict(os.environ),
                )
            finally:
                os.close(to_child)
                os.close(from_child)
        self.counter = memoryview(self._counter_map).cast("q")
        self.requests = Connection(requests, readable=False)
        self.replies = Connection(replies, writable=False)
        self._finalizer = weakref.finalize(self, _end, self.process, self.requests, self.replies)
        _LIVE.add(self)

    def kill(self) -> None:
        """End the process and every process it started (at once; again does nothing)."""
        self._finalizer()

    def request(self, message: tuple, where: Where) -> Any:
        """Send ``message``; return the reply, waiting no longer than the time limit for each
        call the process starts meanwhile. Any way the process fails is one line naming the
        file and where it was (``where``); Ctrl-C names it too."""
        if not self._finalizer.alive:
            raise PigsolveError(f"{self.name} was stopped before")
        start = self.counter[0]
        try:
            self.requests.send(message)
            self._wait(where, start)
            data = self.replies.recv_bytes(LONGEST_REPLY)
        except KeyboardInterrupt:
            self.kill()
            doing = _doing(where(self.counter[0] - start), "ing")
            raise KeyboardInterrupt(f"while {doing}") from None
        except (EOFError, OSError):  # it exited, or closed its end of the pipe
            raise self._gone(where(self.counter[0] - start)) from None
        try:
            return _PlainUnpickler(io.BytesIO(data)).load()
        except Exception:  # any bytes at all may come: they are not pigsolve's reply
            self.kill()
            raise self.failed("sent pigsolve something it cannot read", where(0)) from None

    def _wait(self, where: Where, start: int) -> None:
        """Return once a reply (or the end of the pipe) is there; kill the process group when a
        call has run past the limit (:mod:`solver.sandbox.time_limit`), or when no call has begun
        within :data:`STARTUP` seconds (Python starting, before the file is imported)."""
        seconds = time_limit.limit()
        tick = None if seconds is None else seconds / time_limit.TICKS
        seen, ticks = start, 0
        while not self.replies.poll(tick):
            calls = self.counter[0]
            if calls != seen:
                seen, ticks = calls, 0
                continue
            ticks += 1
            if calls == start:
                if ticks * tick >= STARTUP:
                    raise self.failed(f"did not start within {STARTUP:g} s", where(0))
            elif ticks >= time_limit.TICKS:
                self.kill()
                longer = f"{time_limit.SETTER}(SECONDS) gives it longer; 0: no limit"
                raise PigsolveError(
                    f"{self.name} gave no answer within {seconds:g} s "
                    f"{_doing(where(calls - start), 'ed')} ({longer})",
                    parameter=time_limit.SETTER,
                )

    def _gone(self, call: str | None) -> PigsolveError:
        """Return the error of a process that ended by itself (it is reaped, its group
        killed)."""
        try:
            code: int | None = self.process.wait(GRACE)
        except subprocess.TimeoutExpired:
            code = None
        self.kill()
        if code is None:
            return self.failed("closed its pipe to pigsolve", call)
        if code < 0:
            return self.failed(f"was killed by {signal.Signals(-code).name}", call)
        return self.failed(f"exited (code {code})", call)

    def failed(self, what: str, call: str | None, why: str = "") -> PigsolveError:
        """Return the error ``{file} {what} when asked {call}{why}`` (or when imported), the
        process killed."""
        self.kill()
        return PigsolveError(f"{self.name} {what} {_doing(call, 'ed')}{why}")

    def out_of_memory(self, call: str | None) -> PigsolveError:
        """Return the error of a process that ran out of memory, killed."""
        self.kill()
        more = f"{time_limit.MEMORY_SETTER}(MIB) gives it more; 0: no limit"
        return PigsolveError(
            f"{self.name} ran out of its {self.memory:,g} MiB of memory {_doing(call, 'ed')} "
            f"({more})",
            parameter=time_limit.MEMORY_SETTER,
        )


_LIVE: weakref.WeakSet[Sandbox] = weakref.WeakSet()
"""Every sandbox made and not yet collected."""


def stop_all() -> None:
    """End every sandbox's process: Ctrl-C while several are asked at once, from other threads
    (each waiting thread then fails at once, naming its file)."""
    for box in list(_LIVE):
        box.kill()


def _doing(call: str | None, ending: str) -> str:
    """Return ``when asked f(1, 2)`` / ``when imported`` (``ending`` 'ed'), or ``asking f(1,
    2)`` / ``importing it`` (``ending`` 'ing')."""
    if ending == "ing":
        return "importing it" if call is None else f"asking {call}"
    return "when imported" if call is None else f"when asked {call}"


def _stderr_fd() -> int:
    """Return the file descriptor of standard error, or DEVNULL where there is none."""
    try:
        os.fstat(2)
    except OSError:
        return subprocess.DEVNULL
    return 2
