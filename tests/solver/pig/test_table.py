"""Pig tables on disk: both layouts round-trip, and every kind of bad file gets a clear error."""

from __future__ import annotations

from pathlib import Path

import h5py
import numpy as np
import pytest

from pigsolve.solver.errors import TableError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.solve import solve
from pigsolve.solver.pig.table import PigTable, default_path, load_or_compute, row_values, save
from pigsolve.solver.pig.verify import verify_table
from pigsolve.solver.storage import FORMAT_VERSION, atomic_write

RULES = PigRules(30, 6)


@pytest.fixture(scope="module")
def full_solution():
    return solve(RULES, full=True)


@pytest.fixture
def full_path(tmp_path: Path, full_solution) -> Path:
    return save(full_solution, tmp_path / "full.h5")


def test_full_layout_round_trips(full_path: Path, full_solution) -> None:
    table = PigTable.load(full_path)
    assert table.rules == RULES and table.layout == "full"
    np.testing.assert_array_equal(table.probabilities(), full_solution.win_probability)
    np.testing.assert_array_equal(table.roll_array(), full_solution.roll)
    required = {"goal", "die_sides", "method", "tolerance", "max_bellman_residual"}
    required |= {"p_first_player", "format_version", "pigsolve_version", "created"}
    assert required <= table.attrs.keys()
    assert table.attrs["format_version"] == FORMAT_VERSION


def test_compact_layout_answers_like_the_full_one(tmp_path: Path, full_solution) -> None:
    path = save(solve(RULES, full=False), tmp_path / "compact.h5")
    compact, full = PigTable.load(path), full_solution
    assert compact.layout == "compact"
    for i, j, k in [(0, 0, 0), (3, 7, 12), (29, 0, 0), (10, 20, 19), (15, 15, 14)]:
        assert compact.win_probability(i, j, k) == pytest.approx(
            full.win_probability[i, j, k], abs=1e-15
        )
        assert compact.should_roll(i, j, k) == full.roll[i, j, k]
    np.testing.assert_array_equal(compact.roll_array(), full.roll)
    np.testing.assert_allclose(compact.probabilities(), full.win_probability, atol=1e-15)
    assert all(check.passed for check in verify_table(compact))


def test_row_values_rebuild_rows_and_action_values(full_path: Path, full_solution) -> None:
    table = PigTable.load(full_path)
    p_roll, p_hold, p = row_values(full_solution.v0, RULES, 4, 9)
    np.testing.assert_allclose(p, full_solution.win_probability[4, 9], atol=1e-15)
    assert table.action_values(4, 9, 0) == (pytest.approx(p_roll[0], abs=1e-15), None)
    assert table.action_values(4, 9, 6) == (
        pytest.approx(p_roll[6], abs=1e-15),
        pytest.approx(p_hold[6], abs=1e-15),
    )


def test_states_outside_the_table_are_rejected(full_path: Path) -> None:
    table = PigTable.load(full_path)
    for state in [(30, 0, 0), (0, -1, 0), (0, 0, 30)]:
        with pytest.raises(ValueError, match="outside the goal-30 table"):
            table.win_probability(*state)


def test_verify_passes_a_good_table_and_catches_a_tampered_one(full_path: Path) -> None:
    assert all(check.passed for check in verify_table(PigTable.load(full_path)))
    with h5py.File(full_path, "r+") as f:
        f["win_probability"][5, 5, 5] += 0.01
    failed = {check.name for check in verify_table(PigTable.load(full_path)) if not check.passed}
    assert "Bellman residual" in failed


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(TableError, match=r"no table at .*pigsolve compute"):
        PigTable.load(tmp_path / "nothing.h5")


def test_not_an_hdf5_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.h5"
    path.write_text("hello")
    with pytest.raises(TableError, match="not a readable HDF5 file"):
        PigTable.load(path)


def test_hdf5_file_that_is_not_a_pigsolve_table(tmp_path: Path) -> None:
    path = tmp_path / "other.h5"
    with h5py.File(path, "w") as f:
        f["x"] = np.zeros(3)
    with pytest.raises(TableError, match="not a pigsolve table"):
        PigTable.load(path)


def test_unknown_format_version(full_path: Path) -> None:
    with h5py.File(full_path, "r+") as f:
        f.attrs["format_version"] = FORMAT_VERSION + 1
    with pytest.raises(TableError, match="format version 2; this pigsolve reads version 1"):
        PigTable.load(full_path)


def test_table_of_another_kind(full_path: Path) -> None:
    with h5py.File(full_path, "r+") as f:
        f.attrs["kind"] = "hog"
    with pytest.raises(TableError, match="holds a hog table, not a pig table"):
        PigTable.load(full_path)


def test_truncated_file(full_path: Path) -> None:
    data = full_path.read_bytes()
    full_path.write_bytes(data[: len(data) // 2])
    with pytest.raises(TableError):
        PigTable.load(full_path)


def test_corrupted_data(full_path: Path) -> None:
    with h5py.File(full_path, "r") as f:
        offset = f["win_probability"].id.get_offset()
    # Only chunked datasets have no single offset; then corrupt the middle of the file instead.
    data = bytearray(full_path.read_bytes())
    start = offset if offset is not None else len(data) // 2
    data[start : start + 4096] = bytes(4096)
    full_path.write_bytes(bytes(data))
    with pytest.raises(TableError, match=r"damaged|not a readable"):
        PigTable.load(full_path)


def test_missing_dataset(full_path: Path) -> None:
    with h5py.File(full_path, "r+") as f:
        del f["roll"]
    with pytest.raises(TableError, match="damaged"):
        PigTable.load(full_path)


def test_existing_file_is_kept_without_force(full_path: Path, full_solution) -> None:
    before = full_path.read_bytes()
    with pytest.raises(TableError, match="already exists; pass --force"):
        save(full_solution, full_path)
    assert full_path.read_bytes() == before


def test_failed_write_leaves_the_old_file_and_no_temporary(full_path: Path) -> None:
    before = full_path.read_bytes()

    def crash(tmp: Path) -> None:
        tmp.write_bytes(b"half a table")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        atomic_write(full_path, crash, force=True)
    assert full_path.read_bytes() == before
    assert sorted(p.name for p in full_path.parent.iterdir()) == ["full.h5"]


def test_load_or_compute_computes_once_and_announces(tmp_path: Path) -> None:
    rules = PigRules(12, 4)
    said: list[str] = []
    first = load_or_compute(rules, announce=said.append)
    second = load_or_compute(rules, announce=said.append)
    assert len(said) == 1 and "goal 12" in said[0]
    assert (tmp_path / default_path(rules)).exists()
    np.testing.assert_array_equal(first.v0, second.v0)
    with pytest.raises(TableError, match="is for goal 12"):
        load_or_compute(PigRules(13, 4), path=default_path(rules))


def test_rules_are_stored_as_json_like_hog_tables(tmp_path: Path) -> None:
    """Pig tables kept their rules as loose attributes only, Hog tables as JSON."""
    import json

    table = load_or_compute(PigRules(9, 4), path=tmp_path / "t.h5")
    assert json.loads(table.attrs["rules"]) == {
        "goal": 9,
        "die_sides": 4,
        "players": 2,
        "piglet": False,
        "faces": [0, 2, 3, 4],
    }
