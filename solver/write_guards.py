"""What guards a file write (:func:`solver.storage.atomic_write`): room on the disk, Ctrl-C
taken at safe points, and no temporary files left behind by writers that are gone.

A temporary file is named ``.NAME.PID.XXXXXXXX.tmp`` in the target's folder (PID: its writer's
process). A write sweeps the folder's stale ones first: those whose writer is no longer running,
and any of pigsolve's naming older than :data:`STALE_SECONDS` (older pigsolve wrote no PID), so
two writers at work never remove each other's files.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from pigsolve.solver.errors import WriteError
from pigsolve.solver.resources import memory_words

STALE_SECONDS = 3600
"""Age after which a temporary file of pigsolve's naming is stale whatever its writer."""
TEMPORARY = re.compile(r"^\..+?(?:\.(?P<pid>\d+))?\.[a-z0-9_]{8}\.tmp$")
"""pigsolve's temporary files: ``.NAME.PID.XXXXXXXX.tmp``, or ``.NAME.XXXXXXXX.tmp`` (older)."""


def temporary_prefix(path: Path) -> str:
    """Return the prefix of ``path``'s temporary files (``tempfile.mkstemp`` adds 8 characters
    and ``.tmp``)."""
    return f".{path.name}.{os.getpid()}."


def sweep_stale(folder: Path, now: float | None = None) -> list[Path]:
    """Remove pigsolve's stale temporary files in ``folder`` (see the module); return them."""
    now = time.time() if now is None else now
    removed = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            found = TEMPORARY.match(entry.name)
            if found is None or not entry.is_file(follow_symlinks=False):
                continue
            with contextlib.suppress(OSError):
                pid = found["pid"]
                old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS
                if old or (pid is not None and not _running(int(pid))):
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
