"""Solve Pig exactly: one dispatcher, two methods that must agree.

``layered`` (default)
    States are grouped by score sum ``i + j`` and solved from the highest sum down, as in
    Neller & Presser (2004). Within a sum every hold leads to a solved, higher sum; only a pair's
    own ``P(i, j, 0)`` and ``P(j, i, 0)`` are coupled. With the pair's choices fixed its values are
    affine in those two unknowns, a 2x2 linear system; the choices are re-made and the system
    re-solved until they no longer change (policy iteration inside value iteration). Exact to
    rounding, with no tolerance.
``value-iteration``
    The paper's whole-table sweep, in place, until the largest change falls below ``tolerance``
    (default :data:`DEFAULT_TOLERANCE`). Kept to reproduce the paper and to cross-check.

Both return a :class:`PigSolution`. The full table is built for goals up to
:data:`MAX_FULL_GOAL`; larger goals keep the compact form (``v0`` and packed roll bits).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, face_arrays
from pigsolve.solver.results import Progress

if TYPE_CHECKING:
    from pigsolve.solver.pig.multi import MultiSolution

DEFAULT_TOLERANCE = 1e-12
MAX_FULL_GOAL = 300
PARALLEL_GOAL = 400
"""From this goal on the pairs of a score sum are solved in parallel (below, threads cost more)."""


class Method(StrEnum):
    """The Pig solvers (:func:`solve` also takes 'lay' and 'vi')."""

    layered = "layered"
    value_iteration = "value-iteration"


METHODS = {
    "layered": "layered",
    "lay": "layered",
    "value-iteration": "value-iteration",
    "vi": "value-iteration",
}


@dataclass(frozen=True, repr=False)
class PigSolution:
    """The optimal win probabilities of a game of Pig.

    Attributes
    ----------
    rules : PigRules
    v0 : ndarray(float64, shape=(G, G))
        ``P(i, j, 0)``, which determines the whole table.
    win_probability : ndarray(float64, shape=(G, G, G)) or None
        ``P(i, j, k)``, 1 where ``i + k >= G``; None in the compact form.
    roll : ndarray(bool, shape=(G, G, G)) or None
        True where rolling is optimal; None in the compact form.
    roll_packed : ndarray(uint8, shape=(G, G, ceil(G / 8))) or None
        The compact form of ``roll``: bit ``k % 8`` of byte ``k // 8`` (little bit order).
    method, tolerance, num_iter, max_bellman_residual, seconds
        How it was solved: ``num_iter`` counts sweeps (value iteration) or the most linear solves
        any pair needed (layered); ``seconds`` excludes JIT compilation.
    """

    rules: PigRules
    v0: np.ndarray
    win_probability: np.ndarray | None
    roll: np.ndarray | None
    roll_packed: np.ndarray | None
    method: str
    tolerance: float
    num_iter: int
    max_bellman_residual: float
    seconds: float

    @property
    def p_first_player(self) -> float:
        """Return ``P(0, 0, 0)``, the first player's win probability."""
        return float(self.v0[0, 0])

    def __repr__(self) -> str:
        goal, sides = self.rules.goal, self.rules.die_sides
        rows = {
            "rules": f"goal={goal}, die_sides={sides}",
            "method": self.method,
            "p_first_player": f"{self.p_first_player:.12f}",
            "max_bellman_residual": f"{self.max_bellman_residual:.3g}",
            "num_iter": self.num_iter,
            "layout": "full" if self.win_probability is not None else "compact",
        }
        width = max(map(len, rows))
        return "\n".join(f"{name:>{width}}: {value}" for name, value in rows.items())


def solve(
    rules: PigRules,
    method: str = "layered",
    tolerance: float | None = None,
    progress: Progress | None = None,
    full: bool | None = None,
) -> PigSolution | MultiSolution:
    """Solve ``rules`` with ``method`` ('layered'/'lay' or 'value-iteration'/'vi').

    Three or more players: the equilibrium of :func:`solver.pig.multi.solve_multi` (layered).

    ``tolerance`` (value iteration only) defaults to :data:`DEFAULT_TOLERANCE`. ``full`` asks for
    the full table (default: when ``goal <= MAX_FULL_GOAL``).

    >>> solution = solve(PigRules(goal=100))
    >>> round(solution.p_first_player, 4)
    0.5306
    """
    if method not in METHODS:
        raise InvalidArgument(f"invalid method {method!r}: choose 'layered' or 'value-iteration'")
    if rules.players > 2:
        if METHODS[method] != "layered":
            raise InvalidArgument("value-iteration solves two players; more are solved by layers")
        from pigsolve.solver.pig.multi import solve_multi

        return solve_multi(rules, progress=progress)
    if full is None:
        full = rules.goal <= MAX_FULL_GOAL
    if METHODS[method] == "layered":
        return layered(rules, progress=progress, full=full)
    return value_iteration(rules, tolerance=tolerance, progress=progress)


def memory_needed(rules: PigRules, method: str = "layered") -> int:
    """Return the bytes a solve of ``rules`` by ``method`` needs at its peak, roughly.

    Full layout: the table and its choices (9 bytes a state, twice over for value iteration);
    compact: ``P(i, j, 0)`` and the packed choices.
    """
    goal = rules.goal
    if rules.players > 2:
        from pigsolve.solver.pig.multi import memory_needed as multi_memory

        return multi_memory(rules)
    if METHODS.get(method) == "value-iteration":
        return 18 * goal**3
    if goal <= MAX_FULL_GOAL:
        return 9 * goal**3
    return 16 * goal**2 + goal * goal * ((goal + 7) // 8)


def layered(rules: PigRules, progress: Progress | None = None, full: bool = True) -> PigSolution:
    """Solve by score-sum layers, each pair by policy iteration. See :func:`solve`."""
    from pigsolve.solver.pig import _kernels

    goal, faces = rules.goal, face_arrays(rules)
    warm_up()
    v0 = np.zeros((goal, goal))
    iterations = np.zeros((goal, goal), np.int64)
    start = time.perf_counter()
    solve_sums = _kernels._solve_sums_parallel if goal >= PARALLEL_GOAL else _kernels._solve_sums
    highest = 2 * goal - 2
    sums = np.arange(highest + 1)
    pairs_solved = np.cumsum((sums // 2 - np.maximum(0, sums - goal + 1) + 1)[::-1])
    step = max(1, (highest + 1) // 64)
    for s_high in range(highest, -1, -step):
        s_low = max(0, s_high - step + 1)
        solve_sums(v0, s_high, s_low, *faces, iterations)
        if progress is not None:
            progress(int(pairs_solved[highest - s_low]), int(pairs_solved[-1]))
    seconds = time.perf_counter() - start
    if full:
        p, roll, residual = expand(rules, v0)
        return PigSolution(
            rules, v0, p, roll, None, "layered", 0.0, int(iterations.max()), residual, seconds
        )
    packed, residual = pack_choices(rules, v0)
    return PigSolution(
        rules, v0, None, None, packed, "layered", 0.0, int(iterations.max()), residual, seconds
    )


def warm_up() -> float:
    """Compile the kernels (or load them from numba's cache); return the seconds it took."""
    from pigsolve.solver.pig import _kernels

    start = time.perf_counter()
    v0 = np.zeros((2, 2))
    faces = face_arrays(PigRules(2))
    _kernels._solve_sums(v0, 2, 0, *faces, np.zeros((2, 2), np.int64))
    _kernels._solve_sums_parallel(v0, 2, 0, *faces, np.zeros((2, 2), np.int64))
    _kernels._expand(v0, *faces, _NONE_FLOAT, _NONE_BOOL, np.empty((2, 2, 1), np.uint8))
    return time.perf_counter() - start


def value_iteration(
    rules: PigRules, tolerance: float | None = None, progress: Progress | None = None
) -> PigSolution:
    """Solve by in-place sweeps of the whole table. See :func:`solve`."""
    from pigsolve.solver.pig import _kernels

    tolerance = DEFAULT_TOLERANCE if tolerance is None else tolerance
    if not tolerance > 0:
        raise InvalidArgument(f"tolerance must be positive, got {tolerance}")
    goal, faces = rules.goal, face_arrays(rules)
    if goal > MAX_FULL_GOAL:
        raise InvalidArgument(
            f"value-iteration keeps the full table in memory: use goal <= {MAX_FULL_GOAL} "
            "or --method layered"
        )
    i, _, k = np.ogrid[:goal, :goal, :goal]
    p = np.zeros((goal, goal, goal))
    p[...] = i + k >= goal  # won states hold 1
    start = time.perf_counter()
    num_iter = 0
    change = 1.0
    while change >= tolerance:
        change = _kernels._value_iteration_sweep(p, *faces)
        num_iter += 1
        if progress is not None:
            # Progress on a log scale from a change of 1 down to the tolerance.
            done = np.log(max(change, tolerance)) / np.log(tolerance)
            progress(int(1000 * min(max(done, 0.0), 1.0)), 1000)
    seconds = time.perf_counter() - start
    v0 = p[:, :, 0].copy()
    _, roll, _ = expand(rules, v0)
    residual, _ = _kernels._bellman_residual(p, roll, *faces)
    return PigSolution(
        rules, v0, p, roll, None, "value-iteration", tolerance, num_iter, float(residual), seconds
    )


def expand(rules: PigRules, v0: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Return the full table ``P[i, j, k]``, the optimal choices and the Bellman residual.

    Every value follows from ``v0 = P(., ., 0)`` (see :mod:`solver.games.pig`).
    """
    from pigsolve.solver.pig import _kernels

    goal = rules.goal
    p = np.empty((goal, goal, goal))
    roll = np.empty((goal, goal, goal), bool)
    faces = face_arrays(rules)
    residual = _kernels._expand(np.ascontiguousarray(v0), *faces, p, roll, _NONE_BITS)
    return p, roll, float(residual)


def pack_choices(rules: PigRules, v0: np.ndarray) -> tuple[np.ndarray, float]:
    """Return the optimal choices rebuilt from ``v0``, packed, and the Bellman residual.

    The packed array (uint8, ``(G, G, ceil(G / 8))``) holds the choice at ``k`` in bit ``k % 8``
    of byte ``k // 8`` (little bit order): the compact layout of :mod:`solver.pig.table`.
    """
    from pigsolve.solver.pig import _kernels

    goal = rules.goal
    packed = np.empty((goal, goal, (goal + 7) // 8), np.uint8)
    residual = _kernels._expand(
        np.ascontiguousarray(v0), *face_arrays(rules), _NONE_FLOAT, _NONE_BOOL, packed
    )
    return packed, float(residual)


_NONE_FLOAT = np.empty((1, 1, 1))
_NONE_BOOL = np.empty((1, 1, 1), bool)
_NONE_BITS = np.empty((1, 1, 1), np.uint8)
