"""The Bellman residual of a Pig table: every row rebuilt by best replies from the values it
reaches, against the values stored (``verify``'s first check, a solution's ``residual``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from pigsolve.solver.games.pig import PigRules, roll_counts


def start_residual(table: Any) -> float:
    """Return the largest Bellman residual of the start values of ``table`` (a
    :class:`solver.pig.solution.PigSolution`), for any number of players."""
    from pigsolve.solver.pig._kernels import rebuild as kernels

    rules = table.rules
    if rules.resets:  # two players: their rows rebuilt by the pair kernel, which knows resets
        return pair_residual(rules, table.v0)
    flat = np.ascontiguousarray(table.values.reshape(-1, rules.players))
    out = np.empty(len(flat))
    kernels.residuals(flat, rules.goal, roll_counts(rules), table.kernel_mixed(), out)
    return float(out.max())


def pair_residual(rules: PigRules, v0: np.ndarray) -> float:
    """Return the Bellman residual of two players' ``P(i, j, 0)``, rebuilding row by row."""
    from pigsolve.solver.pig import _kernels

    none = np.zeros((1, 1, 1))
    return float(
        _kernels._expand(
            np.ascontiguousarray(v0),
            roll_counts(rules),
            none,
            none.astype(bool),
            none.astype(np.uint8),
        )
    )
