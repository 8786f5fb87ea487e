"""Pig's blocks on a Dask cluster into a Zarr store: the in-memory solve's values, bit for bit,
after a stopped client (resumed) and a killed worker too; a task reads only its slabs."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("distributed")
pytest.importorskip("zarr")

from cluster_faults import Stop, kill_a_worker, stop_after

from pigsolve.solver import layer_store
from pigsolve.solver.cluster import cluster_client
from pigsolve.solver.errors import InvalidArgument, TableError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig import blocks, store
from pigsolve.solver.pig import solve as solve_module
from pigsolve.solver.pig.distributed import block_for, solve_task, solve_to_store, store_sizes
from pigsolve.solver.pig.solution import PigSolution
from pigsolve.solver.pig.solve import solve

SMALL = {"block": 3}
"""Several blocks a score, rounds and tasks a round even at these goals."""


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
    ("rules", "block"),
    [
        (PigRules(30, players=3), None),
        (PigRules(30, players=3), 15),
        (PigRules(12, players=4), 5),
        (PigRules(25, 4, players=3), 7),
        (PigRules(8, players=5), 3),
    ],
    ids=[
        "3-players-goal-30",
        "3-players-sub-blocks",
        "4-players-goal-12",
        "3-players-d4-mixed",
        "5-players-goal-8",
    ],
)
def test_the_store_holds_the_in_memory_solution(client, tmp_path: Path, rules, block) -> None:
    url = str(tmp_path / "t.zarr")
    solve_to_store(rules, url, client, block=block)
    expected = solve(rules)
    assert_same(store.load(url), expected)
    if rules.die_sides == 4:
        assert len(expected.mixed) > 0  # the mixed states of several tasks, merged in order


@pytest.mark.slow
def test_a_stopped_client_leaves_a_store_that_resumes(client, tmp_path: Path) -> None:
    rules, url = PigRules(12, players=4), str(tmp_path / "t.zarr")
    stop_at = blocks.top_round(12, 4, 3) - 4  # rounds 12 down to 0

    with pytest.raises(Stop):
        solve_to_store(rules, url, client, hook=stop_after(stop_at), **SMALL)
    group, _ = store.open_store(url)
    assert group.attrs["finished"] == 5
    with pytest.raises(TableError, match=r"half-written \(5 of 13 rounds of blocks\); pass"):
        store.load(url)
    started = []
    solve_to_store(rules, url, client, resume=True, hook=lambda *a: started.append(a[1]))
    assert started[0] == stop_at - 1  # from the last finished round on, in the store's blocks
    assert_same(store.load(url), solve(rules))


@pytest.mark.slow
def test_a_worker_killed_mid_round_costs_only_its_tasks(client, tmp_path: Path) -> None:
    rules, url = PigRules(12, players=4), str(tmp_path / "t.zarr")
    killed = []

    solve_to_store(rules, url, client, hook=kill_a_worker(client, 6, killed), **SMALL)  # mid-round
    assert killed
    with pytest.raises(ProcessLookupError):
        os.kill(killed[0], 0)  # gone: its tasks ran again on the others
    assert_same(store.load(url), solve(rules))


def test_a_store_of_other_rules_is_refused_in_one_line(client, tmp_path: Path) -> None:
    url = str(tmp_path / "t.zarr")
    store.create(url, PigRules(10, players=3), 4)
    with pytest.raises(TableError, match="is for") as refused:
        solve_to_store(PigRules(11, players=3), url, client, resume=True)
    assert "\n" not in str(refused.value)


def test_a_store_of_another_format_version_is_refused(tmp_path: Path) -> None:
    url = str(tmp_path / "t.zarr")
    group = store.create(url, PigRules(10, players=3), 4)
    group.attrs["format_version"] = 3
    refused = r"in store format 3; this version reads format 4$"
    with pytest.raises(TableError, match=refused):
        store.open_store(url)
    with pytest.raises(TableError, match="not a pigsolve store"):
        store.open_store(str(tmp_path / "none.zarr"))


def test_two_players_are_refused(client, tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match="three players or more"):
        solve_to_store(PigRules(10), str(tmp_path / "t.zarr"), client)


@pytest.mark.parametrize("rules", [PigRules(7, players=3), PigRules(5, players=4)])
def test_a_task_holds_its_slabs_and_blocks(rules) -> None:
    """A task holds the slabs of its block orbit (every vector whose first N - 1 scores lie in
    one block): N of them, as many rows as they hold, and its blocks' copies."""
    goal, n = rules.goal, rules.players
    _, bounds = blocks.slab_lookup(goal, 2, [others for others, _ in blocks.slabs_of((0,) * n)])
    assert bounds[-1] == 2 ** (n - 1) * goal  # (0, ..., 0): one slab, its rotations' own
    slabs = blocks.slabs_of(tuple(range(n)))
    assert len(slabs) == n and {mover for _, mover in slabs} == set(range(n))
    assert blocks.task_bytes(goal, n, 2) == n * 2 ** (n - 1) * goal * n * 8 + (n + 2) * 2**n * n * 8
    disk, worker = store_sizes(rules, 2**30)
    assert disk == 8 * n * goal**n
    task = blocks.task_bytes(goal, n, block_for(rules, 2**30))
    assert worker == task + solve_module.RUNTIME_BYTES


def test_the_blocks_fit_the_workers_memory() -> None:
    """The blocks are the largest that fit (a score cut in 4 at least, a block of 64 MiB at
    most, the blocks at the goal adding a tenth to the disk at most): five players at goal 100
    on workers of 16 GiB, and of 1 GiB; goals that no edge divides."""
    rules = PigRules(100, players=5)
    for memory in (16 * 2**30, 2**30):
        block = block_for(rules, memory)
        assert store_sizes(rules, memory)[1] <= 0.7 * memory
        assert 8 * 5 * block**5 <= 64 * 2**20
    assert block_for(rules, 16 * 2**30) == 10  # 17 fits, but its 6th block would be 15 wasted
    assert block_for(PigRules(30, players=3), 2**40) == 6  # 7 to 9 waste 17% to 73%
    prime = PigRules(97, players=4)
    block = block_for(prime, 2**34, 2)
    assert store_sizes(prime, 2**34, 2)[0] <= 1.1 * 8 * 4 * 97**4 and block > 1
    assert block_for(PigRules(60, players=5), 4 * 2**30, 2) == 15  # the run of the benchmarks


@pytest.mark.parametrize(("goal", "n", "block"), [(7, 3, 3), (6, 4, 4), (5, 2, 5)])
def test_every_orbit_is_solved_once_by_one_task(goal: int, n: int, block: int) -> None:
    """The block orbits' members, round by round, are every orbit's canonical member once;
    a block's by score sum from the highest down."""
    import itertools

    from pigsolve.solver.pig._kernels.indexing import block_members

    found = []
    for total in range(blocks.top_round(goal, n, block), -1, -1):
        for least in blocks.block_orbits(goal, n, block, total):
            members = [tuple(m) for m in block_members(goal, block, least).tolist()]
            assert [sum(m) for m in members] == sorted((sum(m) for m in members), reverse=True)
            found += members
    canonical = {
        min(v[r:] + v[:r] for r in range(n)) for v in itertools.product(range(goal), repeat=n)
    }
    assert len(found) == len(set(found)) and set(found) == canonical


@pytest.mark.slow
def test_a_query_reads_only_the_blocks_of_its_row(client, tmp_path: Path) -> None:
    """A mover's row reads the blocks its holds reach: with every other block of the store
    deleted (read back as missing) it is still the in-memory row."""
    from pigsolve.solver.pig.query import state_record
    from pigsolve.solver.pig.store_rows import open_solution

    rules, url = PigRules(12, players=4), tmp_path / "t.zarr"
    solve_to_store(rules, str(url), client, **SMALL)
    scores, k = (3, 1, 7, 2), 4
    kept = set()
    for banked in range(rules.goal - scores[0]):  # the vectors after a pig (0) and each hold
        after = (*scores[1:], scores[0] + banked)
        kept.add(url / "start_values" / "c" / "/".join(str(s // 3) for s in after) / "0")
    chunks = set(url.glob("start_values/c/*/*/*/*/0"))
    assert kept < chunks and len(kept) == 3  # (1, 7, 2, 3..11): three blocks of the last score
    for chunk in chunks - kept:
        chunk.unlink()
    assert state_record(open_solution(str(url)), scores, k) == state_record(solve(rules), scores, k)


def test_a_task_refuses_a_store_replaced_under_it(tmp_path: Path) -> None:
    url = str(tmp_path / "t.zarr")
    stamp = layer_store.stamp(url, store.create(url, PigRules(6, players=3), 2))
    store.create(url, PigRules(6, players=3), 2)  # another store at the same place
    with pytest.raises(TableError, match="replaced by another store"):
        solve_task(url, stamp, (2, 2, 2))
