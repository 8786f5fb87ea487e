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


def test_a_write_sweeps_only_its_own_dead_writers_files(tmp_path):
    """Only ``.NAME.pigsolve-PID-XXXXXXXX.tmp`` files whose process is gone are removed: never
    another program's ``.tmp`` file, however old or number-like its name."""
    two_hours_ago = time.time() - 7200
    names = {
        f".t.h5.pigsolve-{dead_pid()}-abcd1234.tmp": False,  # its writer is gone
        f".t.h5.pigsolve-{os.getpid()}-zzzz9999.tmp": True,  # a live writer's
        f".t.h5.{dead_pid()}.abcd1234.tmp": True,  # looks like older pigsolve's: not ours
        ".report.2024.backup01.tmp": True,  # "2024" is no process of ours
        ".old.draft123.tmp": True,
        ".t.h5.abcd_123.tmp": True,
        ".notes.tmp": True,
        f"t.h5.pigsolve-{dead_pid()}-abcd1234.tmp": True,  # not hidden: not our naming
        f".t.h5.pigsolve-{dead_pid()}-abcd1234.tmp.swp": True,
        ".t.h5.swp": True,
    }
    for name in names:
        (tmp_path / name).write_text("someone's work")
        os.utime(tmp_path / name, (two_hours_ago, two_hours_ago))
    (tmp_path / f".d.h5.pigsolve-{dead_pid()}-abcd1234.tmp").mkdir()  # a folder is never ours
    path = save(solve(RULES), tmp_path / "new.h5")
    assert load(path).rules == RULES
    kept = [name for name, keep in names.items() if keep]
    assert sorted(p.name for p in tmp_path.iterdir() if not p.is_dir()) == sorted(["new.h5", *kept])
    assert all((tmp_path / name).read_text() == "someone's work" for name in kept)


def test_a_killed_writer_s_file_is_found_by_its_process_only(tmp_path):
    target = tmp_path / "t.h5"
    mine = tmp_path / f".t.h5.pigsolve-{os.getpid()}-abcd1234.tmp"
    theirs = tmp_path / f".t.h5.pigsolve-{os.getpid() + 1}-abcd1234.tmp"
    other = tmp_path / f".t.h5.{os.getpid()}.abcd1234.tmp"
    for path in (mine, theirs, other):
        path.write_text("partial")
    assert write_guards.temporaries(target, os.getpid()) == [mine]
