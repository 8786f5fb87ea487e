"""The solvers' benchmark rows: each names what it timed and measures it apart from compiling."""

from __future__ import annotations

import sys
from dataclasses import replace

import numpy as np
import pytest

from pigsolve.solver import bench
from pigsolve.solver.farkle.states import num_states
from pigsolve.solver.games.farkle import FARKLE
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.pig import PigRules

KEYS = {"benchmark", "goal", "seconds", "compile_seconds", "rate", "unit", "peak_mib"}


def test_a_hog_solve_is_timed_apart_from_compiling() -> None:
    rules = hog_rules("fa16", goal=30)
    row = bench.bench_hog(rules)
    assert set(row) == KEYS and row["benchmark"] == "hog fa16 optimal solve"
    assert row["seconds"] > 0
    assert row["rate"] == pytest.approx(np.prod(rules.shape) / row["seconds"])


def test_a_comparison_and_a_simulation_are_timed() -> None:
    rules = PigRules(20)
    hold5 = np.zeros((1, 20, 20, 20), dtype=bool)
    hold5[..., :5] = True
    compared = bench.bench_compare(rules, hold5, hold5, repeats=1)
    simulated = bench.bench_simulate(rules, hold5, hold5, games=1000)
    assert set(compared) == set(simulated) == KEYS
    assert simulated["rate"] == pytest.approx(1000 / simulated["seconds"])


@pytest.mark.slow
def test_a_farkle_compute_is_timed_in_a_fresh_process() -> None:
    """Farkle's bench row runs ``pigsolve compute --game NAME`` in a child process: its
    states, rate and peak memory are reported, and a goal without a target has none."""
    command = [sys.executable, "-m", "pigsolve", "compute"]
    found = bench.bench_fresh_farkle(command, "farkle", 1000)
    assert found["benchmark"] == "farkle compute, fresh process" and found["goal"] == 1000
    expected = num_states(replace(FARKLE, goal=1000))
    assert found["rate"] * found["seconds"] == pytest.approx(expected)
    assert found["peak_mib"] > 10 and "target_seconds" not in found


def test_three_player_farkle_stands_beside_the_two_player_compute(monkeypatch) -> None:
    """``bench --large`` times three players at goal 10,000 against its 30 minutes and gives
    its time over the same run's two-player Farkle compute (the computes stubbed here)."""
    seconds = {("farkle", 10000, 2): 20.0, ("farkle", 10000, 3): 1500.0}

    def farkle(command, game, goal, players=2):
        row = {"benchmark": game, "goal": goal, "seconds": seconds.get((game, goal, players), 1.0)}
        return row | {"target_seconds": bench.FARKLE_TARGETS[game, goal, players]}

    monkeypatch.setattr(bench, "bench_methods", lambda: [])
    monkeypatch.setattr(bench, "bench_fresh_compute", lambda *args, **kwargs: {"seconds": 2.0})
    monkeypatch.setattr(bench, "bench_fresh_farkle", farkle)
    zombie = {"benchmark": "zombie-dice", "goal": 13, "seconds": 40.0, "target_seconds": 600.0}
    monkeypatch.setattr(bench, "bench_fresh_game", lambda *args: dict(zombie))
    store = {"benchmark": "pig store on 2 local workers, 4 players", "seconds": 9.0}
    monkeypatch.setattr(bench, "bench_store_overhead", lambda: dict(store))
    solve = {"benchmark": "pig solve in memory, 4 players", "seconds": 40.0}
    monkeypatch.setattr(bench, "bench_players_solve", lambda: dict(solve))
    rows = bench.run(["pigsolve", "compute"], large=True)
    assert solve | {"times_two_player_compute": 20.0} in rows
    (three,) = [row for row in rows if "times_two_player_farkle" in row]
    assert (three["goal"], three["target_seconds"]) == (10000, 1800.0)
    assert three["times_two_player_farkle"] == 75.0 and three["times_two_player_compute"] == 750
    assert rows[-2:] == [zombie | {"times_two_player_compute": 20.0}, store]


def test_the_players_solve_row_times_the_in_memory_equilibrium() -> None:
    found = bench.bench_players_solve(goal=9, players=3)
    assert found["benchmark"] == "pig solve in memory, 3 players" and found["goal"] == 9
    assert found["rate"] * found["seconds"] == pytest.approx(9**3)
    assert found["target_seconds"] == bench.PLAYERS_SOLVE_TARGET == 45.0


@pytest.mark.slow
def test_the_store_overhead_row_times_both_solves_of_one_run() -> None:
    pytest.importorskip("distributed")
    from pigsolve.solver.bench import STORE_OVERHEAD_TARGET, bench_store_overhead

    found = bench_store_overhead(goal=9, players=3)
    assert found["benchmark"] == "pig store on 2 local workers, 3 players" and found["goal"] == 9
    assert found["times_in_memory"] == found["seconds"] / found["in_memory_seconds"] > 0
    assert found["target_times_in_memory"] == STORE_OVERHEAD_TARGET
