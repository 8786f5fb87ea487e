"""The worst cases of ``pigsolve bench`` (ui/web/worst.py): slow clients, a flood of game starts,
the largest tables for one client, large tables in a row; their rows and ``bench --web``."""

from __future__ import annotations

import http.client
import http.server
import json
import resource
import threading
from collections import Counter
from collections.abc import Iterator
from http.cookies import SimpleCookie

import pytest
from typer.testing import CliRunner

pytest.importorskip("starlette")

from pigsolve.cli import app
from pigsolve.solver.bench import row
from pigsolve.ui.web import bench, loopback
from pigsolve.ui.web.worst import TINY, bench_worst, open_files, worst_rows

KEYS = {"benchmark", "goal", "seconds", "compile_seconds", "rate", "unit", "peak_mib"}


@pytest.mark.slow
def test_the_worst_cases_at_a_tiny_size_give_well_formed_rows() -> None:
    """Each case against its own fresh server, bounded (under a minute on the two-core machine):
    three rows each, the players' requests counted, every attack made in full. What the
    server does with them (refuse, close, evict) is measured, not asserted."""
    found = bench_worst(TINY)
    assert list(found) == ["slow", "flood", "heavy", "large"]
    for figures in found.values():
        assert figures["requests"] == len(figures["timings"]) > 0
        assert 0 <= figures["errors"] <= figures["requests"]
        assert 0 <= figures["evicted"] <= TINY.players
        assert figures["peak_mib"] is None or figures["peak_mib"] > 0
    slow = found["slow"]
    assert slow["slow"] + slow["refused"] == TINY.slow_clients and slow["limit"] > 0
    assert found["flood"]["starts"].total() == TINY.starts
    assert len(found["heavy"]["large"]) == 2 and len(found["heavy"]["small"]) == TINY.small
    assert [goal for goal, _, _ in found["large"]["tables"]] == [30, 29]
    rows = worst_rows(found, TINY)
    assert len(rows) == 12 and all(set(one) >= KEYS for one in rows)
    assert all(one["benchmark"].startswith("gui ") and one["seconds"] >= 0 for one in rows)
    json.dumps(rows, allow_nan=False)  # bench --json prints them


def test_the_rows_say_what_each_case_did() -> None:
    """Figures as bench_worst returns them: the players' percentiles, then one row of errors,
    forgotten games and what the attack met, with the server's peak memory."""
    common = {"timings": [0.001, 0.002, 0.003], "requests": 3, "errors": 1, "evicted": 2}
    common |= {"peak_mib": 900.0, "last_mib": 800.0, "seconds": 1.5}
    found = {
        "slow": common | {"slow": 15, "refused": 0, "closed": 3, "limit": 80},
        "flood": common | {"starts": Counter({201: 50, 429: 10})},
        "heavy": common | {"heavy": 2500, "large": [202, 202], "small": [(503, 0.1), (201, 2.0)]},
        "large": common | {"seats": 4, "tables": [(50, 201, 9.0), (49, 201, 8.0)]},
    }
    rows = worst_rows(found, TINY)
    names = [one["benchmark"] for one in rows]
    assert (
        names[0]
        == "gui 15 slow clients (half a header, a byte every 0.5 s): players' p50 of 3 requests"
    )
    assert rows[0]["seconds"] == 0.002 and rows[2]["peak_mib"] == 900.0
    assert "1 errors of the players' 3 requests, 2 of 3 players' games forgotten (404)" in names[2]
    assert (
        "the server closed 3; 5 not tried (this process may open 80 files, or 2 s had "
        "passed), refused 0" in names[2]
    )
    assert names[5].endswith("answered 50 201, 10 429")
    assert "of 2 small tables 1 delivered (median 2.00 s), 1 refused (503), 0 otherwise" in names[8]
    assert rows[8]["goal"] == 2500 and rows[11]["goal"] == 50
    assert "4 players in a row (goals 49 to 50)" in names[11] and "after: 800 MiB" in names[11]


@pytest.fixture
def cookie_server() -> Iterator[tuple[str, int]]:
    """A loopback server that sets a session cookie and answers the Cookie header it got."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            body = json.dumps({"cookie": self.headers.get("Cookie")}).encode()
            self.send_response(200)
            self.send_header("Set-Cookie", "session=abc123; Path=/; HttpOnly")
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.01,))
    thread.start()
    yield server.server_address[:2]
    server.shutdown()
    thread.join()
    server.server_close()


def test_a_player_sends_back_the_cookies_the_server_set(cookie_server: tuple[str, int]) -> None:
    """The behaving players' session is the server's: by address today, by cookie if it sets
    one; one that keeps no cookies (the flood) sends none."""
    connection = http.client.HTTPConnection(*cookie_server, timeout=10)
    jar = SimpleCookie()
    first = loopback.request(connection, "POST", "/", {}, jar)
    second = loopback.request(connection, "POST", "/", {}, jar)
    third = loopback.request(connection, "POST", "/", {})
    connection.close()
    assert first[1]["cookie"] is None and second[1]["cookie"] == "session=abc123"
    assert third[1]["cookie"] is None


def test_open_files_raises_the_soft_limit_for_a_while() -> None:
    before = resource.getrlimit(resource.RLIMIT_NOFILE)
    with open_files() as limit:
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == limit >= before[0]
    assert resource.getrlimit(resource.RLIMIT_NOFILE) == before


def test_bench_web_prints_the_page_s_rows_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """``bench --web`` runs the page's rows only (here stood in for), as JSON or as the table
    (no solvers' speed-up line under it)."""
    rows = [row("gui a worst case: players' p50 of 3 requests", 100, 0.002)]
    monkeypatch.setattr(bench, "bench_gui", lambda: rows)
    as_json = CliRunner().invoke(app, ["bench", "--web", "--json"])
    assert as_json.exit_code == 0, as_json.output
    assert json.loads(as_json.stdout) == rows
    table = CliRunner().invoke(app, ["bench", "--web"])
    assert table.exit_code == 0, table.output
    assert "a worst case" in table.stdout and "faster than" not in table.stdout
