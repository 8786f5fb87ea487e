"""Hog's row of ``pigsolve bench``: CS 61A's contest of 132 entries, computed exactly.

The entries are written to a temporary folder as students' files would be: varied,
deterministic ``final_strategy`` functions (always N dice, Free Bacon thresholds, leads and
deficits, near the goal, and seeded random tables stored in the files), then run the way
``pigsolve tournament`` runs them: each asked in every state in its own process, then every pair
compared exactly. bacon (sxyu/bacon2, C++) published 11.5 minutes for a contest of 132 entries
on 2 threads; that is their figure on their machine, not a run of theirs beside ours.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from pigsolve.solver.bench import Row, row

ENTRIES = 132
"""The entries of bacon's published contest."""
BACON_SECONDS = 11.5 * 60
"""bacon's published time for 132 entries on 2 threads (their figure, not measured here)."""
KINDS = ("always", "bacon", "margin", "endgame", "table")


def bench_rows(large: bool = False, quick: bool = False) -> list[Row]:
    """Return Hog's rows: the contest of :data:`ENTRIES` entries under the current semesters'
    rules, fa23 (none with ``quick``)."""
    from pigsolve.solver.games.hog import hog_rules

    return [] if quick else [bench_tournament(hog_rules("fa23"))]


def write_entries(folder: Path, count: int, goal: int, seed: int = 61) -> list[Path]:
    """Write ``count`` deterministic entries for a game to ``goal`` into ``folder`` (one of
    :data:`KINDS` after another, constants drawn from ``seed``); return their files."""
    rng = np.random.default_rng(seed)
    files = []
    for k in range(count):
        kind = KINDS[k % len(KINDS)]
        n, m = int(rng.integers(1, 11)), int(rng.integers(4, 13))
        body = {
            "always": f"    return {n}",
            "bacon": f"    bacon = 10 - opponent_score % 10 + opponent_score // 10 % 10\n"
            f"    return 0 if bacon >= {m} else {n}",
            "margin": f"    return {n} if opponent_score - score > {m} else {max(1, n - 3)}",
            "endgame": f"    return {min(n, 3)} if score >= {goal - m} else {n}",
            "table": "    return TABLE[score][opponent_score]",
        }[kind]
        table = rng.integers(0, 11, (goal, goal)).tolist() if kind == "table" else None
        text = f"TABLE = {table}\n\n\n" if table else ""
        text += f"def final_strategy(score, opponent_score):\n{body}\n"
        path = folder / f"{kind}{k:03d}.py"
        path.write_text(text)
        files.append(path)
    return files


def bench_tournament(rules: Any, entries: int = ENTRIES) -> Row:
    """Time a contest of ``entries`` generated entries at ``rules``: asking them (their
    processes, in parallel) and comparing every pair (after a goal-2 comparison that compiles
    or loads the kernel), as ``pigsolve tournament`` does."""
    from pigsolve.policies.contest import entries as found_entries
    from pigsolve.policies.contest import tabulate
    from pigsolve.solver.games.hog import hog_rules
    from pigsolve.solver.registry import family_of
    from pigsolve.solver.sandbox.time_limit import UNATTENDED, set_timeout

    win_rates = family_of(rules).can.contest
    start = time.perf_counter()
    small = hog_rules(rules.name, goal=2)
    win_rates(small, [np.zeros((2, 2), np.int8)] * 2)
    compile_seconds = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as tmp:
        write_entries(Path(tmp), entries, rules.goal)
        contestants, _ = found_entries([tmp])
        set_timeout(UNATTENDED)
        try:
            start = time.perf_counter()
            tables = tabulate(rules, contestants)
            asked = time.perf_counter() - start
        finally:
            set_timeout(None)
    failed = [table for table in tables if not isinstance(table, np.ndarray)]
    if failed:
        raise RuntimeError(f"a generated entry failed: {failed[0]}")
    start = time.perf_counter()
    win_rates(rules, tables)
    played = time.perf_counter() - start
    seconds = asked + played
    games = entries * (entries - 1) // 2
    name = f"hog {rules.name} tournament of {entries} entries"
    found = row(name, rules.goal, seconds, compile_seconds, games / seconds, "games/s")
    note = f"{name}: {seconds:.1f} s ({asked:.1f} s asking the entries, {played:.1f} s comparing"
    found |= {"tabulate_seconds": asked, "evaluate_seconds": played, "note": note + ")"}
    if (entries, rules.goal) == (ENTRIES, 100):
        ratio = seconds / BACON_SECONDS
        found["times_bacon_published"] = ratio
        found["note"] = f"{note}), {ratio:.2f} times bacon's published 11.5 min (their figure)"
    return found
