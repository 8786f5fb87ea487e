"""Storage faults (issue 30): no room on the disk, a write that fails half way, Ctrl-C during the
HDF5 write, temporary files left by writers that are gone. Each keeps the old table."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import h5py
import numpy as np
import pytest

from pigsolve.solver import write_guards
from pigsolve.solver.errors import TableError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.solve import solve
from pigsolve.solver.pig.table import load, save
from pigsolve.solver.storage import write_table

RULES = PigRules(30)


@pytest.fixture
def old_table(tmp_path: Path) -> Path:
    """A sound table whose bytes every failed write below must leave as they are."""
    return save(solve(RULES), tmp_path / "t.h5")


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_too_little_free_space_is_refused_before_writing(old_table, monkeypatch):
    before = old_table.read_bytes()
    usage = write_guards.shutil.disk_usage(old_table.parent)._replace(free=5 * 2**20)
    monkeypatch.setattr(write_guards.shutil, "disk_usage", lambda folder: usage)
    datasets = {"start_values": np.full((1000, 1000), 0.5)}  # 8 MB
    with pytest.raises(TableError) as caught:
        write_table(old_table, "pig", datasets, {}, force=True)
    assert str(caught.value) == (
        f"cannot write {old_table}: it needs about 9 MiB and {old_table.parent} has 5 MiB free"
    )
    assert old_table.read_bytes() == before and leftovers(old_table.parent) == []


def test_a_disk_full_mid_write_is_one_error_and_keeps_the_old_table(old_table, monkeypatch):
    before = old_table.read_bytes()

    def full(self, source, *args, **kwargs):
        raise OSError(errno.ENOSPC, "Driver write request failed (file write failed ...\n...)")

    monkeypatch.setattr(h5py.Dataset, "write_direct", full)
    with pytest.raises(TableError, match=r"^cannot write .*t\.h5: No space left on device$"):
        save(solve(RULES), old_table, force=True)
    assert old_table.read_bytes() == before and leftovers(old_table.parent) == []


@pytest.mark.slow
def test_a_write_that_hits_a_file_size_limit_exits_1_in_one_line(old_table, pigsolve):
    """A real failure inside HDF5 (the file size limit: EFBIG, like a full disk's ENOSPC): one
    line and exit 1, not HDF5's tracebacks and a crash in its exit handler (exit -11)."""
    before = old_table.read_bytes()
    limit = ["prlimit", f"--fsize={2**20}"]  # Python ignores SIGXFSZ: writes fail with EFBIG
    done = pigsolve("compute", "--goal", "100", "--out", str(old_table), "--force", prefix=limit)
    assert (done.returncode, done.stderr) == (
        1,
        f"error: cannot write {old_table}: File too large\n",
    )
    assert old_table.read_bytes() == before and leftovers(old_table.parent) == []


class Interrupter:
    """Sends Ctrl-C from a destructor, where Python prints KeyboardInterrupt and drops it: as
    when the signal lands while h5py frees an HDF5 object during the write."""

    def __del__(self) -> None:
        os.kill(os.getpid(), signal.SIGINT)


def test_ctrl_c_during_the_hdf5_write_aborts_it_and_keeps_the_old_table(old_table, monkeypatch):
    before = old_table.read_bytes()
    write = h5py.Dataset.write_direct

    def interrupted(self, source, *args, **kwargs):
        Interrupter()  # freed at once
        return write(self, source, *args, **kwargs)

    monkeypatch.setattr(h5py.Dataset, "write_direct", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save(solve(RULES), old_table, force=True)
    assert old_table.read_bytes() == before and leftovers(old_table.parent) == []
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_during_the_write_exits_130(old_table):
    script = (
        "import os, signal, h5py\n"
        "from pigsolve import cli\n"
        "write = h5py.Dataset.write_direct\n"
        "class Interrupter:\n"
        "    def __del__(self): os.kill(os.getpid(), signal.SIGINT)\n"
        "def interrupted(self, *args, **kwargs):\n"
        "    Interrupter()\n"
        "    return write(self, *args, **kwargs)\n"
        "h5py.Dataset.write_direct = interrupted\n"
        "cli.run()\n"
    )
    args = ["compute", "--goal", "30", "--out", str(old_table), "--force", "--quiet"]
    before = old_table.read_bytes()
    done = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 130 and "Traceback" not in done.stderr
    assert old_table.read_bytes() == before and leftovers(old_table.parent) == []


def dead_pid() -> int:
    """Return the id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", ""])
    child.wait()
    return child.pid


def test_stale_temporary_files_are_swept_by_the_next_write(tmp_path):
    hour_ago = time.time() - 2 * write_guards.STALE_SECONDS
    names = {
        f".t.h5.{dead_pid()}.abcd1234.tmp": False,  # its writer is gone
        ".t.h5.abcd_123.tmp": False,  # older pigsolve's naming, two hours old
        ".u.h5.abcd5678.tmp": True,  # older naming, recent: a writer may be at work
        f".t.h5.{os.getpid()}.zzzz9999.tmp": True,  # a live writer's
        ".notes.tmp": True,  # not pigsolve's naming
        "t.h5.abcd1234.tmp": True,
        ".t.h5.swp": True,
    }
    for name in names:
        (tmp_path / name).write_text("partial")
    os.utime(tmp_path / ".t.h5.abcd_123.tmp", (hour_ago, hour_ago))
    path = save(solve(RULES), tmp_path / "new.h5")
    assert load(path).rules == RULES
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["new.h5", *(name for name, kept in names.items() if kept)]
    )
