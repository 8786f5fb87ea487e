"""Hostile inputs a user can write, each refused in one line naming it (never "internal error"):
game files nested 10,000 deep, counts totalling 0, points of 10**30, players by the thousand,
infinite option values, rules JSON that is not rules; and Ctrl-C of a compute on a cluster.
Each case was an internal error, a hang or a wild allocation before."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app
from pigsolve.solver import resources
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.farkle import FarkleRules
from pigsolve.solver.games.hog import HogRules, hog_rules
from pigsolve.solver.games.pig import PigRules

runner = CliRunner()

BIG = 10**30
DEEP = 10_000
PIG_ROW = '[[outcome]]\nname = "one"\ncount = {one}\neffect = "pig"\n'
SIX_ROW = '[[outcome]]\nname = "six"\ncount = {six}\neffect = "add"\npoints = 6\n'
FARKLE = 'base = "farkle"\ngoal = 500\n'

GAME_FILES = {
    "deep-array": ("a = " + "[" * DEEP + "]" * DEEP, "nests arrays or tables too deeply"),
    "deep-inline-table": ("a = " + "{b = " * DEEP + "1" + "}" * DEEP, "too deeply to read"),
    "deep-scoring": (
        FARKLE + "[scoring]\nsingle_one = " + "[" * DEEP + "]" * DEEP,
        "too deeply to read",
    ),
    "twenty-deep": (
        "a = " + "[" * 20 + "1" + "]" * 20,
        "a" + "[0]" * 8 + " nests arrays or tables more than 8 deep",
    ),
    "zero-counts": (PIG_ROW.format(one=0) + SIX_ROW.format(six=0), "the counts total 0"),
    "counts-not-a-table": ('game = "pass-the-pigs"\ncounts = 5', "counts must be a table"),
    "name-a-table": (
        "name = {a = 1}\n" + PIG_ROW.format(one=1) + SIX_ROW.format(six=1),
        "name must be a string",
    ),
    "tiny-probability": (
        '[[outcome]]\nname = "one"\nprobability = 1e-308\neffect = "pig"\n'
        '[[outcome]]\nname = "six"\nprobability = "1/2"\neffect = "add"\npoints = 6\n',
        "the probabilities sum to about 0.5, not 1",
    ),
    "single-one-1e10": (
        FARKLE + "[scoring]\nsingle_one = 10000000000",
        "single_one must be at most 1,000,000 points, got 10000000000",
    ),
    "single-one-1e30": (
        FARKLE + f"[scoring]\nsingle_one = {BIG}",
        "single_one must be at most 1,000,000 points",
    ),
    "straight-1e30": (FARKLE + f"[scoring]\nstraight = {BIG}", "straight must be at most"),
    "triple-1e30-doubling": (
        FARKLE
        + '[scoring]\nmultiples = "doubling"\n'
        + f"three_of_a_kind = [{BIG}, 200, 300, 400, 500, 600]",
        "three_of_a_kind must be at most 1,000,000 points",
    ),
    "of-a-kind-1e30": (
        FARKLE + f'[scoring]\nmultiples = "fixed"\nof_a_kind_points = [{BIG}, 50, 50]',
        "of_a_kind_points must be at most 1,000,000 points",
    ),
    "penalty-1e30": (FARKLE + f"farkle_penalty = {BIG}", "farkle_penalty must be at most"),
    "min-bank-1e30": (FARKLE + f"min_bank = {BIG}", "min_bank must be at most 1,000,000"),
    "players-1000": (FARKLE + "players = 1000", "players must be at most 100, got 1000"),
    "players-1e30": (FARKLE + f"players = {BIG}", "players must be at most 100"),
}


def one_line(result) -> str:
    """Return the one error line of a refused run: a non-zero exit, no internal error."""
    lines = result.stderr.strip().splitlines()
    assert result.exit_code not in (0, None), result.stderr
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and "internal error" not in lines[0]
    assert "Traceback" not in result.stderr + result.stdout
    return lines[0]


@pytest.fixture(autouse=True)
def machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine of 24 GiB, whatever this one has: the refusals' words do not move."""
    monkeypatch.setattr(resources, "physical_memory", lambda: 24 * resources.GIB)


@pytest.mark.parametrize(("text", "said"), GAME_FILES.values(), ids=list(GAME_FILES))
def test_a_hostile_game_file_is_refused_in_one_line_naming_it(workdir, text, said) -> None:
    (workdir / "game.toml").write_text(text)
    line = one_line(runner.invoke(app, ["compute", "--game", "game.toml", "--out", "t.h5"]))
    assert "game.toml" in line and said in line


OPTIONS = {
    "pig-players-1000": (
        ["--players", "1000", "--goal", "10"],
        "players must be at most 100, got 1000",
    ),
    "pig-players-1e30": (["--players", str(BIG), "--goal", "10"], "players must be at most 100"),
    "pig-goal-1e30-16-players": (
        ["--players", "16", "--goal", str(BIG)],
        "needs about 1.2e+473 GiB of memory",
    ),
    "farkle-goal-1e30-16-players": (
        ["--game", "farkle", "--players", "16", "--goal", str(BIG)],
        "needs about 1.9e+446 GiB of memory",
    ),
    "memory-limit-inf": (["--memory-limit", "inf"], "--memory-limit must be a finite number"),
    "memory-limit-nan": (["--memory-limit", "nan"], "--memory-limit must be a finite number"),
    "memory-limit-1e308": (["--memory-limit", "1e308"], "--memory-limit must be a finite"),
    "farkle-memory-limit-0": (
        ["--game", "farkle", "--goal", "500", "--memory-limit", "0"],
        "no goal fits",
    ),
    "hog-memory-limit-0": (
        ["--game", "hog-fa16", "--goal", "50", "--memory-limit", "0"],
        "no goal fits",
    ),
    "tolerance-1e308": (
        ["--goal", "10", "--method", "value-iteration", "--tolerance", "1e308"],
        "--tolerance must be positive and below 1",
    ),
    "tolerance-inf": (
        ["--goal", "10", "--method", "value-iteration", "--tolerance", "inf"],
        "--tolerance must be positive and below 1",
    ),
}


@pytest.mark.parametrize(("args", "said"), OPTIONS.values(), ids=list(OPTIONS))
def test_a_hostile_option_of_compute_is_refused_in_one_line(workdir, args, said) -> None:
    line = one_line(runner.invoke(app, ["compute", *args, "--out", "t.h5"]))
    assert said in line


DEEP_JSON = "[" * 100_000 + "]" * 100_000
STORED_RULES = [
    (FarkleRules.from_json, DEEP_JSON, "not Farkle rules in JSON (nested too deeply)"),
    (FarkleRules.from_json, '{"goal": 200, "scoring": [1]}', "not Farkle rules in JSON"),
    (HogRules.from_json, DEEP_JSON, "not Hog rules in JSON (nested too deeply)"),
    (HogRules.from_json, "[1, 2]", "a JSON object, not list"),
    (HogRules.from_json, '{"name": "su20", "wild_every": 0}', "wild_every must be None or"),
    (HogRules.from_json, '{"name": "su20", "zzz": 1}', "unexpected keyword argument 'zzz'"),
    (PigRules.from_json, {"goal": 1e999, "die_sides": 6}, "not Pig rules"),
    (PigRules.from_json, {"game": 5, "goal": 10, "players": 2}, "not Pig rules"),
]


@pytest.mark.parametrize(("read", "stored", "said"), STORED_RULES)
def test_stored_rules_that_are_not_rules_are_refused_in_one_line(read, stored, said) -> None:
    with pytest.raises(InvalidArgument, match=r"not (Farkle|Hog|Pig) rules") as refused:
        read(stored)
    assert said in str(refused.value) and "\n" not in str(refused.value)


def test_stored_rules_round_trip() -> None:
    assert HogRules.from_json(hog_rules("fa16").to_json()) == hog_rules("fa16")


def test_a_table_whose_rules_nest_too_deeply_is_damaged_not_a_bug(workdir) -> None:
    import h5py

    assert runner.invoke(app, ["compute", "--goal", "10", "--out", "t.h5"]).exit_code == 0
    with h5py.File(workdir / "t.h5", "r+") as f:
        f.attrs["rules"] = DEEP_JSON
    for args in (["info", "t.h5"], ["query", "0", "0", "0", "--table", "t.h5"]):
        assert "not Pig rules (nested too deeply)" in one_line(runner.invoke(app, args))


@pytest.mark.slow
def test_ctrl_c_of_a_compute_on_a_local_cluster_is_one_line_and_resumes(workdir) -> None:
    """A terminal's Ctrl-C reaches the whole process group, the cluster's workers too: the
    command says one line, exits 130, and the store resumes from the rounds it kept."""
    pytest.importorskip("distributed")
    zarr = pytest.importorskip("zarr")
    command = [sys.executable, "-m", "pigsolve", "compute", "--players", "3", "--goal", "60"]
    command += ["--store", "s.zarr", "--workers", "2"]
    run = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and run.poll() is None:  # a round finished, some to go
        try:
            if int(zarr.open_group("s.zarr", mode="r").attrs.get("finished", 0)) >= 1:
                break
        except Exception:  # not created yet, or being written
            pass
        time.sleep(0.2)
    assert run.poll() is None, run.communicate()
    os.killpg(run.pid, signal.SIGINT)
    _, err = run.communicate(timeout=120)
    lines = err.strip().splitlines()
    assert run.returncode == 130, err
    assert "Traceback" not in err and "distributed" not in err, err
    assert lines[-1].startswith("interrupted with ") and lines[-1].endswith(
        "rounds of blocks finished in " + str(workdir / "s.zarr") + "; --resume continues"
    )
    resumed = subprocess.run([*command, "--resume"], capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
