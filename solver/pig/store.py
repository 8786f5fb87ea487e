"""Pig's N-player table in a Zarr v3 store, one group per layer (:mod:`solver.layer_store`).

A layer is the score vectors of one score sum (:mod:`solver.pig.layers`):

``L{layer}/start_values``
    float64 ``(size, N)``: the start-of-turn values of the layer's score vectors, in increasing
    row order of the in-memory table (:func:`solver.pig._kernels.indexing.layer`).
``L{layer}/mixed_scores``, ``mixed_turn_total``, ``mixed_roll_probability``
    the layer's mixed states, as in the HDF5 table (:mod:`solver.pig.table`).

The root attributes are :mod:`solver.layer_store`'s, of kind :data:`KIND`, with the goal, the
players and the game. Values are checked as they are read, as an HDF5 table's are
(:func:`check_rows`), and the files first (:func:`solver.layer_store.read`).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from pigsolve.solver import layer_store
from pigsolve.solver.errors import InvalidArgument, TableError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.layers import MixedRecord
from pigsolve.solver.pig.paths import compute_command
from pigsolve.solver.pig.solution import Mixed, PigSolution
from pigsolve.solver.pig.windows import layer_sizes
from pigsolve.solver.table_checks import check_probabilities, damaged

KIND = "pig-layers"
FORMAT_VERSION = 3
"""3: checksums of the identity and of every chunk (:mod:`solver.layer_store`); 2 had none (still
read); 1 had one chunk a write."""
OLDER = (2,)
"""The earlier format versions still read."""
SUM_LIMIT = 1e-9
"""How far the players' chances in a row may sum from 1 (as :mod:`solver.pig.load_checks`)."""
CHUNK_ROWS = 2**18
"""Score vectors in one shard of a layer's array (8 MiB for four players): what a write task
writes whole."""


def check_rules(rules: PigRules) -> None:
    """Raise InvalidArgument in one line unless ``rules`` are solved into a store."""
    if rules.players < 3 or rules.resets:
        raise InvalidArgument(
            "--store solves three players or more, on games without resets; "
            "two players fit in memory up to goals in the tens of thousands"
        )


def words(rules: PigRules) -> str:
    """Return the rules in words: ``5 players, goal 50``."""
    from pigsolve.solver.games.pig import describe_rules

    return describe_rules(rules, False)


def top_layer(rules: PigRules) -> int:
    """Return the highest score sum, ``N (G - 1)``."""
    return rules.players * (rules.goal - 1)


def create(url: str, rules: PigRules, chunk_rows: int = CHUNK_ROWS) -> Any:
    """Make a new store for ``rules`` at ``url`` (replacing any there), its arrays cut in
    chunks of ``chunk_rows`` score vectors, and return its group."""
    rules_json = json.dumps(rules.as_json)
    return layer_store.create(
        url, KIND, FORMAT_VERSION, rules_json, chunk_rows,
        goal=rules.goal, players=rules.players, game=rules.game,
    )  # fmt: skip


def open_store(url: str, mode: str = "r") -> tuple[Any, PigRules]:
    """Return the group at ``url`` and its rules; raise TableError (one line) if it is missing
    or not a store of this format version."""
    group = layer_store.open_group(url, KIND, FORMAT_VERSION, "Pig's layers", mode, OLDER)
    try:
        return group, PigRules.from_json(json.loads(group.attrs["rules"]))
    except (KeyError, TypeError, ValueError) as err:
        raise TableError(f"{url} is damaged: its rules cannot be read ({err})") from None


def is_complete(group: Any, rules: PigRules) -> bool:
    """Return True if every layer of the store is finished."""
    return int(group.attrs["finished"]) == top_layer(rules) + 1


def record_layer(
    group: Any, rules: PigRules, layer: int, mixed: list[MixedRecord], num_iter: int
) -> None:
    """Write ``layer``'s mixed states, then count the layer as finished (its values written)."""
    found = Mixed.of(mixed, rules.players)
    layer_store.write_array(group, f"L{layer}/mixed_scores", found.scores)
    layer_store.write_array(group, f"L{layer}/mixed_turn_total", found.turn_total)
    layer_store.write_array(group, f"L{layer}/mixed_roll_probability", found.roll_probability)
    finished = top_layer(rules) - layer + 1
    layer_store.count_finished(group, finished, num_iter, num_mixed=len(mixed))


def layer_rows(rules: PigRules, layer: int) -> np.ndarray:
    """Return the rows of the in-memory table ``(G**N, N)`` that ``layer`` holds, increasing."""
    from pigsolve.solver.pig._kernels import indexing

    rows = np.empty(int(layer_sizes(rules.goal, rules.players)[layer]), np.int64)
    indexing.layer(rules.goal, rules.players, layer, rows)
    return rows


def load(url: str) -> PigSolution:
    """Read a finished store into memory as a :class:`PigSolution` (all of it: the table must
    fit; :func:`solver.pig.store_rows.open_solution` reads rows as asked); raise TableError if it
    is not finished."""
    group, rules = open_store(url)
    if not is_complete(group, rules):
        raise TableError(half_written(url, group, rules))
    attrs = dict(group.attrs)
    return PigSolution(
        rules,
        read_values(url, group, rules),
        read_mixed(url, group, rules),
        "layered",
        0.0,
        int(attrs["num_iter"]),
        seconds=float(attrs.get("solve_seconds", 0.0)),
        attrs=attrs,
    )


def read_values(url: str, group: Any, rules: PigRules, checked: bool = True) -> np.ndarray:
    """Return every start value of a finished store, shaped ``(G,) * N + (N,)``, ``checked``
    layer by layer (:func:`check_rows`)."""
    goal, n = rules.goal, rules.players
    values = np.empty((goal**n, n))
    for layer in range(top_layer(rules), -1, -1):
        rows = layer_rows(rules, layer)
        block = layer_store.read(url, group, f"L{layer}/start_values")
        if block.shape != (len(rows), n):
            raise TableError(f"{url} is damaged: layer {layer}'s arrays are of the wrong shape")
        if checked:
            check_rows(url, rules, f"L{layer}/start_values", block)
        values[rows] = block
    return values.reshape((goal,) * n + (n,))


def check_rows(url: str, rules: PigRules, name: str, rows: np.ndarray) -> None:
    """Raise TableError (:func:`solver.table_checks.damaged`) unless ``rows`` of start values
    are probabilities whose players' chances sum to 1, as an HDF5 table's on load."""
    words = {"compute": compute_command(rules, url) + " --force"}
    check_probabilities(url, name, rows, **words)
    if rows.size and not float(np.abs(rows.sum(axis=-1) - 1).max()) <= SUM_LIMIT:
        raise damaged(url, f"the players' chances in {name} do not sum to 1", **words)


def read_mixed(url: str, group: Any, rules: PigRules) -> Mixed:
    """Return every mixed state of a finished store, layer by layer from the highest down."""
    records: list[MixedRecord] = []
    for layer in range(top_layer(rules), -1, -1):
        scores, turn_total, q = read_layer_mixed(url, group, layer)
        records += [
            (tuple(int(s) for s in scores[m]), int(turn_total[m]), float(q[m]))
            for m in range(len(q))
        ]
    return Mixed.of(records, rules.players)


def read_layer_mixed(url: str, group: Any, layer: int) -> tuple[np.ndarray, ...]:
    """Return ``layer``'s mixed states as stored: the scores, turn totals and probabilities."""
    return tuple(
        layer_store.read(url, group, f"L{layer}/{name}")
        for name in ("mixed_scores", "mixed_turn_total", "mixed_roll_probability")
    )


def half_written(url: str, group: Any, rules: PigRules) -> str:
    """Return the one line saying that the store at ``url`` is not finished, and how to end it."""
    return layer_store.half_written(url, int(group.attrs["finished"]), top_layer(rules) + 1)


def describe(url: str) -> tuple[dict[str, Any], list[tuple[str, tuple, str, int]]]:
    """Return the store's attributes and its arrays as one table's datasets (name, shape, dtype,
    stored bytes), every layer's added up."""
    group, rules = open_store(url)
    return layer_store.describe(group, top_layer(rules))
