"""Monte Carlo tournaments between two Pig players, to set beside the exact evaluation.

Games alternate the starting player (A starts games 0, 2, 4, ...; document 001's second extra
exercise). Game g rolls its dice from its own splitmix64 stream seeded by (seed, g) with an
unbiased reduction to 1..D, so a seed reproduces the same games on any number of threads and in
any chunking. Win rates get Wilson 95% intervals (``scipy.stats.binomtest``) and a z-score
against the exact probability from :mod:`solver.pig.evaluate`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from solver.pig.evaluate import Comparison, check_roll_table

if TYPE_CHECKING:
    from solver.games.pig import PigRules

CHUNK_GAMES = 1 << 18
"""Games per kernel call: bounds memory and sets how often progress is reported."""

Progress = Callable[[int, int], None]
"""Called as ``progress(games_done, games_total)``."""


@dataclass(frozen=True)
class Tally:
    """Wins of player A in the games of one kind (all games, or those one player started)."""

    games: int
    wins: int

    @property
    def rate(self) -> float:
        """Return the fraction of these games that A won."""
        return self.wins / self.games if self.games else math.nan

    def wilson(self, confidence: float = 0.95) -> tuple[float, float]:
        """Return the Wilson score interval for A's win probability."""
        from scipy.stats import binomtest

        if self.games == 0:
            return math.nan, math.nan
        ci = binomtest(self.wins, self.games).proportion_ci(confidence, method="wilson")
        return float(ci.low), float(ci.high)


@dataclass(frozen=True)
class Simulation:
    """The outcome of a tournament of A against B, alternating who starts."""

    a: str
    b: str
    goal: int
    die: int
    seed: int
    a_first: Tally
    b_first: Tally
    mean_turns: float
    seconds: float
    exact: Comparison | None = None
    """The exact probabilities for the same players, when :func:`simulate` had their tables."""

    @property
    def total(self) -> Tally:
        """Return A's wins over all games."""
        return Tally(self.a_first.games + self.b_first.games, self.a_first.wins + self.b_first.wins)

    def z_scores(self, exact: Comparison) -> dict[str, float]:
        """Return the z-scores of A's wins against the exact probabilities, overall and by starter.

        Each is (wins - expected) / sd with the binomial variance under the exact values.
        """
        parts = [(self.a_first, exact.a_first), (self.b_first, exact.b_first)]

        def z(pairs: list[tuple[Tally, float]]) -> float:
            expected = sum(t.games * p for t, p in pairs)
            variance = sum(t.games * p * (1 - p) for t, p in pairs)
            wins = sum(t.wins for t, _ in pairs)
            return (wins - expected) / math.sqrt(variance) if variance > 0 else math.nan

        return {"total": z(parts), "a_first": z(parts[:1]), "b_first": z(parts[1:])}


def simulate_tables(
    roll_a: np.ndarray,
    roll_b: np.ndarray,
    die: int,
    games: int,
    seed: int,
    progress: Progress | None = None,
) -> tuple[Tally, Tally, float]:
    """Play ``games`` games between two roll tables.

    Parameters
    ----------
    roll_a, roll_b : ndarray(bool, shape=(m, G, G, G))
        Roll tables ``[t, i, j, k]`` of A and B (see :func:`solver.pig.evaluate.evaluate_tables`).
    die : int
        Number of die sides (>= 2).
    games : int
        Number of games (>= 1); A starts the even-numbered ones.
    seed : int
        In [0, 2**64).

    Returns
    -------
    a_first, b_first : Tally
        A's wins in the games A started and in those B started.
    mean_turns : float
        Mean number of turns per game, both players' turns counted.
    """
    from solver.pig._evaluate_kernels import play_games

    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed must be in [0, 2**64), got {seed}")
    if die < 2:
        raise ValueError(f"die must have at least 2 sides, got {die}")
    goal = np.shape(roll_a)[-1]
    roll_a = check_roll_table(roll_a, goal, "first")
    roll_b = check_roll_table(roll_b, goal, "second")
    wins_by_starter = [0, 0]
    total_turns = 0
    for first in range(0, games, CHUNK_GAMES):
        size = min(CHUNK_GAMES, games - first)
        winner = np.empty(size, np.int8)
        turns = np.empty(size, np.int32)
        play_games(roll_a, roll_b, die, np.uint64(seed), first, winner, turns)
        a_won = winner == 0
        starter = (first + np.arange(size)) % 2
        wins_by_starter[0] += int(np.count_nonzero(a_won & (starter == 0)))
        wins_by_starter[1] += int(np.count_nonzero(a_won & (starter == 1)))
        total_turns += int(turns.sum(dtype=np.int64))
        if progress is not None:
            progress(first + size, games)
    a_first = Tally((games + 1) // 2, wins_by_starter[0])
    b_first = Tally(games // 2, wins_by_starter[1])
    return a_first, b_first, total_turns / games


def simulate(
    a: str,
    b: str,
    rules: PigRules,
    games: int,
    seed: int | None = None,
    progress: Progress | None = None,
    table_path: Path | None = None,
    announce: Callable[[str], None] | None = None,
) -> Simulation:
    """Play ``games`` games of computer player ``a`` against ``b``; a fresh seed if None.

    The result carries the exact probabilities too, evaluated from the same roll tables.
    ``table_path`` and ``announce`` go to ``optimal`` (see :func:`policies.base.make_policy`).
    """
    from solver.pig.evaluate import first_mover_probabilities, roll_tables

    if seed is None:
        seed = int(np.random.SeedSequence().entropy) % 2**64
    tables = roll_tables([a, b], rules, table_path, announce)
    start = time.perf_counter()
    a_first, b_first, mean_turns = simulate_tables(
        tables[a], tables[b], rules.die_sides, games, seed, progress
    )
    seconds = time.perf_counter() - start
    probabilities = first_mover_probabilities(tables[a], tables[b], rules.die_sides)
    exact = Comparison(a, b, rules.goal, rules.die_sides, *probabilities)
    return Simulation(
        a, b, rules.goal, rules.die_sides, seed, a_first, b_first, mean_turns, seconds, exact
    )


def bench_simulate(rules: PigRules | None = None, games: int = 1_000_000) -> dict[str, float]:
    """Time ``games`` games of ``hold20`` against ``optimal`` (default goal 100, die 6).

    Returns ``{"compile_seconds", "seconds", "games", "games_per_second"}``; ``seconds`` excludes
    the JIT warm-up (a 2-game run first).
    """
    from solver.pig.evaluate import roll_tables
    from solver.games.pig import PigRules

    rules = PigRules() if rules is None else rules
    tables = roll_tables(["hold20", "optimal"], rules)
    start = time.perf_counter()
    simulate_tables(tables["hold20"], tables["optimal"], rules.die_sides, 2, 0)
    compile_seconds = time.perf_counter() - start
    start = time.perf_counter()
    simulate_tables(tables["hold20"], tables["optimal"], rules.die_sides, games, 0)
    seconds = time.perf_counter() - start
    return {
        "compile_seconds": compile_seconds,
        "seconds": seconds,
        "games": games,
        "games_per_second": games / seconds,
    }
