"""The limits on a user's function: its time per call, its memory; quick calls never stopped."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from pigsolve.solver.sandbox import time_limit
from pigsolve.solver.sandbox.function import UserFunction


@pytest.fixture(autouse=True)
def default_limits() -> Iterator[None]:
    yield
    time_limit.set_timeout(None)
    time_limit.set_memory(None)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_default_is_a_limit_unattended_and_none_at_a_terminal(monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO())
    assert time_limit.limit() == time_limit.UNATTENDED
    monkeypatch.setattr("sys.stdin", Terminal())
    assert time_limit.limit() is None
    time_limit.set_timeout(2.5)
    assert time_limit.limit() == 2.5
    time_limit.set_timeout(0)
    assert time_limit.limit() is None


def test_the_memory_is_limited_unless_told_otherwise() -> None:
    assert time_limit.memory() == time_limit.MEMORY == 1024
    time_limit.set_memory(200)
    assert time_limit.memory() == 200
    time_limit.set_memory(0)
    assert time_limit.memory() is None


def test_quick_calls_in_a_request_longer_than_the_limit_are_never_stopped(tmp_path: Path) -> None:
    # the limit is per call: 24 calls of 0.05 s each run 1.2 s under a limit of 1 s
    (tmp_path / "slow.py").write_text(
        "import time\n\ndef slow(score, opponent_score):\n    time.sleep(0.05)\n    return 4\n"
    )
    time_limit.set_timeout(1.0)
    function = UserFunction(f"{tmp_path / 'slow.py'}:slow", (2,))
    try:
        answers = function.ask_all([(0, o) for o in range(12)], lambda args, answer: answer)
    finally:
        function.close()
    assert answers == [4] * 12
