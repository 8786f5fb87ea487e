"""``pigsolve hog COMMAND --rules fa16``: the older group of Hog's commands, an alias of
``pigsolve COMMAND --game hog-fa16`` (the same bodies, :mod:`ui.commands`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from pigsolve.policies.kinds import constant_names
from pigsolve.solver.games.hog import RuleSet, hog_rules
from pigsolve.ui.commands import players, tables
from pigsolve.ui.console import commands, note
from pigsolve.ui.options import Force, Games, Json, Memory, Quiet, Seed, Table, Timeout

hog_app = typer.Typer(
    help="Hog (CS 61A's rules of a semester, fa16 to sp26): exact strategies and play.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
hog_command = commands(hog_app)

Rules = Annotated[RuleSet | None, typer.Option("--rules", help="Semester (default fa16).")]
Goal = Annotated[int | None, typer.Option("--goal", help="Points needed to win (default 100).")]
Player = Annotated[str, typer.Argument(help="A player (see `policies`).", show_default=False)]


@hog_app.callback()
def alias(context: typer.Context) -> None:
    """Hog (CS 61A's rules of a semester, fa16 to sp26): exact strategies and play.

    An alias: `pigsolve hog COMMAND --rules fa16` is `pigsolve COMMAND --game hog-fa16`.
    """
    command = context.invoked_subcommand
    if sys.stderr.isatty():  # said to the person typing; scripts' output stays as it was
        note(f"`pigsolve hog {command}` is `pigsolve {command} --game hog-SEMESTER` now")


def _given(table: Path | None, rules: RuleSet | None, goal: int | None) -> dict[str, Any]:
    """Return the options the alias gives a command: the rule set (fa16 where no table gives
    it) and the goal, if given."""
    table_gives = table is not None and rules is None and table.exists()
    named = {} if table_gives else {"rules": str(rules or RuleSet.fa16)}
    return named | ({} if goal is None else {"goal": goal})


@hog_command("compute")
def hog_compute(
    rules: Rules = None,
    goal: Goal = None,
    out: Annotated[Path | None, typer.Option(help="Output file (default: by rules).")] = None,
    force: Force = False,
    quiet: Quiet = False,
) -> None:
    """Solve a Hog rule set exactly and save the optimal table (HDF5)."""
    tables.compute(game=None, out=out, force=force, quiet=quiet, given=_given(None, rules, goal))


@hog_command("query")
def hog_query(
    score: Annotated[int, typer.Argument(help="The mover's score.", show_default=False)],
    opponent_score: Annotated[int, typer.Argument(help="Opponent's score.", show_default=False)],
    four_sided: Annotated[bool, typer.Option("--four-sided", help="fa16: 4-sided dice.")] = False,
    prev: Annotated[int, typer.Option(help="su20: the mover's previous turn score.")] = 0,
    opponent_prev: Annotated[int, typer.Option(help="su20: opponent's previous turn score.")] = 0,
    rules: Rules = None,
    goal: Goal = None,
    table: Table = None,
    as_json: Json = False,
) -> None:
    """The optimal number of dice in a state and the win probability of every choice."""
    state = [score, opponent_score]
    if four_sided or prev or opponent_prev:
        state += [int(four_sided), prev, opponent_prev]
    given = _given(table, rules, goal)
    tables.query(state=state, table=table, game=None, as_json=as_json, given=given)


@hog_command("policies")
def hog_policies() -> None:
    """List the Hog players that `hog play --opponent` (and the comparisons) accept."""
    players.policies_command(game="hog-fa16")


@hog_command("compare")
def hog_compare(
    a: Player,
    b: Player,
    rules: Rules = None,
    goal: Goal = None,
    table: Table = None,
    as_json: Json = False,
    timeout: Timeout = None,
    memory: Memory = None,
) -> None:
    """Exact probability that Hog player A beats B: A first, B first, and on a coin toss."""
    given = _given(table, rules, goal)
    players.compare(players=[a, b], table=table, as_json=as_json, game=None, given=given)


@hog_command("simulate")
def hog_simulate(
    a: Player,
    b: Player,
    games: Games = 10_000,
    seed: Seed = None,
    rules: Rules = None,
    goal: Goal = None,
    table: Table = None,
    timeout: Timeout = None,
    memory: Memory = None,
    as_json: Json = False,
) -> None:
    """Play many games of A against B and set the win rates beside the exact values."""
    players.simulate(
        players=[a, b], games=games, seed=seed, table=table, game=None, as_json=as_json,
        given=_given(table, rules, goal),
    )  # fmt: skip


@hog_command("tune")
def hog_tune(
    kind: Annotated[str, typer.Argument(help="The kind to tune.", show_default=False)],
    against: Annotated[str, typer.Option(help="The player to beat.")] = "optimal",
    rules: Rules = None,
    goal: Goal = None,
    ranges: Annotated[
        list[str] | None,
        typer.Option(
            "--range",
            help=f"NAME=LO:HI (repeatable); the names: {constant_names(hog_rules('fa16'))}.",
        ),
    ] = None,
    table: Table = None,
    as_json: Json = False,
    timeout: Timeout = None,
    memory: Memory = None,
) -> None:
    """Find a kind's best constants exactly: always, bacon, swap."""
    players.tune(
        kind=kind, against=against, ranges=ranges, table=table, as_json=as_json, game=None,
        given=_given(table, rules, goal),
    )  # fmt: skip


@hog_command("play")
def hog_play(
    opponent: Annotated[
        str, typer.Option(help="The other player (see `hog policies`; human: two at the keyboard).")
    ] = "optimal",
    you: Annotated[int, typer.Option(help="Your player number: 1 moves first, 2 second.")] = 1,
    rolls: Annotated[Path | None, typer.Option(help="A file of rolls, used in order.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for random dice.")] = None,
    rules: Rules = None,
    goal: Goal = None,
    hints: Annotated[bool, typer.Option("--hints", help="Show the optimal choice.")] = False,
    timeout: Timeout = None,
    memory: Memory = None,
) -> None:
    """Play Hog in the terminal against a computer player (or another person)."""
    given = _given(None, rules, goal) | {"you": you} | ({} if rolls is None else {"rolls": rolls})
    players.play(opponent=opponent, game=None, seed=seed, hints=hints, given=given)
