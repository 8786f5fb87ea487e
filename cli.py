"""The pigsolve command line: each command parses, calls the library and prints.

The library compiles its numba kernels only when a command computes, so ``play`` and ``info``
start fast. Rendering lives in :mod:`ui`; every error ends as one line on stderr
(:func:`ui.console.user_errors`): exit 2 for a usage error, 1 for anything else.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import numpy as np
import typer

from policies import computer_names, computer_tables, families, make_player, player_names
from solver import __version__
from solver import bench as benchmarks
from solver.dice import RandomDice, read_rolls
from solver.errors import InvalidArgument, PigsolveError
from solver.games.hog import HogRules, HogState, RuleSet, hog_rules
from solver.games.pig import PigRules
from solver.hog import evaluate as hog_evaluate
from solver.hog import simulate as hog_simulation
from solver.hog import solve as hog_solver
from solver.hog import table as hog_tables
from solver.pig import evaluate as pig_evaluate
from solver.pig import simulate as pig_simulation
from solver.pig import solve as pig_solver
from solver.pig import table as pig_tables
from solver.pig.export import Export, Format, export_table, stored_table
from solver.pig.plot import Plot, plot_table
from solver.pig.solve import Method
from solver.pig.verify import verify_table
from solver.results import Comparison, check_seed
from solver.storage import check_can_write, describe
from ui import hog_terminal, pig_terminal, report
from ui.console import (
    announce_size,
    commands,
    console,
    note,
    progress_bar,
    run_app,
    terminal_hints,
    version_option,
)
from ui.pig_terminal import Style
from ui.web.bench import bench_gui
from ui.web.serve import serve

app = typer.Typer(
    help="Exact solutions of the dice games Pig and Hog.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: no "<bool>" after flags, no markup eating "[...]"
)
hog_app = typer.Typer(
    help="Hog (CS 61A Fall 2016 'fa16' and Summer 2020 'su20' rules): exact strategies and play.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(hog_app, name="hog")
command, hog_command = commands(app), commands(hog_app)
version_option(app, f"pigsolve {__version__}")


def run() -> None:
    """The ``pigsolve`` console script."""
    sys.exit(run_app(app))


def _tune(game: str, family: str, rules, against: str, ranges: list[str], table, as_json: bool):
    """Search ``family`` exactly for the best coin-toss win probability against ``against``."""
    opponent = computer_tables(game, [against], rules, _named(table, rules), note)[against]
    with progress_bar(f"tuning {family}", None) as progress:
        results, documents = families.tune(game, family, rules, against, opponent, ranges, progress)
    optimal = _exact(game, rules, "optimal", against, table)
    if as_json:
        print(json.dumps(report.tuning_record(family, results, documents, optimal)))
    else:
        console.print(report.tuning(family, results, documents, optimal))


# The options, defined once for every command.
Goal = Annotated[int, typer.Option("--goal", help="Points needed to win.")]
Die = Annotated[int, typer.Option("--die", help="Sides of the die.")]
Force = Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")]
Quiet = Annotated[bool, typer.Option("--quiet", help="Print nothing but errors.")]
Json = Annotated[bool, typer.Option("--json", help="Print JSON.")]
Seed = Annotated[int | None, typer.Option(help="Seed (default: fresh, and printed).")]
Games = Annotated[int, typer.Option(help="Number of games; A starts every other one.")]
Player = Annotated[str, typer.Argument(help="A player (see `policies`).", show_default=False)]
Rolls = Annotated[Path | None, typer.Option(help="A file of die rolls, used in order.")]
Hints = Annotated[bool, typer.Option("--hints", help="Show the optimal choice, win chances.")]
TableFile = Annotated[Path | None, typer.Argument(help="Table file (default: data/, by --goal).")]
Table = Annotated[Path | None, typer.Option(help="Optimal table (default: data/, made if absent).")]
Rules = Annotated[RuleSet, typer.Option("--rules", help="Rule set.")]


def _existing(path: Path | None, goal: int, die: int) -> Path:
    """Return the table file to inspect; if missing, say how to make it (never made here)."""
    rules = PigRules(goal, die)
    return pig_tables.require(path or pig_tables.default_path(rules), rules)


def _named(table: Path | None, rules: PigRules | HogRules) -> Path | None:
    """Return the table file the user named, if it exists (None: the default, made if missing)."""
    tables = hog_tables if isinstance(rules, HogRules) else pig_tables
    return None if table is None else tables.require(table, rules)


def _rng(seed: int | None) -> np.random.Generator:
    return np.random.default_rng(None if seed is None else check_seed(seed))


def _exact(game: str, rules: PigRules | HogRules, a: str, b: str, table: Path | None) -> Comparison:
    """Return the exact comparison of two players (both names checked before any table is made)."""
    tables = computer_tables(game, [a, b], rules, _named(table, rules), note)
    evaluate = hog_evaluate if game == "hog" else pig_evaluate
    return evaluate.compare(rules, tables[a], tables[b], a, b)


@command()
def compute(
    goal: Goal = 100,
    die: Die = 6,
    method: Annotated[Method, typer.Option(help="Solver.")] = Method.layered,
    tolerance: Annotated[float, typer.Option(help="Tolerance of value-iteration.")] = 1e-12,
    out: Annotated[
        Path | None, typer.Option(help="Output file (default: data/pig-goal{G}-die{D}.h5).")
    ] = None,
    force: Force = False,
    quiet: Quiet = False,
) -> None:
    """Compute the win probability of every Pig state under optimal play and save it (HDF5)."""
    rules = PigRules(goal, die)
    path = out or pig_tables.default_path(rules)
    check_can_write(path, force)
    announce_size(pig_solver.memory_needed(rules, method), f"goal {goal}", quiet)
    with progress_bar(f"solving ({method})", None, console, not quiet) as progress:
        solution = pig_solver.solve(rules, method.value, tolerance, progress=progress)
    pig_tables.save(solution, path, force=force)
    if not quiet:
        console.print(report.pig_solution(solution, path), highlight=False)


@command()
def info(path: TableFile = None, goal: Goal = 100, die: Die = 6) -> None:
    """Show a table's attributes and datasets."""
    path = _existing(path, goal, die)
    attrs, datasets = describe(path)
    console.print(report.attributes(path, attrs))
    console.print(report.datasets(datasets))


@command()
def query(
    i: Annotated[int, typer.Argument(help="Your score.")],
    j: Annotated[int, typer.Argument(help="The opponent's score.")],
    k: Annotated[int, typer.Argument(help="Your turn total.")],
    table: Annotated[
        Path | None, typer.Option(help="Table file (default: by --goal/--die, made if missing).")
    ] = None,
    goal: Goal = 100,
    die: Die = 6,
) -> None:
    """Show the win probability of state (I, J, K), the optimal action and the other's value."""
    rules = PigRules(goal, die)
    stored = pig_tables.load_or_compute(rules, _named(table, rules), note)
    stored.rules.check_state(i, j, k)
    console.print(report.pig_state(stored, i, j, k), highlight=False)


@command()
def verify(
    path: TableFile = None,
    goal: Goal = 100,
    die: Die = 6,
    max_residual: Annotated[
        float, typer.Option(min=0.0, help="Largest Bellman residual accepted.")
    ] = 1e-12,
) -> None:
    """Recompute a table's Bellman residual and invariants; exit 1 if any check fails."""
    path = _existing(path, goal, die)
    checks = verify_table(pig_tables.load(path), max_residual)
    console.print(report.checks(path, checks))
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
    tables = {} if quick else computer_tables("pig", ["optimal", "hold20"], PigRules(), None, note)
    others = [families.bench_tune(tables["optimal"]), *bench_gui()] if tables else []
    others += benchmarks.bench_others(tables["optimal"], tables["hold20"]) if tables else []
    rows = benchmarks.run([sys.executable, "-m", "cli", "compute"], large, others)
    if as_json:
        console.print_json(json.dumps(rows))
        return
    console.print(report.benchmarks(rows))


@command("policies")
def policies_command() -> None:
    """List the players that `play --opponent` (and the comparisons) accept."""
    console.print(report.named_rows(("name", "player"), player_names("pig")))


@command()
def play(
    opponent: Annotated[str, typer.Option(help="The computer player (see `policies`).")] = "hold20",
    style: Annotated[
        Style, typer.Option(help="classic (documents 000/001) or rounds (002).")
    ] = Style.classic,
    you: Annotated[int | None, typer.Option(help="Your player number, 1 or 2 (classic).")] = None,
    rolls: Rolls = None,
    seed: Annotated[int | None, typer.Option(help="Seed for random dice and seats.")] = None,
    goal: Goal = 100,
    die: Die = 6,
    hints: Hints = False,
) -> None:
    """Play Pig in the terminal against a computer player."""
    rules = PigRules(goal, die)
    rng = _rng(seed)
    human = pig_terminal.choose_seat(you, style, rng)
    dice = read_rolls(rolls, die) if rolls is not None else RandomDice(die, rng)
    player = make_player("pig", opponent, rules, announce=note)
    table = pig_tables.load_or_compute(rules, None, note) if terminal_hints(hints) else None
    pig_terminal.play_in_terminal(rules, player, style, human, dice, sys.stdin, sys.stdout, table)


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
    goal: Goal = 100,
    die: Die = 6,
    table: Table = None,
    as_json: Json = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV (with --all).")] = False,
) -> None:
    """Exact probability that player A beats player B: A first, B first, and on a coin toss."""
    names = list(players or [])
    if as_json and as_csv:
        raise InvalidArgument("choose one of --json and --csv")
    if not every_pair and len(names) != 2:
        raise InvalidArgument(f"compare takes two players A and B (or --all), got {len(names)}")
    if as_csv and not every_pair:
        raise InvalidArgument("--csv goes with --all; use --json for one pair")
    rules = PigRules(goal, die)
    setting = f"goal {goal}, die {die}"
    if not every_pair:
        result = _exact("pig", rules, names[0], names[1], table)
        report.print_comparison(console, result, setting, as_json)
        return
    names = list(dict.fromkeys(names or computer_names("pig")))
    tables = computer_tables("pig", names, rules, _named(table, rules), note)
    results = pig_evaluate.round_robin(rules, tables)
    if as_json:
        print(json.dumps([r.as_dict() for r in results]))
    elif as_csv:
        print(report.round_robin_csv(results))
    else:
        console.print(report.round_robin(names, results, setting))


@command()
def simulate(
    a: Player,
    b: Player,
    games: Games = 100_000,
    seed: Seed = None,
    goal: Goal = 100,
    die: Die = 6,
    table: Table = None,
) -> None:
    """Play many games of A against B and set the win rates beside the exact values."""
    rules = PigRules(goal, die)
    seed = None if seed is None else check_seed(seed)
    tables = computer_tables("pig", [a, b], rules, _named(table, rules), note)
    with progress_bar("playing", games) as progress:
        result = pig_simulation.simulate(rules, tables[a], tables[b], games, seed, progress, a, b)
    console.print(report.simulation(result, f"goal {goal}, die {die}"))
    console.print(report.simulation_footer(result), highlight=False)


Family = Annotated[str, typer.Argument(help="The family to tune.", show_default=False)]
Against = Annotated[str, typer.Option(help="The player to beat.")]
Range = Annotated[list[str] | None, typer.Option("--range", help="NAME=LO:HI (repeatable).")]


@command()
def tune(
    family: Family,
    against: Against = "optimal",
    goal: Goal = 100,
    die: Die = 6,
    ranges: Range = None,
    table: Table = None,
    as_json: Json = False,
) -> None:
    """Find a family's best constants exactly: hold, turns, base-pace-race, pace-race."""
    _tune("pig", family, PigRules(goal, die), against, ranges or [], table, as_json)


@command()
def export(
    what: Annotated[Export, typer.Option(help="What to export.")],
    out: Annotated[Path, typer.Option(help="The file to write.")],
    fmt: Annotated[
        Format | None, typer.Option("--format", help="Format (default: the suffix of --out).")
    ] = None,
    table: Table = None,
    goal: Goal = 100,
    die: Die = 6,
    force: Force = False,
) -> None:
    """Export the optimal policy, its win probabilities or its roll/hold boundary."""
    stored = stored_table(table, PigRules(goal, die), note)
    written = export_table(stored, what, out, fmt, force)
    console.print(f"wrote {written}", highlight=False, soft_wrap=True)


@command()
def plot(
    kind: Annotated[Plot, typer.Option(help="What to draw.")],
    out: Annotated[Path, typer.Option(help="The PNG file to write.")],
    opponent: Annotated[
        int | None, typer.Option(help="The opponent's score J (for --kind slice).")
    ] = None,
    table: Table = None,
    goal: Goal = 100,
    die: Die = 6,
    force: Force = False,
) -> None:
    """Draw the roll/hold boundary, one slice of it, or the win-probability contours."""
    stored = stored_table(table, PigRules(goal, die), note)
    written = plot_table(stored, kind, out, opponent, force)
    console.print(f"wrote {written}", highlight=False, soft_wrap=True)


@command()
def gui(
    port: Annotated[int, typer.Option(help="The port to serve on.")] = 8000,
    host: Annotated[str, typer.Option(help="The interface to serve on.")] = "127.0.0.1",
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Open no browser.")] = False,
) -> None:
    """Play Pig and Hog in the browser against perfect play (Ctrl-C stops it)."""
    serve(host, port, open_browser=not no_browser, announce=note)


@hog_command("compute")
def hog_compute(
    rules: Rules = RuleSet.fa16,
    goal: Goal = 100,
    out: Annotated[
        Path | None, typer.Option(help="Output file (default: data/hog-RULES-goalG.h5).")
    ] = None,
    force: Force = False,
    quiet: Quiet = False,
) -> None:
    """Solve a Hog rule set exactly and save the optimal table (HDF5)."""
    game = hog_rules(rules, goal)
    path = out or hog_tables.default_path(game)
    check_can_write(path, force)
    announce_size(hog_solver.memory_needed(game), f"{rules} goal {goal}", quiet)
    solution = hog_solver.solve(game)
    hog_tables.save(solution, path, force=force)
    if not quiet:
        console.print(report.hog_solution(solution, path), highlight=False)


@hog_command("query")
def hog_query(
    score: Annotated[int, typer.Argument(help="The mover's score.", show_default=False)],
    opponent_score: Annotated[int, typer.Argument(help="Opponent's score.", show_default=False)],
    four_sided: Annotated[bool, typer.Option("--four-sided", help="fa16: 4-sided dice.")] = False,
    prev: Annotated[int, typer.Option(help="su20: the mover's previous turn score.")] = 0,
    opponent_prev: Annotated[int, typer.Option(help="su20: opponent's previous turn score.")] = 0,
    rules: Rules = RuleSet.fa16,
    goal: Goal = 100,
    table: Table = None,
    as_json: Json = False,
) -> None:
    """The optimal number of dice in a state and the win probability of every choice."""
    game = hog_rules(rules, goal)
    state = HogState(score, opponent_score, four_sided, prev, opponent_prev)
    state.check(game)
    solution = hog_tables.load_or_compute(game, _named(table, game), note)
    p, best = solution.at(state)
    values = hog_evaluate.action_values(game, solution.win_probability, state)
    if as_json:
        print(json.dumps(report.hog_state_record(game, state, p, best, values)))
        return
    title = f"{rules} goal {goal}: {hog_terminal.state_words(state)}"
    console.print(report.dice_values(title, values, best))


@hog_command("policies")
def hog_policies() -> None:
    """List the Hog players that `hog play --opponent` (and the comparisons) accept."""
    console.print(report.named_rows(("name", "player"), player_names("hog")))


@hog_command("compare")
def hog_compare(
    a: Player,
    b: Player,
    rules: Rules = RuleSet.fa16,
    goal: Goal = 100,
    table: Table = None,
    as_json: Json = False,
) -> None:
    """Exact probability that Hog player A beats B: A first, B first, and on a coin toss."""
    result = _exact("hog", hog_rules(rules, goal), a, b, table)
    report.print_comparison(console, result, f"{rules}, goal {goal}", as_json, rules=rules.value)


@hog_command("simulate")
def hog_simulate(
    a: Player,
    b: Player,
    games: Games = 10_000,
    seed: Seed = None,
    rules: Rules = RuleSet.fa16,
    goal: Goal = 100,
    table: Table = None,
) -> None:
    """Play many games of A against B and set the win rates beside the exact values."""
    game = hog_rules(rules, goal)
    seed = None if seed is None else check_seed(seed)
    tables = computer_tables("hog", [a, b], game, _named(table, game), note)
    result = hog_simulation.simulate(game, tables[a], tables[b], games, seed, a, b)
    console.print(report.simulation(result, f"{rules}, goal {goal}"))
    console.print(report.simulation_footer(result), highlight=False)


@hog_command("tune")
def hog_tune(
    family: Family,
    against: Against = "optimal",
    rules: Rules = RuleSet.fa16,
    goal: Goal = 100,
    ranges: Range = None,
    table: Table = None,
    as_json: Json = False,
) -> None:
    """Find a family's best constants exactly: always, bacon, swap."""
    _tune("hog", family, hog_rules(rules, goal), against, ranges or [], table, as_json)


@hog_command("play")
def hog_play(
    opponent: Annotated[
        str, typer.Option(help="The other player (see `hog policies`; human: two at the keyboard).")
    ] = "optimal",
    you: Annotated[int, typer.Option(help="Your player number: 1 moves first, 2 second.")] = 1,
    rolls: Rolls = None,
    seed: Annotated[int | None, typer.Option(help="Seed for random dice.")] = None,
    rules: Rules = RuleSet.fa16,
    goal: Goal = 100,
    table: Table = None,
    hints: Hints = False,
) -> None:
    """Play Hog in the terminal against a computer player (or another person)."""
    if you not in (1, 2):
        raise InvalidArgument(f"--you must be 1 or 2, got {you}")
    game = hog_rules(rules, goal)
    dice = read_rolls(rolls, 6) if rolls is not None else RandomDice(6, _rng(seed))
    table = _named(table, game)
    player = make_player("hog", opponent, game, table, note)
    hint = None
    if terminal_hints(hints):
        hint = hog_tables.load_or_compute(game, table, note).at
    hog_terminal.play_in_terminal(
        game, player, opponent, you - 1, dice, sys.stdin, sys.stdout, hint
    )


if __name__ == "__main__":
    run()
