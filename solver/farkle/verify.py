"""Check a Farkle table against its equations: every start value is its turn re-solved.

Each stored start-of-turn value is compared with the optimal turn from that state, rebuilt
from the stored values alone (banks read the table, a farkle its value at the next state), as
:mod:`solver.pig.verify` does for Pig; and the values must be probabilities.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.farkle.last_round_three import orbit_banks
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.farkle.turn import least_banks, turn
from pigsolve.solver.games.farkle import POINT_UNIT
from pigsolve.solver.results import MAX_RESIDUAL, Check


def bellman_residual(solution: FarkleSolution) -> float:
    """Return the largest ``|stored value - its turn re-solved from the stored values|``.

    >>> from pigsolve.solver.farkle.solve import solve
    >>> from pigsolve.solver.games.farkle import FarkleRules
    >>> bellman_residual(solve(FarkleRules(dice=2, goal=500))) < 1e-14
    True
    """
    from pigsolve.solver.farkle import _kernels

    rules = solution.rules
    if rules.players > 2:
        return float(seat_residuals(solution)[..., 0].max())
    values = solution.values
    if values.ndim == 2:
        values = values[None, None]
    values = np.ascontiguousarray(values)
    cap = (solution.ceiling - solution.floor) // POINT_UNIT
    out = np.empty(values.shape)
    _kernels.bellman_residuals(
        values,
        rules.farkle_penalty // POINT_UNIT,
        *least_banks(rules),
        cap,
        solution._last,
        *turn(rules).arrays,
        out,
    )
    return float(out.max())


def seat_residuals(solution: FarkleSolution) -> np.ndarray:
    """Return ``|stored - re-solved|`` for every player's chance at every state (three players
    or more; at a mixed state only the mover's is the turn's, the others' are the coin's)."""
    from pigsolve.solver.farkle import _orbit_kernels

    rules = solution.rules
    goal, players = rules.goal // POINT_UNIT, rules.players
    values = np.ascontiguousarray(solution.values.reshape(-1, players))
    out = np.empty(values.shape)
    banks, arrays = orbit_banks(rules, solution.ceiling)
    _orbit_kernels.residuals(values, goal, *banks, *arrays, out)
    out = out.reshape(solution.values.shape)
    for scores, _ in solution.coins:
        out[scores][1:] = 0.0
    return out


def verify_table(solution: FarkleSolution, max_residual: float = MAX_RESIDUAL) -> list[Check]:
    """Recompute the Bellman residual of ``solution`` and check that its values are chances
    (with three players or more, also the others' chances and their sum)."""
    values = solution.values
    finite = bool(np.isfinite(values).all())
    several = solution.rules.players > 2
    found = None
    if not finite:
        residual = np.inf
    elif several:  # every turn re-solved once: the mover's chance and the others'
        found = seat_residuals(solution)
        residual = float(found[..., 0].max())
    else:
        residual = bellman_residual(solution)
    low, high = float(values.min()), float(values.max())
    seats = []
    if several:
        others = float(found[..., 1:].max()) if found is not None else np.inf
        total = float(np.abs(values.sum(axis=-1) - 1).max()) if finite else np.inf
        seats = [
            Check(
                "others' chances",
                others <= max_residual,
                f"max |V - its turn re-solved| = {others:.3g} for the players not moving, "
                f"the {len(solution.coins)} mixed states' coins aside",
            ),
            Check("chances add up to 1", total <= max_residual, f"max |sum - 1| = {total:.3g}"),
        ]
    return [
        Check(
            "Bellman residual",
            residual <= max_residual,
            f"max |V - its turn re-solved| = {residual:.3g} (limit {max_residual:g})",
        ),
        Check("0 <= P <= 1", finite and low >= 0 and high <= 1, f"range [{low}, {high}]"),
        *seats,
    ]
