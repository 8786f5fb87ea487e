"""The checks a Pig table passes on load, before any answer: cheap ones, in milliseconds.

Its values are probabilities, every player's chances at the start of a turn sum to 1, and a
sample of its rows, drawn with a fixed seed, satisfies the Bellman equation of the rules the file
states (:func:`solver.pig.verify.sampled_residual`). ``pigsolve verify`` checks every state.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from pigsolve.solver.pig.solution import PigSolution
from pigsolve.solver.pig.verify import sampled_residual
from pigsolve.solver.table_checks import check_probabilities, damaged

SUM_LIMIT = 1e-9
"""How far the players' chances at a start may sum from 1."""
SAMPLE_LIMIT = 1e-6
"""The largest Bellman residual accepted in the sample (value iteration's stopping tolerance
widens it, :func:`stopped_short`): rounding is some 1e-14, a table of other rules is off by
percents."""
WIDEST = 0.01
"""The largest stopping tolerance of value iteration that widens the limit."""


def check_values(table: PigSolution, path: Path) -> None:
    """Raise TableError (:func:`solver.table_checks.damaged`) unless ``table`` passes the
    checks of this module."""
    check_probabilities(path, "start_values", table.values)
    if table.full is not None:
        check_probabilities(path, "win_probability", table.full[0])
    check_probabilities(path, "mixed_roll_probability", table.mixed.roll_probability)
    worst = max((float(np.abs(part.sum(axis=-1) - 1).max()) for part in table.values), default=0)
    if not worst <= SUM_LIMIT:  # one score of the mover at a time: no temporary the table's size
        raise damaged(path, f"the players' chances at a start sum to 1 +- {worst:.3g}")
    residual = sampled_residual(table)
    if not residual <= max(SAMPLE_LIMIT, stopped_short(table)):
        raise damaged(
            path,
            f"its values break the Bellman equation of its rules by up to {residual:.3g} "
            "in a sample of states",
        )


def stopped_short(table: PigSolution) -> float:
    """Return the stopping tolerance of a value-iteration table (at most :data:`WIDEST`), whose
    residual can be as large; 0 for the exact methods."""
    if table.method != "value-iteration" or not table.tolerance >= 0:  # nan: not a tolerance
        return 0.0
    return min(table.tolerance, WIDEST)
