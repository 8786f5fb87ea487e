"""Farkle with three players at the command line: compute, query, info and verify; the README's
figure; what is not served yet, refused in one line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from test_cli_farkle import hinted_moves
from typer.testing import CliRunner

import pigsolve
from pigsolve.cli import app

runner = CliRunner()
THREE = ("--game", "farkle", "--players", "3", "--goal", "2000")


def run(*args: str, stdin: str | None = None):
    return runner.invoke(app, list(args), input=stdin)


@pytest.mark.slow
def test_compute_query_info_verify(workdir: Path) -> None:
    computed = run("compute", *THREE)
    assert computed.exit_code == 0, computed.output
    assert (workdir / "data" / "farkle-farkle-3p-goal2000.h5").is_file()
    seats = re.search(r"seats=\(([^)]*)\)", computed.stdout).group(1)
    readme = (Path(__file__).parents[1] / "README.md").read_text()
    assert f"seats=({seats})" in readme  # the README's figure is this command's
    query = run("query", *THREE, "0", "0", "0", "300", "3")
    assert query.exit_code == 0, query.output
    first, seats_line = query.stdout.splitlines()[:2]
    assert first.startswith("win probability 0.3")
    chances = [float(p) for p in seats_line.split(": ")[1].split(", ")]
    assert seats_line.startswith("every player's chance, the mover's first: ")
    assert chances[0] == float(first.split()[2].rstrip(";")) and sum(chances) == pytest.approx(1)
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
        (("compare", "optimal", "max-score", *THREE), "give 3 players for --players 3, got 2"),
        (
            (
                "compare",
                "max-score",
                "bank:300",
                "bank:500",
                *THREE[2:],
                "--game",
                "facebook-farkle",
            ),
            "not solved with the three-farkle penalty",
        ),
    ],
)
def test_refusals_are_one_line(workdir: Path, args: tuple[str, ...], words: str) -> None:
    result = run(*args)
    assert result.exit_code != 0
    assert words in result.output and len(result.output.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_three_player_table_exports_its_chances(workdir: Path) -> None:
    """Every player's chance at each score vector as CSV (points) and JSON (with the coins);
    its banking totals are refused in one line."""
    from pigsolve.solver.farkle import table

    assert run("compute", *THREE).exit_code == 0
    path = workdir / "data" / "farkle-farkle-3p-goal2000.h5"
    named = ("--game", "farkle", "--table", str(path))
    boundary = ("export", "--what", "boundary", "--out", "b.csv")
    result = run(*boundary, *named)
    assert result.exit_code == 2 and "are for 2 players" in result.output
    solution = table.load(path)
    assert run("export", "--what", "probabilities", "--out", "x.csv", *named).exit_code == 0
    rows = (workdir / "x.csv").read_text().splitlines()
    assert rows[0] == "s0,s1,s2,p0,p1,p2" and len(rows) == 1 + 40**3
    row = next(r.split(",") for r in rows if r.startswith("700,1350,850,"))
    assert [float(p) for p in row[3:]] == solution.values[14, 27, 17].tolist()
    assert run("export", "--what", "probabilities", "--out", "x.json", *named).exit_code == 0
    document = json.loads((workdir / "x.json").read_text())
    assert document["axes"] == ["s0", "s1", "s2", "player"]
    assert document["shape"] == [40, 40, 40, 3]
    assert [700, 1350, 850, solution.coin((700, 1350, 850))] in document["coins"]
    again = run("export", *THREE, "--what", "probabilities", "--out", "y.csv")  # data/'s table
    assert again.exit_code == 0 and (workdir / "y.csv").read_text().splitlines() == rows


def test_a_solve_too_large_names_the_largest_goal_that_fits(workdir: Path) -> None:
    result = run("compute", "--game", "farkle", "--players", "5")
    assert result.exit_code == 1
    assert "the largest goal that fits is" in result.output
    assert "`pigsolve compute --game farkle --goal" in result.output
    assert "--players 5`" in result.output and len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize(("opponent", "seed"), [("optimal", 3), ("bank:300", 5)])
def test_a_three_player_game_at_the_terminal(workdir: Path, opponent: str, seed: int) -> None:
    """You in the first seat, the opponent in the other two, hints from the three-player
    table: every seat's score in the log, to the end."""
    rules = pigsolve.game("farkle", goal=1000, players=3)
    moves = hinted_moves(seed, rules, opponent)
    args = ("--game", "farkle", "--players", "3", "--goal", "1000", "--opponent", opponent)
    result = run("play", *args, "--hints", "--seed", str(seed), stdin="\n".join(moves) + "\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"your turn (you 0, {opponent} 2 0, {opponent} 3 0)"
    assert lines[-1] in ("you won.", f"{opponent} 2 won.", f"{opponent} 3 won.")
    hints = [line for line in lines if line.startswith("Hint: ")]
    assert len(hints) == len(moves)
    assert (workdir / "data" / "farkle-farkle-3p-goal1000.h5").is_file()  # saved for next time


def test_your_function_does_not_sit_at_a_three_player_table(workdir: Path) -> None:
    (workdir / "mine.py").write_text("def strategy(s, o, t, n, roll):\n    return roll, 'bank'\n")
    result = run("play", "--game", "farkle", "--players", "3", "--opponent", "mine.py:strategy")
    assert result.exit_code == 2 and "your functions" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_simulate_three_players(workdir: Path) -> None:
    """Three players named are a game of three: each seat's wins beside the table's where all
    play it, a mixed table's beside its exact evaluation (compare's seatings of that order)."""
    args = ("--game", "farkle", "--goal", "500", "--games", "300", "--seed", "4")
    optimal = run("simulate", "optimal", "optimal", "optimal", *args)
    assert optimal.exit_code == 0, optimal.output
    lines = optimal.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == [
        "seat 1, optimal",
        "seat 2, optimal",
        "seat 3, optimal",
    ]
    assert lines[-1] == "300 games, the first move passing round the table"
    mixed = run("simulate", "optimal", "bank:300", "max-score", *args, "--json")
    assert mixed.exit_code == 0, mixed.output
    record = json.loads(mixed.stdout)
    assert record["players"] == ["optimal", "bank:300", "max-score"]
    assert sum(record["wins"]) == 300
    names = ["optimal", "bank:300", "max-score"]
    seatings = json.loads(run("compare", *names, *args[:4], "--players", "3", "--json").stdout)
    turned = [names[k:] + names[:k] for k in range(3)]
    rows = [row["win_probability"] for row in seatings["seatings"] if row["seating"] in turned]
    assert record["exact"] == pytest.approx(np.mean(rows, axis=0).tolist(), abs=1e-12)


@pytest.mark.slow
def test_one_seed_replays_a_tournament_with_coins(workdir: Path) -> None:
    """At goal 2,000 two orbits mix: the optimal players made with the seed toss the same coins
    as the dice fall the same way, so one seed gives one tournament."""
    args = ("simulate", "optimal", "optimal", "optimal", *THREE, "--games", "60", "--json")
    runs = [json.loads(run(*args, "--seed", "5").stdout) for _ in range(2)]
    assert runs[0]["wins"] == runs[1]["wins"] and runs[0]["seed"] == 5


def test_plot_draws_each_seats_banking_totals(workdir: Path) -> None:
    """A table of three (three dice, goal 1,000: a fast solve that banks): one panel for each
    seat the opponent may sit in, the others at 0."""
    pytest.importorskip("matplotlib")
    from pigsolve.solver.errors import InvalidArgument
    from pigsolve.solver.farkle.thresholds import NEVER, bank_thresholds

    Path("three.toml").write_text('base = "farkle"\ngoal = 1000\ndice = 3\n')
    small = ("--game", "three.toml", "--players", "3")
    computed = run("compute", *small, "--out", "three.h5")
    assert computed.exit_code == 0, computed.output
    plot = ("plot", "--table", "three.h5", "--kind", "boundary")
    result = run(*plot, "--opponent", "500", "--out", "bank.svg")
    assert result.exit_code == 0, result.output
    drawn = Path("bank.svg").read_text()
    assert "opponent at 500, 1 seat after" in drawn and "opponent at 500, 2 seats after" in drawn
    solution = pigsolve.load("three.h5")
    for seat in (1, 2):
        found = bank_thresholds(solution, 500, seat)
        assert found.seat == seat and (found.totals != NEVER).any()
    with pytest.raises(InvalidArgument, match="seat must be from 1 to 2, got 3"):
        bank_thresholds(solution, 500, 3)
    refused = run(*plot, "--out", "x.gif")
    assert refused.exit_code == 2 and len(refused.stderr.splitlines()) == 1


FIELD = ("--game", "farkle", "--players", "3", "--goal", "300")


def test_three_players_compared_and_tuned(workdir: Path) -> None:
    """Every seating of three players, and a total tuned against two optimal players, each
    seat's chance beside the table's (optimal in every seat: a third each on average)."""
    shown = run("compare", "optimal", "max-score", "bank:100", *FIELD)
    assert shown.exit_code == 0, shown.output
    assert "average (random seating)" in shown.stdout and "optimal, bank:100, max-score" in (
        shown.stdout
    )
    record = json.loads(run("compare", "optimal", "max-score", "bank:100", *FIELD, "--json").stdout)
    assert len(record["seatings"]) == 6 and sum(record["average"]) == pytest.approx(1)
    tuned = run("tune", "bank", "--range", "fifties=2:4", *FIELD, "--json")
    assert tuned.exit_code == 0, tuned.output
    best, optimal = json.loads(tuned.stdout)["best"], json.loads(tuned.stdout)["optimal"]
    assert len(best["seats"]) == 3 and best["average"] == pytest.approx(sum(best["seats"]) / 3)
    assert optimal["average"] == pytest.approx(1 / 3, abs=1e-9)
    mixed = run("tune", "bank", "--range", "fifties=2:2", "--against", "optimal,max-score", *FIELD)
    assert mixed.exit_code == 0 and "against optimal, max-score in the 2 other seats" in (
        mixed.stdout
    )
    first = next(row for row in record["seatings"] if row["seating"][0] == "bank:100")
    moving_first = re.search(r"bank:100 +│ (0\.\d+)", mixed.stdout).group(1)
    assert float(moving_first) == pytest.approx(first["win_probability"][2], abs=1e-6)
    (workdir / "mine.py").write_text("def strategy(s, o, t, n, roll):\n    return roll, 'bank'\n")
    refused = run("compare", "optimal", "max-score", "mine.py:strategy", *FIELD)
    assert refused.exit_code == 2 and len(refused.output.strip().splitlines()) == 1
    assert "are for 2 players" in refused.output
