"""`pigsolve verify` on the tables `pigsolve compute` writes: all pass, and tampering is caught."""

from __future__ import annotations

from pathlib import Path

import h5py
import pytest

from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.solve import solve
from pigsolve.solver.pig.table import load, save
from pigsolve.solver.pig.verify import verify_table

# Goal/die pairs that failed (the first four), then a spread over goals 1-300 and dice 2-12.
SAMPLE = [(40, 6), (100, 10), (203, 12), (275, 3), (1, 2), (2, 12), (17, 5), (64, 7), (150, 2)]
SAMPLE += [(123, 11), (300, 6), (301, 4)]  # then the largest full table, and a compact one
SLOW = {(275, 3), (300, 6)}
"""The pairs of a few seconds each: the full suite checks them."""
CASES = [
    pytest.param(
        goal, die, id=f"g{goal}-d{die}", marks=pytest.mark.slow if (goal, die) in SLOW else ()
    )
    for goal, die in SAMPLE
]


def failed(path: Path) -> list[str]:
    """Return the checks that fail, on a table read without the load checks (as verify does)."""
    return [check.name for check in verify_table(load(path, checked=False)) if not check.passed]


@pytest.mark.parametrize(("goal", "die"), CASES)
def test_every_table_compute_writes_passes(tmp_path: Path, goal: int, die: int) -> None:
    """verify said FAILED for p_first_player (rounding) and for P = -1.85e-16 (no clamp)."""
    path = save(solve(PigRules(goal, die)), tmp_path / "t.h5")
    assert failed(path) == []


@pytest.mark.parametrize(
    ("dataset", "where", "change", "check"),
    [
        ("win_probability", (0, 0, 0), lambda x: x + 1e-9, "p_first_player attribute"),
        ("win_probability", (5, 7, 3), lambda x: 1.5, "0 <= P <= 1"),
        ("win_probability", (5, 7, 3), lambda x: x - 1e-9, "Bellman residual"),
        ("roll", (5, 7, 3), lambda x: 1 - x, "optimal choices"),
    ],
    ids=["first-player", "above-one", "residual", "flipped-choice"],
)
def test_a_tampered_table_still_fails(tmp_path: Path, dataset, where, change, check) -> None:
    """The fix (exact P(0,0,0), clamping) must not let a tampered table pass its check."""
    path = save(solve(PigRules(40)), tmp_path / "t.h5")
    with h5py.File(path, "r+") as f:
        f[dataset][where] = change(f[dataset][where])
    assert check in failed(path)
