"""`pigsolve compare` and `pigsolve simulate` end to end: formats, figures and errors."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app

runner = CliRunner()
KEYS = ["a", "b", "goal", "die", "a_first", "b_first", "average"]


def run(args: list[str]) -> tuple[int, str, str]:
    result = runner.invoke(app, args)
    return result.exit_code, result.stdout, result.stderr


def test_compare_json_is_one_object_with_the_documented_keys() -> None:
    code, out, _ = run(["compare", "hold20", "hold20", "--json"])
    assert code == 0
    result = json.loads(out)
    assert list(result) == KEYS
    assert (result["a"], result["b"], result["goal"], result["die"]) == ("hold20", "hold20", 100, 6)
    assert round(result["a_first"], 4) == 0.5347  # Neller's figure for hold-at-20 self-play
    assert result["average"] == pytest.approx(0.5, abs=1e-12)


def test_compare_json_names_piglet_and_the_family_s_games() -> None:
    """A piglet coin is not a two-sided die: the record says so; another game is named instead of
    a die, for a pair and for three players alike."""
    _, out, _ = run(
        ["compare", "hold20", "hold25", "--goal", "30", "--die", "2", "--piglet", "--json"]
    )
    result = json.loads(out)
    assert list(result) == [*KEYS[:4], "piglet", *KEYS[4:]] and result["piglet"] is True
    # A turn banks only after 20 (or 25) heads in a row, so hold20 banks first about 32 times in
    # 33 (2**-20 against 2**-25 a turn), whoever starts; the games are long, not decided early.
    assert result["a_first"] == pytest.approx(32 / 33, abs=1e-4)
    assert result["b_first"] == pytest.approx(32 / 33, abs=1e-4)
    family = ["--game", "big-pig", "--goal", "30", "--json"]
    pair = json.loads(run(["compare", "hold20", "hold25", *family])[1])
    three = json.loads(run(["compare", "hold20", "hold25", "hold30", "--players", "3", *family])[1])
    assert pair["game"] == three["game"] == "big-pig" and "die" not in pair | three
    assert three["goal"] == 30 and len(three["seatings"]) == 6
    robin = ["compare", "--all", "hold20", "hold25", "--game", "big-pig", "--goal", "30"]
    rows = list(csv.DictReader(io.StringIO(run([*robin, "--csv"])[1])))
    records = json.loads(run([*robin, "--json"])[1])
    assert rows == [{key: str(value) for key, value in r.items()} for r in records]
    assert list(rows[0]) == [*KEYS[:3], "game", *KEYS[4:]]


def test_compare_table_shows_both_starters_and_the_coin_toss() -> None:
    code, out, _ = run(["compare", "hold20", "four-turns", "--goal", "50", "--die", "4"])
    assert code == 0
    _, json_out, _ = run(
        ["compare", "hold20", "four-turns", "--goal", "50", "--die", "4", "--json"]
    )
    result = json.loads(json_out)
    assert "A = hold20, B = four-turns" in out
    for key, label in [("a_first", "A first"), ("b_first", "B first"), ("average", "coin toss")]:
        assert f"{label}" in out and f"{result[key]:.6f}" in out


def test_compare_all_csv_is_the_full_round_robin() -> None:
    names = ["hold20", "four-turns", "pace-race"]
    code, out, _ = run(["compare", "--all", *names, "--csv"])
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["a"], r["b"]) for r in rows] == [(a, b) for a in names for b in names]
    assert list(rows[0]) == KEYS
    table = {(r["a"], r["b"]): r for r in rows}
    for a in names:
        for b in names:
            # B's view of the match is A's, swapped
            assert float(table[a, b]["a_first"]) == pytest.approx(
                1 - float(table[b, a]["b_first"]), abs=1e-12
            )


def test_compare_all_defaults_to_every_computer_player() -> None:
    code, out, err = run(["compare", "--all", "--goal", "40", "--json"])
    assert code == 0, err
    results = json.loads(out)
    names = ["optimal", "hold20", "four-turns", "base-pace-race", "pace-race"]
    assert [(r["a"], r["b"]) for r in results] == [(a, b) for a in names for b in names]
    assert all(list(r) == KEYS for r in results)
    # minimax: optimal is never beaten by anyone on a coin toss
    assert all(r["average"] >= 0.5 - 1e-12 for r in results if r["a"] == "optimal")
    code, out, _ = run(["compare", "--all", "--goal", "40"])
    assert code == 0 and "P(A beats B)" in out and "pace-race" in out


def test_compare_optimal_against_hold20(tmp_path: Path) -> None:
    code, out, err = run(["compare", "optimal", "hold20", "--json"])
    assert code == 0, err
    result = json.loads(out)
    # The minimax-optimal player; the paper's 58.74% / 47.76% are the best response's
    # (tests/test_paper_figures.py).
    assert (round(result["a_first"], 4), round(result["b_first"], 4)) == (0.5715, 0.5083)
    assert (tmp_path / "data" / "pig-players2-goal100-die6.h5").exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (["compare", "hold20"], "give 2 players for --players 2, got 1"),
        (["compare", "hold20", "human"], "human cannot be compared"),
        (["compare", "hold20", "nobody"], "unknown player 'nobody'"),
        (["compare", "hold20", "hold25", "--csv"], "--csv goes with --all"),
        (["compare", "--all", "--json", "--csv"], "choose one of --json and --csv"),
        (["compare", "hold20", "hold25", "--goal", "0"], "goal"),
        (["simulate", "hold20", "hold25", "--games", "0"], "games must be at least 2, one per"),
        (["simulate", "hold20", "hold25", "--seed", "-1"], "seed must be in"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run(args)
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in out + err


def test_simulate_reports_rates_intervals_and_exact_values() -> None:
    args = ["simulate", "hold20", "pace-race", "--games", "20001", "--seed", "5", "--goal", "60"]
    code, out, _ = run(args)
    assert code == 0
    assert "20,001 games" in out and "seed 5" in out
    lines = {line.split("│")[0].strip(): line for line in out.splitlines() if "│" in line}
    assert set(lines) >= {"A first", "B first", "either"}
    assert "10,001" in lines["A first"] and "10,000" in lines["B first"]
    _, exact, _ = run(["compare", "hold20", "pace-race", "--goal", "60", "--json"])
    assert f"{json.loads(exact)['a_first']:.5f}" in lines["A first"]
    assert "Wilson" in out and "mean game length" in out
    # the same seed plays the same games
    _, again, _ = run(args)
    assert again.splitlines()[:-1] == out.splitlines()[:-1]


def test_export_writes_once_and_refuses_to_overwrite(tmp_path: Path) -> None:
    args = ["export", "--what", "boundary", "--goal", "30", "--out", "b.csv"]
    code, out, err = run(args)
    assert code == 0, err
    assert "wrote b.csv" in out
    lines = (tmp_path / "b.csv").read_text().splitlines()
    assert len(lines) == 31 and lines[0].startswith("i,j=0,")
    code, _, err = run(args)
    assert code == 1 and "already exists; pass --force" in err and len(err.splitlines()) == 1
    code, _, _ = run([*args, "--force", "--format", "json"])
    assert code == 0 and json.loads((tmp_path / "b.csv").read_text())["what"] == "boundary"


def test_export_and_plot_errors(tmp_path: Path, monkeypatch) -> None:
    missing = ["--table", str(tmp_path / "missing.h5")]
    for args, code, message in [
        (["export", "--what", "policy", "--out", "x.csv", *missing], 2, "no table at"),
        (["plot", "--kind", "slice", "--out", "x.png", "--goal", "20"], 2, "needs --opponent"),
    ]:
        result = run(args)
        assert result[0] == code and message in result[2], (args, result)
        assert len(result[2].splitlines()) <= 2  # the table announcement, then the error
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, _, err = run(["plot", "--kind", "contours", "--out", "c.png", "--goal", "20"])
    assert code == 1 and "needs the plot extra: pip install" in err and "[plot]'" in err


def test_plot_writes_a_png(tmp_path: Path) -> None:
    args = ["plot", "--kind", "slice", "--opponent", "10", "--goal", "30", "--out", "s.png"]
    code, out, err = run(args)
    assert code == 0, err
    assert "wrote s.png" in out
    assert (tmp_path / "s.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
