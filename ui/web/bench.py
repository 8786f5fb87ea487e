"""``pigsolve bench``'s rows for the browser interface.

Two measurements: a move's round trip through the app in-process, and a load test on loopback
against a real ``pigsolve gui`` (a fresh process in a temporary folder): ``games`` clients play
at once and ask for the page and the player list while one large table is computed; then one
client floods the store with game starts and a new player must still get a game; then a round
robin past the job budget is refused at once and one within it answered. The median and the
99th percentile of each kind of request, the errors and the server's peak memory are reported.
Bounded in requests and in time. The worst cases (slow clients, floods, the largest tables) are
:mod:`ui.web.worst`'s.
"""

from __future__ import annotations

import http.client
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from pigsolve.solver.bench import Row, row
from pigsolve.ui.web.loopback import API, LOAD_SECONDS, START_SECONDS, Server, request

if TYPE_CHECKING:
    from pigsolve.ui.web.worst import Worst

FLOOD = 1200
"""Game starts one client sends at once: more than the store keeps (``MAX_GAMES``)."""
PAUSE_SECONDS = 0.1
"""Each client's pause between two rounds of requests (a person plays a few moves a second)."""


def _row(
    name: str, seconds: float, rate: float | None = None, unit: str = "", goal: int = 100
) -> Row:
    """Return a row of the page's benchmarks (goal 100 unless said; nothing compiled)."""
    return row(name, goal, seconds, None, rate, unit)


def bench_moves(actions: int = 200) -> list[Row]:
    """Time the page's files, a move's round trip (95th percentile) and the goal-100 explorer."""
    from starlette.testclient import TestClient

    from pigsolve.ui.web.app import create_app
    from pigsolve.ui.web.guard import PAGE_HEADERS
    from pigsolve.ui.web.jobs import Jobs
    from pigsolve.ui.web.tables import Tables

    with (
        tempfile.TemporaryDirectory() as folder,
        TestClient(
            create_app(table_store=Tables(Path(folder), jobs=Jobs(patience=None))),
            base_url="http://127.0.0.1",  # a name the app serves
            headers=PAGE_HEADERS,  # as the page's own requests
        ) as client,
    ):
        start = time.perf_counter()
        for path in ("/", "/static/app.js", "/static/style.css", f"{API}/players"):
            client.get(path).raise_for_status()
        page = time.perf_counter() - start
        timings: list[float] = []
        state = {"over": True}
        while len(timings) < actions:
            if state["over"]:
                body = {"opponent": "optimal", "first": "you", "seed": len(timings)}
                state = client.post(f"{API}/games", json=body).json()
                continue
            action = "roll" if state["turn_total"] < 20 else "hold"
            start = time.perf_counter()
            url = f"/api/games/{state['id']}/actions"
            state = client.post(url, json={"action": action}).json()
            timings.append(time.perf_counter() - start)
        start = time.perf_counter()
        client.get(f"{API}/explore?goal=100").raise_for_status()
        explore = time.perf_counter() - start
    p95 = float(np.percentile(timings, 95))
    return [
        _row("gui page and player list", page),
        _row(f"gui move round trip, 95th percentile of {actions}", p95, 1 / p95, "moves/s"),
        _row("gui explorer data, goal 100 (table computed)", explore),
    ]


def bench_load(
    goal: int = 2500,
    games: int = 50,
    seconds: float = LOAD_SECONDS,
    pause: float = PAUSE_SECONDS,
) -> dict[str, Any]:
    """Play ``games`` games of the default family at once against a fresh server while it
    computes the goal-``goal`` table, each client pausing ``pause`` seconds between rounds (page,
    player list, move); return the round trips of each kind of request made while it computed,
    the statuses seen (every one should be 2xx) and the progress the server reported."""
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        try:
            return _load(server, goal, games, seconds, pause)
        finally:
            server.stop()


def _load(server: Server, goal: int, games: int, seconds: float, pause: float) -> dict[str, Any]:
    def connect() -> http.client.HTTPConnection:
        return http.client.HTTPConnection(server.host, server.port, timeout=START_SECONDS)

    heavy = connect()
    warm = {"opponent": "hold20", "goal": 100, "first": "you"}
    while request(heavy, "POST", f"{API}/games", warm)[0] == 202:  # the goal-100 table first
        time.sleep(0.2)
    status, answer, _ = request(heavy, "POST", f"{API}/games", {"goal": goal})
    computing = threading.Event()
    computing.set()
    timings: dict[str, list[float]] = {"page": [], "players": [], "move": []}
    statuses: list[int] = []
    lock = threading.Lock()

    def player(seed: int) -> None:
        connection, state = connect(), {"over": True}
        while computing.is_set():
            if state["over"]:
                body = warm | {"seed": seed}
                status, answer, _ = request(connection, "POST", f"{API}/games", body)
                statuses.append(status)
                state = answer if status == 201 else {"over": True, "error": answer}
                continue
            action = "roll" if state["turn_total"] < 20 else "hold"
            url = f"/api/games/{state['id']}/actions"
            for kind, method, path, body in (
                ("page", "GET", "/", None),
                ("players", "GET", f"{API}/players", None),
                ("move", "POST", url, {"action": action}),
            ):
                status, answer, took = request(connection, method, path, body)
                with lock:
                    statuses.append(status)
                    if computing.is_set():
                        timings[kind].append(took)
            state = answer if status == 200 else {"over": True, "error": answer}
            time.sleep(pause)

    threads = [threading.Thread(target=player, args=(seed,)) for seed in range(games)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + seconds
    progress: list[float] = []
    while status == 202 and time.monotonic() < deadline:
        time.sleep(0.5)
        status, answer, _ = request(heavy, "POST", f"{API}/games", {"goal": goal})
        if status == 202 and answer["progress"] is not None:
            progress.append(answer["progress"])
    computing.clear()
    for thread in threads:
        thread.join(timeout=START_SECONDS)
    flood = connect()
    flooded = [request(flood, "POST", f"{API}/games", warm)[0] for _ in range(FLOOD)]
    newcomer = request(connect(), "POST", f"{API}/games", warm | {"seed": 1})[0]
    edge = connect()
    too_big = request(edge, "GET", f'{API}/compare?players=["turns300","hold20"]&goal=100')
    within = f'{API}/compare?players=["hold20","hold25"]&goal=100'
    fits = request(edge, "GET", within)
    deadline = time.monotonic() + seconds
    while fits[0] == 202 and time.monotonic() < deadline:  # being computed: ask again, as the page
        time.sleep(0.5)
        fits = request(edge, "GET", within)
    return {
        "timings": timings,
        "statuses": statuses,
        "finished": status == 201,
        "progress": progress,
        "flood": flooded,
        "newcomer": newcomer,
        "edge": (too_big[0], fits[0]),
        "edge_seconds": too_big[2],
        "peak_mib": server.peak_mib(),
    }


def bench_gui(
    goal: int = 2500, games: int = 50, seconds: float = 20.0, worst: Worst | None = None
) -> list[Row]:
    """Return the in-process rows and the load test's: the median and 99th percentile of the
    page, the player list and a move while the goal-``goal`` table (the page's largest)
    computes, the errors, the flood and the server's peak memory; then the worst cases'
    (:mod:`ui.web.worst`, at the audit's sizes unless ``worst`` gives others)."""
    from pigsolve.ui.web.worst import Worst, bench_worst, worst_rows

    rows = bench_moves()
    load = bench_load(goal, games, seconds)
    for kind, words in (("page", "page"), ("players", "player list"), ("move", "move")):
        times = load["timings"][kind]
        for share in (50, 99):
            p = float(np.percentile(times, share)) if times else float("nan")
            name = (
                f"gui {words} p{share} ({len(times)} requests, {games} players) "
                f"while goal {goal} computes"
            )
            rows.append(_row(name, p, goal=goal))
    errors = sum(status >= 400 for status in load["statuses"] + load["flood"])
    rows.append(
        _row(f"gui errors of {len(load['statuses']) + len(load['flood'])} requests", float(errors))
    )
    newcomer = "gets a game" if load["newcomer"] == 201 else f"refused ({load['newcomer']})"
    rows.append(
        _row(f"gui after {FLOOD} game starts from one client, a new player {newcomer}", 0.0)
    )
    refused, answered = load["edge"]
    rows.append(
        _row(
            f"gui round robin past the job budget: {refused} at once; within it: {answered}",
            load["edge_seconds"],
        )
    )
    rows.append(_row("gui server peak memory (workers apart)", 0.0, load["peak_mib"], "MiB"))
    worst = Worst() if worst is None else worst
    return rows + worst_rows(bench_worst(worst), worst)
