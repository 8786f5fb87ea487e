"""`pigsolve play` of Zombie Dice at the terminal, through the generic front: moves typed on
standard input to the game's end, a move refused in one line, and the optimal table's hints."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import pigsolve
from pigsolve.cli import app
from pigsolve.policies.zombie.players import optimal_player
from pigsolve.solver.zombie.play import ZombiePlay
from pigsolve.solver.zombie.solution import solve

runner = CliRunner()
SMALL = """base = "zombie-dice"
goal = 5
[[dice]]
colour = "green"
count = 4
brains = 3
feet = 2
shotguns = 1
[[dice]]
colour = "red"
count = 3
brains = 1
feet = 2
shotguns = 3
"""
"""Seven dice: its table is made in a moment."""
ENDS = ("you won.", "shotguns:2 won.", "optimal won.", "A draw.")


def play(*args: str, stdin: str):
    return runner.invoke(app, ["play", *args], input=stdin)


def game_args(workdir: Path, boxed: bool) -> tuple[str, ...]:
    """The game: the boxed one at goal 5, or the seven dice's (written to ``workdir``)."""
    if boxed:
        return ("--game", "zombie-dice", "--goal", "5")
    (workdir / "small.toml").write_text(SMALL)
    return ("--game", "small.toml")


@pytest.mark.parametrize("boxed", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_moves_typed_play_to_the_end(workdir: Path, boxed: bool) -> None:
    args = (*game_args(workdir, boxed), "--opponent", "shotguns:2", "--seed", "1")
    result = play(*args, stdin="jump\n" + "roll\nstop\n" * 100)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "your turn (you 0, shotguns:2 0)"
    assert lines[1].startswith("you draw ") and lines[2].startswith("you roll ")
    assert "'jump' is not a move: roll or stop" in result.stdout  # then asked again
    assert result.stdout.count("Your move (roll, stop): ") >= 2
    assert "shotguns:2's turn" in result.stdout
    assert lines[-2].startswith("the game ends") and lines[-1] in ENDS


def hinted_moves(rules, seed: int) -> list[tuple[str, dict[str, float]]]:
    """Return the person's moves with the advice before each, the person taking every hint
    against the optimal player, in the seeded game of ``rules`` to its end."""
    solution = solve(rules)
    other, played = optimal_player(solution), ZombiePlay(rules, np.random.default_rng(seed))
    game, moves = played.game, []
    game.start()
    while not game.over:
        if game.player == 0:
            moves.append(played.advice(solution))
            game.apply(moves[-1][0])
        else:
            game.apply(other.choose(game.view))
    return moves


@pytest.mark.parametrize("boxed", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_hints_show_the_optimal_advice(workdir: Path, boxed: bool) -> None:
    args = game_args(workdir, boxed)
    rules = pigsolve.game(args[1], goal=5)
    moves = hinted_moves(rules, seed=4)
    stdin = "".join(f"{best}\n" for best, _ in moves)
    result = play(*args, "--opponent", "optimal", "--hints", "--seed", "4", stdin=stdin)
    assert result.exit_code == 0, result.output
    hints = [line.split("Hint: ")[1] for line in result.stdout.splitlines() if "Hint: " in line]
    assert hints == [
        f"{best} (stop {values['stop']:.1%}, roll {values['roll']:.1%})" for best, values in moves
    ]
    assert result.stdout.splitlines()[-1] in ENDS
