"""Pig's words: each roll and event as the terminal's transcript and the page say them.

The classic lines are documents 000/001's (Neller's "Pig Game" exercise); the page draws the
last roll from :func:`roll_view`. Pure text: the terminal and the page print them.
"""

from __future__ import annotations

from typing import Any

from pigsolve.solver.engine import Held, PigEvent, Pigged, Reset, Rolled, TurnStarted, Won
from pigsolve.solver.games.pig_outcomes import Effect, Outcome


def roll_words(outcome: Outcome, die: bool = True) -> str:
    """Return what was rolled, in words, as the terminal and the page's log say it: Pig's die's
    face (``die``), else both dice or both pigs, the outcome's name where it says more, and its
    points where they are not the dice's sum; a roll that loses the score says so.

    >>> from pigsolve.solver.games.pig_outcomes import big_pig, pass_the_pigs, two_dice
    >>> pair = {o.name: o for o in [*two_dice().outcomes, *pass_the_pigs().outcomes]}
    >>> roll_words(pair["4 and 3"], False), roll_words(pair["double 1s"], False)
    ('4 and 3', '1 and 1, double 1s: score lost, back to 0')
    >>> snouter, double_1s = pair["razorback and snouter"], big_pig().outcomes[0]
    >>> roll_words(snouter, False), roll_words(double_1s, False)
    ('razorback and snouter: 15', '1 and 1, double 1s: 25')
    """
    if die:
        return outcome.name
    shown = " and ".join(outcome.faces) if outcome.dice else outcome.name
    if outcome.name != shown:
        shown = f"{shown}, {outcome.name}"
    if outcome.effect is Effect.reset:
        return f"{shown}: score lost, back to 0"
    if outcome.effect is Effect.add and outcome.points != sum(outcome.dice):
        return f"{shown}: {outcome.points}"
    return shown


def classic_lines(event: PigEvent, die: bool = True) -> str:
    """Return the classic transcript's lines for ``event``, each ending in a newline (none for
    a win: the game's end is said by whoever shows it)."""
    match event:
        case TurnStarted(player, scores):
            lines = [f"Player {seat + 1} score: {score}" for seat, score in enumerate(scores)]
            return "".join(f"{line}\n" for line in lines) + f"It is player {player + 1}'s turn.\n"
        case Rolled(_, _, outcome):
            return f"Roll: {roll_words(outcome, die)}\n"
        case Pigged(_, score):
            return f"Turn total: 0\nNew score: {score}\n"
        case Reset(_, lost):
            lost_words = f" (lost {lost} banked points)" if lost else ""
            return f"Turn total: 0\nNew score: 0{lost_words}\n"
        case Held(_, turn_total, score):
            return f"Turn total: {turn_total}\nNew score: {score}\n"
        case Won():
            return ""
    raise TypeError(f"not a Pig event: {event!r}")


def roll_kind(outcome: Outcome) -> str:
    """Return what a roll puts on the table: 'dice' (numbered faces), 'pigs' or 'outcome'."""
    if not outcome.faces:
        return "outcome"
    return "dice" if outcome.dice else "pigs"


def effect_words(outcome: Outcome) -> str:
    """Return what a roll does: '7 points', 'no points: the turn total is lost', ..."""
    if outcome.effect is Effect.add:
        return f"{outcome.points} point{'s' if outcome.points != 1 else ''}"
    if outcome.effect is Effect.pig:
        return "no points: the turn total is lost"
    return "the whole score is lost"


def roll_view(outcome: Outcome, player: int, die: bool) -> dict[str, Any]:
    """Return the last roll as the page draws it: who rolled, what lies on the table ('die',
    'dice', 'pigs' or 'outcome'), its name, effect and points."""
    return {
        "player": player,
        "kind": "die" if die else roll_kind(outcome),
        "faces": list(outcome.faces) or [outcome.name],
        "name": outcome.name,
        "effect": str(outcome.effect),
        "points": outcome.points,
        "words": effect_words(outcome),
    }
