"""Games of Zombie Dice played step by step, to set beside the exact evaluation.

Each game is played by the engine (:class:`solver.zombie.play.ZombieGame`), every player
answering ``choose(view)``; A starts the even games. The dice come from one stream of the seed,
and a draw (level scores with no tiebreaker) goes to a seat by a fair coin from another, so a
player's rate counts it as half a win, as the exact values do. Beside the games: the exact
comparison of the same players (:func:`solver.zombie.evaluate.compare`), None where a player is
played and not evaluated (your function).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.zombie import ZombieRules
from pigsolve.solver.results import (
    Comparison,
    Progress,
    Simulation,
    Tally,
    check_seed,
    fresh_seed,
)
from pigsolve.solver.zombie.play import ZombieGame
from pigsolve.solver.zombie.words import TurnStarted

PROGRESS_STEPS = 100
"""How often, at most, a simulation reports its progress."""


def simulate(
    rules: ZombieRules,
    players: Sequence[Any],
    games: int,
    seed: int | None = None,
    progress: Progress | None = None,
) -> Simulation:
    """Play ``games`` seeded games of ``players`` ``(A, B)``, A starting the even games, and
    return the tallies with the exact comparison beside them (module docstring)."""
    if len(players) != 2:
        raise InvalidArgument(f"Zombie Dice is played by 2 players, got {len(players)}")
    if games < 1:
        raise InvalidArgument(f"games must be >= 1, got {games}", parameter="games")
    seed = fresh_seed() if seed is None else check_seed(seed)
    started = time.perf_counter()
    winner, turns = play_games(rules, players, games, seed, progress)
    seconds = time.perf_counter() - started
    a_wins = winner == 0
    a_first = Tally(len(a_wins[0::2]), int(a_wins[0::2].sum()))
    b_first = Tally(len(a_wins[1::2]), int(a_wins[1::2].sum()))
    a, b = (player.name for player in players)
    return Simulation(
        a, b, rules.goal, rules.cup, seed, a_first, b_first, float(turns.mean()), seconds,
        exact(rules, players),
    )  # fmt: skip


def play_games(
    rules: ZombieRules,
    players: Sequence[Any],
    games: int,
    seed: int,
    progress: Progress | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Return each game's winner (0: A, 1: B) and its turns, game ``g`` started by player
    ``g mod 2``; ``progress(done, games)`` is called now and then."""
    dice = np.random.default_rng(np.random.SeedSequence(seed))
    coins = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(1,)))
    choosers = [player.choose for player in players]
    winner, turns = np.empty(games, np.int8), np.empty(games, np.int64)
    every = max(1, games // PROGRESS_STEPS)
    for g in range(games):
        first = g % 2
        seats = (choosers[first], choosers[1 - first])
        game = ZombieGame(rules, dice)
        events = game.start()
        count = 0
        while True:
            count += sum(isinstance(event, TurnStarted) for event in events)
            if game.over:
                break
            events = game.apply(seats[game.player](game.view))
        won = game.winner if game.winner is not None else int(coins.integers(2))
        winner[g], turns[g] = (first + won) % 2, count
        if progress is not None and ((g + 1) % every == 0 or g + 1 == games):
            progress(g + 1, games)
    return winner, turns


def exact(rules: ZombieRules, players: Sequence[Any]) -> Comparison | None:
    """Return the exact comparison of the two players, None where one is played and not
    evaluated (its ``decide`` refuses: your function)."""
    from pigsolve.solver.registry import family_of

    try:
        return family_of(rules).compare(rules, *players)
    except InvalidArgument:
        return None
