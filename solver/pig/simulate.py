"""Monte Carlo tournaments between two Pig players, to set beside the exact evaluation.

Games alternate the starting player (A starts games 0, 2, 4, ...; document 001's second extra
exercise). Game g rolls its dice from its own splitmix64 stream seeded by (seed, g) with an
unbiased reduction to 1..D, so a seed reproduces the same games on any number of threads and in
any chunking. Win rates get Wilson 95% intervals (``scipy.stats.binomtest``) and a z-score
against the exact probability from :mod:`solver.pig.evaluate`.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.pig.evaluate import compare
from pigsolve.solver.pig.seats import check_roll_table
from pigsolve.solver.results import Progress, Simulation, Tally, check_seed, fresh_seed

if TYPE_CHECKING:
    from pigsolve.solver.games.pig import PigRules

CHUNK_GAMES = 1 << 18
"""Games per kernel call: bounds memory and sets how often progress is reported."""


def simulate_tables(
    rules: PigRules,
    roll_a: np.ndarray,
    roll_b: np.ndarray,
    games: int,
    seed: int,
    progress: Progress | None = None,
) -> tuple[Tally, Tally, float]:
    """Play ``games`` games between two roll tables.

    Parameters
    ----------
    rules : PigRules
        The goal (the tables' last dimension) and the die.
    roll_a, roll_b : ndarray(bool, shape=(m, G, G, G))
        Roll tables ``[t, i, j, k]`` of A and B (see :func:`solver.pig.evaluate.evaluate_tables`).
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
    from pigsolve.solver.pig._evaluate_kernels import play_games

    if games < 1:
        raise InvalidArgument(f"games must be at least 1, got {games}")
    check_seed(seed)
    goal = rules.goal
    faces = np.array(rules.faces, np.int64)
    roll_a = check_roll_table(roll_a, goal, "first")
    roll_b = check_roll_table(roll_b, goal, "second")
    wins_by_starter = [0, 0]
    total_turns = 0
    for first in range(0, games, CHUNK_GAMES):
        size = min(CHUNK_GAMES, games - first)
        winner = np.empty(size, np.int8)
        turns = np.empty(size, np.int32)
        play_games(roll_a, roll_b, faces, np.uint64(seed), first, winner, turns)
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
    rules: PigRules,
    roll_a: np.ndarray,
    roll_b: np.ndarray,
    games: int,
    seed: int | None = None,
    progress: Progress | None = None,
    a: str = "A",
    b: str = "B",
) -> Simulation:
    """Play ``games`` games of roll table ``roll_a`` against ``roll_b``; a fresh seed if None.

    The result carries the exact probabilities too, evaluated from the same roll tables. Its
    ``seconds`` time the games alone: the compiled kernel is loaded by one untimed game first.
    """
    seed = fresh_seed() if seed is None else seed
    simulate_tables(rules, roll_a, roll_b, 1, seed)
    start = time.perf_counter()
    a_first, b_first, mean_turns = simulate_tables(rules, roll_a, roll_b, games, seed, progress)
    seconds = time.perf_counter() - start
    exact = compare(rules, roll_a, roll_b, a, b)
    return Simulation(
        a, b, rules.goal, rules.die_sides, seed, a_first, b_first, mean_turns, seconds, exact
    )


def bench_simulate(
    rules: PigRules, roll_a: np.ndarray, roll_b: np.ndarray, games: int = 1_000_000
) -> dict[str, float]:
    """Time ``games`` games of two roll tables.

    Returns ``{"compile_seconds", "seconds", "games", "games_per_second"}``; ``seconds`` excludes
    the JIT warm-up (a 2-game run first).
    """
    start = time.perf_counter()
    simulate_tables(rules, roll_a, roll_b, 2, 0)
    compile_seconds = time.perf_counter() - start
    start = time.perf_counter()
    simulate_tables(rules, roll_a, roll_b, games, 0)
    seconds = time.perf_counter() - start
    return {
        "compile_seconds": compile_seconds,
        "seconds": seconds,
        "games": games,
        "games_per_second": games / seconds,
    }
