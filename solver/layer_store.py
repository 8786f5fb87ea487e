"""A table kept in a Zarr v3 store, one group per score-sum layer: out of core and resumable.

The tables of three players or more are solved by score-sum layers, the highest first
(:mod:`solver.pig.layers`, :mod:`solver.farkle.players`). A store keeps each layer ``L{sum}``
as a Zarr group (a local folder, a shared file system or an fsspec URL such as
``s3://bucket/t.zarr``) of the family's arrays, ``start_values`` first: ``(size, N)``, the
layer's score vectors in increasing row order of the in-memory table.

The root attributes stamp it (``format``, ``kind``, ``format_version``, ``pigsolve_version``,
``created`` and a ``run`` token that a new store changes), give the rules (JSON), ``chunk_rows``
(the score vectors in a shard: what one write task writes whole) and ``finished``: how many
layers, from the highest down, are complete. A layer's arrays are written before ``finished``
counts it, so a run stopped anywhere leaves a store that resumes from its last finished layer.
The family's store module (:mod:`solver.pig.store`, :mod:`solver.farkle.store`) gives its kind
and its own arrays.

Nothing is read before it is checked. The attributes that say what the store holds
(:data:`IDENTITY`) carry a ``checksum``, compared on opening; every chunk is compressed with
Zstandard's checksum of its content (:data:`CHUNK_CODEC`), which a read compares; and in a
local store every file a read opens is checked first to be a regular file (a symbolic link is
followed: a link to a regular file is read, to anything else refused), and a chunk of start
values to be there. Each failure is one :class:`TableError` naming the store
(:func:`read`). Stores of the family's earlier format version (no checksums) are still read.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import os
import stat
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import numpy as np

from pigsolve.solver import __version__
from pigsolve.solver.checksums import CHECKSUM
from pigsolve.solver.errors import TableError
from pigsolve.solver.storage import MAGIC

IDENTITY = (
    "kind",
    "format_version",
    "created",
    "run",
    "rules",
    "chunk_rows",
    "goal",
    "players",
    "game",
)
"""The root attributes that say what a store holds, fixed when it is made: its checksum's."""
FAMILY_IDENTITY = ("block",)
"""A family's own attributes that say what its store holds, in the checksum where present."""
METADATA = ("zarr.json", ".zgroup", ".zarray", ".zattrs", ".zmetadata")
"""The metadata files Zarr may open in a folder of a store."""
READ_ERRORS = (RuntimeError, ValueError, TypeError, KeyError, OSError)
"""What Zarr and its codecs raise for a chunk that cannot be read: a checksum that differs
(RuntimeError from Zstandard, ValueError from the shard index's CRC32C), bytes that are not a
chunk, a file that cannot be opened."""

READ_ROWS = 2**12
"""Score vectors in one chunk inside a shard (128 KiB for four players): what a row's reader
reads (Zarr's sharding codec)."""


def is_store(path: object) -> bool:
    """Return True if ``path`` names a Zarr store (by its ``.zarr`` suffix, maybe with ``/``).

    >>> is_store("data/t.zarr"), is_store("s3://bucket/t.zarr/"), is_store("t.h5")
    (True, True, False)
    """
    return str(path).rstrip("/").endswith(".zarr")


def create(url: str, kind: str, version: int, rules: str, chunk_rows: int, **attrs: Any) -> Any:
    """Make a new store of ``kind`` at ``url`` (replacing any there) for the rules ``rules``
    (JSON), its layers' arrays cut in shards of ``chunk_rows`` score vectors, and return its
    group; ``attrs`` are the family's own attributes."""
    import zarr

    group = zarr.open_group(url, mode="w")
    stamped = {
        "format": MAGIC,
        "kind": kind,
        "format_version": version,
        "pigsolve_version": __version__,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "run": uuid.uuid4().hex,
        "rules": rules,
        "chunk_rows": chunk_rows,
        "finished": 0,
        "num_iter": 0,
        **attrs,
    }
    group.attrs.update(stamped | {CHECKSUM: identity_checksum(stamped)})
    return group


def identity_checksum(attrs: dict[str, Any]) -> str:
    """Return ``sha256:`` and the digest of the attributes of :data:`IDENTITY` (canonical JSON).

    >>> identity_checksum({"kind": "pig-layers", "goal": 12})[:15]
    'sha256:280fd2d6'
    """
    kept = {name: attrs.get(name) for name in IDENTITY}
    kept |= {name: attrs[name] for name in FAMILY_IDENTITY if name in attrs}
    text = json.dumps(kept, sort_keys=True, separators=(",", ":"), default=repr)
    return f"sha256:{hashlib.sha256(text.encode()).hexdigest()}"


def check_files(url: str, group: Any | None, *keys: str, required: tuple[str, ...] = ()) -> None:
    """Raise TableError (one line, naming the store and the file) unless each file ``keys``
    names in the local store at ``url`` (the one of ``group`` if given) is a regular file or,
    but for those ``required``, absent. A store that is not a folder (an fsspec URL) passes.
    """
    root = _local_root(url, group)
    if root is None:
        return
    for key in keys:
        try:
            mode = os.stat(os.path.join(root, key)).st_mode  # a symbolic link is followed
        except FileNotFoundError:
            if key in required:
                raise TableError(f"{url} is damaged: its file {key} is missing") from None
            continue
        except OSError as err:
            raise TableError(f"{url}: cannot read its file {key} ({err.strerror})") from None
        if not stat.S_ISREG(mode):  # a FIFO or a device would block the read, or never end
            raise TableError(f"{url} is damaged: its file {key} is not a regular file")


def _local_root(url: str, group: Any | None) -> str | None:
    """Return the folder of the local store at ``url`` (or of ``group``), None for another."""
    if group is not None:
        root = getattr(group.store, "root", None)
        return None if root is None or "://" in str(url) else str(root)
    return None if "://" in url else url


def _metadata(prefix: str = "") -> list[str]:
    return [f"{prefix}{name}" for name in METADATA]


def read(url: str, group: Any, name: str, rows: slice | tuple = slice(None)) -> np.ndarray:
    """Return the rows ``rows`` (a slice, or a slice or an index a dimension) of the array
    ``name`` of ``group`` (the store at ``url``).

    Its files are checked first (:func:`check_files`: its metadata and its chunks those rows
    lie in, each a regular file; a chunk of ``start_values``, never all NaN, present), and a
    chunk that cannot be decoded or fails its checksum is a TableError naming the store.
    """
    array = open_array(url, group, name)
    if array.size:
        keys = _chunk_keys(array, rows)
        required = keys if name.endswith("start_values") else ()
        check_files(url, group, *keys, required=required)
    with reading(url, name):
        return array[rows]


def open_array(url: str, group: Any, name: str) -> Any:
    """Return the array ``name`` of ``group`` (the store at ``url``), unread, its metadata files
    checked first (:func:`check_files`)."""
    parts = name.split("/")
    for depth in range(1, len(parts) + 1):
        check_files(url, group, *_metadata("/".join(parts[:depth]) + "/"))
    with reading(url, name):
        return group[name]


def _chunk_keys(array: Any, rows: slice | tuple) -> tuple[str, ...]:
    """Return the keys, under the store's root, of the files holding ``rows`` of ``array``."""
    stored = array.shards or array.chunks  # a shard is one file
    picked = rows if isinstance(rows, tuple) else (rows,)
    picked += (slice(None),) * (len(array.shape) - len(picked))
    spans = []
    for pick, size, chunk in zip(picked, array.shape, stored, strict=True):
        start, stop = (pick, pick + 1) if isinstance(pick, int) else pick.indices(size)[:2]
        if stop <= start:
            return ()
        spans.append(range(start // chunk, (stop - 1) // chunk + 1))
    return tuple(
        f"{array.path}/{array.metadata.encode_chunk_key(coords)}"
        for coords in itertools.product(*spans)
    )


@contextlib.contextmanager
def reading(url: str, name: str) -> Iterator[None]:
    """Turn a failure to read ``name`` of the store at ``url`` into one TableError line."""
    try:
        yield
    except TableError:
        raise
    except READ_ERRORS as err:
        words = str(err).strip().splitlines()
        why = (words[0] if words else type(err).__name__)[:200]
        raise TableError(f"{url} is damaged: {name} cannot be read ({why})") from None


def chunk_codecs() -> list[Any]:
    """Return the compressors of every array: Zstandard with its checksum of each chunk."""
    from zarr.codecs import ZstdCodec

    return [ZstdCodec(level=0, checksum=True)]


def kind_of(url: str) -> str:
    """Return the kind of the pigsolve store at ``url``; TableError (one line) if it is none."""
    import zarr

    check_files(url, None, *_metadata())
    try:
        attrs = dict(zarr.open_group(url, mode="r").attrs)
    except (FileNotFoundError, zarr.errors.GroupNotFoundError, ValueError) as err:
        raise TableError(f"{url} is not a pigsolve store ({type(err).__name__})") from None
    if attrs.get("format") != MAGIC:
        raise TableError(f"{url} is not a pigsolve store")
    return str(attrs.get("kind"))


def open_group(
    url: str, kind: str, version: int, what: str, mode: str = "r", older: tuple[int, ...] = ()
) -> Any:
    """Return the group of the store of ``kind`` at ``url``; raise TableError (one line) if it
    is missing, not a store of ``what``, not of format ``version`` (to read: or of one of the
    ``older``, without checksums) or its :data:`IDENTITY` fails its checksum."""
    import zarr

    kind_of(url)
    group = zarr.open_group(url, mode=mode)
    attrs = dict(group.attrs)
    if attrs.get("kind") != kind:
        raise TableError(f"{url} is not a pigsolve store of {what}")
    found = attrs.get("format_version")
    if found in older and mode != "r":
        raise TableError(
            f"{url} is in store format {found}, which this version reads but does not write "
            f"(format {version}); pass --force to compute it anew"
        )
    if found != version and found not in older:
        raise TableError(
            f"{url} was written by pigsolve {attrs.get('pigsolve_version', 'unknown')} in store "
            f"format {found}; this version reads format {version}"
            + (f" (and {', '.join(map(str, older))})" if older else "")
        )
    if found == version and attrs.get(CHECKSUM) != identity_checksum(attrs):
        raise TableError(
            f"{url} is damaged: its attributes are not those written (their checksum differs); "
            "pass --force to compute it anew"
        )
    return group


def stamp(url: str, group: Any) -> tuple[str, ...]:
    """Return what tells this store apart from any other, and from a new one at ``url``."""
    attrs = group.attrs
    return (url, str(attrs["created"]), str(attrs.get("run", "")), str(attrs["rules"]))


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
        compressors=chunk_codecs(),
        overwrite=True,
    )


def write_array(group: Any, name: str, data: np.ndarray) -> None:
    """Write ``data`` whole as the array ``name`` of ``group`` (replacing any)."""
    array = group.create_array(
        name, shape=data.shape, dtype=data.dtype, compressors=chunk_codecs(), overwrite=True
    )
    if data.size:
        array[...] = data


def count_finished(group: Any, finished: int, num_iter: int, **added: int | float) -> None:
    """Count ``finished`` layers as done (their arrays written), the most iterations an orbit
    took so far ``num_iter``; ``added`` are counts added to the attributes of those names."""
    attrs = group.attrs
    update: dict[str, Any] = {"finished": finished}
    update["num_iter"] = max(int(attrs["num_iter"]), num_iter)
    for name, value in added.items():
        update[name] = type(value)(attrs.get(name, 0)) + value
    attrs.update(update)


def parts_by_chunk(
    mine: np.ndarray, rows: np.ndarray, size: int, chunk_rows: int
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Cut a solve task's rows of a layer (at the increasing positions ``mine``) by the chunks
    of ``chunk_rows`` of the layer's array: ``(positions in the chunk, rows)`` for each chunk.

    >>> [p.tolist() for p, _ in parts_by_chunk(np.array([1, 4, 5]), np.zeros((3, 2)), 6, 4)]
    [[1], [0, 1]]
    """
    cuts = np.searchsorted(mine, np.arange(0, size + chunk_rows, chunk_rows))
    return [
        (mine[a:b] - c * chunk_rows, rows[a:b]) for c, (a, b) in enumerate(itertools.pairwise(cuts))
    ]


def write_chunk(
    group: Any, layer: int, chunk: int, players: int, parts: tuple[tuple[np.ndarray, ...], ...]
) -> int:
    """Write chunk ``chunk`` of ``layer``'s start values from every solve task's part of it;
    return the rows written. Raise if a row of the chunk was solved by none."""
    array = group[f"L{layer}/start_values"]
    start = chunk * int(group.attrs["chunk_rows"])
    stop = min(start + int(group.attrs["chunk_rows"]), array.shape[0])
    block = np.full((stop - start, players), np.nan)
    for positions, rows in parts:
        block[positions] = rows
    if np.isnan(block).any():
        raise RuntimeError(f"layer {layer}, chunk {chunk}: rows left unsolved")
    array[start:stop] = block
    return stop - start


def half_written(url: str, done: int, layers: int, what: str = "layers") -> str:
    """Return the one line saying that the store at ``url`` is not finished (``done`` of its
    ``layers``, or of its ``what``), and how to end it."""
    return (
        f"{url} is half-written ({done} of {layers} {what}); "
        "pass --resume to complete it or --force to start over"
    )


def describe(group: Any, top: int) -> tuple[dict[str, Any], list[tuple[str, tuple, str, int]]]:
    """Return the store's attributes and its arrays as one table's datasets (name, shape, dtype,
    stored bytes), the finished layers' (``top`` the highest) added up."""
    shapes: dict[str, tuple] = {}
    stored: dict[str, int] = {}
    dtypes: dict[str, str] = {}
    for layer in range(top, top - int(group.attrs["finished"]), -1):
        for name, array in group[f"L{layer}"].arrays():
            rows = shapes.get(name, (0,))[0] + array.shape[0]
            shapes[name] = (rows, *array.shape[1:])
            stored[name] = stored.get(name, 0) + array.nbytes_stored()
            dtypes[name] = str(array.dtype)
    return dict(group.attrs), [(name, shapes[name], dtypes[name], stored[name]) for name in shapes]


def layer_rows(goal: int, players: int) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(rows, bounds)``: every row of the flat table ``(G**N, N)`` by score sum, the
    rows summing to ``s`` (increasing) being ``rows[bounds[s]:bounds[s + 1]]``. It holds every
    row: for tables that fit in memory.

    >>> rows, bounds = layer_rows(2, 2)  # 00; 01 10; 11
    >>> rows.tolist(), bounds.tolist()
    ([0, 1, 2, 3], [0, 1, 3, 4])
    """
    index = np.arange(goal**players, dtype=np.int64)
    sums = np.zeros(len(index), np.int64)
    for p in range(players):
        sums += (index // goal**p) % goal
    rows = np.argsort(sums, kind="stable")
    counts = np.bincount(sums, minlength=players * (goal - 1) + 1)
    return rows, np.concatenate([[0], np.cumsum(counts)])
