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
turn; totals are counted up to a ceiling (goal + :data:`MARGIN`), where a turn stops: a turn of
the boxed game scores so many brains too rarely to move a value (a ceiling 40 past the goal
gives the same values, tests/solver/zombie).
"""

from __future__ import annotations

import functools
import hashlib
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from pigsolve.solver.games.zombie import ZombieRules
from pigsolve.solver.zombie.laws import turn_laws
from pigsolve.solver.zombie.turn import TurnRows, TurnRunner

MARGIN = 24
"""The brains past the goal a total is counted to (the module docstring)."""
ROUNDING = 1e-15
"""A pair, or the tiebreaker, is solved when a step moves it by at most this."""
MAX_STEPS = 200

Progress = Callable[[int, int], None] | None
KEPT_ENDS = 4096
"""How many turns' ends (:meth:`Game.ends_of`) are kept, the oldest dropped first."""
_ENDS: dict[tuple, tuple[np.ndarray, float]] = {}


@dataclass(frozen=True)
class Ends:
    """How a game ends, in chances: ``tiebreak`` the first seat's in a tiebreaker (None: ties
    share), ``last_second[n]`` the second seat's in its last turn needing ``n`` brains,
    ``last_first[n]`` the first seat's (with ``finish = "last-turn"``; else None)."""

    tiebreak: float | None
    last_second: np.ndarray
    last_first: np.ndarray | None

    def tie(self, seat: int) -> float:
        """Return what a tie is worth to seat ``seat``: its chance in the tiebreaker (the first
        seat moves first there), or half a win without one."""
        if self.tiebreak is None:
            return 0.5
        return self.tiebreak if seat == 0 else 1.0 - self.tiebreak


def ceiling(rules: ZombieRules, margin: int = MARGIN) -> int:
    """Return the highest total a turn counts to: ``margin`` past the goal."""
    return rules.goal + margin


@dataclass(frozen=True)
class Turn:
    """Which turn a player decides: ``kind`` ``"turn"`` (levels count the turn's brains from
    0), ``"tiebreak"`` (the first seat's tiebreaker turn, levels alike) or ``"last"`` (a last
    turn: level ``levels - 1`` wins, lower levels need as many more brains; the same at every
    score), of seat ``seat`` (0 moves first) at ``score`` against ``opponent``."""

    kind: str
    seat: int
    score: int
    opponent: int
    levels: int


Decide = Callable[[Turn], np.ndarray]
"""A player's decisions in a turn: ``rolls[lie, level]``, True to roll (None: plays best)."""


class Game:
    """One game's turns for :func:`solve_values`: the rules, the runner, the ceiling and each
    seat's decisions (None: plays best)."""

    def __init__(
        self, rules: ZombieRules, margin: int, players: tuple[Decide | None, Decide | None]
    ) -> None:
        self.rules, self.players = rules, players
        self.highest = ceiling(rules, margin)

    @functools.cached_property
    def runner(self) -> TurnRunner:
        """The turns' pass, its arrays allocated on first use."""
        return TurnRunner(turn_laws(self.rules), self.highest + 2)

    def run(self, turn: Turn, stop: np.ndarray, slope: np.ndarray, shot: float):
        """Return :meth:`solver.zombie.turn.TurnRunner.run` of ``turn`` as its seat's player
        plays it."""
        decide = self.players[turn.seat]
        rolls = None if decide is None else decide(turn)
        return self.runner.run(stop, slope, shot, rolls)

    def last_turn(self, seat: int, tie: float) -> np.ndarray:
        """Return ``last[n]``, the chance of seat ``seat``'s last turn needing ``n`` brains
        (``n - 1`` tie, worth ``tie``), for ``n = 0..top``: one pass for every need from 2 on
        (ending with nothing loses), one for a need of 1 (ending with nothing ties)."""
        top = self.highest + 1
        stop = np.zeros(top + 1)
        stop[top] = 1.0
        stop[top - 1] = tie
        worth, _ = self.run(Turn("last", seat, 0, 0, top + 1), stop, np.zeros(top + 1), 0.0)
        last = np.empty(top + 1)
        last[0] = 1.0
        last[1:] = worth[top - 1 :: -1][:top]
        one, _ = self.run(Turn("last", seat, 0, 0, 2), np.array([tie, 1.0]), np.zeros(2), tie)
        last[1] = one[0]
        return last

    def ends(self) -> Ends:
        """Return the game's end in chances (:class:`Ends`)."""
        tiebreak = None
        if self.rules.tiebreaker:  # the fixed point of the round: secant steps
            tiebreak, before = 0.5, None
            for _ in range(MAX_STEPS):
                last = self.last_turn(1, 1.0 - tiebreak)
                stop = 1.0 - last[1:]  # the first seat stops at b brains: the second needs b + 1
                turn = Turn("tiebreak", 0, 0, 0, len(stop))
                worth, _ = self.run(turn, stop, np.zeros(len(stop)), stop[0])
                gap = float(worth[0]) - tiebreak
                step = gap
                if before is not None and gap != before[1]:
                    step = -gap * (tiebreak - before[0]) / (gap - before[1])
                before, tiebreak = (tiebreak, gap), tiebreak + step
                if abs(step) <= ROUNDING:
                    break
        end = Ends(tiebreak, np.empty(0), None)
        last_second = self.last_turn(1, end.tie(1))
        last_first = self.last_turn(0, end.tie(0)) if self.rules.finish == "last-turn" else None
        return Ends(tiebreak, last_second, last_first)

    def ends_of(self, rolls: np.ndarray) -> tuple[np.ndarray, float]:
        """Return how a turn played by ``rolls[lie, level]`` ends: the chance of stopping at
        each level and of the shotguns (:func:`solver.zombie._kernels.turn_ends`), kept by
        the decisions' bytes (a rule of thumb's turns are alike at many scores)."""
        from pigsolve.solver.zombie._kernels import turn_ends

        key = (rolls.shape, hashlib.blake2b(np.packbits(rolls).tobytes(), digest_size=16).digest())
        found = _ENDS.get((self.rules, key))
        if found is None:
            laws, levels = self.runner.laws, rolls.shape[1]
            arrays = (laws.offsets, laws.target, laws.gain, laws.prob, laws.bust)
            mass = self.runner._value[:levels]
            found = turn_ends(*arrays, np.ascontiguousarray(rolls.T), laws.start, mass)
            _ENDS[(self.rules, key)] = found
            if len(_ENDS) > KEPT_ENDS:
                del _ENDS[next(iter(_ENDS))]
        return found

    def rows(self, turn: Turn, first: np.ndarray, second: np.ndarray, end: Ends) -> TurnRows:
        """Return ``turn`` played best given the values of the states it leads to: ``first``,
        ``second`` and ``end``."""
        if turn.kind == "last":
            stop = np.zeros(turn.levels)
            stop[-1], stop[-2] = 1.0, end.tie(turn.seat)
        elif turn.kind == "tiebreak":
            stop = 1.0 - end.last_second[1 : turn.levels + 1]
        else:
            stop = stops(
                self.rules, turn.seat, turn.score, turn.opponent, first, second, end, self.highest
            )
            other = second if turn.seat == 0 else first
            stop[0] = 1.0 - other[turn.opponent, turn.score]
        runner = self.runner
        worth, _ = runner.run(stop, np.zeros(len(stop)), float(stop[0]))
        return TurnRows(runner.rolls.copy(), runner.worths.copy(), stop, worth)

    def place(self, kind: str, seat: int, score: int, opponent: int) -> tuple[Turn, int]:
        """Return the :class:`Turn` of seat ``seat`` at ``score`` against ``opponent`` (in a
        tiebreaker, this round's brains) and its level before a brain is won: ``kind``
        ``"turn"`` (an opponent's score at the goal or past it: a last turn) or ``"tiebreak"``
        (the first seat's; the second's is a last turn). Every last turn needing 2 brains or
        more is one Turn (its levels count the brains still needed); needing 1, another."""
        goal, highest = self.rules.goal, self.highest
        if kind == "tiebreak" and seat == 0:
            return Turn("tiebreak", 0, 0, 0, highest + 1), 0
        if kind == "tiebreak" or opponent >= goal:
            need = opponent - score + 1
            if need == 1:
                return Turn("last", seat, 0, 0, 2), 0
            return Turn("last", seat, 0, 0, highest + 2), highest + 1 - need
        finishes = seat == 1 and self.rules.finish == "round"
        return Turn("turn", seat, score, opponent, (goal if finishes else highest) - score + 1), 0

    def worth(self, turn: Turn, stop: np.ndarray, shot: float) -> tuple[float, float]:
        """Return a turn's chance at its start and its derivative in ``shot``, the value of
        ending with nothing (a given player's turn: from how it ends, :meth:`ends_of`)."""
        decide = self.players[turn.seat]
        if decide is not None and turn.kind == "turn":
            stopped, shotgunned = self.ends_of(decide(turn))
            nothing = float(stopped[0] + shotgunned)
            return float(stopped[1:] @ stop[1:]) + nothing * shot, nothing
        stop = stop.copy()
        stop[0] = shot
        slope = np.zeros(len(stop))
        slope[0] = 1.0
        worth, dworth = self.run(turn, stop, slope, shot)
        return float(worth[0]), float(dworth[0])


def count_states(rules: ZombieRules, margin: int = MARGIN) -> int:
    """Return how many states after a roll the turns before the goal hold: every seat, pair of
    scores below the goal, lie of the dice and turn's brains up to its top, the brains set
    aside among the turn's (the last turns and the tiebreaker apart).

    >>> count_states(ZombieRules())
    56568239
    """
    game, aside = Game(rules, margin, (None, None)), turn_laws(rules).aside
    total = 0
    for a in range(rules.goal):
        for b in range(rules.goal):
            for seat in (0, 1):
                turn, _ = game.place("turn", seat, a, b)
                total += int(np.maximum(0, turn.levels - aside).sum())
    return total


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


def solve_pair(
    game: Game, a: int, b: int, first: np.ndarray, second: np.ndarray, end: Ends
) -> tuple[float, float, int, float]:
    """Return the first seat's chance at ``(a, b)``, the second's at ``(b, a)``, the Newton
    steps and the last step's size: the two turns that hand each other the same scores, solved
    together (both seats' chances at higher score sums known)."""
    rules, highest = game.rules, game.highest
    stop_first = stops(rules, 0, a, b, first, second, end, highest)
    stop_second = stops(rules, 1, b, a, first, second, end, highest)
    turn_first = Turn("turn", 0, a, b, len(stop_first))
    turn_second = Turn("turn", 1, b, a, len(stop_second))
    fixed = None not in game.players
    y = x = 0.5
    moved, steps = 1.0, 0
    while steps < MAX_STEPS:
        x, dx = game.worth(turn_second, stop_second, 1.0 - y)
        y_new, dy = game.worth(turn_first, stop_first, 1.0 - x)
        slope = dy * dx  # of y_new in y
        target = (y_new - slope * y) / (1.0 - slope)
        x += dx * (y - target)  # the second seat's at the target, its policy kept
        moved, y = abs(target - y), target
        steps += 1
        if moved <= ROUNDING or fixed:  # fixed players: one step solves the pair
            break
    return y, x, steps, moved


def solve_values(
    rules: ZombieRules,
    progress: Progress = None,
    margin: int = MARGIN,
    players: tuple[Decide | None, Decide | None] = (None, None),
    threads: int | None = None,
) -> Solved:
    """Return both seats' start-of-turn chances at every score pair below the goal, totals
    counted to ``margin`` past the goal, each seat played by its player of ``players`` (None:
    the best; both None: the optimal solution, one None: the best response to the other).

    The pairs of one score sum are independent: ``threads`` (default: the cores) solve them at
    once, each with its own turn's arrays.
    """
    threads = threads or len(os.sched_getaffinity(0))
    games = [Game(rules, margin, players) for _ in range(threads)]
    started = time.perf_counter()
    end = games[0].ends()
    goal = rules.goal
    first = np.full((goal, goal), np.nan)
    second = np.full((goal, goal), np.nan)
    steps, residual, done = 0, 0.0, 0

    def solve_some(
        game: Game, pairs: list[tuple[int, int]]
    ) -> list[tuple[float, float, int, float]]:
        return [solve_pair(game, a, b, first, second, end) for a, b in pairs]

    with ThreadPoolExecutor(threads) as pool:
        for total in range(2 * goal - 2, -1, -1):
            low, high = max(0, total - goal + 1), min(goal - 1, total)
            pairs = [(a, total - a) for a in range(low, high + 1)]
            shares = [pairs[k::threads] for k in range(threads)]
            for share, found in zip(shares, pool.map(solve_some, games, shares), strict=True):
                for (a, b), (y, x, taken, moved) in zip(share, found, strict=True):
                    first[a, b], second[b, a] = y, x
                    steps += taken
                    residual = max(residual, moved)
            done += len(pairs)
            if progress is not None:
                progress(done, goal * goal)
    return Solved(first, second, end, steps, residual, time.perf_counter() - started)
