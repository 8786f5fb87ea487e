r"""Solve two-player Farkle exactly, by score-sum layers, each pair by Newton's method.

State and values
----------------
All points are in units of 50 (:data:`solver.games.farkle.POINT_UNIT`); ``G = goal / 50``.
At the start of a turn the state is the banked scores ``(i, j)``, the mover's first,
``0 <= i, j < G``, and :math:`P(i, j)` is the mover's chance of winning. Within the turn the
mover has a turn total ``t`` and ``n`` dice to roll (a turn starts at ``t = 0`` with every
die). Before a roll the mover banks, when ``t > 0`` and ``t >= min_bank``, worth

.. math:: B_{ij}(t) = 1 \text{ if } i + t \ge G, \text{ else } 1 - P(j, i + t),

or rolls. After a roll the mover picks an option of :mod:`solver.farkle.turn`: ``n'`` dice
left and ``p`` points, going on to ``(t + p, n')`` (all dice again at ``n' = 0`` with hot dice;
without, the turn banks). A farkle ends the turn with nothing: the opponent moves at ``(j, i)``,
worth :math:`c = 1 - P(j, i)` to the mover. So

.. math:: V(t, n) = \max\Big(B(t),\ \pi_F(n)\, c + \sum_k \pi_k(n)
    \max_{(n', p) \in k} V(t + p, n')\Big), \qquad P(i, j) = V(0, D) = g_{ij}(c),

with ``V = 1`` once banking wins (``t >= max(G - i, min_bank)``). The turn's value
:math:`g_{ij}(c)` is a maximum of policies' values, each affine in ``c`` with slope the policy's
chance of a farkle: convex, piecewise linear, nondecreasing, slope below 1.

Method
------
A bank at ``(i, j)`` reaches a score sum above ``i + j``, so the sums are solved from the highest
down (as Pig's layers, :mod:`solver.pig.solve`), and within a sum only ``(i, j)`` and ``(j, i)``
are coupled, through the farkle: ``x = P(i, j)`` solves :math:`x = g_{ij}(1 - g_{ji}(1 - x))`
(the diagonal :math:`x = g_{ii}(1 - x)`). Newton's method on it, with the slopes the turn's
dynamic programme tracks, is exact once the policies settle; each pair stops when the residual
is at most :data:`solver.farkle._kernels.ROUNDING` (1e-14), which bounds the Bellman residual
of every state (the turn's own states are computed exactly given ``c``). The turn's programme
runs ``t`` from high to low in a numba kernel; from :data:`PARALLEL_GOAL` on the pairs of a sum
are solved in parallel.

Not solved yet: the penalty for three farkles in a row (it lowers a banked score, so the layers
no longer order the states: it will need the fixed point of :mod:`solver.pig.fixed_point` over
the values it reaches, as Pig's resets do), the last turn, and more than two players.

References
----------
M. Busche and T. W. Neller, "Optimal Play of the Farkle Dice Game", ACG 2017, LNCS 10664.
T. W. Neller and C. G. M. Presser, "Optimal Play of the Dice Game Pig", UMAP Journal 25(1), 2004.
"""

from __future__ import annotations

import time

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.farkle.turn import turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.results import Progress

PARALLEL_GOAL = 2000
"""From this goal (points) on the pairs of a score sum are solved in parallel: at 10,000 on two
idle cores 11 s against 16 s one pair after another (slower, though, where another process
holds a core)."""


def solve(rules: FarkleRules, progress: Progress | None = None) -> FarkleSolution:
    """Return the optimal play of two-player Farkle under ``rules``, calling
    ``progress(pairs done, pairs)`` as it goes.

    >>> solution = solve(FarkleRules(dice=2, goal=500))
    >>> round(solution.p_first_player, 6), solution.residual <= 1e-14
    (0.537158, True)
    """
    check_solvable(rules)
    goal, min_bank = rules.goal // POINT_UNIT, rules.min_bank // POINT_UNIT
    arrays = turn(rules).arrays
    warm_up()
    values = np.zeros((goal, goal))
    steps = np.zeros((goal, goal), np.int64)
    residuals = np.zeros((goal, goal))
    start = time.perf_counter()
    _sweep_sums(values, min_bank, arrays, steps, residuals, progress)
    seconds = time.perf_counter() - start
    return FarkleSolution(
        rules, values, "layered", float(residuals.max()), int(steps.max()), seconds
    )


def check_solvable(rules: FarkleRules) -> None:
    """Raise :class:`InvalidArgument` unless :func:`solve` solves ``rules``."""
    if not isinstance(rules, FarkleRules):
        raise InvalidArgument(f"rules must be FarkleRules, got {rules!r}", parameter="rules")
    if rules.farkle_penalty > 0:
        raise InvalidArgument(
            f"farkle_penalty={rules.farkle_penalty} is not solved yet: the penalty lowers a "
            "banked score, so the layers no longer order the states; use farkle_penalty=0",
            parameter="farkle_penalty",
        )
    if rules.last_turn:
        raise InvalidArgument(
            "last_turn=True is not solved yet; use last_turn=False", parameter="last_turn"
        )
    if rules.players != 2:
        raise InvalidArgument(
            f"players={rules.players} is not solved yet: Farkle is solved for 2 players",
            parameter="players",
        )


def _sweep_sums(
    values: np.ndarray,
    min_bank: int,
    arrays: tuple[np.ndarray, ...],
    steps: np.ndarray,
    residuals: np.ndarray,
    progress: Progress | None,
) -> None:
    """Solve every score sum of ``values`` from the highest down, in chunks between reports."""
    from pigsolve.solver.farkle import _kernels

    goal = values.shape[0]
    parallel = goal * POINT_UNIT >= PARALLEL_GOAL
    solve_sums = _kernels._solve_sums_parallel if parallel else _kernels._solve_sums
    highest = 2 * goal - 2
    sums = np.arange(highest + 1)
    pairs = sums // 2 - np.maximum(0, sums - goal + 1) + 1
    solved = np.cumsum(pairs[::-1])  # pairs of the sums from the highest down to highest - n
    chunk = max(1, (highest + 1) // 64)
    for s_high in range(highest, -1, -chunk):
        s_low = max(0, s_high - chunk + 1)
        solve_sums(values, s_high, s_low, min_bank, *arrays, steps, residuals)
        if progress is not None:
            progress(int(solved[highest - s_low]), int(solved[-1]))


def warm_up() -> float:
    """Compile the kernels (or load them from numba's cache); return the seconds it took."""
    from pigsolve.solver.farkle import _kernels

    start = time.perf_counter()
    arrays = turn(FarkleRules(dice=1, goal=100)).arrays
    for kernel in (_kernels._solve_sums, _kernels._solve_sums_parallel):
        values, steps = np.zeros((2, 2)), np.zeros((2, 2), np.int64)
        kernel(values, 2, 0, 0, *arrays, steps, np.zeros((2, 2)))
    return time.perf_counter() - start
