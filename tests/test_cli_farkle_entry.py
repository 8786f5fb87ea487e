"""Farkle's opening score at the command line: a game file with ``entry`` through compute,
query, compare and simulate, and its refusal with the three-farkle penalty."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import pigsolve
from pigsolve.cli import app

runner = CliRunner()
ENTRY = 'base = "farkle"\ngoal = 1000\ndice = 3\nentry = 500\n'


def run(*args: str):
    return runner.invoke(app, list(args))


def test_a_file_with_an_opening_score(workdir: Path) -> None:
    (workdir / "house.toml").write_text(ENTRY)
    game = ("--game", "house.toml")
    rules = pigsolve.game("farkle", goal=1000, dice=3, entry=500)
    expected = pigsolve.solve(rules).p_first_player
    assert expected != pigsolve.solve(pigsolve.game("farkle", goal=1000, dice=3)).p_first_player
    result = run("compute", *game)
    assert result.exit_code == 0, result.output
    result = run("query", *game, "0", "0", "0", "3")
    assert result.exit_code == 0 and result.output.startswith(f"win probability {expected:.6f}")
    result = run("query", *game, "0", "0", "450", "1")  # below the opening score: no bank
    assert result.exit_code == 0 and "bank" not in result.output, result.output
    result = run("query", *game, "50", "0", "450", "1")  # on the board: it banks
    assert result.exit_code == 0 and "best: bank" in result.output, result.output
    result = run("compare", "optimal", "max-score", *game)
    assert result.exit_code == 0 and "optimal beats max-score" in result.output, result.output
    args = ("simulate", "bank:300", "optimal", *game, "--games", "200", "--json")
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 200


def test_an_opening_score_with_the_penalty_is_one_line(workdir: Path) -> None:
    (workdir / "house.toml").write_text('base = "facebook-farkle"\ngoal = 1000\nentry = 500\n')
    result = run("compute", "--game", "house.toml")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "entry and farkle_penalty cannot go together" in result.stderr
