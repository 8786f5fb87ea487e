"""The pigsolve command line: each command parses, calls the library and prints.

The library compiles its numba kernels only when a command computes, so ``play`` and ``info``
start fast. Rendering lives in :mod:`ui`; every error ends as one line on stderr
(:func:`ui.console.user_errors`): exit 2 for a usage error, 1 for a valid request that fails at
run time, 130 for Ctrl-C (the rule: :mod:`solver.errors`).
"""

from __future__ import annotations

import sys

import typer

from pigsolve.solver import __version__
from pigsolve.ui.console import run_app, version_option
from pigsolve.ui.hog_cli import hog_app
from pigsolve.ui.player_commands import players_app
from pigsolve.ui.table_commands import tables_app

app = typer.Typer(
    help="Exact solutions of the dice games Pig and Hog.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: no "<bool>" after flags, no markup eating "[...]"
)
app.add_typer(tables_app)
app.add_typer(players_app)
app.add_typer(hog_app, name="hog")
version_option(app, f"pigsolve {__version__}")


def run() -> None:
    """The ``pigsolve`` console script."""
    sys.exit(run_app(app))


if __name__ == "__main__":
    run()
