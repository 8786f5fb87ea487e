"""Monte Carlo games of Farkle, to set beside the exact evaluation.

The rules are the solver's (:mod:`solver.farkle.solve`): hot dice, ``min_bank``, ``entry``, a
turn total that wins by banking wins at once, and with every die kept and no hot dice the turn
banks. A roll draws each die's face from a numpy Generator and reads its outcome (its options after
dominance, :mod:`solver.farkle.turn`) from the roll's counts
(:func:`solver.farkle.turn.outcome_index`), so the roll's chances come from the dice, not from
the turn's ``ways``. Players decide as the evaluation reads them
(:class:`solver.farkle.policy.FarklePolicy`; a guided player runs its turn programme at the
start of each of its turns). A starts the even games. The games come in chunks of
:data:`CHUNK_GAMES`, chunk ``c`` drawing from ``SeedSequence(seed, spawn_key=(c,))``, so a seed
gives the same games on any number of threads.

A user's function (:mod:`policies.farkle_user`) is asked as it plays: its games are played
move by move by the step-wise game (:class:`solver.farkle.play.FarkleGame`), every player
answering ``choose(view)``, in Python (hundreds of games a second), the exact values beside
them only where its table fits the evaluation's budget. The three-farkle penalty and the last
round are played step by step too, the exact values beside them (not a user's function's, nor
the two together's).

Three players or more are played step by step (:func:`tournament`), the first move passing
round the table, beside the table's seats where every seat plays it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument, PigsolveError, TooManyCalls
from pigsolve.solver.farkle.evaluate import _name, compare_tables, policy_of
from pigsolve.solver.farkle.policy import USER, FarklePolicy
from pigsolve.solver.farkle.solve import check_solvable
from pigsolve.solver.farkle.turn import least_banks, outcome_index, turn
from pigsolve.solver.games.farkle import FACES, POINT_UNIT, FarkleRules
from pigsolve.solver.results import (
    Comparison,
    Simulation,
    Tally,
    Tournament,
    check_seed,
    fresh_seed,
)

CHUNK_GAMES = 4096
"""Games per kernel call, each chunk from its own stream."""


def simulate(
    rules: FarkleRules,
    players: Sequence[Any],
    games: int,
    seed: int | None = None,
    exact: bool = True,
) -> Simulation | Tournament:
    """Play ``games`` seeded games of ``players`` ``(A, B)``, A starting the even games (with
    more players a :func:`tournament`).

    With ``exact`` the result carries the exact probabilities of the same players
    (:func:`solver.farkle.evaluate.compare`) for the z-scores.
    """
    from pigsolve.solver.farkle._simulate_kernels import play_games

    check_solvable(rules)
    if rules.players > 2:
        return tournament(rules, players, games, seed)
    if len(players) != 2:
        raise InvalidArgument(f"Farkle is simulated for 2 players, got {len(players)}")
    if games < 1:
        raise InvalidArgument(f"games must be >= 1, got {games}", parameter="games")
    seed = fresh_seed() if seed is None else check_seed(seed)
    names = [_name(player) for player in players]
    stepwise = bool(rules.farkle_penalty or rules.last_turn)  # the kernel plays neither
    a, b = (
        None if stepwise and _answers(player) else _policy_or_none(rules, player)
        for player in players
    )
    if stepwise or a is None or b is None or USER in (a.kind, b.kind):
        started = time.perf_counter()
        winner, turns = _play_live(rules, players, [a, b], games, seed)
        seconds = time.perf_counter() - started
        comparison = _exact(rules, players, [a, b], names) if exact else None
        return _simulation(rules, names, seed, winner, turns, seconds, comparison)
    goal, (min_bank, entry) = rules.goal // POINT_UNIT, least_banks(rules)
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
            entry,
            *arrays,
            index,
            *a.arrays[:4],  # user tables are played live, above
            *b.arrays[:4],
        )

    started = time.perf_counter()
    starts = range(0, games, CHUNK_GAMES)
    if len(starts) == 1:
        chunk(0)
    else:
        with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            list(pool.map(chunk, starts))
    seconds = time.perf_counter() - started
    comparison = compare_tables(rules, a, b, *names) if exact else None
    return _simulation(rules, names, seed, winner, turns, seconds, comparison)


def tournament(
    rules: FarkleRules, players: Sequence[Any], games: int, seed: int | None = None
) -> Tournament:
    """Play ``games`` seeded games of ``rules.players`` players step by step, in the order
    given, the first move passing round the table (game ``g`` started by player ``g mod N``).

    The exact chances are beside the games where every seat plays one table: player ``p``'s
    chance when ``r`` starts is the table's seat ``(p - r) mod N`` at the start. The seed draws
    the dice; a player that tosses coins draws them from its own seed, given when it was made
    (:meth:`policies.roster.Roster.player`)."""
    seats = rules.players
    if len(players) != seats:
        raise InvalidArgument(
            f"a game of {seats} players seats {seats}, got {len(players)}", parameter="players"
        )
    if games < seats:
        raise InvalidArgument(
            f"games must be at least {seats}, one per first mover, got {games}", parameter="games"
        )
    seed = fresh_seed() if seed is None else check_seed(seed)
    started = time.perf_counter()
    winner, turns = _play_live(rules, players, [None] * seats, games, seed)
    seconds = time.perf_counter() - started
    first = np.arange(games) % seats
    wins = np.zeros((seats, seats), np.int64)
    np.add.at(wins, (first, winner), 1)
    tables = {id(getattr(player, "solution", None)) for player in players}
    solution = getattr(players[0], "solution", None)
    exact = None
    if len(tables) == 1 and solution is not None and solution.rules == rules:
        chances = solution.seat_chances
        exact = np.array([[chances[(p - r) % seats] for p in range(seats)] for r in range(seats)])
    else:
        exact = _field_exact(rules, players)
    names = tuple(_name(player) for player in players)
    return Tournament(
        rules, names, FACES, seed, np.bincount(first, minlength=seats), wins,
        float(turns.mean()), seconds, exact,
    )  # fmt: skip


def _field_exact(rules: FarkleRules, players: Sequence[Any]) -> np.ndarray | None:
    """Return ``[r, p]``, player ``p``'s exact chance when ``r`` starts
    (:func:`solver.farkle.field.evaluate_field`), None where the players are not evaluated."""
    from pigsolve.solver.farkle.field import evaluate_field

    try:
        return evaluate_field(rules, players).starts
    except PigsolveError:  # a user's function, a last turn, too little memory
        return None


def _simulation(
    rules: FarkleRules,
    names: list[str],
    seed: int,
    winner: np.ndarray,
    turns: np.ndarray,
    seconds: float,
    comparison: Comparison | None,
) -> Simulation:
    a_wins = winner == 0
    a_first = Tally(len(a_wins[0::2]), int(a_wins[0::2].sum()))
    b_first = Tally(len(a_wins[1::2]), int(a_wins[1::2].sum()))
    return Simulation(
        names[0], names[1], rules.goal, FACES, seed, a_first, b_first, float(turns.mean()),
        seconds, comparison,
    )  # fmt: skip


def _exact(
    rules: FarkleRules,
    players: Sequence[Any],
    policies: list[FarklePolicy | None],
    names: list[str],
) -> Comparison | None:
    """Return the exact comparison of the players played step by step, None where it is not
    made: a user's function too costly to tabulate, under the penalty or with the last round,
    and the last round with the penalty."""
    if rules.last_turn and rules.farkle_penalty:
        return None
    found = []
    for player, policy in zip(players, policies, strict=True):
        if policy is None and (rules.farkle_penalty or rules.last_turn):  # its table
            try:
                policy = _policy_or_none(rules, player)
            except InvalidArgument:  # a user's function under the penalty
                return None
        if policy is None or (policy.kind == USER and (rules.farkle_penalty or rules.last_turn)):
            return None
        found.append(policy)
    return compare_tables(rules, *found, *names)


def _policy_or_none(rules: FarkleRules, player: Any) -> FarklePolicy | None:
    """Return the decisions of ``player``, None for a user's function too costly to tabulate."""
    try:
        return policy_of(rules, player)
    except TooManyCalls:
        return None


def _play_live(
    rules: FarkleRules,
    players: Sequence[Any],
    policies: list[FarklePolicy | None],
    games: int,
    seed: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Return each game's winner (the player's index) and turns, played step by step, game
    ``g`` started by player ``g mod N`` (A the even games of two); a player answers
    ``choose(view)``, a bare policy ``action(state, roll)``. A draw (the last round ending
    level) goes to one of the seats sharing it by a fair coin, so a player's rate counts it as
    half a win, as the exact values do."""
    from pigsolve.solver.dice import RandomDice
    from pigsolve.solver.farkle.play import FarkleGame
    from pigsolve.solver.farkle.words import TurnStarted

    choosers = [
        player.choose if _answers(player) else _acting(policy)
        for player, policy in zip(players, policies, strict=True)
    ]
    dice = RandomDice(FACES, np.random.default_rng(np.random.SeedSequence(seed)))
    coins = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(1,)))
    winner, turns = np.empty(games, np.int8), np.empty(games, np.int64)
    for g in range(games):
        first = g % len(choosers)
        seats = choosers[first:] + choosers[:first]
        game = FarkleGame(rules, dice)
        events = game.start()
        count = 0
        while True:
            count += sum(isinstance(event, TurnStarted) for event in events)
            if game.over:
                break
            events = game.apply(seats[game.player](game.view))
        won = game.winner if game.winner is not None else coins.choice(game.drawn)
        winner[g], turns[g] = (first + won) % len(choosers), count
    return winner, turns


def _answers(player: Any) -> bool:
    """Return True if ``player`` answers ``choose(view)`` (a bare policy's ``choose`` is an
    array)."""
    return callable(getattr(player, "choose", None))


def _acting(policy: FarklePolicy) -> Any:
    return lambda view: policy.action(view.state, view.roll)
