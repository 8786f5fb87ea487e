"""The pigsolve command line: each command parses, calls the library and prints.

The library compiles its numba kernels only when a command computes, so ``play`` and ``info``
start fast. The commands are one body each for every game family (:mod:`ui.commands`), each
family's words its adapter's (:mod:`ui.adapters`); every error ends as one line on stderr
(:func:`ui.console.user_errors`): exit 2 for a usage error, 1 for a valid request that fails at
run time, 130 for Ctrl-C (the rule: :mod:`solver.errors`).
"""

from __future__ import annotations

import sys

import typer

from pigsolve.solver import __version__
from pigsolve.ui.adapters import adapters
from pigsolve.ui.commands.players import players_app
from pigsolve.ui.commands.tables import tables_app
from pigsolve.ui.commands.tournament import tournament_app
from pigsolve.ui.console import data_dir_option, games_words, run_app, version_option

app = typer.Typer(
    help=f"Exact solutions of the dice games {games_words()}.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: no "<bool>" after flags, no markup eating "[...]"
)
app.add_typer(tables_app)
app.add_typer(players_app)
app.add_typer(tournament_app)
for adapter in adapters():
    adapter.add_commands(app)
version_option(app, f"pigsolve {__version__}", data_dir_option)


def run() -> None:
    """The ``pigsolve`` console script."""
    sys.exit(run_app(app))


if __name__ == "__main__":
    run()
