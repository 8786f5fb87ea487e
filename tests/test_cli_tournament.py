"""`pigsolve tournament` end to end: CS 61A's contest of strategy files, its checks of each
entry (each failure one line, the others played), its ranking and its files."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app

runner = CliRunner()
GAME = ["--game", "hog-su20", "--goal", "20"]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["tournament", *args])
    return result.exit_code, result.stdout, result.stderr


def entry(folder: Path, name: str, body: str, function: str = "final_strategy") -> str:
    """Write ``def function(score, opponent_score):`` with ``body`` to ``folder/name.py``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.py"
    indented = "\n".join(f"    {line}" for line in body.splitlines())
    path.write_text(
        f"import random\nimport time\n\n\ndef {function}(score, opponent_score):\n{indented}\n"
    )
    return str(path)


def test_two_always_entries_agree_with_compare(workdir: Path) -> None:
    always3 = entry(workdir, "always3", "return 3")
    always6 = entry(workdir, "always6", "return 6")
    code, out, err = run(always3, always6, *GAME, "--json", "t.json", "--csv", "t.csv")
    assert code == 0, err
    compared = runner.invoke(app, ["compare", "always3", "always6", *GAME, "--json"])
    average = json.loads(compared.stdout)["average"]
    found = json.loads((workdir / "t.json").read_text())
    names = [row["name"] for row in found["entries"]]
    rate = found["rates"][names.index("always3")][names.index("always6")]
    assert rate == pytest.approx(average, abs=1e-15)
    assert found["rates"][0][0] is None and found["rates"][1][1] is None
    assert {key: found[key] for key in ("format", "version", "game", "goal", "threshold")} == {
        "format": "pigsolve-tournament",
        "version": 1,
        "game": "hog-su20",
        "goal": 20,
        "threshold": 0.500001,
    }
    assert found["disqualified"] == [] and found["seconds"] > 0 and found["pigsolve"]
    winner = found["entries"][0]
    assert (winner["rank"], winner["points"]) == (1, 1)
    assert winner["win_rate"] == pytest.approx(max(average, 1 - average), abs=1e-15)
    rows = list(csv.DictReader((workdir / "t.csv").open()))
    assert [row["name"] for row in rows] == names
    assert rows[0] == {key: str(value) for key, value in winner.items()}
    assert f"{winner['win_rate']:.6f}" in out and "wrote t.json" in out and "wrote t.csv" in out


def test_a_tie_gives_neither_a_point_and_names_are_made_unique(workdir: Path) -> None:
    """The same strategy in two folders: a rate of exactly one half, no point, one rank."""
    first = entry(workdir / "a", "copy", "return 4")
    second = entry(workdir / "b", "copy", "return 4")
    code, _, err = run(first, second, *GAME, "--json", "t.json")
    assert code == 0, err
    found = json.loads((workdir / "t.json").read_text())
    assert [(row["name"], row["rank"], row["points"]) for row in found["entries"]] == [
        ("copy", 1, 0),
        ("copy-2", 1, 0),
    ]
    assert found["rates"][0][1] == pytest.approx(0.5, abs=1e-15)


BAD = {
    "raises": (
        "if score == 3:\n    raise ValueError('no')\nreturn 4",
        "final_strategy(3, 0) raised ValueError: no",
    ),
    "eleven": (
        "return 11 if opponent_score == 4 else 4",
        "final_strategy(0, 4) returned 11 (invalid number of rolls)",
    ),
    "floaty": ("return 4.0", "final_strategy(0, 0) returned 4.0 (invalid number of rolls)"),
    "dice": ("return random.randrange(11)", "not a deterministic strategy"),
    "sleepy": (
        "if score == 5:\n    time.sleep(30)\nreturn 4",
        "gave no answer within 0.3 s when asked final_strategy(5, 0) (--timeout",
    ),
}


def test_each_bad_entry_is_named_in_one_line_and_the_others_play(workdir: Path) -> None:
    folder = workdir / "entries"
    for name, (body, _) in BAD.items():
        entry(folder, name, body)
    entry(folder, "good", "return 5")
    entry(folder, "other", "return 2 if score > opponent_score else 6")
    (folder / "arity.py").write_text("def final_strategy(score):\n    return 4\n")
    (folder / "syntax.py").write_text("def final_strategy(score, opponent_score)\n    return 4\n")
    code, out, err = run(str(folder), "missing", *GAME, "--timeout", "0.3")
    assert code == 0, err
    disqualified = {
        line.split(":", 1)[0].removeprefix("disqualified "): line
        for line in out.splitlines()
        if line.startswith("disqualified ")
    }
    for name, (_, reason) in BAD.items():
        assert reason in disqualified[f"{folder / name}.py"]
    assert "must take 2 arguments" in disqualified[f"{folder / 'arity'}.py"]
    assert "importing it raised SyntaxError" in disqualified[f"{folder / 'syntax'}.py"]
    assert disqualified["missing"] == "disqualified missing: no file or folder at missing"
    assert len(disqualified) == len(BAD) + 3
    assert ": 2 entries" in out and "│ good " in out and "│ other " in out


def test_fewer_than_two_valid_entries_is_one_line_and_a_failure(workdir: Path) -> None:
    good = entry(workdir, "good", "return 5")
    bad = entry(workdir, "bad", "return 11")
    code, out, err = run(good, bad, *GAME)
    assert code == 1 and out == ""
    assert (
        err.splitlines()[-1]
        == "error: a tournament needs two valid entries; 1 of 2 passed the checks"
    )
    assert "disqualified" in err and "returned 11" in err
    code, _, err = run(good, *GAME)
    assert code == 2 and err == "error: a tournament needs two entries or more, got 1\n"


def test_a_game_whose_players_are_not_functions_of_the_scores_is_refused(workdir: Path) -> None:
    good = entry(workdir, "good", "return 5")
    for game in ([], ["--game", "pig"], ["--game", "farkle"]):
        code, _, err = run(good, good, *game)
        assert code == 2
        assert err.startswith(
            "error: tournament needs a game whose players are functions of the scores: "
            "hog-fa16, hog-su20, ..., hog-sp26 (--game NAME); "
        )


def test_a_file_there_is_kept_without_force(workdir: Path) -> None:
    a, b = entry(workdir, "a", "return 3"), entry(workdir, "b", "return 5")
    (workdir / "t.csv").write_text("mine\n")
    code, _, err = run(a, b, *GAME, "--csv", "t.csv")
    assert code == 1 and "t.csv already exists" in err and "--force" in err
    assert (workdir / "t.csv").read_text() == "mine\n"
    code, _, _ = run(a, b, *GAME, "--csv", "t.csv", "--force")
    assert code == 0 and (workdir / "t.csv").read_text().startswith("rank,name,entry,points")


def test_a_function_named_in_a_file_and_rules_by_alias(workdir: Path) -> None:
    mine = entry(workdir, "mine", "return 0 if opponent_score < 10 else 5", function="strategy")
    other = entry(workdir, "other", "return 4")
    code, out, err = run(f"{mine}:strategy", other, "--rules", "fa16", "--goal", "20")
    assert code == 0, err
    assert "fa16, goal 20: 2 entries" in out and "│ mine:strategy " in out


def test_the_bench_row_times_asking_and_comparing_generated_entries(workdir: Path) -> None:
    from pigsolve.solver.games.hog import hog_rules
    from pigsolve.ui.adapters.hog.bench import KINDS, bench_tournament, write_entries

    (workdir / "again").mkdir()
    files = write_entries(workdir, 2 * len(KINDS), 20)
    assert len({path.read_text() for path in files}) == len(files)  # varied
    assert (
        write_entries(workdir / "again", 2 * len(KINDS), 20)[-1].read_text()
        == files[-1].read_text()
    )
    found = bench_tournament(hog_rules("su20", goal=12), entries=4)
    assert found["benchmark"] == "hog su20 tournament of 4 entries" and found["unit"] == "games/s"
    assert found["seconds"] == pytest.approx(found["tabulate_seconds"] + found["evaluate_seconds"])
    assert found["rate"] == pytest.approx(6 / found["seconds"])
    assert "times_bacon_published" not in found  # their figure is for 132 entries at goal 100
