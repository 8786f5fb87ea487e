"""A state's values under optimal play as one record, in every family's words: what ``pigsolve
query --json`` prints and the page's ``GET /api/{game}/state`` answers."""

from __future__ import annotations

from typing import Any

from pigsolve.ui import records


def query_record(solution: Any, state: tuple[int, ...], extras: dict[str, Any]) -> dict:
    """Return ``pigsolve query --json``'s record of ``state``: the mover's chance (with more
    than two players every player's), each action's value and the best action, the query's
    own options (``extras``) beside them."""
    values = solution.action_values(state, **extras)
    return {
        "state": list(state),
        **{option: records.plain(value) for option, value in extras.items()},
        "win_probability": solution.win_probability(state, **extras),
        "chances": list(solution.chances(state, **extras)),
        "best_action": records.plain(solution.best_action(state, **extras)),
        "action_values": {records.action_text(a): v for a, v in values.items()},
    }
