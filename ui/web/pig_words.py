"""The Pig family on the page: the built-in games' rolls, and the last roll as the page draws
it (dice, pigs, or a named outcome, with what it does). The log's words are the terminal's
(:func:`pigsolve.ui.pig_terminal.roll_words`).
"""

from __future__ import annotations

from typing import Any

from pigsolve.solver.games.pig_outcomes import BUILT_IN, Effect, Outcome, RollTable


def roll_table(variant: str) -> RollTable | None:
    """Return the roll table of a built-in ``variant`` (None: Pig's die)."""
    return None if variant == "pig" else BUILT_IN[variant]()


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
