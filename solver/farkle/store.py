"""Farkle's table of three players or more in a Zarr v3 store, one group per score-sum layer.

The layout is :mod:`solver.layer_store`'s, of kind :data:`KIND`. A layer is the start-of-turn
score vectors (units of 50) of one sum (:mod:`solver.farkle.players`):

``L{layer}/start_values``
    float64 ``(size, N)``: every player's chance at the layer's score vectors, mover first, in
    increasing row order of the in-memory table ``(G**N, N)``.
``L{layer}/coins``
    float64 ``(k, N + 1)``: the layer's mixed states, as the HDF5 table's ``coins`` (the scores,
    then the coin's chance).

A Farkle table is small beside its work (183 MiB at goal 10,000 for three players), so a store
is read whole, as a :class:`solver.farkle.solution.FarkleSolution`, and checked as a table is
(:func:`solver.farkle.table.load` reads both). ``verify`` reads it a layer at a time instead
(:class:`StoredSolution`, :func:`solver.farkle.verify.verify_store`), holding the table as a
solve worker does and a few layers' work beside it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np

from pigsolve.solver import layer_store
from pigsolve.solver.errors import InvalidArgument, TableError
from pigsolve.solver.farkle.solution import FarkleSolution, coins_array
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules, rules_in_words

KIND = "farkle-layers"
FORMAT_VERSION = 2
"""2: checksums of the identity and of every chunk (:mod:`solver.layer_store`); 1 had none
(still read)."""
OLDER = (1,)
CHUNK_ROWS = 2**16
"""Score vectors in one chunk of a layer's array (a write task's): one chunk a layer up to goal
10,000 for three players (its widest layer has 30,000)."""
COINS = "coins"


def check_rules(rules: FarkleRules) -> None:
    """Raise InvalidArgument in one line unless ``rules`` are solved into a store: three players
    or more, the rules :func:`solver.farkle.players.solve_players` solves."""
    from pigsolve.solver.farkle.solve import check_solvable

    if rules.players < 3:
        raise InvalidArgument(
            "--store solves Farkle for three players or more; two players fit in memory",
            parameter="players",
        )
    check_solvable(rules)


def words(rules: FarkleRules) -> str:
    """Return the rules in words: ``3-player Farkle, goal 10000``."""
    return f"{rules.players}-player {rules_in_words(rules)}, goal {rules.goal}"


def units(rules: FarkleRules) -> int:
    """Return ``G``: the scores a player has below the goal (units of 50)."""
    return rules.goal // POINT_UNIT


def top_layer(rules: FarkleRules) -> int:
    """Return the highest score sum, ``N (G - 1)``."""
    return rules.players * (units(rules) - 1)


def create(url: str, rules: FarkleRules, chunk_rows: int = CHUNK_ROWS) -> Any:
    """Make a new store for ``rules`` at ``url`` (replacing any there) and return its group."""
    return layer_store.create(
        url, KIND, FORMAT_VERSION, rules.to_json(), chunk_rows,
        goal=rules.goal, players=rules.players, game="farkle",
    )  # fmt: skip


def open_store(url: str, mode: str = "r") -> tuple[Any, FarkleRules]:
    """Return the group at ``url`` and its rules; raise TableError (one line) if it is missing
    or not a Farkle store of this format version."""
    group = layer_store.open_group(url, KIND, FORMAT_VERSION, "Farkle's layers", mode, OLDER)
    try:
        return group, FarkleRules.from_json(str(group.attrs["rules"]))
    except (KeyError, InvalidArgument) as err:
        raise TableError(f"{url} is damaged: its rules cannot be read ({err})") from None


def is_complete(group: Any, rules: FarkleRules) -> bool:
    """Return True if every layer of the store is finished."""
    return int(group.attrs["finished"]) == top_layer(rules) + 1


def steps(group: Any, rules: FarkleRules) -> str:
    """Return what a finished store was solved in: ``58 layers``."""
    return f"{top_layer(rules) + 1} layers"


def half_written(url: str, group: Any, rules: FarkleRules) -> str:
    """Return the one line saying that the store at ``url`` is not finished, and how to end it."""
    return layer_store.half_written(url, int(group.attrs["finished"]), top_layer(rules) + 1)


@functools.lru_cache(maxsize=2)
def rows_by_layer(goal: int, players: int) -> tuple[np.ndarray, np.ndarray]:
    """Return :func:`solver.layer_store.layer_rows` of ``G = goal`` units, kept for the next
    layer's tasks."""
    return layer_store.layer_rows(goal, players)


def layer_rows(rules: FarkleRules, layer: int) -> np.ndarray:
    """Return the rows of the in-memory table ``(G**N, N)`` that ``layer`` holds, increasing."""
    rows, bounds = rows_by_layer(units(rules), rules.players)
    return rows[bounds[layer] : bounds[layer + 1]]


def record_layer(
    group: Any, rules: FarkleRules, layer: int, coins: list, steps: int, residual: float
) -> None:
    """Write ``layer``'s coins, then count the layer as finished (its values written), with the
    most policy-iteration steps and the largest residual of its orbits."""
    layer_store.write_array(group, f"L{layer}/{COINS}", coins_array(tuple(coins), rules.players))
    residual = max(float(group.attrs.get("residual", 0.0)), residual)
    group.attrs["residual"] = residual
    layer_store.count_finished(group, top_layer(rules) - layer + 1, steps)


@dataclass(frozen=True)
class StoredSolution:
    """A finished store opened, its layers unread: its rules and the solve's figures, as a
    solution gives them (``verify`` reads the layers one at a time,
    :func:`solver.farkle.verify.verify_store`)."""

    url: str
    rules: FarkleRules
    residual: float
    num_iter: int
    seconds: float
    method: str = "layered orbits"


def open_finished(url: str) -> tuple[Any, StoredSolution]:
    """Return the group of the finished store at ``url`` and its :class:`StoredSolution`;
    TableError in one line if it is not finished or its attributes cannot be read."""
    group, rules = open_store(url)
    if not is_complete(group, rules):
        raise TableError(half_written(url, group, rules))
    attrs = group.attrs
    try:
        figures = (float(attrs.get("residual", 0.0)), int(attrs["num_iter"]))
        seconds = float(attrs.get("solve_seconds", 0.0))
    except (KeyError, TypeError, ValueError) as err:
        raise TableError(f"{url} is damaged: {str(err).splitlines()[0]}") from None
    return group, StoredSolution(url, rules, *figures, seconds)


def read_layer(
    url: str, group: Any, rules: FarkleRules, layer: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return ``layer``'s rows of the in-memory table, its start values and its coins' rows
    (unchecked); TableError in one line if its arrays are of the wrong shape."""
    rows = layer_rows(rules, layer)
    stored = layer_store.read(url, group, f"L{layer}/start_values")
    coins = layer_store.read(url, group, f"L{layer}/{COINS}")
    if stored.shape != (len(rows), rules.players) or coins.ndim != 2:
        raise TableError(f"{url} is damaged: layer {layer}'s arrays are of the wrong shape")
    return rows, stored, coins


def read(url: str) -> tuple[FarkleSolution, np.ndarray]:
    """Read a finished store whole: its solution without its coins, and the coins' rows (the
    scores, then the chance) unchecked (:func:`solver.farkle.table.load` checks them all);
    TableError in one line if it is not finished or its arrays are of the wrong shape."""
    group, stored = open_finished(url)
    rules = stored.rules
    goal, players = units(rules), rules.players
    values = np.empty((goal**players, players))
    coins = []
    for layer in range(top_layer(rules), -1, -1):
        rows, found, mixed = read_layer(url, group, rules, layer)
        values[rows] = found
        coins.append(mixed)
    figures = stored.method, stored.residual, stored.num_iter, stored.seconds
    shape = (goal,) * players + (players,)
    try:
        solution = FarkleSolution(
            rules, values.reshape(shape), *figures, ceiling=solved_ceiling(rules)
        )
    except InvalidArgument as err:
        raise TableError(f"{url} is damaged: {str(err).splitlines()[0]}") from None
    widths = {part.shape[1] for part in coins}
    rows = np.concatenate(coins) if len(widths) == 1 else np.empty((0, 0))
    return solution, rows


def solved_ceiling(rules: FarkleRules) -> int | None:
    """Return the ceiling the layers were solved to (:func:`solver.farkle.players.solve_players`
    takes the default with a last turn), None without a last turn (the goal)."""
    from pigsolve.solver.farkle.states import default_ceiling

    return default_ceiling(rules) if rules.last_turn else None


def describe(url: str) -> tuple[dict[str, Any], list[tuple[str, tuple, str, int]]]:
    """Return the store's attributes and its arrays as one table's datasets, every finished
    layer's added up."""
    group, rules = open_store(url)
    return layer_store.describe(group, top_layer(rules))
