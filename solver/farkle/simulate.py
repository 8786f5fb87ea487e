"""Monte Carlo games of two-player Farkle, to set beside the exact evaluation.

The rules are the solver's (:mod:`solver.farkle.solve`): hot dice, ``min_bank``, a turn total
that wins by banking wins at once, and with every die kept and no hot dice the turn banks. A
roll draws each die's face from a numpy Generator and reads its outcome (its options after
dominance, :mod:`solver.farkle.turn`) from the roll's counts
(:func:`solver.farkle.policy.outcome_index`), so the roll's chances come from the dice, not from
the turn's ``ways``. Players decide as the evaluation reads them
(:class:`solver.farkle.policy.FarklePolicy`; a guided player runs its turn programme at the
start of each of its turns). A starts the even games. The games come in chunks of
:data:`CHUNK_GAMES`, chunk ``c`` drawing from ``SeedSequence(seed, spawn_key=(c,))``, so a seed
gives the same games on any number of threads.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.evaluate import _name, compare_tables, policy_of
from pigsolve.solver.farkle.policy import outcome_index
from pigsolve.solver.farkle.solve import check_solvable
from pigsolve.solver.farkle.turn import turn
from pigsolve.solver.games.farkle import FACES, POINT_UNIT, FarkleRules
from pigsolve.solver.results import Simulation, Tally, check_seed, fresh_seed

CHUNK_GAMES = 4096
"""Games per kernel call, each chunk from its own stream."""


def simulate(
    rules: FarkleRules,
    players: Sequence[Any],
    games: int,
    seed: int | None = None,
    exact: bool = True,
) -> Simulation:
    """Play ``games`` seeded games of ``players`` ``(A, B)``, A starting the even games.

    With ``exact`` the result carries the exact probabilities of the same players
    (:func:`solver.farkle.evaluate.compare`) for the z-scores.
    """
    from pigsolve.solver.farkle._simulate_kernels import play_games

    check_solvable(rules)
    if len(players) != 2:
        raise InvalidArgument(f"Farkle is simulated for 2 players, got {len(players)}")
    if games < 1:
        raise InvalidArgument(f"games must be >= 1, got {games}", parameter="games")
    seed = fresh_seed() if seed is None else check_seed(seed)
    a, b = (policy_of(rules, player) for player in players)
    names = [_name(player) for player in players]
    goal, min_bank = rules.goal // POINT_UNIT, rules.min_bank // POINT_UNIT
    arrays = turn(rules).arrays
    index = outcome_index(rules)
    winner = np.empty(games, np.int8)
    turns = np.empty(games, np.int64)

    def chunk(start: int) -> None:
        stream = np.random.SeedSequence(seed, spawn_key=(start // CHUNK_GAMES,))
        rng = np.random.Generator(np.random.PCG64(stream))
        stop = min(start + CHUNK_GAMES, games)
        play_games(
            rng,
            winner[start:stop],
            turns[start:stop],
            start,
            goal,
            min_bank,
            *arrays,
            index,
            *a.arrays,
            *b.arrays,
        )

    started = time.perf_counter()
    starts = range(0, games, CHUNK_GAMES)
    if len(starts) == 1:
        chunk(0)
    else:
        with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            list(pool.map(chunk, starts))
    seconds = time.perf_counter() - started
    a_wins = winner == 0
    a_first = Tally(len(a_wins[0::2]), int(a_wins[0::2].sum()))
    b_first = Tally(len(a_wins[1::2]), int(a_wins[1::2].sum()))
    comparison = compare_tables(rules, a, b, *names) if exact else None
    return Simulation(
        names[0],
        names[1],
        rules.goal,
        FACES,
        seed,
        a_first,
        b_first,
        float(turns.mean()),
        seconds,
        comparison,
    )
