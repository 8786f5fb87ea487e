"""A game's outcomes of one roll, as ``info`` shows them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pigsolve.solver.games.pig_outcomes import Effect
from pigsolve.ui.result_tables import new_table

if TYPE_CHECKING:
    from rich.table import Table


EFFECT_WORDS = {"add": "add", "pig": "pig: turn total lost", "reset": "reset: score lost"}
"""Each outcome's effect as ``info`` shows it."""


def outcome_table(table: Any) -> Table:
    """Return a game's roll outcomes: name, exact and decimal probability, effect and points,
    with the chances of a pig and of a reset in the caption."""
    out = new_table(
        "outcome",
        "probability",
        "decimal",
        "effect",
        "points",
        title=f"{table.name}: the outcomes of one roll",
        show_edge=False,
    )
    for outcome in table.outcomes:
        out.add_row(
            outcome.name,
            str(outcome.probability),
            f"{float(outcome.probability):.6f}",
            EFFECT_WORDS[str(outcome.effect)],
            str(outcome.points) if outcome.points or not outcome.ends_turn else "",
        )
    chances = [
        f"{effect} {chance} = {float(chance):.6f}"
        for effect in (Effect.pig, Effect.reset)
        for chance in [table.probability(effect)]
    ]
    out.caption = "chance of a " + ", of a ".join(chances)
    return out


def game_notes(table: Any) -> list[str]:
    """Return what ``info`` says under a game's outcome table: for Pass the Pigs, where its
    frequencies come from and how to pass one's own."""
    from pigsolve.solver.games.pig_outcomes import KERN_COUNTS, pass_the_pigs

    if table.name != "pass-the-pigs":
        return []
    counts = ", ".join(f"{name} {n:,}" for name, n in KERN_COUNTS.items())
    whose = "Kern's" if table == pass_the_pigs() else "your own; the default ones are Kern's"
    return [
        f"The frequencies are {whose}: 6,000 rolls (J. Statistics Education 14(3), 2006), the "
        f"black pig landing {counts}, the two pigs touching in 23. Both pigs are drawn "
        "independently from the black pig's counts.",
        'Your own counts: a TOML file with game = "pass-the-pigs" and a [counts] table ("dot up" '
        '= 1796, ... for each of the six positions above; optionally touching = "23/6000"), '
        "then --game path/to/file.toml.",
    ]
