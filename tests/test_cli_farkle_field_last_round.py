"""Three-player Farkle's last round in `compare` and `tune` at the command line: turn players
in every seating, a tune against a field, four players refused, the how-to's figure."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import pigsolve
from pigsolve.cli import app
from pigsolve.policies import make_player
from pigsolve.solver.farkle.field import compare_seatings

runner = CliRunner()
GAME = 'base = "farkle"\ndice = 3\ngoal = 500\nlast_turn = true\nentry = 150\n'
THREE = ("--game", "lt3.toml", "--players", "3")
DOCS = Path(__file__).parents[1] / "docs" / "how-to" / "farkle.md"


@pytest.fixture
def game_file(workdir: Path) -> Path:
    (workdir / "lt3.toml").write_text(GAME)
    return workdir


def test_compare_turn_players_in_every_seating(game_file: Path) -> None:
    names = ["bank:300", "max-score", "bank:150"]
    result = runner.invoke(app, ["compare", *names, *THREE, "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    rules = pigsolve.game("farkle", goal=500, dice=3, players=3, last_turn=True, entry=150)
    expected = compare_seatings(rules, [make_player(rules, name) for name in names], names)
    assert np.allclose(np.sum(expected.probabilities, axis=1), 1.0)
    rows = expected.as_dict()["seatings"]
    assert [row["seating"] for row in found["seatings"]] == [row["seating"] for row in rows]
    for row, wanted in zip(found["seatings"], rows, strict=True):
        assert row["win_probability"] == pytest.approx(wanted["win_probability"], abs=1e-12)


@pytest.mark.slow
def test_tune_against_a_field(game_file: Path) -> None:
    """The optimal row beside the candidates computes the table (about 10 s)."""
    args = ["tune", "bank", *THREE, "--against", "max-score", "--range", "fifties=2:4"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "bank against max-score in the 2 other seats (3 candidates), exact" in result.stdout


def test_four_players_are_refused_in_one_line(game_file: Path) -> None:
    args = ["compare", "bank:300", "max-score", "bank:150", "bank:200", "--game", "lt3.toml"]
    result = runner.invoke(app, [*args, "--players", "4"])
    assert result.exit_code != 0
    assert "solved for 2 and 3 players" in result.output
    assert len(result.output.strip().splitlines()) == 1
