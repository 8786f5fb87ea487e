"""``pigsolve play``: Pig at the terminal against one to three computer players, set up from
the command's options.

Every option is checked (the opponents' names and number, the seat, the style, the rolls file)
before any table is read or computed; :mod:`ui.pig_terminal` then prints the game.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pigsolve.policies import Player, check_player_name, make_player
from pigsolve.policies.human import Human
from pigsolve.solver.dice import RandomDice, read_rolls
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules
from pigsolve.ui import pig_terminal
from pigsolve.ui.console import note, terminal_hints
from pigsolve.ui.shared import seeded_streams

if TYPE_CHECKING:
    import numpy as np

MAX_PLAYERS = 4
"""The most players ``play`` seats (the equilibrium tables grow as ``G ** N``)."""

DEFAULT_OPPONENT = "hold20"
"""The documents' computer player, ``play``'s default opponent."""

Opponent = Annotated[
    str | None,
    typer.Option(help="The computer player in every other seat (see `policies`; default hold20)."),
]
Opponents = Annotated[
    str | None,
    typer.Option(help="A player for each other seat, in seat order, e.g. optimal,hold20."),
]
PlayPlayers = Annotated[
    int, typer.Option("--players", help=f"Number of players, 2 to {MAX_PLAYERS}.")
]


def split_names(text: str, players: int) -> list[str]:
    """Split a comma-separated list of player names; a family's constants (``pace-race:21,8,71``)
    stay with their name, and ``best-response:A,B`` keeps its ``players - 1`` opponents.

    >>> split_names("best-response:hold20,pace-race:21,8,71,hold20", 3)
    ['best-response:hold20,pace-race:21,8,71', 'hold20']
    """
    parts = [part.strip() for part in re.split(r",(?!\d)", text)]
    names: list[str] = []
    while parts:
        name = parts.pop(0)
        if name.startswith("best-response:"):
            taken, parts = parts[: players - 2], parts[players - 2 :]
            name = ",".join([name, *taken])
        names.append(name)
    return names


def opponent_names(rules: PigRules, opponent: str | None, opponents: str | None) -> list[str]:
    """Return the player named for each seat but the human's, in seat order; compute nothing.

    ``opponents`` lists ``rules.players - 1`` names, separated by commas (see
    :func:`split_names`); without it ``opponent`` (default
    :data:`DEFAULT_OPPONENT`) plays every other seat. Raises InvalidArgument for a number of
    players beyond :data:`MAX_PLAYERS`, both options given, a wrong count or an unknown name.
    """
    n = rules.players
    if n > MAX_PLAYERS:
        raise InvalidArgument(f"play seats 2 to {MAX_PLAYERS} players, got {n}")
    if opponents is None:
        names = [opponent or DEFAULT_OPPONENT] * (n - 1)
    else:
        if opponent is not None:
            raise InvalidArgument("choose one of --opponent and --opponents")
        names = split_names(opponents, n)
        if len(names) != n - 1:
            count, wanted = len(names), f"{n - 1} name{'s' if n > 2 else ''}"
            other = f"; for {count + 1} players use --players {count + 1}"
            raise InvalidArgument(
                f"--opponents needs {wanted} for {n} players, got {count} ({opponents})"
                + (other if count + 1 <= MAX_PLAYERS else "")
            )
    for name in names:
        check_player_name("pig", name, rules)
    return names


def make_opponents(
    names: Sequence[str],
    rules: PigRules,
    rng: np.random.Generator,
    announce: Callable[[str], None] | None = None,
) -> list[Player | Human]:
    """Return the player for each name (one per distinct name); an equilibrium player's coin
    is seeded from ``rng``, so a seeded game replays exactly."""
    from pigsolve.policies.optimal import OptimalPolicy

    made: dict[str, Player | Human] = {}
    for name in names:
        if name not in made:
            player = make_player("pig", name, rules, announce=announce)
            if isinstance(player, OptimalPolicy):
                player = OptimalPolicy(player.optimal_table, int(rng.integers(2**63)))
            made[name] = player
    return [made[name] for name in names]


def play_pig(
    rules: PigRules,
    opponent: str | None,
    opponents: str | None,
    style: str,
    you: int | None,
    rolls: Path | None,
    seed: int | None,
    hints: bool,
) -> int:
    """Check the options, make the players (and the hints' table), play; return the winner."""
    names = opponent_names(rules, opponent, opponents)
    dice_rng, seat_rng, coins_rng = seeded_streams(seed, 2)
    human = pig_terminal.choose_seat(you, style, seat_rng, rules.players)
    sides = rules.roll_outcomes.denominator  # one roll is one draw of a fair die of L sides
    dice = (
        read_rolls(rolls, sides, rules.game) if rolls is not None else RandomDice(sides, dice_rng)
    )
    others = make_opponents(names, rules, coins_rng, note)
    table = None
    if terminal_hints(hints):
        from pigsolve.solver.pig import table as pig_tables

        table = pig_tables.load_or_compute(rules, None, note)
    return pig_terminal.play_in_terminal(
        rules, others, style, human, dice, sys.stdin, sys.stdout, table
    )
