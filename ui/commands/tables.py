"""The table commands of ``pigsolve``: compute, convert, info, query, verify, export, plot and
bench, one body each for every family (:mod:`ui.commands`).

A sub-app without a name: :mod:`cli` adds its commands at the top level, beside the players'
commands (typer's "one file per command").
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.results import MAX_RESIDUAL
from pigsolve.ui.commands import command, option_flags
from pigsolve.ui.console import announce_size, as_option, console, note, progress_bar
from pigsolve.ui.front import setting
from pigsolve.ui.options import Force, Game, Json, Memory, Quiet, Table, TableFile, Timeout

tables_app = typer.Typer()


def _each(words: Callable[[Any], str]) -> str:
    """Return what ``words(family)`` says of every family that says something, each after its
    family's label: ``A: ...; B: ...``."""
    from pigsolve.solver.registry import families

    said = [(family.label, words(family)) for family in families()]
    return "; ".join(f"{label}: {text}" for label, text in said if text)


def _choices(name: str, kind: str) -> type[StrEnum]:
    """Return what the families can export (``kind`` ``exports``), in which formats
    (``export_formats``) or draw (``plots``), each once, as the command line offers them (a
    family takes its own: refused in one line)."""
    from pigsolve.solver.registry import families

    found = [value for family in families() for value in getattr(family.can, kind)]
    return StrEnum(name, {value: value for value in dict.fromkeys(found)})


Exports = _choices("Exports", "exports")
Plots = _choices("Plots", "plots")
Formats = _choices("Formats", "export_formats")


def _bytes(flag: str, gib: float | None) -> int | None:
    """Return ``gib`` GiB in bytes (None if not given); InvalidArgument unless finite."""
    if gib is None:
        return None
    if not math.isfinite(gib * 2**30):
        raise InvalidArgument(f"{flag} must be a finite number of GiB, got {gib}")
    return int(gib * 2**30)


@command(tables_app)
def compute(
    game: Game = None,
    out: Annotated[
        Path | None, typer.Option(help="Output file (default: the data folder, by rules).")
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
    worker_memory: Annotated[
        float | None,
        typer.Option(
            metavar="GIB",
            min=0.0,
            help="With --store: the memory a worker may hold (GiB; default: what the cluster's "
            "workers report, or this machine's shared by the local ones); the table is cut in "
            "blocks that fit.",
        ),
    ] = None,
    timeout: Timeout = None,
    memory: Memory = None,
    *,
    given: dict[str, Any],
) -> None:
    """Compute the win probability of every state of a game under optimal play and save it
    (HDF5, or with --store a Zarr store)."""
    from pigsolve.solver.storage import check_can_write, kept_table, save_or_keep
    from pigsolve.solver.tables import default_path, load_for

    found = setting("compute", game, given)
    family, rules = found.family, found.rules
    limit = _bytes("--memory-limit", memory_limit)
    per_worker = _bytes("--worker-memory", worker_memory)
    if store is not None or workers or scheduler or resume or per_worker is not None:
        from pigsolve.ui.store_commands import compute_with_store

        if found.solver:
            option = next(iter(found.solver))
            raise InvalidArgument(f"--store takes no --{option}: it solves by layers")
        compute_with_store(
            rules, store, workers, scheduler, resume, force, quiet, out, limit, per_worker
        )
        return
    path = out or default_path(rules)
    kept = None
    if path.is_file() and not force:  # computed already: said again, kept (or refused)
        kept = kept_table(path, lambda found_path: load_for(found_path, rules))
    else:
        check_can_write(path, force)
        demands = family.demands(rules, **found.solver)
        if demands.unsolved:
            raise InvalidArgument(demands.unsolved)
        announce_size(
            demands.memory,
            demands.what,
            quiet,
            lambda free: family.fits(rules, free, **found.solver),
            (demands.seconds, demands.compiling),
            limit,
            demands.disk,
        )
        with progress_bar("solving", None, console, not quiet) as progress:
            solution = family.solve(rules, progress, **found.solver)
        path.parent.mkdir(parents=True, exist_ok=True)
        save = lambda: family.save(solution, path, force=force)  # noqa: E731
        kept = save_or_keep(save, path, lambda found_path: load_for(found_path, rules))
    if not quiet:
        found.adapter.show_solved(solution if kept is None else kept, path, kept is not None)


@command(tables_app)
def convert(
    store: Annotated[str, typer.Argument(metavar="STORE.zarr", help="A finished Zarr store.")],
    out: Annotated[Path, typer.Option(help="The HDF5 table to write.")],
    force: Force = False,
) -> None:
    """Write a finished Zarr store (compute --store) as an HDF5 table, read as any other."""
    from pigsolve.ui.store_commands import convert as convert_store

    written = convert_store(store, out, force)
    console.print(f"wrote {written}", highlight=False, soft_wrap=True)


@command(tables_app)
def info(
    path: TableFile = None,
    game: Game = None,
    timeout: Timeout = None,
    memory: Memory = None,
    *,
    given: dict[str, Any],
) -> None:
    """Show a table's attributes and datasets; with --game (or a game's table) what the game
    is first (its roll outcomes, where it has them), even before its table is computed."""
    from pigsolve.solver.layer_store import is_store
    from pigsolve.solver.registry import require
    from pigsolve.solver.storage import describe
    from pigsolve.solver.tables import default_path
    from pigsolve.ui import table_files

    found = setting("info", game, given, path)  # a table named is read and checked
    family, rules = found.family, found.rules
    shown = found.adapter.describe_game(rules, game is not None)
    for item in shown:
        console.print(item, highlight=False, markup=False)
    if shown and path is None and not default_path(rules).exists():
        console.print(
            f"No table computed yet: `{family.command(rules)}` makes it.", highlight=False
        )
        return
    path = path or require(default_path(rules), rules)
    if is_store(path):  # a Zarr store: its layers added up, a half-written one too
        import importlib

        attrs, datasets = importlib.import_module(family.can.store).store.describe(str(path))
    else:
        attrs, datasets = describe(path)
        if found.solution is None:  # the figures shown are those of a table that loads
            family.load(path)
    console.print(table_files.attributes(path, attrs))
    console.print(table_files.datasets(datasets))


@command(tables_app)
def query(
    state: Annotated[
        list[int],
        typer.Argument(help=f"The state's numbers ({_each(lambda family: family.can.state)})."),
    ],
    table: Table = None,
    game: Game = None,
    as_json: Json = False,
    timeout: Timeout = None,
    memory: Memory = None,
    *,
    given: dict[str, Any],
) -> None:
    """Show each player's win probability in a state, the optimal action and every action's
    value."""
    from pigsolve.solver.tables import table_for

    found = setting("query", game, given, table)
    try:
        numbers = found.family.state(found.rules, state)
    except InvalidArgument as err:  # the state's length is set by an option: say where to look
        raise InvalidArgument(f"{as_option(err, option_flags())} (see --help)") from None
    extras = found.adapter.query_extras(found.rules, numbers, found.given)
    solution = found.solution or table_for(found.rules, None, note)
    found.adapter.show_query(solution, numbers, extras, as_json)


@command(tables_app)
def verify(
    path: TableFile = None,
    game: Game = None,
    max_residual: Annotated[
        float, typer.Option(min=0.0, help="Largest Bellman residual accepted.")
    ] = MAX_RESIDUAL,
    timeout: Timeout = None,
    memory: Memory = None,
    *,
    given: dict[str, Any],
) -> None:
    """Recompute a table's Bellman residual and invariants; exit 1 if any check fails."""
    from pigsolve.solver.registry import require
    from pigsolve.solver.tables import default_path
    from pigsolve.ui import table_files

    found = setting("verify", game, given, path, read=False)
    check = found.family.can.verify
    if check is None:
        raise InvalidArgument(f"verify does not serve {found.game}: it has no check yet")
    path = path or require(default_path(found.rules), found.rules)
    read = setting("verify", game, given, path, checked=False)  # every check shown
    checks = check(read.solution, max_residual)
    console.print(table_files.checks(path, checks))
    failed = [check.name for check in checks if not check.passed]
    if failed:
        raise PigsolveError(f"{path} fails: {', '.join(failed)}")


@command(tables_app)
def bench(
    as_json: Json = False,
    large: Annotated[bool, typer.Option("--large", help="Also compute goal 1000, fresh.")] = False,
    quick: Annotated[
        bool, typer.Option("--quick", help="Only the solvers of the default game.")
    ] = False,
    web: Annotated[
        bool,
        typer.Option(
            "--web", help="Only the browser's rows: its answers and its load tests (minutes)."
        ),
    ] = False,
) -> None:
    """Time the solvers side by side (JIT compile time apart) and print the figures."""
    from pigsolve.ui import result_tables
    from pigsolve.ui.adapters import adapters

    if web:
        from pigsolve.ui.web.bench import bench_gui

        rows = bench_gui()
    else:
        rows = [row for adapter in adapters() for row in adapter.benchmarks(large, quick)]
    if as_json:
        console.print_json(json.dumps(rows, allow_nan=False))
        return
    console.print(result_tables.benchmarks(rows))


@command(tables_app)
def export(
    what: Annotated[
        Exports,
        typer.Option(
            help=f"What to export ({_each(lambda family: ', '.join(family.can.exports))}).",
        ),
    ],
    out: Annotated[Path, typer.Option(help="The file to write.")],
    fmt: Annotated[
        Formats | None,
        typer.Option("--format", help="Format (default: the suffix of --out)."),
    ] = None,
    table: Table = None,
    game: Game = None,
    force: Force = False,
    timeout: Timeout = None,
    memory: Memory = None,
    *,
    given: dict[str, Any],
) -> None:
    """Export the optimal policy, its win probabilities or when to stop, of a game's table (or
    its strategy as a Python function)."""
    from pigsolve.solver.export_files import format_for
    from pigsolve.solver.registry import unknown
    from pigsolve.solver.tables import table_for

    found = setting("export", game, given, table)
    write = found.family.can.export
    if write is None:
        raise InvalidArgument(f"export does not serve {found.game}: it has no exports")
    what, fmt = str(what), None if fmt is None else str(fmt)
    if what not in found.family.can.exports:
        raise unknown("export", what, list(found.family.can.exports))
    fmt = format_for(out, fmt, found.family.can.export_formats)  # before any table is made
    refuse = found.family.can.cannot_export
    why = "" if refuse is None else refuse(found.rules, what)
    if why:
        raise InvalidArgument(why, parameter="what")
    solution = found.solution or table_for(found.rules, None, note)
    console.print(
        f"wrote {write(solution, what, out, fmt, force)}", highlight=False, soft_wrap=True
    )


@command(tables_app)
def plot(
    kind: Annotated[
        Plots,
        typer.Option(
            help=f"What to draw ({_each(lambda family: ', '.join(family.can.plots))}).",
        ),
    ],
    out: Annotated[Path, typer.Option(help="The file to write: .png, .pdf or .svg.")],
    opponent: Annotated[
        int | None, typer.Option(help="The opponent's score J, for a plot of one slice.")
    ] = None,
    table: Table = None,
    game: Game = None,
    force: Force = False,
    timeout: Timeout = None,
    memory: Memory = None,
    *,
    given: dict[str, Any],
) -> None:
    """Draw a game's table: when to stop, a slice of it, the win-probability contours, or N
    players' boundary beside two players'."""
    from pigsolve.solver.registry import unknown
    from pigsolve.solver.tables import table_for

    found = setting("plot", game, given, table)
    draw = found.family.can.plot
    if draw is None:
        raise InvalidArgument(f"plot does not serve {found.game}: it has no plots")
    kind = str(kind)
    if kind not in found.family.can.plots:
        raise unknown("plot", kind, list(found.family.can.plots))
    solution = found.solution or table_for(found.rules, None, note)
    written = draw(solution, kind, out, opponent, force, note)
    console.print(f"wrote {written}", highlight=False, soft_wrap=True)
