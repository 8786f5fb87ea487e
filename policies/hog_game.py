"""The Hog game loop behind ``hog play`` and ``hog simulate``: one turn at a time, any dice.

Dice are any ``draw(sides) -> int``, such as the ``roll`` of a :mod:`solver.dice` source (seeded
random dice, or a rolls file used in order); a re-rolling die draws twice when its first value is
odd. The rules applied are those
of :mod:`solver.games.hog`, the same functions the exact solver's distributions come from.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

import numpy as np

from policies.hog import HogPlayer
from solver.dice import RandomDice
from solver.pig.evaluate import Comparison
from solver.games.hog import (
    HOG_WILD,
    HogRules,
    HogState,
    Turn,
    check_num_rolls,
    die_sides,
    end_turn,
    hog_wild,
    initial_state,
    is_over,
    turn_score,
)
from solver.pig.simulate import Simulation, Tally


@dataclass(frozen=True)
class TurnRecord:
    """One turn as played: who, the state before, the dice drawn and the resulting turn."""

    who: int
    state: HogState
    num_rolls: int
    draws: tuple[int, ...]
    outcomes: tuple[int, ...]
    turn: Turn

    @property
    def events(self) -> tuple[str, ...]:
        """Return the names of the rules that fired, in order."""
        return self.turn.events


def roll(
    rules: HogRules, state: HogState, num_rolls: int, draw: Callable[[int], int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return ``(draws, outcomes)``: every value drawn and each die's value after re-rolling."""
    sides = die_sides(rules, state)
    rerolling = hog_wild(rules, state.score, state.opponent_score)
    draws, outcomes = [], []
    for _ in range(max(num_rolls, 0)):
        value = draw(sides)
        draws.append(value)
        if rerolling and value % 2:
            value = draw(sides)
            draws.append(value)
        outcomes.append(value)
    return tuple(draws), tuple(outcomes)


def play_turn(
    rules: HogRules, who: int, state: HogState, player: HogPlayer, draw: Callable[[int], int]
) -> TurnRecord:
    """Ask ``player`` for a number of dice in ``state``, roll them and return the turn."""
    num_rolls = check_num_rolls(rules, player.choose(state))
    draws, outcomes = roll(rules, state, num_rolls, draw)
    if num_rolls == -1:
        points, events = 1, ()
    else:
        points, events = turn_score(rules, num_rolls, state.opponent_score, outcomes)
    if num_rolls > 0 and hog_wild(rules, state.score, state.opponent_score):
        events = (HOG_WILD, *events)
    turn = end_turn(rules, state, num_rolls, points)
    turn = turn._replace(events=events + turn.events)
    return TurnRecord(who, state, num_rolls, draws, outcomes, turn)


@dataclass
class GameResult:
    """The end of a game: final scores by player, the winner and every turn."""

    scores: tuple[int, int]
    winner: int
    turns: list[TurnRecord] = field(default_factory=list)


def play_game(
    rules: HogRules,
    players: tuple[HogPlayer, HogPlayer],
    draw: Callable[[int], int],
    first: int = 0,
    on_turn: Callable[[TurnRecord], None] | None = None,
    start: HogState | None = None,
) -> GameResult:
    """Play one game with player ``first`` moving first from ``start`` (default 0-0)."""
    state, who = start or initial_state(), first
    turns = []
    while not is_over(rules, state):
        record = play_turn(rules, who, state, players[who], draw)
        turns.append(record)
        if on_turn is not None:
            on_turn(record)
        state, who = record.turn.next_state, 1 - who
    scores = [0, 0]
    scores[who], scores[1 - who] = state.score, state.opponent_score
    winner = who if state.score >= rules.goal else 1 - who
    return GameResult((scores[0], scores[1]), winner, turns)


def simulate(
    rules: HogRules,
    a: HogPlayer,
    b: HogPlayer,
    games: int,
    seed: int | None = None,
    exact: Comparison | None = None,
) -> Simulation:
    """Play ``games`` games of A against B with seeded random dice; A starts the even games.

    ``exact``, the players' exact comparison if known, is carried in the result for the z-scores.
    """
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % 2**32)
    dice = RandomDice(6, np.random.default_rng(seed))
    wins = [0, 0]
    turns = 0
    start = time.perf_counter()
    for game in range(games):
        first = game % 2  # 0: A starts
        result = play_game(rules, (a, b), dice.roll, first=first)
        wins[first] += result.winner == 0
        turns += len(result.turns)
    seconds = time.perf_counter() - start
    a_games = (games + 1) // 2
    a_first, b_first = Tally(a_games, wins[0]), Tally(games - a_games, wins[1])
    mean_turns = turns / games
    names = (a.name, b.name)
    return Simulation(
        *names, rules.goal, rules.die_sides, seed, a_first, b_first, mean_turns, seconds, exact
    )


def dice_text(record: TurnRecord) -> str:
    """Return the dice of a turn as text; a re-rolled die shows as ``first>second``."""
    wild = HOG_WILD in record.events
    parts, i = [], 0
    for _ in record.outcomes:
        first = record.draws[i]
        if wild and first % 2:
            parts.append(f"{first}>{record.draws[i + 1]}")
            i += 2
        else:
            parts.append(str(first))
            i += 1
    return " ".join(parts)


def describe_turn(record: TurnRecord, names: tuple[str, str]) -> str:
    """Return two lines: what the mover did and scored (and which rules fired), then the scores."""
    who, n, turn = names[record.who], record.num_rolls, record.turn
    verb = "roll" if who == "you" else "rolls"
    action = f"{who} {verb} {n} {'die' if n == 1 else 'dice'}"
    if n > 0:
        action += f" [{dice_text(record)}]"
    gained = f"{turn.points} point{'s' if turn.points != 1 else ''}"
    if turn.bonus:
        gained += f" + {turn.bonus} bonus"
    fired = f" ({', '.join(record.events)})" if record.events else ""
    scores = [0, 0]
    scores[record.who], scores[1 - record.who] = turn.roller_score, turn.other_score
    return f"{action}: {gained}{fired}\n  {names[0]} {scores[0]}, {names[1]} {scores[1]}"


def terminal_ask(
    rules: HogRules,
    stdin: TextIO,
    stdout: TextIO,
    hints: Callable[[HogState], tuple[float, int]] | None = None,
) -> Callable[[HogState], int]:
    """Return a prompt asking a person for a number of dice; bad answers are asked again.

    ``hints(state) -> (win probability, dice)`` adds the optimal choice before the question.
    End of input raises GameInputError.
    """
    from policies.human import read_line

    accepted = f"{rules.min_rolls} to {rules.actions[-1]}"

    def ask(state: HogState) -> int:
        if hints is not None:
            p, best = hints(state)
            stdout.write(f"  hint: roll {best} (win probability {p:.4f})\n")
        dice = " on four-sided dice" if state.four_sided else ""
        while True:
            stdout.write(
                f"You {state.score}, opponent {state.opponent_score}{dice}. "
                f"How many dice ({accepted})? "
            )
            stdout.flush()
            answer = read_line(stdin).strip()
            try:
                return check_num_rolls(rules, int(answer))
            except ValueError:
                stdout.write(f"please type a whole number from {accepted}\n")

    return ask
