"""What the Explore and Compare pages show: the families' pictures of their optimal tables, a
state's values, exact comparisons.

Tables and comparisons come from :class:`ui.web.tables.Tables`, which computes them off the
event loop (a request may raise ``Pending`` and be answered 202 until they are there).
"""

from __future__ import annotations

import asyncio
from typing import Any

from pigsolve.policies.human import Human
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
    and the game's title and goal; with more than two players :func:`seatings`."""
    if getattr(rules, "players", 2) > 2:
        return await seatings(store, names, rules, client)
    names = list(dict.fromkeys(names))
    if not 1 <= len(names) <= MAX_COMPARED:
        raise ApiError(400, f"players must name 1 to {MAX_COMPARED} players, got {len(names)}")
    check_computers(names, rules)
    title = adapter_of(rules).page_title(rules)
    results = await store.compare(names, rules, client)
    return {"title": title, "goal": rules.goal, "players": names, "results": results}


async def seatings(
    store: tables.Tables, names: list[str], rules: Any, client: str = ""
) -> dict[str, Any]:
    """Return ``names``, one a seat of ``rules``, compared exactly in every seating: each
    player's chance in each and on average (``pigsolve compare A B C --players 3 --json``'s
    ``seatings`` and ``average``), and the game's title and goal."""
    seats = rules.players
    adapter = adapter_of(rules)
    if not adapter.compares_seatings:
        raise ApiError(400, f"{adapter.label} compares two players at a time, not {seats}")
    if len(names) != seats or len(set(names)) != seats:
        raise ApiError(
            400, f"players must name {seats} different players, one a seat, got {len(names)}"
        )
    check_computers(names, rules)
    title = adapter.page_title(rules)
    result = await store.compare(names, rules, client)
    return {"title": title, "goal": rules.goal, "seats": seats} | result


def check_computers(names: list[str], rules: Any) -> None:
    """Raise a 400 for the first of ``names`` that is not a computer player of ``rules`` the page
    runs (the person, a file's function, an unknown name), before anything is computed."""
    for name in names:
        check_web_player(name)
        if name == Human.name:
            raise ApiError(400, "human cannot be compared; choose computer players")
        roster(rules).check(name, rules)
