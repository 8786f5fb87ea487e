"""The load test of ``pigsolve bench``: games against a real server while a table computes, a
flood of game starts, and round robins at the job budget's edge."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from pigsolve.ui.web.bench import bench_load


@pytest.mark.slow
def test_twenty_games_are_answered_while_a_large_table_computes() -> None:
    """Every request of the 20 games answered (2xx) and the goal-500 table delivered; the
    progress the server reported only grows. How many requests fall within the computation
    depends on the machine's speed, so only their kinds are checked (the page answering while a
    worker is held is tested without timing in test_tables.py). Bounded: loopback only."""
    load = bench_load(goal=500, games=20, seconds=240)
    assert load["finished"]
    assert load["statuses"] and set(load["statuses"]) <= {200, 201}
    assert set(load["timings"]) == {"page", "players", "move"}
    assert all(t > 0 for times in load["timings"].values() for t in times)
    progress = load["progress"]
    assert all(0 <= p <= 1 for p in progress) and progress == sorted(progress)
    # A flood past the store's 1000 games: every start answered, and a new player still plays.
    assert set(load["flood"]) == {201} and load["newcomer"] == 201
    assert load["edge"] == (413, 200)  # past the job budget at once; within it, answered
    assert load["peak_mib"] is None or load["peak_mib"] > 0
