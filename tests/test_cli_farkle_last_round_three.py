"""Three-player Farkle with the last round at the command line: compute and query a last-round
state, info, a game at the terminal with hints through the last round, four players refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cli_farkle import hinted_moves
from typer.testing import CliRunner

import pigsolve
from pigsolve.cli import app
from pigsolve.solver.farkle.last_round_three import last_round_values

runner = CliRunner()
GAME = 'base = "farkle"\ndice = 3\ngoal = 500\nlast_turn = true\n'
THREE = ("--game", "lt3.toml", "--players", "3")


def run(*args: str, stdin: str | None = None):
    return runner.invoke(app, list(args), input=stdin)


@pytest.fixture
def game_file(workdir: Path) -> Path:
    (workdir / "lt3.toml").write_text(GAME)
    return workdir


@pytest.mark.slow
def test_compute_then_query_a_last_round_state(game_file: Path) -> None:
    """B's last turn at 250 against A's 600, C at 100: every seat's chance, B's first."""
    computed = run("compute", *THREE)
    assert computed.exit_code == 0, computed.output
    assert "last_turn=True" in computed.stdout
    query = run("query", *THREE, "250", "100", "600", "0", "3")
    assert query.exit_code == 0, query.output
    first, seats = query.stdout.splitlines()[:2]
    rules = pigsolve.game("farkle", goal=500, dice=3, players=3, last_turn=True)
    expected = last_round_values(rules, (5, 2, 12))
    assert first.startswith(f"win probability {expected[0]:.6f}")
    assert seats.endswith(", ".join(f"{p:.6f}" for p in expected))
    rolled = run("query", *THREE, "100", "600", "250", "100", "2", "--roll", "1,5")
    assert rolled.exit_code == 0 and "best: 1 5" in rolled.stdout  # C keeps both, rolls on
    info = run("info", *THREE)
    assert info.exit_code == 0 and "ceiling" in info.stdout


@pytest.mark.slow
def test_a_game_with_the_last_round_at_the_terminal(game_file: Path) -> None:
    """You take every hint; your bank to 750 gives each optimal opponent one more turn."""
    rules = pigsolve.game("farkle", goal=500, dice=3, players=3, last_turn=True)
    moves = hinted_moves(4, rules)
    result = run("play", *THREE, "--opponent", "optimal", "--hints", "--seed", "4",
                 stdin="\n".join(moves) + "\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len([line for line in lines if line.startswith("Hint: ")]) == len(moves)
    assert "you bank 300: score 750" in result.stdout
    assert "optimal 3's turn (you 750, optimal 2 150, optimal 3 200)" in result.stdout
    assert lines[-1] == "you won."


@pytest.mark.parametrize("command", ["compute", "query"])
def test_four_players_are_refused_in_one_line(game_file: Path, command: str) -> None:
    args = ("0", "0", "0", "0", "0", "3") if command == "query" else ()
    result = run(command, "--game", "lt3.toml", "--players", "4", *args)
    assert result.exit_code != 0
    assert "solved for 2 and 3 players" in result.output
    assert len(result.output.strip().splitlines()) == 1
