"""`pigsolve hog ...`: compute, query, compare, simulate and play through the typer app."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app

runner = CliRunner()


def test_compute_then_query(workdir) -> None:
    result = runner.invoke(app, ["hog", "compute", "--rules", "fa16", "--goal", "30"])
    assert result.exit_code == 0, result.output
    assert (workdir / "data" / "hog-fa16-goal30.h5").exists()
    again = runner.invoke(app, ["hog", "compute", "--rules", "fa16", "--goal", "30"])
    assert again.exit_code == 0 and again.stdout.splitlines() == [
        result.stdout.splitlines()[0],
        "kept data/hog-fa16-goal30.h5 (already computed; --force recomputes)",
    ]
    other = runner.invoke(
        app, ["hog", "compute", "--goal", "31", "--out", "data/hog-fa16-goal30.h5"]
    )
    assert other.exit_code == 1 and other.stderr == (
        "error: data/hog-fa16-goal30.h5 already exists and holds the optimal fa16 Hog table for "
        "goal 30, not the optimal fa16 Hog table for goal 31; pass --force to overwrite it\n"
    )
    out = workdir / "other.h5"
    quiet = runner.invoke(app, ["hog", "compute", "--goal", "30", "--out", str(out), "--quiet"])
    assert quiet.exit_code == 0 and quiet.output == "" and out.exists()
    query = runner.invoke(app, ["hog", "query", "0", "0", "--goal", "30", "--json"])
    assert query.exit_code == 0, query.output
    record = json.loads(query.output)
    values = {int(n): v for n, v in record["action_values"].items()}
    assert record["win_probability"] == pytest.approx(max(values.values()), abs=1e-12)
    assert set(values) == set(range(-1, 11))


def test_compare_json_matches_the_figures() -> None:
    """bacon against always4 in fa16: the figures tests/solver/hog/test_figures.py checks by a
    pure-Python evaluation (README's tune table: 0.513936 on a coin toss)."""
    result = runner.invoke(app, ["hog", "compare", "bacon", "always4", "--rules", "fa16", "--json"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert set(record) == {"a", "b", "rules", "goal", "a_first", "b_first", "average"}
    assert record["rules"] == "fa16"  # no "die": the rule set fixes the dice
    figures = (record["a_first"], record["b_first"], record["average"])
    assert figures == pytest.approx((0.564758909875, 0.463113158223, 0.513936034049), abs=5e-13)
    swapped = runner.invoke(app, ["hog", "compare", "always4", "bacon", "--json"])
    assert json.loads(swapped.output)["average"] == pytest.approx(1 - record["average"], abs=1e-12)


def test_simulate_prints_exact_and_z() -> None:
    """Each row's wins, rate and exact value are A's, and the rates lie within 4 sigma."""
    players = ["swap", "bacon", "--rules", "su20"]
    args = ["hog", "simulate", *players, "--games", "2000", "--seed", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "seed 1" in result.output
    rows = {
        cells[0]: cells[1:]
        for line in result.output.splitlines()
        if len(cells := [cell.strip() for cell in line.split("│")]) == 7
    }
    exact = json.loads(runner.invoke(app, ["hog", "compare", *players, "--json"]).stdout)
    expected = {
        "A first": exact["a_first"],
        "B first": exact["b_first"],
        "either": exact["average"],
    }
    assert list(rows) == list(expected)
    for starter, (games, won, rate, _, printed, z) in rows.items():
        p, n, wins = expected[starter], int(games.replace(",", "")), int(won.replace(",", ""))
        assert float(printed) == pytest.approx(p, abs=5e-6)
        assert float(rate) == pytest.approx(wins / n, abs=5e-6)
        assert float(z) == pytest.approx((wins - n * p) / math.sqrt(n * p * (1 - p)), abs=5e-3)
        assert abs(float(z)) < 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hog", "compare", "foo", "always4"], "unknown Hog player 'foo'"),
        (["hog", "compare", "always-1", "always4", "--rules", "su20"], "from 0 to 10"),
        (["hog", "query", "100", "0", "--goal", "30"], "outside the goal-30 table"),
        # a wrapped-around state used to be answered with numbers that disagreed
        (["hog", "query", "0", "0", "--rules", "su20", "--prev", "-1"], "cannot be negative"),
        (["hog", "query", "0", "0", "--prev", "3"], "fa16 keeps no previous turn scores"),
        (["hog", "query", "0", "0", "--rules", "su20", "--four-sided"], "no four-sided dice"),
        (["hog", "simulate", "always4", "always5", "--seed", "-1"], "--seed must be in [0, 2**64)"),
        (["hog", "play", "--seed", "-1"], "--seed must be in [0, 2**64)"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args, message) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_play_with_rolls_file_re_asks_bad_input(workdir) -> None:
    rolls = workdir / "rolls.txt"
    rolls.write_text("2 4 6 " * 40)
    args = ["hog", "play", "--rules", "fa16", "--goal", "20", "--opponent", "always2"]
    result = runner.invoke(app, [*args, "--rolls", str(rolls)], input="x\n11\n3\n3\n3\n3\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("please type a whole number from -1 to 10") == 2
    assert "Hog Wild" in result.output  # 0-0 is a multiple of 7
    assert "win" in result.output.splitlines()[-1]


def test_play_end_of_input_exits_1() -> None:
    result = runner.invoke(app, ["hog", "play", "--seed", "1", "--opponent", "always4"], input="")
    assert result.exit_code == 1
    assert "input ended" in result.output


def test_play_rolls_file_running_out_exits_1(workdir) -> None:
    rolls = workdir / "rolls.txt"
    rolls.write_text("3 3")
    args = ["hog", "play", "--rules", "su20", "--opponent", "always2", "--rolls", str(rolls)]
    result = runner.invoke(app, args, input="5\n5\n")
    assert result.exit_code == 1
    assert "ran out" in result.output


def test_bad_player_name_is_reported_before_any_table_is_built(workdir) -> None:
    # Regression: `optimal` used to compute its table before the second name was checked.
    result = runner.invoke(app, ["hog", "compare", "optimal", "always11", "--goal", "30"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: number of dice must be an integer from -1 to 10, got 11"
    assert not (workdir / "data").exists()


def test_query_shows_the_whole_state_it_answered() -> None:
    """The answer names the four-sided flag and the previous turn scores, as text and JSON."""
    args = ["hog", "query", "3", "4", "--goal", "20"]
    text = runner.invoke(app, [*args, "--four-sided"])
    assert text.exit_code == 0 and "3 vs 4, four-sided dice" in " ".join(text.stdout.split())
    su20 = ["hog", "query", "3", "4", "--goal", "20", "--rules", "su20", "--prev", "2"]
    record = json.loads(runner.invoke(app, [*su20, "--opponent-prev", "5", "--json"]).stdout)
    assert (record["four_sided"], record["prev"], record["opponent_prev"]) == (False, 2, 5)
    assert record["win_probability"] == pytest.approx(
        max(record["action_values"].values()), abs=1e-12
    )


def test_two_people_play_at_one_terminal(workdir) -> None:
    """`hog play --opponent human` always failed; two people now share the prompt."""
    rolls = workdir / "rolls.txt"
    rolls.write_text("6 6 5 5 6 6")
    args = ["hog", "play", "--opponent", "human", "--goal", "20", "--rolls", str(rolls)]
    result = runner.invoke(app, args, input="2\n2\n2\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip().endswith("Player 1 wins: 24 to 10")


@pytest.mark.parametrize("command", ["simulate", "compare"])
@pytest.mark.parametrize("player", ["bacon", "swap", "always3"])
def test_a_table_past_memory_is_refused_before_a_function_is_asked(command, player) -> None:
    """61A's functions are asked goal**2 times: at a goal no table fits, one line at once."""
    result = runner.invoke(app, ["hog", command, player, "always4", "--goal", "10000000000"])
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("error: fa16 goal 10,000,000,000 needs about ")
    assert "the largest goal that fits is " in result.stderr and result.stderr.count("\n") == 1
