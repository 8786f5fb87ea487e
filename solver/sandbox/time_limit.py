"""The time each call of a user's function may take, and the memory its process may use.

``--timeout SECONDS`` sets the time (:func:`set_timeout`). Left out, a call may take
:data:`UNATTENDED` seconds when standard input is not a terminal (nobody there to press Ctrl-C)
and has no limit at a terminal; ``--timeout 0`` is no limit. ``--memory MIB`` sets the memory
(:func:`set_memory`), :data:`MEMORY` MiB unless given; ``--memory 0`` is no limit.

The function runs in a process of its own (:mod:`solver.sandbox.process`), and the limits are kept
from outside it: the process counts the calls it starts, and the parent looks at that count
:data:`TICKS` times per limit while it waits for an answer. A call still running at the
:data:`TICKS`-th look after the first it was seen at has its process killed, so it has run for
more than the limit and less than ``1 + 1 / TICKS`` times it. Nothing the function does (ignore
a signal, catch every exception, loop while it is imported) keeps it running past that.
"""

from __future__ import annotations

import sys

UNATTENDED = 10.0
"""Seconds a call may take, by default, when standard input is not a terminal."""

TICKS = 4
"""Looks per limit: a stuck call is stopped within ``1 + 1 / TICKS`` times the limit."""

MEMORY = 1024
"""MiB of address space the process of a user's function may use, by default."""

_limits: dict[str, float | None] = {"timeout": None, "memory": None}


def set_timeout(seconds: float | None) -> float | None:
    """Set the time each call may take (None: the default, 0: no limit); return ``seconds``."""
    _limits["timeout"] = seconds
    return seconds


def set_memory(mib: float | None) -> float | None:
    """Set the MiB the process of a user's function may use (None: :data:`MEMORY`, 0: no
    limit); return ``mib``."""
    _limits["memory"] = mib
    return mib


SETTER = f"{__name__}.{set_timeout.__name__}"
"""How messages name :func:`set_timeout` (the command line shows ``--timeout``)."""
MEMORY_SETTER = f"{__name__}.{set_memory.__name__}"
"""How messages name :func:`set_memory` (the command line shows ``--memory``)."""


def limit() -> float | None:
    """Return the seconds each call may take now, or None for no limit."""
    seconds = _limits["timeout"]
    if seconds is None:
        return None if sys.stdin is None or sys.stdin.isatty() else UNATTENDED
    return seconds or None


def memory() -> float | None:
    """Return the MiB the process of a user's function may use now, or None for no limit."""
    mib = _limits["memory"]
    return MEMORY if mib is None else (mib or None)
