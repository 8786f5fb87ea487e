"""Pig for three and four players from the command line: compute, query, info, verify, export."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from pigsolve.cli import app

runner = CliRunner()
GAME = ["--players", "3", "--goal", "25", "--die", "4"]


def test_compute_names_every_parameter_and_reports_mixed_states(workdir: Path) -> None:
    result = runner.invoke(app, ["compute", *GAME])
    assert result.exit_code == 0, result.output
    assert "3 players, goal 25, 4-sided die: the first player wins 0.3813" in result.output
    assert "2 mixed states" in result.output
    assert (workdir / "data" / "pig-players3-goal25-die4.h5").exists()
    piglet = runner.invoke(
        app, ["compute", "--players", "4", "--goal", "10", "--die", "2", "--piglet"]
    )
    assert piglet.exit_code == 0 and (workdir / "data/pig-players4-goal10-die2-piglet.h5").exists()


def test_query_shows_the_coin_at_a_mixed_state() -> None:
    result = runner.invoke(app, ["query", "0", "2", "7", "11", *GAME])
    assert result.exit_code == 0, result.output
    assert "roll with probability 0.8148" in result.output
    record = json.loads(runner.invoke(app, ["query", "0", "2", "7", "11", *GAME, "--json"]).stdout)
    assert record["action"] in ("roll", "hold") and 0 < record["roll_probability"] < 1
    assert abs(sum(record["win_probability"]) - 1) < 1e-12
    assert record["roll"][0] == pytest.approx(record["hold"][0], abs=1e-12)


def test_query_json_for_two_players() -> None:
    result = runner.invoke(app, ["query", "10", "20", "0", "--goal", "30", "--json"])
    record = json.loads(result.stdout)
    assert record["action"] == "roll" and record["hold"] is None
    assert record["win_probability"][0] + record["win_probability"][1] == pytest.approx(
        1, abs=1e-12
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["query", "1", "2", "3", *GAME], "give 3 scores and a turn total for 3 players, got 3"),
        (["query", "1", "2", "3", "30", *GAME], "outside the goal-25 table"),
        (["compute", "--players", "1"], "players must be an integer >= 2"),
        (
            ["compute", "--players", "3", "--method", "value-iteration"],
            "value-iteration solves two players",
        ),
        (["compute", "--players", "9"], "needs about"),
        (["info", "--players", "3"], "pigsolve compute --players 3"),
    ],
)
def test_bad_input_is_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr


def test_info_verify_export(workdir: Path) -> None:
    runner.invoke(app, ["compute", *GAME])
    info = runner.invoke(app, ["info", *GAME])
    assert "start_values" in info.output and "mixed_roll_probability" in info.output
    verify = runner.invoke(app, ["verify", *GAME])
    assert verify.exit_code == 0 and "mixed states indifferent" in verify.output
    for what in ("probabilities", "boundary", "policy"):
        out = workdir / f"{what}.npy"
        assert (
            runner.invoke(app, ["export", "--what", what, "--out", str(out), *GAME]).exit_code == 0
        )
    policy = np.load(workdir / "policy.npy")
    assert policy.shape == (25,) * 4 and policy[0, 2, 7, 11] == 2
    assert np.load(workdir / "probabilities.npy").shape == (25, 25, 25, 3)
    runner.invoke(app, ["export", "--what", "policy", "--out", "p.csv", *GAME])
    assert "0,2,7,11,mixed,0.8148" in (workdir / "p.csv").read_text()


def test_compare_every_seating_and_simulate_agree() -> None:
    names = ["optimal", "hold20", "best-response:optimal,hold20"]
    result = runner.invoke(app, ["compare", *names, *GAME, "--json"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert (record["goal"], record["die"], "piglet" in record) == (25, 4, False)
    assert len(record["seatings"]) == 6
    for seating in record["seatings"]:
        assert sum(seating["win_probability"]) == pytest.approx(1, abs=1e-12)
    # The best response beats what optimal would get in its seat, on average.
    instead = runner.invoke(app, ["compare", "optimal", "hold20", "optimal", *GAME, "--json"])
    assert record["average"][2] > json.loads(instead.stdout)["average"][2] + 1e-4
    table = runner.invoke(app, ["compare", *names, *GAME])
    average = next(line for line in table.output.splitlines() if "average (random" in line)
    assert [cell.strip() for cell in average.split("│")[1:]] == [
        f"{p:.6f}" for p in record["average"]
    ]
    simulated = runner.invoke(app, ["simulate", *names, *GAME, "--games", "20000", "--seed", "3"])
    assert simulated.exit_code == 0, simulated.output
    z = [float(line.split()[-1]) for line in simulated.output.splitlines() if "│" in line]
    assert len(z) == 3 and all(abs(value) < 4 for value in z)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["compare", "optimal", "hold20", *GAME], "give 3 players for --players 3, got 2"),
        (["simulate", "optimal", *GAME], "give 3 players for --players 3, got 1"),
        (["compare", "a", "b", "c", *GAME], "unknown player 'a'"),
        (["compare", "best-response:hold20", "hold20", "hold20", *GAME], "names 1 opponents"),
        (["simulate", "a1", "a2", "a3", *GAME, "--games", "2"], "games must be at least 3"),
        (["compare", "--all", *GAME], "--all compares pairs of players, not games of 3"),
        (["export", "--what", "policy", "--out", "x.txt", *GAME], "cannot tell the format"),
    ],
)
def test_bad_players_are_one_line(workdir: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr and not list(workdir.glob("data/*"))
