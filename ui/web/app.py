"""The JSON API of ``pigsolve gui``: start games, play them a move at a time, ask for hints.

Every refusal is a 4xx with ``{"error": "one line"}`` naming the request's field in the API's
own words. A request whose table (or comparison) is still being computed is answered 202 with
``{"status": "computing", "what", "progress", "message"}``: the page asks again. The rules live
in the Python engine only; the solvers are reached through :mod:`ui.web.tables`.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import AsyncIterator, Collection
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pigsolve.policies.roster import roster, roster_of
from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.fields import integer, one_of
from pigsolve.ui.adapters import Adapter, adapters
from pigsolve.ui.web import analysis, limits, tables
from pigsolve.ui.web.clients import ClientCookie, client_of
from pigsolve.ui.web.guard import LOOPBACK, MAX_DIGITS, RequestGuard, check_from_page, json_body
from pigsolve.ui.web.jobs import JobFailed, Pending
from pigsolve.ui.web.sessions import MAX_GAMES, ApiError, Store, check_web_player, hint, new_session

STATIC = Path(__file__).parent / "static"
FIRST = ("you", "computer", "random")
SEED_LIMIT = 2**64


def page_families() -> list[dict[str, Any]]:
    """Return what the page draws of each family: its tab (name, label, most players), its
    set-up form (:meth:`ui.adapters.Adapter.page_form`), the forms of its Explore and Compare
    views (:func:`use_form`; None where it has no such view; Compare's with the most players it
    seats a game, :func:`most_seats`), whether it shows a tournament's
    ranking (its family holds contests: ``pigsolve tournament --json`` files, read in the
    browser) and its own scripts."""
    return [
        {
            "name": a.family.name,
            "label": a.label,
            "max_players": a.max_players,
            "explore": use_form(a, "explore") if a.explores else None,
            "compare": use_form(a, "compare") | {"seats": most_seats(a)} if a.compares else None,
            "tournament": a.family.can.contest is not None,
            "scripts": [f"/static/families/{a.family.name}/{name}" for name in a.page_scripts],
        }
        | a.page_form()
        for a in adapters()
    ]


def use_form(adapter: Adapter, use: str) -> dict[str, Any]:
    """Return the form of ``use`` (``explore``, ``compare``): the set-up form's fields, the goal
    at most what ``use`` takes (:func:`ui.web.limits.use_goals`), and its limits in words."""
    fields = adapter.page_form()["fields"]
    goal = next(field for field in fields if field["name"] == "goal")
    most = min(goal["max"], limits.use_goals(adapter)[use])
    bounded = goal | {"max": most, "default": min(goal["default"], most)}
    cells = tables.EXPLORE_CELLS
    sampled = use == "explore" and most > cells
    more = f"; more than {cells} scores a side are drawn every few scores" if sampled else ""
    return {
        "fields": [bounded if field is goal else field for field in fields],
        "note": f"{adapter.label}: goals up to {most:,}{more}.",
    }


def page_limits() -> dict[str, Any]:
    """Return the sizes the page accepts (GET /api/limits; the forms read them): each family's,
    by its name, then the page's own, and ``families``: each family's tab and forms
    (:func:`page_families`)."""
    return {adapter.family.name: adapter.page_limits() for adapter in adapters()} | {
        "explore_cells": tables.EXPLORE_CELLS,
        "compare_players": analysis.MAX_COMPARED,
        "games": MAX_GAMES,
        "cache_mib": tables.PAGE_CACHE_BYTES // 2**20,
        "families": page_families(),
    }


def query(request: Request, accepted: tuple[str, ...] = ()) -> dict[str, Any]:
    """Return the query's fields, whole numbers as integers (as a JSON body would hold them);
    a 400 for a field not ``accepted`` or given twice."""
    fields: dict[str, Any] = {}
    for name, value in request.query_params.multi_items():
        if name in fields:
            raise ApiError(400, f"{name[:40]!r} is given twice in the query")
        fields[name] = int(value) if re.fullmatch(rf"-?\d{{1,{MAX_DIGITS}}}", value) else value
    return known(fields, accepted)


def known(fields: dict[str, Any], accepted: tuple[str, ...]) -> dict[str, Any]:
    """Return ``fields`` if each is one of ``accepted``, else raise a 400 naming the first other."""
    for name in fields:
        if name not in accepted:
            words = f"accepted: {', '.join(accepted)}" if accepted else "it takes none"
            raise ApiError(400, f"unknown field {name[:40]!r}; {words}")
    return fields


def player_list(value: Any) -> list[str]:
    """Return the players of a compare's ``players``: a JSON list of names, or (the old form)
    names separated by commas, where a family's constants stay with it (``pace-race:21,8,71``)."""
    if isinstance(value, str) and value.startswith("["):
        try:
            names = json.loads(value, parse_int=str, parse_float=str, parse_constant=str)
        except (ValueError, RecursionError):
            raise ApiError(400, "players is not a JSON list") from None
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise ApiError(400, "players must be a JSON list of names")
        return names
    names: list[str] = []
    for part in str(value).split(","):
        if part.isdigit() and names and ":" in names[-1]:  # a constant of the family before it
            names[-1] += f",{part}"
        elif part:
            names.append(part)
    return names


def state_numbers(value: Any) -> list[int]:
    """Return the numbers of a query's ``state``, separated by commas (``3,7,5``): those
    ``pigsolve query`` takes."""
    parts = str(value).split(",")
    if not all(re.fullmatch(rf"-?\d{{1,{MAX_DIGITS}}}", part) for part in parts):
        raise ApiError(
            400, "state must be whole numbers separated by commas, as pigsolve query takes them"
        )
    return [int(part) for part in parts]


def text(value: Any, name: str) -> str:
    """Return ``value`` if it is a string, else raise a 400 naming the field."""
    if not isinstance(value, str):
        raise ApiError(400, f"{name} must be a string")
    return value


def game_of(request: Request) -> Adapter:
    """Return the adapter of the family the path names; 404 unless one is registered by that
    name."""
    game = request.path_params["game"]
    known_families = {adapter.family.name: adapter for adapter in adapters()}
    if game not in known_families:
        accepted = ", ".join(known_families)
        raise ApiError(404, f"unknown game {game[:40]!r}; accepted: {accepted}")
    return known_families[game]


def opponent_names(family: Adapter, body: dict[str, Any]) -> list[str]:
    """Return the computer players named by ``opponents`` (a list, one a seat after the
    person's) or ``opponent`` (one name); as many as the family seats beside the person."""
    if "opponents" in body and "opponent" in body:
        raise ApiError(400, "give opponent or opponents, not both")
    if "opponents" not in body:
        return [text(body.get("opponent", "optimal"), "opponent")]
    names = body["opponents"]
    most = family.max_players - 1
    if not isinstance(names, list) or not 1 <= len(names) <= most:
        seats = f"1 to {most} names" if most > 1 else f"1 name ({family.label} is for two players)"
        raise ApiError(400, f"opponents must be a list of {seats}, one a computer player")
    return [text(name, "each of opponents") for name in names]


def most_seats(family: Adapter) -> int:
    """Return the most players a compare seats at once: the family's most where it compares
    every seating of more than two (:attr:`ui.adapters.Adapter.compares_seatings`), else 2."""
    return family.max_players if family.compares_seatings else 2


def seats_of(family: Adapter, value: Any) -> int:
    """Return the players of a compare's ``seats``: 2 (a round robin of pairs), or more, one a
    seat, compared in every seating; a 400 past :func:`most_seats`."""
    most = most_seats(family)
    if most == 2 and value != 2:
        raise ApiError(400, f"{family.label} compares two players at a time: seats must be 2")
    return integer(value, "seats", 2, most)


def plotly_js() -> Path:
    """Return plotly.js as the plotly package ships it (the page loads nothing from the network)."""
    import plotly

    return Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


def create_app(
    store: Store | None = None,
    table_store: tables.Tables | None = None,
    hosts: Collection[str] = LOOPBACK,
) -> Starlette:
    """Return the ASGI app; ``store`` keeps the games, ``table_store`` the tables (fresh ones
    by default: the tables in ``./data``), ``hosts`` the names it answers to (see
    :mod:`ui.web.guard`). Stopping the app stops its computations."""
    store = Store() if store is None else store
    table_store = tables.Tables() if table_store is None else table_store
    page = (STATIC / "index.html").read_text()  # served from memory: no thread per request

    async def sizes(request: Request) -> JSONResponse:
        query(request)
        return JSONResponse(page_limits())

    async def players(request: Request) -> JSONResponse:
        query(request)
        names = roster_of(game_of(request).family.name).names(None)
        return JSONResponse([{"name": name, "description": words} for name, words in names])

    async def start(request: Request) -> JSONResponse:
        family, body = game_of(request), await json_body(request)
        known(body, ("opponent", "opponents", *family.page_fields, "first", "seed"))
        opponents = opponent_names(family, body)
        rules = family.page_rules(body, len(opponents) + 1)
        players = roster(rules)
        for name in opponents:
            players.check(check_web_player(name), rules)
        first = one_of(body.get("first", "random"), "first", FIRST)
        seed = body.get("seed")
        if seed is not None:
            seed = integer(seed, "seed", 0, SEED_LIMIT - 1, "2^64 - 1")
        client = client_of(request)
        needed = "optimal" in opponents
        table, no_table = await table_store.table_if_any(rules, needed, client.session)
        session = new_session(family.family.name, rules, opponents, first, seed, table, no_table)
        game_id = store.add(session, client.session, client.address, client.known)
        return JSONResponse(session.state(game_id), status_code=201)

    async def show(request: Request) -> JSONResponse:
        game_id = request.path_params["id"]
        query(request)
        session = store.get(game_id)
        with session.lock:
            return JSONResponse(session.state(game_id))

    async def act(request: Request) -> JSONResponse:
        game_id = request.path_params["id"]
        body = await json_body(request)
        session = store.get(game_id, touch=True)
        field = session.play.action_field
        known(body, (field,))
        move = session.play.action(body.get(field))
        asker = client_of(request).session
        table = await table_store.table(session.game.rules, asker) if session.needs_table else None
        with session.lock:
            session.act(move, table)
            return JSONResponse(session.state(game_id))

    async def advise(request: Request) -> JSONResponse:
        check_from_page(request)  # the table may have left the cache: computed again
        query(request)
        session = store.get(request.path_params["id"])
        asker = client_of(request).session
        table = await table_store.table(session.game.rules, asker) if session.analysed else None
        with session.lock:
            return JSONResponse(hint(session, table))

    async def explore(request: Request) -> JSONResponse:
        check_from_page(request)
        family = game_of(request)
        rules = family.page_rules(query(request, family.page_fields))
        if not family.explores:
            raise ApiError(404, f"{family.label} has no explorer")
        return JSONResponse(await analysis.explore(table_store, rules, client_of(request).session))

    async def value(request: Request) -> JSONResponse:
        check_from_page(request)
        family = game_of(request)
        fields = query(request, (*family.page_fields, "state"))
        numbers = state_numbers(fields.pop("state", ""))
        rules = family.page_rules(fields)
        asker = client_of(request).session
        return JSONResponse(await analysis.state(table_store, rules, numbers, asker))

    async def versus(request: Request) -> JSONResponse:
        check_from_page(request)
        family = game_of(request)
        fields = query(request, ("players", "seats", *family.page_fields))
        names = player_list(fields.pop("players", ""))
        rules = family.page_rules(fields, seats_of(family, fields.pop("seats", 2)))
        asker = client_of(request).session
        return JSONResponse(await analysis.compare(table_store, names, rules, asker))

    async def family_file(request: Request) -> FileResponse:
        family, name = game_of(request), request.path_params["name"]
        if name not in family.page_scripts:
            raise ApiError(404, f"{family.label} has no page file {name[:40]!r}")
        return FileResponse(family.static / name)

    async def refused(request: Request, err: Exception) -> JSONResponse:
        if isinstance(err, Pending):
            return JSONResponse(err.body(), status_code=202)
        if isinstance(err, HTTPException):
            return JSONResponse({"error": err.detail.lower()}, status_code=err.status_code)
        status = err.status if isinstance(err, ApiError | JobFailed) else 400
        if isinstance(err, PigsolveError) and not isinstance(err, ApiError | JobFailed):
            status = 400 if isinstance(err, InvalidArgument) else 409
        return JSONResponse({"error": str(err)}, status_code=status)

    async def out_of_memory(request: Request, err: Exception) -> JSONResponse:
        message = f"the server ran out of memory: {tables.LARGER}"
        return JSONResponse({"error": message}, status_code=503)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        table_store.close()

    routes = [
        Route("/api/limits", sizes),
        Route("/api/{game}/players", players),
        Route("/api/{game}/games", start, methods=["POST"]),
        Route("/api/games/{id}", show),
        Route("/api/games/{id}/actions", act, methods=["POST"]),
        Route("/api/games/{id}/hint", advise),
        Route("/api/{game}/explore", explore),
        Route("/api/{game}/state", value),
        Route("/api/{game}/compare", versus),
        Route("/", lambda request: HTMLResponse(page)),
        Route("/plotly.min.js", lambda request: FileResponse(plotly_js())),
        Route("/static/families/{game}/{name}", family_file),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers: dict[Any, Any] = {PigsolveError: refused, Pending: refused, HTTPException: refused}
    handlers[MemoryError] = out_of_memory
    guard = Middleware(RequestGuard, hosts=hosts)
    middleware = [guard, Middleware(ClientCookie)]  # refused requests get no session
    app = Starlette(
        routes=routes, exception_handlers=handlers, lifespan=lifespan, middleware=middleware
    )
    app.state.tables = table_store
    return app
