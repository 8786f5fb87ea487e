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
        from solver.evaluate import compare as compare_players
        from solver.evaluate import round_robin as compare_all
        from solver.pig import PigRules

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
        from rich.table import Table

        from solver.evaluate import compare as compare_players
        from solver.pig import PigRules
        from solver.simulate import simulate as simulate_games

        rules = PigRules(goal=goal, die_sides=die)
        exact = compare_players(a, b, rules, table, _compare_note)
        with Progress(
            console=err_console, transient=True, disable=not err_console.is_terminal
        ) as bar:
            task = bar.add_task("playing", total=games)
            result = simulate_games(
                a, b, rules, games, seed, lambda done, _: bar.update(task, completed=done), table
            )
        z = result.z_scores(exact)
        out = Table(
            "who starts",
            "games",
            "A wins",
            "win rate",
            "95% CI",
            "exact",
            "z",
            title=f"A = {a}, B = {b}: {games:,} games (goal {goal}, die {die}, seed {result.seed})",
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


# ----- Hog -----
