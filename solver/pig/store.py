"""Pig's N-player table in a Zarr v3 store, one array per layer: out of core and resumable.

A layer is the score vectors of one score sum (:mod:`solver.pig.layers`). The store is a Zarr
group (a local folder, a shared file system or an fsspec URL such as ``s3://bucket/t.zarr``):

``L{layer}/start_values``
    float64 ``(size, N)``: the start-of-turn values of the layer's score vectors, in increasing
    row order of the in-memory table (:func:`solver.pig._kernels.indexing.layer`).
``L{layer}/mixed_scores``, ``mixed_turn_total``, ``mixed_roll_probability``
    the layer's mixed states, as in the HDF5 table (:mod:`solver.pig.table`).

The root attributes stamp it (``format``, ``kind`` :data:`KIND`, ``format_version``
:data:`FORMAT_VERSION`, ``pigsolve_version``), give the rules (JSON), ``chunk_rows`` (the score
vectors in a shard) and ``finished``: how many layers, from the highest down, are complete. A
layer's arrays are written before ``finished`` counts it, so a run stopped anywhere leaves a
store that resumes from its last finished layer.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import numpy as np

from pigsolve.solver import __version__
from pigsolve.solver.errors import TableError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.layers import MixedRecord
from pigsolve.solver.pig.solution import Mixed, PigSolution
from pigsolve.solver.pig.windows import layer_sizes
from pigsolve.solver.storage import MAGIC

KIND = "pig-layers"
FORMAT_VERSION = 2
"""2: a layer's array is sharded (:func:`layer_array`); 1 had one chunk a write."""
CHUNK_ROWS = 2**18
"""Score vectors in one shard of a layer's array (8 MiB for four players): what a write task
writes whole."""
READ_ROWS = 2**12
"""Score vectors in one chunk inside a shard (128 KiB for four players): what a row's reader
reads (Zarr's sharding codec)."""


def is_store(path: object) -> bool:
    """Return True if ``path`` names a Zarr store (by its ``.zarr`` suffix, maybe with ``/``).

    >>> is_store("data/t.zarr"), is_store("s3://bucket/t.zarr/"), is_store("t.h5")
    (True, True, False)
    """
    return str(path).rstrip("/").endswith(".zarr")


def top_layer(rules: PigRules) -> int:
    """Return the highest score sum, ``N (G - 1)``."""
    return rules.players * (rules.goal - 1)


def create(url: str, rules: PigRules, chunk_rows: int = CHUNK_ROWS) -> Any:
    """Make a new store for ``rules`` at ``url`` (replacing any there), its arrays cut in
    chunks of ``chunk_rows`` score vectors, and return its group."""
    import zarr

    group = zarr.open_group(url, mode="w")
    group.attrs.update(
        {
            "format": MAGIC,
            "kind": KIND,
            "format_version": FORMAT_VERSION,
            "pigsolve_version": __version__,
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "rules": json.dumps(rules.as_json),
            "goal": rules.goal,
            "players": rules.players,
            "game": rules.game,
            "chunk_rows": chunk_rows,
            "finished": 0,
            "num_iter": 0,
        }
    )
    return group


def open_store(url: str, mode: str = "r") -> tuple[Any, PigRules]:
    """Return the group at ``url`` and its rules; raise TableError (one line) if it is missing
    or not a store of this format version."""
    import zarr

    try:
        group = zarr.open_group(url, mode=mode)
        attrs = dict(group.attrs)
    except (FileNotFoundError, zarr.errors.GroupNotFoundError, ValueError) as err:
        raise TableError(f"{url} is not a pigsolve store ({type(err).__name__})") from None
    if attrs.get("format") != MAGIC or attrs.get("kind") != KIND:
        raise TableError(f"{url} is not a pigsolve store of Pig's layers")
    if attrs.get("format_version") != FORMAT_VERSION:
        raise TableError(
            f"{url} was written by pigsolve {attrs.get('pigsolve_version', 'unknown')} in store "
            f"format {attrs.get('format_version')}; this version reads format {FORMAT_VERSION}"
        )
    return group, PigRules.from_json(json.loads(attrs["rules"]))


def is_complete(group: Any, rules: PigRules) -> bool:
    """Return True if every layer of the store is finished."""
    return int(group.attrs["finished"]) == top_layer(rules) + 1


def layer_array(group: Any, layer: int, size: int, players: int) -> Any:
    """Make (or make anew) the empty array of ``layer``'s start values and return it: shards of
    ``chunk_rows`` score vectors, each of chunks of :data:`READ_ROWS` (where they divide it)."""
    shard = int(group.attrs["chunk_rows"])
    inner = READ_ROWS if shard % READ_ROWS == 0 and size > READ_ROWS else shard
    return group.create_array(
        f"L{layer}/start_values",
        shape=(size, players),
        chunks=(min(size, inner), players),
        shards=(shard, players) if inner < shard else None,
        dtype="float64",
        fill_value=np.nan,
        overwrite=True,
    )


def record_layer(
    group: Any, rules: PigRules, layer: int, mixed: list[MixedRecord], num_iter: int
) -> None:
    """Write ``layer``'s mixed states, then count the layer as finished (its values written)."""
    found = Mixed.of(mixed, rules.players)
    arrays = {
        "mixed_scores": found.scores,
        "mixed_turn_total": found.turn_total,
        "mixed_roll_probability": found.roll_probability,
    }
    for name, data in arrays.items():
        array = group.create_array(
            f"L{layer}/{name}", shape=data.shape, dtype=data.dtype, overwrite=True
        )
        if data.size:
            array[...] = data
    finished = top_layer(rules) - layer + 1
    group.attrs.update(
        {
            "finished": finished,
            "num_iter": max(int(group.attrs["num_iter"]), num_iter),
            "num_mixed": int(group.attrs.get("num_mixed", 0)) + len(mixed),
        }
    )


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
        read_values(group, rules),
        read_mixed(group, rules),
        "layered",
        0.0,
        int(attrs["num_iter"]),
        seconds=float(attrs.get("solve_seconds", 0.0)),
        attrs=attrs,
    )


def read_values(group: Any, rules: PigRules) -> np.ndarray:
    """Return every start value of a finished store, shaped ``(G,) * N + (N,)``."""
    goal, n = rules.goal, rules.players
    values = np.empty((goal**n, n))
    for layer in range(top_layer(rules), -1, -1):
        values[layer_rows(rules, layer)] = group[f"L{layer}/start_values"][...]
    return values.reshape((goal,) * n + (n,))


def read_mixed(group: Any, rules: PigRules) -> Mixed:
    """Return every mixed state of a finished store, layer by layer from the highest down."""
    records: list[MixedRecord] = []
    for layer in range(top_layer(rules), -1, -1):
        part = group[f"L{layer}"]
        scores = part["mixed_scores"][...]
        turn_total, q = part["mixed_turn_total"][...], part["mixed_roll_probability"][...]
        records += [
            (tuple(int(s) for s in scores[m]), int(turn_total[m]), float(q[m]))
            for m in range(len(q))
        ]
    return Mixed.of(records, rules.players)


def half_written(url: str, group: Any, rules: PigRules) -> str:
    """Return the one line saying that the store at ``url`` is not finished, and how to end it."""
    done, layers = int(group.attrs["finished"]), top_layer(rules) + 1
    return (
        f"{url} is half-written ({done} of {layers} layers); "
        "pass --resume to complete it or --force to start over"
    )


def describe(url: str) -> tuple[dict[str, Any], list[tuple[str, tuple, str, int]]]:
    """Return the store's attributes and its arrays as one table's datasets (name, shape, dtype,
    stored bytes), every layer's added up."""
    group, rules = open_store(url)
    names = ("start_values", "mixed_scores", "mixed_turn_total", "mixed_roll_probability")
    rows, stored = dict.fromkeys(names, 0), dict.fromkeys(names, 0)
    dtypes = dict.fromkeys(names, "")
    for layer in range(top_layer(rules), top_layer(rules) - int(group.attrs["finished"]), -1):
        for name in names:
            array = group[f"L{layer}/{name}"]
            rows[name] += array.shape[0]
            stored[name] += array.nbytes_stored()
            dtypes[name] = str(array.dtype)
    n = rules.players
    shapes = {"start_values": (rows["start_values"], n), "mixed_scores": (rows["mixed_scores"], n)}
    return dict(group.attrs), [
        (name, shapes.get(name, (rows[name],)), dtypes[name], stored[name]) for name in names
    ]
