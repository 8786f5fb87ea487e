r"""Solve Farkle for three players or more: score-sum layers of orbits, by policy iteration.

State and values
----------------
With ``N`` players the start of a turn is the banked scores ``(s_0, ..., s_{N-1})``, the mover
first and the others in turn order (units of 50, each below ``G = goal / 50``), and its value is
every player's chance of winning: ``values[s_0, ..., s_{N-1}, p]``, ``p = 0`` the mover's. A
bank of ``u`` passes the turn to ``(s_1, ..., s_{N-1}, s_0 + u)`` (or wins from the goal on); a
farkle to ``(s_1, ..., s_0)``: the scores rotated, their sum unchanged.

Method
------
A bank reaches a higher score sum, so the sums are solved from the highest down, as for two
players (:mod:`solver.farkle.solve`); within a sum the farkle couples only the rotations of one
score vector, its *orbit* (``N`` states, fewer where the vector repeats itself). Each mover
maximises its own chance, and its turn's choices depend only on its own value after a farkle,
``x``: under any fixed policy every player's chance is affine in the farkle's value, ``a + f
c``, ``f`` the policy's chance of a farkle. The orbit is solved by policy iteration: each
rotation's turn best answers the current values, the cycle of affine maps is then solved
exactly (:func:`solver.farkle._orbit_kernels._solve_cycle`), until each policy is best at the
values it gives (its turn also finds the interval of the mover's farkle value where it stays
best) or no turn moves a value by more than 1e-14; only the turns whose policy no longer stands
are solved again. With two players the game is zero-sum and this is Newton's method on the
pair; with more, each mover plays a best reply to the others' current play, and the fixed point is a
(pure) equilibrium of the orbit. Orbits whose policies never settle are reported in the
solution's residual (none at the goals tested).

With the last turn (three players) a bank reaching the goal is worth the middle turn's vector
of the last round (:mod:`solver.farkle.last_round_three`, solved first), and a turn total rolls
on past the goal up to the ceiling. This does not solve the three-farkle penalty.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.last_round_three import orbit_banks
from pigsolve.solver.farkle.mixed import OrbitTurns, solve_unsettled, wander
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.results import Progress


def check_two_seats(rules: FarkleRules, what: str) -> None:
    """Raise :class:`InvalidArgument` in one line if ``what`` (a command's work) is asked of
    Farkle with more than two players (which is computed, queried, verified, played,
    simulated, compared, tuned and its chances exported)."""
    if rules.players > 2:
        raise InvalidArgument(
            f"{what} are for 2 players: Farkle with {rules.players} players is computed, queried "
            "(pigsolve query), shown (pigsolve info), verified, played, simulated, compared and "
            "tuned (one player against a field: the optimal and players that ignore the "
            "scores), plotted and its chances exported (--what probabilities)",
            parameter="players",
        )


def orbits_by_sum(goal: int, players: int) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(orbits, bounds)``: each orbit's smallest flat index (scores in units below
    ``goal``), the highest score sum first, and the sums' boundaries in it (sum ``N(G-1) - l``
    is ``orbits[bounds[l]:bounds[l + 1]]``).

    >>> orbits, bounds = orbits_by_sum(2, 3)  # 000; 001 010 100; 011 ...; 111
    >>> orbits.tolist(), bounds.tolist()
    ([7, 3, 1, 0], [0, 1, 2, 3, 4])
    """
    index = np.arange(goal**players, dtype=np.int64)
    digits = [(index // goal ** (players - 1 - p)) % goal for p in range(players)]
    sums = np.sum(digits, axis=0)
    least = canonical(index, goal, players) == index
    orbits, sums = index[least], sums[least]
    order = np.argsort(-sums, kind="stable")
    orbits, sums = orbits[order], sums[order]
    highest = players * (goal - 1)
    bounds = np.searchsorted(-sums, np.arange(-highest, 1), side="left")
    return orbits, np.append(bounds, len(orbits)).astype(np.int64)


def canonical(index: np.ndarray, goal: int, players: int) -> np.ndarray:
    """Return the least rotation of each flat index ``index``: the index of its orbit.

    >>> canonical(np.array([3, 5, 6]), 2, 3).tolist()  # 011, 101, 110: all 011
    [3, 3, 3]
    """
    smallest = index.copy()
    rotated = index
    for _ in range(players - 1):
        first = rotated // goal ** (players - 1)
        rotated = goal * (rotated - first * goal ** (players - 1)) + first
        np.minimum(smallest, rotated, out=smallest)
    return smallest


Coin = tuple[tuple[int, ...], float]
"""A mixed state: its scores (units, mover first) and the chance ``q`` that its mover plays the
policy best above its breakpoint (:mod:`solver.farkle.mixed`)."""


def solve_players(
    rules: FarkleRules, progress: Progress | None = None, ceiling: int | None = None
) -> tuple[np.ndarray, float, int, list[Coin]]:
    """Return ``(values, residual, steps, coins)`` of ``rules`` with ``rules.players`` players
    (no penalty; the last turn for three, turns banking from ``ceiling`` points):
    ``values[s_0, ..., s_{N-1}, p]``, the largest residual of an orbit (its movers' own values
    where it mixes), the most policy-iteration steps an orbit that settled took, and the mixed
    states."""
    from pigsolve.solver.farkle import _orbit_kernels

    goal, players = rules.goal // POINT_UNIT, rules.players
    banks, arrays = orbit_banks(rules, ceiling)
    orbits, bounds = orbits_by_sum(goal, players)
    values = np.zeros((goal**players, players))
    steps = np.zeros(len(orbits), np.int64)
    residuals = np.zeros(len(orbits))
    coins: list[Coin] = []
    layers = len(bounds) - 1
    chunk = max(1, layers // 64)
    layer = 0
    while layer < layers:
        last = min(layers, layer + chunk) - 1
        stopped = _orbit_kernels.solve_layers(
            values, goal, orbits, bounds, layer, last, *banks, *arrays, steps, residuals
        )
        if stopped <= last:
            for position in range(bounds[stopped], bounds[stopped + 1]):
                if residuals[position] > _orbit_kernels.ROUNDING:
                    orbit = OrbitTurns(values, goal, int(orbits[position]), banks, arrays)
                    residuals[position], found = mix(orbit)
                    coins += found
                    steps[position] = 0  # its steps cycled: not counted
        layer = min(stopped, last) + 1
        if progress is not None:
            progress(int(bounds[layer]), len(orbits))
    shape = (goal,) * players + (players,)
    return values.reshape(shape), float(residuals.max()), int(steps.max()), coins


def mix(orbit: OrbitTurns) -> tuple[float, list[Coin]]:
    """Solve an orbit whose policies cycle with coins; write it; return its residual (the
    movers' own values against their turns) and its coins."""
    found, coins = solve_unsettled(orbit, wander(orbit))
    goal, players = orbit.goal, orbit.values.shape[1]
    for r, member in enumerate(orbit.members):
        orbit.values[member] = found[r]
    x = orbit.own_after_farkle(found)
    residual = 0.0
    for r in range(len(orbit.members)):
        base, farkle = orbit.reply(r, float(x[r]))
        residual = max(residual, abs(base[0] + farkle * x[r] - found[r, 0]))
    scores = [
        tuple(int(d) for d in np.unravel_index(orbit.members[r], (goal,) * players))
        for r, _ in coins
    ]
    return residual, [(s, q) for s, (_, q) in zip(scores, coins, strict=True)]
