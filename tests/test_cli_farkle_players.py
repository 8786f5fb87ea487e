"""Farkle with three players at the command line: compute, query, info and verify; the README's
figure; what is not served yet, refused in one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app

runner = CliRunner()
THREE = ("--game", "farkle", "--players", "3", "--goal", "2000")


def run(*args: str):
    return runner.invoke(app, list(args))


def test_compute_query_info_verify(workdir: Path) -> None:
    computed = run("compute", *THREE)
    assert computed.exit_code == 0, computed.output
    assert (workdir / "data" / "farkle-farkle-3p-goal2000.h5").is_file()
    seats = re.search(r"seats=\(([^)]*)\)", computed.stdout).group(1)
    readme = (Path(__file__).parents[1] / "README.md").read_text()
    assert f"seats=({seats})" in readme  # the README's figure is this command's
    query = run("query", *THREE, "0", "0", "0", "300", "3")
    assert query.exit_code == 0, query.output
    assert query.stdout.splitlines()[0].startswith("win probability 0.3")
    rolled = run("query", *THREE, "0", "0", "0", "0", "6", "--roll", "1,5,5,2,3,4")
    assert rolled.exit_code == 0 and "best: 1" in rolled.stdout
    info = run("info", *THREE)
    assert info.exit_code == 0 and "coins" in info.stdout
    verify = run("verify", *THREE)
    assert verify.exit_code == 0 and "chances add up to 1" in verify.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("query", *THREE, "0", "0", "300", "3"), "5 numbers"),
        (("compute", "--game", "facebook-farkle", "--players", "3", "--goal", "1000"), "penalty"),
        (("compare", "optimal", "max-score", *THREE), "--players is not an option"),
    ],
)
def test_refusals_are_one_line(workdir: Path, args: tuple[str, ...], words: str) -> None:
    result = run(*args)
    assert result.exit_code != 0
    assert words in result.output and len(result.output.strip().splitlines()) == 1


def test_a_three_player_table_is_not_compared(workdir: Path) -> None:
    assert run("compute", *THREE).exit_code == 0
    table = "data/farkle-farkle-3p-goal2000.h5"
    exported = ("export", "--what", "probabilities", "--out", "x.csv")
    for args in (("compare", "optimal", "max-score"), exported):
        result = run(*args, "--game", "farkle", "--table", table)
        assert result.exit_code == 2 and "are for 2 players" in result.output


def test_a_solve_too_large_names_the_largest_goal_that_fits(workdir: Path) -> None:
    result = run("compute", "--game", "farkle", "--players", "5")
    assert result.exit_code == 1
    assert "the largest goal that fits is" in result.output
    assert "`pigsolve compute --game farkle --goal" in result.output
    assert "--players 5`" in result.output and len(result.output.strip().splitlines()) == 1
