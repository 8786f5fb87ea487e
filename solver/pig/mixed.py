"""Mixed equilibria of N-player Pig, for the orbits whose pure choices cycle.

In its own row a mover's choices depend only on its own value after a pig, ``x``, and roll
wins more states as ``x`` grows: every turn total ``k`` has a threshold ``t`` where the mover is
indifferent, rolling above it. Where the orbit's policy iteration cycles, each rotation's ``x``
wanders over a few thresholds; damped, it closes in on them. We look there: every rotation
either plays one of the pure policies between those thresholds, or sits exactly at one
threshold and rolls at its state with a probability ``q``. Combinations are tried with the
fewest coins first, each only if its pig values can fit at all (an exact bound from the corners
of the coins' box, :meth:`Orbit.fitting`); for such a combination the ``q`` solve
``x_i(q) = t_i`` (the orbit's linear system, by Newton's method), and the first in which every
rotation's policy is a best reply to its ``x`` is the equilibrium. Where none is
found (or the brackets hold too many combinations), the complete search of
:mod:`solver.pig.exhaustive` finds one.
"""

from __future__ import annotations

import math

import numpy as np

from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig import exhaustive
from pigsolve.solver.pig._kernels import indexing
from pigsolve.solver.pig.blocks import Lookup
from pigsolve.solver.pig.orbit import Orbit

MAX_COMBINATIONS = 200_000
"""Brackets with more combinations than this are not searched (the complete search is)."""


def solve_unsettled(
    values: np.ndarray,
    rules: PigRules,
    member: tuple[int, ...],
    layer: int,
    lookup: Lookup,
    chances: tuple | None = None,
) -> list[tuple[tuple[int, ...], int, float]]:
    """Solve the orbit of ``member`` with mixed choices; write it (rows found by ``lookup``);
    return its mixed states."""
    orbit = Orbit(values, rules, member, lookup, chances)
    seen = np.vstack(orbit.wander())
    options = [
        orbit.options(i, float(seen[:, i].min()), float(seen[:, i].max()))
        for i in range(orbit.length)
    ]
    found = None
    if math.prod(map(len, options)) <= MAX_COMBINATIONS:
        for combo in orbit.fitting(options):
            found = _try(orbit, combo)
            if found is not None:
                out, q = found
                coins = [
                    (i, combo[i].k, float(q[i])) for i in range(orbit.length) if combo[i].k >= 0
                ]
                break
    if found is None:  # the fast path missed: the complete search cannot
        try:
            out, coins = exhaustive.search(orbit, seen[-1])
        except PigsolveError as error:
            raise PigsolveError(f"layer {layer} (score sum): {error}") from None
    for i in range(orbit.length):
        values[indexing.row_of(orbit.rotations[i], 0, 0, rules.goal, lookup)] = out[i]
    return [(tuple(int(s) for s in orbit.rotations[i]), k, float(q)) for i, k, q in coins]


def _try(orbit: Orbit, combo) -> tuple[np.ndarray, np.ndarray] | None:
    """Return the orbit's values and coins if ``combo`` is an equilibrium, else None."""
    coins = [i for i, option in enumerate(combo) if option.k >= 0]
    q = np.full(orbit.length, 0.0)

    def solve(q: np.ndarray) -> np.ndarray:
        rows = [orbit.fixed_row(i, option, q[i]) for i, option in enumerate(combo)]
        return orbit.solve(rows)

    def gaps(q: np.ndarray) -> np.ndarray:
        xs = orbit.pig_values(solve(q))
        return np.array([xs[i] - combo[i].low for i in coins])

    if coins:
        q[coins] = 0.5
        for _ in range(40):
            f = gaps(q)
            if np.abs(f).max() < 1e-15:
                break
            jacobian = np.empty((len(coins), len(coins)))
            for c, i in enumerate(coins):
                step = q.copy()
                step[i] += 1e-7
                jacobian[:, c] = (gaps(step) - f) / 1e-7
            try:
                delta = np.linalg.solve(jacobian, f)
            except np.linalg.LinAlgError:
                return None
            q[coins] = np.clip(q[coins] - delta, -0.5, 1.5)
            if np.abs(delta).max() < 1e-15:
                break
        if np.abs(gaps(q)).max() > 1e-11 or (q < -1e-9).any() or (q > 1 + 1e-9).any():
            return None
        q = np.clip(q, 0.0, 1.0)
    out = solve(q)
    xs = orbit.pig_values(out)
    for i, option in enumerate(combo):
        best = orbit.row(i, xs[i])[2]
        same = best == option.policy
        if option.k >= 0:
            same[option.k] = True
        if not same.all():
            return None
    return out, q
