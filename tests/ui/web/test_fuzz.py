"""Junk to every route of a real ``pigsolve gui`` on 127.0.0.1 (issue 30): each answer is a 2xx,
a 3xx or a one-line 4xx, never a 500, and the server's log holds no traceback. Bounded: a fixed
number of requests, each with a timeout."""

from __future__ import annotations

import http.client
import json
import socket
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")

from pigsolve.ui.web.guard import PAGE_HEADERS
from pigsolve.ui.web.loopback import Server

WAIT_SECONDS = 60
"""The bound on each answer (a hung request fails the test instead of hanging it)."""
GAMES = st.sampled_from(["pig", "pig", "hog", "chess", "..", "%00"])
ROUTES = st.one_of(
    st.tuples(st.just("POST"), st.builds("/api/{}/games".format, GAMES)),
    st.tuples(st.just("POST"), st.sampled_from(["/api/games/{id}/actions"])),
    st.tuples(st.just("GET"), st.sampled_from(["/api/games/{id}", "/api/games/{id}/hint"])),
    st.tuples(st.just("GET"), st.builds("/api/{}/explore".format, GAMES)),
    st.tuples(st.just("GET"), st.builds("/api/{}/state".format, GAMES)),
    st.tuples(st.just("GET"), st.builds("/api/{}/compare".format, GAMES)),
    st.tuples(st.just("GET"), st.builds("/api/{}/players".format, GAMES)),
    st.tuples(st.just("GET"), st.sampled_from(["/api/limits", "/", "//"])),
    st.tuples(
        st.sampled_from(["GET", "POST", "PUT", "HEAD"]),
        st.sampled_from(
            [
                "/static/../serve.py",
                "/nowhere",
                "/api/games/%ff",
                "/static/app.js",
                "/static/families/pig/pieces.js",
                "/static/families/pig/../../app.py",
                "/static/families/%00/x",
            ]
        ),
    ),
)
"""A method and a path: mostly a route's own method, {id} a game started earlier (if any)."""
NUMBERS = ["-1", "0", "1", "20", "30", "9" * 30, "9" * 5000, "1.5", "1e999", "NaN", "0x10"]
PLAYERS = [
    "hold20",
    "optimal,hold20",
    "pace-race:21,8,71,hold20",
    '["pace-race:21,8,71","hold20"]',
    "hold99999999999999999999,hold20",
    "pace-race:21,8,99999999999999999999",
    "always4,bacon:99999999999999999999,4",
    "/tmp/evil.py:f",
    "[" * 500 + "]" * 500,
    '["hold20", 1]',
    "x," * 40,
]
STATES = ["3,7,5", "1,2", "0,0,350,3", "1,,2", f"1,{'9' * 30},1", "-1,0,0", ",".join("1" * 500)]
QUERY_VALUES = st.sampled_from(NUMBERS + PLAYERS + STATES + ["pig", "big-pig", "su20", "fa16", ""])
QUERIES = st.lists(
    st.tuples(
        st.sampled_from(["goal", "die", "rules", "variant", "players", "state", "colour"]),
        QUERY_VALUES | st.text(max_size=12),
    ),
    max_size=4,
)
FIELDS = ["opponent", "opponents", "goal", "die", "variant", "rules", "first", "seed", "action"]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**80), 2**80) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)
ATTACK_BODIES = [
    b"",
    b"[" * 1000 + b"]" * 1000,
    b'{"a":' * 1000 + b"1" + b"}" * 1000,
    b'{"goal": ' + b"9" * 5000 + b"}",
    b'{"goal": NaN}',
    b'{"goal": 20, "goal": 30}',
    b'{"opponents": ["pace-race:21,8,71"], "goal": 20, "colour": 1}',
    b'{"opponents": ["pace-race:21,8,71"], "goal": 20}',
    b'{"opponent": "hold99999999999999999999", "goal": 20}',
    b'{"opponent": "always99999999999999999999", "rules": "fa16", "goal": 20}',
    b'{"action": "roll", "num_rolls": 99999999999999999999}',
    b'{"num_rolls": 99999999999999999999}',
    b"\xff\xfe\x00",
    b" " * 70_000,
]
"""Each body of issue 30, and its neighbours."""
ATTACK_QUERIES = [f"players={players}&goal=20" for players in PLAYERS] + [
    f"goal={number}" for number in NUMBERS
]
ATTACK_QUERIES += ["goal=20&colour=red", "goal=20&goal=30", "state=1,1,1&goal=20&die=9999"]
ATTACK_QUERIES += [f"state={state}&goal=20" for state in STATES]
ATTACK_HEADERS = [
    {"Host": "evil.example"},
    {"Host": "127.0.0.1@evil"},
    {"Origin": "http://evil.example"},
    {"Origin": "null"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Content-Type": "text/plain"},
    {"Content-Length": "104857600"},
]
"""A foreign Host (DNS rebinding), another site's page, a form's POST, a 100 MB body."""
BODIES = st.one_of(
    st.sampled_from(ATTACK_BODIES),
    st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), JSON_VALUES, max_size=4).map(
        lambda body: json.dumps(body).encode()
    ),
    st.binary(max_size=64),
)
HEADERS = st.fixed_dictionaries(
    {},
    optional={
        "Host": st.sampled_from(["evil.example", "127.0.0.1@evil", "", "[::1", "LOCALHOST:1"]),
        "Origin": st.sampled_from(["http://evil.example", "null", "http://127.0.0.1:1", "x"]),
        "Sec-Fetch-Site": st.sampled_from(["cross-site", "same-site", "same-origin", "none"]),
        "Content-Type": st.sampled_from(["text/plain", "application/json; charset=utf-8", ""]),
        "Content-Length": st.sampled_from(["104857600", "-1", "x", "9" * 40]),
    },
)


def send(server: Server, method: str, path: str, headers: dict, body: bytes) -> tuple[int, bytes]:
    """Send one request on a fresh connection; return the status and the answer."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=WAIT_SECONDS)
    try:
        connection.putrequest(method, path, skip_host="Host" in headers)
        length = {"Content-Length": str(len(body))}
        headers = {"Content-Type": "application/json"} | PAGE_HEADERS | length | headers
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders(body if headers["Content-Length"] == str(len(body)) else None)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


BUSY = (503, 507)
"""Designed refusals of the server's own limits (both workers busy; a full disk): one line."""


def answered(server: Server, method: str, path: str, headers: dict, body: bytes):
    """Send a request again while it is answered 202 (computing), for at most WAIT_SECONDS;
    return the last status and answer (a computation's end is checked, not only its start)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        status, answer = send(server, method, path, headers, body)
        if status != 202 or time.monotonic() > deadline:
            return status, answer
        time.sleep(0.1)


def check(status: int, answer: bytes) -> None:
    """Assert an answer is no server error, and a refusal is one line of JSON."""
    assert status < 500 or status in BUSY, answer[:300]
    if status >= 400 and answer.startswith(b"{"):
        assert "\n" not in json.loads(answer)["error"]
    assert status not in BUSY or answer.startswith(b'{"error":'), answer[:300]


ROUTE_LIST = [
    ("POST", "/api/pig/games"),
    ("POST", "/api/hog/games"),
    ("POST", "/api/games/{id}/actions"),
    ("GET", "/api/games/{id}"),
    ("GET", "/api/games/{id}/hint"),
    ("GET", "/api/pig/explore"),
    ("GET", "/api/hog/explore"),
    ("GET", "/api/pig/state"),
    ("GET", "/api/hog/state"),
    ("GET", "/api/pig/compare"),
    ("GET", "/api/hog/compare"),
    ("GET", "/api/pig/players"),
    ("GET", "/api/limits"),
    ("GET", "/"),
]
"""Every route (the static files aside; a family's own file is among the junk's paths)."""


def attacks(game_id: str) -> list[tuple[str, str, dict, bytes]]:
    """Return each attack above sent to each route it fits (``{id}``: ``game_id``)."""
    sent = []
    for method, path in ROUTE_LIST:
        path = path.format(id=game_id)
        if method == "POST":
            sent += [(method, path, {}, body) for body in ATTACK_BODIES]
        else:
            sent += [(method, f"{path}?{query}", {}, b"") for query in ATTACK_QUERIES]
        body = b'{"goal": 20}' if method == "POST" else b""
        sent += [(method, path, headers, body) for headers in ATTACK_HEADERS]
    return sent


def url(path: str) -> str:
    """Return ``path`` with what a URL cannot hold percent-encoded, cut to 8000 characters."""
    return "".join(c if 32 < ord(c) < 127 else f"%{ord(c):02X}" for c in path)[:8000]


@pytest.mark.slow
def test_every_attack_on_every_route_gets_no_500_and_no_traceback(workdir: Path) -> None:
    """Issue 30's requests, each to each route: a 2xx or a one-line 4xx, and a clean log."""
    server = Server(workdir)
    try:
        body = json.dumps({"opponent": "hold20", "goal": 20, "first": "you", "seed": 1}).encode()
        status, answer = answered(server, "POST", "/api/pig/games", {}, body)
        assert status == 201, answer
        for method, path, headers, body in attacks(json.loads(answer)["id"]):
            check(*answered(server, method, url(path), headers, body))
    finally:
        server.stop()
    log = server.log.read_text()
    assert "Traceback" not in log and "Exception" not in log, log[-3000:]


@pytest.mark.slow
def test_junk_to_every_route_gets_no_500_and_no_traceback(workdir: Path) -> None:
    """Random methods, paths, queries, headers and bodies, the attacks among them."""
    server = Server(workdir)
    statuses: list[int] = []
    games: list[str] = []

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(
        route=ROUTES,
        game=st.integers(0, 99),
        query=QUERIES,
        headers=st.just({}) | st.just({}) | HEADERS,  # most requests pass the guard
        body=BODIES,
    )
    def junk(route: tuple, game: int, query: list, headers: dict, body: bytes) -> None:
        method, path = route
        path = path.format(id=games[game % len(games)] if games else "none")
        target = path + ("?" + "&".join(f"{k}={v}" for k, v in query) if query else "")
        status, answer = send(server, method, url(target), headers, body)
        statuses.append(status)
        if status == 201:
            games.append(json.loads(answer)["id"])
        check(status, answer)

    try:
        junk()
        for line in [
            b"GARBAGE\r\n\r\n",
            b"GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n",
            b"\x00" * 99,
        ]:
            with socket.create_connection((server.host, server.port), WAIT_SECONDS) as raw:
                raw.sendall(line)
                raw.recv(4096)  # uvicorn answers 400 or closes
        assert send(server, "GET", "/api/limits", {}, b"")[0] == 200  # still serving
    finally:
        server.stop()
    assert len(set(statuses)) >= 5  # the junk reached the routes, not only the guard
    log = server.log.read_text()
    assert "Traceback" not in log and "Exception" not in log, log[-3000:]
