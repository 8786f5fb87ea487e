"""Solve Pig exactly, for any number of players: one dispatcher, two methods that must agree.

``layered`` (default)
    States are grouped by the sum of the scores and solved from the highest sum down, as in
    Neller & Presser (2004): every hold leads to a solved, higher sum, and only the rotations of
    one score vector (an orbit) are coupled, through the pig that passes the turn. With the
    orbit's choices fixed its start values solve a small linear system; the choices are re-made
    and the system re-solved until they settle (policy iteration inside value iteration); where
    pure choices cycle (three or more players) a mixed equilibrium is found
    (:mod:`solver.pig.mixed`). Two players take the pair kernel (:mod:`solver.pig._kernels`), the
    same method for orbits of two; more take :func:`solver.pig.layers.solve_layers`.
``value-iteration``
    The paper's whole-table sweep (two players), in place, until the largest change falls below
    ``tolerance`` (default :data:`DEFAULT_TOLERANCE`). Kept to reproduce the paper and to
    cross-check; with more players plain sweeps may cycle (:mod:`solver.pig.reference`).

Resets
------
Where a roll can lose the whole score (Two-Dice Pig's double 1s, Pass the Pigs' touching pigs)
the mover's value after a reset at ``(i, j)`` is ``1 - R[j]`` with ``R[j] = P(j, 0, 0)``, a
state of a lower score sum: the layers no longer order the states. Two players are solved by a
fixed point over the ``G`` numbers ``R``. Taking ``R`` as given constants, the layers are solved
exactly as above (each pair still by policy iteration; at ``i = 0`` a reset is a pig, solved
inside the pair), which gives new values ``F(R) = P(., 0, 0)``. ``F`` is piecewise smooth and
contracting: ``R`` enters a value only through the chance of a reset before the game ends, so a
change of ``R`` comes back shrunk (plain rounds ``R <- F(R)`` shrink the change about 20-fold a
round for Two-Dice Pig at goal 100, 100-fold for Pass the Pigs). Its fixed point, the game's
solution, is reached by Anderson's acceleration of those rounds
(:func:`solver.pig.fixed_point.fixed_point`, shared with the evaluators); the rounds stop when no
``R`` moves by more than 1e-14: 10 rounds for Two-Dice Pig (12 plain), 8 for Pass the Pigs (8
plain), 14 for a die that resets on 1 roll in 9 (19 plain). The full table's Bellman residual
is then computed from the final values, as for every table (``verify`` recomputes it), and is
below :data:`solver.pig.tolerances.MAX_RESIDUAL`. Three or more players with resets are refused.

Both return a :class:`solver.pig.solution.PigSolution`. For two players the full table
``P(i, j, k)`` is kept for goals up to :data:`MAX_FULL_GOAL`.
"""

from __future__ import annotations

import time

import numpy as np

from pigsolve.solver import durations
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.games.pig_outcomes import Effect
from pigsolve.solver.pig.fixed_point import RESTART_ROUNDING, fixed_point
from pigsolve.solver.pig.residuals import pair_residual
from pigsolve.solver.pig.solution import Mixed, PigSolution, expand
from pigsolve.solver.pig.tolerances import DEFAULT_TOLERANCE
from pigsolve.solver.results import Progress

MAX_FULL_GOAL = 300
PARALLEL_GOAL = 400
"""From this goal on the pairs of a score sum are solved in parallel (below, threads cost more)."""


METHODS = {
    "layered": "layered",
    "lay": "layered",
    "value-iteration": "value-iteration",
    "vi": "value-iteration",
}


def solve(
    rules: PigRules,
    method: str = "layered",
    tolerance: float | None = None,
    progress: Progress | None = None,
    full: bool | None = None,
) -> PigSolution:
    """Solve ``rules`` (any number of players) with ``method`` ('layered'/'lay' or
    'value-iteration'/'vi', two players).

    ``tolerance`` (value iteration only) defaults to :data:`DEFAULT_TOLERANCE`. ``full`` asks two
    players' solution to keep the full table (default: when ``goal <= MAX_FULL_GOAL``).

    >>> solution = solve(PigRules(goal=100))
    >>> round(solution.p_first_player, 4)
    0.5306
    >>> solution = solve(PigRules(goal=25, die_sides=4, players=3))
    >>> len(solution.mixed) > 0, round(float(solution.values[0, 0, 0].sum()), 12)
    (True, 1.0)
    """
    check_solvable(rules, method)
    if full is None:
        full = rules.goal <= MAX_FULL_GOAL
    if METHODS[method] == "layered":
        return layered(rules, progress=progress, full=full)
    return value_iteration(rules, tolerance=tolerance, progress=progress)


def check_solvable(rules: PigRules, method: str = "layered") -> None:
    """Raise :class:`InvalidArgument` if ``method`` cannot solve ``rules`` (before any work)."""
    if method not in METHODS:
        raise InvalidArgument(f"invalid method {method!r}: choose 'layered' or 'value-iteration'")
    if rules.resets and rules.players != 2:
        lost = " or ".join(o.name for o in rules.roll_outcomes.outcomes if o.effect is Effect.reset)
        raise InvalidArgument(
            f"scores can fall to 0 in {rules.game} ({lost}): such games are solved for two "
            f"players only, not {rules.players}"
        )


def solve_seconds(rules: PigRules, method: str = "layered") -> tuple[float, float]:
    """Return the seconds solving ``rules`` takes: the work, and the compiling first."""
    work = min(durations.pig_work(rules), 10**300)  # G**N can pass any float: no wait is longer
    if rules.players > 2 and rules.resets:  # refused at once: solved for two players only
        return 0.0, 0.0
    if rules.players > 2:
        return durations.PIG_SECONDS["players"] * work, durations.compile_seconds(
            ("pigsolve.solver.pig._kernels.orbits", "solve_sums")
        )
    if METHODS.get(method) == "value-iteration":
        return durations.PIG_SECONDS["value-iteration"] * work, 0.0
    pair = "_solve_sums_parallel" if rules.goal >= PARALLEL_GOAL else "_solve_sums"
    kernel = ("pigsolve.solver.pig._kernels.pair", pair)
    return durations.PIG_SECONDS["layered"] * work, durations.compile_seconds(kernel)


RUNTIME_BYTES = 200 * 2**20
"""What a solving process holds besides its arrays: Python, numpy, numba and h5py."""


def disk_needed(rules: PigRules) -> int:
    """Return the bytes of a table of ``rules`` before compression: its start values (8 bytes a
    number) and, for two players up to :data:`MAX_FULL_GOAL`, the full table and its choices
    (9 bytes a state)."""
    goal, players = rules.goal, rules.players
    full = 9 * goal**3 if players == 2 and goal <= MAX_FULL_GOAL else 0
    return 8 * players * goal**players + full


def memory_needed(rules: PigRules, method: str = "layered") -> int:
    """Return the bytes a solve of ``rules`` by ``method`` and its save need at their peak.

    The start values (``8 N G**N``), written in place; for two players also the pair kernel's
    ``P(i, j, 0)`` and its counts (16 bytes a pair) and the full table and its choices where
    kept (9 bytes a state; twice over for value iteration). Rules it cannot solve are refused
    first (:func:`check_solvable`), so no refusal for memory names a goal of a game it cannot
    solve.
    """
    check_solvable(rules, method)
    goal, players = rules.goal, rules.players
    needed = 8 * players * goal**players + RUNTIME_BYTES
    if players != 2:
        return needed
    needed += 16 * goal**2
    if METHODS.get(method) == "value-iteration":
        return needed + 18 * goal**3
    return needed + (9 * goal**3 if goal <= MAX_FULL_GOAL else 0)


def layered(rules: PigRules, progress: Progress | None = None, full: bool = True) -> PigSolution:
    """Solve by score-sum layers, each pair or orbit by policy iteration. See :func:`solve`.

    Two players take the pair kernel, more the orbits of :func:`solver.pig.layers.solve_layers`;
    ``full`` keeps two players' full table.
    """
    if rules.players != 2:
        return by_orbits(rules, progress)
    v0, num_iter, seconds = _pair_layers(rules, progress)
    return _two_players(rules, v0, "layered", 0.0, num_iter, seconds, full)


def by_orbits(rules: PigRules, progress: Progress | None = None) -> PigSolution:
    """Solve by score-sum layers, orbit by orbit (:func:`solver.pig.layers.solve_layers`), for
    any number of players: :func:`layered` for three or more, the pair kernel's cross-check for
    two."""
    from pigsolve.solver.pig.layers import solve_layers

    flat, records, num_iter, seconds = solve_layers(rules, progress)
    values = flat.reshape((rules.goal,) * rules.players + (rules.players,))
    mixed = Mixed.of(records, rules.players)
    return PigSolution(rules, values, mixed, "layered", 0.0, num_iter, seconds=seconds)


def _pair_layers(rules: PigRules, progress: Progress | None) -> tuple[np.ndarray, int, float]:
    """Return ``P(i, j, 0)`` of two players by the pair kernel, its linear solves and seconds;
    with resets, rounds of layers to the fixed point of ``R`` (module docstring)."""
    goal, chances = rules.goal, roll_counts(rules)
    warm_up()
    v0 = np.zeros((goal, goal))
    iterations = np.zeros((goal, goal), np.int64)
    start = time.perf_counter()
    if not rules.resets:
        _sweep_layers(v0, chances, np.zeros(goal), iterations, progress)
        return v0, int(iterations.max()), time.perf_counter() - start
    most = 0

    def step(restart: np.ndarray) -> np.ndarray:
        nonlocal most
        _sweep_layers(v0, chances, restart, iterations, None)
        most = max(most, int(iterations.max()))
        return v0[:, 0].copy()

    def report(largest: float) -> None:  # on a log scale from a change of 1 down to ROUNDING
        if progress is not None:
            reached = np.log(max(largest, RESTART_ROUNDING)) / np.log(RESTART_ROUNDING)
            progress(int(1000 * min(max(reached, 0.0), 1.0)), 1000)

    fixed_point(step, np.full(goal, 0.5), report)
    return v0, most, time.perf_counter() - start


def _sweep_layers(
    v0: np.ndarray,
    chances: tuple,
    restart: np.ndarray,
    iterations: np.ndarray,
    progress: Progress | None,
) -> None:
    """Solve every score sum of ``v0`` from the highest down, a reset worth ``restart``."""
    from pigsolve.solver.pig import _kernels

    goal = v0.shape[0]
    solve_sums = _kernels._solve_sums_parallel if goal >= PARALLEL_GOAL else _kernels._solve_sums
    highest = 2 * goal - 2
    sums = np.arange(highest + 1)
    pairs_solved = np.cumsum((sums // 2 - np.maximum(0, sums - goal + 1) + 1)[::-1])
    step = max(1, (highest + 1) // 64)
    for s_high in range(highest, -1, -step):
        s_low = max(0, s_high - step + 1)
        solve_sums(v0, s_high, s_low, chances, restart, iterations)
        if progress is not None:
            progress(int(pairs_solved[highest - s_low]), int(pairs_solved[-1]))


def _two_players(
    rules: PigRules,
    v0: np.ndarray,
    method: str,
    tolerance: float,
    num_iter: int,
    seconds: float,
    full: bool,
    p: np.ndarray | None = None,
) -> PigSolution:
    """Return two players' solution of ``P(i, j, 0) = v0``, with the full table if ``full``
    (``p`` if given, else rebuilt) and the Bellman residual."""
    if full:
        rebuilt, roll, residual = expand(rules, v0)
        if p is None:
            p = rebuilt
        else:
            from pigsolve.solver.pig import _kernels

            residual, _ = _kernels._bellman_residual(p, roll, roll_counts(rules))
        kept = (p, roll)
    else:
        residual, kept = pair_residual(rules, v0), None
    values = np.stack([v0, 1.0 - v0], axis=-1)
    return PigSolution(
        rules, values, Mixed.empty(2), method, tolerance, num_iter, float(residual), seconds, kept
    )


def warm_up() -> float:
    """Compile the kernels (or load them from numba's cache); return the seconds it took."""
    from pigsolve.solver.pig import _kernels

    start = time.perf_counter()
    v0 = np.zeros((2, 2))
    chances, restart = roll_counts(PigRules(2)), np.zeros(2)
    _kernels._solve_sums(v0, 2, 0, chances, restart, np.zeros((2, 2), np.int64))
    _kernels._solve_sums_parallel(v0, 2, 0, chances, restart, np.zeros((2, 2), np.int64))
    pair_residual(PigRules(2), v0)
    return time.perf_counter() - start


def value_iteration(
    rules: PigRules, tolerance: float | None = None, progress: Progress | None = None
) -> PigSolution:
    """Solve by in-place sweeps of the whole table. See :func:`solve`."""
    from pigsolve.solver.pig import _kernels

    if rules.players != 2:
        raise InvalidArgument(
            f"value-iteration solves two players; {rules.players} are solved by method='layered'",
            parameter="method",
        )
    tolerance = DEFAULT_TOLERANCE if tolerance is None else tolerance
    if not 0 < tolerance < 1:  # win probabilities change by less than 1: no step is taken
        raise InvalidArgument(
            f"tolerance must be positive and below 1, got {tolerance}", parameter="tolerance"
        )
    goal, chances = rules.goal, roll_counts(rules)
    if goal > MAX_FULL_GOAL:
        raise InvalidArgument(
            f"value-iteration keeps the full table in memory: use goal <= {MAX_FULL_GOAL} "
            "or method='layered'",
            parameter="method",
        )
    i, _, k = np.ogrid[:goal, :goal, :goal]
    p = np.zeros((goal, goal, goal))
    p[...] = i + k >= goal  # won states hold 1
    start = time.perf_counter()
    num_iter = 0
    change = 1.0
    while change >= tolerance:
        change = _kernels._value_iteration_sweep(p, chances)
        num_iter += 1
        if progress is not None:
            # Progress on a log scale from a change of 1 down to the tolerance.
            done = np.log(max(change, tolerance)) / np.log(tolerance)
            progress(int(1000 * min(max(done, 0.0), 1.0)), 1000)
    seconds = time.perf_counter() - start
    v0 = p[:, :, 0].copy()
    return _two_players(rules, v0, "value-iteration", tolerance, num_iter, seconds, True, p)
