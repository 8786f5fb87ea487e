"""Monte Carlo games of N-player Pig, to set beside the exact evaluation.

The players sit in the order given and seat 0 starts every game (rotate the list for another
seating). Any computer player plays: the threshold players including those that count their held
turns (``four-turns``, ``turnsT``), the equilibrium player, which flips its coin at mixed states,
and the best response. Game g rolls its dice, and flips its coins, from its own splitmix64 stream
seeded by (seed, g), as :mod:`solver.pig.simulate` does, so a seed reproduces the same games on
any number of threads and in any chunking. Each seat's wins are a :class:`solver.results.Tally`;
:meth:`MultiSimulation.z_scores` compares them with the exact probabilities.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, face_arrays
from pigsolve.solver.pig.evaluate_multi import (
    memory_needed,
    seat_policies,
    start_probabilities,
)
from pigsolve.solver.pig.seats import ComputerPlayer, SeatPolicy
from pigsolve.solver.resources import LARGE
from pigsolve.solver.results import Progress, Tally, check_seed, fresh_seed

CHUNK_GAMES = 1 << 18
"""Games per kernel call: bounds memory and sets how often progress is reported."""
CHUNKS = 64
"""Parallel strides per kernel call."""


@dataclass(frozen=True, eq=False)
class MultiSimulation:
    """The outcome of ``games`` games of N players in one seating, seat 0 starting each.

    Attributes
    ----------
    rules : PigRules
    names : tuple of str
        The players by seat.
    seed : int
    wins : tuple of Tally
        Each seat's wins (all games).
    mean_turns : float
        Mean number of turns per game, every player's turns counted.
    seconds : float
        The games alone, JIT compilation excluded.
    exact : ndarray(float64, shape=(N,)) or None
        Each seat's exact win probability, where the evaluation supports the players.
    """

    rules: PigRules
    names: tuple[str, ...]
    seed: int
    wins: tuple[Tally, ...]
    mean_turns: float
    seconds: float
    exact: np.ndarray | None = None

    @property
    def games(self) -> int:
        """Return the number of games played."""
        return self.wins[0].games

    def z_scores(self, exact: Sequence[float] | None = None) -> list[float]:
        """Return each seat's (wins - expected) / sd under the exact probabilities (``exact``,
        default the stored ones)."""
        exact = self.exact if exact is None else exact
        if exact is None:
            raise InvalidArgument("no exact probabilities to compare with")
        scores = []
        for tally, p in zip(self.wins, exact, strict=True):
            variance = tally.games * p * (1 - p)
            expected = tally.games * p
            scores.append(
                float((tally.wins - expected) / math.sqrt(variance)) if variance else math.nan
            )
        return scores


def simulate_seats(
    rules: PigRules,
    policies: Sequence[SeatPolicy],
    games: int,
    seed: int,
    progress: Progress | None = None,
) -> tuple[np.ndarray, float]:
    """Play ``games`` games of the seats; return each seat's wins and the mean turns per game."""
    from pigsolve.solver.pig import _evaluate_multi_kernels as kernels

    if games < 1:
        raise InvalidArgument(f"games must be at least 1, got {games}")
    check_seed(seed)
    n = rules.players
    if len(policies) != n:
        raise InvalidArgument(f"give {n} players, one per seat, got {len(policies)}")
    seats = kernels.pack_seats(rules, policies)
    faces = face_arrays(rules)
    points = np.array(rules.faces, np.int64)
    wins = np.zeros(n, np.int64)
    total_turns = 0
    for first in range(0, games, CHUNK_GAMES):
        size = min(CHUNK_GAMES, games - first)
        winner = np.empty(size, np.int8)
        turns = np.empty(size, np.int32)
        kernels.play_games(
            seats, rules.goal, faces, points, np.uint64(seed), first, winner, turns, CHUNKS
        )
        wins += np.bincount(winner, minlength=n)
        total_turns += int(turns.sum(dtype=np.int64))
        if progress is not None:
            progress(first + size, games)
    return wins, total_turns / games


def simulate_players(
    rules: PigRules,
    players: Sequence[ComputerPlayer],
    games: int,
    seed: int | None = None,
    progress: Progress | None = None,
    exact: bool = True,
) -> MultiSimulation:
    """Play ``games`` games of ``players`` seated in that order (a fresh seed if None).

    With ``exact`` the result carries the exact probabilities too, where the evaluation supports
    the players (no held-turn counting with three or more) and needs at most
    :data:`solver.resources.LARGE` bytes; otherwise ``exact`` is None.
    """
    policies = seat_policies(rules, players)
    seed = fresh_seed() if seed is None else seed
    simulate_seats(rules, policies, 1, seed)  # compile, or load from numba's cache
    start = time.perf_counter()
    wins, mean_turns = simulate_seats(rules, policies, games, seed, progress)
    seconds = time.perf_counter() - start
    probabilities = None
    if exact and _evaluable(rules, policies):
        probabilities = start_probabilities(rules, policies)[0]
    return MultiSimulation(
        rules,
        tuple(p.name for p in policies),
        seed,
        tuple(Tally(games, int(w)) for w in wins),
        mean_turns,
        seconds,
        probabilities,
    )


def _evaluable(rules: PigRules, policies: Sequence[SeatPolicy]) -> bool:
    """Return True if the exact evaluation takes these seats quickly (small memory)."""
    counting = any(p.memory > 1 for p in policies)
    if counting and not (rules.players == 2 and all(p.roll is not None for p in policies)):
        return False
    return memory_needed(rules, policies) <= LARGE


@dataclass(frozen=True, eq=False)
class RotatedSimulation:
    """Games in which the first move passes round the table: each rotation of the seating
    plays ``games / N`` of them (player p is ``names[p]`` throughout).

    ``wins[p]`` counts player p's wins over all games; ``exact[p]`` is its exact win rate over
    the same mix of rotations (None where the evaluation does not take the players).
    """

    rules: PigRules
    names: tuple[str, ...]
    seed: int
    wins: tuple[Tally, ...]
    expected: tuple[float, ...] | None
    variance: tuple[float, ...] | None
    mean_turns: float
    seconds: float

    @property
    def exact(self) -> list[float] | None:
        """Return each player's exact win rate over these games."""
        if self.expected is None:
            return None
        return [e / tally.games for e, tally in zip(self.expected, self.wins, strict=True)]

    def z_scores(self) -> list[float] | None:
        """Return each player's (wins - expected) / sd, the rotations being independent."""
        if self.expected is None or self.variance is None:
            return None
        return [
            (tally.wins - e) / math.sqrt(v) if v else math.nan
            for tally, e, v in zip(self.wins, self.expected, self.variance, strict=True)
        ]


def simulate_rotations(
    rules: PigRules,
    players: Sequence[ComputerPlayer],
    games: int,
    seed: int | None = None,
    progress: Progress | None = None,
) -> RotatedSimulation:
    """Play ``games`` games of ``players``, the first mover rotating round the table.

    Rotation r (player r moves first) plays every N-th game from the r-th; its dice come from
    its own seed, spawned from ``seed`` (a fresh one if None) by numpy's SeedSequence.
    """
    if games < rules.players:
        raise InvalidArgument(f"games must be at least {rules.players}, one per first mover")
    seed = fresh_seed() if seed is None else check_seed(seed)
    n = rules.players
    policies = seat_policies(rules, players)
    # start[r, p]: player p's exact chance when player r moves first (one evaluation for all r).
    start = start_probabilities(rules, policies) if _evaluable(rules, policies) else None
    seeds = [int(s.generate_state(1, np.uint64)[0]) for s in np.random.SeedSequence(seed).spawn(n)]
    wins, expected, variance = np.zeros(n, np.int64), np.zeros(n), np.zeros(n)
    turns = seconds = 0.0
    done = 0
    for r in range(n):
        share = games // n + (r < games % n)
        order = [(r + t) % n for t in range(n)]  # player r moves first, the order kept

        def report(played: int, _total: int, base: int = done) -> None:
            if progress is not None:
                progress(base + played, games)

        rotation = simulate_players(
            rules, [policies[p] for p in order], share, seeds[r], report, exact=False
        )
        seconds += rotation.seconds
        done += share
        turns += rotation.mean_turns * share
        for seat, p in enumerate(order):
            wins[p] += rotation.wins[seat].wins
        if start is not None:
            expected += share * start[r]
            variance += share * start[r] * (1 - start[r])
    return RotatedSimulation(
        rules,
        tuple(p.name for p in policies),
        seed,
        tuple(Tally(games, int(w)) for w in wins),
        None if start is None else tuple(map(float, expected)),
        None if start is None else tuple(map(float, variance)),
        turns / games,
        seconds,
    )
