"""`verify` of a Farkle store: the checks of the table it holds."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("zarr")

from pigsolve.solver import layer_store
from pigsolve.solver.farkle import store
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.table import load
from pigsolve.solver.farkle.verify import verify_table
from pigsolve.solver.games.farkle import FarkleRules

CHUNK_ROWS = 150


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


def whole(url: str) -> list:
    """Return the checks of the store read whole, as a table."""
    return verify_table(load(url, checked=False), 1e-12)


@pytest.mark.slow
def test_a_store_of_three_with_a_last_turn_is_read_and_verified_at_its_ceiling(
    tmp_path: Path,
) -> None:
    """Its layers are solved to the default ceiling, past the goal: read at the goal (before),
    its residuals failed and the load refused it as damaged."""
    solution = solve(FarkleRules(goal=400, players=3, last_turn=True))
    url = write_store(solution, str(tmp_path / "l.zarr"))
    checks = whole(url)
    assert checks == verify_table(solution, 1e-12)
    assert all(check.passed for check in checks)
    assert load(url).ceiling == solution.ceiling
