"""The tables of results: exact comparisons, round robins, simulations, tunings and
benchmarks."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pigsolve.solver.results import Comparison, Simulation, Tuning
from pigsolve.ui.records import record

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table


def new_table(*columns: str, **options: Any) -> Table:
    """Return a rich ``Table`` (rich is imported at the first table drawn, not at start-up)."""
    from rich.table import Table

    return Table(*columns, **options)


def count(number: int, noun: str) -> str:
    """Return ``number`` with thousands separators and ``noun``, plural unless it is 1.

    >>> count(1, "game"), count(100000, "state")
    ('1 game', '100,000 states')
    """
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def named_rows(header: tuple[str, str], rows: Iterable[tuple[str, str]]) -> Table:
    """Return a two-column table, e.g. the players and what they do."""
    out = new_table(*header)
    for row in rows:
        out.add_row(*row)
    return out


def comparison(result: Comparison, setting: str) -> Table:
    """Return A's exact win probability when A starts, when B starts and on a coin toss."""
    out = new_table(
        "who starts", "P(A wins)", title=f"A = {result.a}, B = {result.b} ({setting}), exact"
    )
    out.add_row("A first", f"{result.a_first:.6f}")
    out.add_row("B first", f"{result.b_first:.6f}")
    out.add_row("coin toss", f"{result.average:.6f}")
    return out


def print_comparison(
    console: Console,
    result: Comparison,
    setting: str,
    as_json: bool,
    named: Mapping[str, Any] | None = None,
) -> None:
    """Print an exact comparison as a table, or as one JSON object (see :func:`record`)."""
    if as_json:
        print(json.dumps(record(result, named), allow_nan=False))
    else:
        console.print(comparison(result, setting))


def round_robin(names: Sequence[str], results: Sequence[Comparison], setting: str) -> Table:
    """Return the coin-toss matrix of a round robin (``results`` row by row)."""
    out = new_table(
        "A \\ B", *names, title=f"P(A beats B), coin toss for who starts ({setting}), exact"
    )
    for row, name in enumerate(names):
        cells = results[row * len(names) : (row + 1) * len(names)]
        out.add_row(name, *(f"{r.average:.4f}" for r in cells))
    return out


def simulation(result: Simulation, setting: str) -> Table:
    """Return a simulation's win rates by starter beside the exact values."""
    exact = result.exact
    z = result.z_scores(exact)
    out = new_table(
        "starter",
        "games",
        "A wins",
        "win rate",
        "95% CI",
        "exact",
        "z",
        title=f"A = {result.a}, B = {result.b}: {count(result.total.games, 'game')} ({setting}, "
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
            z_text(z_score),
        )
    return out


def z_text(z: float) -> str:
    """Return a z-score as printed: '-' where it is undefined (an exact chance of 0 or 1).

    >>> z_text(-0.694), z_text(float("nan"))
    ('-0.69', '-')
    """
    return f"{z:+.2f}" if math.isfinite(z) else "-"


def simulation_footer(result: Simulation) -> str:
    """Return the lines printed under a simulation's table."""
    return (
        "95% CI: Wilson score interval. exact: evaluated, not sampled.\n"
        f"mean game length {result.mean_turns:.3f} turns; {result.seconds:.2f} s of play"
    )


def seatings(result: Any, title: str) -> Table:
    """Return every player's exact chance in each seating and on average (a result with
    ``names``, ``rows()`` and ``average``, as every family's seatings give)."""
    out = new_table("seating (first mover first)", *result.names, title=title, show_edge=False)
    for seating, chances in result.rows():
        out.add_row(", ".join(seating), *(f"{p:.6f}" for p in chances))
    out.add_row("average (random seating)", *(f"{p:.6f}" for p in result.average))
    if len(set(result.names)) < len(result.names):
        out.caption = "a player named twice has one column per copy"
    return out


def tuning(result: Tuning) -> Table:
    """Return the best members of a kind beside the documents' constants and optimal play."""
    kind, results, best = result.kind, result.ranked, result.best
    seats = len(getattr(best, "seats", ()))  # a field: one player against N - 1 others
    against = f"{best.b} in the {seats - 1} other seats" if seats else best.b
    out = new_table(
        "rank",
        "player",
        "moving first" if seats else "A first",
        "a field player first" if seats else "B first",
        "random seat" if seats else "coin toss",
        title=f"{kind} against {against} ({count(len(results), 'candidate')}), exact",
    )
    for place, member in enumerate(results[:11], 1):
        out.add_row(str(place), *_row(member))
    out.add_row("docs", *_row(result.documents))
    out.add_row("", *_row(result.optimal))
    out.caption = f"gap of the best to optimal play: {result.gap:.6f}"
    return out


def _row(result: Comparison) -> tuple[str, str, str, str]:
    return result.a, f"{result.a_first:.6f}", f"{result.b_first:.6f}", f"{result.average:.6f}"


def benchmarks(rows: Sequence[Mapping[str, Any]]) -> Table:
    """Return ``pigsolve bench``'s rows."""
    out = new_table("benchmark", "goal", "seconds", "compile s", "rate", "peak MiB")
    notes = [row["note"] for row in rows if row.get("note")]
    if rows and "speedup_vs_value_iteration" in rows[0]:  # the solvers' rows (not --web's)
        notes.insert(0, speedup(rows) + " (same run)")
    out.caption = "\n".join(notes) or None
    for row in rows:
        rate = f"{row['rate']:,.0f} {row['unit']}" if row["rate"] else ""
        compile_s = row["compile_seconds"]
        out.add_row(
            row["benchmark"],
            str(row["goal"]),
            f"{row['seconds']:.4f}",
            "" if compile_s is None else f"{compile_s:.2f}",
            rate,
            "" if row["peak_mib"] is None else f"{row['peak_mib']:.0f}",
        )
    return out


def speedup(rows: Sequence[Mapping[str, Any]]) -> str:
    """Return the line under ``pigsolve bench``'s table: layered against value iteration."""
    return f"layered is {rows[0]['speedup_vs_value_iteration']:.0f}x faster than value-iteration"


def tournament(tournament: Mapping[str, Any], setting: str) -> Table:
    """Return a tournament's ranking (:func:`solver.tournament.record`): rank, entry, points,
    mean win rate and games played, best first."""
    rows = tournament["entries"]
    out = new_table(
        "rank", "entry", "points", "win rate", "games", title=f"{setting}: {len(rows)} entries"
    )
    for row in rows:
        rate = f"{row['win_rate']:.6f}"
        out.add_row(str(row["rank"]), row["name"], str(row["points"]), rate, str(len(rows) - 1))
    return out
