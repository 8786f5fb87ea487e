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
    from pigsolve.solver.pig._kernels.indexing import flat_rows

    n = rules.players
    flat = np.ascontiguousarray(table.values.reshape(-1, n))
    low, extent = np.zeros(n, np.int64), np.full(n, rules.goal, np.int64)
    out, mixed = np.empty(len(flat)), table.kernel_mixed()
    kernels.residuals(
        flat, flat_rows(), rules.goal, roll_counts(rules), mixed, low, extent, flat, out
    )
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
