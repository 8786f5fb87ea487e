"""The table commands of ``pigsolve``: compute, info, query, verify, export, plot and bench.

A sub-app without a name: :mod:`cli` adds its commands at the top level, beside the players'
commands (typer's "one file per command").
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.fits import fits
from pigsolve.solver.pig.kinds import Export, Format, Method, Plot
from pigsolve.solver.pig.tolerances import DEFAULT_TOLERANCE, MAX_RESIDUAL
from pigsolve.solver.storage import check_can_write, describe, kept_table, save_or_keep
from pigsolve.ui import outcome_tables, result_tables, table_files
from pigsolve.ui.console import (
    announce_size,
    as_option,
    commands,
    console,
    note,
    progress_bar,
)
from pigsolve.ui.fronts import routed
from pigsolve.ui.options import (
    Die,
    Force,
    Game,
    Goal,
    Json,
    Piglet,
    Players,
    Quiet,
    Table,
    TableFile,
    pig_rules,
)
from pigsolve.ui.shared import named_table

tables_app = typer.Typer()


def extras(method: Method, tolerance: float) -> dict[str, object]:
    """Return Pig's solver options where they are not the default (another family refuses them)."""
    given = {"method": method if method is not Method.layered else None}
    return given | {"tolerance": tolerance if tolerance != DEFAULT_TOLERANCE else None}


command = commands(tables_app)


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
    tolerance: Annotated[
        float, typer.Option(help="Tolerance of value-iteration.")
    ] = DEFAULT_TOLERANCE,
    out: Annotated[
        Path | None, typer.Option(help="Output file (default: data/, by rules).")
    ] = None,
    force: Force = False,
    quiet: Quiet = False,
    store: Annotated[
        str | None,
        typer.Option(
            metavar="PATH.zarr",
            help="Keep the table out of core in a Zarr store (a folder or an fsspec URL), "
            "solved on a Dask cluster: three players or more.",
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(help="With --store: a local cluster of N processes (default: one a core)."),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(metavar="tcp://HOST:8786", help="With --store: an existing Dask cluster."),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="With --store: complete a half-written store.")
    ] = False,
    memory_limit: Annotated[
        float | None,
        typer.Option(
            metavar="GIB",
            min=0.0,
            help="Refuse a solve needing more memory than this (GiB; default: the machine's).",
        ),
    ] = None,
) -> None:
    """Compute the win probability of every Pig state under optimal play and save it (HDF5,
    or with --store a Zarr store)."""
    options = {"die": die, "players": players, "piglet": piglet, "out": out}
    cluster = {"store": store, "workers": workers, "scheduler": scheduler, "resume": resume}
    cluster |= {"memory_limit": memory_limit}
    limit = None if memory_limit is None else int(memory_limit * 2**30)
    if routed(
        "compute",
        game,
        goal=goal,
        force=force,
        quiet=quiet,
        **options,
        **extras(method, tolerance),
        **cluster,
    ):
        return
    from pigsolve.solver.pig import solve as pig_solver
    from pigsolve.solver.pig import table as pig_tables

    rules = pig_rules(None, goal, die, players, piglet, game)
    if store is not None or workers or scheduler or resume:
        from pigsolve.ui.store_commands import compute_with_store

        if method is not Method.layered:
            raise InvalidArgument("--store takes no --method: it solves by layers")
        compute_with_store(rules, store, workers, scheduler, resume, force, quiet, out, limit)
        return
    path = out or pig_tables.default_path(rules)
    kept = None
    if path.is_file() and not force:  # computed already: said again, kept (or refused)
        kept = kept_table(path, lambda found: pig_tables.load_for(found, rules))
    else:
        check_can_write(path, force)
        needed = pig_solver.memory_needed(rules, method)
        what = pig_tables.describe_rules(rules, False)
        seconds = pig_solver.solve_seconds(rules, method.value)
        announce_size(
            needed,
            what,
            quiet,
            lambda avail: fits(rules, avail, method.value),
            seconds,
            limit,
            pig_solver.disk_needed(rules),
        )
        with progress_bar(f"solving ({method})", None, console, not quiet) as progress:
            solution = pig_solver.solve(rules, method.value, tolerance, progress=progress)
        save = lambda: pig_tables.save(solution, path, force=force)  # noqa: E731
        kept = save_or_keep(save, path, lambda found: pig_tables.load_for(found, rules))
    if not quiet:
        shown = solution if kept is None else kept
        console.print(table_files.pig_solution(shown, path, kept is not None), highlight=False)


@command()
def convert(
    store: Annotated[str, typer.Argument(metavar="STORE.zarr", help="A finished Zarr store.")],
    out: Annotated[Path, typer.Option(help="The HDF5 table to write.")],
    force: Force = False,
) -> None:
    """Write a finished Zarr store (compute --store) as an HDF5 table, read as any other."""
    from pigsolve.ui.store_commands import convert as convert_store

    written = convert_store(store, out, force)
    console.print(f"wrote {written}", highlight=False, soft_wrap=True)


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
    if routed("info", game, path=path, goal=goal, die=die, players=players, piglet=piglet):
        return
    from pigsolve.solver.pig import table as pig_tables
    from pigsolve.solver.registry import load as load_table

    rules = pig_rules(path, goal, die, players, piglet, game)
    if game is not None or rules.outcomes is not None:
        console.print(outcome_tables.outcome_table(rules.roll_outcomes))
        for line in outcome_tables.game_notes(rules.roll_outcomes):
            console.print(line, highlight=False, markup=False)
        if path is None and not pig_tables.default_path(rules).exists():
            command = pig_tables.compute_command(rules)
            console.print(f"No table computed yet: `{command}` makes it.", highlight=False)
            return
    path = _existing(path, rules)
    from pigsolve.solver.layer_store import is_store
    from pigsolve.solver.pig import store

    if is_store(path):  # a Zarr store: its layers added up, a half-written one too
        attrs, datasets = store.describe(str(path))
    else:
        attrs, datasets = describe(path)
        load_table(path)  # the figures shown are those of a table that passes the load checks
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
    roll: Annotated[
        str | None,
        typer.Option(help="Farkle: the dice just rolled, e.g. 1,5,5 (each keep's value)."),
    ] = None,
) -> None:
    """Show each player's win probability in a state, the optimal action and both values."""
    if routed(
        "query",
        game,
        state=state,
        table=table,
        goal=goal,
        die=die,
        players=players,
        piglet=piglet,
        as_json=as_json,
        roll=roll,
    ):
        return
    if roll is not None:
        raise InvalidArgument(f"--roll is not an option of {game or 'pig'}")
    from pigsolve.solver.pig import table as pig_tables
    from pigsolve.solver.pig.query import check_state, state_record

    rules = pig_rules(table, goal, die, players, piglet, game)
    try:
        scores, k = check_state(rules, state)
    except InvalidArgument as err:  # the state's length is set by an option: say where to look
        raise InvalidArgument(f"{as_option(err)} (see --help)") from None
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
    ] = MAX_RESIDUAL,
) -> None:
    """Recompute a table's Bellman residual and invariants; exit 1 if any check fails."""
    if routed(
        "verify",
        game,
        path=path,
        goal=goal,
        die=die,
        players=players,
        piglet=piglet,
        max_residual=max_residual,
    ):
        return
    from pigsolve.solver.pig import table as pig_tables
    from pigsolve.solver.pig.verify import verify_table

    path = _existing(path, pig_rules(path, goal, die, players, piglet, game))
    checks = verify_table(pig_tables.load(path, checked=False), max_residual)
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
    from pigsolve.ui.bench import bench_rows

    rows = bench_rows(large, quick)
    if as_json:
        console.print_json(json.dumps(rows, allow_nan=False))
        return
    console.print(result_tables.benchmarks(rows))


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
    if routed(
        "export",
        game,
        what=what,
        out=out,
        fmt=fmt,
        table=table,
        goal=goal,
        die=die,
        players=players,
        force=force,
    ):
        return
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
        int | None, typer.Option(help="The opponent's score J (Pig's slice, Farkle's boundary).")
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
    if routed(
        "plot",
        game,
        kind=kind,
        out=out,
        opponent=opponent,
        table=table,
        goal=goal,
        die=die,
        players=players,
        force=force,
    ):
        return
    from pigsolve.solver.pig.export import stored_table
    from pigsolve.solver.pig.plot import plot_table

    rules = pig_rules(table, goal, die, players, piglet, game)
    stored = stored_table(table, rules, note)
    two = None
    if rules.players > 2:
        two = stored_table(None, replace(rules, players=2), note)
    written = plot_table(stored, kind, out, opponent, force, two)
    console.print(f"wrote {written}", highlight=False, soft_wrap=True)
