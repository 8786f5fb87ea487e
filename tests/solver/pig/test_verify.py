"""`pigsolve verify` on the tables `pigsolve compute` writes: all pass, and tampering is caught."""

from __future__ import annotations

from pathlib import Path

import h5py
import numpy as np
import pytest

from solver.games.pig import PigRules
from solver.pig.solve import solve
from solver.pig.table import load, save
from solver.pig.verify import verify_table

# Goal/die pairs that failed (the first four), then a spread over goals 1-300 and dice 2-12.
SAMPLE = [(40, 6), (100, 10), (203, 12), (275, 3), (1, 2), (2, 12), (17, 5), (64, 7), (150, 2)]
SAMPLE += [(299, 11), (300, 6), (301, 4)]  # the largest full table, and a compact one


def failed(path: Path) -> list[str]:
    return [check.name for check in verify_table(load(path)) if not check.passed]


@pytest.mark.parametrize(("goal", "die"), SAMPLE, ids=[f"g{g}-d{d}" for g, d in SAMPLE])
def test_every_table_compute_writes_passes(tmp_path: Path, goal: int, die: int) -> None:
    """verify said FAILED for p_first_player (rounding) and for P = -1.85e-16 (no clamp)."""
    path = save(solve(PigRules(goal, die)), tmp_path / "t.h5")
    assert failed(path) == []


@pytest.mark.parametrize(
    ("dataset", "where", "value", "check"),
    [
        ("win_probability", (0, 0, 0), 1e-9, "p_first_player attribute"),
        ("win_probability", (5, 7, 3), 1.5, "0 <= P <= 1"),
        ("win_probability", (5, 7, 3), -1e-9, "Bellman residual"),
        ("roll", (5, 7, 3), None, "optimal choices"),
    ],
    ids=["first-player", "above-one", "residual", "flipped-choice"],
)
def test_a_tampered_table_still_fails(tmp_path: Path, dataset, where, value, check) -> None:
    path = save(solve(PigRules(40)), tmp_path / "t.h5")
    with h5py.File(path, "r+") as f:
        data = f[dataset]
        if value is None:
            data[where] = 1 - data[where]
        elif value == 1.5:
            data[where] = value
        else:
            data[where] = data[where] + np.float64(value)
    assert check in failed(path)
