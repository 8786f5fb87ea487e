"""The smaller things a new user stumbles on (issue 18, item 8), one regression test each."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app

runner = CliRunner()
PIGSOLVE = [sys.executable, "-m", "pigsolve"]


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(("suffix", "magic"), [(".pdf", b"%PDF"), (".svg", b"<?xml")])
def test_plots_are_written_as_pdf_and_svg_by_the_suffix(workdir, suffix, magic) -> None:
    pytest.importorskip("matplotlib")
    out = workdir / f"boundary{suffix}"
    result = runner.invoke(app, ["plot", "--kind", "boundary", "--goal", "20", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes().startswith(magic)


@pytest.mark.parametrize(("games", "count"), [("1e3", "1,000"), ("2_000", "2,000")])
def test_games_may_be_written_1e3_or_with_separators(workdir, games, count) -> None:
    args = ["simulate", "hold20", "hold25", "--goal", "20", "--seed", "1", "--games", games]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    assert f"{count} games" in result.stdout


def test_a_fractional_games_count_is_one_line(tmp_path: Path) -> None:
    args = [*PIGSOLVE, "simulate", "hold20", "hold25", "--games", "1.5"]
    done = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.startswith("error: Invalid value for '--games': '1.5' is not a whole number")
    assert len(done.stderr.splitlines()) == 1


def test_an_absurd_simulation_is_announced_where_no_bar_shows(tmp_path: Path) -> None:
    # stderr is a pipe: no progress bar, so the start is announced (then the run is stopped).
    args = ["simulate", "hold20", "hold25", "--goal", "5", "--games", "100000000000"]
    process = subprocess.Popen(
        [*PIGSOLVE, *args], cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        first = process.stderr.readline().decode()
    finally:
        process.kill()
        process.wait(timeout=60)
        process.stderr.close()
    assert first.startswith("note: playing 100,000,000,000 games takes long")


@pytest.mark.slow
def test_a_reader_that_stops_early_ends_pigsolve_quietly(tmp_path: Path) -> None:
    # `pigsolve policies | head -1`: the pipe closes before pigsolve has written everything.
    process = subprocess.Popen(
        [*PIGSOLVE, "compare", "--all", "hold20", "hold25", "--goal", "8", "--csv"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    process.stdout.close()  # the reader is gone before the first line
    assert process.wait(timeout=120) == 141
    assert process.stderr.read() == b""
    process.stderr.close()


def test_csv_and_json_agree_with_single_comparisons_to_the_last_digit(workdir) -> None:
    names = ["hold20", "hold25", "four-turns"]
    as_csv = runner.invoke(app, ["compare", "--all", *names, "--goal", "30", "--csv"]).stdout
    as_json = json.loads(
        runner.invoke(app, ["compare", "--all", *names, "--goal", "30", "--json"]).stdout
    )
    rows = list(csv.DictReader(io.StringIO(as_csv)))
    for row, record in zip(rows, as_json, strict=True):
        assert [row[key] for key in ("a_first", "b_first", "average")] == [
            repr(record[key]) for key in ("a_first", "b_first", "average")
        ]
        alone = runner.invoke(app, ["compare", row["a"], row["b"], "--goal", "30", "--json"])
        assert json.loads(alone.stdout) == record


def test_hog_json_names_the_rule_set_and_no_die(workdir) -> None:
    result = runner.invoke(app, ["hog", "compare", "always4", "bacon", "--goal", "20", "--json"])
    record = json.loads(result.stdout)
    assert "die" not in record and record["rules"] == "fa16"
    tuned = runner.invoke(
        app, ["hog", "tune", "always", "--against", "bacon", "--goal", "20", "--json"]
    )
    assert all("die" not in tuned_record for tuned_record in json.loads(tuned.stdout)["runners_up"])


def test_the_same_seed_rolls_the_same_dice_whatever_seat_you_take(workdir) -> None:
    def rolls(*you: str) -> list[str]:
        result = runner.invoke(app, ["play", "--seed", "5", "--goal", "20", *you], input="h\n" * 99)
        assert result.exit_code == 0, result.stderr
        return re.findall(r"Roll: (\d)", result.stdout)

    random_seat, first, second = rolls(), rolls("--you", "1"), rolls("--you", "2")
    shortest = min(map(len, (random_seat, first, second)))
    assert random_seat[:shortest] == first[:shortest] == second[:shortest]


def test_an_absurd_die_is_refused_in_one_line(workdir) -> None:
    result = runner.invoke(app, ["compute", "--die", "1000000", "--goal", "10"])
    assert result.exit_code == 2
    assert result.stderr == "error: --die takes at most 1,000 sides, got 1,000,000\n"
    assert not Path("data").exists()
