"""The checks every table passes when it is loaded, before any answer is read from it.

A dataset must have the shape and type its rules imply, checked from its header before one value
is read (a small file may declare a huge dataset), and probabilities must be finite numbers in
[0, 1]. A table that carries a checksum (:func:`solver.checksums.checksum`) must match it: any
value or attribute changed since it was written is found, not only those a sample meets. A
failure is a :class:`TableError` in one line naming the file, the command that shows
every check and the one that rewrites it (:func:`damaged`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from pigsolve.solver.errors import TableError

if TYPE_CHECKING:
    import h5py

FLOAT = "f"
INTEGER = "iu"
FLAGS = "iub"
"""Allowed dtype kinds (numpy's ``dtype.kind``): floats, integers, integers or booleans."""
EXPANSION = {FLOAT: 64}
"""How many times its stored bytes a dataset may hold, read (probabilities compress 1.5 to 4
times; 0/1 choices some 100 times, :data:`OTHER_EXPANSION`): a file that declares far more is
not a table, and reading it would only fill the memory."""
OTHER_EXPANSION = 4096
"""The same for integers and flags."""
ROUNDING = 1e-12
"""How far a probability may stray outside [0, 1] by rounding (Hog's reach 1 + 2.2e-16)."""
SLACK = 2**20
"""Bytes any dataset may hold whatever it stores."""


def damaged(
    path: str | os.PathLike,
    reason: str,
    verify: str | None = "pigsolve verify",
    compute: str = "pigsolve compute --force",
) -> TableError:
    """Return the one-line error of a damaged table: why, and what shows and rewrites it.

    >>> str(damaged("t.h5", "values outside [0, 1]"))
    't.h5 is damaged (values outside [0, 1]); pigsolve verify t.h5 shows the checks, pigsolve compute --force rewrites it'
    """  # noqa: E501
    shows = f"{verify} {path} shows the checks, " if verify else ""
    return TableError(f"{path} is damaged ({reason}); {shows}{compute} rewrites it")


def dataset(
    f: h5py.File,
    path: Path,
    name: str,
    shape: tuple[int | None, ...],
    kinds: str,
    **words: str | None,
) -> h5py.Dataset:
    """Return dataset ``name`` of ``f`` unread, after checking its header: its ``shape`` (None:
    any length on that axis) and its dtype's kind (one of ``kinds``). Raise TableError if not
    (``words``: the commands :func:`damaged` names)."""
    import h5py

    item = f.get(name)
    if not isinstance(item, h5py.Dataset):
        raise damaged(path, f"no dataset {name}", **words)
    fits = len(item.shape) == len(shape) and all(
        want is None or have == want for have, want in zip(item.shape, shape, strict=True)
    )
    if not fits:
        expected = tuple("any" if want is None else want for want in shape)
        reason = f"dataset {name} has shape {item.shape}, its rules say {expected}"
        raise damaged(path, reason, **words)
    if item.dtype.kind not in kinds or item.dtype.itemsize > 8:
        reason = f"dataset {name} holds {item.dtype}, not {_kind_words(kinds)}"
        raise damaged(path, reason, **words)
    stored = item.id.get_storage_size()
    if item.nbytes > EXPANSION.get(kinds, OTHER_EXPANSION) * stored + SLACK:
        reason = f"dataset {name} declares {item.nbytes:,} bytes but the file stores {stored:,}"
        raise damaged(path, reason, **words)
    return item


def read(
    f: h5py.File,
    path: Path,
    name: str,
    shape: tuple[int | None, ...],
    kinds: str,
    arrays: dict[str, np.ndarray],
    **words: str | None,
) -> np.ndarray:
    """Return dataset ``name`` read whole after :func:`dataset`'s checks, kept in ``arrays``
    as stored (what :func:`table_checksum` digests)."""
    arrays[name] = dataset(f, path, name, shape, kinds, **words)[()]
    return arrays[name]


def table_checksum(f: h5py.File, arrays: dict[str, np.ndarray]) -> tuple[str | None, str]:
    """Return the checksum ``f`` stores (None: a file of a version without one) and that of its
    attributes and the ``arrays`` read from it (:func:`solver.checksums.checksum`)."""
    from pigsolve.solver.checksums import CHECKSUM, checksum
    from pigsolve.solver.storage import read_attrs

    attrs = read_attrs(f)
    stored = attrs.get(CHECKSUM)
    return (None if stored is None else str(stored)), checksum(attrs, arrays)


def check_checksum(
    path: Path, sums: tuple[str | None, str], required: bool, **words: str | None
) -> None:
    """Raise TableError unless the stored checksum of ``sums`` (:func:`table_checksum`) is the
    one found; a file without one passes unless its version writes one (``required``)."""
    stored, found = sums
    if stored is None and not required:
        return
    if stored is None:
        raise damaged(path, "no checksum, which its format version writes", **words)
    if stored != found:
        reason = "its values or attributes are not those written: their checksum differs"
        raise damaged(path, reason, **words)


def _kind_words(kinds: str) -> str:
    return {FLOAT: "floating-point numbers", INTEGER: "integers"}.get(kinds, "integers or flags")


def check_probabilities(
    path: str | os.PathLike, name: str, values: np.ndarray, **words: str | None
) -> None:
    """Raise TableError unless every value of ``values`` is a finite number in [0, 1], up to
    :data:`ROUNDING` (``words``: the commands :func:`damaged` names).

    Its minimum and maximum decide (a NaN makes both NaN), with no temporary the table's size.
    """
    if values.size == 0:
        return
    low, high = float(values.min()), float(values.max())
    if low >= -ROUNDING and high <= 1.0 + ROUNDING:
        return
    if np.isfinite(low) and np.isfinite(high):
        reason = f"values outside [0, 1] in {name}: from {low:.6g} to {high:.6g}"
        raise damaged(path, reason, **words)
    raise damaged(path, f"values that are not finite numbers in {name}", **words)
