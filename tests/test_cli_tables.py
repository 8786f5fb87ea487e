"""A named table gives its rules to every command; an option that disagrees is one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app

runner = CliRunner()


@pytest.fixture(scope="module")
def tables(tmp_path_factory) -> Path:
    """A folder with a goal-40 four-sided Pig table, a 3-player one and a fa16 goal-30 Hog one."""
    folder = tmp_path_factory.mktemp("tables")
    for args in (
        ["compute", "--goal", "40", "--die", "4", "--out", f"{folder}/g40.h5"],
        ["compute", "--goal", "12", "--players", "3", "--out", f"{folder}/three.h5"],
        ["hog", "compute", "--goal", "30", "--out", f"{folder}/h30.h5"],
    ):
        result = runner.invoke(app, [*args, "--quiet"])
        assert result.exit_code == 0, result.stderr
    return folder


@pytest.fixture
def workdir(tables: Path, tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)  # no data/ here: nothing may be computed for the defaults
    return tables


@pytest.mark.parametrize(
    "args",
    [
        ["query", "0", "0", "0", "--json", "--table"],
        ["compare", "optimal", "hold20", "--json", "--table"],
        ["simulate", "optimal", "hold20", "--games", "10", "--seed", "1", "--table"],
        ["tune", "hold", "--json", "--table"],
        ["export", "--what", "boundary", "--out", "b.csv", "--table"],
        ["info"],
        ["verify"],
    ],
)
def test_every_pig_command_takes_the_rules_of_the_table_it_is_given(workdir, args) -> None:
    result = runner.invoke(app, [*args, str(workdir / "g40.h5")])
    assert result.exit_code == 0, result.stderr
    assert not Path("data").exists()  # the goal-100 default was neither read nor made
    if args[0] in ("query", "compare", "tune"):
        record = json.loads(result.stdout)
        goal = record.get("goal") or record.get("best", {}).get("goal")
        assert goal in (None, 40)
    if args[0] == "compare":
        assert (record["goal"], record["die"]) == (40, 4)


def test_a_query_with_the_tables_rules_repeated_is_accepted(workdir) -> None:
    named = ["query", "0", "0", "0", "--table", str(workdir / "g40.h5"), "--json"]
    plain = runner.invoke(app, named)
    repeated = runner.invoke(app, [*named, "--goal", "40", "--die", "4", "--players", "2"])
    assert repeated.exit_code == 0 and repeated.stdout == plain.stdout


def test_a_three_player_table_seats_three_players(workdir) -> None:
    three = str(workdir / "three.h5")
    result = runner.invoke(app, ["query", "0", "0", "0", "0", "--table", three])
    assert result.exit_code == 0, result.stderr
    tuned = runner.invoke(app, ["tune", "hold", "--table", three])
    assert tuned.exit_code == 2
    assert tuned.stderr == f"error: tune is for two players; {three} is a 3-player table\n"


@pytest.mark.parametrize(
    "args, shown",
    [
        (["query", "0", "0", "0", "--goal", "100", "--table"], "--goal 100"),
        (["compare", "optimal", "hold20", "--die", "6", "--table"], "--die 6"),
        (["simulate", "optimal", "hold20", "--players", "3", "--table"], "--players 3"),
        (["export", "--what", "policy", "--out", "p.csv", "--piglet", "--table"], "--piglet"),
        (["plot", "--kind", "boundary", "--out", "p.png", "--goal", "41", "--table"], "--goal 41"),
        (["tune", "hold", "--goal", "100", "--table"], "--goal 100"),
    ],
)
def test_an_option_that_disagrees_with_the_table_is_one_line(workdir, args, shown) -> None:
    table = workdir / "g40.h5"
    result = runner.invoke(app, [*args, str(table)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {table} holds the optimal table for goal 40 and a 4-sided die; {shown} disagrees "
        "(leave it out: the table gives it)\n"
    )


def test_info_and_verify_refuse_a_disagreeing_option(workdir) -> None:
    for command in ("info", "verify"):
        result = runner.invoke(app, [command, str(workdir / "g40.h5"), "--die", "6"])
        assert result.exit_code == 2 and "--die 6 disagrees" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["hog", "query", "0", "0", "--json", "--table"],
        ["hog", "compare", "always4", "optimal", "--json", "--table"],
        ["hog", "simulate", "always4", "optimal", "--games", "10", "--seed", "1", "--table"],
        ["hog", "tune", "always", "--json", "--table"],
    ],
)
def test_every_hog_command_takes_the_rules_of_the_table(workdir, args) -> None:
    result = runner.invoke(app, [*args, str(workdir / "h30.h5")])
    assert result.exit_code == 0, result.stderr
    assert not Path("data").exists()


@pytest.mark.parametrize(
    "option, shown", [(["--rules", "su20"], "--rules su20"), (["--goal", "100"], "--goal 100")]
)
def test_a_hog_option_that_disagrees_with_the_table_is_one_line(workdir, option, shown) -> None:
    table = workdir / "h30.h5"
    result = runner.invoke(app, ["hog", "query", "0", "0", "--table", str(table), *option])
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {table} holds the optimal fa16 Hog table for goal 30; {shown} disagrees "
        "(leave it out: the table gives it)\n"
    )


def test_a_missing_named_table_prints_the_command_for_the_options_given(workdir) -> None:
    result = runner.invoke(app, ["query", "0", "0", "0", "--goal", "50", "--table", "x.h5"])
    assert result.exit_code == 2
    assert "create it with `pigsolve compute --goal 50 --out x.h5`" in result.stderr


def test_tables_are_named_by_every_parameter_and_old_names_still_found(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    made = runner.invoke(app, ["compute", "--goal", "12"])
    assert made.exit_code == 0, made.stderr
    assert [path.name for path in Path("data").iterdir()] == ["pig-players2-goal12-die6.h5"]
    Path("data/pig-players2-goal12-die6.h5").rename("data/pig-goal12-die6.h5")  # the old name
    query = runner.invoke(app, ["query", "0", "0", "0", "--goal", "12"])
    assert query.exit_code == 0 and "computing" not in query.stderr
    assert [path.name for path in Path("data").iterdir()] == ["pig-goal12-die6.h5"]
