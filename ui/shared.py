"""What the Pig and Hog commands share: named tables, seeded generators, exact comparisons."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pigsolve.policies import computer_tables, families
from pigsolve.solver.registry import family_of
from pigsolve.solver.results import Comparison, check_seed
from pigsolve.ui import records, result_tables
from pigsolve.ui.console import (
    console,
    in_options,
    note,
    progress_bar,
)

if TYPE_CHECKING:
    import numpy as np


def tune_family(
    game: str,
    family: str,
    rules,
    against: str,
    ranges: list[str],
    table,
    as_json: bool,
    optimal: Any = None,
) -> None:
    """Search ``family`` exactly for the best coin-toss win probability against ``against``
    (``optimal``: the optimal player, its table already read; else made from ``table``)."""
    families.checked_ranges(game, family, rules, ranges)  # a bad range before any table is made
    family_of(rules).check_exact(rules)
    made = {} if optimal is None else {"optimal": optimal.table(rules)}
    wanted = [name for name in dict.fromkeys([against, "optimal"]) if name not in made]
    tables = made | computer_tables(game, wanted, rules, named_table(table, rules), note)
    opponent = tables[against]
    with progress_bar(f"tuning {family}", None) as progress:
        results, documents = families.tune(game, family, rules, against, opponent, ranges, progress)
    for warning in families.edge_warnings(
        game, family, rules, against, opponent, ranges, results[0]
    ):
        note(in_options(warning, ["ranges"]))
    best = family_of(rules).compare_tables(rules, tables["optimal"], opponent, "optimal", against)
    if as_json:
        named = records.game_fields(rules)
        record = records.tuning_record(family, results, documents, best, named)
        print(json.dumps(record, allow_nan=False))
    else:
        console.print(result_tables.tuning(family, results, documents, best))


def named_table(table: Path | None, rules: Any) -> Path | None:
    """Return the table file the user named, if it exists (None: the default, made if missing)."""
    if table is None:
        return None
    return family_of(rules).require(table, rules)


def seeded_rng(seed: int | None) -> np.random.Generator:
    import numpy as np

    return np.random.default_rng(None if seed is None else check_seed(seed))


def seeded_streams(seed: int | None, others: int) -> list[np.random.Generator]:
    """Return the dice's generator (:func:`seeded_rng`'s) and ``others`` independent ones.

    What the others draw (a random seat, the players' coins) never shifts the dice, so one
    ``--seed`` gives the same dice whatever else is chosen at random.
    """
    import numpy as np

    sequence = np.random.SeedSequence(None if seed is None else check_seed(seed))
    return [np.random.default_rng(stream) for stream in [sequence, *sequence.spawn(others)]]


def exact_comparison(game: str, rules: Any, a: str, b: str, table: Path | None) -> Comparison:
    """Return the exact comparison of two players (both names checked before any table is made)."""
    family_of(rules).check_exact(rules)
    tables = computer_tables(game, [a, b], rules, named_table(table, rules), note)
    return family_of(rules).compare_tables(rules, tables[a], tables[b], a, b)
