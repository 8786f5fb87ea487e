"""Pig's rows of ``pigsolve bench``: the solvers' (:mod:`solver.bench`, with Hog's and
Farkle's beside Pig's), tuning's and the page's (:mod:`ui.web.bench`), measured in one run so
that their ratios are judged side by side."""

from __future__ import annotations

import sys
import time
from typing import Any

from pigsolve.policies import computer_players
from pigsolve.policies.kinds import tune
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
        made = computer_players(PigRules(), ["optimal", "hold20"], None, note)
        tables = {name: player.table(PigRules()) for name, player in made.items()}
        others += [bench_tune(made["optimal"]), *bench_gui()]
        others += benchmarks.bench_others(tables["optimal"], tables["hold20"])
        others += benchmarks.bench_startup(pigsolve)
    return benchmarks.run([*pigsolve, "compute"], large, others)


def bench_tune(optimal: Any, kind: str = "pace-race") -> Row:
    """Time tuning a three-constant kind of Pig player over its default ranges against the
    player ``optimal``."""
    rules = PigRules()
    start = time.perf_counter()
    results, _ = tune(rules, kind, "optimal", optimal)
    seconds = time.perf_counter() - start
    name = f"pig tune {kind} against optimal, {len(results):,} candidates"
    return row(name, rules.goal, seconds, None, len(results) / seconds, "candidates/s")
