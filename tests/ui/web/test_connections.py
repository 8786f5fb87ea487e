"""The server's connections on loopback (issue 44): a request trickled in is closed after the
bound, one address past its cap is closed at once while others are served, and forwarded
headers are believed from a trusted proxy only."""

from __future__ import annotations

import http.client
import json
import os
import resource
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from pigsolve.ui.web.app import create_app
from pigsolve.ui.web.connections import addresses
from pigsolve.ui.web.serve import bind, server
from pigsolve.ui.web.tables import Tables

WAIT_SECONDS = 30
"""The bound on every wait for the server (a busy machine is slow, a hung server never ends)."""
HALF = b"GET /api/limits HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
"""Half a request's headers: what a slow client sends and never finishes."""
REQUEST_SECONDS = 0.5
"""The tests' bound on a request (the server's is 10 s)."""
PAGE = {"Host": "127.0.0.1", "Sec-Fetch-Site": "same-origin"}


@contextmanager
def serving(app: Any, **options: Any) -> Iterator[int]:
    """Run :func:`ui.web.serve.server` of ``app`` with ``options`` in a thread on a free
    loopback port; yield the port."""
    sock = bind("127.0.0.1", 0)
    running = server(app, **options)
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT_SECONDS
    while not running.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield sock.getsockname()[1]
    finally:
        running.should_exit = True
        thread.join(WAIT_SECONDS)
        sock.close()


def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    """Return a connection to the server from ``source`` (any 127.x.y.z is this machine)."""
    client = socket.socket()
    client.settimeout(WAIT_SECONDS)
    client.bind((source, 0))
    client.connect(("127.0.0.1", port))
    return client


def closed(client: socket.socket) -> bool:
    """Wait (at most WAIT_SECONDS) for the server to answer or close; True if it closed."""
    try:
        return client.recv(1) == b""
    except ConnectionResetError:
        return True


def get(
    port: int, path: str, source: str = "127.0.0.1", connection: Any = None, **headers: str
) -> tuple[int, Any]:
    """Send one whole GET from ``source`` (or on ``connection``); return its status and JSON."""
    if connection is None:
        connection = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=WAIT_SECONDS, source_address=(source, 0)
        )
    connection.request("GET", path, headers=PAGE | headers)
    response = connection.getresponse()
    return response.status, json.loads(response.read())


@pytest.fixture
def app(workdir) -> Any:
    return create_app(table_store=Tables(workdir / "data"))


@pytest.mark.parametrize(
    "sent",
    [
        b"",  # connected, silent
        HALF,  # half the headers
        b"POST /api/pig/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{",  # the headers, one byte of the body
    ],
    ids=["nothing", "half-headers", "half-body"],
)
def test_a_request_not_whole_in_time_is_closed(app, sent: bytes) -> None:
    """Was: uvicorn waited for ever, so 1,100 such connections took every file."""
    with serving(app, request_seconds=REQUEST_SECONDS) as port, connect(port) as slow:
        slow.sendall(sent)
        start = time.monotonic()
        assert closed(slow)
        assert time.monotonic() - start < WAIT_SECONDS
        assert get(port, "/api/limits")[0] == 200  # a whole request is still answered


def test_a_kept_alive_connection_serves_its_next_request(app) -> None:
    """The clock stops when a request is whole: the connection's next request is answered."""
    with serving(app, request_seconds=REQUEST_SECONDS) as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT_SECONDS)
        for _ in range(3):
            assert get(port, "/api/limits", connection=connection)[0] == 200
        connection.close()


def test_an_address_past_its_cap_is_closed_at_once_and_others_served(app) -> None:
    with ExitStack() as stack:
        port = stack.enter_context(serving(app, request_seconds=600, per_address=4))
        slow = [stack.enter_context(connect(port)) for _ in range(4)]
        for client in slow:
            client.sendall(HALF)
        assert closed(stack.enter_context(connect(port)))  # the fifth: at once, not in 600 s
        status, limits = get(port, "/api/limits", source="127.0.0.2")  # another address
        assert status == 200 and "families" in limits
        slow.pop().close()  # a place is free again once the server sees it closed
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            try:
                assert get(port, "/api/limits")[0] == 200
                break
            except (OSError, http.client.HTTPException):  # closed at once: still full
                assert time.monotonic() < deadline
                time.sleep(0.05)


async def echo_client(scope: dict, receive: Any, send: Any) -> None:
    """An ASGI app answering the client address and scheme the server gave it."""
    if scope["type"] != "http":
        return
    body = json.dumps({"client": scope["client"][0], "scheme": scope["scheme"]}).encode()
    length = [(b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 200, "headers": length})
    await send({"type": "http.response.body", "body": body})


FORWARDED = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"}


def test_forwarded_headers_from_loopback_are_ignored_by_default() -> None:
    """Was: uvicorn believed them from 127.0.0.1, so anyone there could pose as any address."""
    with serving(echo_client) as port:
        assert get(port, "/", **FORWARDED)[1] == {"client": "127.0.0.1", "scheme": "http"}


def test_forwarded_headers_from_a_trusted_proxy_are_believed_and_it_is_not_capped() -> None:
    with ExitStack() as stack:
        port = stack.enter_context(
            serving(echo_client, trusted_proxies=["127.0.0.1"], per_address=1)
        )
        proxy_holds = stack.enter_context(connect(port))  # the proxy's other connection
        proxy_holds.sendall(HALF)
        assert get(port, "/", **FORWARDED)[1] == {"client": "203.0.113.7", "scheme": "https"}
        other = get(port, "/", source="127.0.0.2", **FORWARDED)[1]
        assert other == {"client": "127.0.0.2", "scheme": "http"}  # not the proxy: ignored


def test_trusted_proxies_are_addresses_or_networks() -> None:
    assert addresses(["10.0.0.1, 10.0.1.0/24", "::1"]) == ["10.0.0.1", "10.0.1.0/24", "::1"]
    with pytest.raises(ValueError, match="proxy-pc"):
        addresses(["proxy-pc"])


def test_a_bad_trust_proxy_is_one_line(pigsolve) -> None:
    done = pigsolve("gui", "--no-browser", "--port", "0", "--trust-proxy", "*")
    assert done.returncode == 2 and "--trust-proxy takes IP addresses or networks" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_the_server_may_open_as_many_files_as_the_hard_limit() -> None:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    script = (
        "import resource; from pigsolve.ui.web.serve import open_files_to_hard_limit; "
        f"resource.setrlimit(resource.RLIMIT_NOFILE, (64, {hard})); "
        "print(open_files_to_hard_limit(), resource.getrlimit(resource.RLIMIT_NOFILE)[0])"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=os.environ, check=True
    )
    assert done.stdout.split() == [str(hard), str(hard)]


@pytest.mark.parametrize(("trusted", "status"), [([], 403), (["127.0.0.1"], 404)])
def test_the_origin_s_scheme_is_the_trusted_proxy_s(app, trusted: list[str], status) -> None:
    """Behind an HTTPS proxy the page's Origin is https://: its scheme is believed from the
    trusted proxy alone (then the move reaches the game: none here, a 404)."""
    headers = PAGE | {"Origin": "https://127.0.0.1", "X-Forwarded-Proto": "https"}
    with serving(app, trusted_proxies=trusted) as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT_SECONDS)
        headers |= {"Content-Type": "application/json"}
        connection.request("POST", "/api/games/g1/actions", body=b"{}", headers=headers)
        assert connection.getresponse().status == status
