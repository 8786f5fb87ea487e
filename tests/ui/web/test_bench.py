"""The load test of ``pigsolve bench``: 20 games against a real server while a table computes."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from pigsolve.ui.web.bench import bench_load


def test_twenty_games_are_answered_while_a_large_table_computes() -> None:
    """Every request answered, every kind measured while the goal-500 table computed. Bounded:
    a few hundred seconds at most, loopback only."""
    load = bench_load(goal=500, games=20, seconds=240)
    assert load["finished"] and load["progress"]
    assert set(load["statuses"]) <= {200, 201}
    assert all(len(times) >= 20 for times in load["timings"].values())
