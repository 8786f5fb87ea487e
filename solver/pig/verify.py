"""Check a stored Pig table against the optimality equations and the game's invariants."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solver.games.pig import face_arrays
from solver.pig.table import PigTable

MAX_RESIDUAL = 1e-12


@dataclass(frozen=True)
class Check:
    """One verified property: its name, whether it holds and what was measured."""

    name: str
    passed: bool
    detail: str


def verify_table(table: PigTable, max_residual: float = MAX_RESIDUAL) -> list[Check]:
    """Recompute the Bellman residual and the invariants of ``table``.

    Full tables are checked state by state from their stored values; compact tables through
    ``P(i, j, 0)``, which determines them.
    """
    from solver.pig import _kernels
    from solver.pig.solve import pack_choices

    checks = []
    if table.layout == "full":
        p, roll = table.probabilities(), table.roll_array()
        residual, wrong = _kernels._bellman_residual(p, roll, *face_arrays(table.rules))
        checks.append(
            Check("optimal choices", wrong == 0, f"{wrong} states choose the worse action")
        )
    else:
        p = table.v0[:, :, None]
        recomputed, residual = pack_choices(table.rules, table.v0)
        differ = int(np.unpackbits(table.roll_packed ^ recomputed).sum())
        checks.append(
            Check("optimal choices", differ == 0, f"{differ} stored choices differ from P(i,j,0)'s")
        )
    finite = bool(np.isfinite(p).all())
    checks.append(
        Check(
            "Bellman residual",
            finite and residual <= max_residual,
            f"max |P - max(P_roll, P_hold)| = {residual:.3g} (limit {max_residual:g})",
        )
    )
    low, high = float(np.nanmin(p)), float(np.nanmax(p))
    checks.append(Check("0 <= P <= 1", finite and low >= 0 and high <= 1, f"range [{low}, {high}]"))
    # Compare neighbouring scores where both states are in the table (won states hold 1).
    rise_in_i = float(np.max(p[:-1] - p[1:], initial=0.0))
    drop_in_j = float(np.max(p[:, 1:] - p[:, :-1], initial=0.0))
    checks.append(
        Check("P non-decreasing in i", rise_in_i <= 1e-12, f"largest decrease {rise_in_i:.3g}")
    )
    checks.append(
        Check("P non-increasing in j", drop_in_j <= 1e-12, f"largest increase {drop_in_j:.3g}")
    )
    attribute = table.attrs.get("p_first_player")
    first = float(table.v0[0, 0])
    checks.append(
        Check(
            "p_first_player attribute",
            attribute is not None and abs(float(attribute) - first) <= 1e-15,
            f"attribute {attribute}, table P(0,0,0) = {first!r}",
        )
    )
    return checks
