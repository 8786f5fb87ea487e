"""`--game my_rules.py`: a Hog rules file through every command's front door, its table found
again and read without it, and every way a file can fail in one line."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "tests" / "data" / "rules" / "my_rules.py"
"""The docs' example file (docs/how-to/hog-rules-file.md shows it)."""
PAGE = ROOT / "docs" / "how-to" / "hog-rules-file.md"
GAME = ["--game", "my_rules.py", "--goal", "20"]


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture
def mine(workdir: Path) -> Path:
    return Path(shutil.copy(EXAMPLE, workdir / "my_rules.py"))


def test_the_docs_show_the_example_file() -> None:
    shown = re.search(r'```python title="my_rules.py"\n(.*?)```', PAGE.read_text(), re.DOTALL)
    assert shown is not None and shown.group(1) == EXAMPLE.read_text()


def test_the_next_command_finds_the_table_and_a_stored_table_needs_no_file(
    mine: Path, workdir: Path
) -> None:
    computed = run("compute", *GAME)
    assert computed.exit_code == 0, computed.output
    (path,) = (workdir / "data").glob("hog-my-rules-*-goal20.h5")
    assert f"wrote data/{path.name}" in computed.stdout
    asked = run("query", "0", "0", *GAME, "--json")
    assert asked.exit_code == 0, asked.output
    assert "computing" not in asked.stderr  # the table computed is found again
    mine.rename(workdir / "elsewhere.py")
    stored = run("query", "0", "0", "--table", str(path), "--json")
    assert stored.exit_code == 0, stored.output
    assert stored.stdout == asked.stdout
    assert '"rules": "my_rules.py", "goal": 20' in stored.stdout


def test_the_goal_is_the_tables(mine: Path) -> None:
    ten, twenty = (run("compute", "--game", "my_rules.py", "--goal", g) for g in ("10", "20"))
    assert ten.stdout.startswith("my_rules.py goal 10: ") and twenty.stdout.startswith(
        "my_rules.py goal 20: "
    )
    assert sorted(p.name[-10:] for p in Path("data").iterdir()) == ["-goal10.h5", "-goal20.h5"]


def test_players_play_by_the_file_s_rules(mine: Path) -> None:
    compared = run("compare", "optimal", "always4", *GAME, "--json")
    assert compared.exit_code == 0, compared.output
    assert '"rules": "my_rules.py"' in compared.stdout


RULES = {
    "raises": "def zero_dice(score, opponent_score):\n    return 12 // (4 - score)\n",
    "sleeps": "import time\n\ndef zero_dice(score, opponent_score):\n    time.sleep(600)\n",
    "too many": "def zero_dice(score, opponent_score):\n    return 101\n",
    "negative": "def zero_dice(score, opponent_score):\n    return -1\n",
    "a float": "def zero_dice(score, opponent_score):\n    return 2.5\n",
    "None": "def zero_dice(score, opponent_score):\n    pass\n",
    "lowers": "def zero_dice(s, o):\n    return 1\n\ndef after_turn(score, opponent_score):\n"
    "    return score - 1 if score > 3 else score\n",
    "no zero_dice": "def free_bacon(score, opponent_score):\n    return 1\n",
    "import fails": "import no_such_module_anywhere\n",
    "exits": "import os\n\ndef zero_dice(score, opponent_score):\n    os._exit(3)\n",
}
SAID = {
    "raises": "zero_dice(4, 0) raised ZeroDivisionError: integer division or modulo by zero",
    "sleeps": "my_rules.py gave no answer within 0.5 s when asked zero_dice(0, 0) (--timeout",
    "too many": "zero_dice(0, 0) returned 101 (need an integer from 0 to 100)",
    "negative": "zero_dice(0, 0) returned -1 (need an integer from 0 to 100)",
    "a float": "zero_dice(0, 0) returned 2.5 (need an integer from 0 to 100)",
    "None": "zero_dice(0, 0) returned None (need an integer from 0 to 100)",
    "lowers": "after_turn(4, 0) returned 3 (need an integer, at least the score",
    "no zero_dice": "my_rules.py defines no zero_dice: a rules file defines zero_dice(score, "
    "opponent_score), and may define after_turn and extra_turn (it defines free_bacon)",
    "import fails": "my_rules.py: importing it raised ModuleNotFoundError",
    "exits": "my_rules.py exited (code 3) when asked zero_dice(0, 0)",
}


@pytest.mark.parametrize("name", list(RULES))
def test_a_file_that_misbehaves_is_one_line_naming_the_call(workdir: Path, name: str) -> None:
    (workdir / "my_rules.py").write_text(RULES[name])
    result = run("compute", *GAME, "--timeout", "0.5")
    assert result.exit_code in (1, 2), result.output
    assert result.stdout == ""
    assert result.stderr.splitlines() == [result.stderr.strip()]  # one line, no traceback
    assert result.stderr.startswith(f"error: {SAID[name]}"), result.stderr


@pytest.mark.parametrize(
    ("game", "said"),
    [
        ("missing.py", "no rules file at missing.py"),
        ("rules.txt", "rules.txt is not valid TOML"),  # only a .py file is Python
        ("rules.pyc", "unknown game 'rules.pyc'"),
    ],
)
def test_a_file_that_is_not_a_rules_file_is_one_line(workdir: Path, game: str, said: str) -> None:
    (workdir / "rules.txt").write_text(EXAMPLE.read_text())
    result = run("query", "0", "0", "--game", game)
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith(f"error: {said}"), result.stderr
