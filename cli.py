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


@app.command("policies")
def policies_command() -> None:
    """List the players that `play --opponent` (and the comparisons) accept."""
    with user_errors():
        from rich.table import Table

        from policies.base import policy_names

        table = Table("name", "player")
        for name, description in policy_names():
            table.add_row(name, description)
        console.print(table)


@app.command()
def play(
    opponent: Annotated[str, typer.Option(help="The computer player (see `policies`).")] = "hold20",
    style: Annotated[str, typer.Option(help="classic (documents 000/001) or rounds (002).")] = (
        "classic"
    ),
    you: Annotated[int | None, typer.Option(help="Your player number, 1 or 2 (classic).")] = None,
    rolls: Annotated[
        Path | None, typer.Option(help="A file of die rolls, whitespace-separated, used in order.")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for random dice and seats.")] = None,
    goal: Annotated[int, typer.Option(help="Points needed to win.")] = 100,
    die: Annotated[int, typer.Option(help="Sides of the die.")] = 6,
    hints: Annotated[
        bool, typer.Option(help="Show the optimal action and win chances (at a terminal).")
    ] = False,
) -> None:
    """Play Pig in the terminal against a computer player."""
    with user_errors():
        import sys

        import numpy as np

        from policies.base import make_policy
        from policies.optimal import OptimalPolicy
        from policies.render import choose_seat, play_in_terminal
        from solver.dice import RandomDice, read_rolls
        from solver.pig import PigRules

        def announce(line: str) -> None:
            err_console.print(line, markup=False, highlight=False, soft_wrap=True)

        rules = PigRules(goal=goal, die_sides=die)
        rng = np.random.default_rng(seed)
        human = choose_seat(you, style, rng)
        dice = read_rolls(rolls, die) if rolls is not None else RandomDice(die, rng)
        player = make_policy(opponent, rules, announce=announce)
        table = None
        if hints and not sys.stdin.isatty():
            announce("note: --hints needs a terminal; playing without hints")
        elif hints:
            from solver.table import load_or_compute

            if isinstance(player, OptimalPolicy):
                table = player.table
            else:
                table = load_or_compute(rules, announce=announce)
        play_in_terminal(rules, player, style, human, dice, sys.stdin, sys.stdout, hints=table)


# ----- Comparing strategies: compare, simulate, export, plot -----


# ----- Hog -----
