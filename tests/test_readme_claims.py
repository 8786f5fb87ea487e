"""What README says about the commands is what they do (issue 18, item 7)."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from pigsolve.cli import app

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()
runner = CliRunner()


def test_tune_prints_the_best_eleven_as_readme_says(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["tune", "hold", "--goal", "30"], terminal_width=200)
    ranked = re.findall(r"^│ (\d+) +│", result.stdout, flags=re.MULTILINE)
    assert ranked == [str(place) for place in range(1, 12)]
    assert "print the best eleven" in " ".join(README.split())


def test_the_four_player_time_is_given_once() -> None:
    assert "290 s" not in README
    assert README.count("368") == 2  # the bench row and the sentence that cites it


def test_the_rolls_file_of_the_example_is_made_by_a_command_before_it() -> None:
    made = README.index("> rolls.txt")
    assert made < README.index("--rolls rolls.txt")


def test_the_plot_synopsis_says_slice_needs_an_opponent() -> None:
    assert "`pigsolve plot --kind\nslice --opponent J --out FILE`" in README
    assert "[--opponent J]" not in README
