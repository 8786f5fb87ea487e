"""Pig's N-player table in a Zarr v3 store, cut in blocks (:mod:`solver.pig.blocks`).

``start_values``
    float64 ``(G,) * N + (N,)``: the start-of-turn values, as the in-memory table's. A chunk
    (one file) a block, written whole by the task that solves it, with its CRC-32C checksum
    (:func:`chunk_codecs`).
``R{round}/mixed_scores``, ``mixed_turn_total``, ``mixed_roll_probability``
    the mixed states of a round's blocks, as in the HDF5 table (:mod:`solver.pig.table`).

The root attributes are :mod:`solver.layer_store`'s, of kind :data:`KIND`, with the goal, the
players, the game and ``block``, the blocks' edge; ``finished`` counts the rounds (block sums)
done from the highest down. Values are checked as they are read, as an HDF5 table's are
(:func:`check_rows`), and the files first (:func:`solver.layer_store.read`).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from pigsolve.solver import layer_store
from pigsolve.solver.errors import InvalidArgument, TableError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig import blocks
from pigsolve.solver.pig.layers import MixedRecord, in_order
from pigsolve.solver.pig.paths import compute_command
from pigsolve.solver.pig.solution import Mixed, PigSolution
from pigsolve.solver.table_checks import check_probabilities, damaged

KIND = "pig-layers"
FORMAT_VERSION = 4
"""4: the table in blocks, a task's read bounded (:mod:`solver.pig.blocks`); 3 had a group a
score-sum layer (no longer read)."""
SUM_LIMIT = 1e-9
"""How far the players' chances in a row may sum from 1 (as :mod:`solver.pig.load_checks`)."""
VALUES = "start_values"


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


def top_round(group: Any, rules: PigRules) -> int:
    """Return the highest block sum of the store, its first round."""
    return blocks.top_round(rules.goal, rules.players, int(group.attrs["block"]))


def steps(group: Any, rules: PigRules) -> str:
    """Return what a finished store was solved in: ``13 rounds of blocks of 3``."""
    return f"{top_round(group, rules) + 1} rounds of blocks of {int(group.attrs['block'])}"


def create(url: str, rules: PigRules, block: int) -> Any:
    """Make a new store for ``rules`` at ``url`` (replacing any there), cut in blocks of edge
    ``block``, and return its group."""
    goal, n = rules.goal, rules.players
    group = layer_store.create(
        url, KIND, FORMAT_VERSION, json.dumps(rules.as_json), block**n,
        goal=goal, players=n, game=rules.game, block=block,
    )  # fmt: skip
    group.create_array(
        VALUES,
        shape=(goal,) * n + (n,),
        chunks=(block,) * n + (n,),
        dtype="float64",
        fill_value=np.nan,
        compressors=chunk_codecs(),
    )
    return group


def chunk_codecs() -> list[Any]:
    """Return the codecs of a block: its bytes as they are, with their CRC-32C, which a read
    compares. Zstandard (:func:`solver.layer_store.chunk_codecs`) saved a fifth of the disk at
    a fifth of the speed: win probabilities hardly compress (4 players at goal 60: 0.83 of the
    bytes, written at 91 against 1,850 MB/s, 2026-11-29)."""
    from zarr.codecs import Crc32cCodec

    return [Crc32cCodec()]


def open_store(url: str, mode: str = "r") -> tuple[Any, PigRules]:
    """Return the group at ``url`` and its rules; raise TableError (one line) if it is missing
    or not a store of this format version."""
    group = layer_store.open_group(url, KIND, FORMAT_VERSION, "Pig's layers", mode)
    try:
        return group, PigRules.from_json(json.loads(group.attrs["rules"]))
    except (KeyError, TypeError, ValueError) as err:
        raise TableError(f"{url} is damaged: its rules cannot be read ({err})") from None


def is_complete(group: Any, rules: PigRules) -> bool:
    """Return True if every round of the store is finished."""
    return int(group.attrs["finished"]) == top_round(group, rules) + 1


def record_round(
    group: Any, rules: PigRules, total: int, mixed: list[MixedRecord], num_iter: int
) -> None:
    """Write the mixed states of the round of block sum ``total``, then count it as finished
    (its blocks written)."""
    found = Mixed.of(mixed, rules.players)
    layer_store.write_array(group, f"R{total}/mixed_scores", found.scores)
    layer_store.write_array(group, f"R{total}/mixed_turn_total", found.turn_total)
    layer_store.write_array(group, f"R{total}/mixed_roll_probability", found.roll_probability)
    finished = top_round(group, rules) - total + 1
    layer_store.count_finished(group, finished, num_iter, num_mixed=len(mixed))


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
    (:func:`check_rows`)."""
    values = layer_store.read(url, group, VALUES)
    if values.shape != (rules.goal,) * rules.players + (rules.players,):
        raise TableError(f"{url} is damaged: its start values are of the wrong shape")
    if checked:
        check_rows(url, rules, VALUES, values)
    return values


def check_rows(url: str, rules: PigRules, name: str, rows: np.ndarray) -> None:
    """Raise TableError (:func:`solver.table_checks.damaged`) unless ``rows`` of start values
    are probabilities whose players' chances sum to 1, as an HDF5 table's on load."""
    words = {"compute": compute_command(rules, url) + " --force"}
    check_probabilities(url, name, rows, **words)
    if rows.size and not float(np.abs(rows.sum(axis=-1) - 1).max()) <= SUM_LIMIT:
        raise damaged(url, f"the players' chances in {name} do not sum to 1", **words)


def read_mixed(url: str, group: Any, rules: PigRules) -> Mixed:
    """Return every mixed state of a finished store in the in-memory solve's order: by score
    sum from the highest down, then by their orbit's least rotation."""
    records: list[MixedRecord] = []
    for total in range(top_round(group, rules), -1, -1):
        scores, turn_total, q = read_round_mixed(url, group, total)
        records += [
            (tuple(int(s) for s in scores[m]), int(turn_total[m]), float(q[m]))
            for m in range(len(q))
        ]
    return Mixed.of(in_order(records, rules.goal), rules.players)


def read_round_mixed(url: str, group: Any, total: int) -> tuple[np.ndarray, ...]:
    """Return the mixed states of the round of block sum ``total`` as stored: the scores, turn
    totals and probabilities."""
    return tuple(
        layer_store.read(url, group, f"R{total}/{name}")
        for name in ("mixed_scores", "mixed_turn_total", "mixed_roll_probability")
    )


def half_written(url: str, group: Any, rules: PigRules) -> str:
    """Return the one line saying that the store at ``url`` is not finished, and how to end it."""
    done, rounds = int(group.attrs["finished"]), top_round(group, rules) + 1
    return layer_store.half_written(url, done, rounds, "rounds of blocks")


def describe(url: str) -> tuple[dict[str, Any], list[tuple[str, tuple, str, int]]]:
    """Return the store's attributes and its arrays as one table's datasets (name, shape, dtype,
    stored bytes), the rounds' mixed states added up."""
    group, rules = open_store(url)
    values = layer_store.open_array(url, group, VALUES)
    found = [(VALUES, values.shape, str(values.dtype), values.nbytes_stored())]
    top, done = top_round(group, rules), int(group.attrs["finished"])
    for name in ("mixed_scores", "mixed_turn_total", "mixed_roll_probability"):
        arrays = [group[f"R{total}/{name}"] for total in range(top, top - done, -1)]
        rows = sum(array.shape[0] for array in arrays)
        shape = (rows, *arrays[0].shape[1:]) if arrays else (0,)
        dtype = str(arrays[0].dtype) if arrays else "float64"
        found.append((name, shape, dtype, sum(array.nbytes_stored() for array in arrays)))
    return dict(group.attrs), found
