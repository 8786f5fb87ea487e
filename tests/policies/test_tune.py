"""`tune` shows its edges: warnings, range names in any case, bad values in its own words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app
from pigsolve.policies.kinds import kind_ranges
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.pig import PigRules

runner = CliRunner()


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def tune(*args: str):
    return runner.invoke(app, ["tune", *args, "--goal", "40", "--json"])


def test_a_best_on_the_edge_of_its_range_names_the_range_to_widen(workdir) -> None:
    full = tune("hold", "--range", "n=1:30")  # computes the optimal table first
    cut = tune("hold", "--range", "n=1:12")
    best = json.loads(full.stdout)["best"]["a"]
    assert best not in ("hold12", "hold30"), best  # the premise: the best lies inside 13:29
    assert cut.exit_code == 0, cut.stderr
    assert json.loads(cut.stdout)["best"]["a"] == "hold12"
    assert cut.stderr.splitlines() == [
        "warning: the best, hold12, has n = 12, the top of its range 1:12, and hold13 does "
        "better: widen it, e.g. --range n=1:22"
    ]
    assert full.exit_code == 0 and "warning" not in full.stderr


def test_range_names_are_case_insensitive(workdir) -> None:
    upper, lower = tune("hold", "--range", "N=10:12"), tune("hold", "--range", "n=10:12")
    assert upper.exit_code == 0, upper.stderr
    assert upper.stdout == lower.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tune", "hold", "--range", "n=-5:10"], "--range n=-5:10: n takes values from 1"),
        (
            ["tune", "pace-race", "--range", "rate=0:3"],
            "--range rate=0:3: rate takes values from 1",
        ),
        (
            ["hog", "tune", "always", "--range", "num_rolls=0:12"],
            "--range num_rolls=0:12: num_rolls takes values from -1 to 10",
        ),
        (
            ["tune", "hold", "--range", "m=1:3"],
            "--range takes NAME=LO:HI with NAME one of n, got 'm=1:3'",
        ),
    ],
)
def test_bad_ranges_are_refused_in_tunes_words_before_any_table(workdir, args, message) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr == f"error: {message}\n"
    assert list(workdir.iterdir()) == []  # no optimal table was computed first


@pytest.mark.parametrize(
    ("command", "names"),
    [
        (["tune"], "hold: n; turns: turns; base-pace-race: base, pace, race; pace-race: pace,"),
        (["hog", "tune"], "always: num_rolls; bacon: margin, num_rolls; swap: margin,"),
    ],
)
def test_help_lists_every_familys_range_names(command, names) -> None:
    result = runner.invoke(app, [*command, "--help"], terminal_width=200)
    assert names in " ".join(result.stdout.split())


@pytest.mark.parametrize(
    ("game", "kind", "optimum"),
    [
        ("pig", "hold", (25,)),
        ("pig", "turns", (4,)),
        ("pig", "base-pace-race", (24, 47, 72)),  # pace 47: never above the base (no pace)
        ("pig", "pace-race", (21, 8, 71)),
        ("hog", "always", (5,)),
        ("hog", "bacon", (9, 5)),
        ("hog", "swap", (10, 5)),
    ],
)
def test_the_default_ranges_hold_each_kinds_optimum(game, kind, optimum) -> None:
    # The optima of README's tables (`pigsolve tune KIND --json`; Hog against always4).
    rules = hog_rules("fa16") if game == "hog" else PigRules()
    ranges = kind_ranges(rules, kind).values()
    assert all(low <= value <= high for value, (_, low, high) in zip(optimum, ranges, strict=True))


def test_base_pace_race_with_pace_off_is_the_readme_figure(workdir) -> None:
    result = runner.invoke(app, ["compare", "base-pace-race:24,47,72", "optimal", "--json"])
    off = runner.invoke(app, ["compare", "base-pace-race:24,200,72", "optimal", "--json"])
    assert result.exit_code == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["average"] == pytest.approx(0.491302, abs=1e-6)
    assert figures["average"] == json.loads(off.stdout)["average"]  # 47 switches pace off
