"""The commands of ``pigsolve``: one body a command for every family.

A body declares the options every family shares; :func:`command` adds the options the families
declare for it (:attr:`ui.adapters.Adapter.options`), listed under each family in ``--help``,
and hands the body those given as ``given``. :func:`setting` then finds the game once: its
family and adapter, its rules (from ``--game``, the options, or a table named), the table read.
An option the game's family does not take is one line, exit 2.
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperCommand

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.registry import DEFAULT, Family, family_of_game, family_of_table
from pigsolve.ui.adapters import Adapter, Option, adapter_named, adapters
from pigsolve.ui.console import user_errors

FLAGS = {"number": "players", "every_pair": "all", "as_json": "json", "as_csv": "csv"}
"""Parameters whose flag is not their name."""


def flag(name: str) -> str:
    """Return the option of the Python parameter ``name``: ``--players`` for ``number``."""
    return "--" + FLAGS.get(name, name).replace("_", "-")


class SectionedCommand(TyperCommand):
    """A command whose ``--help`` lists the families' options under each family."""

    sections: typing.ClassVar[dict[str, str]] = {}

    def format_options(self, ctx: Any, formatter: Any) -> None:
        groups: dict[str, list[tuple[str, str]]] = {}
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is not None:
                kind = "Arguments" if param.param_type_name == "argument" else "Options"
                title = self.sections.get(param.name or "", kind)
                groups.setdefault(title, []).append(record)
        for title, records in groups.items():
            with formatter.section(title):
                formatter.write_dl(records)


def family_options(command: str, own: set[str]) -> tuple[list[Option], dict[str, str]]:
    """Return the families' options ``command`` takes beyond its ``own`` (one a name, the first
    family's declaration) and each one's help section: the families that take it (``A
    options``, ``A and B options``)."""
    found: dict[str, Option] = {}
    takers: dict[str, list[str]] = {}
    for adapter in adapters():
        for name, option in adapter.taken(command).items():
            if name in own:
                continue
            found.setdefault(name, option)
            takers.setdefault(name, []).append(adapter.label)
    sections = {}
    for name, labels in takers.items():
        if len(labels) < len(adapters()):
            words = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + f" and {labels[-1]}"
            sections[name] = f"{words} options"
    return list(found.values()), sections


def command(app: typer.Typer, name: str | None = None, **settings: Any) -> Callable:
    """Return a decorator adding the body below as the command ``name`` of ``app``: every error
    one line (:func:`ui.console.user_errors`), the families' options added to its own."""

    def decorate(body: Callable[..., None]) -> Callable[..., None]:
        called = name or body.__name__.removesuffix("_command")
        hints = typing.get_type_hints(body, include_extras=True)
        signature = inspect.signature(body)
        own = [p.replace(annotation=hints[p.name]) for p in signature.parameters.values()]
        wants_given = any(p.name == "given" for p in own)
        own = [p for p in own if p.name != "given"]
        extra, sections = family_options(called, {p.name for p in own}) if wants_given else ([], {})
        keyword = inspect.Parameter.KEYWORD_ONLY
        added = [
            inspect.Parameter(o.name, keyword, default=None, annotation=o.annotation) for o in extra
        ]

        @functools.wraps(body)
        def run(**values: Any) -> None:
            given = {o.name: values.pop(o.name) for o in extra}
            given = {k: v for k, v in given.items() if v is not None and v is not False}
            with user_errors():
                body(**values, **({"given": given} if wants_given else {}))

        parameters = [
            p.replace(kind=inspect.Parameter.KEYWORD_ONLY) if added else p for p in own
        ] + added
        run.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in parameters}
        del run.__wrapped__  # typer reads the signature above, not the body's
        cls = type(f"{called.title()}Command", (SectionedCommand,), {"sections": sections})
        app.command(called, cls=cls, **settings)(run)
        return body  # callable as it is (the family's own command groups call the bodies)

    return decorate


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
        return self.adapter.game_name(self.rules)


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
    the default), the rules its options give, and the table ``table`` (which must exist) read
    once if ``read``, which gives the rules the options leave out (an option given that
    disagrees with it is refused), its values ``checked`` (``verify``: not). ``rules_options``
    are the command's own rules options (``players``). Every option given must be the
    family's."""
    from pigsolve.solver.tables import require

    family = family_of_game(game or DEFAULT)
    if table is not None and game is None and Path(table).exists():
        family = family_of_table(table)
    elif game is None:  # an option that names a game of its family (an alias of --game)
        family = next((a.family for a in adapters() if a.names_game(given)), family)
    adapter = adapter_named(family.name)
    name = (game or family.games[0]).strip()
    name = adapter.game(name.lower() if name.lower() in family.games else name, given, bool(game))
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
    solution = None
    if table is not None:
        if not Path(table).exists():  # say which command makes it
            require(table, adapter.rules(name, adapter.parameters(name, ruling)))
        held_family = family_of_table(table)
        if held_family is not family:
            raise InvalidArgument(f"{table} holds a {held_family.label} table, not one of {name}")
        if read:
            solution = family.load(Path(table), **({} if checked else {"checked": False}))
            name = name if game is not None else adapter.game_name(solution.rules)
    parameters = adapter.parameters(name, ruling)  # checked against the game, as given
    if solution is None:
        return Setting(family, adapter, adapter.rules(name, parameters), None, own, solver)
    held, words = solution.rules, family.describe(solution.rules)
    if game is not None and adapter.game_name(held) != adapter.game_name(
        adapter.rules(name, parameters)
    ):
        raise InvalidArgument(f"{table} holds {words}; --game {game} disagrees (leave it out)")
    for option, value in ruling.items():
        parameter = taken[option].parameter
        if getattr(held, parameter, value) != value:
            shown = flag(option) if isinstance(value, bool) else f"{flag(option)} {value}"
            raise InvalidArgument(
                f"{table} holds {words}; {shown} disagrees (leave it out: the table gives it)"
            )
    return Setting(family, adapter, held, solution, own, solver)
