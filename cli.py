"""The pigsolve command line: each command parses, calls the library and prints.

Library imports happen inside the commands so that ``play`` and ``info`` start fast (numba is
imported only on the paths that compute).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from solver import __version__

app = typer.Typer(
    help="Exact solutions of the dice games Pig and Hog.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err_console = Console(stderr=True)


@contextlib.contextmanager
def user_errors() -> Iterator[None]:
    """Turn the library's errors into one line on stderr and an exit code, never a traceback."""
    from solver.errors import PigsolveError

    try:
        yield
    except PigsolveError as err:
        err_console.print(f"error: {err}", markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(err.exit_code) from None
    except ValueError as err:
        err_console.print(f"error: {err}", markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        err_console.print("interrupted", highlight=False)
        raise typer.Exit(130) from None


def _version(value: bool) -> None:
    if value:
        console.print(f"pigsolve {__version__}", highlight=False)
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Exact solutions of the dice games Pig and Hog."""


# ----- Pig tables: compute, info, query, verify, bench (owner: solver) -----


# ----- Players: policies, play (owner: policies) -----


# ----- Comparing strategies: compare, simulate, export, plot -----


# ----- Hog -----
