"""The players' commands of ``pigsolve``: policies, play, compare, simulate, tune and gui, one
body each for every family (:mod:`ui.commands`).

A sub-app without a name: :mod:`cli` adds its commands at the top level, after the table
commands of :mod:`ui.commands.tables`.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any

import typer

from pigsolve.policies.kinds import constant_names
from pigsolve.solver.errors import InvalidArgument, missing_extra
from pigsolve.ui.commands import command
from pigsolve.ui.console import announce_games, console, in_options, note, progress_bar
from pigsolve.ui.front import Setting, setting
from pigsolve.ui.options import Game as GameOption
from pigsolve.ui.options import Games, Json, Memory, Seed, Table, Timeout
from pigsolve.ui.web.budgets import JOB_MEMORY_BYTES, JOB_SECONDS, LOADED_BYTES, SERVER_BYTES

players_app = typer.Typer()

MAX_SEATS = 4
"""The most players ``play`` seats (the equilibrium tables grow as ``G ** N``)."""
Players = Annotated[
    int | None,
    typer.Option("--players", help="Number of players (default 2, or as many as named)."),
]


@command(players_app, "policies")
def policies_command(game: GameOption = None) -> None:
    """List the players that `play --opponent` (and the comparisons) accept."""
    found = setting("policies", game, {})
    found.adapter.show_players(found.rules)


def split_names(text: str, players: int) -> list[str]:
    """Split a comma-separated list of player names; a kind's constants (``pace-race:21,8,71``)
    stay with their name, and ``best-response:A,B`` keeps its ``players - 1`` opponents.

    >>> split_names("best-response:hold20,pace-race:21,8,71,hold20", 3)
    ['best-response:hold20,pace-race:21,8,71', 'hold20']
    """
    parts = [part.strip() for part in re.split(r",(?!\d)", text)]
    names: list[str] = []
    while parts:
        name = parts.pop(0)
        if name.startswith("best-response:"):
            taken, parts = parts[: players - 2], parts[players - 2 :]
            name = ",".join([name, *taken])
        names.append(name)
    return names


def opponent_names(rules: Any, opponent: str | None, opponents: str | None) -> list[str]:
    """Return the player named for each seat but the person's, in seat order; compute nothing.

    ``opponents`` lists ``players - 1`` names, separated by commas (:func:`split_names`);
    without it ``opponent`` (default: the family's, :attr:`policies.roster.Roster.opponent`)
    plays every other seat.
    """
    from pigsolve.policies import check_player_name
    from pigsolve.policies.roster import roster

    n = getattr(rules, "players", 2)
    if n > MAX_SEATS:
        raise InvalidArgument(f"play seats 2 to {MAX_SEATS} players, got {n}")
    if opponents is None:
        names = [opponent or roster(rules).opponent] * (n - 1)
    else:
        if opponent is not None:
            raise InvalidArgument("choose one of --opponent and --opponents")
        names = split_names(opponents, n)
        if len(names) != n - 1:
            count, wanted = len(names), f"{n - 1} name{'s' if n > 2 else ''}"
            other = f"; for {count + 1} players use --players {count + 1}"
            raise InvalidArgument(
                f"--opponents needs {wanted} for {n} players, got {count} ({opponents})"
                + (other if count + 1 <= MAX_SEATS else "")
            )
    for name in names:
        check_player_name(rules, name)
    return names


@command(players_app)
def play(
    opponent: Annotated[
        str | None,
        typer.Option(
            help="The computer player in every other seat (see `policies`; default: "
            "the game's; human: two at the keyboard)."
        ),
    ] = None,
    opponents: Annotated[
        str | None,
        typer.Option(help="A player for each other seat, in seat order, e.g. optimal,hold20."),
    ] = None,
    players: Annotated[
        int, typer.Option("--players", help=f"Number of players, 2 to {MAX_SEATS}.")
    ] = 2,
    seed: Annotated[int | None, typer.Option(help="Seed for random dice and seats.")] = None,
    game: GameOption = None,
    hints: Annotated[
        bool, typer.Option("--hints", help="Show the optimal choice, win chances.")
    ] = False,
    timeout: Timeout = None,
    memory: Memory = None,
    *,
    given: dict[str, Any],
) -> None:
    """Play a game in the terminal against one to three computer players (or another person)."""
    from pigsolve.solver.results import check_seed

    seats = None if players == 2 else players
    found = setting("play", game, given, players=seats)
    names = opponent_names(found.rules, opponent, opponents)
    found.adapter.play(
        found.rules, names, None if seed is None else check_seed(seed), hints, found.given
    )


def computers(found: Setting, names: list[str], table: Any, seed: int | None = None) -> list[Any]:
    """Return the players named, one a seat, every name checked first; an optimal player reads
    the table named (read once), else the data folder's, and tosses its coins from ``seed``."""
    from pigsolve.policies import check_player_name, computer_players
    from pigsolve.policies.roster import roster

    if found.solution is None:
        made = computer_players(found.rules, names, table, note, seed)
    else:  # the table named is read already: the optimal player plays it
        for name in names:
            check_player_name(found.rules, name)
        others = [name for name in names if name != "optimal"]
        made = computer_players(found.rules, others, table, note, seed)
        made["optimal"] = roster(found.rules).optimal(found.solution, seed)
    return [made[name] for name in names]


@command(players_app)
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
    table: Table = None,
    as_json: Json = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV (with --all).")] = False,
    number: Players = None,
    game: GameOption = None,
    timeout: Timeout = None,
    memory: Memory = None,
    *,
    given: dict[str, Any],
) -> None:
    """Exact probability that player A beats player B: A first, B first, and on a coin toss
    (with --players N: every player, every seating order)."""
    from pigsolve.policies import computer_names
    from pigsolve.solver.results import round_robin
    from pigsolve.ui import records, result_tables

    names = list(players or [])
    found = setting("compare", game, given, table, players=number)
    rules, family, adapter = found.rules, found.family, found.adapter
    if as_json and as_csv:
        raise InvalidArgument("choose one of --json and --csv")
    if as_csv and not every_pair:
        raise InvalidArgument("--csv goes with --all; use --json for one pair")
    seats = getattr(rules, "players", 2)
    inexact = family.demands(rules).inexact
    if inexact:  # before an optimal player's table is made
        raise InvalidArgument(inexact)
    if not every_pair:
        if len(names) != seats:
            raise InvalidArgument(f"give {seats} players for --players {seats}, got {len(names)}")
        made = computers(found, names, table)
        if seats > 2:
            return adapter.show_seatings(rules, made, names, as_json)
        return adapter.show_comparison(family.compare(rules, *made), rules, as_json)
    if seats != 2:  # a round robin is of pairs: refused before any table is made
        raise InvalidArgument(f"--all compares pairs of players, not games of {seats}")
    names = list(dict.fromkeys(names or computer_names(rules)))
    made = dict(zip(names, computers(found, names, table), strict=True))
    results = round_robin(names, lambda a, b: family.compare(rules, made[a], made[b]))
    pairs = [records.record(r, adapter.record_fields(rules)) for r in results]
    if as_json:
        print(json.dumps(pairs, allow_nan=False))
    elif as_csv:
        print(records.round_robin_csv(pairs))
    else:
        console.print(result_tables.round_robin(names, results, adapter.setting(rules)))


@command(players_app)
def simulate(
    players: Annotated[list[str], typer.Argument(help="Players A and B (or one per seat).")],
    games: Games = 100_000,
    seed: Seed = None,
    table: Table = None,
    number: Players = None,
    game: GameOption = None,
    timeout: Timeout = None,
    memory: Memory = None,
    as_json: Json = False,
    *,
    given: dict[str, Any],
) -> None:
    """Play many games of A against B (or of N players, the first move passing round) and set
    the win rates beside the exact values."""
    from pigsolve.solver.results import check_seed, fresh_seed

    seats = number if number is not None or len(players) < 3 else len(players)
    found = setting("simulate", game, given, table, players=seats)
    rules = found.rules
    seed = fresh_seed() if seed is None else check_seed(seed)  # the dice's and the coins'
    seated = getattr(rules, "players", 2)
    if len(players) != seated:
        raise InvalidArgument(f"give {seated} players for --players {seated}, got {len(players)}")
    if seated > 2 and games < seated:  # one game a first mover, before any table is made
        raise InvalidArgument(f"games must be at least {seated}, one per first mover, got {games}")
    announce_games(games)
    made = computers(found, list(players), table, seed)
    with progress_bar("playing", games) as progress:
        result = found.family.simulate(rules, made, games, seed, progress=progress)
    found.adapter.show_simulation(result, rules, as_json)


@command(players_app)
def tune(
    kind: Annotated[str, typer.Argument(help="The kind of player to tune.", show_default=False)],
    against: Annotated[str, typer.Option(help="The player to beat.")] = "optimal",
    ranges: Annotated[
        list[str] | None,
        typer.Option(
            "--range",
            help=f"NAME=LO:HI (repeatable); the names: {constant_names()}.",
        ),
    ] = None,
    table: Table = None,
    as_json: Json = False,
    game: GameOption = None,
    timeout: Timeout = None,
    memory: Memory = None,
    *,
    given: dict[str, Any],
) -> None:
    """Find a kind's best constants exactly against one player (the kinds: see --range)."""
    from pigsolve.policies import kinds
    from pigsolve.policies.roster import roster
    from pigsolve.ui import records, result_tables

    found = setting("tune", game, given, table)
    rules = found.rules
    if getattr(rules, "players", 2) != 2:
        raise InvalidArgument(
            f"tune is for two players; {table} is a {rules.players}-player table"
            if table is not None
            else f"tune is for two players, not {rules.players}"
        )
    optimal = None if found.solution is None else roster(rules).optimal(found.solution, None)
    with progress_bar(f"tuning {kind}", None) as progress:
        result = kinds.tuning(rules, kind, against, ranges or [], table, note, progress, optimal)
    for warning in result.warnings:
        note(in_options(warning, ["ranges"]))
    if as_json:
        record = records.tuning_record(result, found.adapter.record_fields(rules))
        print(json.dumps(record, allow_nan=False))
    else:
        console.print(result_tables.tuning(result))


@command(players_app)
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
        int | None,
        typer.Option(
            help="Memory of one computation (its worker's address space), in MiB (default "
            f"{JOB_MEMORY_BYTES >> 20}, or its share of --memory-mib).",
            min=256,
            show_default=False,
        ),
    ] = None,
    job_seconds: Annotated[
        float, typer.Option(help="Wall clock of one computation, in seconds.", min=1)
    ] = JOB_SECONDS,
    trust_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="The address (or network) of a reverse proxy in front of the server "
            "(repeatable, or a comma list): its X-Forwarded-For and X-Forwarded-Proto are "
            "believed. None by default: those headers are ignored."
        ),
    ] = None,
    memory_mib: Annotated[
        int | None,
        typer.Option(
            help=f"Memory of the whole server, computations included, in MiB: "
            f"{SERVER_BYTES >> 20} for the server, then a quarter of the rest for the tables it "
            "keeps loaded and three quarters shared equally by the computations that may run at "
            "once (with --job-mib, they get that each and the tables the rest). "
            f"Default: no bound, {LOADED_BYTES >> 20} MiB of loaded tables.",
            min=1,
        ),
    ] = None,
) -> None:
    """Play every game in the browser against perfect play, explore its tables and compare
    players (Ctrl-C stops it).

    Tables the page needs are computed in the background and saved in the data folder (./data/,
    or --data-dir), where the other commands keep theirs; of those the page computed, the least
    recently used are deleted once they take more than --cache-mib (listed in web-cache.json
    there). A computation that passes --job-mib or --job-seconds is stopped and answered in one
    line; --memory-mib bounds the server and its computations together, and a table or
    computation that cannot fit is refused before it starts.
    """
    try:
        from pigsolve.ui.web.serve import serve
    except ImportError:  # the server's modules import Starlette and uvicorn at their top
        raise missing_extra("the GUI", "gui") from None

    serve(
        host,
        port,
        open_browser=not no_browser,
        announce=note,
        cache_bytes=cache_mib * 2**20,
        allowed_hosts=allow_host or [],
        job_bytes=None if job_mib is None else job_mib * 2**20,
        job_seconds=job_seconds,
        trusted_proxies=trust_proxy or [],
        memory_bytes=None if memory_mib is None else memory_mib * 2**20,
    )
