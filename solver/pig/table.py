"""Pig solutions on disk: one layout for any number of players (format version 3).

Datasets (documented in ``docs/reference/formats.md``):

``start_values``
    float64, ``(G,) * N + (N,)``: every player's win probability at the start of the mover's
    turn, scores from the mover's seat (:class:`solver.pig.solution.PigSolution`).
``mixed_scores``, ``mixed_turn_total``, ``mixed_roll_probability``
    int64 ``(M, N)``, int64 ``(M,)``, float64 ``(M,)``: the states where the mover mixes
    (none with two players).
``win_probability``, ``roll`` (two players, goals up to :data:`solver.pig.solve.MAX_FULL_GOAL`)
    float64 and uint8 0/1, ``(G, G, G)``: the full table ``P(i, j, k)`` and its choices.

The start values are written as they are, contiguous and uncompressed, straight from the
solver's array (no copy): four players at goal 100 are 3.2 GB, which any compression filter
writes many times slower than the disk (figures in ``docs/reference/formats.md``). The
smaller datasets are compressed.

The ``rules`` attribute (JSON, :attr:`PigRules.as_json`) holds the rules; a game of the family
besides Pig's die stores its whole roll table there (``game``:
:attr:`solver.games.pig_outcomes.RollOutcomes.as_json`, exact fractions), from which :func:`load`
rebuilds the same :class:`PigRules` (:meth:`PigRules.from_json`). Files without
it are Pig's die. Version 3 is version 2 with a checksum (:func:`solver.checksums.checksum`),
compared on every checked load; files of version 2 (no checksum: the sample of
:mod:`solver.pig.load_checks` alone) and of version 1 (layouts ``full``, ``compact`` and
``equilibrium``) are still read.
Reading needs no numba: rows are rebuilt with :func:`solver.pig.rows.rebuild_row`.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import h5py
import numpy as np

from pigsolve.solver.errors import InvalidArgument, TableError
from pigsolve.solver.games.pig import PigRules, describe_rules
from pigsolve.solver.layer_store import is_store
from pigsolve.solver.pig.load_checks import check_values
from pigsolve.solver.pig.solution import Mixed, PigSolution
from pigsolve.solver.storage import (
    TableFormat,
    open_table,
    read_attrs,
    write_table,
)
from pigsolve.solver.table_checks import (
    FLAGS,
    FLOAT,
    INTEGER,
    check_checksum,
    damaged,
    dataset,
    read,
    table_checksum,
)

FORMAT = TableFormat("pig", 3, (1, 2, 3))
"""Pig's tables: version 1 held the layouts before one for any number of players, version 2
had no checksum."""
UNCOMPRESSED = ("start_values",)
"""Datasets written as they are: the big ones, which a filter would write slowly."""


def _rules_of(attrs: dict) -> PigRules:
    """Return the rules stored in a file's attributes (any version; the oldest have no JSON)."""
    try:
        stored = json.loads(attrs["rules"]) if "rules" in attrs else {}
    except RecursionError:
        raise InvalidArgument("not Pig rules (nested too deeply)", parameter="rules") from None
    oldest = {name: attrs[name] for name in ("goal", "die_sides") if name in attrs}
    return PigRules.from_json(oldest | stored)


def save(solution: PigSolution, path: str | os.PathLike, force: bool = False) -> Path:
    """Write ``solution`` to ``path`` atomically (the layout of this module)."""
    rules = solution.rules
    datasets = {
        "start_values": solution.values,
        "mixed_scores": solution.mixed.scores,
        "mixed_turn_total": solution.mixed.turn_total,
        "mixed_roll_probability": solution.mixed.roll_probability,
    }
    if solution.full is not None:
        p, roll = solution.full
        datasets |= {"win_probability": p, "roll": roll.view(np.uint8)}
    attrs = {
        "rules": json.dumps(rules.as_json),
        "goal": rules.goal,
        "game": rules.game,
        "players": rules.players,
        "method": solution.method,
        "tolerance": solution.tolerance,
        "num_iter": solution.num_iter,
        "num_mixed": len(solution.mixed),
        "p_first_player": solution.p_first_player,
        "solve_seconds": solution.seconds,
    }
    if math.isfinite(solution.max_bellman_residual):  # nan: not computed (three players or more)
        attrs["max_bellman_residual"] = solution.max_bellman_residual
    if rules.outcomes is None:
        attrs["die_sides"] = rules.die_sides
    return write_table(path, FORMAT, datasets, attrs, force=force, uncompressed=UNCOMPRESSED)


def load(path: str | os.PathLike, checked: bool = True) -> PigSolution:
    """Read the solution at ``path`` (a finished Zarr store too, its rows read as asked:
    :mod:`solver.pig.store_rows`); raise ``TableError`` if it is missing or damaged.

    Every dataset's shape and type are checked against the stored rules before it is read; a
    ``checked`` table's values then pass :func:`solver.pig.load_checks.check_values` (``verify``
    reads with ``checked=False``, to show every check).
    """
    if is_store(path):  # its rows read as asked, each checked as it is read
        from pigsolve.solver.pig.store_rows import open_solution

        return open_solution(str(path), checked)
    path = Path(path)
    arrays: dict[str, np.ndarray] = {}
    with open_table(path, FORMAT) as f:
        try:
            solution = _read(f, path, arrays)
            sums = table_checksum(f, arrays) if checked else (None, "")
        except (OSError, KeyError, ValueError, TypeError, AttributeError, OverflowError) as err:
            raise damaged(path, _why(err)) from err
    if checked:
        check_values(solution, path)  # first: a NaN or a range is the plainer reason
        check_checksum(path, sums, required=int(solution.attrs["format_version"]) >= 3)
    return solution


def _why(err: Exception) -> str:
    """Return an error from reading a file in a few words (the first line of its message)."""
    words = str(err).strip().splitlines()
    return (words[0] if words else type(err).__name__)[:200]


def _read(f: h5py.File, path: Path, arrays: dict[str, np.ndarray]) -> PigSolution:
    """Return the solution in ``f``, its datasets as stored kept in ``arrays``."""
    attrs = read_attrs(f)
    rules = _rules_of(attrs)
    goal, n = rules.goal, rules.players
    if int(attrs["format_version"]) == 1:
        values, mixed, full = _read_version_1(f, path, rules, attrs.get("layout"))
    else:
        values = read(f, path, "start_values", (goal,) * n + (n,), FLOAT, arrays)
        mixed = _read_mixed(f, path, rules, arrays)
        full = _read_full(f, path, goal, arrays) if "win_probability" in f else None
    return PigSolution(
        rules,
        values.astype(np.float64, copy=False),
        mixed,
        str(attrs.get("method", "layered")),
        float(attrs.get("tolerance", 0.0)),
        int(attrs.get("num_iter", 0)),
        float(attrs.get("max_bellman_residual", np.nan)),
        float(attrs.get("solve_seconds", 0.0)),
        full,
        attrs,
        path,
    )


def _read_version_1(
    f: h5py.File, path: Path, rules: PigRules, layout: str | None
) -> tuple[np.ndarray, Mixed, tuple[np.ndarray, np.ndarray] | None]:
    """Return the start values, mixed states and full table of a file of format version 1.

    Its layouts: ``equilibrium`` (this version's datasets), ``full`` (the two-player table) and
    ``compact`` (``P(i, j, 0)``; its packed choices are rebuilt from it when asked).
    """
    goal = rules.goal
    if layout == "equilibrium":
        n = rules.players
        values = dataset(f, path, "start_values", (goal,) * n + (n,), FLOAT)[()]
        return values, _read_mixed(f, path, rules), None
    if layout == "full":
        p, roll = _read_full(f, path, goal)
        v0 = np.ascontiguousarray(p[:, :, 0])
        full: tuple[np.ndarray, np.ndarray] | None = (p, roll)
    elif layout == "compact":
        v0 = dataset(f, path, "win_probability_k0", (goal, goal), FLOAT)[()]
        full = None
    else:
        raise TableError(f"{path} has an unknown layout {layout!r}")
    v0 = v0.astype(np.float64, copy=False)
    return np.stack([v0, 1.0 - v0], axis=-1), Mixed.empty(2), full


def _read_mixed(
    f: h5py.File, path: Path, rules: PigRules, arrays: dict[str, np.ndarray] | None = None
) -> Mixed:
    """Return the mixed states: at most one per score vector, each a state of the rules
    (the datasets as stored kept in ``arrays``)."""
    arrays = {} if arrays is None else arrays
    goal, players = rules.goal, rules.players
    count = dataset(f, path, "mixed_roll_probability", (None,), FLOAT).shape[0]
    if count > goal**players:
        raise damaged(path, f"{count} mixed states in a table of {goal**players} score vectors")
    q = read(f, path, "mixed_roll_probability", (count,), FLOAT, arrays)
    k = read(f, path, "mixed_turn_total", (count,), INTEGER, arrays).astype(np.int64)
    flat = getattr(f.get("mixed_scores"), "ndim", 2) == 1  # (M * N,) or (M, N)
    shape = (count * players,) if flat else (count, players)
    scores = read(f, path, "mixed_scores", shape, INTEGER, arrays)
    scores = scores.astype(np.int64).reshape(-1, players)
    if count and not (scores.min() >= 0 and scores.max() < goal and k.min() > 0 and k.max() < goal):
        raise damaged(path, "mixed states outside the table")
    return Mixed(scores, k, q.astype(np.float64, copy=False))


def _read_full(
    f: h5py.File, path: Path, goal: int, arrays: dict[str, np.ndarray] | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Return the full two-player table and its choices (kept as stored in ``arrays``)."""
    arrays = {} if arrays is None else arrays
    p = read(f, path, "win_probability", (goal, goal, goal), FLOAT, arrays)
    roll = read(f, path, "roll", (goal, goal, goal), FLAGS, arrays).astype(bool)
    return p.astype(np.float64, copy=False), roll


def load_for(path: str | os.PathLike, rules: PigRules) -> PigSolution:
    """Return the table at ``path`` if it is sound (:func:`load`) and for ``rules``; else raise
    TableError saying why (damaged, other rules)."""
    table = load(path)
    if table.rules != rules:
        raise TableError(
            f"{path} is for {describe_rules(table.rules)}, not {describe_rules(rules)}"
        )
    return table
