"""Every command through the front door: the tests' toy family (tests/coin_race.py), registered
only by its fixture, is computed, queried, compared, simulated and played by ``pigsolve`` with
no change outside the registry; Hog's games answer ``--game`` on the same commands as the
``pigsolve hog`` group, whose commands they are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pigsolve
from pigsolve.cli import app

runner = CliRunner()


def run(*args: str, stdin: str | None = None):
    return runner.invoke(app, list(args), input=stdin)


def test_the_toy_is_computed_and_queried(coin_race, workdir: Path) -> None:
    first = run("compute", "--game", "coin-race", "--goal", "5")
    assert first.exit_code == 0, first.output
    assert (workdir / "data" / "coin-race-goal5.h5").is_file()
    result = run("query", "0", "0", "--game", "coin-race", "--goal", "5", "--json")
    record = json.loads(result.stdout)
    solution = pigsolve.solve(pigsolve.game("coin-race", goal=5))
    assert record["win_probability"] == solution.win_probability((0, 0))
    assert record["best_action"] == solution.best_action((0, 0))
    assert record["action_values"] == solution.action_values((0, 0))


def test_the_toy_is_compared_simulated_and_listed(coin_race, workdir: Path) -> None:
    result = run("compare", "flip", "step", "--game", "coin-race", "--goal", "2", "--json")
    record = json.loads(result.stdout)
    assert record["a_first"] == pytest.approx(
        0.75, abs=1e-15
    )  # by hand: tests/solver/test_registry.py
    simulated = run("simulate", "flip", "step", "--game", "coin-race", "--goal", "2", "--seed", "4")
    assert simulated.exit_code == 0 and "exact 0.7500" in simulated.stdout
    listed = run("policies", "--game", "coin-race")
    assert [line.split("│")[1:3] for line in listed.stdout.splitlines()[3:6]] == [
        [" step    ", " always steps "],
        [" flip    ", " always flips "],
        [" optimal ", " the best     "],
    ]


def test_the_toy_is_played_at_the_terminal(coin_race, workdir: Path) -> None:
    moves = "flip\nroll\n" + "step\n" * 10
    result = run(
        "play",
        "--game",
        "coin-race",
        "--goal",
        "3",
        "--opponent",
        "step",
        "--seed",
        "1",
        "--hints",
        stdin=moves,
    )
    assert result.exit_code == 0, result.output
    assert "Hint: flip" in result.stdout and "action must be step or flip" in result.stdout
    assert result.stdout.rstrip().endswith(("you won.", "step won."))


def test_a_command_or_option_the_family_lacks_is_one_line(coin_race, workdir: Path) -> None:
    for args, message in [
        (("verify", "--game", "coin-race"), "verify does not serve coin-race: it has no check"),
        (("compute", "--game", "coin-race", "--die", "4"), "--die is not an option of coin-race"),
        (
            ("compute", "--game", "hog-fa16", "--players", "3"),
            "--players is not an option of hog-fa16",
        ),
        (("tune", "hold", "--game", "coin-race"), "the coin family has no players to tune"),
    ]:
        result = run(*args)
        assert result.exit_code == 2 and result.stderr.startswith(f"error: {message}"), (
            result.output
        )
        assert len(result.stderr.splitlines()) == 1


FORMS = [
    ("compute --game hog-su20 --goal 30", "hog compute --rules su20 --goal 30"),
    ("query 3 7 --game hog-fa16 --goal 30 --json", "hog query 3 7 --goal 30 --json"),
    ("compare always4 always6 --game hog-fa16 --goal 30", "hog compare always4 always6 --goal 30"),
    (
        "simulate always4 always6 --game hog-fa16 --goal 30 --games 500 --seed 2 --json",
        "hog simulate always4 always6 --goal 30 --games 500 --seed 2 --json",
    ),
    ("policies --game hog-fa16", "hog policies"),
]
"""Each command's new form and the hog group's, which must print the same."""


@pytest.mark.parametrize(("new", "old"), FORMS)
def test_hog_s_games_answer_game_as_the_hog_group_does(new, old, workdir: Path) -> None:
    run(*old.split())  # the table computed first: both forms then print the same
    first, second = run(*new.split()), run(*old.split())
    assert first.exit_code == second.exit_code == 0, first.output
    assert first.stdout == second.stdout
