"""The worst cases of the class server, measured by ``pigsolve bench`` against a fresh
``pigsolve gui`` on loopback (:class:`ui.web.loopback.Server`) while players play a game each from
their own loopback address, keeping the cookies the server sets:

1. slow clients: connections that send half a request's header, then a byte every few seconds,
   to a server limited to :data:`SERVER_FILES` open files;
2. a flood of game starts from many addresses, which keep no cookies: whose games are forgotten;
3. two of the page's largest tables computing for one client while others ask for small ones;
4. large tables in a row for one client: the server's memory, sampled throughout.

For each, the players' median and 99th percentile round trip, their errors and the server's
peak memory (its workers apart). Bounded in requests and in time.
"""

from __future__ import annotations

import contextlib
import functools
import http.client
import resource
import socket
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import numpy as np

from pigsolve.solver.bench import Row, row
from pigsolve.solver.registry import DEFAULT
from pigsolve.ui.adapters import adapter_named, adapters
from pigsolve.ui.web import limits
from pigsolve.ui.web.loopback import API, LOAD_SECONDS, Server, request


@dataclass(frozen=True)
class Worst:
    """The sizes of the worst cases (:func:`bench_worst`), the audit's by default: the players
    move every ``pause`` seconds, every ``think`` seconds in the flood (a person reading the
    board, whose game idles meanwhile); 0 for the heavy goal and the large tables: the page's
    largest."""

    slow_clients: int = 1100
    trickle: float = 5.0
    starts: int = 3000
    flooders: int = 20
    players: int = 20
    seconds: float = 30.0
    pause: float = 0.5
    think: float = 5.0
    small: int = 10
    heavy_goal: int = 0
    large_players: int = 0
    large_goal: int = 0
    large_tables: int = 8


TINY = Worst(
    slow_clients=20,
    trickle=0.5,
    starts=60,
    flooders=3,
    players=3,
    seconds=2.0,
    pause=0.1,
    think=0.5,
    small=2,
    large_players=2,
    large_goal=30,
    large_tables=2,
)
"""The worst cases at a size for the tests: seconds each."""
SERVER_FILES = 1024
"""The slow clients' server runs with the usual limit of open files, as the audit's did."""
REQUEST_SECONDS = 10.0
"""A player's request unanswered this long fails (an error); the player connects again."""
WARM = {"opponent": "hold20", "goal": 100, "first": "you"}
"""The game the players play: the default family's, its table computed before they start."""
CLOSED = (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError)
"""What a request on a kept connection the server has closed meets."""
SMALL_GOAL = 20
"""The first of the small tables asked for while the largest compute (distinct goals)."""


class Player:
    """A client of the page: its own loopback ``address``, one connection at a time (a new
    one after a failure), a cookie jar (None: it sends and keeps no cookie), and the round
    trip and status of each of its requests (0: no answer within REQUEST_SECONDS)."""

    def __init__(self, server: Server, address: str, cookies: bool = True) -> None:
        self.server, self.address = server, address
        self.cookies = SimpleCookie() if cookies else None
        self.connection: http.client.HTTPConnection | None = None
        self.timings: list[float] = []
        self.statuses: list[int] = []
        self.evicted = False

    def ask(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """Send one request; return its status (0: none) and its answer. A kept connection the
        server closed meanwhile (idle past its keep-alive) is opened again and the request sent
        once more, as a browser does."""
        start = time.perf_counter()
        for reused in (self.connection is not None, False):
            if self.connection is None:
                where = (self.server.host, self.server.port)
                self.connection = http.client.HTTPConnection(
                    *where, timeout=REQUEST_SECONDS, source_address=(self.address, 0)
                )
            try:
                status, answer, _ = request(self.connection, method, path, body, self.cookies)
                break
            except (OSError, http.client.HTTPException) as err:
                self.connection.close()
                self.connection, status, answer = None, 0, None
                if not (reused and isinstance(err, CLOSED)):
                    break
        self.timings.append(time.perf_counter() - start)
        self.statuses.append(status)
        return status, answer


def play(player: Player, stop: threading.Event, pause: float, seed: int) -> None:
    """Open the page (its session's cookie), then play games of :data:`WARM` until ``stop``, a
    move every ``pause`` seconds; a 404 on a move (the game forgotten) marks the player evicted."""
    player.ask("GET", "/")
    state: dict[str, Any] = {"over": True}
    while not stop.is_set():
        if state["over"]:
            status, answer = player.ask("POST", f"{API}/games", WARM | {"seed": seed})
        else:
            action = {"action": "roll" if state["turn_total"] < 20 else "hold"}
            status, answer = player.ask("POST", f"/api/games/{state['id']}/actions", action)
            player.evicted |= status == 404
        state = answer if status in (200, 201) else {"over": True}
        stop.wait(pause)


def together(work: Callable[[Any], object], items: Iterable[Any]) -> None:
    """Run ``work(item)`` for every item at once, a thread each; return when all have ended."""
    threads = [threading.Thread(target=work, args=(item,)) for item in items]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


@contextlib.contextmanager
def open_files() -> Iterator[int]:
    """Raise this process's soft limit of open files to its hard limit for a while (the server,
    started before, keeps its own); yield the limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    raised = hard if hard != resource.RLIM_INFINITY else max(soft, 2**16)
    resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
    try:
        yield raised
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def bench_worst(worst: Worst = Worst()) -> dict[str, dict[str, Any]]:
    """Run the audit's worst cases, each against a fresh server on loopback (sharing one data
    folder) while ``worst.players`` players play: slow clients, a flood of game starts, the
    largest tables computing for one client, large tables in a row. Return each one's figures:
    what it did, the players' round trips, errors and forgotten games, the server's memory."""
    found = {}
    attacks = {"slow": _slow, "flood": _flood, "heavy": _heavy, "large": _large}
    with tempfile.TemporaryDirectory() as folder:
        for name, attack in attacks.items():
            server = Server(Path(folder), SERVER_FILES if name == "slow" else None)
            try:
                pause = worst.think if name == "flood" else worst.pause
                found[name] = _scenario(
                    server, worst, functools.partial(attack, server, worst), pause
                )
            finally:
                server.stop()
    return found


def _scenario(
    server: Server, worst: Worst, attack: Callable[[], dict], pause: float
) -> dict[str, Any]:
    """Run ``attack`` while the players play, each from its own address (127.0.0.2 on) a move
    every ``pause`` seconds, for ``worst.seconds`` at least and two moves after it; sample the
    server's memory throughout."""
    warm, deadline = Player(server, "127.0.0.1"), time.monotonic() + LOAD_SECONDS
    while warm.ask("POST", f"{API}/games", WARM)[0] in (0, 202) and time.monotonic() < deadline:
        time.sleep(0.2)
    players = [Player(server, f"127.0.0.{2 + n}") for n in range(worst.players)]
    stop, samples = threading.Event(), [0.0]

    def sample() -> None:
        while not stop.wait(0.1):
            samples.append(server.peak_mib("VmRSS") or samples[-1])

    threads = [threading.Thread(target=sample)]
    threads += [
        threading.Thread(target=play, args=(p, stop, pause, n)) for n, p in enumerate(players)
    ]
    for thread in threads:
        thread.start()
    start = time.monotonic()
    try:
        outcome = attack()
        outcome["seconds"] = time.monotonic() - start
        stop.wait(max(start + worst.seconds - time.monotonic(), 0) + 2 * pause + 1)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    statuses = [status for player in players for status in player.statuses]
    return outcome | {
        "timings": [took for player in players for took in player.timings],
        "requests": len(statuses),
        "errors": sum(status == 0 or status >= 400 for status in statuses),
        "evicted": sum(player.evicted for player in players),
        "peak_mib": max(server.peak_mib() or 0.0, *samples),
        "last_mib": samples[-1],
    }


def _slow(server: Server, worst: Worst) -> dict[str, Any]:
    """Hold ``worst.slow_clients`` connections from 127.0.0.1 (as many as this process may
    open), each sending half a request's header, then a byte every ``worst.trickle`` seconds,
    for ``worst.seconds``; return how many were opened, refused and closed by the server."""
    head = f"GET / HTTP/1.1\r\nHost: {server.host}\r\nX-Slow: ".encode()
    deadline, socks, refused, closed = time.monotonic() + worst.seconds, [], 0, set()
    with open_files() as limit:
        for _ in range(min(worst.slow_clients, limit - 64 - 4 * worst.players)):
            if time.monotonic() > deadline:  # connections the server leaves waiting
                break
            try:
                sock = socket.create_connection((server.host, server.port), 2, ("127.0.0.1", 0))
                sock.sendall(head)
            except OSError:
                refused += 1
                continue
            sock.setblocking(False)
            socks.append(sock)
        while (left := deadline - time.monotonic()) > 0:
            time.sleep(min(worst.trickle, left))
            for sock in socks:
                try:
                    sock.send(b"a")
                except OSError:
                    closed.add(sock)
        for sock in socks:
            try:
                sock.recv(4096)  # an answer (a refusal) or b"": the server has closed it
                closed.add(sock)
            except BlockingIOError:  # nothing to read: still open
                pass
            except OSError:  # reset
                closed.add(sock)
            sock.close()
    return {"slow": len(socks), "refused": refused, "closed": len(closed), "limit": limit}


def _flood(server: Server, worst: Worst) -> dict[str, Any]:
    """Start ``worst.starts`` games at once from ``worst.flooders`` addresses (127.0.1.1 on),
    which keep no cookies; return the statuses of the starts."""
    flooders = [Player(server, f"127.0.1.{n + 1}", cookies=False) for n in range(worst.flooders)]
    deadline = time.monotonic() + LOAD_SECONDS

    def flood(flooder: Player) -> None:
        for seed in range(worst.starts // worst.flooders):
            if time.monotonic() < deadline:
                flooder.ask("POST", f"{API}/games", WARM | {"seed": seed})

    together(flood, flooders)
    return {"starts": Counter(status for f in flooders for status in f.statuses)}


def _heavy(server: Server, worst: Worst) -> dict[str, Any]:
    """Have one client (127.0.2.1) ask for two of the page's largest tables, then others
    (127.0.3.1 on) for ``worst.small`` small ones, one in turn through the first half: the
    default family's at small goals, another family's games; each asks again after a 202 (as
    the page does). Return the large ones' statuses, each small one's last and its seconds."""
    adapter, other = adapter_named(DEFAULT), next(a for a in adapters() if a.family.name != DEFAULT)
    heavy = worst.heavy_goal or limits.largest_goal(adapter.page_rules({}))
    greedy = Player(server, "127.0.2.1")
    large = [greedy.ask("POST", f"{API}/games", {"goal": goal})[0] for goal in (heavy, heavy - 1)]
    goal = next(field for field in other.page_form()["fields"] if field["name"] == "goal")
    small: list[tuple[int, float]] = []
    start = time.monotonic()

    def ask(n: int) -> None:
        time.sleep(n * worst.seconds / 2 / max(worst.small, 1))
        path, body = f"{API}/games", {"goal": SMALL_GOAL + n}
        if n % 2:
            path, body = (
                f"/api/{other.family.name}/games",
                {"goal": goal["default"] - n * goal["min"]},
            )
        asker, asked = Player(server, f"127.0.3.{n + 1}"), time.monotonic()
        while (
            status := asker.ask("POST", path, body)[0]
        ) == 202 and time.monotonic() < start + worst.seconds:
            time.sleep(0.5)
        small.append((status, time.monotonic() - asked))

    together(ask, range(worst.small))
    return {"heavy": heavy, "large": large, "small": small}


def _large(server: Server, worst: Worst) -> dict[str, Any]:
    """Have one client (127.0.2.1) ask for ``worst.large_tables`` of the page's largest tables
    in a row (the most players the default family seats, distinct goals down from its largest),
    each asked again after a 202 until delivered; return each one's goal, status and seconds."""
    adapter = adapter_named(DEFAULT)
    seats = worst.large_players or adapter.max_players
    top = worst.large_goal or limits.largest_goal(adapter.page_rules({}, seats))
    client, deadline = Player(server, "127.0.2.1"), time.monotonic() + LOAD_SECONDS
    body = {"opponents": ["optimal"] * (seats - 1), "first": "you"}
    tables = []
    for goal in range(top, top - worst.large_tables, -1):
        asked = time.monotonic()
        while (status := client.ask("POST", f"{API}/games", body | {"goal": goal})[0]) == 202:
            if time.monotonic() > deadline:
                break
            time.sleep(0.5)
        tables.append((goal, status, time.monotonic() - asked))
    return {"seats": seats, "tables": tables}


def worst_rows(found: dict[str, dict[str, Any]], worst: Worst = Worst()) -> list[Row]:
    """Return the rows of :func:`bench_worst`'s figures: for each case the players' median and
    99th percentile round trip, then their errors and what the case did (its seconds, the
    server's peak memory)."""
    rows = []
    for name, figures in found.items():
        title, words, goal = _words(name, figures, worst)
        times = figures["timings"]
        for share in (50, 99):
            took = float(np.percentile(times, share)) if times else 0.0
            rows.append(
                row(f"gui {title}: players' p{share} of {len(times):,} requests", goal, took)
            )
        errors = f"{figures['errors']} errors of the players' {figures['requests']:,} requests"
        forgotten = f", {figures['evicted']} of {worst.players} players' games forgotten (404)"
        said = f"gui {title}: {errors}{forgotten}; {words}"
        last = row(said, goal, figures["seconds"], peak_mib=figures["peak_mib"])
        rows.append(last | {k: figures[k] for k in ("errors", "requests", "evicted", "last_mib")})
    return rows


def _words(name: str, figures: dict[str, Any], worst: Worst) -> tuple[str, str, int]:
    """Return a case's title, what it did in words and its goal."""
    if name == "slow":
        title = (
            f"{figures['slow']:,} slow clients (half a header, a byte every {worst.trickle:g} s)"
        )
        words = f"the server closed {figures['closed']}"
        untried = worst.slow_clients - figures["slow"] - figures["refused"]
        if untried:
            words += (
                f"; {untried:,} not tried (this process may open {figures['limit']} files, "
                f"or {worst.seconds:g} s had passed)"
            )
        return title, words + f", refused {figures['refused']}", 100
    if name == "flood":
        starts = figures["starts"]
        answers = ", ".join(
            f"{count:,} {status or 'unanswered'}" for status, count in sorted(starts.items())
        )
        title = f"{starts.total():,} game starts from {worst.flooders} addresses"
        return f"{title} (the players move every {worst.think:g} s)", f"answered {answers}", 100
    if name == "heavy":
        small, goal = figures["small"], figures["heavy"]
        answered = [took for status, took in small if status == 201]
        refused = sum(status == 503 for status, _ in small)
        median = f" (median {np.median(answered):.2f} s)" if answered else ""
        words = (
            f"the large ones answered {figures['large']}; of {len(small)} small tables "
            f"{len(answered)} delivered{median}, {refused} refused (503), "
            f"{len(small) - len(answered) - refused} otherwise"
        )
        return f"two goal-{figures['heavy']} tables computing for one client", words, goal
    tables = figures["tables"]
    delivered = sum(status == 201 for _, status, _ in tables)
    goals = f"goals {tables[-1][0]} to {tables[0][0]}" if tables else "no goal"
    words = f"{delivered} delivered; the server's memory after: {figures['last_mib']:.0f} MiB"
    title = f"{len(tables)} tables of {figures['seats']} players in a row ({goals})"
    return title, words, tables[0][0] if tables else 0
