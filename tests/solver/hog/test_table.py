"""Optimal Hog tables on disk: the round trip, computing once, refusing a table for other rules."""

from __future__ import annotations

import numpy as np
import pytest

from pigsolve.solver.errors import TableError
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.hog import table as hog_table
from pigsolve.solver.tables import table_for


def test_table_round_trip_and_table_for(tmp_path) -> None:
    rules = hog_rules("fa16", goal=30)
    path = tmp_path / "hog.h5"
    announced = []
    first = table_for(rules, path, announce=announced.append)
    assert len(announced) == 1 and path.exists()
    again = table_for(rules, path, announce=announced.append)
    assert len(announced) == 1
    assert (
        again.rules == rules
        and again.objective == "optimal"
        and again.method == "backward-induction"
    )
    np.testing.assert_array_equal(again.values, first.values)
    np.testing.assert_array_equal(again.policy, first.policy)
    with pytest.raises(TableError, match="already exists"):
        hog_table.save(first, path)
    with pytest.raises(
        TableError,
        match="fa16 Hog table for goal 30, not the optimal fa16 Hog table for goal 40",
    ):
        table_for(hog_rules("fa16", goal=40), path)
