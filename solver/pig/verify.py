"""Check a stored Pig table against the optimality equations and the game's invariants."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pigsolve.solver.games.pig import face_arrays
from pigsolve.solver.pig.multi_table import MultiTable
from pigsolve.solver.pig.table import PigTable

MAX_RESIDUAL = 1e-12


@dataclass(frozen=True)
class Check:
    """One verified property: its name, whether it holds and what was measured."""

    name: str
    passed: bool
    detail: str


def verify_table(table: PigTable | MultiTable, max_residual: float = MAX_RESIDUAL) -> list[Check]:
    """Recompute the Bellman residual and the invariants of ``table``.

    Full tables are checked state by state from their stored values; compact tables through
    ``P(i, j, 0)``, which determines them; equilibria by :func:`verify_equilibrium`.
    """
    if table.layout == "equilibrium":
        return verify_equilibrium(table, max_residual)
    from pigsolve.solver.pig import _kernels
    from pigsolve.solver.pig.solve import pack_choices

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


def verify_equilibrium(table: MultiTable, max_residual: float = MAX_RESIDUAL) -> list[Check]:
    """Check an N-player equilibrium: every start value is its row rebuilt by best replies (so
    no player gains by deviating anywhere), every mixed state is indifferent, and the values are
    probabilities that sum to 1.

    How far a player's chance falls as its own score rises is reported, not required: with
    three or more players the others reply to the new scores, and a higher score can hurt even
    the mover (three players, goal 68, four-sided die: the mover of (1, 50, 50) wins 9.6e-05
    less than the mover of (0, 50, 50), in an equilibrium that passes every check here). With
    two players it cannot happen, and the two-player tables' checks require it.
    """
    from pigsolve.solver.pig import _multi_kernels as kernels

    rules, values, mixed = table.rules, table.values, table.mixed
    goal, n = rules.goal, rules.players
    flat = values.reshape(-1, n)
    out = np.empty(len(flat))
    kernels.residuals(
        np.ascontiguousarray(flat), goal, face_arrays(rules), table.kernel_mixed(), out
    )
    finite = bool(np.isfinite(values).all())
    residual = float(out.max())
    indifference = 0.0
    for scores, k, q in zip(mixed.scores, mixed.turn_total, mixed.roll_probability, strict=True):
        row = table.row(tuple(int(s) for s in scores))
        indifference = max(indifference, float(abs(row.roll[k, 0] - row.hold[k, 0])))
        if not 0 < q < 1:
            indifference = np.inf
    low, high = float(values.min()), float(values.max())
    total = float(np.abs(values.sum(axis=-1) - 1).max())
    # Each player's largest fall as its own score rises, and where: the mover's, the others'.
    falls, where = [], []
    for j in range(n):
        drop = -np.diff(values[..., j], axis=j)
        falls.append(max(float(drop.max(initial=0.0)), 0.0) + 0.0)
        where.append(int((drop > 1e-12).sum()))
    attribute = table.attrs.get("p_first_player")
    first = table.p_first_player
    return [
        Check(
            "Bellman residual",
            finite and residual <= max_residual,
            f"max |V - best replies' V| = {residual:.3g} (limit {max_residual:g})",
        ),
        Check(
            "mixed states indifferent",
            indifference <= 1e-9,
            f"{len(mixed)} mixed states; max |roll - hold| for the mover = {indifference:.3g}",
        ),
        Check("0 <= P <= 1", finite and low >= 0 and high <= 1, f"range [{low}, {high}]"),
        Check("sums to 1", total <= 1e-12, f"max |sum of the players' P - 1| = {total:.3g}"),
        Check(
            "a higher own score (reported)",
            True,
            f"the mover's P falls at {where[0]} score vectors, by up to {falls[0]:.3g}; a "
            f"waiting player's at {sum(where[1:])}, by up to {max(falls[1:]):.3g} (with 3+ "
            "players the others' replies can make a higher score worse)",
        ),
        Check(
            "p_first_player attribute",
            attribute is not None and abs(float(attribute) - first) <= 1e-15,
            f"attribute {attribute}, table V(0,...,0) = {first!r}",
        ),
    ]
