"""The ``pigsolve hog`` commands: Hog's rule sets solved, queried, compared and played."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from pigsolve.policies import computer_tables, make_player, player_names
from pigsolve.solver.dice import RandomDice, read_rolls
from pigsolve.solver.durations import hog_solve
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.hog import HogState, RuleSet
from pigsolve.solver.hog.words import state_words
from pigsolve.solver.registry import family_of
from pigsolve.solver.results import check_seed
from pigsolve.solver.storage import check_can_write, kept_table, save_or_keep
from pigsolve.ui import hog_terminal, records, result_tables, table_files
from pigsolve.ui.console import (
    announce_games,
    announce_size,
    commands,
    console,
    note,
    terminal_hints,
)
from pigsolve.ui.fronts import register_front
from pigsolve.ui.options import (
    Against,
    Family,
    Force,
    Games,
    Goal,
    Hints,
    HogRange,
    Json,
    Player,
    Quiet,
    Rolls,
    Rules,
    Seed,
    Table,
    Timeout,
    hog_game,
)
from pigsolve.ui.shared import exact_comparison, named_table, seeded_rng, tune_family

hog_app = typer.Typer(
    help="Hog (CS 61A Fall 2016 'fa16' and Summer 2020 'su20' rules): exact strategies and play.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
hog_command = commands(hog_app)


@hog_app.callback()
def alias(context: typer.Context) -> None:
    """Hog (CS 61A Fall 2016 'fa16' and Summer 2020 'su20' rules): exact strategies and play.

    An alias: `pigsolve hog COMMAND --rules fa16` is `pigsolve COMMAND --game hog-fa16`.
    """
    command = context.invoked_subcommand
    if sys.stderr.isatty():  # said to the person typing; scripts' output stays as it was
        note(f"`pigsolve hog {command}` is `pigsolve {command} --game hog-fa16` (or hog-su20) now")


@hog_command("compute")
def hog_compute(
    rules: Rules = None,
    goal: Goal = None,
    out: Annotated[
        Path | None, typer.Option(help="Output file (default: data/hog-RULES-goalG.h5).")
    ] = None,
    force: Force = False,
    quiet: Quiet = False,
) -> None:
    """Solve a Hog rule set exactly and save the optimal table (HDF5)."""
    from pigsolve.solver.hog import solve as hog_solver
    from pigsolve.solver.hog import table as hog_tables

    game = hog_game(None, rules, goal)
    path = out or hog_tables.default_path(game)
    kept = None
    if path.is_file() and not force:  # computed already: said again, kept (or refused)
        kept = kept_table(path, lambda found: hog_tables.load_for(found, game))
    else:
        check_can_write(path, force)
        needed, what = hog_solver.memory_needed(game), f"{game.name} goal {game.goal}"
        seconds = hog_solve(game)
        announce_size(
            needed, what, quiet, lambda available: family_of(game).fits(game, available), seconds
        )
        solution = hog_solver.solve(game)
        save = lambda: hog_tables.save(solution, path, force=force)  # noqa: E731
        kept = save_or_keep(save, path, lambda found: hog_tables.load_for(found, game))
    if not quiet:
        shown = solution if kept is None else kept
        console.print(table_files.hog_solution(shown, path, kept is not None), highlight=False)


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
    from pigsolve.solver.hog import table as hog_tables

    game = hog_game(table, rules, goal)
    state = HogState(score, opponent_score, four_sided, prev, opponent_prev)
    state.check(game)
    solution = hog_tables.load_or_compute(game, named_table(table, game), note)
    p, best = solution.at(state)
    values = solution.action_values(state)
    if as_json:
        print(json.dumps(records.hog_state_record(game, state, p, best, values), allow_nan=False))
        return
    title = f"{game.name} goal {game.goal}: {state_words(state)}"
    console.print(result_tables.dice_values(title, values, best))


@hog_command("policies")
def hog_policies() -> None:
    """List the Hog players that `hog play --opponent` (and the comparisons) accept."""
    console.print(result_tables.named_rows(("name", "player"), player_names("hog")))


@hog_command("compare")
def hog_compare(
    a: Player,
    b: Player,
    rules: Rules = None,
    goal: Goal = None,
    table: Table = None,
    as_json: Json = False,
    timeout: Timeout = None,
) -> None:
    """Exact probability that Hog player A beats B: A first, B first, and on a coin toss."""
    game = hog_game(table, rules, goal)
    setting = f"{game.name}, goal {game.goal}"
    result = exact_comparison("hog", game, a, b, table)
    result_tables.print_comparison(console, result, setting, as_json, records.game_fields(game))


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
    as_json: Json = False,
) -> None:
    """Play many games of A against B and set the win rates beside the exact values."""
    from pigsolve.solver.hog import simulate as hog_simulation
    from pigsolve.ui import simulation_record

    game = hog_game(table, rules, goal)
    seed = None if seed is None else check_seed(seed)
    announce_games(games)
    tables = computer_tables("hog", [a, b], game, named_table(table, game), note)
    result = hog_simulation.simulate(game, tables[a], tables[b], games, seed, a, b)
    if as_json:
        record = simulation_record.pair_record(result, records.game_fields(game))
        print(simulation_record.dumps(record))
        return
    console.print(result_tables.simulation(result, f"{game.name}, goal {game.goal}"))
    console.print(result_tables.simulation_footer(result), highlight=False)


@hog_command("tune")
def hog_tune(
    family: Family,
    against: Against = "optimal",
    rules: Rules = None,
    goal: Goal = None,
    ranges: HogRange = None,
    table: Table = None,
    as_json: Json = False,
    timeout: Timeout = None,
) -> None:
    """Find a family's best constants exactly: always, bacon, swap."""
    tune_family("hog", family, hog_game(table, rules, goal), against, ranges or [], table, as_json)


@hog_command("play")
def hog_play(
    opponent: Annotated[
        str, typer.Option(help="The other player (see `hog policies`; human: two at the keyboard).")
    ] = "optimal",
    you: Annotated[int, typer.Option(help="Your player number: 1 moves first, 2 second.")] = 1,
    rolls: Rolls = None,
    seed: Annotated[int | None, typer.Option(help="Seed for random dice.")] = None,
    rules: Rules = None,
    goal: Goal = None,
    table: Table = None,
    hints: Hints = False,
    timeout: Timeout = None,
) -> None:
    """Play Hog in the terminal against a computer player (or another person)."""
    if you not in (1, 2):
        raise InvalidArgument(f"--you must be 1 or 2, got {you}")
    game = hog_game(table, rules, goal)
    dice = read_rolls(rolls, 6) if rolls is not None else RandomDice(6, seeded_rng(seed))
    table = named_table(table, game)
    player = make_player("hog", opponent, game, table, note)
    hint = None
    if terminal_hints(hints):
        from pigsolve.solver.hog import table as hog_tables

        hint = hog_tables.load_or_compute(game, table, note).at
    hog_terminal.play_in_terminal(
        game, player, opponent, you - 1, dice, sys.stdin, sys.stdout, hint
    )


def _rule_set(name: str) -> RuleSet:
    """Return the rule set of the game ``hog-fa16`` or ``hog-su20``."""
    return RuleSet(name.removeprefix("hog-"))


def _compute(name: str, goal=None, out=None, force=False, quiet=False) -> None:
    hog_compute(_rule_set(name), goal, out, force, quiet)


def _query(name: str, state: list[int], goal=None, table=None, as_json=False) -> None:
    if len(state) not in (2, 5):
        raise InvalidArgument(
            f"a Hog state is SCORE OPPONENT_SCORE (or five numbers with the four-sided flag and "
            f"both previous turn scores), got {len(state)} numbers"
        )
    score, opponent, four_sided, prev, opponent_prev = (*state, 0, 0, 0)[:5]
    hog_query(
        score,
        opponent,
        bool(four_sided),
        prev,
        opponent_prev,
        _rule_set(name),
        goal,
        table,
        as_json,
    )


def _policies(name: str) -> None:
    hog_policies()


def _compare(
    name: str, players: list[str], goal=None, table=None, as_json=False, timeout=None
) -> None:
    if len(players) != 2:
        raise InvalidArgument(f"Hog compares players A and B, got {len(players)} names")
    hog_compare(*players, _rule_set(name), goal, table, as_json, timeout)


def _simulate(
    name: str,
    players: list[str],
    games=10_000,
    seed=None,
    goal=None,
    table=None,
    timeout=None,
    as_json=False,
) -> None:
    if len(players) != 2:
        raise InvalidArgument(f"Hog is a game of 2 players, got {len(players)} names")
    hog_simulate(*players, games, seed, _rule_set(name), goal, table, timeout, as_json)


def _tune(
    name: str,
    family: str,
    against="optimal",
    goal=None,
    ranges=None,
    table=None,
    as_json=False,
    timeout=None,
) -> None:
    hog_tune(family, against, _rule_set(name), goal, ranges, table, as_json, timeout)


def _play(
    name: str, opponent=None, you=None, rolls=None, seed=None, goal=None, hints=False, timeout=None
) -> None:
    hog_play(
        opponent or "optimal", you or 1, rolls, seed, _rule_set(name), goal, None, hints, timeout
    )


register_front(
    "hog",
    {
        "compute": _compute,
        "query": _query,
        "policies": _policies,
        "compare": _compare,
        "simulate": _simulate,
        "tune": _tune,
        "play": _play,
    },
)
