"""What guards a file write (:func:`solver.storage.atomic_write`): room on the disk, Ctrl-C
taken at safe points, and no temporary files left behind by writers that are gone.

A temporary file is named ``.NAME.pigsolve-PID-XXXXXXXX.tmp`` in the target's folder (PID: its
writer's process; ``XXXXXXXX``: ``tempfile``'s random part). A write sweeps the folder's stale
ones first: files of exactly that naming whose writer is no longer running. Nothing else is ever
removed, whatever its name or age: not another program's ``.tmp`` file, not a live writer's.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

from pigsolve.solver.errors import WriteError
from pigsolve.solver.resources import memory_words

TEMPORARY = re.compile(r"^\.(?P<name>.+)\.pigsolve-(?P<pid>[1-9]\d{0,9})-[a-z0-9_]{8}\.tmp$")
"""pigsolve's temporary files, ``.NAME.pigsolve-PID-XXXXXXXX.tmp``, and only those."""


def temporary_prefix(path: Path, pid: int | None = None) -> str:
    """Return the prefix of ``path``'s temporary files written by process ``pid`` (default: this
    one); ``tempfile.mkstemp`` adds 8 characters and ``.tmp``."""
    return f".{path.name}.pigsolve-{os.getpid() if pid is None else pid}-"


def temporaries(path: Path, pid: int) -> list[Path]:
    """Return the temporary files that process ``pid`` left while writing ``path``."""
    prefix = temporary_prefix(path, pid)
    with contextlib.suppress(OSError):
        return [
            Path(entry.path)
            for entry in os.scandir(path.parent)
            if entry.name.startswith(prefix)
            and (found := TEMPORARY.match(entry.name)) is not None
            and found["name"] == path.name
            and entry.is_file(follow_symlinks=False)
        ]
    return []


def sweep_stale(folder: Path) -> list[Path]:
    """Remove pigsolve's temporary files in ``folder`` whose writer is gone; return them."""
    removed = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            found = TEMPORARY.match(entry.name)
            if found is None or not entry.is_file(follow_symlinks=False):
                continue
            if not _running(int(found["pid"])):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
    return removed


def _running(pid: int) -> bool:
    """Return True if process ``pid`` exists (ours or another user's)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's process, or a number no process has: keep the file
    return True


def check_free_space(path: Path, size: int) -> None:
    """Raise WriteError if ``path``'s folder has less than ``size`` bytes free."""
    free = shutil.disk_usage(path.parent).free
    if size > free:
        needs, left = memory_words(size), memory_words(free)
        where = f"it needs about {needs} and {path.parent} has {left} free"
        raise WriteError(path, f"it needs about {needs} and the disk has {left} free", where)


class Interrupts:
    """Ctrl-C noted while a write runs and raised at the next :meth:`check` (see
    :func:`deferred_interrupts`)."""

    def __init__(self) -> None:
        self.pending = False

    def note(self, signum: int, frame: object) -> None:
        self.pending = True

    def check(self) -> None:
        """Raise KeyboardInterrupt if Ctrl-C came since the write began."""
        if self.pending:
            raise KeyboardInterrupt


@contextlib.contextmanager
def deferred_interrupts() -> Iterator[Interrupts]:
    """Note Ctrl-C instead of raising it where it lands, and raise it at the end.

    Python raises KeyboardInterrupt at whatever Python code runs next; during an HDF5 write that
    can be a destructor in h5py, where the exception is printed and dropped, and the write goes
    on to exit 0. Here it is raised at the writer's :meth:`Interrupts.check` calls and on leaving,
    so the write is abandoned and the old file kept. Outside the main thread nothing changes.
    """
    interrupts = Interrupts()
    if threading.current_thread() is not threading.main_thread():
        yield interrupts
        return
    previous = signal.signal(signal.SIGINT, interrupts.note)
    try:
        yield interrupts
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler if previous is None else previous)
    interrupts.check()
