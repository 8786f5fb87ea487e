"""A strategy file cannot escape its process: loops at import, signals ignored, exceptions
swallowed, ``os._exit``, ``fork``, memory growth and odd answers each end the command in one
line naming the file and the state, and leave no process behind."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

STRATEGIES = {
    "import_loop": """
mark()
spin()


def strategy(score, opponent_score, turn_total):
    return True
""",
    "ignores": """
signal.signal(signal.SIGALRM, signal.SIG_IGN)


def strategy(score, opponent_score, turn_total):
    mark()
    if turn_total > 5:
        spin()
    return True
""",
    "swallows": """
def strategy(score, opponent_score, turn_total):
    mark()
    while turn_total > 5:
        try:
            spin()
            break
        except BaseException:
            continue
    return True
""",
    "leaves": """
def strategy(score, opponent_score, turn_total):
    mark()
    os._exit(0)
""",
    "forks": """
def strategy(score, opponent_score, turn_total):
    copy = os.fork()
    if copy == 0:
        spin()  # the copy loops
        os._exit(0)
    mark(os.getpid(), copy)
    return True
""",
    "grows": """
KEPT = []


def strategy(score, opponent_score, turn_total):
    mark()
    KEPT.append(bytearray(2**20))
    return True
""",
    "weird": """
class Weird:
    def __eq__(self, other):
        raise RuntimeError("no comparing me")

    __hash__ = object.__hash__

    def __bool__(self):
        raise RuntimeError("no truth in me")

    def __int__(self):
        raise RuntimeError("no number in me")

    __index__ = __int__

    def __repr__(self):
        raise RuntimeError("no words for me")


def strategy(score, opponent_score, turn_total):
    mark()
    return Weird()
""",
}
COMMON = """
import os
import signal
import time


def mark(*pids):
    # each process the strategy runs in writes its pid, to be looked for after the command
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "pids"), "a") as file:
        file.write("".join(f"{pid}\\n" for pid in pids or [os.getpid()]))


def spin():
    # bounded, so that a process left behind by a broken sandbox ends by itself, later
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        pass
"""
TIMED_OUT = "(--timeout SECONDS gives it longer; 0: no limit)"
ENDINGS = {
    "import_loop": re.escape(f"gave no answer within 1 s when imported {TIMED_OUT}"),
    "ignores": re.escape(f"gave no answer within 1 s when asked strategy(0, 0, 6) {TIMED_OUT}"),
    "swallows": re.escape(f"gave no answer within 1 s when asked strategy(0, 0, 6) {TIMED_OUT}"),
    "leaves": re.escape("exited (code 0) when asked strategy(0, 0, 1)"),
    "forks": re.escape(
        "forked (os.fork) when asked strategy(0, 0, 1): a strategy answers from one process"
    ),
    "grows": r"ran out of its 64 MiB of memory when asked strategy\(\d+, \d+, \d+\) "
    + re.escape("(--memory MIB gives it more; 0: no limit)"),
}


def running(pid: int) -> bool:
    """Return True while ``pid`` runs (a zombie waiting for its parent does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


def left_behind(pids: list[int], deadline: float = 60.0) -> list[int]:
    """Return the pids still running once they all ended, or after ``deadline`` seconds."""
    end = time.monotonic() + deadline
    while any(running(pid) for pid in pids) and time.monotonic() < end:
        time.sleep(0.05)
    return [pid for pid in pids if running(pid)]


@pytest.mark.parametrize("name", list(ENDINGS))
def test_an_escape_ends_in_one_line_naming_the_file_and_leaves_no_process(
    pigsolve, workdir: Path, name: str
) -> None:
    path = workdir / f"{name}.py"
    path.write_text(COMMON + STRATEGIES[name])
    result = pigsolve(
        "compare",
        f"{path}:strategy",
        "hold20",
        "--goal",
        "30",
        "--timeout",
        "1",
        "--memory",
        "64",
        cwd=workdir,
        timeout=240,
    )
    assert result.returncode == 1, result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr  # no traceback, nothing else
    assert re.fullmatch(f"error: {re.escape(str(path))} {ENDINGS[name]}", lines[0]), lines[0]
    pids = [int(line) for line in (workdir / "pids").read_text().split()]
    assert pids and left_behind(pids) == []
    if name == "forks":
        assert len(set(pids)) == 2  # the process asked and its copy: both gone


def test_an_answer_that_cannot_be_compared_or_shown_is_one_line(pigsolve, workdir: Path) -> None:
    # its __eq__ raising made "internal error (...); please report it"
    path = workdir / "weird.py"
    path.write_text(COMMON + STRATEGIES["weird"])
    result = pigsolve("compare", f"{path}:strategy", "hold20", "--goal", "30", timeout=240)
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines() == [
        "error: strategy(0, 0, 1) returned <Weird object> (True to roll, False to hold)"
    ]
    pids = [int(line) for line in (workdir / "pids").read_text().split()]
    assert left_behind(pids) == []


def test_a_hog_answer_of_a_class_of_its_own_is_refused_like_61a(pigsolve, workdir: Path) -> None:
    (workdir / "mine.py").write_text(
        "class Rolls(int):\n    def __eq__(self, other):\n        raise TypeError('no')\n\n\n"
        "def strategy(score, opponent_score):\n    return Rolls(4)\n"
    )
    result = pigsolve("hog", "compare", "mine.py:strategy", "always4", "--goal", "20")
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines() == [
        "error: strategy(0, 0) returned Rolls(4) (invalid number of rolls)"
    ]
