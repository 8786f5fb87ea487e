"""`simulate --json` and `hog simulate --json`: one strict JSON record, named as `compare --json`
names things, each figure the one the table prints or an independent reckoning of it."""

from __future__ import annotations

import json
import math
import re
from typing import Any

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app
from pigsolve.ui.simulation_record import dumps

runner = CliRunner()
PAIR = ["a", "b", "goal", "die", "games", "seed", "a_first", "b_first", "either", "mean_turns"]
PART = ["games", "wins", "rate", "standard_error", "ci95", "exact", "z"]


def strict(text: str) -> Any:
    """Parse JSON refusing NaN and Infinity, as a strict reader does."""

    def refuse(constant: str) -> None:
        raise AssertionError(f"{constant} in the JSON")

    return json.loads(text, parse_constant=refuse)


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_a_pair_is_named_as_compare_names_it_with_the_table_s_figures() -> None:
    # simulate had no --json: scripts scraped the rich table
    game = ["--goal", "30", "--games", "1001", "--seed", "7"]
    record = strict(run("simulate", "hold20", "hold25", *game, "--json"))
    exact = strict(run("compare", "hold20", "hold25", "--goal", "30", "--json"))
    assert list(record) == PAIR
    assert {k: record[k] for k in ("a", "b", "goal", "die")} == {
        k: exact[k] for k in ("a", "b", "goal", "die")
    }
    assert (record["games"], record["seed"]) == (1001, 7)
    for part in ("a_first", "b_first", "either"):
        assert list(record[part]) == PART
    assert record["a_first"]["exact"] == exact["a_first"]
    assert record["b_first"]["exact"] == exact["b_first"]
    table = run("simulate", "hold20", "hold25", *game)
    for label, part in [("A first", "a_first"), ("B first", "b_first"), ("either", "either")]:
        row = next(line for line in table.splitlines() if line.strip().startswith(label))
        figures = re.split(r"\s*│\s*", row.strip())
        got = record[part]
        games, wins, p = got["games"], got["wins"], got["exact"]
        assert figures[1:4] == [f"{games:,}", f"{wins:,}", f"{wins / games:.5f}"]
        assert figures[4] == "{:.4f}-{:.4f}".format(*got["ci95"])
        assert figures[5:] == [f"{p:.5f}", f"{got['z']:+.2f}"]
        assert got["rate"] == wins / games
        assert got["standard_error"] == pytest.approx(
            math.sqrt(got["rate"] * (1 - got["rate"]) / games)
        )
    either = record["either"]
    assert either["games"] == record["a_first"]["games"] + record["b_first"]["games"] == 1001
    assert either["exact"] == pytest.approx(
        (501 * exact["a_first"] + 500 * exact["b_first"]) / 1001
    )


def test_n_players_list_each_figure_by_player_as_compare_lists_them() -> None:
    game = ["--players", "3", "--goal", "30"]
    players = ["hold20", "hold25", "optimal"]
    simulation = [*players, *game, "--games", "999", "--seed", "3"]
    record = strict(run("simulate", *simulation, "--json"))
    exact = strict(run("compare", *players, *game, "--json"))
    assert list(record)[:6] == ["players", "goal", "die", "games", "seed", "wins"]
    assert record["players"] == exact["players"] == players
    assert (record["goal"], record["die"], record["games"], record["seed"]) == (30, 6, 999, 3)
    assert sum(record["wins"]) == 999
    # play passes in the order given and each player moved first in 333 games: the expected
    # rate is the mean over the order's three rotations, as compare evaluates each seating
    rotations = [players[r:] + players[:r] for r in range(3)]
    rows = [row["win_probability"] for row in exact["seatings"] if row["seating"] in rotations]
    assert len(rows) == 3
    assert record["exact"] == pytest.approx(
        [sum(col) / 3 for col in zip(*rows, strict=True)], abs=1e-12
    )
    table = run("simulate", *simulation)
    for p, name in enumerate(players):
        row = next(line for line in table.splitlines() if line.strip().startswith(name))
        figures = re.split(r"\s*│\s*", row.strip())
        wins, rate = record["wins"][p], record["wins"][p] / 999
        assert record["rate"][p] == rate
        assert figures[1:3] == [f"{wins:,}", f"{rate:.5f}"]
        assert figures[3] == "{:.4f}-{:.4f}".format(*record["ci95"][p])
        assert figures[4:] == [f"{record['exact'][p]:.5f}", f"{record['z'][p]:+.2f}"]
        assert record["standard_error"][p] == pytest.approx(math.sqrt(rate * (1 - rate) / 999))


def test_hog_names_its_rule_set_and_a_missing_figure_is_null_not_nan() -> None:
    # one game: B started none, so its rate, interval and z do not exist
    record = strict(
        run("hog", "simulate", "always4", "bacon", "--goal", "20", "--games", "1", "--json")
    )
    assert (record["a"], record["b"], record["goal"], record["rules"]) == (
        "always4",
        "bacon",
        20,
        "fa16",
    )
    assert record["b_first"] == {
        "games": 0,
        "wins": 0,
        "rate": None,
        "standard_error": None,
        "ci95": [None, None],
        "exact": record["b_first"]["exact"],
        "z": None,
    }
    exact = strict(run("hog", "compare", "always4", "bacon", "--goal", "20", "--json"))
    assert record["b_first"]["exact"] == exact["b_first"]


def test_a_game_without_exact_figures_gives_null_for_them() -> None:
    args = ["hold20", "hold25", "hold30", "--players", "3", "--game", "pass-the-pigs"]
    record = strict(run("simulate", *args, "--goal", "20", "--games", "30", "--json"))
    assert (record["game"], record["exact"], record["z"]) == ("pass-the-pigs", None, None)


def test_nan_is_never_written() -> None:
    with pytest.raises(ValueError, match="JSON compliant"):
        dumps({"rate": math.nan})
