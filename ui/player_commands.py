"""The players' commands of ``pigsolve``: policies, play, compare, simulate, tune and gui.

A sub-app without a name: :mod:`cli` adds its commands at the top level, after the table
commands of :mod:`ui.table_commands`.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from pigsolve.policies import computer_names, computer_tables, player_names
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.results import check_seed
from pigsolve.ui import pig_matches, records, result_tables
from pigsolve.ui.console import (
    announce_games,
    commands,
    console,
    note,
)
from pigsolve.ui.fronts import routed
from pigsolve.ui.options import (
    Against,
    Die,
    Family,
    Game,
    Games,
    Goal,
    Hints,
    Json,
    Piglet,
    Players,
    Range,
    Rolls,
    Seed,
    Table,
    Timeout,
    pig_rules,
    setting,
)
from pigsolve.ui.pig_play import Opponent, Opponents, PlayPlayers, play_pig
from pigsolve.ui.pig_terminal import Style
from pigsolve.ui.shared import named_table, tune_family
from pigsolve.ui.web.budgets import JOB_MEMORY_BYTES, JOB_SECONDS

players_app = typer.Typer()
command = commands(players_app)


@command("policies")
def policies_command(game: Game = None) -> None:
    """List the players that `play --opponent` (and the comparisons) accept."""
    if routed("policies", game):
        return
    console.print(result_tables.named_rows(("name", "player"), player_names("pig")))


@command()
def play(
    opponent: Opponent = None,
    opponents: Opponents = None,
    players: PlayPlayers = 2,
    style: Annotated[
        Style, typer.Option(help="classic (documents 000/001) or rounds (002, two players).")
    ] = Style.classic,
    you: Annotated[int | None, typer.Option(help="Your player number (default random).")] = None,
    rolls: Rolls = None,
    seed: Annotated[int | None, typer.Option(help="Seed for random dice and seats.")] = None,
    goal: Goal = None,
    die: Die = None,
    piglet: Piglet = None,
    game: Game = None,
    hints: Hints = False,
    timeout: Timeout = None,
) -> None:
    """Play Pig (or another game of the family: --game) in the terminal against one to three
    computer players."""
    seats = None if players == 2 else players
    chosen = None if style is Style.classic else style
    if routed(
        "play",
        game,
        opponent=opponent,
        opponents=opponents,
        players=seats,
        style=chosen,
        you=you,
        rolls=rolls,
        seed=seed,
        goal=goal,
        die=die,
        piglet=piglet,
        hints=hints,
        timeout=timeout,
    ):
        return
    rules = pig_rules(None, goal, die, players, piglet, game)
    play_pig(rules, opponent, opponents, style, you, rolls, seed, hints)


@command()
def compare(
    players: Annotated[
        list[str] | None,
        typer.Argument(
            help="Players A and B; with --all, the players of the round robin "
            "(default: every computer player).",
            show_default=False,
        ),
    ] = None,
    every_pair: Annotated[
        bool, typer.Option("--all", help="Compare every pair of the players listed.")
    ] = False,
    goal: Goal = None,
    die: Die = None,
    table: Table = None,
    as_json: Json = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV (with --all).")] = False,
    number: Players = None,
    piglet: Piglet = None,
    game: Game = None,
    timeout: Timeout = None,
) -> None:
    """Exact probability that player A beats player B: A first, B first, and on a coin toss
    (with --players N: every player, every seating order)."""
    if routed(
        "compare",
        game,
        players=players,
        every_pair=every_pair,
        goal=goal,
        die=die,
        table=table,
        as_json=as_json,
        as_csv=as_csv,
        number=number,
        piglet=piglet,
        timeout=timeout,
    ):
        return
    names = list(players or [])
    rules = pig_rules(table, goal, die, number, piglet, game)
    if as_json and as_csv:
        raise InvalidArgument("choose one of --json and --csv")
    if as_csv and not every_pair:
        raise InvalidArgument("--csv goes with --all; use --json for one pair")
    if not every_pair:
        return pig_matches.compare(rules, names, table, as_json)
    if rules.players != 2:  # a round robin is of pairs: refused before any table is made
        raise InvalidArgument(f"--all compares pairs of players, not games of {rules.players}")
    from pigsolve.solver.pig.evaluation import evaluate as pig_evaluate

    names = list(dict.fromkeys(names or computer_names("pig")))
    tables = computer_tables("pig", names, rules, named_table(table, rules), note)
    results = pig_evaluate.round_robin(rules, tables)
    pairs = [records.record(r, records.game_fields(rules)) for r in results]
    if as_json:
        print(json.dumps(pairs, allow_nan=False))
    elif as_csv:
        print(records.round_robin_csv(pairs))
    else:
        console.print(result_tables.round_robin(names, results, setting(rules)))


@command()
def simulate(
    players: Annotated[list[str], typer.Argument(help="Players A and B (or one per seat).")],
    games: Games = 100_000,
    seed: Seed = None,
    goal: Goal = None,
    die: Die = None,
    table: Table = None,
    number: Players = None,
    piglet: Piglet = None,
    game: Game = None,
    timeout: Timeout = None,
    as_json: Json = False,
) -> None:
    """Play many games of A against B (or of N players, the first move passing round) and set
    the win rates beside the exact values."""
    if routed(
        "simulate",
        game,
        players=players,
        games=games,
        seed=seed,
        goal=goal,
        die=die,
        table=table,
        number=number,
        piglet=piglet,
        timeout=timeout,
        as_json=as_json,
    ):
        return
    rules = pig_rules(table, goal, die, number, piglet, game)
    seed = None if seed is None else check_seed(seed)
    announce_games(games)
    pig_matches.simulate(rules, players, games, seed, table, as_json)


@command()
def tune(
    family: Family,
    against: Against = "optimal",
    goal: Goal = None,
    die: Die = None,
    ranges: Range = None,
    table: Table = None,
    as_json: Json = False,
    game: Game = None,
    timeout: Timeout = None,
) -> None:
    """Find a family's best constants exactly: hold, turns, base-pace-race, pace-race."""
    if routed(
        "tune",
        game,
        family=family,
        against=against,
        goal=goal,
        die=die,
        ranges=ranges,
        table=table,
        as_json=as_json,
        timeout=timeout,
    ):
        return
    rules = pig_rules(table, goal, die, game=game)
    if rules.players != 2:
        raise InvalidArgument(f"tune is for two players; {table} is a {rules.players}-player table")
    tune_family("pig", family, rules, against, ranges or [], table, as_json)


@command()
def gui(
    port: Annotated[int, typer.Option(help="The port to serve on (0: any free port).")] = 8000,
    host: Annotated[str, typer.Option(help="The interface to serve on.")] = "127.0.0.1",
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Open no browser.")] = False,
    cache_mib: Annotated[
        int, typer.Option(help="Disk for the tables the page computes, in MiB.", min=0)
    ] = 256,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            help="Also answer requests addressed to this name or address (repeatable), e.g. "
            "the machine's name or LAN address a class types; others are refused."
        ),
    ] = None,
    job_mib: Annotated[
        int,
        typer.Option(
            help="Memory of one computation (its worker's address space), in MiB.", min=256
        ),
    ] = JOB_MEMORY_BYTES >> 20,
    job_seconds: Annotated[
        float, typer.Option(help="Wall clock of one computation, in seconds.", min=1)
    ] = JOB_SECONDS,
) -> None:
    """Play Pig and Hog in the browser against perfect play (Ctrl-C stops it).

    Tables the page needs are computed in the background and saved in ./data/, where the other
    commands keep theirs; of those the page computed, the least recently used are deleted once
    they take more than --cache-mib (listed in data/web-cache.json). A computation that passes
    --job-mib or --job-seconds is stopped and answered in one line.
    """
    from pigsolve.ui.web.serve import serve

    serve(
        host,
        port,
        open_browser=not no_browser,
        announce=note,
        cache_bytes=cache_mib * 2**20,
        allowed_hosts=allow_host or [],
        job_bytes=job_mib * 2**20,
        job_seconds=job_seconds,
    )
