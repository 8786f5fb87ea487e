"""The pigsolve command line: each command parses, calls the library and prints.

The library compiles its numba kernels only when a command computes, so ``play`` and ``info``
start fast. Rendering lives in :mod:`ui`; every error ends as one line on stderr
(:func:`ui.console.user_errors`): exit 2 for a usage error, 1 for a valid request that fails at
run time, 130 for Ctrl-C (the rule: :mod:`solver.errors`).
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from pigsolve.policies import computer_names, computer_tables, families, player_names
from pigsolve.solver import __version__, durations
from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.kinds import Export, Format, Method, Plot
from pigsolve.solver.results import check_seed
from pigsolve.solver.storage import check_can_write, describe, kept_table, save_or_keep
from pigsolve.ui import outcome_tables, records, result_tables, seatings, table_files
from pigsolve.ui.console import (
    announce_games,
    announce_size,
    commands,
    console,
    note,
    progress_bar,
    run_app,
    version_option,
)
from pigsolve.ui.hog_cli import hog_app
from pigsolve.ui.options import (
    Against,
    Die,
    Family,
    Force,
    Game,
    Games,
    Goal,
    Hints,
    Json,
    Piglet,
    Players,
    Quiet,
    Range,
    Rolls,
    Seed,
    Table,
    TableFile,
    Timeout,
    pig_rules,
    setting,
)
from pigsolve.ui.pig_play import Opponent, Opponents, PlayPlayers, play_pig
from pigsolve.ui.pig_terminal import Style
from pigsolve.ui.shared import named_table, tune_family
from pigsolve.ui.way_out import pig_fits

app = typer.Typer(
    help="Exact solutions of the dice games Pig and Hog.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: no "<bool>" after flags, no markup eating "[...]"
)
app.add_typer(hog_app, name="hog")
command = commands(app)
version_option(app, f"pigsolve {__version__}")


def run() -> None:
    """The ``pigsolve`` console script."""
    sys.exit(run_app(app))


def _existing(path: Path | None, rules: PigRules) -> Path:
    """Return the table file to inspect; if missing, say how to make it (never made here)."""
    from pigsolve.solver.pig import table as pig_tables

    return path or pig_tables.require(pig_tables.default_path(rules), rules)


@command()
def compute(
    goal: Goal = None,
    die: Die = None,
    players: Players = None,
    piglet: Piglet = None,
    game: Game = None,
    method: Annotated[Method, typer.Option(help="Solver (two players).")] = Method.layered,
    tolerance: Annotated[float, typer.Option(help="Tolerance of value-iteration.")] = 1e-12,
    out: Annotated[
        Path | None, typer.Option(help="Output file (default: data/, by rules).")
    ] = None,
    force: Force = False,
    quiet: Quiet = False,
) -> None:
    """Compute the win probability of every Pig state under optimal play and save it (HDF5)."""
    from pigsolve.solver.pig import solve as pig_solver
    from pigsolve.solver.pig import table as pig_tables

    rules = pig_rules(None, goal, die, players, piglet, game)
    path = out or pig_tables.default_path(rules)
    kept = None
    if path.is_file() and not force:  # computed already: said again, kept (or refused)
        kept = kept_table(path, lambda found: pig_tables.load_for(found, rules))
    else:
        check_can_write(path, force)
        needed = pig_solver.memory_needed(rules, method)
        what = pig_tables.describe_rules(rules, False)
        seconds = durations.pig_solve(rules, method.value)
        announce_size(
            needed, what, quiet, lambda avail: pig_fits(rules, method.value, avail), seconds
        )
        with progress_bar(f"solving ({method})", None, console, not quiet) as progress:
            solution = pig_solver.solve(rules, method.value, tolerance, progress=progress)
        save = lambda: pig_tables.save(solution, path, force=force)  # noqa: E731
        kept = save_or_keep(save, path, lambda found: pig_tables.load_for(found, rules))
    if not quiet:
        shown = solution if kept is None else kept
        console.print(table_files.pig_solution(shown, path, kept is not None), highlight=False)


@command()
def info(
    path: TableFile = None,
    goal: Goal = None,
    die: Die = None,
    players: Players = None,
    piglet: Piglet = None,
    game: Game = None,
) -> None:
    """Show a table's attributes and datasets; with --game (or a game's table) the game's roll
    outcomes first, even before its table is computed."""
    from pigsolve.solver.pig import table as pig_tables

    rules = pig_rules(path, goal, die, players, piglet, game)
    if game is not None or rules.outcomes is not None:
        console.print(outcome_tables.outcome_table(rules.roll_table))
        for line in outcome_tables.game_notes(rules.roll_table):
            console.print(line, highlight=False, markup=False)
        if path is None and not pig_tables.default_path(rules).exists():
            command = pig_tables.compute_command(rules)
            console.print(f"No table computed yet: `{command}` makes it.", highlight=False)
            return
    path = _existing(path, rules)
    attrs, datasets = describe(path)
    console.print(table_files.attributes(path, attrs))
    console.print(table_files.datasets(datasets))


@command()
def query(
    state: Annotated[
        list[int], typer.Argument(help="Every score (the mover's first), then the turn total.")
    ],
    table: Table = None,
    goal: Goal = None,
    die: Die = None,
    players: Players = None,
    piglet: Piglet = None,
    game: Game = None,
    as_json: Json = False,
) -> None:
    """Show each player's win probability in a state, the optimal action and both values."""
    from pigsolve.solver.pig import table as pig_tables
    from pigsolve.solver.pig.query import check_state, state_record

    rules = pig_rules(table, goal, die, players, piglet, game)
    scores, k = check_state(rules, state)
    stored = pig_tables.load_or_compute(rules, named_table(table, rules), note)
    record = state_record(stored, scores, k)
    if as_json:
        print(json.dumps(record, allow_nan=False))
    else:
        print(table_files.pig_state(stored.rules, record))  # plain text: no rich to import


@command()
def verify(
    path: TableFile = None,
    goal: Goal = None,
    die: Die = None,
    players: Players = None,
    piglet: Piglet = None,
    game: Game = None,
    max_residual: Annotated[
        float, typer.Option(min=0.0, help="Largest Bellman residual accepted.")
    ] = 1e-12,
) -> None:
    """Recompute a table's Bellman residual and invariants; exit 1 if any check fails."""
    from pigsolve.solver.pig import table as pig_tables
    from pigsolve.solver.pig.verify import verify_table

    path = _existing(path, pig_rules(path, goal, die, players, piglet, game))
    checks = verify_table(pig_tables.load(path), max_residual)
    console.print(table_files.checks(path, checks))
    failed = [check.name for check in checks if not check.passed]
    if failed:
        raise PigsolveError(f"{path} fails: {', '.join(failed)}")


@command()
def bench(
    as_json: Json = False,
    large: Annotated[bool, typer.Option("--large", help="Also compute goal 1000, fresh.")] = False,
    quick: Annotated[bool, typer.Option("--quick", help="Only the Pig solvers.")] = False,
) -> None:
    """Time the solvers side by side (JIT compile time apart) and print the figures."""
    from pigsolve.solver import bench as benchmarks
    from pigsolve.ui.web.bench import bench_gui

    tables = {} if quick else computer_tables("pig", ["optimal", "hold20"], PigRules(), None, note)
    others = [families.bench_tune(tables["optimal"]), *bench_gui()] if tables else []
    others += benchmarks.bench_others(tables["optimal"], tables["hold20"]) if tables else []
    others += benchmarks.bench_startup([sys.executable, "-m", "pigsolve"]) if tables else []
    rows = benchmarks.run([sys.executable, "-m", "pigsolve", "compute"], large, others)
    if as_json:
        console.print_json(json.dumps(rows, allow_nan=False))
        return
    console.print(result_tables.benchmarks(rows))


@command("policies")
def policies_command() -> None:
    """List the players that `play --opponent` (and the comparisons) accept."""
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
    names = list(players or [])
    rules = pig_rules(table, goal, die, number, piglet, game)
    if as_json and as_csv:
        raise InvalidArgument("choose one of --json and --csv")
    if as_csv and not every_pair:
        raise InvalidArgument("--csv goes with --all; use --json for one pair")
    if not every_pair:
        return seatings.compare(rules, names, table, as_json)
    if rules.players != 2:  # a round robin is of pairs: refused before any table is made
        raise InvalidArgument(f"--all compares pairs of players, not games of {rules.players}")
    from pigsolve.solver.pig import evaluate as pig_evaluate

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
    rules = pig_rules(table, goal, die, number, piglet, game)
    seed = None if seed is None else check_seed(seed)
    announce_games(games)
    seatings.simulate(rules, players, games, seed, table, as_json)


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
    rules = pig_rules(table, goal, die, game=game)
    if rules.players != 2:
        raise InvalidArgument(f"tune is for two players; {table} is a {rules.players}-player table")
    tune_family("pig", family, rules, against, ranges or [], table, as_json)


@command()
def export(
    what: Annotated[Export, typer.Option(help="What to export.")],
    out: Annotated[Path, typer.Option(help="The file to write.")],
    fmt: Annotated[
        Format | None, typer.Option("--format", help="Format (default: the suffix of --out).")
    ] = None,
    table: Table = None,
    goal: Goal = None,
    die: Die = None,
    players: Players = None,
    piglet: Piglet = None,
    game: Game = None,
    force: Force = False,
) -> None:
    """Export the optimal policy, its win probabilities or its roll/hold boundary."""
    from pigsolve.solver.pig.export import export_table, format_for, stored_table

    fmt = format_for(out, fmt)  # a bad name is reported before any table is made
    stored = stored_table(table, pig_rules(table, goal, die, players, piglet, game), note)
    written = export_table(stored, what, out, fmt, force)
    console.print(f"wrote {written}", highlight=False, soft_wrap=True)


@command()
def plot(
    kind: Annotated[Plot, typer.Option(help="What to draw.")],
    out: Annotated[Path, typer.Option(help="The file to write: .png, .pdf or .svg.")],
    opponent: Annotated[
        int | None, typer.Option(help="The opponent's score J (for --kind slice).")
    ] = None,
    table: Table = None,
    goal: Goal = None,
    die: Die = None,
    players: Players = None,
    piglet: Piglet = None,
    game: Game = None,
    force: Force = False,
) -> None:
    """Draw the roll/hold boundary, one slice of it, the win-probability contours, or N players'
    boundary beside two players'."""
    from pigsolve.solver.pig.export import stored_table
    from pigsolve.solver.pig.plot import plot_table

    rules = pig_rules(table, goal, die, players, piglet, game)
    stored = stored_table(table, rules, note)
    two = None
    if rules.players > 2:
        two = stored_table(None, replace(rules, players=2), note)
    written = plot_table(stored, kind, out, opponent, force, two)
    console.print(f"wrote {written}", highlight=False, soft_wrap=True)


@command()
def gui(
    port: Annotated[int, typer.Option(help="The port to serve on (0: any free port).")] = 8000,
    host: Annotated[str, typer.Option(help="The interface to serve on.")] = "127.0.0.1",
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Open no browser.")] = False,
    cache_mib: Annotated[
        int, typer.Option(help="Disk for the tables the page computes, in MiB.", min=0)
    ] = 256,
) -> None:
    """Play Pig and Hog in the browser against perfect play (Ctrl-C stops it).

    Tables the page needs are computed in the background and saved in ./data/, where the other
    commands keep theirs; of those the page computed, the least recently used are deleted once
    they take more than --cache-mib (listed in data/web-cache.json).
    """
    from pigsolve.ui.web.serve import serve

    serve(host, port, open_browser=not no_browser, announce=note, cache_bytes=cache_mib * 2**20)


if __name__ == "__main__":
    run()
