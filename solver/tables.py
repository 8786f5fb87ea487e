"""Where a game's table comes from, one rule for every family: a table named must exist and be
sound; else the one in the data folder (:func:`solver.storage.data_dir`) is read, or solved and
saved there first.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pigsolve.solver.durations import wait_words
from pigsolve.solver.errors import InvalidArgument, TableError
from pigsolve.solver.registry import Solution, family_of
from pigsolve.solver.resources import check_memory
from pigsolve.solver.storage import data_dir, save_or_say_why

Announce = Callable[[str], None]


def default_path(rules: Any) -> Path:
    """Return where the table of ``rules`` is kept by default: the data folder's file."""
    return data_dir() / family_of(rules).table_name(rules)


def load_for(path: str | os.PathLike, rules: Any) -> Solution:
    """Return the table at ``path`` if it is sound and for ``rules``; else TableError saying why
    (damaged, other rules)."""
    family = family_of(rules)
    table = family.load(Path(path))
    if table.rules != rules:
        held, wanted = family.describe(table.rules), family.describe(rules)
        raise TableError(f"{path} holds {held}, not {wanted}")
    return table


def table_for(
    rules: Any, path: str | os.PathLike | None = None, announce: Announce | None = None
) -> Solution:
    """Return the table of ``rules`` at ``path`` (the default path if None), solving it if
    missing: saved there for next time (``announce`` is told in one line) and read back, or kept
    in memory if ``path`` cannot be written; refused in one line if ``rules`` have no table or
    their solve cannot fit this machine."""
    family = family_of(rules)
    path = default_path(rules) if path is None else Path(path)
    if path.exists():
        return load_for(path, rules)
    demands = family.demands(rules)
    if demands.unsolved:
        raise InvalidArgument(demands.unsolved)
    check_memory(demands.memory, demands.what, way_out=lambda free: family.fits(rules, free))
    if announce is not None:
        wait = wait_words((demands.seconds, demands.compiling))
        announce(f"computing {family.describe(rules)}" + (f": {wait}" if wait else "") + " ...")
    solution = family.solve(rules)
    with contextlib.suppress(OSError):  # a read-only folder: said below, kept in memory
        path.parent.mkdir(parents=True, exist_ok=True)
    if save_or_say_why(lambda target: family.save(solution, target), path, announce):
        return load_for(path, rules)  # as stored (its attributes too), checked once more
    return solution
