"""Never a NaN on the screen or in a record: a value that is not a number is refused or
shown as '-' (issue 29)."""

from __future__ import annotations

import pytest
from rich.console import Console

from pigsolve.solver.results import Comparison
from pigsolve.ui import result_tables


def test_a_json_record_never_carries_nan(capsys) -> None:
    """`compare --json` printed NaN (not JSON) where the values were not numbers."""
    result = Comparison("a", "b", 10, 6, float("nan"), 0.5)
    with pytest.raises(ValueError, match="not JSON compliant"):
        result_tables.print_comparison(Console(), result, "goal 10", as_json=True)
    assert "NaN" not in capsys.readouterr().out


@pytest.mark.slow
def test_a_z_score_without_spread_is_a_dash_not_nan(pigsolve) -> None:
    """Free Bacon against itself is certain (exact 1 and 0): `simulate` printed z = +nan."""
    args = ("hog", "simulate", "always0", "always0", "--rules", "fa16", "--games", "100")
    done = pigsolve(*args, "--seed", "1")
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith((" A first", " either"))]
    assert len(rows) == 2 and all(row.rstrip().endswith("│ -") for row in rows)
    assert "nan" not in done.stdout
