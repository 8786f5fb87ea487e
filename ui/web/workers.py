"""A job's worker process (:mod:`ui.web.jobs`): at a lower priority than the server, within its
memory, dying with the server, and sending back ``(status, result)`` in the API's words."""

from __future__ import annotations

import ctypes
import os
import resource
import signal
import sys
from collections.abc import Callable
from typing import Any

from pigsolve.solver.errors import PigsolveError, WriteError

NICENESS = 10
"""Workers run at a lower priority than the server, which must keep answering."""
PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the kernel signals the worker when the server dies."""


def _die_with(server: int) -> None:
    """Have the kernel kill this worker when the server process ``server`` dies (even by
    kill -9), and exit now if it is gone already."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != server:  # it died before the signal was asked for
        os._exit(1)


def work(
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
