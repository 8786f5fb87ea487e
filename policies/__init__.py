"""The players of pigsolve, Pig and Hog, behind one registry.

A computer player answers ``choose(view)`` (Pig: True rolls; Hog: a number of dice) and gives
the exact solvers its decisions in every state through one method: a Pig player
``seat_policy(rules)`` (a :class:`solver.pig.seat_policy.SeatPolicy`, for any number of players), a
Hog player ``table(rules)`` (int8 ``rules.shape``). The Pig players that decide by a threshold
table (and the two-player optimal player) also give that table, ``table(rules)`` (bool
``(memory, G, G, G)``), which the two-player pair kernels read. The human player
(:class:`Human`) has no decisions: the interface asks the person.

>>> [name for name, _ in player_names("pig")][:2]
['optimal', 'hold20']
>>> make_player("pig", "hold25", PigRules()).name
'hold25'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from pigsolve.policies.human import Human
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.hog import HogRules
from pigsolve.solver.games.pig import PigRules

if TYPE_CHECKING:
    import numpy as np


@runtime_checkable
class Player(Protocol):
    """A computer player of either game."""

    name: str
    description: str

    def choose(self, view: Any) -> Any:
        """Return the action in the state the mover sees."""
        ...


Rules = PigRules | HogRules


def player_names(game: str) -> list[tuple[str, str]]:
    """Return (name, description) for every player of ``game`` the interfaces accept."""
    from pigsolve.policies.roster import roster

    return roster(game).names()


def computer_names(game: str) -> list[str]:
    """Return the names of the computer players of ``game`` that need no parameter."""
    return [
        name
        for name, _ in player_names(game)
        if name != Human.name and name == name.lower() and ":" not in name  # not families
    ]


def check_player_name(game: str, name: str, rules: Rules) -> None:
    """Raise InvalidArgument, listing the accepted names, unless ``name`` is a player of ``game``.

    Nothing is computed, so a bad name is reported before any table is built (a file named
    ``file.py:function`` is checked when its player is made).
    """
    from pigsolve.policies.roster import roster
    from pigsolve.policies.user import is_user_player

    if not is_user_player(name):
        roster(game).check_name(name, rules)


def make_player(
    game: str,
    name: str,
    rules: Rules,
    table_path: Path | None = None,
    announce: Callable[[str], None] | None = None,
) -> Player | Human:
    """Return the player of ``game`` called ``name`` for ``rules``.

    ``table_path`` and ``announce`` concern ``optimal`` (and best responses): where its table
    lives (default ``data/``) and a callable told, in one line, when the table must be computed
    first. An unknown name raises InvalidArgument listing the accepted names.
    """
    from pigsolve.policies.roster import roster

    return roster(game).player(name, rules, table_path, announce)


def computer_tables(
    game: str,
    names: Sequence[str],
    rules: Rules,
    table_path: Path | None = None,
    announce: Callable[[str], None] | None = None,
) -> dict[str, np.ndarray]:
    """Return each named computer player's table, every name checked before any is built."""
    for name in names:
        check_player_name(game, name, rules)
        if name == Human.name:
            raise InvalidArgument("human cannot be compared; choose computer players")
    tables: dict[str, np.ndarray] = {}
    for name in names:
        if name not in tables:
            player = make_player(game, name, rules, table_path, announce)
            tables[name] = player.table(rules)
    return tables
