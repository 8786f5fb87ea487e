"""The Pig table commands end to end: compute, info, query, verify, bench and their errors."""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import replace
from pathlib import Path

import h5py
import numpy as np
import pytest
from typer.testing import CliRunner

from pigsolve.cli import app
from pigsolve.solver import __version__, resources
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.hog.solve import memory_needed as hog_memory
from pigsolve.solver.pig.solve import memory_needed as pig_memory

runner = CliRunner()


def one_line_error(result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.output
    return lines[0]


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and __version__ in result.output


def test_compute_writes_the_default_file_and_keeps_it(workdir: Path) -> None:
    result = runner.invoke(app, ["compute", "--goal", "25", "--die", "4"])
    assert result.exit_code == 0, result.output
    path = workdir / "data" / "pig-players2-goal25-die4.h5"
    assert path.exists() and "P(0, 0, 0) = 0." in result.output
    before = path.read_bytes()
    again = runner.invoke(app, ["compute", "--goal", "25", "--die", "4"])
    assert again.exit_code == 0, again.output  # `pip install -e . && pigsolve compute`, twice
    first, kept = result.stdout.splitlines(), again.stdout.splitlines()
    assert kept[:2] == first[:2]  # P(0, 0, 0) and the method line, read back from the file
    assert kept[2] == f"kept {path.relative_to(workdir)} (already computed; --force recomputes)"
    assert path.read_bytes() == before
    forced = runner.invoke(app, ["compute", "--goal", "25", "--die", "4", "--force", "--quiet"])
    assert forced.exit_code == 0 and forced.output == ""
    assert path.read_bytes() != before  # recomputed: a new creation stamp


def test_compute_refuses_a_file_that_is_not_the_table_asked_for(workdir: Path) -> None:
    """A file for other rules, or a damaged one, is kept and refused, naming --force."""
    assert runner.invoke(app, ["compute", "--goal", "25", "--out", "t.h5"]).exit_code == 0
    other = runner.invoke(app, ["compute", "--goal", "26", "--out", "t.h5"])
    assert other.exit_code == 1
    assert one_line_error(other) == (
        "error: t.h5 already exists and holds the optimal table for goal 25 and a 6-sided die, "
        "not the optimal table for goal 26 and a 6-sided die; pass --force to overwrite it"
    )
    with h5py.File("t.h5", "r+") as f:
        f["start_values"][3, 4, 0] = np.nan
    damaged = runner.invoke(app, ["compute", "--goal", "25", "--out", "t.h5"])
    assert damaged.exit_code == 1
    assert "t.h5 already exists and is damaged (values that are not finite" in one_line_error(
        damaged
    )
    assert (
        runner.invoke(app, ["compute", "--goal", "25", "--out", "t.h5", "--force"]).exit_code == 0
    )
    assert runner.invoke(app, ["compute", "--goal", "25", "--out", "t.h5"]).exit_code == 0


def test_value_iteration_from_the_cli(workdir: Path) -> None:
    out = workdir / "vi.h5"
    args = ["compute", "--goal", "20", "--method", "value-iteration", "--tolerance", "1e-13"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    with h5py.File(out) as f:
        assert f.attrs["method"] == "value-iteration" and f.attrs["tolerance"] == 1e-13


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["compute", "--goal", "0"], "goal must be an integer >= 1"),
        (["compute", "--die", "1"], "die sides must be an integer >= 2"),
        (["compute", "--tolerance", "-1", "--method", "value-iteration"], "tolerance must be"),
    ],
)
def test_compute_rejects_bad_parameters(workdir: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in one_line_error(result)
    assert not (workdir / "data").exists()


def test_info_query_and_verify() -> None:
    assert runner.invoke(app, ["compute", "--goal", "30"]).exit_code == 0
    info = runner.invoke(app, ["info", "data/pig-players2-goal30-die6.h5"])
    assert info.exit_code == 0
    for word in ["p_first_player", "max_bellman_residual", "win_probability", "30 x 30 x 30"]:
        assert word in info.output
    query = runner.invoke(app, ["query", "0", "0", "5", "--goal", "30"])
    assert query.exit_code == 0
    assert "optimal action   roll" in query.output and "hold             0." in query.output
    at_zero = runner.invoke(app, ["query", "0", "0", "0", "--goal", "30"])
    assert "not an action at k = 0" in at_zero.output
    won = runner.invoke(app, ["query", "20", "3", "10", "--goal", "30"])
    assert "won" in won.output
    verify = runner.invoke(app, ["verify", "--goal", "30"])
    assert verify.exit_code == 0 and "FAILED" not in verify.output


def test_query_outside_the_table() -> None:
    runner.invoke(app, ["compute", "--goal", "30"])
    result = runner.invoke(app, ["query", "0", "31", "0", "--goal", "30"])
    assert result.exit_code == 2
    assert "outside the goal-30 table" in one_line_error(result)


def test_verify_fails_on_a_tampered_table(workdir: Path) -> None:
    runner.invoke(app, ["compute", "--goal", "30"])
    path = workdir / "data" / "pig-players2-goal30-die6.h5"
    with h5py.File(path, "r+") as f:
        f["roll"][3, 4, 5] = 1 - f["roll"][3, 4, 5]
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    assert "fails: optimal choices" in one_line_error(result)


@pytest.mark.parametrize("command", ["info", "verify", "query"])
def test_missing_and_foreign_files(command: str) -> None:
    args = {"info": ["info"], "verify": ["verify"], "query": ["query", "0", "0", "0", "--table"]}
    missing = runner.invoke(app, [*args[command], "nope.h5"])
    assert missing.exit_code == 2 and "no table at nope.h5" in one_line_error(missing)
    Path("text.h5").write_text("not a table")
    foreign = runner.invoke(app, [*args[command], "text.h5"])
    assert foreign.exit_code == 1 and "not a readable HDF5 file" in one_line_error(foreign)


@pytest.mark.slow  # fresh processes solving each game: 30-45 s on the two-core machine
def test_bench_quick_json() -> None:
    result = runner.invoke(app, ["bench", "--quick", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    names = [row["benchmark"] for row in rows]
    assert names == [
        "pig layered",
        "pig value-iteration",
        "pig compute, fresh process",
        "pig compute, 3 players, fresh process",
        "pig two-dice compute, 2 players, fresh process",
        "pig pass-the-pigs compute, 2 players, fresh process",
        "pig big-pig compute, 3 players, fresh process",
    ]
    assert all(row["seconds"] > 0 for row in rows)
    family = rows[-3:]
    assert [row["target_seconds"] for row in family] == [5.0, 5.0, 10.0]
    assert all(row["times_two_player_compute"] > 0 for row in family)


def unprivileged() -> list[str]:
    """Return the prefix that runs a command without root's power to ignore permissions."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    caps = "-dac_override,-dac_read_search"
    return ["setpriv", f"--inh-caps={caps}", f"--bounding-set={caps}"]


@pytest.mark.parametrize(
    ("args", "where"),
    [
        (["compute", "--goal", "10", "--out", "ro/x.h5"], "ro/x.h5"),
        (["hog", "compute", "--goal", "10", "--out", "ro/x.h5"], "ro/x.h5"),
    ],
    ids=["compute", "hog-compute"],
)
def test_unwritable_places_are_one_line_and_leave_nothing(
    pigsolve, tmp_path: Path, args, where
) -> None:
    """Writes into a read-only folder ended in a PermissionError traceback."""
    read_only = tmp_path / "ro"
    read_only.mkdir()
    read_only.chmod(0o555)
    cwd = tmp_path if args[-1].startswith("ro/") else read_only
    done = pigsolve(*args, cwd=cwd, prefix=unprivileged())
    errors = [line for line in done.stderr.splitlines() if line.startswith("error")]
    assert done.returncode == 1 and errors == [f"error: cannot write {where}: Permission denied"]
    assert "Traceback" not in done.stderr and list(read_only.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "where", "answer"),
    [
        (["query", "3", "3", "3", "--goal", "10"], "data/pig-players2-goal10-die6.h5", "roll"),
        pytest.param(
            ["compare", "optimal", "hold20", "--goal", "10"],
            "data/pig-players2-goal10-die6.h5",
            "0.",
            marks=pytest.mark.slow,
        ),
        pytest.param(
            ["export", "--what", "boundary", "--out", "../b.csv", "--goal", "10"],
            "data/pig-players2-goal10-die6.h5",
            "wrote ../b.csv",
            marks=pytest.mark.slow,
        ),
        pytest.param(
            ["play", "--opponent", "optimal", "--goal", "10", "--you", "1", "--seed", "1"],
            "data/pig-players2-goal10-die6.h5",
            "You will be player 1.",
            marks=pytest.mark.slow,
        ),
        (
            ["query", "0", "0", "0", "0", "--players", "3", "--goal", "6"],
            "data/pig-players3-goal6-die6.h5",
            "roll",
        ),
        (["hog", "query", "0", "0", "--goal", "10"], "data/hog-fa16-goal10.h5", "optimal"),
    ],
    ids=["query", "compare", "export", "play", "query-3-players", "hog-query"],
)
def test_a_read_only_folder_computes_in_memory_and_says_once(
    tmp_path: Path, pigsolve, args, where, answer
) -> None:
    """In a read-only folder every command needing the optimal table failed to save it, exit 1."""
    read_only = tmp_path / "ro"
    read_only.mkdir()
    read_only.chmod(0o555)
    done = pigsolve(*args, cwd=read_only, prefix=unprivileged(), stdin="\n" * 200)
    assert done.returncode == 0, done.stderr
    notes = [line for line in done.stderr.splitlines() if "cannot write" in line]
    assert notes == [
        f"note: cannot write {where}: Permission denied; the table is kept in memory only "
        "(computed again next time)"
    ]
    assert answer in done.stdout and "Traceback" not in done.stderr
    assert list(read_only.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (
            ["query", "0", "0", "0", "--goal", "37", "--table", "t.h5"],
            "compute --goal 37 --out t.h5",
        ),
        (["compare", "optimal", "hold20", "--goal", "20", "--table", "t.h5"], "--goal 20 --out"),
        (["simulate", "optimal", "hold20", "--goal", "20", "--table", "t.h5"], "--goal 20 --out"),
        (
            ["hog", "query", "0", "0", "--goal", "20", "--table", "t.h5"],
            "compute --game hog-fa16 --goal 20 --out t.h5",
        ),
        (["info", "--goal", "37"], "create it with `pigsolve compute --goal 37`"),
        (["verify", "--goal", "37", "--die", "4"], "`pigsolve compute --goal 37 --die 4`"),
    ],
)
def test_a_named_table_must_exist_and_the_hint_makes_it(workdir: Path, args, hint) -> None:
    """`hog query --table missing.h5` created that file; query's hint made goal 100, not 37."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "no table at" in one_line_error(result)  # a usage error
    assert hint in one_line_error(result)
    assert list(workdir.iterdir()) == []


def test_query_refuses_a_table_of_other_rules() -> None:
    """`query --table goal40.h5 --goal 37` silently answered from the goal-40 table."""
    runner.invoke(app, ["compute", "--goal", "40", "--out", "g40.h5"])
    result = runner.invoke(app, ["query", "0", "0", "0", "--table", "g40.h5", "--goal", "37"])
    assert result.exit_code == 2 and "holds the optimal table for goal 40" in one_line_error(result)
    fine = runner.invoke(app, ["query", "0", "0", "0", "--table", "g40.h5", "--goal", "40"])
    assert fine.exit_code == 0 and "0.544694393482" in fine.stdout


def test_query_computes_the_default_table_like_every_other_command(workdir: Path) -> None:
    result = runner.invoke(app, ["query", "0", "0", "0", "--goal", "12"])
    assert result.exit_code == 0 and (workdir / "data" / "pig-players2-goal12-die6.h5").exists()
    assert "computing the optimal table for goal 12" in result.stderr


def test_round_robin_lists_each_player_once_and_max_residual_is_not_negative() -> None:
    """`compare --all hold20 hold20` printed duplicate rows; `verify --max-residual -1` ran."""
    result = runner.invoke(app, ["compare", "--all", "hold20", "hold20", "hold25", "--csv"])
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 1 + 4
    negative = runner.invoke(app, ["verify", "--max-residual", "-1"])
    assert negative.exit_code == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["compute", "--goal", "100000"], "error: goal 100000 needs about 298 GiB of memory"),
        (["compute", "--goal", "10000000000"], "error: goal 10000000000 needs about"),
        (["hog", "compute", "--rules", "su20", "--goal", "5000"], "error: su20 goal 5000 needs"),
        (["compare", "hold25", "hold20", "--goal", "10000000000"], "error: not enough memory"),
    ],
)
def test_too_large_for_the_machine_is_one_line(workdir: Path, args, message) -> None:
    """Goals too large ended in numpy's _ArrayMemoryError traceback or "array is too big"."""
    result = runner.invoke(app, args)
    assert result.exit_code == 1 and one_line_error(result).startswith(message)
    assert list(workdir.iterdir()) == []


def test_a_memory_refusal_names_the_largest_goal_that_fits_and_a_simulation(monkeypatch) -> None:
    """`compute --players 5` said only "needs about 373 GiB; this machine has 24 GiB"."""
    monkeypatch.setattr(resources, "physical_memory", lambda: 24 * resources.GIB)
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    refused = runner.invoke(app, ["compute", "--players", "5"])
    assert refused.exit_code == 1
    # 8 N G**N bytes of start values and 200 MiB besides: 22.6 GiB at goal 57, 24.6 at 58; two
    # players past goal 300: 32 G**2 bytes and 200 MiB, 24 GiB at goal 28262.2
    assert one_line_error(refused) == (
        "error: 5 players, goal 100 needs about 373 GiB of memory; this machine has 24 GiB; "
        "the largest goal that fits is 57: `pigsolve compute --goal 57 --players 5`; or out of "
        "core, 372.5 GiB of disk and 417 MiB of memory a worker: `pigsolve compute --players 5 "
        "--store pig.zarr --workers 2` or on a cluster "
        "`pigsolve compute --players 5 --store pig.zarr --scheduler tcp://HOST:8786`; or estimate "
        "win rates by simulation: `pigsolve simulate hold20 hold20 hold20 hold20 hold20 "
        "--players 5`"
    )
    simulated = runner.invoke(
        app, ["simulate", *["hold20"] * 5, "--players", "5", "--games", "500"]
    )
    assert simulated.exit_code == 0, simulated.output
    goal = runner.invoke(app, ["compute", "--goal", "100000"])  # two players: no simulation
    assert one_line_error(goal).endswith(
        "the largest goal that fits is 28262: `pigsolve compute --goal 28262`"
    )
    hog = runner.invoke(app, ["hog", "compute", "--rules", "su20", "--goal", "5000"])
    assert one_line_error(hog).endswith(
        "the largest goal that fits is 1966: `pigsolve compute --game hog-su20 --goal 1966`"
    )


@pytest.mark.parametrize(
    ("rules", "memory"), [(PigRules(100000), pig_memory), (hog_rules("su20", 5000), hog_memory)]
)
def test_the_largest_goal_named_is_the_last_that_fits(rules, memory) -> None:
    available = 24 * resources.GIB
    goal = resources.largest_goal(lambda g: memory(replace(rules, goal=g)), rules.goal, available)
    assert memory(replace(rules, goal=goal)) <= available < memory(replace(rules, goal=goal + 1))
