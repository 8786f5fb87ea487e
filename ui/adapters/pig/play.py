"""``pigsolve play`` of Pig's family: the documents' game at the terminal against one to three
computer players.

Every option is checked (the seat, the style, the rolls file) before any table is read or
computed; :mod:`ui.adapters.pig.terminal` then prints the game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pigsolve.policies import Player, make_player
from pigsolve.policies.human import Human
from pigsolve.solver.dice import RandomDice, read_rolls, seeded_streams
from pigsolve.solver.games.pig import PigRules
from pigsolve.ui.adapters.pig import terminal
from pigsolve.ui.console import note, terminal_hints

if TYPE_CHECKING:
    import numpy as np


def make_opponents(
    names: Sequence[str],
    rules: PigRules,
    rng: np.random.Generator,
    announce: Callable[[str], None] | None = None,
) -> list[Player | Human]:
    """Return the player for each name (one per distinct name); an equilibrium player's coins
    are seeded from ``rng``, so a seeded game replays exactly."""
    seed = int(rng.integers(2**63))
    made = {name: make_player(rules, name, None, announce, seed) for name in dict.fromkeys(names)}
    return [made[name] for name in names]


def play_pig(
    rules: PigRules,
    names: Sequence[str],
    style: str,
    you: int | None,
    rolls: Path | None,
    seed: int | None,
    hints: bool,
) -> int:
    """Check the options, make the players named for the other seats (and the hints' table),
    play; return the winner."""
    dice_rng, seat_rng, coins_rng = seeded_streams(seed, 2)
    human = terminal.choose_seat(you, style, seat_rng, rules.players)
    sides = rules.roll_outcomes.denominator  # one roll is one draw of a fair die of L sides
    dice = (
        read_rolls(rolls, sides, rules.game) if rolls is not None else RandomDice(sides, dice_rng)
    )
    others = make_opponents(names, rules, coins_rng, note)
    table = None
    if terminal_hints(hints):
        from pigsolve.solver.tables import table_for

        table = table_for(rules, None, note)
    return terminal.play_in_terminal(
        rules, others, style, human, dice, sys.stdin, sys.stdout, table
    )
