"""The server's memory: tables leave it when they leave the cache, the cache is bounded in bytes,
and ``--memory-mib`` splits one bound between the server, its tables and its workers."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from collector import no_collection
from starlette.testclient import TestClient

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.solution import PigSolution
from pigsolve.solver.registry import family_of
from pigsolve.solver.resources import held_bytes
from pigsolve.ui.web import budgets
from pigsolve.ui.web.app import create_app
from pigsolve.ui.web.budgets import MIB, SERVER_BYTES, split
from pigsolve.ui.web.guard import PAGE_HEADERS
from pigsolve.ui.web.jobs import Jobs
from pigsolve.ui.web.tables import Tables, loaded_size

GOALS = (10, 11, 12, 13)


@pytest.fixture
def saved(workdir: Path) -> Path:
    """The data folder, with the tables of :data:`GOALS` solved here (no worker starts)."""
    folder = workdir / "data"
    folder.mkdir()
    tables = Tables(folder)
    for goal in GOALS:
        rules = PigRules(goal)
        family_of(rules).save(family_of(rules).solve(rules), tables.path(rules))
    return folder


def read(tables: Tables, goal: int) -> PigSolution:
    """Return the table of ``goal``, a row of it rebuilt (its own cache filled)."""
    table = asyncio.run(tables.table(PigRules(goal)))
    table.row((3, 4))
    return table


def live_solutions() -> int:
    return sum(isinstance(item, PigSolution) for item in gc.get_objects())


def test_the_loaded_size_of_a_table_is_its_arrays(saved: Path) -> None:
    table = read(Tables(saved), 12)
    assert held_bytes(table) == loaded_size(PigRules(12))


def test_a_table_leaving_the_cache_leaves_memory_at_once(saved: Path) -> None:
    """Regression: a table's cache of its rows held it in a reference cycle, freed only by a
    full collection (twelve goal-300 tables took a server to 3 GB)."""
    two = loaded_size(PigRules(12)) + loaded_size(PigRules(13))
    tables = Tables(saved, jobs=Jobs(patience=None), loaded_bytes=two)
    with no_collection():
        before = live_solutions()
        for goal in GOALS:
            read(tables, goal)
        assert list(tables._loaded) == [PigRules(12), PigRules(13)]
        assert live_solutions() - before == 2
        tables._loaded.clear()
        assert live_solutions() == before


def test_the_collector_finds_no_table_in_a_cycle(saved: Path) -> None:
    tables = Tables(saved, jobs=Jobs(patience=None), loaded_bytes=loaded_size(PigRules(13)))
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)  # everything the collector frees stays in gc.garbage
    try:
        for goal in GOALS:
            read(tables, goal)
        tables._loaded.clear()
        gc.collect()
        assert not [item for item in gc.garbage if isinstance(item, PigSolution)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_the_cache_is_bounded_in_bytes(saved: Path) -> None:
    """Small tables share the room one large table takes alone."""
    room = loaded_size(PigRules(10)) + loaded_size(PigRules(11))
    tables = Tables(saved, jobs=Jobs(patience=None), loaded_bytes=room)
    for goal in (10, 11):
        read(tables, goal)
    assert list(tables._loaded) == [PigRules(10), PigRules(11)]
    read(tables, 12)
    assert list(tables._loaded) == [PigRules(12)]
    assert tables.memory_used() <= room


@pytest.fixture
def small(saved: Path) -> Iterator[tuple[TestClient, Tables]]:
    """A client of a server keeping 1 MiB of tables, whose jobs get 256 MiB."""
    tables = Tables(saved, jobs=Jobs(patience=None, memory_bytes=256 * MIB), loaded_bytes=MIB)
    app = create_app(table_store=tables)
    with TestClient(app, base_url="http://127.0.0.1", headers=PAGE_HEADERS) as client:
        yield client, tables


def refusal(client: TestClient, goal: int, status: int) -> str:
    answer = client.get("/api/pig/state", params={"goal": goal, "state": "0,0,0"})
    assert answer.status_code == status, answer.text
    message = answer.json()["error"]
    assert "\n" not in message and message.endswith("a larger --memory-mib")
    return message


def test_a_table_past_the_loaded_tables_is_refused_before_it_is_computed(small) -> None:
    client, tables = small
    message = refusal(client, 60, 413)
    assert message.startswith("the optimal table for goal 60 and a 6-sided die takes about ")
    assert "the server keeps 1 MiB of tables" in message
    assert tables.jobs.running() == [] and not tables.path(PigRules(60)).exists()
    assert client.get("/api/pig/state", params={"goal": 13, "state": "0,0,0"}).status_code == 200


def test_a_computation_past_a_job_is_refused_before_it_starts(small) -> None:
    client, tables = small
    tables.loaded_bytes = budgets.LOADED_BYTES
    message = refusal(client, 200, 413)
    assert message.startswith("computing the optimal table for goal 200 and a 6-sided die needs")
    assert "the server gives a job 256 MiB" in message
    assert tables.jobs.running() == []


def test_a_server_out_of_memory_answers_a_json_503(small, monkeypatch) -> None:
    client, _ = small

    def no_memory(rules, path):
        raise MemoryError

    monkeypatch.setattr("pigsolve.ui.web.tables.load", no_memory)
    message = refusal(client, 12, 503)
    assert message.startswith("the server ran out of memory reading the optimal table")


@pytest.mark.parametrize("memory_mib", [939, 2048, 4096, 6144])
def test_memory_mib_bounds_the_server_its_tables_and_its_workers(memory_mib: int) -> None:
    given = split(memory_mib * MIB, None, 2)
    assert given.job_bytes is not None and given.job_bytes >= budgets.SMALLEST_JOB
    assert SERVER_BYTES + given.tables_bytes + 2 * given.job_bytes <= memory_mib * MIB
    assert given.tables_bytes >= (memory_mib * MIB - SERVER_BYTES) // 4 - MIB


def test_memory_mib_with_job_mib_gives_the_tables_the_rest() -> None:
    given = split(4096 * MIB, 1024 * MIB, 2)
    assert (given.job_bytes, given.tables_bytes) == (1024 * MIB, (4096 - 256 - 2048) * MIB)
    with pytest.raises(InvalidArgument, match=r"^--memory-mib 2048 with --job-mib 1024 for each"):
        split(2048 * MIB, 1024 * MIB, 2)
    with pytest.raises(InvalidArgument, match=r"^--memory-mib 938 is too little .* 939 or more$"):
        split(938 * MIB, None, 2)
    assert split(None, None, 2) == budgets.Budgets()
    assert split(None, 512 * MIB, 2).job_bytes == 512 * MIB


def test_gui_refuses_a_memory_it_cannot_split_in_one_line() -> None:
    """Before it binds its port: nothing is served."""
    from typer.testing import CliRunner

    from pigsolve.cli import app

    done = CliRunner().invoke(app, ["gui", "--no-browser", "--port", "0", "--memory-mib", "500"])
    assert done.exit_code != 0 and "Traceback" not in done.output
    lines = done.output.strip().splitlines()
    assert len(lines) == 1 and "--memory-mib 500 is too little" in lines[0], done.output
    assert "--memory-mib" in CliRunner().invoke(app, ["gui", "--help"]).output
