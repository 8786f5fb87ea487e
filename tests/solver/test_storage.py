"""Writing and reading table files: every failure is one TableError, nothing is left behind."""

from __future__ import annotations

import threading
from pathlib import Path

import h5py
import numpy as np
import pytest

from pigsolve.solver.errors import TableError
from pigsolve.solver.pig.table import FORMAT
from pigsolve.solver.storage import (
    MAGIC,
    atomic_write,
    check_can_write,
    describe,
    kept_table,
    open_table,
    save_or_keep,
    write_table,
)


def write_text(text: str):
    def write(tmp: Path) -> None:
        tmp.write_text(text)

    return write


def test_two_racing_writers_without_force_leave_exactly_one_winner(tmp_path: Path) -> None:
    """Two `compute --out X` at once both said "wrote X": create-if-absent was not atomic."""
    target = tmp_path / "x.txt"
    barrier = threading.Barrier(8)
    outcomes: list[str] = []

    def writer(n: int) -> None:
        def slow_write(tmp: Path) -> None:
            tmp.write_text(str(n))
            barrier.wait()  # every writer has its finished file before any links it

        try:
            atomic_write(target, slow_write)
            outcomes.append(f"won {n}")
        except TableError as err:
            assert "already exists" in str(err)
            outcomes.append("refused")

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    winners = [o for o in outcomes if o.startswith("won")]
    assert len(winners) == 1 and outcomes.count("refused") == 7
    assert target.read_text() == winners[0].split()[1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.txt"]  # no temporary files left


@pytest.mark.parametrize(
    ("make", "target", "reason"),
    [
        (lambda d: (d / "data").write_text("hi"), "data/t.h5", "data is not a directory"),
        (lambda d: (d / "t.h5").mkdir(), "t.h5", "it is a directory"),
    ],
    ids=["parent-is-a-file", "target-is-a-directory"],
)
def test_unwritable_targets_are_one_table_error(tmp_path: Path, make, target, reason) -> None:
    """`echo hi > data; pigsolve compute` was a FileExistsError traceback; a directory too."""
    make(tmp_path)
    with pytest.raises(TableError, match=f"cannot write .*{reason}"):
        atomic_write(tmp_path / target, write_text("x"), force=True)


def test_a_directory_or_an_incomplete_file_is_named_for_what_it_is(tmp_path: Path) -> None:
    """`info /tmp` said "truncated or corrupt?"; a file with only `format` held "a None table"."""
    with pytest.raises(TableError, match="is a directory, not a table file"):
        describe(tmp_path)
    stub = tmp_path / "stub.h5"
    with h5py.File(stub, "w") as f:
        f.attrs["format"] = MAGIC
    with pytest.raises(TableError, match="not a complete pigsolve table"), open_table(stub, FORMAT):
        pass


def test_write_table_round_trip(tmp_path: Path) -> None:
    path = write_table(tmp_path / "t.h5", FORMAT, {"a": np.arange(3)}, {"goal": 3})
    attrs, datasets = describe(path)
    assert attrs["kind"] == "pig" and attrs["goal"] == 3
    assert [name for name, *_ in datasets] == ["a"]


def test_check_can_write_fails_before_any_computation(tmp_path: Path) -> None:
    """`compute` checks its target first, so a long solve is not lost to an unwritable path."""
    (tmp_path / "data").write_text("hi")
    with pytest.raises(TableError, match="data is not a directory"):
        check_can_write(tmp_path / "data" / "sub" / "t.h5")
    (tmp_path / "t.h5").write_text("old")
    with pytest.raises(TableError, match="already exists"):
        check_can_write(tmp_path / "t.h5")
    assert check_can_write(tmp_path / "t.h5", force=True) == tmp_path / "t.h5"


@pytest.mark.parametrize(
    ("datasets", "attrs", "culprit"),
    [
        ({"v": np.array([[0.5, np.nan]])}, {}, "v"),
        ({"v": np.array([0.5, np.inf, -np.inf])}, {}, "v"),
        ({"v": np.array([0.5])}, {"p_first_player": float("nan")}, "p_first_player"),
    ],
)
def test_a_value_that_is_not_finite_is_never_written(tmp_path: Path, datasets, attrs, culprit):
    """A game whose roll added 0 wrote a table of nan (and `compute` printed P = nan)."""
    path = tmp_path / "t.h5"
    with pytest.raises(TableError, match=f"not writing .*: {culprit} holds a value that is not"):
        write_table(path, FORMAT, datasets, attrs)
    assert list(tmp_path.iterdir()) == []
    write_table(path, FORMAT, {"v": np.array([0.5, 1.0]), "n": np.arange(3)}, {"goal": 3})
    assert path.is_file()


def test_a_compute_that_loses_the_race_keeps_the_winners_table(tmp_path: Path) -> None:
    """Two `compute`s racing: the one whose exclusive create fails says the table is there."""
    target = tmp_path / "t.h5"

    def save_after_the_winner() -> None:
        atomic_write(target, write_text("the winner's"))  # the other run, first
        atomic_write(target, write_text("the loser's"))  # refused: exactly one writer

    kept = save_or_keep(save_after_the_winner, target, lambda path: path.read_text())
    assert kept == "the winner's"
    assert save_or_keep(lambda: None, tmp_path / "u.h5", Path.read_text) is None


def test_a_kept_table_that_is_not_valid_is_refused_naming_force(tmp_path: Path) -> None:
    target = tmp_path / "t.h5"
    target.write_text("x")

    def refuse(path: Path) -> str:
        raise TableError(f"{path} is for goal 25, not goal 26")

    with pytest.raises(TableError) as refused:
        kept_table(target, refuse)
    assert str(refused.value) == (
        f"{target} already exists and is for goal 25, not goal 26; pass force=True to overwrite it"
    )


def test_a_failed_save_with_no_file_left_is_reported_as_it_is(tmp_path: Path) -> None:
    def unwritable() -> None:
        raise TableError("cannot write u.h5: Permission denied")

    with pytest.raises(TableError, match="Permission denied"):
        save_or_keep(unwritable, tmp_path / "u.h5", Path.read_text)
