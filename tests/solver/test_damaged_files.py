"""Damaged tables and stores are refused before any answer, in one line, and never hang (issue
44): each damage an audit made is made here in a temporary folder."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import h5py
import numpy as np
import pytest
from typer.testing import CliRunner

pytest.importorskip("zarr")

import zarr

from pigsolve.cli import app
from pigsolve.solver.checksums import CHECKSUM, checksum
from pigsolve.solver.errors import TableError
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.hog import table as hog_tables
from pigsolve.solver.hog.solve import solve as hog_solve
from pigsolve.solver.pig import paths as pig_paths
from pigsolve.solver.pig import store
from pigsolve.solver.pig import table as pig_tables
from pigsolve.solver.pig.solution import PigSolution
from pigsolve.solver.pig.solve import solve
from pigsolve.solver.pig.verify import verify_table
from pigsolve.solver.storage import read_attrs

runner = CliRunner()
THREE = PigRules(12, players=3)
TWO = PigRules(30)
HANG = 60
"""Seconds a command in a fresh process may take before it counts as hung."""
QUERY = ["query", "1", "2", "3", "0", "--table", "s.zarr"]
"""A query that reads the store's first block (scores 1, 2, 3 in blocks of 4) first."""
CHUNK = "start_values/c/0/0/0/0"
"""The file of that block."""


@pytest.fixture(scope="module")
def solutions() -> dict[str, PigSolution]:
    return {"three": solve(THREE), "two": solve(TWO)}


def make_store(solution: PigSolution, url: str, block: int = 4) -> str:
    """Write ``solution`` as a finished store at ``url``, round by round, as the cluster does."""
    rules = solution.rules
    group = store.create(url, rules, block)
    group[store.VALUES][...] = solution.values
    mixed = solution.mixed
    for total in range(store.top_round(group, rules), -1, -1):
        records = [
            (tuple(int(s) for s in scores), int(k), float(q))
            for scores, k, q in zip(
                mixed.scores, mixed.turn_total, mixed.roll_probability, strict=True
            )
            if sum(s // block for s in scores) == total
        ]
        store.record_round(group, rules, total, records, 1)
    group.attrs.update({"p_first_player": solution.p_first_player, "solve_seconds": 0.0})
    return url


@pytest.fixture(scope="module")
def sound_store(solutions, tmp_path_factory) -> Path:
    return Path(make_store(solutions["three"], str(tmp_path_factory.mktemp("store") / "s.zarr")))


@pytest.fixture
def stored(sound_store: Path, workdir: Path) -> Path:
    """A sound finished store ``s.zarr`` in the current folder (three players, goal 12)."""
    return Path(shutil.copytree(sound_store, workdir / "s.zarr"))


def error_line(result) -> str:
    """Return the one line a refused command printed (exit 1, no internal error)."""
    lines = result.output.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1, result.output
    assert "internal error" not in lines[0]
    return lines[0]


def chunk(url: Path) -> Path:
    return url / CHUNK


def test_a_sound_store_answers(stored: Path) -> None:
    result = runner.invoke(app, [*QUERY, "--json"])
    assert result.exit_code == 0 and '"action"' in result.output


def test_a_store_holding_a_nan_is_refused_and_not_converted(stored: Path) -> None:
    values = zarr.open_group(str(stored), mode="r+")["start_values"]
    damaged = values[...]
    damaged[1, 2, 3, 1] = np.nan
    values[...] = damaged
    for args in (QUERY, ["convert", "s.zarr", "--out", "s.h5"]):
        line = error_line(runner.invoke(app, args))
        assert line.startswith(
            "error: s.zarr is damaged (values that are not finite numbers in start_values); "
            "pigsolve verify s.zarr shows the checks, "
        )
    assert not Path("s.h5").exists()


@pytest.mark.parametrize("change", ["die", "goal"])
def test_a_store_whose_rules_lie_is_refused_and_not_converted(stored: Path, change) -> None:
    group = zarr.open_group(str(stored), mode="r+")
    rules = json.loads(group.attrs["rules"])
    if change == "die":
        group.attrs["rules"] = json.dumps(rules | {"die_sides": 4})
    else:
        group.attrs.update({"rules": json.dumps(rules | {"goal": 13}), "goal": 13})
    for args in (QUERY, ["convert", "s.zarr", "--out", "s.h5"]):
        assert error_line(runner.invoke(app, args)) == (
            "error: s.zarr is damaged: its attributes are not those written (their checksum "
            "differs); pass --force to compute it anew"
        )
    assert not Path("s.h5").exists()


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda path: path.unlink(), f"its file {CHUNK} is missing"),
        (lambda path: path.write_bytes(os.urandom(200)), "start_values cannot be read ("),
        (lambda path: path.write_bytes(_flipped(path.read_bytes())), "start_values cannot"),
    ],
    ids=["deleted", "random-bytes", "one-byte-flipped"],
)
def test_a_missing_or_garbled_chunk_is_one_line_naming_the_store(stored, damage, reason):
    damage(chunk(stored))
    for args in (QUERY, ["convert", "s.zarr", "--out", "s.h5"], ["verify", "s.zarr"]):
        line = error_line(runner.invoke(app, args))
        assert line.startswith(f"error: s.zarr is damaged: {reason}"), line


def _flipped(data: bytes) -> bytes:
    """Return ``data`` with one byte of the middle flipped (the chunk's CRC-32C finds it)."""
    middle = len(data) // 2
    return data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1 :]


@pytest.mark.slow  # a fresh process each
@pytest.mark.parametrize("where", [CHUNK, "zarr.json", "start_values/zarr.json"])
def test_a_fifo_in_a_store_is_refused_without_hanging(stored: Path, pigsolve, where) -> None:
    (stored / where).unlink()
    os.mkfifo(stored / where)
    done = pigsolve(*QUERY, timeout=HANG)  # subprocess.TimeoutExpired: it hung
    assert (done.returncode, done.stderr) == (
        1,
        f"error: s.zarr is damaged: its file {where} is not a regular file\n",
    )


def test_a_link_to_a_regular_chunk_is_read(stored: Path) -> None:
    """Symbolic links are followed: a chunk kept elsewhere (git-annex, DVC) is read."""
    kept = stored.parent / "kept-chunk"
    chunk(stored).rename(kept)
    chunk(stored).symlink_to(kept)
    assert runner.invoke(app, QUERY).exit_code == 0


def test_a_store_of_the_layered_format_is_refused_in_one_line(stored: Path) -> None:
    group = zarr.open_group(str(stored), mode="r+")
    group.attrs["format_version"] = 3
    assert error_line(runner.invoke(app, QUERY)).endswith(
        "in store format 3; this version reads format 4"
    )


@pytest.mark.slow  # a fresh process each
@pytest.mark.parametrize("args", [["query", "1", "2", "3"], ["compare", "optimal", "hold20"]])
def test_an_external_dataset_on_a_fifo_is_refused_without_hanging(
    solutions, workdir, pigsolve, args
):
    path = pig_tables.save(solutions["two"], pig_paths.default_path(TWO))
    with h5py.File(path, "r+") as f:
        shape, dtype = f["start_values"].shape, f["start_values"].dtype
        del f["start_values"]
        os.mkfifo(workdir / "fifo")
        f.create_dataset("start_values", shape, dtype, external=[("fifo", 0, 8 * 30 * 30 * 2)])
    expected = (
        f"error: {path} is not a pigsolve table: its dataset start_values keeps its data outside "
        "the file (external storage or a virtual dataset), which pigsolve never writes\n"
    )
    for command in (args, ["verify", str(path)]):
        done = pigsolve(*command, "--goal", "30", timeout=HANG)  # TimeoutExpired: it hung
        assert (done.returncode, done.stderr) == (1, expected)


def test_a_virtual_dataset_is_refused(solutions, tmp_path: Path) -> None:
    path = pig_tables.save(solutions["two"], tmp_path / "t.h5")
    other = pig_tables.save(solutions["two"], tmp_path / "other.h5")
    with h5py.File(path, "r+") as f:
        layout = h5py.VirtualLayout((30, 30, 2), np.float64)
        layout[...] = h5py.VirtualSource(str(other), "start_values", (30, 30, 2))
        del f["start_values"]
        f.create_virtual_dataset("start_values", layout)
    with pytest.raises(TableError, match="its dataset start_values keeps its data outside"):
        pig_tables.load(path)


def test_two_seats_swapped_at_one_state_are_refused_by_the_checksum(solutions, tmp_path):
    """The sample of states misses this one; the checksum does not."""
    path = pig_tables.save(solutions["two"], tmp_path / "t.h5")
    with h5py.File(path, "r+") as f:
        f["start_values"][17, 4] = f["start_values"][17, 4][::-1]  # still chances summing to 1
    with pytest.raises(TableError) as caught:
        pig_tables.load(path)
    assert str(caught.value).startswith(
        f"{path} is damaged (its values or attributes are not those written: their checksum "
        "differs); pigsolve verify"
    )
    assert not all(check.passed for check in verify_table(pig_tables.load(path, checked=False)))


def _forge(path: Path) -> None:
    """Write the checksum of the file as it now is (a forged table: only verify finds it)."""
    with h5py.File(path, "r+") as f:
        arrays = {name: f[name][()] for name in f}
        f.attrs[CHECKSUM] = checksum(read_attrs(f), arrays)


def test_a_hog_value_changed_is_refused_and_a_forged_one_fails_verify(workdir: Path) -> None:
    rules = hog_rules("fa16", goal=30)
    path = hog_tables.save(hog_solve(rules), hog_tables.default_path(rules))
    verify = ["verify", "--game", "hog-fa16", "--goal", "30"]
    good = runner.invoke(app, verify)
    assert good.exit_code == 0, good.output
    assert "Bellman residual" in good.output
    with h5py.File(path, "r+") as f:
        assert f["win_probability"][10, 28, 0, 0, 0] < 0.5  # x1.7: a probability, not sampled
        f["win_probability"][10, 28, 0, 0, 0] *= 1.7
    with pytest.raises(TableError, match=r"is damaged \(its values or attributes are not those"):
        hog_tables.load(path)
    _forge(path)
    hog_tables.load(path)  # the forged table passes the load checks
    forged = runner.invoke(app, verify)
    assert forged.exit_code == 1
    assert forged.output.strip().splitlines()[-1] == (
        f"error: {path} fails: Bellman residual, optimal choices"
    )


@pytest.mark.parametrize("family", ["pig", "hog"])
def test_tables_of_the_previous_format_load_without_a_checksum(solutions, tmp_path, family):
    if family == "pig":
        module, path = pig_tables, pig_tables.save(solutions["two"], tmp_path / "t.h5")
    else:
        module = hog_tables
        path = hog_tables.save(hog_solve(hog_rules("fa16", goal=20)), tmp_path / "t.h5")
    with h5py.File(path, "r+") as f:
        del f.attrs[CHECKSUM]
    with pytest.raises(TableError, match="no checksum, which its format version writes"):
        module.load(path)
    with h5py.File(path, "r+") as f:
        f.attrs["format_version"] = module.FORMAT.version - 1
    module.load(path)  # read with the sample check, as before
