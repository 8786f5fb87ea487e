"""Exports of the optimal table: contents, formats, the boundary and atomic writes."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np
import pytest

from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.export import export_table, hold_boundary
from pigsolve.solver.tables import table_for

GOAL = 20


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    path = tmp_path_factory.mktemp("tables") / f"pig-goal{GOAL}-die6.h5"
    return table_for(PigRules(goal=GOAL), path=path)


def boundary_by_loops(roll: np.ndarray) -> np.ndarray:
    """Return the hold boundary the slow way, state by state."""
    goal = roll.shape[0]
    out = np.zeros((goal, goal), int)
    for i in range(goal):
        for j in range(goal):
            k = 1
            while i + k < goal and roll[i, j, k]:
                k += 1
            out[i, j] = k
    return out


def test_boundary_of_simple_rolls() -> None:
    goal = 10
    k = np.arange(goal)
    hold3 = np.broadcast_to((k < 3)[None, None, :], (goal, goal, goal)) & (
        np.arange(goal)[:, None, None] + k < goal
    )
    expected = np.minimum(3, goal - np.arange(goal))[:, None].repeat(goal, axis=1)
    assert (hold_boundary(hold3) == expected).all()
    assert (hold_boundary(np.ones((goal, goal, goal), bool))[:, 0] == goal - np.arange(goal)).all()
    gap = np.ones((goal, goal, goal), bool)
    gap[2, 5, 4] = False  # holds at 4 but would roll again at 5
    assert hold_boundary(gap)[2, 5] == 4


def test_boundary_of_the_optimal_table(table) -> None:
    roll = table.roll_array()
    boundary = hold_boundary(roll)
    assert (boundary == boundary_by_loops(roll)).all()
    assert boundary.dtype == np.int64 and boundary.min() >= 1


@pytest.mark.parametrize("what", ["probabilities", "policy"])
def test_csv_has_one_row_per_state(table, tmp_path: Path, what: str) -> None:
    out = export_table(table, what, tmp_path / f"{what}.csv")
    rows = list(csv.DictReader(out.open()))
    assert list(rows[0]) == ["i", "j", "k", "win_probability", "action"]
    assert len(rows) == GOAL * GOAL * (GOAL + 1) // 2  # every (i, j, k) with i + k < G
    p, roll = table.probabilities(), table.roll_array()
    for row in rows[:: len(rows) // 97]:
        i, j, k = int(row["i"]), int(row["j"]), int(row["k"])
        assert float(row["win_probability"]) == p[i, j, k]  # repr round-trips exactly
        assert row["action"] == ("roll" if roll[i, j, k] else "hold")


def test_npy_holds_the_arrays(table, tmp_path: Path) -> None:
    p = np.load(export_table(table, "probabilities", tmp_path / "p.npy"))
    assert p.dtype == np.float64 and (p == table.probabilities()).all()
    roll = np.load(export_table(table, "policy", tmp_path / "r.npy"))
    assert roll.dtype == bool and (roll == table.roll_array()).all()
    boundary = np.load(export_table(table, "boundary", tmp_path / "b.npy"))
    assert boundary.shape == (GOAL, GOAL) and (boundary == hold_boundary(roll)).all()


def test_json_carries_the_metadata(table, tmp_path: Path) -> None:
    document = json.loads(export_table(table, "probabilities", tmp_path / "p.json").read_text())
    assert (document["what"], document["goal"], document["die"]) == ("probabilities", GOAL, 6)
    assert document["axes"] == ["i", "j", "k"] and document["shape"] == [GOAL] * 3
    assert document["metadata"]["format"] == "pigsolve"
    assert (np.array(document["win_probability"]) == table.probabilities()).all()
    assert (np.array(document["roll"]) == table.roll_array()).all()
    boundary = json.loads(export_table(table, "boundary", tmp_path / "b.json").read_text())
    assert boundary["axes"] == ["i", "j"] and np.array(boundary["boundary"]).shape == (GOAL, GOAL)


def test_boundary_csv_is_a_matrix(table, tmp_path: Path) -> None:
    lines = export_table(table, "boundary", tmp_path / "b.csv").read_text().splitlines()
    assert len(lines) == GOAL + 1 and lines[0].startswith("i,j=0,j=1,")
    matrix = np.array([[int(x) for x in line.split(",")[1:]] for line in lines[1:]])
    assert (matrix == hold_boundary(table.roll_array())).all()


def test_existing_files_are_kept_without_force(table, tmp_path: Path) -> None:
    out = tmp_path / "b.csv"
    out.write_text("precious\n")
    with pytest.raises(PigsolveError, match="force=True"):
        export_table(table, "boundary", out)
    assert out.read_text() == "precious\n"
    export_table(table, "boundary", out, force=True)
    assert out.read_text().startswith("i,j=0")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.csv"]  # no temporary left behind


def test_bad_arguments(table, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown export 'everything'"):
        export_table(table, "everything", tmp_path / "x.csv")
    with pytest.raises(ValueError, match="cannot tell the format"):
        export_table(table, "policy", tmp_path / "x.txt")
    with pytest.raises(ValueError, match="unknown format 'xls'"):
        export_table(table, "policy", tmp_path / "x.csv", fmt="xls")
    assert export_table(table, "policy", tmp_path / "x.txt", fmt="csv").exists()
