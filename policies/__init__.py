"""The players of pigsolve, for every game family, behind one contract and one registry.

A computer player answers ``choose(view)`` with the mover's action in the state it sees and
gives the exact solvers its decisions in every state through its family's method
(``seat_policy(rules)`` or ``table(rules)``). The human player (:class:`policies.human.Human`)
has no decisions: the interface asks the person. Each family's players live in its own package,
``policies/<family>/``, registered with :mod:`policies.roster`; everything here finds the
family once, from the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from pigsolve.policies.human import Human
from pigsolve.policies.roster import roster
from pigsolve.solver.errors import InvalidArgument


@runtime_checkable
class Player(Protocol):
    """A computer player of any game."""

    name: str
    description: str

    def choose(self, view: Any) -> Any:
        """Return the action in the state the mover sees."""
        ...


def player_names(rules: Any) -> list[tuple[str, str]]:
    """Return (name, description) of every player of the game of ``rules`` the interfaces
    accept."""
    return roster(rules).names(rules)


def computer_names(rules: Any) -> list[str]:
    """Return the names of the computer players of the game of ``rules`` that need no
    parameter."""
    return [
        name
        for name, _ in player_names(rules)
        if name != Human.name and name == name.lower() and ":" not in name  # not kinds
    ]


def check_player_name(rules: Any, name: str) -> None:
    """Raise InvalidArgument, listing the accepted names, unless ``name`` is a player of the
    game of ``rules``. Nothing is computed, so a bad name is reported before any table is
    built (a file named ``file.py:function`` is checked when its player is made)."""
    from pigsolve.policies.roster import is_user_player

    if not is_user_player(name):
        roster(rules).check(name, rules)


def make_player(
    rules: Any,
    name: str,
    table: Path | None = None,
    announce: Callable[[str], None] | None = None,
    seed: int | None = None,
) -> Any:
    """Return the player called ``name`` for ``rules``.

    ``table`` and ``announce`` concern ``optimal`` (and best responses): where its table lives
    (default: the data folder) and a callable told, in one line, when the table must be
    computed first; a player that tosses coins (an equilibrium's) draws them from ``seed``. An
    unknown name raises InvalidArgument listing the accepted names.
    """
    return roster(rules).player(name, rules, table, announce, seed)


def computer_players(
    rules: Any,
    names: Sequence[str],
    table: Path | None = None,
    announce: Callable[[str], None] | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """Return each named computer player (one a distinct name), every name checked before any
    is made, their coins drawn from ``seed``."""
    for name in names:
        check_player_name(rules, name)
        if name == Human.name:
            raise InvalidArgument("human cannot be compared; choose computer players")
    unique = dict.fromkeys(names)
    return {name: make_player(rules, name, table, announce, seed) for name in unique}


def computer_tables(
    rules: Any,
    names: Sequence[str],
    table: Path | None = None,
    announce: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Return each named computer player's decision table (``table(rules)``), every name
    checked before any is built."""
    players = computer_players(rules, names, table, announce)
    return {name: player.table(rules) for name, player in players.items()}
