"""`pigsolve compute --store`: a Zarr store solved on a Dask cluster, read by query, info and
convert as an HDF5 table is; every misuse refused in one line."""

from __future__ import annotations

from pathlib import Path

import h5py
import numpy as np
import pytest
from typer.testing import CliRunner

pytest.importorskip("distributed")
pytest.importorskip("zarr")

from distributed import LocalCluster

import pigsolve
from pigsolve.cli import app
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig import store

runner = CliRunner()
FOUR = ["--players", "4", "--goal", "12"]
TABLES = ("t.zarr", "m.h5")


def error_line(result) -> str:
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.fixture(scope="module")
def cluster():
    with LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        yield cluster


@pytest.mark.slow
def test_a_store_from_a_local_cluster_is_read_and_converted_as_a_table(workdir: Path) -> None:
    done = runner.invoke(app, ["compute", *FOUR, "--store", "t.zarr", "--workers", "2"])
    assert done.exit_code == 0, done.output
    assert "4 players, goal 12 takes 1 MiB of disk" in done.output
    assert "wrote t.zarr: 13 rounds of blocks of 3, first player's win probability" in done.output
    assert runner.invoke(app, ["compute", *FOUR, "--out", "m.h5", "--quiet"]).exit_code == 0
    assert runner.invoke(app, ["convert", "t.zarr", "--out", "t.h5"]).exit_code == 0
    with h5py.File("t.h5") as converted, h5py.File("m.h5") as in_memory:
        assert np.array_equal(converted["start_values"][()], in_memory["start_values"][()])
    state = ["1", "2", "3", "4", "5", "--json"]
    answers = [
        runner.invoke(app, ["query", *state, "--table", t]).output for t in ("t.zarr", "m.h5")
    ]
    assert answers[0] == answers[1] and '"action"' in answers[0]
    checked = runner.invoke(app, ["verify", "t.zarr"])
    assert checked.exit_code == 0, checked.output
    shown = runner.invoke(app, ["info", "t.zarr"])
    assert shown.exit_code == 0 and "pig-layers" in shown.output
    assert "12 x 12 x 12 x 12 x 4" in shown.output
    store, table = pigsolve.load("t.zarr"), pigsolve.load("t.h5")  # the API reads a store too
    assert store.chances(1, 2, 3, 4, 5) == table.chances((1, 2, 3, 4, 5))
    again = runner.invoke(app, ["compute", *FOUR, "--store", "t.zarr"])
    assert again.exit_code == 1
    assert (
        error_line(again) == "error: t.zarr is finished already; pass --force to compute it again"
    )


@pytest.mark.slow
def test_a_cluster_named_by_its_scheduler_solves_and_resumes(cluster, workdir: Path) -> None:
    address = ["--scheduler", cluster.scheduler_address]
    rules, url = PigRules(12, players=4), str(workdir / "t.zarr")
    group = store.create(url, rules, 3)  # as a stopped client leaves it: no round finished
    half = runner.invoke(app, ["compute", *FOUR, "--store", url, *address])
    assert half.exit_code == 1
    assert error_line(half) == (
        f"error: {url} is half-written (0 of 13 rounds of blocks); "
        "pass --resume to complete it or --force to start over"
    )
    done = runner.invoke(app, ["compute", *FOUR, "--store", url, *address, "--resume"])
    assert done.exit_code == 0, done.output
    assert f"of memory a worker, on 1 worker at {cluster.scheduler_address}; about" in done.output
    assert group.attrs["finished"] == 0 and store.is_complete(store.open_store(url)[0], rules)
    other = runner.invoke(app, ["compute", "--players", "3", "--store", url, "--resume"])
    assert other.exit_code == 1
    assert error_line(other) == (
        f"error: {url} holds the optimal table for 4 players, goal 12 and a 6-sided die, "
        "not the optimal table for 3 players, goal 100 and a 6-sided die"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--workers", "2"], "--workers needs --store PATH.zarr (the table out of core)"),
        (["--resume"], "--resume needs --store PATH.zarr (the table out of core)"),
        (["--store", "t.zarr", "--out", "t.h5"], "--store takes no --out: the store is the table"),
        (
            ["--store", "t.zarr", "--method", "value-iteration"],
            "--store takes no --method: it solves by layers",
        ),
        (
            ["--store", "t.zarr", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"],
            "give --workers (a local cluster) or --scheduler, not both",
        ),
    ],
    ids=["workers", "resume", "out", "method", "both"],
)
def test_store_options_alone_or_together_are_refused(workdir: Path, args, message) -> None:
    refused = runner.invoke(app, ["compute", *FOUR, *args])
    assert refused.exit_code == 2 and error_line(refused) == f"error: {message}"
    assert list(workdir.iterdir()) == []


def test_two_players_and_a_missing_store_are_refused(workdir: Path) -> None:
    two = runner.invoke(app, ["compute", "--store", "t.zarr"])
    assert two.exit_code == 2 and "--store solves three players or more" in error_line(two)
    missing = runner.invoke(app, ["compute", *FOUR, "--store", "t.zarr", "--resume"])
    assert missing.exit_code == 1
    assert error_line(missing) == (
        "error: no store at t.zarr to resume; leave --resume out to start it"
    )


@pytest.mark.slow
def test_a_store_larger_than_memory_is_queried_and_refused_whole(monkeypatch, workdir) -> None:
    """query reads a store's rows; convert and export need the whole table and say so."""
    from pigsolve.solver.pig import store_rows

    assert (
        runner.invoke(app, ["compute", *FOUR, "--store", "t.zarr", "--workers", "1"]).exit_code == 0
    )
    monkeypatch.setattr(store_rows, "physical_memory", lambda: 2**19)
    state = ["1", "2", "3", "4", "5", "--table", "t.zarr", "--json"]
    assert '"action"' in runner.invoke(app, ["query", *state]).output
    refused = "t.zarr holds 1 MiB of start values, more than this machine's memory (1 MiB)"
    for args in (
        ["convert", "t.zarr", "--out", "t.h5"],
        ["export", "--table", "t.zarr", "--what", "boundary", "--out", "b.csv"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 1 and error_line(result).startswith(f"error: {refused}")
    assert not Path("t.h5").exists() and not Path("b.csv").exists()


def test_the_in_memory_solve_is_refused_above_the_memory_limit(workdir: Path) -> None:
    refused = runner.invoke(app, ["compute", *FOUR, "--memory-limit", "0.1"])
    assert refused.exit_code == 1
    assert error_line(refused).startswith(
        "error: 4 players, goal 12 needs about 201 MiB of memory; --memory-limit allows 102 MiB; "
        "no goal fits; or out of core, 1 MiB of disk and 200 MiB of memory a worker: on a cluster"
    )
    assert "--store pig.zarr" in refused.output
