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

from pigsolve.policies import check_player_name, player_names
from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.games.hog import HogRules, hog_rules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import TITLES
from pigsolve.solver.pig.family import PAGE_DIE, PAGE_USES
from pigsolve.solver.registry import family_named
from pigsolve.ui.web import analysis, tables
from pigsolve.ui.web.guard import LOOPBACK, MAX_DIGITS, RequestGuard, json_body
from pigsolve.ui.web.jobs import JobFailed, Pending
from pigsolve.ui.web.pig_words import roll_table
from pigsolve.ui.web.sessions import MAX_GAMES, ApiError, Store, check_web_player, hint, new_session

STATIC = Path(__file__).parent / "static"
GAMES = ("pig", "hog")
RULE_SETS = ("fa16", "su20")
FIRST = ("you", "computer", "random")
SEED_LIMIT = 2**64
MAX_OPPONENTS = 3
"""Computer players beside the person in a Pig game (four players in all)."""


def page_limits() -> dict[str, Any]:
    """Return the sizes the page accepts (GET /api/limits; the forms read them)."""
    pig, hog = family_named("pig"), family_named("hog")
    return {
        "pig": pig.page_limits() | {"variants": TITLES, "opponents": [1, MAX_OPPONENTS]},
        "hog": hog.page_limits(),
        "explore_goal": PAGE_USES["explore"],
        "explore_cells": tables.EXPLORE_CELLS,
        "compare_goal": PAGE_USES["compare"],
        "compare_players": analysis.MAX_COMPARED,
        "games": MAX_GAMES,
        "cache_mib": tables.PAGE_CACHE_BYTES // 2**20,
    }


def integer(value: Any, name: str, low: int, high: int | None = None, top: str = "") -> int:
    """Return ``value`` if it is an integer from ``low`` to ``high`` (``top`` writes ``high``),
    else raise a 400 naming the field."""
    wrong = isinstance(value, bool) or not isinstance(value, int)
    if wrong or value < low or (high is not None and value > high):
        span = f"of at least {low}" if high is None else f"from {low} to {top or high}"
        raise ApiError(400, f"{name} must be an integer {span}")
    return value


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


def rule_fields(game: str) -> tuple[str, ...]:
    """Return the fields naming ``game``'s rules (see :func:`game_rules`)."""
    return ("rules", "goal") if game == "hog" else ("variant", "goal", "die")


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


def one_of(value: Any, name: str, accepted: tuple[str, ...]) -> str:
    """Return ``value`` if it is one of ``accepted``, else raise a 400 naming the field."""
    if value not in accepted:
        raise ApiError(400, f"{name} must be {', '.join(accepted[:-1])} or {accepted[-1]}")
    return value


def text(value: Any, name: str) -> str:
    """Return ``value`` if it is a string, else raise a 400 naming the field."""
    if not isinstance(value, str):
        raise ApiError(400, f"{name} must be a string")
    return value


def game_of(request: Request) -> str:
    """Return the path's game; 404 unless it is pig or hog."""
    game = request.path_params["game"]
    if game not in GAMES:
        raise ApiError(404, f"unknown game {game[:40]!r}; accepted: pig, hog")
    return game


def game_rules(game: str, fields: Any, players: int = 2) -> PigRules | HogRules:
    """Return the rules named by ``fields`` (a body or the query): the variant, goal and die
    (Pig), or the rules (Hog); ``players`` seats."""
    goal = integer(fields.get("goal", 100), "goal", 1)
    if game == "hog":
        return hog_rules(one_of(fields.get("rules", "fa16"), "rules", RULE_SETS), goal)
    variant = one_of(fields.get("variant", "pig"), "variant", tuple(TITLES))
    if variant != "pig":
        if "die" in fields:
            raise ApiError(400, f"die is for Pig's die; {variant} has its own roll")
        return PigRules(goal, players=players, outcomes=roll_table(variant))
    return PigRules(goal, integer(fields.get("die", 6), "die", 2, PAGE_DIE), players)


def opponent_names(game: str, body: dict[str, Any]) -> list[str]:
    """Return the computer players named by ``opponents`` (a list, one a seat after the
    person's) or ``opponent`` (one name); Hog takes one."""
    if "opponents" in body and "opponent" in body:
        raise ApiError(400, "give opponent or opponents, not both")
    if "opponents" not in body:
        return [text(body.get("opponent", "optimal"), "opponent")]
    names = body["opponents"]
    most = 1 if game == "hog" else MAX_OPPONENTS
    if not isinstance(names, list) or not 1 <= len(names) <= most:
        seats = "1 name (Hog is for two players)" if game == "hog" else f"1 to {most} names"
        raise ApiError(400, f"opponents must be a list of {seats}, one a computer player")
    return [text(name, "each of opponents") for name in names]


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
        names = player_names(game_of(request))
        return JSONResponse([{"name": name, "description": words} for name, words in names])

    async def start(request: Request) -> JSONResponse:
        game, body = game_of(request), await json_body(request)
        known(body, ("opponent", "opponents", *rule_fields(game), "first", "seed"))
        opponents = opponent_names(game, body)
        rules = game_rules(game, body, len(opponents) + 1)
        for name in opponents:
            check_player_name(game, check_web_player(name), rules)
        first = one_of(body.get("first", "random"), "first", FIRST)
        seed = body.get("seed")
        if seed is not None:
            seed = integer(seed, "seed", 0, SEED_LIMIT - 1, "2^64 - 1")
        table, no_table = await table_store.table_if_any(rules, "optimal" in opponents)
        session = new_session(game, rules, opponents, first, seed, table, no_table)
        return JSONResponse(session.state(store.add(session)), status_code=201)

    async def show(request: Request) -> JSONResponse:
        game_id = request.path_params["id"]
        query(request)
        session = store.get(game_id)
        with session.lock:
            return JSONResponse(session.state(game_id))

    async def act(request: Request) -> JSONResponse:
        game_id = request.path_params["id"]
        body = await json_body(request)
        session = store.get(game_id)
        known(body, ("action",) if session.kind == "pig" else ("num_rolls",))
        if session.kind == "pig":
            move: Any = one_of(body.get("action"), "action", ("roll", "hold")) == "roll"
        else:
            rules = session.game.rules
            move = integer(body.get("num_rolls"), "num_rolls", rules.min_rolls, rules.actions[-1])
        with session.lock:
            session.act(move)
            return JSONResponse(session.state(game_id))

    async def advise(request: Request) -> JSONResponse:
        query(request)
        session = store.get(request.path_params["id"])
        with session.lock:
            return JSONResponse(hint(session))

    async def explore(request: Request) -> JSONResponse:
        game = game_of(request)
        rules = game_rules(game, query(request, rule_fields(game)))
        return JSONResponse(await analysis.explore(table_store, rules))

    async def value(request: Request) -> JSONResponse:
        fields = query(request, (*rule_fields("pig"), "i", "j", "k"))
        rules = game_rules("pig", fields)
        i, j, k = (integer(fields.get(name, 0), name, 0) for name in "ijk")
        return JSONResponse(await analysis.pig_state(table_store, rules, i, j, k))

    async def versus(request: Request) -> JSONResponse:
        game = game_of(request)
        fields = query(request, ("players", *rule_fields(game)))
        names = player_list(fields.pop("players", ""))
        rules = game_rules(game, fields)
        return JSONResponse(await analysis.compare(table_store, game, names, rules))

    async def refused(request: Request, err: Exception) -> JSONResponse:
        if isinstance(err, Pending):
            return JSONResponse(err.body(), status_code=202)
        if isinstance(err, HTTPException):
            return JSONResponse({"error": err.detail.lower()}, status_code=err.status_code)
        status = err.status if isinstance(err, ApiError | JobFailed) else 400
        if isinstance(err, PigsolveError) and not isinstance(err, ApiError | JobFailed):
            status = 400 if isinstance(err, InvalidArgument) else 409
        return JSONResponse({"error": str(err)}, status_code=status)

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
        Route("/api/pig/state", value),
        Route("/api/{game}/compare", versus),
        Route("/", lambda request: HTMLResponse(page)),
        Route("/plotly.min.js", lambda request: FileResponse(plotly_js())),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers: dict[Any, Any] = {PigsolveError: refused, Pending: refused, HTTPException: refused}
    guard = Middleware(RequestGuard, hosts=hosts)
    app = Starlette(
        routes=routes, exception_handlers=handlers, lifespan=lifespan, middleware=[guard]
    )
    app.state.tables = table_store
    return app
