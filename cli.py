"""The pigsolve command line: each command parses, calls the library and prints.

Library imports happen inside the commands so that ``play`` and ``info`` start fast (numba is
imported only on the paths that compute).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from solver import __version__

if TYPE_CHECKING:
    from solver.games.pig import PigRules
    from solver.pig.simulate import Simulation
    from solver.pig.solve import PigSolution

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


def run() -> None:
    """The ``pigsolve`` console script: the app, with usage errors on one line (exit 2)."""
    from typer.exceptions import Abort, TyperException

    try:
        code = app(standalone_mode=False, prog_name="pigsolve")
    except TyperException as err:
        context = getattr(err, "ctx", None)
        message = err.format_message()
        if type(err).__name__ == "NoArgsIsHelpError":  # bare `pigsolve` or `pigsolve hog`
            err_console.print(message, markup=False, highlight=False)
        else:
            hint = f" (see '{context.command_path} --help')" if context is not None else ""
            err_console.print(
                f"error: {message}{hint}", markup=False, highlight=False, soft_wrap=True
            )
        code = err.exit_code
    except Abort:
        err_console.print("interrupted", highlight=False)
        code = 130
    sys.exit(code if isinstance(code, int) else 0)


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


class Method(StrEnum):
    layered = "layered"
    value_iteration = "value-iteration"


GoalOption = Annotated[int, typer.Option("--goal", help="Points needed to win.")]
DieOption = Annotated[int, typer.Option("--die", help="Sides of the die.")]
TablePath = Annotated[
    Path | None,
    typer.Argument(help="Table file [default: data/pig-goal{G}-die{D}.h5 for --goal/--die]."),
]


def _table_path(path: Path | None, goal: int, die: int) -> Path:
    from solver.games.pig import PigRules
    from solver.pig.table import default_table_path

    return default_table_path(PigRules(goal, die)) if path is None else path


@app.command()
def compute(
    goal: GoalOption = 100,
    die: DieOption = 6,
    method: Annotated[Method, typer.Option(help="Solver.")] = Method.layered,
    tolerance: Annotated[
        float, typer.Option(help="Stopping tolerance of value-iteration.")
    ] = 1e-12,
    out: Annotated[
        Path | None, typer.Option(help="Output file [default: data/pig-goal{G}-die{D}.h5].")
    ] = None,
    force: Annotated[bool, typer.Option(help="Overwrite an existing file.")] = False,
    quiet: Annotated[bool, typer.Option(help="Print nothing but errors.")] = False,
) -> None:
    """Compute the win probability of every Pig state under optimal play and save it (HDF5)."""
    with user_errors():
        from solver.errors import TableError
        from solver.games.pig import PigRules
        from solver.pig.table import save_solution

        rules = PigRules(goal, die)
        path = _table_path(out, goal, die)
        if path.exists() and not force:
            raise TableError(f"{path} already exists; pass --force to overwrite it")
        solution = _solve_with_progress(rules, method.value, tolerance, quiet)
        save_solution(solution, path, force=force)
        if not quiet:
            console.print(
                f"P(0, 0, 0) = {solution.p_first_player:.12f}  "
                f"(goal {goal}, {die}-sided die, {rules.num_states:,} states)\n"
                f"{solution.method}: {solution.seconds:.3f} s, {solution.num_iter} iterations, "
                f"max Bellman residual {solution.max_bellman_residual:.2g}\n"
                f"wrote {path} ({path.stat().st_size / 2**20:.1f} MiB)",
                highlight=False,
            )


def _solve_with_progress(
    rules: PigRules, method: str, tolerance: float, quiet: bool
) -> PigSolution:
    """Solve, with a progress bar when stdout is a terminal and not --quiet."""
    from solver.pig.solve import solve

    if quiet or not console.is_terminal:
        return solve(rules, method, tolerance)
    from rich.progress import Progress

    with Progress(console=console, transient=True) as bar:
        task = bar.add_task(f"solving ({method})", total=None)
        return solve(
            rules,
            method,
            tolerance,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
        )


@app.command()
def info(path: TablePath = None, goal: GoalOption = 100, die: DieOption = 6) -> None:
    """Show a table's attributes and datasets."""
    with user_errors():
        from rich.table import Table

        from solver.storage import describe

        path = _table_path(path, goal, die)
        attrs, datasets = describe(path)
        table = Table("attribute", "value", title=str(path), title_justify="left")
        for name, value in attrs.items():
            table.add_row(name, f"{value:.12g}" if isinstance(value, float) else str(value))
        console.print(table)
        sizes = Table("dataset", "shape", "dtype", "stored")
        for name, shape, dtype, stored in datasets:
            sizes.add_row(name, " x ".join(map(str, shape)), dtype, f"{stored / 2**20:.2f} MiB")
        console.print(sizes)


@app.command()
def query(
    i: Annotated[int, typer.Argument(help="Your score.")],
    j: Annotated[int, typer.Argument(help="The opponent's score.")],
    k: Annotated[int, typer.Argument(help="Your turn total.")],
    table_path: Annotated[
        Path | None, typer.Option("--table", help="Table file [default: by --goal/--die].")
    ] = None,
    goal: GoalOption = 100,
    die: DieOption = 6,
) -> None:
    """Show the win probability of state (I, J, K), the optimal action and the other's value."""
    with user_errors():
        from solver.pig.table import PigTable

        table = PigTable.load(_table_path(table_path, goal, die))
        table.rules.check_state(i, j, k)
        p_roll, p_hold = table.action_values(i, j, k)
        rules = table.rules
        lines = [f"state (i={i}, j={j}, k={k}), goal {rules.goal}, {rules.die_sides}-sided die"]
        if i + k >= table.rules.goal:
            lines.append("won: the turn total reaches the goal (probability 1)")
        else:
            action = "roll" if table.should_roll(i, j, k) else "hold"
            lines.append(f"win probability  {table.win_probability(i, j, k):.12f}")
            lines.append(f"optimal action   {action}")
            lines.append(f"roll             {p_roll:.12f}")
            hold = "not an action at k = 0" if p_hold is None else f"{p_hold:.12f}"
            lines.append(f"hold             {hold}")
        console.print("\n".join(lines), highlight=False)


@app.command()
def verify(
    path: TablePath = None,
    goal: GoalOption = 100,
    die: DieOption = 6,
    max_residual: Annotated[float, typer.Option(help="Largest Bellman residual accepted.")] = 1e-12,
) -> None:
    """Recompute a table's Bellman residual and invariants; exit 1 if any check fails."""
    with user_errors():
        from rich.table import Table

        from solver.errors import PigsolveError
        from solver.pig.table import PigTable
        from solver.pig.verify import verify_table

        path = _table_path(path, goal, die)
        checks = verify_table(PigTable.load(path), max_residual)
        table = Table("check", "result", "detail", title=str(path), title_justify="left")
        for check in checks:
            table.add_row(check.name, "ok" if check.passed else "FAILED", check.detail)
        console.print(table)
        failed = [check.name for check in checks if not check.passed]
        if failed:
            raise PigsolveError(f"{path} fails: {', '.join(failed)}")


@app.command()
def bench(
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    large: Annotated[bool, typer.Option(help="Also solve goal 1000 in a fresh process.")] = False,
    quick: Annotated[bool, typer.Option(help="Only the Pig solvers.")] = False,
) -> None:
    """Time the solvers side by side (JIT compile time apart) and print the figures."""
    with user_errors():
        import json

        from rich.table import Table

        from solver import bench as benchmarks

        rows = benchmarks.bench_methods()
        rows.append(benchmarks.bench_fresh_compute())
        if large:
            rows.append(benchmarks.bench_fresh_compute(goal=1000))
        if not quick:
            rows += benchmarks.bench_others()
        if json_output:
            console.print_json(json.dumps(rows))
            return
        table = Table("benchmark", "goal", "seconds", "compile s", "rate", "peak MiB")
        for row in rows:
            rate = f"{row['rate']:,.0f} {row['unit']}" if row["rate"] else ""
            compile_s = row["compile_seconds"]
            table.add_row(
                row["benchmark"],
                str(row["goal"]),
                f"{row['seconds']:.4f}",
                "" if compile_s is None else f"{compile_s:.2f}",
                rate,
                "" if row["peak_mib"] is None else f"{row['peak_mib']:.0f}",
            )
        console.print(table)
        speedup = rows[0]["speedup_vs_value_iteration"]
        console.print(f"layered is {speedup:.0f}x faster than value-iteration (same run)")


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
        from solver.games.pig import PigRules

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
            from solver.pig.table import load_or_compute

            if isinstance(player, OptimalPolicy):
                table = player.table
            else:
                table = load_or_compute(rules, announce=announce)
        play_in_terminal(rules, player, style, human, dice, sys.stdin, sys.stdout, hints=table)


# ----- Comparing strategies: compare, simulate, export, plot -----

GoalOption = Annotated[int, typer.Option(help="Points needed to win.")]
DieOption = Annotated[int, typer.Option(help="Sides of the die.")]
TableOption = Annotated[
    Path | None,
    typer.Option(help="The optimal player's table (default data/pig-goal{G}-die{D}.h5)."),
]


def _compare_note(line: str) -> None:
    """Print one plain line on stderr (e.g. that the optimal table is being computed)."""
    err_console.print(line, markup=False, highlight=False, soft_wrap=True)


@app.command()
def compare(
    players: Annotated[
        list[str] | None,
        typer.Argument(
            help="Players A and B; with --all, the players of the round robin "
            "(default: every computer player).",
            show_default=False,
        ),
    ] = None,
    round_robin: Annotated[
        bool, typer.Option("--all", help="Compare every pair of the players listed.")
    ] = False,
    goal: GoalOption = 100,
    die: DieOption = 6,
    table: TableOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV (with --all).")] = False,
) -> None:
    """Exact probability that player A beats player B: A first, B first, and on a coin toss."""
    with user_errors():
        import json

        from rich.table import Table

        from policies.base import policy_names
        from solver.pig.evaluate import compare as compare_players
        from solver.pig.evaluate import round_robin as compare_all
        from solver.games.pig import PigRules

        names = list(players or [])
        if as_json and as_csv:
            raise ValueError("choose one of --json and --csv")
        if not round_robin and len(names) != 2:
            raise ValueError(f"compare takes two players A and B (or --all), got {len(names)}")
        if as_csv and not round_robin:
            raise ValueError("--csv goes with --all; use --json for one pair")
        rules = PigRules(goal=goal, die_sides=die)
        if not round_robin:
            result = compare_players(names[0], names[1], rules, table, _compare_note)
            if as_json:
                print(json.dumps(result.as_dict()))
                return
            out = Table(
                "who starts",
                "P(A wins)",
                title=f"A = {result.a}, B = {result.b} (goal {goal}, die {die}), exact",
            )
            out.add_row("A first", f"{result.a_first:.6f}")
            out.add_row("B first", f"{result.b_first:.6f}")
            out.add_row("coin toss", f"{result.average:.6f}")
            console.print(out)
            return
        if not names:
            names = [name for name, _ in policy_names() if name not in ("holdN", "human")]
        results = compare_all(names, rules, table, _compare_note)
        if as_json:
            print(json.dumps([r.as_dict() for r in results]))
        elif as_csv:
            print("a,b,goal,die,a_first,b_first,average")
            for r in results:
                print(f"{r.a},{r.b},{r.goal},{r.die},{r.a_first!r},{r.b_first!r},{r.average!r}")
        else:
            out = Table(
                "A \\ B",
                *names,
                title=f"P(A beats B), coin toss for who starts (goal {goal}, die {die}), exact",
            )
            for row in range(len(names)):
                cells = results[row * len(names) : (row + 1) * len(names)]
                out.add_row(names[row], *(f"{r.average:.4f}" for r in cells))
            console.print(out)


@app.command()
def simulate(
    a: Annotated[str, typer.Argument(help="Player A.", show_default=False)],
    b: Annotated[str, typer.Argument(help="Player B.", show_default=False)],
    games: Annotated[int, typer.Option(help="Number of games; A starts every other one.")] = (
        100_000
    ),
    seed: Annotated[int | None, typer.Option(help="Seed (default: fresh, and printed).")] = None,
    goal: GoalOption = 100,
    die: DieOption = 6,
    table: TableOption = None,
) -> None:
    """Play many games of A against B and set the win rates beside the exact values."""
    with user_errors():
        from rich.progress import Progress

        from solver.games.pig import PigRules
        from solver.pig.simulate import simulate as simulate_games

        rules = PigRules(goal=goal, die_sides=die)
        with Progress(
            console=err_console, transient=True, disable=not err_console.is_terminal
        ) as bar:
            task = bar.add_task("playing", total=games)

            def progress(done: int, _total: int) -> None:
                bar.update(task, completed=done)

            result = simulate_games(a, b, rules, games, seed, progress, table, _compare_note)
        _print_simulation(result, f"goal {goal}, die {die}")


def _print_simulation(result: Simulation, setting: str) -> None:
    """Print a simulation's win rates by starter beside the exact values."""
    from rich.table import Table

    exact = result.exact
    z = result.z_scores(exact)
    out = Table(
        "starter",
        "games",
        "A wins",
        "win rate",
        "95% CI",
        "exact",
        "z",
        title=f"A = {result.a}, B = {result.b}: {result.total.games:,} games ({setting}, "
        f"seed {result.seed})",
        show_edge=False,
    )
    parts = [
        ("A first", result.a_first, exact.a_first, z["a_first"]),
        ("B first", result.b_first, exact.b_first, z["b_first"]),
        ("either", result.total, None, z["total"]),
    ]
    for label, tally, p_exact, z_score in parts:
        if tally.games == 0:
            continue
        if p_exact is None:  # alternating starters: the exact rate mixes the two
            p_exact = (
                result.a_first.games * exact.a_first + result.b_first.games * exact.b_first
            ) / tally.games
        low, high = tally.wilson()
        out.add_row(
            label,
            f"{tally.games:,}",
            f"{tally.wins:,}",
            f"{tally.rate:.5f}",
            f"{low:.4f}-{high:.4f}",
            f"{p_exact:.5f}",
            f"{z_score:+.2f}",
        )
    console.print(out)
    console.print(
        f"95% CI: Wilson score interval. exact: evaluated, not sampled.\n"
        f"mean game length {result.mean_turns:.3f} turns; {result.seconds:.2f} s",
        highlight=False,
    )


StoredTableOption = Annotated[
    Path | None,
    typer.Option(help="A table file (default: the one for --goal and --die, computed if missing)."),
]


@app.command()
def export(
    what: Annotated[str, typer.Option(help="policy, probabilities or boundary.")],
    out: Annotated[Path, typer.Option(help="The file to write.")],
    fmt: Annotated[
        str | None,
        typer.Option("--format", help="csv, json or npy (default: from the suffix of --out)."),
    ] = None,
    table: StoredTableOption = None,
    goal: GoalOption = 100,
    die: DieOption = 6,
    force: Annotated[bool, typer.Option("--force", help="Overwrite --out if it exists.")] = False,
) -> None:
    """Export the optimal policy, its win probabilities or its roll/hold boundary."""
    with user_errors():
        from solver.pig.export import export_table, stored_table
        from solver.games.pig import PigRules

        stored = stored_table(table, PigRules(goal=goal, die_sides=die), _compare_note)
        written = export_table(stored, what, out, fmt, force)
        console.print(f"wrote {written}", highlight=False, soft_wrap=True)


@app.command()
def plot(
    kind: Annotated[str, typer.Option(help="boundary, slice or contours.")],
    out: Annotated[Path, typer.Option(help="The PNG file to write.")],
    opponent: Annotated[
        int | None, typer.Option(help="The opponent's score J (for --kind slice).")
    ] = None,
    table: StoredTableOption = None,
    goal: GoalOption = 100,
    die: DieOption = 6,
    force: Annotated[bool, typer.Option("--force", help="Overwrite --out if it exists.")] = False,
) -> None:
    """Draw the roll/hold boundary, one slice of it, or the win-probability contours."""
    with user_errors():
        from solver.pig.export import stored_table
        from solver.games.pig import PigRules
        from solver.pig.plot import plot_table

        stored = stored_table(table, PigRules(goal=goal, die_sides=die), _compare_note)
        written = plot_table(stored, kind, out, opponent, force)
        console.print(f"wrote {written}", highlight=False, soft_wrap=True)


# ----- Hog -----
hog_app = typer.Typer(
    help="Hog (CS 61A Fall 2016 'fa16' and Summer 2020 'su20' rules): exact strategies and play.",
    no_args_is_help=True,
)
app.add_typer(hog_app, name="hog")

HogRulesOption = Annotated[str, typer.Option("--rules", help="Rule set: fa16 or su20.")]
HogGoalOption = Annotated[int, typer.Option(help="Points needed to win.")]
HogTableOption = Annotated[
    Path | None,
    typer.Option(help="The optimal table (default data/hog-RULES-goalG.h5, computed if missing)."),
]


def _hog_note(line: str) -> None:
    err_console.print(line, markup=False, highlight=False, soft_wrap=True)


def _hog_match(a: str, b: str, rules: str, goal: int, table: Path | None) -> tuple:
    """Return the rules, the two players by name, and their exact comparison."""
    from policies.hog import check_strategy_name, make_strategy
    from solver.games.hog import hog_rules
    from solver.hog.solve import compare

    game = hog_rules(rules, goal)
    for name in (a, b):  # both names before any table is built
        check_strategy_name(name, game)
    players = [make_strategy(name, game, table, _hog_note) for name in (a, b)]
    return game, players, compare(game, players[0].policy, players[1].policy, a, b)


@hog_app.command("compute")
def hog_compute(
    rules: HogRulesOption = "fa16",
    goal: HogGoalOption = 100,
    out: Annotated[
        Path | None, typer.Option(help="Output file [default: data/hog-RULES-goalG.h5].")
    ] = None,
    force: Annotated[bool, typer.Option(help="Overwrite an existing file.")] = False,
    quiet: Annotated[bool, typer.Option(help="Print nothing but errors.")] = False,
) -> None:
    """Solve a Hog rule set exactly and save the optimal table (HDF5)."""
    with user_errors():
        from solver.errors import TableError
        from solver.games.hog import hog_rules
        from solver.hog.solve import default_path, save, solve

        game = hog_rules(rules, goal)
        path = out or default_path(game)
        if path.exists() and not force:
            raise TableError(f"{path} already exists; pass --force to overwrite it")
        solution = solve(game)
        save(solution, path, force=force)
        if not quiet:
            console.print(
                f"{rules} goal {goal}: the first player wins {solution.p_first_player:.12f} "
                f"opening with {solution.opening_move} dice; solved in {solution.seconds:.2f} s\n"
                f"wrote {path}",
                highlight=False,
            )


@hog_app.command("query")
def hog_query(
    score: Annotated[int, typer.Argument(help="The mover's score.", show_default=False)],
    opponent_score: Annotated[int, typer.Argument(help="Opponent's score.", show_default=False)],
    four_sided: Annotated[bool, typer.Option(help="fa16: four-sided dice in use.")] = False,
    prev: Annotated[int, typer.Option(help="su20: the mover's previous turn score.")] = 0,
    opponent_prev: Annotated[int, typer.Option(help="su20: opponent's previous turn score.")] = 0,
    rules: HogRulesOption = "fa16",
    goal: HogGoalOption = 100,
    table: HogTableOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The optimal number of dice in a state and the win probability of every choice."""
    with user_errors():
        import json

        from rich.table import Table

        from solver.games.hog import HogState, hog_rules
        from solver.hog.solve import action_values, load_or_compute

        game = hog_rules(rules, goal)
        state = HogState(score, opponent_score, four_sided, prev, opponent_prev)
        state.index(game)  # ValueError for scores outside the table
        solution = load_or_compute(game, table, announce=_hog_note)
        p, best = solution.at(state)
        values = action_values(game, solution.win_probability, state)
        if as_json:
            record = {"rules": rules, "goal": goal, "score": score}
            record |= {"opponent_score": opponent_score, "win_probability": p, "num_rolls": best}
            record["action_values"] = {str(n): v for n, v in values.items()}
            print(json.dumps(record))
            return
        out = Table("dice", "P(win)", title=f"{rules} goal {goal}: {score} vs {opponent_score}")
        for n, value in values.items():
            out.add_row(f"{n}{' (optimal)' if n == best else ''}", f"{value:.6f}")
        console.print(out)


@hog_app.command("compare")
def hog_compare(
    a: Annotated[str, typer.Argument(help="Player A.", show_default=False)],
    b: Annotated[str, typer.Argument(help="Player B.", show_default=False)],
    rules: HogRulesOption = "fa16",
    goal: HogGoalOption = 100,
    table: HogTableOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Exact probability that Hog player A beats B: A first, B first, and on a coin toss."""
    with user_errors():
        import json

        from rich.table import Table

        _, _, result = _hog_match(a, b, rules, goal, table)
        if as_json:
            print(json.dumps(result.as_dict() | {"rules": rules}))
            return
        title = f"A = {a}, B = {b} ({rules}, goal {goal}), exact"
        out = Table("who starts", "P(A wins)", title=title)
        out.add_row("A first", f"{result.a_first:.6f}")
        out.add_row("B first", f"{result.b_first:.6f}")
        out.add_row("coin toss", f"{result.average:.6f}")
        console.print(out)


@hog_app.command("simulate")
def hog_simulate(
    a: Annotated[str, typer.Argument(help="Player A.", show_default=False)],
    b: Annotated[str, typer.Argument(help="Player B.", show_default=False)],
    games: Annotated[int, typer.Option(help="Number of games; A starts every other one.")] = 10_000,
    seed: Annotated[int | None, typer.Option(help="Seed (default: fresh, and printed).")] = None,
    rules: HogRulesOption = "fa16",
    goal: HogGoalOption = 100,
    table: HogTableOption = None,
) -> None:
    """Play many games of A against B and set the win rates beside the exact values."""
    with user_errors():
        from policies.hog_game import simulate

        game, players, exact = _hog_match(a, b, rules, goal, table)
        result = simulate(game, players[0], players[1], games, seed, exact)
        _print_simulation(result, f"{rules}, goal {goal}")


@hog_app.command("play")
def hog_play(
    opponent: Annotated[str, typer.Option(help="The computer player.")] = "optimal",
    you: Annotated[int, typer.Option(help="Your player number: 1 moves first, 2 second.")] = 1,
    rolls: Annotated[
        Path | None, typer.Option(help="A file of die values 1-6, whitespace-separated, in order.")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for random dice.")] = None,
    rules: HogRulesOption = "fa16",
    goal: HogGoalOption = 100,
    table: HogTableOption = None,
    hints: Annotated[
        bool, typer.Option(help="Show the optimal number of dice and its win probability.")
    ] = False,
) -> None:
    """Play Hog in the terminal against a computer player."""
    with user_errors():
        import sys

        import numpy as np

        from policies.hog import make_strategy
        from policies.hog_game import describe_turn, play_game, terminal_ask
        from solver.dice import RandomDice, read_rolls
        from solver.games.hog import hog_rules
        from solver.hog.solve import load_or_compute

        if you not in (1, 2):
            raise ValueError(f"--you must be 1 or 2, got {you}")
        game = hog_rules(rules, goal)
        rng = np.random.default_rng(seed)
        dice = read_rolls(rolls, 6) if rolls is not None else RandomDice(6, rng)
        computer = make_strategy(opponent, game, table, _hog_note)
        hint = None
        if hints and not sys.stdin.isatty():
            _hog_note("note: --hints needs a terminal; playing without hints")
        elif hints:
            hint = load_or_compute(game, table, announce=_hog_note).at
        human = make_strategy("human", game, ask=terminal_ask(game, sys.stdin, sys.stdout, hint))
        seat = you - 1
        players = (human, computer) if seat == 0 else (computer, human)
        names = ("you", opponent) if seat == 0 else (opponent, "you")

        def show(record) -> None:
            print(describe_turn(record, names), flush=True)

        result = play_game(game, players, dice.roll, first=0, on_turn=show)
        outcome = "You win" if result.winner == seat else f"{opponent} wins"
        print(f"{outcome}: {result.scores[0]} to {result.scores[1]}")
