"""Worker processes for the page: what a 202 says, a worker's refusal, results kept."""

from __future__ import annotations

import asyncio
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
    """The worker's PigsolveError becomes the request's one-line 4xx."""
    (workdir / "data").write_text("a file where the folder should be")
    jobs = Jobs(patience=None)
    job = jobs.start(
        "t", "a table", tables.solve_and_save, (PigRules(5), workdir / "data" / "t.h5")
    )
    with pytest.raises(JobFailed, match="cannot write") as failed:
        asyncio.run(jobs.outcome(job))
    assert failed.value.status == 400 and jobs.running() == []


def test_a_result_is_computed_once_and_kept(workdir: Path) -> None:
    rules = PigRules(12)
    path = workdir / "t.h5"
    jobs = Jobs(patience=None)
    asyncio.run(jobs.outcome(jobs.start("table", "t", tables.solve_and_save, (rules, path))))
    key = ("explore", rules)
    first = asyncio.run(jobs.result(key, "grids", tables.explore_pig, (rules, path)))
    path.unlink()  # a second computation would fail: the kept result is returned
    assert asyncio.run(jobs.result(key, "grids", tables.explore_pig, (rules, path))) is first
    assert first["scores"] == list(range(12)) and first["goal"] == 12


def test_a_result_that_ends_after_its_202_is_kept_for_the_next_ask(workdir: Path) -> None:
    """The page polls: the result must wait for it, not be computed again at every poll (a
    computation longer than the patience would otherwise never be delivered)."""
    rules = PigRules(12)
    path = workdir / "t.h5"
    tables.solve_and_save(rules, path, lambda done, total: None)
    jobs = Jobs(patience=0.0, held=True)
    key = ("explore", rules)
    with pytest.raises(Pending):
        asyncio.run(jobs.result(key, "grids", tables.explore_pig, (rules, path)))
    job = jobs._running[key]
    jobs.release()
    job.finished.wait(timeout=300)
    assert job.finished.is_set() and jobs.running() == []
    path.unlink()  # a second computation would fail: the kept result is returned
    kept = asyncio.run(jobs.result(key, "grids", tables.explore_pig, (rules, path)))
    assert kept["scores"] == list(range(12)) and kept["goal"] == 12
