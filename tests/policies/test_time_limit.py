"""The time limit on each call of a user's function: a stuck call is stopped, quick ones never."""

from __future__ import annotations

import io
import signal
import time
from collections.abc import Iterator

import pytest

from pigsolve.policies import time_limit


@pytest.fixture(autouse=True)
def default_limit() -> Iterator[None]:
    yield
    time_limit.set_timeout(None)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def spin(seconds: float = 60.0) -> str:
    """Loop in pure Python (bounded, so a broken limit fails the test instead of hanging it)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        pass
    return "finished"


def test_the_default_is_a_limit_unattended_and_none_at_a_terminal(monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO())
    assert time_limit.limit() == time_limit.UNATTENDED
    monkeypatch.setattr("sys.stdin", Terminal())
    assert time_limit.limit() is None
    time_limit.set_timeout(2.5)
    assert time_limit.limit() == 2.5
    time_limit.set_timeout(0)
    assert time_limit.limit() is None


def test_a_call_looping_in_pure_python_is_stopped() -> None:
    time_limit.set_timeout(0.2)
    with time_limit.watching(), pytest.raises(time_limit.NoAnswer, match=r"within 0\.2 s"):
        time_limit.call(spin, ())


def test_a_call_swallowing_exceptions_is_stopped_all_the_same() -> None:
    def stubborn() -> str:
        while True:
            try:
                return spin()
            except Exception:  # what a student might write; NoAnswer is no Exception
                continue

    time_limit.set_timeout(0.2)
    with time_limit.watching(), pytest.raises(time_limit.NoAnswer):
        time_limit.call(stubborn, ())


def test_quick_calls_in_a_block_longer_than_the_limit_are_never_stopped() -> None:
    # the limit is per call: 30 calls of 0.05 s each run 1.5 s under a limit of 1 s
    time_limit.set_timeout(1.0)
    with time_limit.watching():
        answers = [time_limit.call(spin, (0.05,)) for _ in range(30)]
    assert answers == ["finished"] * 30


def test_the_block_leaves_the_timer_off_and_the_handler_as_it_was() -> None:
    def mine(signum, frame) -> None:
        pass

    previous = signal.signal(signal.SIGALRM, mine)
    try:
        time_limit.set_timeout(0.2)
        with time_limit.watching(), pytest.raises(time_limit.NoAnswer):
            time_limit.call(spin, ())
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
        assert signal.getsignal(signal.SIGALRM) is mine
    finally:
        signal.signal(signal.SIGALRM, previous)


def test_without_a_limit_nothing_is_armed() -> None:
    time_limit.set_timeout(0)
    with time_limit.watching():
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
        assert time_limit.call(spin, (0.01,)) == "finished"
