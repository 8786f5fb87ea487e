"""The `pigsolve` console script itself: version, help, and usage errors on one line."""

from __future__ import annotations

import subprocess
import sys

import pytest

from solver import __version__


def pigsolve(*args: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-c", "import cli; cli.run()", *args]
    return subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL)


def test_version() -> None:
    result = pigsolve("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"pigsolve {__version__}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["compute", "--goal", "abc"], "error: Invalid value for '--goal'"),
        (["compute", "--bogus"], "error: No such option: --bogus"),
        (["frobnicate"], "error: No such command 'frobnicate'."),
        (["query", "1", "2"], "error: Missing argument 'k'."),
    ],
)
def test_usage_errors_are_one_line_with_exit_2(args: list[str], message: str) -> None:
    result = pigsolve(*args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(message) and "--help" in result.stderr


def test_bare_command_shows_help() -> None:
    result = pigsolve()
    shown = result.stdout + result.stderr
    assert "Usage: pigsolve" in shown and "compute" in shown and "hog" in shown
