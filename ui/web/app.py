"""The JSON API of ``pigsolve gui``: start games, play them a move at a time, ask for hints.

Every error is a 4xx with ``{"error": "one line"}``; the rules live in the Python engine only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pigsolve.policies import player_names
from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.pig import PigRules
from pigsolve.ui.web import analysis
from pigsolve.ui.web.sessions import ApiError, Store, hint, new_session

STATIC = Path(__file__).parent / "static"
GRID = (("goal", 100), ("die", 6), ("i", 0), ("j", 0), ("k", 0))
"""The query parameters of a Pig state, with their defaults."""


async def _body(request: Request) -> dict[str, Any]:
    try:
        body = json.loads(await request.body() or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ApiError(400, "the request body is not JSON") from None
    if not isinstance(body, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return body


def _field(body: dict[str, Any], name: str, kind: type, default: Any) -> Any:
    value = body.get(name, default)
    wrong_type = not isinstance(value, kind) or isinstance(value, bool) != (kind is bool)
    if (value is not None or default is not None) and wrong_type:  # null only where optional
        wanted = {int: "an integer", str: "a string", bool: "true or false"}[kind]
        raise ApiError(400, f"{name} must be {wanted}, got {value!r}")
    return value


def plotly_js() -> Path:
    """Return plotly.js as the plotly package ships it (the page loads nothing from the network)."""
    import plotly

    return Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


def create_app(store: Store | None = None) -> Starlette:
    """Return the ASGI app; ``store`` keeps the games (a fresh one by default)."""
    store = Store() if store is None else store

    async def players(request: Request) -> JSONResponse:
        game = request.path_params["game"]
        if game not in ("pig", "hog"):
            raise ApiError(404, f"unknown game {game!r}; accepted: pig, hog")
        names = [{"name": name, "description": text} for name, text in player_names(game)]
        return JSONResponse(names)

    async def start(request: Request) -> JSONResponse:
        body = await _body(request)
        session = new_session(
            request.path_params["game"],
            _field(body, "opponent", str, "optimal"),
            _field(body, "goal", int, 100),
            _field(body, "die", int, 6),
            _field(body, "rules", str, "fa16"),
            _field(body, "first", str, "random"),
            _field(body, "seed", int, None),
        )
        return JSONResponse(session.state(store.add(session)), status_code=201)

    async def show(request: Request) -> JSONResponse:
        game_id = request.path_params["id"]
        session = store.get(game_id)
        with session.lock:
            return JSONResponse(session.state(game_id))

    async def act(request: Request) -> JSONResponse:
        game_id = request.path_params["id"]
        body = await _body(request)
        session = store.get(game_id)
        if session.kind == "pig":
            action = _field(body, "action", str, None)
            if action not in ("roll", "hold"):
                raise ApiError(400, f"action must be roll or hold, got {action!r}")
            move: Any = action == "roll"
        else:
            move = _field(body, "num_rolls", int, None)
            if move is None:
                raise ApiError(400, "num_rolls is missing")
        with session.lock:
            session.act(move)
            return JSONResponse(session.state(game_id))

    async def advise(request: Request) -> JSONResponse:
        session = store.get(request.path_params["id"])
        with session.lock:
            return JSONResponse(hint(session))

    def number(request: Request, name: str, default: int) -> int:
        text = request.query_params.get(name, str(default))
        if not text.lstrip("-").isdigit():
            raise ApiError(400, f"{name} must be an integer, got {text!r}")
        return int(text)

    async def explore(request: Request) -> JSONResponse:
        if request.path_params["game"] == "hog":
            rules = request.query_params.get("rules", "fa16")
            return JSONResponse(analysis.explore_hog(rules, number(request, "goal", 100)))
        goal, die = number(request, "goal", 100), number(request, "die", 6)
        return JSONResponse(analysis.explore_pig(goal, die))

    async def value(request: Request) -> JSONResponse:
        args = [number(request, name, default) for name, default in GRID]
        return JSONResponse(analysis.pig_state(*args))

    async def versus(request: Request) -> JSONResponse:
        game = request.path_params["game"]
        names = [n for n in request.query_params.get("players", "").split(",") if n]
        if game == "hog":
            rules: Any = hog_rules(
                request.query_params.get("rules", "fa16"), number(request, "goal", 100)
            )
        else:
            rules = PigRules(number(request, "goal", 100), number(request, "die", 6))
        return JSONResponse(analysis.compare(game, names, rules))

    async def refused(request: Request, err: Exception) -> JSONResponse:
        status = err.status if isinstance(err, ApiError) else 400
        if isinstance(err, PigsolveError) and not isinstance(err, ApiError | InvalidArgument):
            status = 409
        return JSONResponse({"error": str(err)}, status_code=status)

    routes = [
        Route("/api/{game}/players", players),
        Route("/api/{game}/games", start, methods=["POST"]),
        Route("/api/games/{id}", show),
        Route("/api/games/{id}/actions", act, methods=["POST"]),
        Route("/api/games/{id}/hint", advise),
        Route("/api/{game}/explore", explore),
        Route("/api/pig/state", value),
        Route("/api/{game}/compare", versus),
        Route("/", lambda request: FileResponse(STATIC / "index.html")),
        Route("/plotly.min.js", lambda request: FileResponse(plotly_js())),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers={PigsolveError: refused})
