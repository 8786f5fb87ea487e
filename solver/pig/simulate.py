"""Monte Carlo games of Pig for any number of players, to set beside the exact evaluation.

The players sit in the order given and the first move passes round the table: game g starts
with player ``g mod N`` (with two players A starts games 0, 2, 4, ...: document 001's second
extra exercise). Any game of the family plays, resets included, for any number of players:
each roll is a fair draw of the common denominator of its probabilities (:func:`roll_draws`),
so its outcomes come with their exact chances. Any computer player plays: the threshold players
including those that count their held turns (``four-turns``, ``turnsT``), the equilibrium
player, which flips its coin at mixed states, and the best response. Game g rolls its dice, and
flips its coins, from its own splitmix64 stream seeded by (seed, g), so a seed reproduces the
same games on any number of threads and in any chunking. Wins are counted by first mover; win
rates get Wilson 95% intervals (:class:`solver.results.Tally`) and z-scores against the exact
probabilities of :mod:`solver.pig.evaluation.evaluate`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.games.pig_outcomes import Effect
from pigsolve.solver.pig.evaluation.evaluate import evaluable, evaluate
from pigsolve.solver.pig.evaluation.pair import fast_tables
from pigsolve.solver.pig.seat_policy import (
    ComputerPlayer,
    SeatPolicy,
    pack_seats,
    seat_policies,
)
from pigsolve.solver.results import Progress, Tournament, check_seed, fresh_seed

CHUNK_GAMES = 1 << 18
"""Games per kernel call: bounds memory and sets how often progress is reported."""
CHUNKS = 64
"""Parallel strides per kernel call."""


def play(
    rules: PigRules,
    policies: Sequence[SeatPolicy],
    games: int,
    seed: int,
    progress: Progress | None = None,
) -> tuple[np.ndarray, float]:
    """Play ``games`` games of the seated policies, game g started by seat ``g mod N``.

    Returns ``wins[r, p]`` (seat p's wins in the games seat r started) and the mean turns.
    """
    from pigsolve.solver.pig._simulate_kernels import play_games, play_pair

    if games < 1:
        raise InvalidArgument(f"games must be at least 1, got {games}")
    check_seed(seed)
    n = rules.players
    if len(policies) != n:
        raise InvalidArgument(f"give {n} players, one per seat, got {len(policies)}")
    tables = fast_tables(rules, policies)  # the fast path: the same games
    seats = pack_seats(rules, policies) if tables is None else None
    tally = roll_counts(rules)
    draws = roll_draws(rules)
    wins = np.zeros((n, n), np.int64)
    total_turns = 0
    for first in range(0, games, CHUNK_GAMES):
        size = min(CHUNK_GAMES, games - first)
        winner = np.empty(size, np.int8)
        turns = np.empty(size, np.int32)
        stream = np.uint64(seed)
        if tables is not None:
            play_pair(*tables, draws, stream, first, winner, turns)
        else:
            play_games(seats, rules.goal, tally, draws, stream, first, winner, turns, CHUNKS)
        for r in range(n):  # game first + g was started by seat (first + g) % n
            wins[r] += np.bincount(winner[(r - first) % n :: n], minlength=n)
        total_turns += int(turns.sum(dtype=np.int64))
        if progress is not None:
            progress(first + size, games)
    return wins, total_turns / games


def roll_draws(rules: PigRules) -> tuple[np.uint64, np.uint64, np.ndarray, np.ndarray]:
    """Return one roll as the simulation kernels draw it: ``(L, limit, upto, points)``.

    A fair number ``v`` in ``1..L`` (``L`` the common denominator of the probabilities) selects
    the first outcome whose cumulative count ``upto`` reaches it; ``points`` gives its effect
    (> 0 adds, 0 pig, -1 reset). ``limit`` serves the unbiased draw: ``2**32 mod L`` below
    ``L = 2**32`` (Lemire), else the largest multiple of ``L`` below ``2**64 - 1`` (64-bit draws
    from it on are rejected).

    >>> size, limit, upto, points = roll_draws(PigRules(die_sides=3))
    >>> int(size), upto.tolist(), points.tolist()
    (3, [1, 2, 3], [0, 2, 3])
    """
    table = rules.solved_roll  # a blank roll changes nothing: conditioned out, as in the solver
    size = table.denominator
    counts = [o.probability.numerator * (size // o.probability.denominator) for o in table.outcomes]
    effect = {Effect.pig: 0, Effect.reset: -1}
    points = [effect.get(o.effect, o.points) for o in table.outcomes]
    limit = 2**32 % size if size < 2**32 else (2**64 - 1) // size * size
    return (
        np.uint64(size),
        np.uint64(limit),
        np.cumsum(counts, dtype=np.int64),
        np.array(points, np.int64),
    )


def simulate(
    rules: PigRules,
    players: Sequence[ComputerPlayer],
    games: int,
    seed: int | None = None,
    progress: Progress | None = None,
    exact: bool = True,
    names: Sequence[str] | None = None,
) -> Tournament:
    """Play ``games`` games of ``players`` in that order, the first move passing round the table
    (a fresh seed if None).

    With ``exact`` the result carries the exact probabilities too, where
    :func:`solver.pig.evaluation.evaluate.evaluable` says the evaluation takes the players quickly.
    ``names`` shows the players (default: their own names).
    """
    if games < rules.players:
        raise InvalidArgument(
            f"games must be at least {rules.players}, one per first mover, got {games}"
        )
    seed = fresh_seed() if seed is None else check_seed(seed)
    policies = seat_policies(rules, players)
    play(rules, policies, 1, seed)  # compile, or load from numba's cache
    start = time.perf_counter()
    wins, mean_turns = play(rules, policies, games, seed, progress)
    seconds = time.perf_counter() - start
    started = np.bincount(np.arange(games) % rules.players, minlength=rules.players)
    starts = evaluate(rules, policies).starts if exact and evaluable(rules, policies) else None
    names = tuple(p.name for p in policies) if names is None else tuple(names)
    die = rules.die_sides
    return Tournament(rules, names, die, seed, started, wins, mean_turns, seconds, starts)
