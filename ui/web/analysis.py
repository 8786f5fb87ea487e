"""What the Explore and Compare pages show: the families' pictures of their optimal tables, a
state's values, exact comparisons.

Tables and comparisons come from :class:`ui.web.tables.Tables`, which computes them off the
event loop (a request may raise ``Pending`` and be answered 202 until they are there).
"""

from __future__ import annotations

import asyncio
from typing import Any

from pigsolve.policies.roster import roster
from pigsolve.solver.registry import family_of
from pigsolve.ui.adapters import adapter_of
from pigsolve.ui.adapters.explorer import Picture
from pigsolve.ui.adapters.query import query_record
from pigsolve.ui.web import tables
from pigsolve.ui.web.sessions import ApiError, check_web_player

MAX_COMPARED = 8
"""Players in one round robin."""


async def explore(store: tables.Tables, rules: Any, client: str = "") -> Picture:
    """Return what the explorer draws of the optimal table of ``rules`` (its family's picture,
    :mod:`ui.adapters.explorer`), computed for ``client``."""
    return await store.explore(rules, client)


async def state(
    store: tables.Tables, rules: Any, numbers: list[int], client: str = ""
) -> dict[str, Any]:
    """Return ``pigsolve query --json``'s record of the state ``numbers`` of ``rules`` under
    optimal play: the mover's chance, each action's value and the best action."""
    checked = family_of(rules).state(rules, numbers)
    table = await store.table(rules, client)
    return await asyncio.to_thread(query_record, table, checked, {})


async def compare(
    store: tables.Tables, names: list[str], rules: Any, client: str = ""
) -> dict[str, Any]:
    """Return the exact round robin of ``names``: P(row beats column) for every ordered pair,
    and the game's title and goal."""
    names = [check_web_player(name) for name in dict.fromkeys(names)]
    if not 1 <= len(names) <= MAX_COMPARED:
        raise ApiError(400, f"players must name 1 to {MAX_COMPARED} players, got {len(names)}")
    for name in names:
        roster(rules).check(name, rules)
    title = adapter_of(rules).page_title(rules)
    results = await store.compare(names, rules, client)
    return {"title": title, "goal": rules.goal, "players": names, "results": results}
