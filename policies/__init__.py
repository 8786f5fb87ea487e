"""The players of pigsolve, Pig and Hog, behind one registry.

A computer player answers ``choose(view)`` (Pig: True rolls; Hog: a number of dice) and gives
the exact solvers its decisions in every state through one method: a Pig player
``seat_policy(rules)`` (a :class:`solver.pig.seats.SeatPolicy`, for any number of players), a
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
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from pigsolve.policies.human import Human
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.hog import HogRules
from pigsolve.solver.games.pig import PigRules

if TYPE_CHECKING:
    import numpy as np


class GameName(StrEnum):
    """The games pigsolve plays."""

    pig = "pig"
    hog = "hog"


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
    user = ("path/to/file.py:function", "your own function (this runs your code)")
    if GameName(game) is GameName.hog:
        from pigsolve.policies.hog import PLAYERS

        return [*PLAYERS[:-1], user, PLAYERS[-1]]
    from pigsolve.policies.optimal import OptimalPolicy
    from pigsolve.policies.pig import BasePaceRace, HoldAt, PaceRace, ScoringTurns

    return [
        (OptimalPolicy.name, OptimalPolicy.description),
        ("hold20", HoldAt(20).description + ", the documents' computer player"),
        ("holdN", '"hold at N or goal" for any N >= 1, e.g. hold25'),
        ("four-turns", ScoringTurns(4).description),
        ("turnsT", '"T scoring turns" for any T >= 1, e.g. turns3'),
        ("base-pace-race", BasePaceRace().description),
        ("pace-race", PaceRace().description),
        (
            "FAMILY:A,B,C",
            "base-pace-race or pace-race with other constants, e.g. pace-race:21,8,71",
        ),
        (
            "best-response:A,B",
            "the best reply to fixed opponents, named in the order they move after it "
            "(one per other player), e.g. best-response:hold20,hold20 for 3 players",
        ),
        user,
        (Human.name, Human.description),
    ]


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
    from pigsolve.policies.user import is_user_player

    if is_user_player(name):
        return
    if GameName(game) is GameName.hog:
        from pigsolve.policies.hog import check_name

        check_name(name, rules)
        return
    from pigsolve.policies.best_response import PREFIX, opponent_names
    from pigsolve.policies.pig import family_member

    if name.startswith(PREFIX):
        for opponent in opponent_names(name, rules):
            check_player_name(game, opponent, rules)
        return
    if name not in ("optimal", "human") and family_member(name) is None:
        accepted = ", ".join(n for n, _ in player_names(game))
        raise InvalidArgument(f"unknown player {name!r}; accepted: {accepted}")


def make_player(
    game: str,
    name: str,
    rules: Rules,
    table_path: Path | None = None,
    announce: Callable[[str], None] | None = None,
) -> Player | Human:
    """Return the player of ``game`` called ``name`` for ``rules``.

    ``table_path`` and ``announce`` concern ``optimal`` (and Hog's best responses): where its
    table lives (default ``data/``) and a callable told, in one line, when the table must be
    computed first. An unknown name raises InvalidArgument listing the accepted names.
    """
    check_player_name(game, name, rules)
    if name == Human.name:
        return Human()
    if GameName(game) is GameName.hog:
        from pigsolve.policies.hog import make_player as make_hog_player

        return make_hog_player(name, rules, table_path, announce)
    from pigsolve.policies.pig import family_member
    from pigsolve.policies.user import UserPigPlayer, is_user_player

    if is_user_player(name):
        return UserPigPlayer(name)
    if name.startswith("best-response:"):
        from pigsolve.policies.best_response import make_best_response

        return make_best_response(name, rules, table_path, announce)
    if name == "optimal":
        from pigsolve.policies.optimal import optimal_player

        return optimal_player(rules, table_path, announce)
    return family_member(name)


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
