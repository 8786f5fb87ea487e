"""The front of every command: the game it plays, found once from the command line.

``--game`` (or a table named, or an option that names a game, or the default) gives the
family's adapter; the options given must be the family's; the rules come from them, or from the
table named, read once, which an option given must agree with (:func:`setting`). Nothing here
knows a family: the adapters say what is a family's own, the registry finds the family.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.registry import (
    DEFAULT,
    Family,
    family_of_game,
    family_of_table,
    require,
)
from pigsolve.ui.adapters import Adapter, adapters

FLAGS = {"number": "players", "every_pair": "all", "as_json": "json", "as_csv": "csv"}
"""Parameters whose flag is not their name."""


def flag(name: str) -> str:
    """Return the option of the Python parameter ``name``: ``--players`` for ``number``."""
    return "--" + FLAGS.get(name, name).replace("_", "-")


@dataclass
class Setting:
    """The game a command plays: its ``family`` and ``adapter``, its ``rules``, the table named
    (``solution``, read once; None without one) and the family's own options ``given``
    beyond the rules (``solver``: the solve's)."""

    family: Family
    adapter: Adapter
    rules: Any
    solution: Any = None
    given: dict[str, Any] = field(default_factory=dict)
    solver: dict[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> str:
        """The game as ``--game`` names it."""
        return self.family.game_name(self.rules)


def family_named_by(game: str | None, given: dict[str, Any], table: Path | None = None) -> Family:
    """Return the family of ``--game`` (or of the table named, or of an option that names a
    game, or the default), nothing else checked yet."""
    if game is not None:
        return family_of_game(game)
    if table is not None and Path(table).exists():
        return family_of_table(table)
    every = adapters()
    named = [adapter for adapter in every if adapter.named_game(given) is not None]
    named += [adapter for adapter in every if adapter.family.name == DEFAULT]
    return named[0].family


def setting(
    command: str,
    game: str | None,
    given: dict[str, Any],
    table: Path | None = None,
    read: bool = True,
    checked: bool = True,
    **rules_options: Any,
) -> Setting:
    """Return the game ``command`` plays: the family of ``--game`` (or of the table named, or
    of an option that names a game, or the default), the rules its options give, and the table
    ``table`` (which must exist) read once if ``read``, which gives the rules the options leave
    out (an option given that disagrees with it is refused), its values ``checked`` (``verify``:
    not). ``rules_options`` are the command's own rules options (``players``). Every option
    given must be the family's.

    The game named goes down once, to the registry; what comes back is handed on to the family
    (its rules, its table), while the family's words come from its adapter.
    """
    family = family_named_by(game, given, table)
    every = adapters()
    adapter = next(adapter for adapter in every if adapter.family is family)
    text = (game or family.games[0]).strip()
    name = text.lower() if text.lower() in family.games else text
    alias = adapter.named_game(given)
    if alias is not None:
        if game is not None and alias[0] != name:
            raise InvalidArgument(f"{alias[1]} disagrees with --game {name}")
        name = alias[0]
    options = {k: v for k, v in rules_options.items() if v is not None} | given
    declared = {option.name: option for option in adapter.options}
    taken = adapter.taken(command) | {k: declared[k] for k in rules_options if k in declared}
    for option in options:
        if option not in taken:
            raise InvalidArgument(f"{flag(option)} is not an option of {name}")
    own = {k: v for k, v in given.items() if not taken[k].parameter}
    solver = {k: v for k, v in own.items() if taken[k].solver}
    own = {k: v for k, v in own.items() if not taken[k].solver}
    ruling = {k: v for k, v in options.items() if taken[k].parameter}
    shown = {k: flag(k) if isinstance(v, bool) else f"{flag(k)} {v}" for k, v in ruling.items()}
    agree = {taken[k].parameter: (shown[k], v) for k, v in ruling.items()}
    parameters = adapter.parameters(name, ruling)  # checked against the game named
    try:
        rules = family.rules(name, **parameters)
    except TypeError as err:
        raise InvalidArgument(str(err)) from None
    if table is None:
        return Setting(family, adapter, rules, None, own, solver)
    require(table, rules)
    held_by = family_of_table(table)
    if held_by is not family:
        raise InvalidArgument(f"{table} holds a {held_by.label} table, not one of {family.label}")
    if not read:
        return Setting(family, adapter, rules, None, own, solver)
    solution = family.load(Path(table), checked=checked)
    held, words = solution.rules, family.describe(solution.rules)
    if game is not None and family.game_name(held) != family.game_name(rules):
        raise InvalidArgument(f"{table} holds {words}; --game {game} disagrees (leave it out)")
    try:  # the table's game takes these (where it is named, its game file need not be there)
        if parameters and (game is not None or family.game_name(held) in family.games):
            family.rules(family.game_name(held), **parameters)
    except TypeError as err:
        raise InvalidArgument(str(err)) from None
    for parameter, (option, value) in agree.items():
        if getattr(held, parameter, value) != value:
            raise InvalidArgument(
                f"{table} holds {words}; {option} disagrees (leave it out: the table gives it)"
            )
    return Setting(family, adapter, held, solution, own, solver)
