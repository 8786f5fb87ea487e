"""The Pig family in the page's words: the built-in games by name and each roll said plainly.

Pig's die keeps the terminal's transcript ("Roll: 4"); two dice are named face by face with the
points they score ("Roll: 4 and 3: 7 points"), two pigs by their positions ("Pigs: razorback and
snouter: 15 points"), and a roll that ends the turn says what is lost.
"""

from __future__ import annotations

from typing import Any

from pigsolve.solver.games.pig_outcomes import BUILT_IN, Effect, Outcome, RollTable

VARIANTS = {
    "pig": "Pig",
    "two-dice": "Two-Dice Pig",
    "big-pig": "Big Pig",
    "pass-the-pigs": "Pass the Pigs",
}
"""The games of the Pig view, by the name the API takes, with the name the page shows."""


def roll_table(variant: str) -> RollTable | None:
    """Return the roll table of a built-in ``variant`` (None: Pig's die)."""
    return None if variant == "pig" else BUILT_IN[variant]()


def roll_kind(outcome: Outcome) -> str:
    """Return what a roll puts on the table: 'dice' (numbered faces), 'pigs' or 'outcome'."""
    if not outcome.faces:
        return "outcome"
    return "dice" if all(face.isdigit() for face in outcome.faces) else "pigs"


def effect_words(outcome: Outcome) -> str:
    """Return what a roll does: '7 points', 'no points: the turn total is lost', ..."""
    if outcome.effect is Effect.add:
        return f"{outcome.points} point{'s' if outcome.points != 1 else ''}"
    if outcome.effect is Effect.pig:
        return "no points: the turn total is lost"
    return "the whole score is lost"


def roll_line(outcome: Outcome, die: bool) -> str:
    """Return one roll in words; Pig's die (``die``) as the terminal prints it.

    >>> from pigsolve.solver.games.pig_outcomes import big_pig, pass_the_pigs
    >>> roll_line(big_pig().outcomes[0], die=False)
    'Roll: 1 and 1 (double 1s): 25 points'
    >>> roll_line(pass_the_pigs().outcomes[1], die=False)
    'Pigs: dot up and dot down (pig out): no points: the turn total is lost'
    """
    if die:
        return f"Roll: {outcome.name}"
    kind = roll_kind(outcome)
    shown = " and ".join(outcome.faces) if kind != "outcome" else outcome.name
    name = outcome.name.split(" (")[0]  # "sider (dot up)": the faces say which side
    named = f" ({name})" if kind != "outcome" and outcome.name != shown else ""
    label = "Pigs" if kind == "pigs" else "Roll"
    return f"{label}: {shown}{named}: {effect_words(outcome)}"


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
