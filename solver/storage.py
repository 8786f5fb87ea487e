"""Self-describing, versioned HDF5 storage shared by every pigsolve table.

Every file carries the root attributes ``format`` (:data:`MAGIC`), ``kind`` (the family's
name), ``format_version`` (its :class:`TableFormat`'s, independent of the package version),
``pigsolve_version`` and ``created`` (UTC, ISO 8601), written last, and ``checksum``
(:func:`solver.checksums.checksum`): a SHA-256 digest of every other attribute and every
dataset, which a load compares before it believes the table. Files are written to a temporary
file in the target's directory and renamed over the target only once complete, so an
interrupted run never leaves a half-written table behind. Reading refuses, before any data, a
dataset whose data lie outside the file (HDF5's external storage or a virtual dataset): a FIFO
there would hang the read.
"""

from __future__ import annotations

import contextlib
import math
import os
import stat
import tempfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pigsolve.solver import __version__
from pigsolve.solver.checksums import CHECKSUM, checksum, plain
from pigsolve.solver.errors import MissingTable, TableError, WriteError
from pigsolve.solver.write_guards import (
    check_free_space,
    deferred_interrupts,
    sweep_stale,
    temporary_prefix,
)

MAGIC = "pigsolve"
if TYPE_CHECKING:
    import h5py

T = TypeVar("T")

OVERWRITE = "pass force=True to overwrite it"
"""The way out of a refused write (the command line shows ``force=True`` as ``--force``)."""

COMPRESSION = {"compression": "gzip", "compression_opts": 4, "shuffle": True}

DATA_VARIABLE = "PIGSOLVE_DATA"
"""The environment variable naming the folder of the tables made by default."""


def data_dir() -> Path:
    """Return the folder of the tables every command finds and makes by default: the one
    :data:`DATA_VARIABLE` names (shared by every folder you run in), else ``data/`` under the
    current folder."""
    return Path(os.environ.get(DATA_VARIABLE) or "data")


@dataclass(frozen=True)
class TableFormat:
    """A family's tables: the ``kind`` they record (the family's name), the format ``version``
    written and the versions ``readable``."""

    kind: str
    version: int
    readable: tuple[int, ...]


def check_can_write(path: str | os.PathLike, force: bool = False) -> Path:
    """Raise TableError now, before a long computation, if ``path`` could not be written.

    The write itself checks again (:func:`atomic_write`); this only fails early.
    """
    path = Path(path)
    if path.exists() and not force:
        raise TableError(f"{path} already exists; {OVERWRITE}", parameter="force")
    if path.is_dir():
        raise WriteError(path, "it is a directory")
    folder = path.parent
    while not folder.exists():
        folder = folder.parent
    if not folder.is_dir():
        raise TableError(f"cannot write {path}: {folder} is not a directory")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise TableError(f"cannot write {path}: Permission denied")
    return path


def kept_table(path: str | os.PathLike, load: Callable[[Path], T]) -> T:
    """Return ``load(path)``, the table a ``compute`` without ``force`` keeps: a valid one for
    the rules asked (``load`` checks). One ``load`` refuses raises TableError naming ``force``.
    """
    path = Path(path)
    try:
        return load(path)
    except TableError as err:
        reason = str(err).removeprefix(f"{path} ")
        verb = reason.split(" ")[0] in ("is", "holds", "has")
        joined = f"and {reason}" if verb else f"({reason})"
        way_out = "" if "--force" in reason else f"; {OVERWRITE}"
        raise TableError(f"{path} already exists {joined}{way_out}", parameter="force") from None


class AlreadyWritten(TableError):
    """The file is there and was not to be overwritten (another run may have just written it)."""


def save_or_keep(save: Callable[[], object], path: Path, load: Callable[[Path], T]) -> T | None:
    """Call ``save()`` and return None; if another run wrote ``path`` meanwhile (the exclusive
    create of :func:`atomic_write` refused), return that table (:func:`kept_table`) instead.
    Any other failure to write (a full disk) is raised as it is."""
    try:
        save()
    except AlreadyWritten:
        if not path.is_file():
            raise
        return kept_table(path, load)
    return None


def atomic_write(
    path: str | os.PathLike, write: Callable[[Path], None], force: bool = False, size: int = 0
) -> Path:
    """Call ``write(tmp_path)`` and move the finished file to ``path``.

    Without ``force`` the file is created only if ``path`` does not exist, atomically (a hard
    link that fails on an existing name), so of two runs racing for one name exactly one wins.
    Raises ``TableError`` if ``path`` exists (without ``force``) or cannot be written, the disk
    included: ``size``, the bytes the file takes at most, must be free first. On any failure
    (including Ctrl-C, raised once ``write`` returns: :func:`deferred_interrupts`) the temporary
    file is removed and an existing ``path`` is left untouched. Stale temporary files in the
    folder are removed first (:func:`sweep_stale`).
    """
    path = Path(path)
    exists = AlreadyWritten(f"{path} already exists; {OVERWRITE}", parameter="force")
    if path.exists() and not force:
        raise exists
    if path.is_dir():
        raise WriteError(path, "it is a directory")
    tmp_path: Path | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        sweep_stale(path.parent)
        check_free_space(path, size)
        fd, tmp = tempfile.mkstemp(prefix=temporary_prefix(path), suffix=".tmp", dir=path.parent)
        os.close(fd)
        tmp_path = Path(tmp)
        with deferred_interrupts():
            write(tmp_path)
        umask = os.umask(0)  # mkstemp makes the file private; give it the usual permissions
        os.umask(umask)
        os.chmod(tmp_path, 0o666 & ~umask)
        if force:
            os.replace(tmp_path, path)
        else:
            os.link(tmp_path, path)  # FileExistsError if another run got there first
            tmp_path.unlink()
    except FileExistsError as err:
        if err.filename is not None and Path(err.filename) != path.parent:
            raise exists from None
        folder = f"{path.parent} is not a directory"
        raise WriteError(path, "its folder is not a directory", folder) from None
    except OSError as err:
        reason = os.strerror(err.errno) if err.errno else str(err).splitlines()[0]
        if isinstance(err, NotADirectoryError):
            reason = "a parent of it is not a directory"
        raise WriteError(path, reason) from None
    finally:
        if tmp_path is not None:
            tmp_path.unlink(missing_ok=True)
    return path


def save_or_say_why(
    save: Callable[[Path], Path],
    path: str | os.PathLike,
    announce: Callable[[str], None] | None = None,
) -> bool:
    """Call ``save(path)`` and return True; if ``path`` cannot be written, return False.

    A table computed for a default path is still good where that path cannot be written (a
    read-only folder): ``announce`` is told why, in one line, and the caller keeps the table in
    memory. A file that another run wrote meanwhile counts as saved.
    """
    try:
        save(Path(path))
    except TableError as err:
        if Path(path).is_file():
            return True
        if announce is not None:
            announce(f"note: {err}; the table is kept in memory only (computed again next time)")
        return False
    return True


def write_table(
    path: str | os.PathLike,
    table: TableFormat,
    datasets: Mapping[str, Any],
    attrs: Mapping[str, Any],
    force: bool = False,
    uncompressed: tuple[str, ...] = (),
) -> Path:
    """Atomically write ``datasets`` (name -> array), then ``attrs`` and the format stamp.

    Datasets are compressed (:data:`COMPRESSION`) except those named in ``uncompressed``, which
    are written contiguous, straight from the array.
    """

    import h5py  # here, not at the top: commands that touch no table start without it
    import numpy as np

    for name, value in [*datasets.items(), *attrs.items()]:
        if not _finite(value):
            raise TableError(
                f"not writing {path}: {name} holds a value that is not a finite number "
                "(a bug; please report it)"
            )

    def write(tmp: Path) -> None:
        f = h5py.File(tmp, "w")
        kept = []  # every dataset stays open until the file is closed or abandoned
        try:
            for name, data in datasets.items():
                chunks = data.ndim >= 1 and data.size > 1 and name not in uncompressed
                filters = COMPRESSION if chunks else {}
                kept.append(f.create_dataset(name, data.shape, data.dtype, **filters))
                if data.size:
                    kept[-1].write_direct(np.ascontiguousarray(data))
            f.attrs.update(dict(attrs))
            stored = {name: plain(f.attrs[name]) for name in attrs}  # as a reader finds them
            written = {name: np.ascontiguousarray(data) for name, data in datasets.items()}
            stamp(f, table)
            f.attrs[CHECKSUM] = checksum(stored, written)
            f.flush()
            f.close()
        except BaseException:
            _abandon(f)
            raise

    size = sum(getattr(value, "nbytes", 0) for value in datasets.values()) + 2**20
    return atomic_write(path, write, force=force, size=size)


def _abandon(f: h5py.File) -> None:
    """Close ``f`` after a failed write, its contents lost, without an error now or at exit.

    HDF5 writes its cached chunks and metadata on closing; after a full disk those writes fail
    too, the file stays open and HDF5's handler crashes at exit. So its file descriptor is
    pointed at the null device first: the closing writes succeed and go nowhere.
    """
    with contextlib.suppress(Exception):
        null = os.open(os.devnull, os.O_RDWR)
        try:
            os.dup2(null, f.id.get_vfd_handle())
        finally:
            os.close(null)
    with contextlib.suppress(Exception):
        f.close()


def _finite(value: Any) -> bool:
    """Return False if ``value`` (a number or an array) holds a NaN or an infinity.

    An array's sum is checked, which is not finite exactly when a value is not (the tables hold
    probabilities, far from overflow), with no temporary the size of the table.
    """
    import numpy as np

    if isinstance(value, float | np.floating):
        return math.isfinite(value)
    if isinstance(value, np.ndarray) and np.issubdtype(value.dtype, np.floating):
        with np.errstate(invalid="ignore", over="ignore"):  # inf - inf: nan, as wanted
            return math.isfinite(float(value.sum(dtype=np.float64)))
    return True


def stamp(f: h5py.File, table: TableFormat) -> None:
    """Write the format attributes that identify a pigsolve file of the format ``table``."""
    f.attrs["format"] = MAGIC
    f.attrs["kind"] = table.kind
    f.attrs["format_version"] = table.version
    f.attrs["pigsolve_version"] = __version__
    f.attrs["created"] = datetime.now(UTC).isoformat(timespec="seconds")


@contextlib.contextmanager
def open_table(path: str | os.PathLike, table: TableFormat | None) -> Iterator[h5py.File]:
    """Open a pigsolve file of the format ``table`` (None: any kind, its version unchecked)
    for reading, checking its stamp.

    Raises ``TableError`` for a missing, unreadable or foreign file.
    """
    import h5py

    path = Path(path)
    if not path.exists():
        raise MissingTable(f"no table at {path}; create it with `pigsolve compute` or pass --table")
    if path.is_dir():
        raise TableError(f"{path} is a directory, not a table file")
    if not stat.S_ISREG(path.stat().st_mode):  # a FIFO or a device would block or never end
        raise TableError(f"{path} is not a table file (not a regular file)")
    try:
        f = h5py.File(path, "r")
    except OSError as err:
        raise TableError(f"{path} is not a readable HDF5 file (truncated or corrupt?)") from err
    with f:
        check_stamp(f, path, table)
        check_storage(f, path)
        yield f


def check_storage(f: h5py.File, path: Path) -> None:
    """Raise TableError (one line, naming the file) if a dataset of ``f`` keeps its data
    outside the file: in external files (a FIFO would hang the read) or as a virtual dataset.
    Only the headers are read."""
    import h5py

    found: list[str] = []

    def outside(name: str, item: Any) -> None:
        if isinstance(item, h5py.Dataset) and (item.external or item.is_virtual):
            found.append(name)

    f.visititems(outside)
    if found:
        raise TableError(
            f"{path} is not a pigsolve table: its dataset {found[0]} keeps its data outside the "
            "file (external storage or a virtual dataset), which pigsolve never writes"
        )


def check_stamp(f: h5py.File, path: Path, table: TableFormat | None) -> None:
    """Raise ``TableError`` unless ``f`` is a pigsolve file of the format ``table`` (None: of
    any kind, its version unchecked)."""
    if f.attrs.get("format") != MAGIC:
        raise TableError(f"{path} is not a pigsolve table (no format attribute {MAGIC!r})")
    kind = f.attrs.get("kind")
    if not isinstance(kind, str) or not kind:
        raise TableError(f"{path} is not a complete pigsolve table (no table kind recorded)")
    if table is None:
        return
    if kind != table.kind:
        raise TableError(f"{path} holds a {kind} table, not a {table.kind} table")
    try:
        version = int(f.attrs.get("format_version", -1))
    except (TypeError, ValueError, OverflowError):
        version = -1  # malformed: an unknown version
    if version not in table.readable:
        raise TableError(
            f"{path} has format version {version}; this pigsolve reads "
            f"{_versions(table.readable)}: recompute it with `pigsolve compute --force`"
        )


def _versions(readable: tuple[int, ...]) -> str:
    """Return ``version 1``, ``versions 1 or 2``, ``versions 1, 2 or 3``."""
    if len(readable) == 1:
        return f"version {readable[0]}"
    return f"versions {', '.join(map(str, readable[:-1]))} or {readable[-1]}"


def read_attrs(f: h5py.File) -> dict[str, Any]:
    """Return the root attributes as plain Python values."""
    return {key: plain(value) for key, value in f.attrs.items()}


def describe(path: str | os.PathLike) -> tuple[dict[str, Any], list[tuple[str, tuple, str, int]]]:
    """Return the attributes and the datasets (name, shape, dtype, stored bytes) of a table."""
    import h5py

    with open_table(path, None) as f:
        datasets = [
            (name, item.shape, str(item.dtype), item.id.get_storage_size())
            for name, item in f.items()
            if isinstance(item, h5py.Dataset)
        ]
        return read_attrs(f), datasets
