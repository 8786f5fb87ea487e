"""The rows of ``pigsolve bench``: the solvers' (:mod:`solver.bench`), tuning's and the page's
(:mod:`ui.web.bench`), measured in one run so that their ratios are judged side by side."""

from __future__ import annotations

import sys
import time

import numpy as np

from pigsolve.policies import computer_tables
from pigsolve.policies.families import tune
from pigsolve.solver.bench import Row, row
from pigsolve.solver.games.pig import PigRules
from pigsolve.ui.console import note


def bench_rows(large: bool = False, quick: bool = False) -> list[Row]:
    """Return every benchmark's row; ``quick``: the Pig solvers only; ``large``: goal 1000 too."""
    from pigsolve.solver import bench as benchmarks
    from pigsolve.ui.web.bench import bench_gui

    pigsolve = [sys.executable, "-m", "pigsolve"]
    others: list[Row] = []
    if not quick:
        tables = computer_tables("pig", ["optimal", "hold20"], PigRules(), None, note)
        others += [bench_tune(tables["optimal"]), *bench_gui()]
        others += benchmarks.bench_others(tables["optimal"], tables["hold20"])
        others += benchmarks.bench_startup(pigsolve)
    return benchmarks.run([*pigsolve, "compute"], large, others)


def bench_tune(optimal: np.ndarray, family: str = "pace-race") -> Row:
    """Time tuning a three-constant Pig family over its default ranges against ``optimal``."""
    rules = PigRules()
    start = time.perf_counter()
    results, _ = tune("pig", family, rules, "optimal", optimal)
    seconds = time.perf_counter() - start
    name = f"pig tune {family} against optimal, {len(results):,} candidates"
    return row(name, rules.goal, seconds, None, len(results) / seconds, "candidates/s")
