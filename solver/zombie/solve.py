"""Zombie Dice solved exactly for two players: the chance of the mover at the start of every
turn, layered by score sums from the highest down.

The game's end comes first. A *last turn* (the rules' ``finish``) needs ``n`` brains to win
outright, ``n - 1`` to tie: its chance ``last[n]`` is one backward pass over the turn's lies
(:mod:`solver.zombie._kernels`), its level counting the brains still needed. A tie goes to the
tiebreaker, a round of the tied players from nothing in seat order, whose first seat wins with
chance ``tiebreak``: a fixed point (a tie in it is played again), found by iterating it (each
round ties with a chance well under one). Without a tiebreaker a tie is half a win.

Then the turns before the goal. ``first[a, b]`` is the first seat's chance to move at scores
``a`` (its own) and ``b``, ``second[b, a]`` the second seat's; a turn that ends with nothing
hands the other seat the same scores, so the two are one pair of equations, solved by Newton's
method on the pair as Neller & Presser solve Pig's (each side convex and piecewise linear in the
other's value; a step is one pass of each turn). Scores never fall, so the pairs are solved from
the highest score sum down. A first seat's total past the goal is worth its opponent's last
turn; totals are counted up to a ceiling (goal + :data:`MARGIN`), where a turn stops: the
chance of a turn's total passing it is below 1e-30 in the boxed game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from pigsolve.solver.games.zombie import ZombieRules
from pigsolve.solver.zombie.laws import TurnLaws, turn_laws

MARGIN = 40
"""The brains past the goal a total is counted to (the module docstring)."""
ROUNDING = 1e-15
"""A pair, or the tiebreaker, is solved when a step moves it by at most this."""
MAX_STEPS = 200

Progress = Callable[[int, int], None] | None


@dataclass(frozen=True)
class Ends:
    """How a game ends, in chances: ``tiebreak`` the first seat's in a tiebreaker (None: ties
    share), ``last_second[n]`` the second seat's in its last turn needing ``n`` brains,
    ``last_first[n]`` the first seat's (with ``finish = "last-turn"``; else None)."""

    tiebreak: float | None
    last_second: np.ndarray
    last_first: np.ndarray | None


def ceiling(rules: ZombieRules, margin: int = MARGIN) -> int:
    """Return the highest total a turn counts to: ``margin`` past the goal."""
    return rules.goal + margin


class TurnRunner:
    """One turn's backward pass, with its arrays allocated once: ``run(stop, slope, shot)``
    fills ``value``, ``dvalue`` and ``rolls`` (levels ``0..len(stop) - 1``)."""

    def __init__(self, laws: TurnLaws, levels: int) -> None:
        self.laws = laws
        self.value = np.empty((laws.size, levels))
        self.dvalue = np.empty((laws.size, levels))
        self.rolls = np.empty((laws.size, levels), dtype=np.bool_)

    def run(
        self, stop: np.ndarray, slope: np.ndarray, shot: float
    ) -> tuple[np.ndarray, np.ndarray]:
        """Return the worth of a turn's first roll at every level and its derivative in
        ``shot``, the value of the turn ending in shotguns (or with nothing)."""
        from pigsolve.solver.zombie._kernels import start_rolls, turn_pass

        laws, n = self.laws, len(stop)
        arrays = (laws.offsets, laws.target, laws.gain, laws.prob, laws.bust)
        value, dvalue, rolls = self.value[:, :n], self.dvalue[:, :n], self.rolls[:, :n]
        turn_pass(*arrays, stop, slope, shot, value, dvalue, rolls)
        return start_rolls(*arrays, shot, value, dvalue, laws.start)


def last_turn(runner: TurnRunner, top: int, tie: float) -> np.ndarray:
    """Return ``last[n]``, the chance of a last turn needing ``n`` brains (``n - 1`` tie, worth
    ``tie``), for ``n = 0..top``."""
    stop = np.zeros(top + 1)
    stop[top] = 1.0
    stop[top - 1] = tie
    worth, _ = runner.run(stop, np.zeros(top + 1), 0.0)
    last = np.empty(top + 1)
    last[0] = 1.0
    last[1:] = worth[top - 1 :: -1][:top]
    return last


def ends(rules: ZombieRules, runner: TurnRunner, highest: int) -> Ends:
    """Return the game's end in chances (:class:`Ends`), totals counted to ``highest``."""
    top = highest + 1
    second_tie = first_tie = 0.5
    tiebreak = None
    if rules.tiebreaker:
        tiebreak = 0.5
        for _ in range(MAX_STEPS):
            last = last_turn(runner, top, 1.0 - tiebreak)
            stop = 1.0 - last[1:top]  # the first seat stops at b brains: the second needs b + 1
            slope = np.zeros(len(stop))
            worth, _ = runner.run(stop, slope, stop[0])
            moved, tiebreak = abs(worth[0] - tiebreak), float(worth[0])
            if moved <= ROUNDING:
                break
        second_tie, first_tie = 1.0 - tiebreak, tiebreak
    last_second = last_turn(runner, top, second_tie)
    last_first = last_turn(runner, top, first_tie) if rules.finish == "last-turn" else None
    return Ends(tiebreak, last_second, last_first)


@dataclass(frozen=True)
class Solved:
    """What :func:`solve_values` finds: the two seats' start-of-turn chances, the end, the
    Newton steps taken and the largest pair's last step."""

    first: np.ndarray
    second: np.ndarray
    ends: Ends
    steps: int
    residual: float
    seconds: float


def stops(
    rules: ZombieRules,
    seat: int,
    a: int,
    b: int,
    first: np.ndarray,
    second: np.ndarray,
    end: Ends,
    highest: int,
) -> np.ndarray:
    """Return the mover's chance on stopping with ``0..top`` brains, seat ``seat`` to move at
    its score ``a`` and the opponent's ``b`` (the value at 0 is the turn ending with nothing,
    filled by the caller), totals counted to ``highest``."""
    goal = rules.goal
    theirs = second if seat == 0 else first
    finishes = seat == 1 and rules.finish == "round"
    top = goal - a if finishes else highest - a
    total = a + np.arange(top + 1)
    stop = np.empty(top + 1)
    below = total < goal
    stop[below] = 1.0 - theirs[b, total[below]]
    if finishes:
        stop[~below] = 1.0
    else:
        last = end.last_second if seat == 0 else end.last_first
        stop[~below] = 1.0 - last[total[~below] - b + 1]
    return stop


def turn_worth(runner: TurnRunner, stop: np.ndarray, shot: float) -> tuple[float, float]:
    """Return a turn's chance at its start and its derivative in ``shot``."""
    stop = stop.copy()
    stop[0] = shot
    slope = np.zeros(len(stop))
    slope[0] = 1.0
    worth, dworth = runner.run(stop, slope, shot)
    return float(worth[0]), float(dworth[0])


def solve_values(rules: ZombieRules, progress: Progress = None, margin: int = MARGIN) -> Solved:
    """Return both seats' start-of-turn chances at every score pair below the goal, totals
    counted to ``margin`` past the goal."""
    laws = turn_laws(rules)
    highest = ceiling(rules, margin)
    runner = TurnRunner(laws, highest + 2)
    started = time.perf_counter()
    end = ends(rules, runner, highest)
    goal = rules.goal
    first = np.full((goal, goal), np.nan)
    second = np.full((goal, goal), np.nan)
    steps, residual, done = 0, 0.0, 0
    for total in range(2 * goal - 2, -1, -1):
        for a in range(max(0, total - goal + 1), min(goal - 1, total) + 1):
            b = total - a
            stop_first = stops(rules, 0, a, b, first, second, end, highest)
            stop_second = stops(rules, 1, b, a, first, second, end, highest)
            y, moved = 0.5, 1.0
            for _ in range(MAX_STEPS):
                x, dx = turn_worth(runner, stop_second, 1.0 - y)
                y_new, dy = turn_worth(runner, stop_first, 1.0 - x)
                slope = dy * dx  # of y_new in y
                target = (y_new - slope * y) / (1.0 - slope)
                moved, y = abs(target - y), target
                steps += 1
                if moved <= ROUNDING:
                    break
            first[a, b] = y
            second[b, a] = turn_worth(runner, stop_second, 1.0 - y)[0]
            residual = max(residual, moved)
            done += 1
            if progress is not None:
                progress(done, goal * goal)
    return Solved(first, second, end, steps, residual, time.perf_counter() - started)
