"""``simulate --json``: a simulation as one JSON object, named as ``compare --json`` names things.

Two players: ``{a, b, goal, <game fields>, games, seed, a_first, b_first, either, mean_turns}``,
each of ``a_first``, ``b_first`` (the games A started, those B started) and ``either`` (all games)
giving A's ``games``, ``wins``, ``rate``, ``standard_error``, ``ci95`` (Wilson), ``exact`` and
``z``, as the table's rows do. More players: ``{players, goal, <game fields>, games, seed}`` and a
list per figure, one entry per player (as ``compare --players N --json`` lists ``average``). The
game fields are :meth:`ui.adapters.Adapter.record_fields`. A figure that does not exist (no
games started by B, no exact value) is null, never NaN; the seconds of play are left out, so a
seeded run prints the same record every time.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pigsolve.solver.results import Simulation, Tally

if TYPE_CHECKING:
    from pigsolve.solver.results import Tournament


def dumps(record: Mapping[str, Any]) -> str:
    """Return ``record`` as one line of strict JSON (a NaN left anywhere is an error)."""
    return json.dumps(record, allow_nan=False)


def pair_record(result: Simulation, named: Mapping[str, Any]) -> dict[str, Any]:
    """Return a simulation of A against B; ``named`` the game's fields (in place of the die)."""
    exact = result.exact
    z = result.z_scores(exact) if exact is not None else {}
    a_first = b_first = either = None
    if exact is not None:  # alternating starters: the exact rate over all games mixes the two
        a_first, b_first = exact.a_first, exact.b_first
        a_games, b_games = result.a_first.games, result.b_first.games
        either = (a_games * a_first + b_games * b_first) / result.total.games
    return (
        {"a": result.a, "b": result.b, "goal": result.goal}
        | dict(named)
        | {
            "games": result.total.games,
            "seed": result.seed,
            "a_first": _tally(result.a_first, a_first, z.get("a_first")),
            "b_first": _tally(result.b_first, b_first, z.get("b_first")),
            "either": _tally(result.total, either, z.get("total")),
            "mean_turns": result.mean_turns,
        }
    )


def tournament_record(result: Tournament, named: Mapping[str, Any]) -> dict[str, Any]:
    """Return a simulation of N players, each figure a list in the order of play."""
    tallies = result.tallies
    exact = result.expected_rates
    z = result.z_scores() if exact is not None else None
    return (
        {"players": list(result.names), "goal": result.rules.goal}
        | dict(named)
        | {
            "games": result.games,
            "seed": result.seed,
            "wins": [tally.wins for tally in tallies],
            "rate": [_number(tally.rate) for tally in tallies],
            "standard_error": [_standard_error(tally) for tally in tallies],
            "ci95": [[_number(end) for end in tally.wilson()] for tally in tallies],
            "exact": None if exact is None else [_number(p) for p in exact],
            "z": None if z is None else [_number(score) for score in z],
            "mean_turns": result.mean_turns,
        }
    )


def _tally(tally: Tally, exact: float | None, z: float | None) -> dict[str, Any]:
    """Return one row of a pair's table: A's games, wins, rate, its error, the exact value."""
    return {
        "games": tally.games,
        "wins": tally.wins,
        "rate": _number(tally.rate),
        "standard_error": _standard_error(tally),
        "ci95": [_number(end) for end in tally.wilson()],
        "exact": _number(exact),
        "z": _number(z),
    }


def _standard_error(tally: Tally) -> float | None:
    """Return the standard error of the win rate, ``sqrt(rate (1 - rate) / games)``."""
    if not tally.games:
        return None
    return math.sqrt(tally.rate * (1.0 - tally.rate) / tally.games)


def _number(value: float | None) -> float | None:
    """Return ``value`` as a float, None where it is missing or not a number."""
    if value is None or math.isnan(value):
        return None
    return float(value)


def text(result: Simulation | Tournament, named: Mapping[str, Any], as_json: bool) -> str:
    """Return what ``pigsolve simulate`` prints of ``result``: its record (``as_json``), else
    A's rates moving first and second, or with more players each seat's rate and interval,
    beside the exact ones where known."""
    from pigsolve.solver.results import Tournament

    if isinstance(result, Tournament):
        if as_json:
            return dumps(tournament_record(result, named))
        exact = result.expected_rates
        z = None if exact is None else result.z_scores()
        lines = []
        for p, (name, tally) in enumerate(zip(result.names, result.tallies, strict=True)):
            low, high = tally.wilson()
            beside = "" if z is None else f" (exact {exact[p]:.4f}, z {z[p]:+.2f})"
            lines.append(
                f"seat {p + 1}, {name}: won {tally.rate:.4f} [{low:.4f}, {high:.4f}]{beside}"
            )
        return "\n".join([*lines, f"{result.games} games, the first move passing round the table"])
    if as_json:
        return dumps(pair_record(result, named))
    exact = result.exact
    first = "" if exact is None else f" (exact {exact.a_first:.4f})"
    second = "" if exact is None else f" (exact {exact.b_first:.4f})"
    return (
        f"{result.a} won {result.a_first.rate:.4f} moving first{first}, "
        f"{result.b_first.rate:.4f} moving second{second}"
    )
