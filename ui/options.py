"""The command-line options shared by several commands, defined once.

A family's own options are its adapter's (:mod:`ui.adapters`); the rules' options default to
None, so that a table named can supply its own rules and an option given that disagrees with it
is a usage error (:func:`ui.commands.setting`).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Annotated

import typer

from pigsolve.solver import registry
from pigsolve.solver.sandbox import time_limit

GAME_NAMES = registry.names()
"""Every registered game's name, as ``--game`` takes it (the registry's one list)."""
GAME_FILES = dict.fromkeys(s for family in registry.families() for s in family.can.file_suffixes)
"""The suffixes of the game files ``--game`` reads, each once."""

Game = Annotated[
    str | None,
    typer.Option(
        "--game",
        metavar="NAME|PATH",
        help=f"The game: {', '.join(GAME_NAMES)} (default {registry.DEFAULT}, or the table's), "
        f"or a game file ({', '.join(GAME_FILES)}; see `info --game`; a Python file's code runs).",
    ),
]
Force = Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")]
Quiet = Annotated[bool, typer.Option("--quiet", help="Print nothing but errors.")]
Json = Annotated[bool, typer.Option("--json", help="Print JSON.")]
Seed = Annotated[int | None, typer.Option(help="Seed (default: fresh, and printed).")]
Games = Annotated[
    int,
    typer.Option(
        metavar="N",
        parser=lambda text: game_count(text),
        help="Number of games (100000, 1e6, 1_000_000); A starts every other one.",
    ),
]
TableFile = Annotated[
    Path | None, typer.Argument(help="Table file (default: the data folder's, by the rules).")
]
Table = Annotated[
    Path | None,
    typer.Option(
        help="Optimal table, which gives the rules (default: the data folder's, made if absent)."
    ),
]
Timeout = Annotated[
    float | None,
    typer.Option(
        "--timeout",
        metavar="SECONDS",
        min=0.0,
        callback=time_limit.set_timeout,  # applied as it is parsed: the command need not pass it
        help="Seconds each call of a function from a file (a strategy, rules) may take (default: "
        f"{time_limit.UNATTENDED:g} when input is not a terminal, else no limit; 0: no limit).",
    ),
]
Memory = Annotated[
    float | None,
    typer.Option(
        "--memory",
        metavar="MIB",
        min=0.0,
        callback=time_limit.set_memory,  # applied as it is parsed: the command need not pass it
        help="MiB of memory the process of a function from a file (a strategy, rules) may use "
        f"(default: {time_limit.MEMORY:g}; 0: no limit).",
    ),
]


def game_count(text: str | int) -> int:
    """Return ``--games`` as a whole number: ``100000``, ``1e6``, ``1_000_000`` or ``1,000,000``.

    >>> game_count("1e6"), game_count("2,500")
    (1000000, 2500)
    """
    try:
        value = Decimal(str(text).replace("_", "").replace(",", ""))  # the default is an int
    except InvalidOperation:
        value = None
    if value is None or not value.is_finite() or value != value.to_integral_value():
        raise typer.BadParameter(f"{text!r} is not a whole number of games (e.g. 100000 or 1e6)")
    return int(value)
