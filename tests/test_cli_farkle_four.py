"""Farkle with four players at the command line: compute, query, play and simulate at a small
goal; a goal too large for the machine refused in one line naming the largest that fits and a
store."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_cli_farkle import hinted_moves
from typer.testing import CliRunner

import pigsolve
from pigsolve.cli import app

runner = CliRunner()
FOUR = ("--game", "farkle", "--players", "4", "--goal", "500")


def run(*args: str, stdin: str | None = None):
    return runner.invoke(app, list(args), input=stdin)


def test_compute_and_query(workdir: Path) -> None:
    computed = run("compute", *FOUR)
    assert computed.exit_code == 0, computed.output
    assert (workdir / "data" / "farkle-farkle-4p-goal500.h5").is_file()
    seats = [float(p) for p in re.search(r"seats=\(([^)]*)\)", computed.stdout)[1].split(", ")]
    assert len(seats) == 4 and sum(seats) == pytest.approx(1, abs=1e-5)
    assert seats == sorted(seats, reverse=True)  # the earlier seat, the better
    query = run("query", *FOUR, "0", "0", "0", "0", "300", "3")
    assert query.exit_code == 0, query.output
    first, chances = query.stdout.splitlines()[:2]
    found = [float(p) for p in chances.split(": ")[1].split(", ")]
    assert len(found) == 4 and sum(found) == pytest.approx(1, abs=1e-5)
    assert found[0] == float(first.split()[2].rstrip(";"))


@pytest.mark.slow
def test_a_four_player_game_at_the_terminal(workdir: Path) -> None:
    """You first, the optimal player in the other three seats, hints to the end."""
    rules = pigsolve.game("farkle", goal=500, players=4)
    moves = hinted_moves(2, rules)
    args = ("play", *FOUR, "--opponent", "optimal", "--hints", "--seed", "2")
    result = run(*args, stdin="\n".join(moves) + "\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "your turn (you 0, optimal 2 0, optimal 3 0, optimal 4 0)"
    assert lines[-1] in ("you won.", *(f"optimal {seat} won." for seat in (2, 3, 4)))
    assert len([line for line in lines if line.startswith("Hint: ")]) == len(moves)


@pytest.mark.slow
def test_simulate_four_players_from_a_table_of_own_rules(workdir: Path) -> None:
    """A table of a game file's rules is read without the file (it names the rules)."""
    Path("three.toml").write_text('base = "farkle"\ngoal = 500\ndice = 3\n')
    computed = run("compute", "--game", "three.toml", "--players", "4", "--out", "t.h5")
    assert computed.exit_code == 0, computed.output
    Path("three.toml").unlink()
    args = ("--table", "t.h5", "--games", "80", "--seed", "1")
    result = run("simulate", "optimal", "optimal", "bank:300", "max-score", *args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split(": won")[0] for line in lines[:4]] == [
        "seat 1, optimal",
        "seat 2, optimal",
        "seat 3, bank:300",
        "seat 4, max-score",
    ]
    assert lines[-1] == "80 games, the first move passing round the table"


def test_a_goal_too_large_names_the_largest_that_fits_and_the_store(workdir: Path) -> None:
    result = run("compute", "--game", "farkle", "--players", "4", "--memory-limit", "24")
    assert result.exit_code == 1
    words = result.output.strip()
    assert len(words.splitlines()) == 1 and "needs about 167 GiB" in words
    fits = "the largest goal that fits is 6150: `pigsolve compute --game farkle --goal 6150 "
    assert fits in words
    assert "--players 4 --store farkle.zarr --scheduler tcp://HOST:8786`" in words
