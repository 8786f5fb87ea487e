"""Worker processes for the page: what a 202 says, a worker's refusal, results kept."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pigsolve.solver.games.pig import PigRules
from pigsolve.ui.web import tables
from pigsolve.ui.web.jobs import JobFailed, Jobs, Pending


def test_a_202_says_what_is_computed_and_how_far() -> None:
    assert Pending("the table", 0.404).body() == {
        "status": "computing",
        "what": "the table",
        "progress": 0.404,
        "message": "computing the table: 40%",
    }
    assert Pending("the table", None).body()["message"] == "computing the table"


def test_a_worker_s_refusal_reaches_the_asker(workdir: Path) -> None:
    """A table the worker cannot write is a 507 in one line, naming no path of the server."""
    (workdir / "data").write_text("a file where the folder should be")
    jobs = Jobs(patience=None)
    job = jobs.start(
        "t", "a table", tables.solve_and_save, (PigRules(5), workdir / "data" / "t.h5")
    )
    with pytest.raises(JobFailed) as failed:
        asyncio.run(jobs.outcome(job))
    assert str(failed.value) == "the server could not save the table: its folder is not a directory"
    assert failed.value.status == 507 and jobs.running() == []


def test_a_result_is_computed_once_and_kept(workdir: Path) -> None:
    rules = PigRules(12)
    path = workdir / "t.h5"
    jobs = Jobs(patience=None)
    asyncio.run(jobs.outcome(jobs.start("table", "t", tables.solve_and_save, (rules, path))))
    key = ("explore", rules)
    first = asyncio.run(jobs.result(key, "grids", tables.explore_table, (rules, path)))
    path.unlink()  # a second computation would fail: the kept result is returned
    assert asyncio.run(jobs.result(key, "grids", tables.explore_table, (rules, path))) is first
    assert first["heat_map"]["x"]["values"] == list(range(12))
    assert first["heat_map"]["caption"].endswith("goal 12")


def test_a_result_that_ends_after_its_202_is_kept_for_the_next_ask(workdir: Path) -> None:
    """The page polls: the result must wait for it, not be computed again at every poll (a
    computation longer than the patience would otherwise never be delivered)."""
    rules = PigRules(12)
    path = workdir / "t.h5"
    tables.solve_and_save(rules, path, lambda done, total: None)
    jobs = Jobs(patience=0.0, held=True)
    key = ("explore", rules)
    with pytest.raises(Pending):
        asyncio.run(jobs.result(key, "grids", tables.explore_table, (rules, path)))
    job = jobs._jobs[key]
    jobs.release()
    job.finished.wait(timeout=300)
    assert job.finished.is_set() and jobs.running() == []
    path.unlink()  # a second computation would fail: the kept result is returned
    kept = asyncio.run(jobs.result(key, "grids", tables.explore_table, (rules, path)))
    assert kept["heat_map"]["x"]["values"] == list(range(12))
    assert kept["heat_map"]["caption"].endswith("goal 12")


def test_a_job_past_its_memory_is_refused_in_one_line_and_the_next_job_runs() -> None:
    """A dict of a billion keys passes a 512 MiB address space at once: MemoryError, a 413."""
    jobs = Jobs(patience=None, memory_bytes=512 * 2**20)
    job = jobs.start("big", "a huge dict", dict.fromkeys, (range(10**9),))
    with pytest.raises(JobFailed, match="more memory than the server gives a job") as failed:
        asyncio.run(jobs.outcome(job))
    assert failed.value.status == 413
    small = jobs.start("small", "a number's real part", getattr, (3, "real"))
    assert asyncio.run(jobs.outcome(small)) == 3


def test_a_job_past_its_wall_clock_is_killed_and_answered_in_one_line() -> None:
    """A held job never starts computing: it is certain to pass any clock."""
    jobs = Jobs(patience=None, held=True, seconds=0.2)
    job = jobs.start("held", "the held job", dict.fromkeys, (range(3),))
    with pytest.raises(JobFailed, match=r"^the held job took longer than the 0.2 s a job may$"):
        asyncio.run(jobs.outcome(job))
    assert not job.process.is_alive() and jobs.running() == []


SERVER = """
import os, sys
from pigsolve.ui.web.jobs import Jobs
if __name__ == "__main__":
    job = Jobs(held=True).start("held", "the held job", dict.fromkeys, (range(3),))
    print(job.process.pid, flush=True)
    sys.stdin.readline()
    os.kill(os.getpid(), 9)  # the server dies without a word: no close, no atexit
"""


def test_workers_die_with_the_server(tmp_path: Path) -> None:
    """kill -9 of the server leaves no worker behind (the kernel's parent-death signal)."""
    script = tmp_path / "server.py"
    script.write_text(SERVER)
    server = subprocess.Popen(
        [sys.executable, str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    worker = int(server.stdout.readline())
    assert _alive(worker)
    server.communicate("\n", timeout=120)
    for _ in range(600):  # the kernel signals at once; a busy machine may take a moment
        if not _alive(worker):
            break
        time.sleep(0.1)
    assert not _alive(worker)


def _alive(pid: int) -> bool:
    """Return True if ``pid`` runs (a zombie, reaped by init, counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_small_job_runs_while_other_clients_hold_every_large_slot() -> None:
    """Issue 44: two large jobs held every slot and each other request was a 503. One client
    has one large job at a time (its next is refused in one line); a small job has slots of
    its own; another large job waits its turn (a 202 saying so)."""
    jobs = Jobs(patience=0.0, held=True)
    jobs.release("small")
    jobs.start("a", "the table for goal 2000", dict.fromkeys, (range(3),), client="flood")
    with pytest.raises(JobFailed) as refused:
        jobs.start("b", "the table for goal 2001", dict.fromkeys, (range(3),), client="flood")
    assert refused.value.status == 503
    assert str(refused.value) == (
        "you have a large computation under way (the table for goal 2000); "
        "one at a time each: try again when it ends"
    )
    jobs.start("c", "the table for goal 2002", dict.fromkeys, (range(3),), client="other")
    late = jobs.start("d", "the table for goal 2003", dict.fromkeys, (range(3),), client="late")
    with pytest.raises(Pending) as waiting:
        asyncio.run(jobs.outcome(late))
    assert waiting.value.body()["message"] == "waiting to compute the table for goal 2003: 0 ahead"
    assert jobs.running() == ["the table for goal 2000", "the table for goal 2002"]
    small = jobs.start("e", "a small table", getattr, (3, "real"), client="late", seconds=0.01)
    jobs.patience = None
    assert asyncio.run(jobs.outcome(small)) == 3
    jobs.close()
    with pytest.raises(JobFailed, match=r"^the server is stopping$"):
        asyncio.run(jobs.outcome(late))


def test_the_next_job_to_start_is_the_client_s_who_waited_for_a_turn() -> None:
    """One client's queue never holds back another's: the job of the client with the fewest
    running, then of the client who started one longest ago, starts first."""
    jobs = Jobs(patience=0.0, held=True, small_workers=1)
    for name in ("flood 1", "flood 2", "flood 3"):
        jobs.start(name, name, dict.fromkeys, (range(3),), client="flood", seconds=0.01)
    jobs.start("student", "student", dict.fromkeys, (range(3),), client="student", seconds=0.01)
    assert jobs.running() == ["flood 1"]
    assert jobs.waiting() == ["student", "flood 2", "flood 3"]
    with pytest.raises(Pending) as waiting:
        asyncio.run(jobs.outcome(jobs._jobs["flood 2"]))
    assert waiting.value.body()["waiting"] == 1
    jobs.close()
