"""What the Explore and Compare pages show: the optimal policy as arrays, exact comparisons.

Tables and comparisons come from :class:`ui.web.tables.Tables`, which computes them off the
event loop (a request may raise ``Pending`` and be answered 202 until they are there).
"""

from __future__ import annotations

from typing import Any

from pigsolve.policies.roster import roster
from pigsolve.solver.games.pig import PigRules
from pigsolve.ui.web import tables
from pigsolve.ui.web.sessions import ApiError, check_web_player

MAX_COMPARED = 8
"""Players in one round robin."""


async def explore(store: tables.Tables, rules: Any) -> dict[str, Any]:
    """Return the explorer's data in the family's grids (Pig's hold boundary and ``P(i, j, 0)``,
    Hog's dice and win probability) over both scores."""
    return await store.explore(rules)


async def pig_state(store: tables.Tables, rules: PigRules, i: int, j: int, k: int) -> dict:
    """Return ``P(i, j, k)``, both actions' values (hold: None at ``k = 0``) and the optimal
    action."""
    rules.check_state(i, j, k)
    p, p_roll, p_hold, roll = tables.pig_values(await store.table(rules), (i, j), k)
    best = "roll" if roll else "hold"  # the table holds at won states
    return {"i": i, "j": j, "k": k, "p": p, "roll": p_roll, "hold": p_hold, "best": best}


async def compare(store: tables.Tables, names: list[str], rules: Any) -> dict[str, Any]:
    """Return the exact round robin of ``names``: P(row beats column) for every ordered pair."""
    names = [check_web_player(name) for name in dict.fromkeys(names)]
    if not 1 <= len(names) <= MAX_COMPARED:
        raise ApiError(400, f"players must name 1 to {MAX_COMPARED} players, got {len(names)}")
    for name in names:
        roster(rules).check(name, rules)
    return {"players": names, "results": await store.compare(names, rules)}
