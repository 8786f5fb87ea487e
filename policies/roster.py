"""Every game family's players: one contract, one registry.

The solvers' registry (:mod:`solver.registry`) knows games and solutions, not players, which sit
a layer above it. Each family's players are its own package, ``policies/<family>/``, whose
import registers its :class:`Roster` (found there by the family's name, on first use); a family
registered elsewhere (the tests' toy) registers its own with :func:`register_roster`.

A roster lists its players and makes them from their names, gives the optimal player of a
solution already in memory and the best reply to named opponents, and may declare its *kinds*:
groups of threshold players with integer constants, which ``pigsolve tune`` searches exactly
(:mod:`policies.kinds`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import InvalidArgument

Announce = Callable[[str], None]
Ranges = dict[str, tuple[int, int, int]]
"""Per constant of a kind: (the documents' value, lowest, highest) searched."""
Limits = dict[str, tuple[int, int | None]]
"""Per constant of a kind: the lowest and highest value (None: no highest) a member accepts."""


@dataclass(frozen=True)
class Kinds:
    """A family's kinds of threshold players: ``ranges(rules)`` each kind's constants with the
    documents' values and default ranges, ``limits(rules, ranges)`` each constant's accepted
    values, ``member(kind, values)`` a member's name, ``example()`` rules to name the constants
    by, and ``batch(rules, names, against, opponent, progress)`` the members' comparisons at
    once, where a faster evaluator applies (None: one at a time)."""

    ranges: Callable[[Any], dict[str, Ranges]]
    limits: Callable[[Any, Ranges], Limits]
    member: Callable[[str, Sequence[int]], str]
    example: Callable[[], Any]
    batch: Callable[..., Any] | None = None


@dataclass(frozen=True)
class Roster:
    """A family's players.

    ``names(rules)`` lists ``(name, description)`` (rules None: in general); ``make(name, rules,
    table, announce, seed)`` makes one (the optimal table read at ``table``, else the data
    folder's, ``announce`` told in one line if it is solved first, its coins, where it tosses
    any, drawn from ``seed``); ``optimal(solution, seed)`` is the optimal player reading a
    solution in memory; ``best_response(rules, opponents)`` the best reply to
    named opponents; ``check(name, rules)`` refuses a name before anything is computed.
    ``arguments`` is the contract of a player from a file (``score, opponent_score``), and
    ``arities`` the numbers of arguments it may take; ``opponent`` is ``play``'s default.
    ``tabulate(spec, rules)`` asks such a function in every state it sees and returns its
    answers as one table, checked as a contest checks an entry (None: the family's players are
    not functions of what a table holds; :mod:`policies.contest`).
    """

    names: Callable[[Any], list[tuple[str, str]]]
    make: Callable[[str, Any, Path | None, Announce | None, int | None], Any]
    optimal: Callable[[Any, int | None], Any]
    best_response: Callable[[Any, Sequence[str]], Any]
    check: Callable[[str, Any], None]
    kinds: Kinds | None = None
    arguments: str = ""
    arities: tuple[int, ...] = ()
    opponent: str = "optimal"
    tabulate: Callable[[str, Any], Any] | None = None

    def player(
        self,
        name: str,
        rules: Any,
        table: Path | None = None,
        announce: Announce | None = None,
        seed: int | None = None,
    ) -> Any:
        """Return the player ``name`` for ``rules``, the name checked first (``human``: the
        person at the keyboard; a ``file.py:function``: checked when made); a player that tosses
        coins draws them from ``seed`` (None: fresh), so one seed replays one game."""
        from pigsolve.policies.human import Human

        if not is_user_player(name):
            self.check(name, rules)
        if name == Human.name:
            return Human()
        return self.make(name, rules, table, announce, seed)


def is_user_player(name: str) -> bool:
    """Return True if ``name`` names a function in a file (``file.py:function``) or a file."""
    return ".py:" in name or name.endswith(".py")


ROSTERS: dict[str, Roster] = {}
"""Every registered roster by its family's name (:attr:`solver.registry.Family.name`)."""


def register_roster(family: str, roster: Roster) -> Roster:
    """Register ``roster`` as the players of the family named ``family``; return it."""
    ROSTERS[family] = roster
    return roster


def roster(rules: Any) -> Roster:
    """Return the players of the family of ``rules`` (rules, or a game's name)."""
    from pigsolve.solver.registry import family_of

    return roster_of(family_of(rules).name)


def roster_of(family: str) -> Roster:
    """Return the players of the family named ``family`` (its package imported on first use)."""
    if family not in ROSTERS:
        module = f"pigsolve.policies.{family}"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as err:
            if err.name != module:
                raise
    if family not in ROSTERS:
        raise InvalidArgument(f"the {family} family has no players registered")
    return ROSTERS[family]
