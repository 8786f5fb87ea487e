"""The page's tables: computed off the event loop, one worker per table, a bounded disk cache."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from pigsolve.solver.games.pig import PigRules
from pigsolve.ui.web.app import create_app
from pigsolve.ui.web.guard import PAGE_HEADERS
from pigsolve.ui.web.jobs import Jobs
from pigsolve.ui.web.limits import SizeError
from pigsolve.ui.web.tables import INDEX, Tables


@pytest.fixture
def held(workdir: Path) -> Iterator[tuple[TestClient, Tables]]:
    """A client whose table computations start but wait for ``tables.jobs.release()``, and
    whose requests answer 202 at once while they do."""
    tables = Tables(jobs=Jobs(patience=0, held=True))
    with TestClient(
        create_app(table_store=tables), base_url="http://127.0.0.1", headers=PAGE_HEADERS
    ) as client:
        yield client, tables


def finish(client: TestClient, path: str, body: dict) -> dict:
    """Repeat a request until it is no longer 202 (the page does the same); return its answer."""
    while (response := client.post(path, json=body)).status_code == 202:
        time.sleep(0.1)  # as the page waits between two asks: leaves the worker the processor
    return response.json()


def test_other_games_are_answered_while_a_table_computes(held) -> None:
    """Regression: a large table computed inside the event loop froze every request."""
    client, tables = held
    tables.jobs.release()
    game = finish(client, "/api/pig/games", {"opponent": "hold20", "goal": 20, "first": "you"})
    for job in list(tables.jobs._jobs.values()):
        assert job.finished.wait(timeout=60)  # its worker has ended
    tables.jobs.hold()  # hold the next computation
    waiting = client.post("/api/pig/games", json={"goal": 25})
    assert waiting.status_code == 202
    assert waiting.json()["what"] == "the optimal table for goal 25 and a 6-sided die"
    assert waiting.json()["message"].startswith("computing the optimal table for goal 25")
    for _ in range(10):
        while game["over"]:  # a turn opens with a roll: a new game can end before you move
            body = {"opponent": "hold20", "goal": 20, "first": "you"}
            game = client.post("/api/pig/games", json=body).json()
        action = "roll" if game["turn_total"] < 10 else "hold"
        moved = client.post(f"/api/games/{game['id']}/actions", json={"action": action})
        assert moved.status_code == 200
        game = moved.json()
        assert client.get("/").status_code == 200
        assert client.get("/api/pig/players").status_code == 200
    assert tables.jobs.running() == ["the optimal table for goal 25 and a 6-sided die"]
    tables.jobs.release()
    assert "id" in finish(client, "/api/pig/games", {"goal": 25})


def test_a_table_asked_for_twice_is_computed_once(held, workdir: Path) -> None:
    client, tables = held
    for body in ({"goal": 22}, {"goal": 22, "opponent": "hold20"}):
        assert client.post("/api/pig/games", json=body).status_code == 202
    explore = client.get("/api/pig/explore?goal=22")
    assert explore.status_code == 202 and "goal 22" in explore.json()["what"]
    assert tables.jobs.running() == ["the optimal table for goal 22 and a 6-sided die"]
    tables.jobs.release()
    first = finish(client, "/api/pig/games", {"goal": 22})
    second = finish(client, "/api/pig/games", {"goal": 22, "opponent": "hold20"})
    assert first["goal"] == second["goal"] == 22
    index = json.loads((workdir / "data" / INDEX).read_text())["tables"]
    assert list(index) == ["pig-players2-goal22-die6.h5"]


def take_large_slots(client: TestClient) -> None:
    """Have two clients hold the two large slots, the first refused a second large table."""
    flood = TestClient(client.app, base_url="http://127.0.0.1", client=("10.0.0.1", 1))
    other = TestClient(client.app, base_url="http://127.0.0.1", client=("10.0.0.2", 1))
    assert flood.post("/api/pig/games", json={"goal": 2000}).status_code == 202
    refused = flood.post("/api/pig/games", json={"goal": 2001})
    assert refused.status_code == 503
    assert refused.json()["error"] == (
        "you have a large computation under way (the optimal table for goal 2000 and a 6-sided "
        "die); one at a time each: try again when it ends"
    )
    assert other.post("/api/pig/games", json={"goal": 2002}).status_code == 202


def test_one_client_takes_one_large_slot_and_the_next_large_table_waits(held) -> None:
    """Issue 44: two large tables of one student held both workers, and every other table was
    a 503 for up to 600 s. Now a client holds one large slot; the next waits its turn."""
    client, tables = held
    take_large_slots(client)
    assert len(tables.jobs.running()) == 2
    waiting = client.post("/api/pig/games", json={"goal": 2003})
    assert waiting.status_code == 202
    assert waiting.json()["message"] == (
        "waiting to compute the optimal table for goal 2003 and a 6-sided die: 0 ahead"
    )
    tables.close()


@pytest.mark.slow
def test_a_small_table_and_a_hog_game_are_computed_while_the_large_slots_are_held(held) -> None:
    """Small tables (estimated at most jobs.SMALL_SECONDS) have slots of their own: a student
    plays Pig at goal 30 and Hog fa16 while two other clients' large tables hold theirs."""
    client, tables = held
    take_large_slots(client)
    tables.jobs.release("small")
    pig = finish(client, "/api/pig/games", {"goal": 30, "opponent": "optimal"})
    hog = finish(client, "/api/hog/games", {"rules": "fa16", "goal": 100, "opponent": "optimal"})
    assert pig["analysed"] and hog["analysed"]
    assert len(tables.jobs.running()) == 2  # the large ones, still held
    tables.close()


def test_closing_kills_the_workers_and_leaves_no_file(held, workdir: Path) -> None:
    client, tables = held
    assert client.post("/api/pig/games", json={"goal": 24}).status_code == 202
    workers = [job.process for job in tables.jobs._jobs.values()]
    name = ".pig-players2-goal24-die6.h5"
    partial = workdir / "data" / f"{name}.pigsolve-{workers[0].pid}-abcd1234.tmp"
    partial.parent.mkdir()
    partial.write_bytes(b"half a table")  # what a worker killed while writing leaves
    someone_s = workdir / "data" / f"{name}.abc.tmp"
    someone_s.write_bytes(b"not pigsolve's")
    tables.close()
    assert [worker.is_alive() for worker in workers] == [False]
    assert list((workdir / "data").iterdir()) == [someone_s]


@pytest.mark.slow
def test_the_page_s_tables_are_bounded_least_recently_used_first(workdir: Path) -> None:
    """Past the bound the page drops its least recently used tables, never the command line's."""
    from pigsolve.solver.pig.paths import default_path
    from pigsolve.solver.pig.solve import solve
    from pigsolve.solver.pig.table import save

    cli_table = save(solve(PigRules(26)), default_path(PigRules(26)))  # made by the CLI
    size = os.path.getsize(default_path(PigRules(30)).parent / cli_table.name)
    tables = Tables(cache_bytes=int(2.5 * size), jobs=Jobs(patience=None))
    with TestClient(
        create_app(table_store=tables), base_url="http://127.0.0.1", headers=PAGE_HEADERS
    ) as client:
        for goal in (27, 28, 27, 29, 26):  # 27 used again after 28: 28 is the least recent
            client.post("/api/pig/games", json={"goal": goal, "opponent": "hold20"})
    names = sorted(path.name for path in (workdir / "data").glob("*.h5"))
    assert names == [f"pig-players2-goal{goal}-die6.h5" for goal in (26, 27, 29)]
    index = json.loads((workdir / "data" / INDEX).read_text())["tables"]
    assert sorted(index) == [f"pig-players2-goal{goal}-die6.h5" for goal in (27, 29)]


@pytest.mark.slow
def test_games_share_the_bounded_cache_and_pin_no_table(workdir: Path) -> None:
    """Games at more goals than the cache holds: each table is the cache's one copy, and a
    table the cache drops is freed, though its game goes on (the next move reads it again)."""
    import gc
    import weakref

    from pigsolve.ui.web.tables import loaded_size

    kept_tables = 4
    room = sum(loaded_size(PigRules(goal)) for goal in range(11 + 1, 12 + kept_tables))
    tables = Tables(jobs=Jobs(patience=None), loaded_bytes=room)
    with TestClient(
        create_app(table_store=tables), base_url="http://127.0.0.1", headers=PAGE_HEADERS
    ) as client:
        body = {"opponent": "optimal", "first": "you", "seed": 2}
        first = client.post("/api/pig/games", json=body | {"goal": 10}).json()
        kept = weakref.ref(tables._loaded[PigRules(10)])
        for goal in range(11, 12 + kept_tables):
            assert client.post("/api/pig/games", json=body | {"goal": goal}).status_code == 201
        assert len(tables._loaded) == kept_tables and PigRules(10) not in tables._loaded
        gc.collect()
        assert kept() is None  # no game holds it
        moved = client.post(f"/api/games/{first['id']}/actions", json={"action": "roll"})
        assert moved.status_code == 200 and moved.json()["evaluation"]


def test_a_round_robin_past_the_job_budget_is_refused_before_it_starts(workdir: Path) -> None:
    """turns300 against itself holds 2 G^2 300^2 floats: about 13 GiB at goal 100, past a
    4 GiB job; refused in one line at once, and a round robin that fits still runs."""
    tables = Tables(jobs=Jobs(patience=None, memory_bytes=4 * 2**30, seconds=600))
    with TestClient(
        create_app(table_store=tables), base_url="http://127.0.0.1", headers=PAGE_HEADERS
    ) as client:
        refused = client.get('/api/pig/compare?players=["turns300","hold20"]&goal=100')
        assert refused.status_code == 413 and tables.jobs.running() == []
        message = refused.json()["error"]
        assert message.startswith("the round robin of turns300, hold20 at goal 100 needs about ")
        assert "GiB of memory and the server gives a job 4.0 GiB" in message
        slow = Tables(jobs=Jobs(patience=None, seconds=1e-6))
        with pytest.raises(SizeError, match=r"takes about .* and the server gives a job 1e-06 s"):
            slow._check_budget(["hold20", "hold25"], PigRules(100))
        fits = client.get('/api/pig/compare?players=["hold20","hold25"]&goal=30')
        assert fits.status_code == 200 and len(fits.json()["results"]) == 4
