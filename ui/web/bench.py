"""``pigsolve bench``'s rows for the browser interface, timed through the app in-process."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

Row = dict[str, Any]


def _row(name: str, seconds: float, rate: float | None = None, unit: str = "") -> Row:
    return {
        "benchmark": name,
        "goal": 100,
        "seconds": seconds,
        "compile_seconds": None,
        "rate": rate,
        "unit": unit,
        "peak_mib": None,
    }


def bench_gui(actions: int = 200) -> list[Row]:
    """Time the page's files, a move's round trip (95th percentile) and the goal-100 explorer."""
    from starlette.testclient import TestClient

    from pigsolve.ui.web.app import create_app

    client = TestClient(create_app())
    start = time.perf_counter()
    for path in ("/", "/static/app.js", "/static/style.css", "/api/pig/players"):
        client.get(path).raise_for_status()
    page = time.perf_counter() - start
    timings: list[float] = []
    state = {"over": True}
    while len(timings) < actions:
        if state["over"]:
            body = {"opponent": "optimal", "first": "you", "seed": len(timings)}
            state = client.post("/api/pig/games", json=body).json()
            continue
        action = "roll" if state["turn_total"] < 20 else "hold"
        start = time.perf_counter()
        state = client.post(f"/api/games/{state['id']}/actions", json={"action": action}).json()
        timings.append(time.perf_counter() - start)
    start = time.perf_counter()
    client.get("/api/pig/explore?goal=100").raise_for_status()
    explore = time.perf_counter() - start
    p95 = float(np.percentile(timings, 95))
    return [
        _row("gui page and player list", page),
        _row(f"gui move round trip, 95th percentile of {actions}", p95, 1 / p95, "moves/s"),
        _row("gui explorer data, goal 100", explore),
    ]
