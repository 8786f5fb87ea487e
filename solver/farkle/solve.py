r"""Solve two-player Farkle exactly, by score-sum layers, each pair by Newton's method.

State and values
----------------
All points are in units of 50 (:data:`solver.games.farkle.POINT_UNIT`); ``G = goal / 50``.
At the start of a turn the state is the banked scores ``(i, j)``, the mover's first,
``0 <= i, j < G``, and :math:`P(i, j)` is the mover's chance of winning. Within the turn the
mover has a turn total ``t`` and ``n`` dice to roll (a turn starts at ``t = 0`` with every
die). Before a roll the mover banks, when ``t > 0`` and ``t >= min_bank`` (at ``i = 0``, before
the first bank, ``t >= max(min_bank, entry)``: the opening score), worth

.. math:: B_{ij}(t) = 1 \text{ if } i + t \ge G, \text{ else } 1 - P(j, i + t),

(with a last turn, from the goal on, one less the opponent's chance in the last turn),

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

The three-farkle penalty
------------------------
With ``farkle_penalty`` the state adds each player's farkles in a row, ``a`` the mover's and
``b`` the opponent's (0 to 2): ``P(a, b, i, j)``. A farkle passes the turn at ``(b, a + 1, j,
i)``; a third in a row at ``(b, 0, j, max(i - penalty, f))``, ``f`` the floor (a parameter of
the solve, :data:`solver.farkle.states.DEFAULT_FLOOR`, Busche's -2,500: scores can fall
without end otherwise); a bank at ``(b, 0, j, i + t)``. The turn itself depends on ``a`` only
through the farkle's value. A penalty lowers a score, so the sums no longer order the states:
the values a penalty reaches, ``R = P(·, 0, ·, ·)``, are taken as given constants; then within
a sum a farkle only raises the counts, so the states of a pair of scores are solved one turn
each, counts' sum ``a + b`` from 4 down, no Newton needed. The rounds ``R <- P(R)(·, 0, ·, ·)``
go to their fixed point, until no value moves by more than 1e-14, from a first guess that is
nearly right: the game without the penalty, each score raised by ``-f`` (as many points from
the goal). Plain rounds, not Anderson's acceleration: the policies' switches make the rounds'
map only piecewise smooth, and at goal 1,000 Anderson took 67 rounds against 15 plain ones
(12 from the first guess; each round shrinks the largest change some 15-fold). Each round costs
18 turns a pair of scores (the layered solve without the penalty about 6).

The last turn
-------------
With ``last_turn``, a bank reaching the goal gives the opponent one more turn, a one-player
problem given the lead ``d`` (:func:`solver.farkle.solution.last_turn_values`: finishing above
wins, level is a draw worth 1/2); banking there is worth ``1 - last[d]``, so the leader may
roll on past the goal. The leader's score is bounded by the solve's ``ceiling``
(:func:`solver.farkle.solution.default_ceiling`): a turn total reaching it banks.

Three players or more
---------------------
:mod:`solver.farkle.players` solves them by the same layers, each orbit of rotated scores by
policy iteration, mixing where it cycles (without the penalty; the last turn for three players,
:mod:`solver.farkle.last_round_three`).

References
----------
M. Busche and T. W. Neller, "Optimal Play of the Farkle Dice Game", ACG 2017, LNCS 10664.
T. W. Neller and C. G. M. Presser, "Optimal Play of the Dice Game Pig", UMAP Journal 25(1), 2004.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.farkle.states import (
    DEFAULT_CEILING_LEAD,
    DEFAULT_FLOOR,
    FARKLE_COUNTS,
    default_ceiling,
    last_turn_values,
    values_shape,
)
from pigsolve.solver.farkle.turn import least_banks, turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.pig.fixed_point import RESTART_ROUNDING, fixed_point
from pigsolve.solver.results import Progress

PENALTY_ROUNDS = 13
"""The rounds of the penalty's fixed point at goal 10,000 (12 at 1,000)."""
LAST_ROUND_KEEPS = 2.8
"""How much longer a three-player turn takes with the last round per turn total, every keep
weighed (:func:`solve_seconds`)."""
PARALLEL_GOAL = 2000
"""From this goal (points) on the pairs of a score sum are solved in parallel: at 10,000 on two
idle cores 11 s against 16 s one pair after another (slower, though, where another process
holds a core)."""


def solve(
    rules: FarkleRules,
    progress: Progress | None = None,
    floor: int = DEFAULT_FLOOR,
    ceiling: int | None = None,
) -> FarkleSolution:
    """Return the optimal play of two-player Farkle under ``rules``, calling
    ``progress(done, total)`` as it goes.

    ``floor`` (points, a multiple of 50, at most 0) bounds the banked scores from below when
    ``rules.farkle_penalty`` can take them below 0: a penalty ends no lower. ``ceiling``
    (points, above the goal) bounds the banked score with ``rules.last_turn``: a turn total
    reaching it banks (default :func:`solver.farkle.solution.default_ceiling`). Neither is a
    rule; each is ignored where the rules cannot reach it.

    >>> solution = solve(FarkleRules(dice=2, goal=500))
    >>> round(solution.p_first_player, 6), solution.residual <= 1e-14
    (0.537158, True)
    """
    check_solvable(rules)
    if rules.players > 2:
        from pigsolve.solver.farkle.players import solve_players

        warm_up()
        start = time.perf_counter()
        top = check_bounds(rules, floor, ceiling)[1] if rules.last_turn else None
        values, residual, steps, coins = solve_players(rules, progress, top)
        seconds = time.perf_counter() - start
        return FarkleSolution(
            rules, values, "layered orbits", residual, steps, seconds, 0, top, tuple(coins)
        )
    floor, ceiling = check_bounds(rules, floor, ceiling)
    goal, min_bank = rules.goal // POINT_UNIT, rules.min_bank // POINT_UNIT
    offset = -floor // POINT_UNIT
    cap = (ceiling - floor) // POINT_UNIT
    arrays = turn(rules).arrays
    last = last_turn_values(rules, goal + offset, cap)
    warm_up()
    values = np.zeros(values_shape(rules, floor))
    start = time.perf_counter()
    if rules.farkle_penalty:
        penalty = rules.farkle_penalty // POINT_UNIT
        guess = _penalty_free_start(rules, floor, ceiling)
        residual, rounds = _penalty_rounds(
            values, guess, penalty, min_bank, cap, last, arrays, progress
        )
        method = "layered rounds"
    else:
        steps = np.zeros(values.shape, np.int64)
        residuals = np.zeros(values.shape)
        _sweep_sums(values, least_banks(rules), cap, last, arrays, steps, residuals, progress)
        residual, rounds, method = float(residuals.max()), int(steps.max()), "layered"
    seconds = time.perf_counter() - start
    return FarkleSolution(rules, values, method, residual, rounds, seconds, floor, ceiling)


def check_solvable(rules: FarkleRules) -> None:
    """Raise :class:`InvalidArgument` unless :func:`solve` solves ``rules``."""
    if not isinstance(rules, FarkleRules):
        raise InvalidArgument(f"rules must be FarkleRules, got {rules!r}", parameter="rules")
    if rules.players > 2 and rules.farkle_penalty:
        raise InvalidArgument(
            f"Farkle with {rules.players} players is not solved with the three-farkle penalty "
            "yet: it is solved for 2 players",
            parameter="players",
        )
    if rules.players > 3 and rules.last_turn:
        raise InvalidArgument(
            f"Farkle with {rules.players} players is not solved with a last turn: it is solved "
            "for 2 and 3 players",
            parameter="players",
        )


def check_bounds(rules: FarkleRules, floor: int, ceiling: int | None) -> tuple[int, int]:
    """Return ``(floor, ceiling)`` in points as :func:`solve` uses them (0 without a penalty,
    the goal without a last turn), or raise :class:`InvalidArgument`."""
    for name, value in (("floor", floor), ("ceiling", ceiling)):
        if value is not None and (
            not isinstance(value, int | np.integer) or isinstance(value, bool) or value % POINT_UNIT
        ):
            raise InvalidArgument(
                f"{name} must be a multiple of {POINT_UNIT} points, got {value!r}", parameter=name
            )
    if floor > 0:
        raise InvalidArgument(f"floor must be at most 0, got {floor}", parameter="floor")
    if ceiling is not None and ceiling <= rules.goal:
        raise InvalidArgument(
            f"ceiling must be above the goal {rules.goal}, got {ceiling}", parameter="ceiling"
        )
    floor = int(floor) if rules.farkle_penalty else 0
    if not rules.last_turn:
        return floor, rules.goal
    return floor, int(ceiling) if ceiling is not None else default_ceiling(rules)


def _sweep_sums(
    values: np.ndarray,
    banks: tuple[int, int],
    cap: int,
    last: np.ndarray,
    arrays: tuple[np.ndarray, ...],
    steps: np.ndarray,
    residuals: np.ndarray,
    progress: Progress | None,
) -> None:
    """Solve every score sum of ``values`` from the highest down, in chunks between reports;
    ``banks`` is ``(min_bank, entry)`` in units, the least bank at any score and at score 0."""
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
        solve_sums(values, s_high, s_low, *banks, cap, last, *arrays, steps, residuals)
        if progress is not None:
            progress(int(solved[highest - s_low]), int(solved[-1]))


def _penalty_free_start(rules: FarkleRules, floor: int, ceiling: int) -> np.ndarray:
    """Return the first guess of the values a penalty reaches: the game without the penalty,
    every score raised by ``-floor`` (so as many points from the goal), at every farkle count."""
    free = replace(rules, farkle_penalty=0, goal=rules.goal - floor)
    values = solve(free, ceiling=ceiling - floor if rules.last_turn else None).values
    return np.broadcast_to(values, (FARKLE_COUNTS, *values.shape)).copy()


def _penalty_rounds(
    values: np.ndarray,
    start: np.ndarray,
    penalty: int,
    min_bank: int,
    cap: int,
    last: np.ndarray,
    arrays: tuple[np.ndarray, ...],
    progress: Progress | None,
) -> tuple[float, int]:
    """Solve ``values[a, b, i, j]`` with the three-farkle penalty: rounds of layers, each with
    the values a penalty reaches (``values[:, 0]``, first ``start``) given, to their fixed
    point; return the last round's largest change and the rounds."""
    from pigsolve.solver.farkle import _kernels

    rounds, changes = 0, []

    def step(restart: np.ndarray) -> np.ndarray:
        nonlocal rounds
        rounds += 1
        _kernels._penalty_sums(values, restart, penalty, min_bank, cap, last, *arrays)
        return values[:, 0].copy()

    def report(largest: float) -> None:  # on a log scale from a change of 1 down to ROUNDING
        changes.append(largest)
        if progress is not None:
            reached = np.log(max(largest, RESTART_ROUNDING)) / np.log(RESTART_ROUNDING)
            progress(int(1000 * min(max(reached, 0.0), 1.0)), 1000)

    fixed_point(step, start, report, accelerate=False)
    return changes[-1], rounds


def warm_up() -> float:
    """Compile the kernels (or load them from numba's cache); return the seconds it took."""
    from pigsolve.solver.farkle import _kernels

    start = time.perf_counter()
    arrays = turn(FarkleRules(dice=1, goal=100)).arrays
    last = np.zeros(8)
    for kernel in (_kernels._solve_sums, _kernels._solve_sums_parallel):
        values, steps = np.zeros((2, 2)), np.zeros((2, 2), np.int64)
        kernel(values, 2, 0, 0, 0, 2, last, *arrays, steps, np.zeros((2, 2)))
    values = np.zeros((3, 3, 2, 2))
    _kernels._penalty_sums(values, np.zeros((3, 2, 2)), 1, 0, 2, last, *arrays)
    _kernels.last_turn(np.zeros(3), 0, *arrays)
    from pigsolve.solver.farkle import _orbit_kernels

    lesser = np.full((2, 2, 1, 1), -1, np.int64)
    for middle in (np.zeros((1, 1, 3)), np.full((8, 8, 3), 1 / 3)):
        _orbit_kernels.solve_layers(
            np.zeros((8, 3)), 2, np.array([7, 3, 1, 0]), np.arange(5), 0, 3, 0, 0, 2, middle,
            lesser, *arrays, np.zeros(4, np.int64), np.zeros(4),
        )  # fmt: skip
    return time.perf_counter() - start


def solve_seconds(rules: FarkleRules, floor: int = DEFAULT_FLOOR) -> float:
    """Return the seconds a solve of ``rules`` takes on two cores, roughly: 11 s at goal 10,000
    with six dice, growing as the span of scores cubed; with the penalty, scores from ``floor``
    and the nine pairs of farkles in a row, each round (about 40 minutes at goal 10,000); with
    ``N > 2`` players, ``G**N`` states (three at goal 10,000: 17.5 minutes measured on
    2026-11-29). Three players' last round runs each turn on to the ceiling and weighs every
    keep: :data:`LAST_ROUND_KEEPS` times the turn totals' span over the goal's (measured 30
    times the time without at goal 1,000, 19 at 2,000, 11 at 3,000: about three hours at
    10,000).

    >>> from pigsolve.solver.games.farkle import FACEBOOK_FARKLE, FARKLE
    >>> round(solve_seconds(FARKLE)), round(solve_seconds(FACEBOOK_FARKLE) / 60)
    (11, 42)
    """
    if rules.players > 2:  # G**N states, each a turn of N values over G totals
        goal, players = rules.goal // POINT_UNIT, rules.players
        work = goal ** (players + 1) * players**2 * rules.dice
        if rules.last_turn:
            work *= LAST_ROUND_KEEPS * (goal + DEFAULT_CEILING_LEAD // POINT_UNIT) / goal
        return 7.3e-8 * work / 6 if work < 10**300 else math.inf  # G**N can pass any float
    if not rules.farkle_penalty:
        return 11.0 * (rules.goal / 10_000) ** 3 * rules.dice / 6
    span = (rules.goal - floor) / 10_000
    return 11.0 * span**3 * rules.dice / 6 * FARKLE_COUNTS**2 * PENALTY_ROUNDS
