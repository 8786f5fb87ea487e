"""The commands of ``pigsolve``: one body a command for every family.

A body declares the options every family shares; :func:`command` adds the options the families
declare for it (:attr:`ui.adapters.Adapter.options`), listed under each family in ``--help``,
and hands the body those given as ``given``; the front (:func:`ui.front.setting`) then finds the
game once.
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable
from typing import Any

import typer
from typer.core import TyperCommand

from pigsolve.ui.adapters import Option, adapters
from pigsolve.ui.console import user_errors


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


@functools.cache
def option_flags() -> dict[str, str]:
    """Return the flag of every family's option by the Python parameter it sets (``die_sides``:
    ``--die``), for the errors that name parameters (:func:`ui.console.as_option`)."""
    return {
        option.parameter or option.name: option.flag
        for adapter in adapters()
        for option in adapter.options
    }


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
            with user_errors(option_flags()):
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
