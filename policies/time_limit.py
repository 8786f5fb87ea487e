"""The time each call of a user's function may take, so a strategy stuck in a loop ends the run.

``--timeout SECONDS`` sets it (:func:`set_timeout`). Left out, a call may take
:data:`UNATTENDED` seconds when standard input is not a terminal (nobody there to press Ctrl-C)
and has no limit at a terminal; ``--timeout 0`` is no limit.

A block of calls (a table's, or one decision in play) is watched by one repeating SIGALRM timer
(:func:`watching`), not a timer per call: a table asks the function about a million times and
arming a timer for each would add about a second to a three-second comparison. The timer ticks
:data:`TICKS` times per limit; a call still running at the :data:`TICKS`-th tick after the first
it was seen at is interrupted with :class:`NoAnswer`, so it has run for more than the limit and
less than ``1 + 1 / TICKS`` times it. Signals reach only the main thread (and Windows has no
``setitimer``): elsewhere the calls run without a limit.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import FrameType
from typing import Any

UNATTENDED = 10.0
"""Seconds a call may take, by default, when standard input is not a terminal."""

TICKS = 4
"""Timer ticks per limit: a stuck call is stopped within ``1 + 1 / TICKS`` times the limit."""


class NoAnswer(BaseException):
    """Raised inside a user's function that has run past the limit.

    A BaseException, so that a strategy's own ``except Exception`` does not swallow it.
    """

    def __init__(self, seconds: float) -> None:
        super().__init__(f"gave no answer within {seconds:g} s")
        self.seconds = seconds


@dataclass
class _Watch:
    """What the timer sees: calls started so far, whether one is running, the ticks it has
    run through."""

    limit: float | None = None  # --timeout; None: the default
    calls: int = 0
    asking: bool = False
    seen: int = -1
    ticks: int = 0
    active: bool = False


_watch = _Watch()


def set_timeout(seconds: float | None) -> float | None:
    """Set the time each call may take (None: the default, 0: no limit); return ``seconds``."""
    _watch.limit = seconds
    return seconds


SETTER = f"{__name__}.{set_timeout.__name__}"
"""How messages name :func:`set_timeout` (the command line shows ``--timeout``)."""


def limit() -> float | None:
    """Return the seconds each call may take now, or None for no limit."""
    if _watch.limit is None:
        return None if sys.stdin is None or sys.stdin.isatty() else UNATTENDED
    return _watch.limit or None


def call(function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """Return ``function(*args)``, the call watched where a :func:`watching` block is open."""
    _watch.calls += 1
    _watch.asking = True
    try:
        return function(*args)
    finally:
        _watch.asking = False


@contextlib.contextmanager
def watching() -> Iterator[None]:
    """Interrupt any :func:`call` in this block that runs past :func:`limit` (see the module)."""
    seconds = limit()
    if (
        seconds is None
        or _watch.active
        or not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def tick(signum: int, frame: FrameType | None) -> None:
        if not _watch.asking or _watch.calls != _watch.seen:
            _watch.seen, _watch.ticks = _watch.calls, 0
            return
        _watch.ticks += 1
        if _watch.ticks >= TICKS:
            raise NoAnswer(seconds)

    previous = signal.signal(signal.SIGALRM, tick)
    _watch.active, _watch.seen, _watch.ticks = True, -1, 0
    signal.setitimer(signal.ITIMER_REAL, seconds / TICKS, seconds / TICKS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL if previous is None else previous)
        _watch.active = False
