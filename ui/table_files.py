"""What the table commands print of a table file: ``info``'s attributes and datasets,
``verify``'s checks, the line of a table kept."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pigsolve.ui.result_tables import new_table

if TYPE_CHECKING:
    from rich.table import Table


def kept_words(path: Path) -> str:
    """Return the line of a ``compute`` that found its table already there."""
    return f"kept {path} (already computed; --force recomputes)"


def attributes(path: Path, attrs: Mapping[str, Any]) -> Table:
    """Return a table file's attributes; a game's outcomes in its stored rules are counted, not
    listed (``info`` shows them as a table first)."""
    out = new_table("attribute", "value", title=str(path), title_justify="left")
    for name, value in attrs.items():
        if name == "rules":
            value = short_rules(value)
        out.add_row(name, f"{value:.12g}" if isinstance(value, float) else str(value))
    return out


def short_rules(stored: str) -> str:
    """Return a table's stored rules (JSON) with a game's list of outcomes cut to their count.

    >>> short_rules('{"goal": 50, "game": {"name": "g", "outcomes": [{}, {}]}}')
    '{"goal": 50, "game": {"name": "g", "outcomes": "2, as above"}}'
    """
    rules = json.loads(stored)
    game = rules.get("game")
    if isinstance(game, dict) and isinstance(game.get("outcomes"), list):
        game["outcomes"] = f"{len(game['outcomes'])}, as above"
    return json.dumps(rules)


def datasets(rows: Iterable[tuple[str, Sequence[int], str, int]]) -> Table:
    """Return a table file's datasets: name, shape, dtype and bytes stored."""
    out = new_table("dataset", "shape", "dtype", "stored")
    for name, shape, dtype, stored in rows:
        out.add_row(name, " x ".join(map(str, shape)), dtype, f"{stored / 2**20:.2f} MiB")
    return out


def checks(path: Path, results: Iterable[Any]) -> Table:
    """Return the outcome of each of ``verify``'s checks (objects with name, passed, detail)."""
    out = new_table("check", "result", "detail", title=str(path), title_justify="left")
    for check in results:
        out.add_row(check.name, "ok" if check.passed else "FAILED", check.detail)
    return out
