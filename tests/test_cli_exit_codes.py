"""One exit-code rule (docs/reference/cli.md, solver/errors.py): a usage error exits 2, as click's
own do; a valid request that fails at run time exits 1 (Ctrl-C's 130: tests/test_cli_play.py).

"no strategy file" exited 1 while "name the function" exited 2; a missing --table, --rolls or
file argument exited 1 while a missing --game file exited 2.
"""

from __future__ import annotations

from pathlib import Path

import h5py
import pytest
from typer.testing import CliRunner

from pigsolve.cli import app
from pigsolve.solver import resources

runner = CliRunner()

USAGE = [
    ["compute", "--goal", "0"],  # a bad option value, ours
    ["compare", "nobody", "optimal"],  # an unknown player
    ["compare", "nope.py:strategy", "optimal", "--goal", "20"],  # a strategy file not there
    ["compare", "two.py", "optimal", "--goal", "20"],  # no function named
    ["compare", "two.py:strategy", "optimal", "--goal", "20"],  # its arguments do not fit
    ["info", "nope.h5"],  # a file argument not there
    ["query", "0", "0", "0", "--table", "nope.h5"],  # a --table not there
    ["verify", "--goal", "37"],  # a table the rules name, not computed yet
    ["play", "--rolls", "nope.txt", "--opponent", "hold20"],  # a --rolls file not there
    ["hog", "play", "--rolls", "nope.txt"],
    ["info", "--game", "nope.toml"],  # a --game file not there
    ["gui", "--port", "99999", "--no-browser"],
]
RUN_TIME = [
    ["compute", "--players", "5"],  # refused for memory
    ["info", "damaged.h5"],  # not a table
    ["compute", "--goal", "21", "--out", "t20.h5"],  # a file for other rules, kept
    ["verify", "tampered.h5"],  # the checks fail
    ["compare", "raises.py:strategy", "optimal", "--goal", "20"],  # the strategy raised
]


@pytest.fixture
def files(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Write the files the commands name: strategies, a damaged file, two tables."""
    monkeypatch.setattr(resources, "physical_memory", lambda: 24 * resources.GIB)
    (workdir / "two.py").write_text("def strategy(score, opponent_score):\n    return True\n")
    (workdir / "raises.py").write_text("def strategy(i, j, k):\n    return 1 / 0\n")
    (workdir / "damaged.h5").write_text("not a table")
    for name in ("t20.h5", "tampered.h5"):
        assert runner.invoke(app, ["compute", "--goal", "20", "--out", name]).exit_code == 0
    with h5py.File(workdir / "tampered.h5", "r+") as f:
        f["roll"][3, 4, 5] = 1 - f["roll"][3, 4, 5]
    return workdir


@pytest.mark.parametrize(("args", "code"), [(a, 2) for a in USAGE] + [(a, 1) for a in RUN_TIME])
def test_usage_errors_exit_2_and_failures_at_run_time_exit_1(files, args, code) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == code, result.stderr
    assert result.stderr.splitlines()[-1].startswith("error: ") and "Traceback" not in result.stderr


def test_the_console_script_exits_2_for_a_missing_file_as_for_a_bad_option(pigsolve) -> None:
    """The installed command (its own runner, not click's standalone mode) keeps the rule."""
    missing, unknown = pigsolve("info", "nope.h5"), pigsolve("compute", "--goals", "10")
    assert missing.returncode == 2 and missing.stderr.startswith("error: no table at nope.h5")
    assert unknown.returncode == 2 and unknown.stderr.startswith("error: No such option: --goals")
