"""A student's strategy file kept in its place: its prints, its randomness, its exits, Ctrl-C."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app

runner = CliRunner()

STRATEGIES = """
import random
import sys

print("imported")


def chatty(score, opponent_score, turn_total):
    print("asked", score, opponent_score, turn_total)
    return turn_total < 20


def randy(score, opponent_score, turn_total):
    return random.random() < 0.5


def ones(score, opponent_score, turn_total):
    return 1 if turn_total < 20 else 0


def hold20(score, opponent_score, turn_total):
    return turn_total < 20


def quits(score, opponent_score, turn_total):
    sys.exit(3)


def loops(score, opponent_score, turn_total):
    if turn_total > 5:
        open("looping", "w").close()
        while True:
            pass
    return True


def hog_randy(score, opponent_score):
    return random.randint(1, 10)


def hog_loops(score, opponent_score):
    while opponent_score > 2:
        pass
    return 4
"""


@pytest.fixture
def mine(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.py").write_text(STRATEGIES)
    return tmp_path / "mine.py"


def compare(*args: str):
    return runner.invoke(app, ["compare", *args, "--goal", "30"])


def test_what_the_function_prints_never_reaches_stdout(mine: Path) -> None:
    result = compare(f"{mine}:chatty", "hold20", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["a"] == f"{mine}:chatty"  # stdout is valid JSON
    assert "imported" in result.stderr
    summaries = [line for line in result.stderr.splitlines() if "printed" in line]
    assert len(summaries) == 1 and "'asked 0 0 1'" in summaries[0]


def test_a_random_function_is_refused_naming_the_state(mine: Path) -> None:
    result = compare(f"{mine}:randy", "hold20")
    assert result.exit_code == 1
    assert result.stderr.startswith("imported\nerror: randy(0, 0, ")
    assert (
        "not a deterministic strategy: exact evaluation needs one; use `simulate`" in result.stderr
    )
    assert len(result.stderr.splitlines()) == 2


def test_a_random_hog_strategy_is_refused(mine: Path) -> None:
    result = runner.invoke(app, ["hog", "compare", f"{mine}:hog_randy", "always4"])
    assert result.exit_code == 1
    assert "error: hog_randy(0, " in result.stderr  # a state of the first row
    assert "not a deterministic strategy" in result.stderr


def test_ones_and_zeros_play_as_true_and_false(mine: Path) -> None:
    ones = compare(f"{mine}:ones", "hold25", "--json")
    booleans = compare(f"{mine}:hold20", "hold25", "--json")
    assert ones.exit_code == 0, ones.stderr
    ones_result, booleans_result = json.loads(ones.stdout), json.loads(booleans.stdout)
    assert ones_result["average"] == booleans_result["average"]


def test_sys_exit_inside_the_function_is_one_line(mine: Path) -> None:
    result = compare(f"{mine}:quits", "hold20")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == "error: quits(0, 0, 1) raised SystemExit (sys.exit(3))"


def test_a_file_without_a_function_lists_the_functions_it_defines(mine: Path) -> None:
    result = compare(str(mine), "hold20")
    assert result.exit_code == 2
    line = result.stderr.splitlines()[-1]
    assert line.startswith(f"error: {mine}: name the function to play, e.g. {mine}:chatty")
    assert line.endswith(
        "it defines chatty, randy, ones, hold20, quits, loops, hog_randy, hog_loops"
    )


@pytest.mark.slow
def test_ctrl_c_while_tabulating_names_the_state_being_asked(mine: Path) -> None:
    # stderr is a terminal (a pty): the progress line shows; SIGINT arrives inside `loops`,
    # once it has said (in a file) that it is looping.
    controller, terminal = pty.openpty()
    command = [sys.executable, "-m", "pigsolve", "compare", f"{mine}:loops", "hold20"]
    process = subprocess.Popen(
        [*command, "--goal", "10", "--timeout", "0"],  # stdin is no terminal: 10 s by default
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=terminal,
        # as at a terminal: a shell without job control starts background jobs ignoring SIGINT,
        # and a pytest run so started would pass that on, so Ctrl-C would never arrive
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.close(terminal)
    seen, deadline = b"", time.monotonic() + 120
    try:
        while not (mine.parent / "looping").exists() and time.monotonic() < deadline:
            if select.select([controller], [], [], 1)[0]:
                seen += os.read(controller, 1024)
        assert (mine.parent / "looping").exists(), seen
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=60) == 130
        while select.select([controller], [], [], 1)[0]:
            try:
                seen += os.read(controller, 1024)
            except OSError:
                break
    finally:
        process.kill()
        process.wait(timeout=60)
        process.stdout.close()
        os.close(controller)
    assert b"asking " + f"{mine}:loops".encode() + b" in every state" in seen
    assert b"interrupted while asking loops(0, 0, 6)" in seen


def test_a_hog_strategy_given_to_pig_is_pointed_to_the_hog_commands(mine: Path) -> None:
    # it said only "must take 3 or 4 arguments", leaving a CS 61A student to guess why
    result = compare(f"{mine}:hog_randy", "hold20")
    assert result.exit_code == 2  # a usage error: the player named does not fit the game
    assert result.stderr.splitlines()[-1] == (
        f"error: {mine}:hog_randy must take 3 or 4 arguments; this looks like a Hog strategy "
        f"(score, opponent_score): use `pigsolve compare {mine}:hog_randy ... --game hog-fa16` (or "
        "another command with --game hog-fa16)"
    )


def test_a_pig_strategy_given_to_hog_is_pointed_to_the_pig_commands(mine: Path) -> None:
    result = runner.invoke(app, ["hog", "compare", f"{mine}:hold20", "always4"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1].endswith(
        "must take 2 arguments; this looks like a Pig strategy (score, opponent_score, "
        f"turn_total): use `pigsolve compare {mine}:hold20 ...` (or another Pig command)"
    )


TIMED_OUT = "(--timeout SECONDS gives it longer; 0: no limit)"


@pytest.mark.parametrize(
    ("command", "stdin", "state"),
    [
        (["compare", "{mine}:loops", "hold20", "--goal", "10"], None, "loops(0, 0, 6)"),
        # in play the opponent is asked as it moves: you roll 6 and hold, it rolls 6 and loops
        (["play", "--opponent", "{mine}:loops", "--you", "1"], "h\n", "loops(0, 6, 6)"),
        (
            ["hog", "compare", "{mine}:hog_loops", "always4", "--goal", "10"],
            None,
            "hog_loops(0, 3)",
        ),
    ],
)
def test_a_strategy_stuck_in_a_loop_is_stopped_naming_the_state(
    pigsolve, mine: Path, command: list[str], stdin: str | None, state: str
) -> None:
    # a strategy in `while True: pass` hung the command for good where no one could press Ctrl-C
    (mine.parent / "rolls.txt").write_text("6 " * 10)
    args = [arg.format(mine=mine) for arg in command]
    if "play" in args:
        args += ["--rolls", str(mine.parent / "rolls.txt")]
    result = pigsolve(*args, "--timeout", "1", stdin=stdin, cwd=mine.parent, timeout=120)
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines()[-1] == (
        f"error: {mine} gave no answer within 1 s when asked {state} {TIMED_OUT}"
    )


@pytest.mark.parametrize(
    "command",
    [
        ["compare"],
        ["simulate"],
        ["play"],
        ["tune"],
        ["hog", "compare"],
        ["hog", "simulate"],
        ["hog", "play"],
        ["hog", "tune"],
    ],
)
def test_every_command_taking_a_strategy_takes_a_timeout(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"])
    assert result.exit_code == 0
    assert "--timeout SECONDS" in result.stdout
