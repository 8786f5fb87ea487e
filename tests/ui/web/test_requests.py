"""Requests the server refuses before it reads them, and bodies and values refused in the API's
words (issue 30): sizes, nesting, long numbers, unknown fields, non-JSON POSTs, foreign hosts
and other sites' pages; and a compare of players whose constants hold commas."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from pigsolve.solver.games.pig import PigRules
from pigsolve.ui.web.app import create_app
from pigsolve.ui.web.guard import MAX_BODY_BYTES, PAGE_HEADERS, served_hosts
from pigsolve.ui.web.sessions import Store, new_session

JSON_TYPE = {"Content-Type": "application/json"}


def refused(response, status: int, words: str) -> None:
    """Assert ``response`` is the one-line refusal ``status`` containing ``words``."""
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert words in error and "\n" not in error


def post_100_mib(app, length: bool) -> tuple[int, bytes, int]:
    """POST 100 MiB of body to ``app`` straight through ASGI (with a Content-Length or chunked);
    return the status, the answer and the number of MiB the app read."""
    reads = []
    sent = []

    async def receive():
        reads.append(1)
        return {"type": "http.request", "body": b" " * 2**20, "more_body": len(reads) < 100}

    async def send(message) -> None:
        sent.append(message)

    headers = [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json")]
    if length:
        headers.append((b"content-length", str(100 * 2**20).encode()))
    scope = {"type": "http", "method": "POST", "path": "/api/pig/games", "headers": headers}
    scope |= {"query_string": b"", "http_version": "1.1", "scheme": "http", "root_path": ""}
    asyncio.run(app(scope, receive, send))
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:]), len(reads)


@pytest.mark.parametrize("length", [True, False], ids=["content-length", "chunked"])
def test_a_100_mib_body_is_refused_unread(workdir, length: bool) -> None:
    """Was: bodies of any size were read whole. A stated length over the limit is refused
    before any read, a body without one once it passes the limit."""
    status, answer, read = post_100_mib(create_app(), length)
    assert status == 413 and read == (0 if length else 1)
    words = "are accepted" if length else f"over {MAX_BODY_BYTES} bytes"
    assert words in json.loads(answer)["error"]


NESTED_LIST = b"[" * 1000 + b"]" * 1000
NESTED_OBJECT = b'{"a":' * 1000 + b"1" + b"}" * 1000


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (NESTED_LIST, "nested more than 8 deep"),  # was: RecursionError, a 500
        (NESTED_OBJECT, "nested more than 8 deep"),
        (b'{"opponents": [[[[[[[[["hold20"]]]]]]]]]}', "nested more than 8 deep"),
        (b'{"goal": ' + b"9" * 5000 + b"}", "at most 25 digits"),  # was: ValueError, a 500
        (b'{"goal": 1e' + b"9" * 30 + b"}", "at most 25 digits"),
        (b'{"goal": NaN}', "NaN is not a number"),
        (b'{"goal": 20, "goal": 30}', "'goal' is given twice"),
        (b'{"goal": 20, "colour": "red"}', "unknown field 'colour'; accepted: opponent"),
        (b'{"rules": "fa16", "die": 6}', "unknown field 'die'"),  # Pig's field, sent to Hog
        (b"\xff\xfe", "not JSON"),
        (b"[]", "must be a JSON object"),
    ],
)
def test_malformed_bodies_are_400s_in_the_api_s_words(client: TestClient, body, words) -> None:
    game = "hog" if b"rules" in body else "pig"
    refused(client.post(f"/api/{game}/games", content=body, headers=JSON_TYPE), 400, words)


def test_a_move_with_an_unknown_field_is_refused_naming_it(client: TestClient) -> None:
    """Was: unknown fields were silently ignored."""
    start = {"opponent": "hold20", "goal": 20, "first": "you", "seed": 1}
    game_id = client.post("/api/pig/games", json=start).json()["id"]
    move = client.post(f"/api/games/{game_id}/actions", json={"action": "roll", "dice": 2})
    refused(move, 400, "unknown field 'dice'; accepted: action")


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", None])
def test_posts_must_be_json(client: TestClient, kind: str | None) -> None:
    """Was: any Content-Type was read as JSON, so a cross-site form could start games."""
    headers = {} if kind is None else {"Content-Type": kind}
    response = client.post("/api/pig/games", content=b'{"goal": 20}', headers=headers)
    refused(response, 415, "must be JSON (Content-Type: application/json)")


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/api/pig/explore?goal=20&colour=red", "unknown field 'colour'; accepted: variant"),
        ("/api/hog/explore?goal=20&die=6", "unknown field 'die'; accepted: rules, goal"),
        ("/api/pig/state?goal=20&state=1,1,1&state=2,2,2", "'state' is given twice in the query"),
        ("/api/pig/compare?players=hold20&colour=red", "unknown field 'colour'"),
        ("/api/pig/players?x=1", "unknown field 'x'; it takes none"),
        ("/api/limits?x=1", "unknown field 'x'; it takes none"),
        ("/api/pig/compare?players=[1,2", "players is not a JSON list"),
        ('/api/pig/compare?players=["hold20",{}]', "players must be a JSON list of names"),
        ("/api/pig/compare?players=[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]", "names"),
        ("/api/pig/compare?players=hold99999999999999999999,hold20&goal=20", "at most 10^9"),
        ("/api/pig/compare?players=pace-race:21,8,9999999999999,hold20", "at most 10^9"),
    ],
)
def test_malformed_queries_are_400s_in_the_api_s_words(client: TestClient, path, words) -> None:
    """hold99999999999999999999 was an OverflowError in a worker, answered with a 500."""
    refused(client.get(path), 400, words)


@pytest.mark.parametrize(
    "players",
    [
        '["pace-race:21,8,71", "hold20"]',  # the page's form
        "pace-race:21,8,71,hold20",  # the old form: a family's constants stay with it
    ],
)
def test_a_family_with_constants_is_compared(client: TestClient, pigsolve, players: str) -> None:
    """Was: players were split on commas, so 'pace-race:21' was an unknown player."""
    matrix = client.get("/api/pig/compare", params={"players": players, "goal": 30}).json()
    assert matrix["players"] == ["pace-race:21,8,71", "hold20"]
    done = pigsolve("compare", "pace-race:21,8,71", "hold20", "--goal", "30", "--json")
    pair = next(r for r in matrix["results"] if r["b"] == "hold20" and r["a"] != "hold20")
    assert pair["average"] == json.loads(done.stdout)["average"]


@pytest.mark.parametrize(
    ("headers", "status", "words"),
    [
        ({"Host": "evil.example:8000"}, 403, "does not serve the host 'evil.example:8000'"),
        ({"Host": "evil.example@127.0.0.1"}, 403, "does not serve the host"),
        ({"Host": ""}, 403, "does not serve the host"),
        ({"Origin": "http://evil.example"}, 403, "page at 'http://evil.example' are refused"),
        ({"Origin": "null"}, 403, "page at 'null' are refused"),
        ({"Origin": "http://127.0.0.1:3000"}, 403, "page at 'http://127.0.0.1:3000'"),  # a port
        ({"Sec-Fetch-Site": "cross-site"}, 403, "other sites' pages are refused"),  # an <img>
        ({"Sec-Fetch-Site": "same-site"}, 403, "other sites' pages are refused"),
        ({"Content-Length": "x"}, 400, "Content-Length header is not a number"),
    ],
)
def test_foreign_hosts_and_other_sites_are_refused(client, headers, status, words) -> None:
    """Was: no check, so another site's page (or DNS rebinding) could start computations."""
    refused(client.get("/api/pig/explore?goal=20", headers=headers), status, words)
    body = json.dumps({"opponent": "hold20", "goal": 20})
    post = client.post("/api/pig/games", content=body, headers=JSON_TYPE | headers)
    refused(post, status, words)


def test_the_own_page_and_allowed_hosts_are_served(workdir) -> None:
    """The page's own requests pass; a name given with --allow-host is served too."""
    same = {"Origin": "http://teacher-pc:8000", "Sec-Fetch-Site": "same-origin"}
    hosts = served_hosts("0.0.0.0", ["Teacher-PC"])
    with TestClient(create_app(hosts=hosts), base_url="http://teacher-pc:8000") as client:
        assert client.get("/api/limits", headers=same).status_code == 200
        assert client.get("/", headers={"Sec-Fetch-Site": "none"}).status_code == 200
        link = {"Sec-Fetch-Site": "cross-site"}  # a link on the class's site opens the page
        assert client.get("/", headers=link).status_code == 200
        assert client.get("/static/app.js", headers=link).status_code == 200
        refused(client.get("/api/pig/players", headers=link), 403, "other sites' pages")
        refused(client.get("/api/limits", headers={"Host": "0.0.0.0:8000"}), 403, "host")
    with TestClient(create_app(), base_url="http://teacher-pc:8000") as client:
        refused(client.get("/api/limits"), 403, "start pigsolve gui with --allow-host NAME")


def test_served_hosts_are_loopback_the_bound_host_and_those_allowed() -> None:
    assert served_hosts("127.0.0.1", []) == ["127.0.0.1", "localhost", "::1"]
    assert served_hosts("0.0.0.0", ["192.168.1.5", "[fe80::1]"])[-2:] == ["192.168.1.5", "fe80::1"]
    assert served_hosts("10.0.0.2", [])[-1] == "10.0.0.2"


@pytest.mark.parametrize("name", ["http://pc", "pc/x", "a b", ""])
def test_a_bad_allow_host_is_one_line(pigsolve, name: str) -> None:
    done = pigsolve("gui", "--no-browser", "--port", "0", "--allow-host", name)
    assert done.returncode == 2 and "--allow-host takes a host name or address" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_huge_constant_is_one_line_at_the_command_line(pigsolve) -> None:
    """Was: 'internal error (OverflowError ...); please report it'."""
    done = pigsolve("compare", "hold99999999999999999999", "hold20", "--goal", "20")
    assert done.returncode == 2 and "a player's constants are at most 10^9" in done.stderr


COMPUTING = [
    "/api/pig/explore?goal=30",
    "/api/pig/state?goal=30&state=0,0,0",
    '/api/pig/compare?players=["optimal","hold20"]&goal=30',
    "/api/games/{id}/hint",
]
"""The GETs that may start a computation (a hint's table may have left the cache)."""


@pytest.mark.parametrize(
    "fetch", [{}, {"Sec-Fetch-Site": "none"}], ids=["no-fetch-header", "typed"]
)
@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_a_get_not_from_the_page_starts_no_computation(workdir, fetch, method: str) -> None:
    """Was: an <img> pointing at the explorer (no Origin, no Sec-Fetch-Site in older browsers)
    computed a table. Only the page's own GETs (Sec-Fetch-Site: same-origin) may."""
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        for path in COMPUTING:
            answer = client.request(method, path.format(id="g1"), headers=fetch)
            assert answer.status_code == 403, (path, answer.text)  # before the game is looked up
            if method == "GET":
                refused(answer, 403, "answered to the page's own requests only")
        assert not (workdir / "data").exists()  # no table computed
        assert client.get("/api/games/g1/hint", headers=PAGE_HEADERS).status_code == 404


@pytest.mark.parametrize(
    ("base", "origin", "status"),
    [
        ("http://127.0.0.1", "http://127.0.0.1", 404),
        ("http://127.0.0.1", "https://127.0.0.1", 403),  # was: the scheme was not compared
        ("http://127.0.0.1", "ftp://127.0.0.1", 403),
        ("http://127.0.0.1", "127.0.0.1", 403),
        ("https://127.0.0.1", "https://127.0.0.1", 404),
        ("https://127.0.0.1", "http://127.0.0.1", 403),
    ],
)
def test_the_origin_is_the_request_s_scheme_and_host(workdir, base, origin, status) -> None:
    """A game's move from the page's origin reaches the game (none here: a 404)."""
    with TestClient(create_app(), base_url=base) as client:
        move = {"action": "roll"}
        answer = client.post("/api/games/g1/actions", json=move, headers={"Origin": origin})
        assert answer.status_code == status, answer.text


LONG = "Z" * 65_000
"""A value of nearly 64 KiB (its body still under the limit)."""
SHORT = "Z" * 101
"""More of it than any answer may quote."""
LONG_POSTS = [
    ("/api/pig/games", {"opponent": LONG}),
    ("/api/pig/games", {"opponents": [LONG]}),
    ("/api/pig/games", {"opponents": ["hold20", LONG]}),
    ("/api/pig/games", {"variant": LONG}),
    ("/api/pig/games", {"goal": LONG}),
    ("/api/pig/games", {"die": LONG}),
    ("/api/pig/games", {"first": LONG}),
    ("/api/pig/games", {"seed": LONG}),
    ("/api/pig/games", {LONG: 1}),
    ("/api/hog/games", {"rules": LONG}),
    ("/api/farkle/games", {"rules": LONG}),
    ("/api/games/g1/actions", {"action": LONG}),
]
LONG_GETS = [
    f"/api/{LONG}/players",
    f"/api/games/{LONG}",
    f"/api/games/{LONG}/hint",
    f"/api/pig/explore?goal={LONG}",
    f"/api/pig/explore?variant={LONG}",
    f"/api/pig/explore?{LONG}=1",
    f"/api/hog/explore?rules={LONG}",
    f"/api/farkle/explore?rules={LONG}",
    f"/api/pig/state?goal=20&state={LONG}",
    f"/api/pig/state?goal=20&state=1,{'9' * 24},{LONG}",
    f"/api/pig/compare?goal=20&players={LONG}",
    f"/api/pig/compare?goal=20&players=hold20,{LONG}",
    f'/api/pig/compare?goal=20&players=["hold20","{LONG}"]',
    f"/api/pig/compare?goal=20&players=hold{LONG}",
    f"/api/pig/compare?goal=20&players=pace-race:{LONG}",
    f"/api/hog/compare?goal=20&players={LONG}",
    f"/api/farkle/compare?goal=20&players={LONG}",
    f"/api/pig/players?{LONG}=1",
    f"/static/families/pig/{LONG}",
    f"/static/{LONG}",
    f"/{LONG}",
]


def test_no_answer_quotes_more_than_a_short_excerpt_of_the_request(workdir) -> None:
    """Was: unknown names, paths and JSON values came back whole, up to 64 KiB in an error."""
    store = Store()
    game = new_session("pig", PigRules(20), ["hold20"], "you", 1, None, "no table here")
    game_id = store.add(game)
    with TestClient(create_app(store), base_url="http://127.0.0.1", headers=PAGE_HEADERS) as c:
        answers = [c.post(path.replace("g1", game_id), json=body) for path, body in LONG_POSTS]
        answers += [c.get(path) for path in LONG_GETS]
        answers += [c.get("/api/limits", headers={name: LONG}) for name in ("Host", "Origin")]
    for answer in answers:
        assert 400 <= answer.status_code < 500, (answer.request.url, answer.text[:300])
        assert SHORT not in answer.text and len(answer.text) < 1000, answer.text[:300]
