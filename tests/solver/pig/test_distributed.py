"""Pig's layers on a Dask cluster into a Zarr store: the in-memory solve's values, bit for bit,
after a stopped client (resumed) and a killed worker too."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("distributed")
pytest.importorskip("zarr")

from cluster_faults import Stop, kill_a_worker, stop_after

from pigsolve.solver.cluster import cluster_client
from pigsolve.solver.errors import InvalidArgument, TableError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig import solve as solve_module
from pigsolve.solver.pig import store
from pigsolve.solver.pig.distributed import solve_to_store, store_sizes
from pigsolve.solver.pig.solution import PigSolution
from pigsolve.solver.pig.solve import solve

SMALL = {"vectors_per_task": 200, "chunk_rows": 150}
"""Several solve tasks and chunks a layer even at these goals."""


@pytest.fixture(scope="module")
def client():
    with cluster_client(2) as client:  # two worker processes of one thread
        yield client


def assert_same(got: PigSolution, expected: PigSolution) -> None:
    assert got.rules == expected.rules
    assert np.array_equal(got.values, expected.values)  # bit for bit
    for name in ("scores", "turn_total", "roll_probability"):
        assert np.array_equal(getattr(got.mixed, name), getattr(expected.mixed, name))
    assert got.num_iter == expected.num_iter


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [PigRules(30, players=3), PigRules(12, players=4), PigRules(25, 4, players=3)],
    ids=["3-players-goal-30", "4-players-goal-12", "3-players-d4-mixed"],
)
def test_the_store_holds_the_in_memory_solution(client, tmp_path: Path, rules) -> None:
    url = str(tmp_path / "t.zarr")
    solve_to_store(rules, url, client, **({} if rules.goal == 30 else SMALL))
    expected = solve(rules)
    assert_same(store.load(url), expected)
    if rules.die_sides == 4:
        assert len(expected.mixed) > 0  # the mixed states of several tasks, merged in order


@pytest.mark.slow
def test_a_stopped_client_leaves_a_store_that_resumes(client, tmp_path: Path) -> None:
    rules, url = PigRules(12, players=4), str(tmp_path / "t.zarr")
    stop_at = store.top_layer(rules) - 9

    with pytest.raises(Stop):
        solve_to_store(rules, url, client, hook=stop_after(stop_at), **SMALL)
    group, _ = store.open_store(url)
    assert group.attrs["finished"] == 10
    with pytest.raises(TableError, match=r"half-written \(10 of 45 layers\); pass --resume"):
        store.load(url)
    started = []
    solve_to_store(rules, url, client, resume=True, hook=lambda *a: started.append(a[1]), **SMALL)
    assert started[0] == stop_at - 1  # from the last finished layer on
    assert_same(store.load(url), solve(rules))


@pytest.mark.slow
def test_a_worker_killed_mid_layer_costs_only_its_tasks(client, tmp_path: Path) -> None:
    rules, url = PigRules(12, players=4), str(tmp_path / "t.zarr")
    killed = []

    solve_to_store(rules, url, client, hook=kill_a_worker(client, 22, killed), **SMALL)  # mid-layer
    assert killed
    with pytest.raises(ProcessLookupError):
        os.kill(killed[0], 0)  # gone: its tasks ran again on the others
    assert_same(store.load(url), solve(rules))


def test_a_store_of_other_rules_is_refused_in_one_line(client, tmp_path: Path) -> None:
    url = str(tmp_path / "t.zarr")
    store.create(url, PigRules(10, players=3))
    with pytest.raises(TableError, match="is for") as refused:
        solve_to_store(PigRules(11, players=3), url, client, resume=True)
    assert "\n" not in str(refused.value)


def test_a_store_of_another_format_version_is_refused(tmp_path: Path) -> None:
    url = str(tmp_path / "t.zarr")
    group = store.create(url, PigRules(10, players=3))
    group.attrs["format_version"] = 0
    refused = r"in store format 0; this version reads format 3 \(and 2\)"
    with pytest.raises(TableError, match=refused):
        store.open_store(url)
    with pytest.raises(TableError, match="not a pigsolve store"):
        store.open_store(str(tmp_path / "none.zarr"))


def test_two_players_are_refused(client, tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match="three players or more"):
        solve_to_store(PigRules(10), str(tmp_path / "t.zarr"), client)


@pytest.mark.parametrize("rules", [PigRules(7, players=3), PigRules(5, players=4)])
def test_the_sizes_count_the_widest_reach_of_a_layer(rules) -> None:
    goal, n = rules.goal, rules.players
    sums = np.indices((goal,) * n).sum(axis=0).ravel()  # every score vector's layer
    reach = max(np.sum((sums >= low) & (sums < low + goal)) for low in range(n * (goal - 1) + 1))
    widest = np.bincount(sums).max()
    disk, worker = store_sizes(rules)
    assert disk == 8 * n * goal**n
    assert worker - solve_module.RUNTIME_BYTES == reach * 8 * n + widest * (8 * n + 8)


@pytest.mark.slow
def test_a_query_reads_only_the_chunks_of_its_row(client, tmp_path: Path) -> None:
    """A mover's row reads one chunk in each layer its holds reach: with every other chunk of
    the store deleted (read back as missing, nan) it is still the in-memory row."""
    from pigsolve.solver.pig._kernels.indexing import row_of
    from pigsolve.solver.pig.query import state_record
    from pigsolve.solver.pig.store_rows import open_solution
    from pigsolve.solver.pig.windows import window

    rules, url = PigRules(12, players=4), tmp_path / "t.zarr"
    solve_to_store(rules, str(url), client, **SMALL)
    scores, k = (3, 1, 7, 2), 4
    kept = set()
    for banked in range(rules.goal - scores[0]):  # the vectors after a pig (0) and each hold
        layer = sum(scores) + banked
        lookup = window(rules.goal, rules.players, layer, layer)[0]
        rank = row_of(np.array(scores, np.int64), 1, banked, rules.goal, lookup)
        kept.add(url / f"L{layer}/start_values/c/{rank // SMALL['chunk_rows']}/0")
    chunks = set(url.glob("L*/start_values/c/*/0"))
    assert kept < chunks and len(kept) == rules.goal - scores[0]
    for chunk in chunks - kept:
        chunk.unlink()
    assert state_record(open_solution(str(url)), scores, k) == state_record(solve(rules), scores, k)
