"""JSON and CSV records of results, as ``--json`` and ``--csv`` print them."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

from pigsolve.solver.results import Comparison, Tuning


def record(result: Comparison, named: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return a comparison as JSON, the game ``named`` by the fields given (its adapter's
    :meth:`~ui.adapters.Adapter.record_fields`)
    in place of the die."""
    fields = result.as_dict()
    if named is None:
        return fields
    at = list(fields).index("die")
    items = list(fields.items())
    return dict(items[:at]) | dict(named) | dict(items[at + 1 :])


def round_robin_csv(records: Sequence[Mapping[str, Any]]) -> str:
    """Return a round robin's records (:func:`record`, as ``--json`` prints them) as CSV, one
    ordered pair per row, full precision."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(records[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(records)
    return out.getvalue().rstrip("\n")


def tuning_record(result: Tuning, named: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return ``tune --json``'s record: the best, the ten runners-up, the documents', optimal
    (each as :func:`record` gives it)."""
    return {
        "kind": result.kind,
        "candidates": len(result.ranked),
        "best": record(result.best, named),
        "runners_up": [record(other, named) for other in result.ranked[1:11]],
        "documents": record(result.documents, named),
        "optimal": record(result.optimal, named),
        "gap_to_optimal": result.gap,
    }


def plain(value: Any) -> Any:
    """Return ``value`` with its tuples made lists (JSON's arrays)."""
    return [plain(item) for item in value] if isinstance(value, tuple | list) else value


def action_text(action: Any) -> str:
    """Return an action as a query prints it: a tuple of numbers (kept dice) spaced out."""
    if isinstance(action, tuple | list):
        return " ".join(map(str, action))
    return str(action)
