"""`verify` of a Farkle store reads it a layer at a time: the checks of the table read whole,
figure for figure; a damaged value fails them; only the table and a few layers' rows held, as a
solve worker holds them."""

from __future__ import annotations

import shutil
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("zarr")

from typer.testing import CliRunner

from pigsolve.cli import app
from pigsolve.solver import layer_store
from pigsolve.solver.cluster import cluster_client
from pigsolve.solver.errors import TableError
from pigsolve.solver.farkle import store
from pigsolve.solver.farkle.distributed import solve_to_store
from pigsolve.solver.farkle.family import FARKLE
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.table import load
from pigsolve.solver.farkle.verify import verify_store, verify_table
from pigsolve.solver.games.farkle import FarkleRules

THREE = FarkleRules(goal=1000, players=3)
FOUR = FarkleRules(dice=2, goal=700, players=4)
"""Four players of two dice: three mixed states, whose coins the others' check sets aside."""
CHUNK_ROWS = 150
runner = CliRunner()


def write_store(solution: FarkleSolution, url: str) -> str:
    """Write ``solution`` into a store at ``url`` as the cluster's tasks do, chunk by chunk
    (:func:`solver.farkle.distributed.write_task`), and return ``url``."""
    rules, players = solution.rules, solution.rules.players
    group = store.create(url, rules, CHUNK_ROWS)
    flat = solution.values.reshape(-1, players)
    for layer in range(store.top_layer(rules), -1, -1):
        rows = store.layer_rows(rules, layer)
        layer_store.layer_array(group, layer, len(rows), players)
        parts = layer_store.parts_by_chunk(np.arange(len(rows)), flat[rows], len(rows), CHUNK_ROWS)
        for chunk, part in enumerate(parts):
            layer_store.write_chunk(group, layer, chunk, players, (part,))
        coins = [coin for coin in solution.coins if sum(coin[0]) == layer]
        store.record_layer(group, rules, layer, coins, solution.num_iter, solution.residual)
    return url


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> str:
    return write_store(solve(THREE), str(tmp_path_factory.mktemp("three") / "t.zarr"))


@pytest.fixture(scope="module")
def four(tmp_path_factory: pytest.TempPathFactory) -> str:
    return write_store(solve(FOUR), str(tmp_path_factory.mktemp("four") / "f.zarr"))


@pytest.fixture
def damaged(three: str, tmp_path: Path) -> str:
    """Return a copy of the three-player store, to damage."""
    return str(shutil.copytree(three, tmp_path / "d.zarr"))


def streamed(url: str) -> list:
    """Return the checks ``pigsolve verify`` makes of the store: the family's, of its load."""
    return FARKLE.can.verify(FARKLE.load(Path(url), checked=False), 1e-12)


def whole(url: str) -> list:
    """Return the checks of the store read whole, as a table (as ``verify`` made them before)."""
    return verify_table(load(url, checked=False), 1e-12)


@pytest.mark.parametrize("rules", [THREE, FOUR], ids=["three-players", "four-players-coins"])
def test_the_streamed_checks_are_those_of_the_table_read_whole(
    three: str, four: str, rules: FarkleRules
) -> None:
    url = three if rules == THREE else four
    opened = FARKLE.load(Path(url), checked=False)
    assert isinstance(opened, store.StoredSolution) and opened.rules == rules  # not read
    checks = streamed(url)
    assert checks == whole(url)  # names, verdicts and figures
    assert [check.name for check in checks] == [
        "Bellman residual",
        "0 <= P <= 1",
        "others' chances",
        "chances add up to 1",
    ]
    assert all(check.passed for check in checks)
    if rules == FOUR:
        assert "the 3 mixed states' coins aside" in checks[2].detail


def test_a_wrong_value_fails_the_residual(damaged: str) -> None:
    group, _ = store.open_store(damaged, mode="r+")
    group["L20/start_values"][7, 0] = 0.5  # a mover's chance, its chunk rewritten
    shown = runner.invoke(app, ["verify", damaged])
    assert shown.exit_code == 1 and "Traceback" not in shown.output
    last = shown.output.strip().splitlines()[-1]
    assert last.startswith(f"error: {damaged} fails: Bellman residual")


def test_a_value_not_a_number_fails_as_in_the_table_read_whole(damaged: str) -> None:
    group, _ = store.open_store(damaged, mode="r+")
    group["L20/start_values"][7, 1] = np.nan
    checks = streamed(damaged)
    assert checks == whole(damaged)
    assert not any(check.passed for check in checks)


def test_a_store_half_written_or_with_a_coin_astray_is_refused_in_one_line(
    damaged: str, tmp_path: Path
) -> None:
    half = str(tmp_path / "h.zarr")
    store.create(half, THREE)
    with pytest.raises(TableError, match="is half-written"):
        FARKLE.load(Path(half), checked=False)
    group, _ = store.open_store(damaged, mode="r+")
    layer_store.write_array(group, "L30/coins", np.array([[10.0, 10.0, 11.0, 0.5]]))  # sum 31
    with pytest.raises(TableError, match="layer 30's coins hold another layer's state"):
        verify_store(damaged)


def test_streaming_holds_the_table_and_a_few_layers(four: str) -> None:
    """The peak is the start values (8 N G**N bytes), the layers' rows (8 G**N) and a few
    layers' work (:data:`solver.farkle.verify.CHECKED_ROWS` rows): 1.6 times the start values
    here, where the table read whole peaked at 2.8 times (3.3 for :data:`THREE`)."""
    table = 8 * FOUR.players * store.units(FOUR) ** FOUR.players
    verify_store(four)  # imports and compiled kernels aside
    store.rows_by_layer.cache_clear()  # the rows sorted by layer counted too
    tracemalloc.start()
    try:
        verify_store(four)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * table


@pytest.mark.slow
def test_a_store_of_three_with_a_last_turn_is_read_and_verified_at_its_ceiling(
    tmp_path: Path,
) -> None:
    """Its layers are solved to the default ceiling, past the goal: read at the goal (before),
    its residuals failed and the load refused it as damaged."""
    solution = solve(FarkleRules(goal=400, players=3, last_turn=True))
    url = write_store(solution, str(tmp_path / "l.zarr"))
    checks = streamed(url)
    assert checks == whole(url) == verify_table(solution, 1e-12)
    assert all(check.passed for check in checks)
    assert load(url).ceiling == solution.ceiling


@pytest.mark.slow
def test_a_store_solved_on_a_cluster_is_verified_as_its_table(workdir: Path) -> None:
    pytest.importorskip("distributed")
    rules = FarkleRules(goal=1500, players=3)  # two mixed states, of several tasks
    with cluster_client(2) as client:
        solve_to_store(rules, "t.zarr", client, orbits_per_task=40, chunk_rows=CHUNK_ROWS)
    assert streamed("t.zarr") == whole("t.zarr") == verify_table(solve(rules), 1e-12)
    shown = runner.invoke(app, ["verify", "t.zarr"])
    assert shown.exit_code == 0 and "the 2 mixed states' coins aside" in shown.output
