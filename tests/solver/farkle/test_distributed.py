"""Farkle of three players or more on a Dask cluster into a Zarr store: the in-memory solve's
values and coins, bit for bit, after a stopped client (resumed) and a killed worker too; and
the store read by every command that reads a table."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("distributed")
pytest.importorskip("zarr")

from cluster_faults import Stop, kill_a_worker, stop_after
from typer.testing import CliRunner

from pigsolve.cli import app
from pigsolve.solver.cluster import cluster_client
from pigsolve.solver.errors import InvalidArgument, TableError
from pigsolve.solver.farkle import store
from pigsolve.solver.farkle.distributed import solve_to_store
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.table import load
from pigsolve.solver.games.farkle import FarkleRules

SMALL = {"orbits_per_task": 40, "chunk_rows": 150}
"""Several solve tasks and chunks a layer even at these goals."""
THREE = FarkleRules(goal=1000, players=3)
runner = CliRunner()


@pytest.fixture(scope="module")
def client():
    with cluster_client(2) as client:  # two worker processes of one thread
        yield client


@pytest.fixture(scope="module")
def three() -> FarkleSolution:
    return solve(THREE)


def assert_same(got: FarkleSolution, expected: FarkleSolution) -> None:
    assert got.rules == expected.rules
    assert np.array_equal(got.values, expected.values)  # bit for bit
    assert got.coins == expected.coins
    assert (got.num_iter, got.residual) == (expected.num_iter, expected.residual)


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(FarkleRules(goal=1500, players=3), marks=pytest.mark.slow),
        FarkleRules(dice=2, goal=200, players=4),
    ],
    ids=["3-players-goal-1500-coins", "4-players"],
)
def test_the_store_holds_the_in_memory_solution(client, tmp_path: Path, rules) -> None:
    url = str(tmp_path / "t.zarr")
    solve_to_store(rules, url, client, **SMALL)
    expected = solve(rules)
    assert_same(load(url), expected)
    if rules.players == 3:
        assert len(expected.coins) == 2  # mixed orbits of several tasks, merged in order


@pytest.mark.slow
def test_a_stopped_client_leaves_a_store_that_resumes(client, tmp_path: Path, three) -> None:
    url = str(tmp_path / "t.zarr")
    stop_at = store.top_layer(THREE) - 9

    with pytest.raises(Stop):
        solve_to_store(THREE, url, client, hook=stop_after(stop_at), **SMALL)
    with pytest.raises(TableError, match=r"half-written \(10 of 58 layers\); pass --resume"):
        load(url)
    started = []
    solve_to_store(THREE, url, client, resume=True, hook=lambda *a: started.append(a[1]), **SMALL)
    assert started[0] == stop_at - 1  # from the last finished layer on
    assert_same(load(url), three)


@pytest.mark.slow
def test_a_worker_killed_mid_layer_costs_only_its_tasks(client, tmp_path: Path, three) -> None:
    url = str(tmp_path / "t.zarr")
    killed = []

    solve_to_store(THREE, url, client, hook=kill_a_worker(client, 28, killed), **SMALL)  # mid-layer
    assert killed
    with pytest.raises(ProcessLookupError):
        os.kill(killed[0], 0)  # gone: its tasks ran again on the others
    assert_same(load(url), three)


def test_other_rules_and_two_players_are_refused_in_one_line(client, tmp_path: Path) -> None:
    url = str(tmp_path / "t.zarr")
    store.create(url, FarkleRules(goal=500, players=3))
    with pytest.raises(TableError, match="is for") as refused:
        solve_to_store(THREE, url, client, resume=True)
    assert "\n" not in str(refused.value)
    with pytest.raises(InvalidArgument, match="three players or more; two players fit"):
        solve_to_store(FarkleRules(goal=500), url, client)
    group = store.create(url, THREE)
    group.attrs["format_version"] = 0
    refused = r"in store format 0; this version reads format 2 \(and 1\)"
    with pytest.raises(TableError, match=refused):
        store.open_store(url)


@pytest.mark.slow
def test_a_damaged_store_is_refused_in_one_line(client, tmp_path: Path) -> None:
    """A store is checked as a table is before it is believed: its coins, its values."""
    rules, url = FarkleRules(goal=1500, players=3), str(tmp_path / "t.zarr")
    solve_to_store(rules, url, client)
    group, _ = store.open_store(url, mode="r+")
    layer = next(s for s in range(store.top_layer(rules)) if group[f"L{s}/coins"].shape[0])
    coins = group[f"L{layer}/coins"]
    kept = coins[...]
    coins[0, 3] = 2.0  # a coin's chance
    with pytest.raises(TableError, match="coins holds a state or a chance out of range") as bad:
        load(url)
    coins[...] = kept
    group["L30/start_values"][0, 1] = np.nan
    with pytest.raises(TableError) as nan:
        load(url)
    for refused in (bad, nan):
        assert "\n" not in str(refused.value)


@pytest.mark.slow
def test_every_command_reads_the_store_as_a_table(client, workdir: Path, three) -> None:
    """compute on the cluster named by its scheduler; then info, query (the table gives the
    players and the goal), verify, export and convert, as from an HDF5 table."""
    address = client.scheduler.address
    game = ["--game", "farkle"]
    made = runner.invoke(
        app, ["compute", *game, "--players", "3", "--goal", "1000", "--store", "f.zarr",
              "--scheduler", address],
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    assert "3-player Farkle, goal 1000 takes" in made.output
    assert "first player's win probability 0.442323" in made.output
    shown = runner.invoke(app, ["info", *game, "f.zarr"])
    assert shown.exit_code == 0 and "farkle-layers" in shown.output
    asked = runner.invoke(app, ["query", *game, "--table", "f.zarr", "100", "200", "0", "6"])
    record = json.loads(
        runner.invoke(
            app, ["query", *game, "--table", "f.zarr", "100", "200", "300", "0", "6", "--json"]
        ).output
    )
    assert asked.exit_code == 2  # two scores: three players' table
    assert record["chances"] == three.values[2, 4, 6].tolist()
    assert runner.invoke(app, ["verify", *game, "f.zarr"]).exit_code == 0
    assert runner.invoke(app, ["convert", "f.zarr", "--out", "f.h5"]).exit_code == 0
    for table in ("f.zarr", "f.h5"):
        out = f"{table}.csv"
        args = ["export", *game, "--table", table, "--what", "probabilities", "--out", out]
        assert runner.invoke(app, args).exit_code == 0
    assert Path("f.zarr.csv").read_text() == Path("f.h5.csv").read_text()
    again = runner.invoke(
        app, ["compute", *game, "--players", "3", "--goal", "1000", "--store", "f.zarr"]
    )
    assert again.exit_code == 1 and "finished already; pass --force" in again.output


def test_the_sizing_table_is_what_the_sizes_say() -> None:
    """The how-to's sizing lines (printed by its `python -c` commands) are the sizes now."""
    from pigsolve.solver.farkle.distributed import store_seconds, store_sizes
    from pigsolve.solver.games.pig import PigRules
    from pigsolve.solver.pig import distributed as pig

    page = Path(__file__).parents[3] / "docs" / "how-to" / "past-one-machine.md"
    lines = page.read_text().splitlines()
    for n, g in [(5, 100), (3, 1000)]:
        disk, worker = pig.store_sizes(PigRules(g, players=n), 16 * 2**30, 100)
        hours = pig.store_seconds(PigRules(g, players=n), 100, 16 * 2**30) / 3600
        assert (
            f"{n} players, goal {g}: disk {disk / 2**30:.1f} GiB, a worker {worker / 2**30:.1f} "
            f"GiB, {hours:.2f} h on 100 workers"
        ) in lines
    rules = FarkleRules(goal=10000, players=3)
    disk, worker = store_sizes(rules)
    assert (
        f"three-player Farkle, goal 10000: disk {disk / 2**30:.1f} GiB, a worker "
        f"{worker / 2**30:.1f} GiB, {store_seconds(rules, 100) / 3600:.2f} h on 100 workers"
    ) in lines
