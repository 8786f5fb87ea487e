"""``pigsolve gui``: serve the app on a local port, open the browser, stop cleanly on Ctrl-C.

The socket is bound here, before the server starts, so the line announcing the address names
the address actually bound (``--port 0``: a free port the system chose). Ctrl-C and SIGTERM
stop the server at once: the computations under way are killed and leave no file behind.
Connections are uvicorn's, bounded in time and per address (:mod:`ui.web.connections`); the
process may open as many files as its hard limit allows. ``X-Forwarded-For`` and
``X-Forwarded-Proto`` are read from the trusted proxies only (none by default).
"""

from __future__ import annotations

import os
import resource
import socket
import threading
import webbrowser
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from pigsolve.solver.errors import InvalidArgument, PigsolveError, missing_extra
from pigsolve.solver.storage import data_dir
from pigsolve.ui.web.budgets import JOB_SECONDS, split
from pigsolve.ui.web.connections import PER_ADDRESS, REQUEST_SECONDS, addresses, guarded_protocol
from pigsolve.ui.web.guard import LOOPBACK, served_hosts

if TYPE_CHECKING:
    import uvicorn

BACKLOG = 2048
GRACE_SECONDS = 1
"""How long a stopping server lets the requests under way finish."""


def port_is_free(host: str, port: int) -> bool:
    """Return True if a server could listen on ``host:port`` now."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def free_port(host: str, start: int) -> int:
    """Return the first free port from ``start`` on."""
    for port in range(start, min(start + 100, 65536)):
        if port_is_free(host, port):
            return port
    raise PigsolveError(f"no free port from {start} to {start + 99} on {host}")


def bind(host: str, port: int) -> socket.socket:
    """Return a socket listening on ``host:port``; PigsolveError naming a free port if taken."""
    if not 0 <= port < 65536:
        raise InvalidArgument(f"--port must be in 0..65535 (0: any free port), got {port}")
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as err:
        raise InvalidArgument(f"--host {host}: {err.strerror}") from None
    family, kind, protocol = info[:3]
    sock = socket.socket(family, kind, protocol)  # IPPROTO_TCP: asyncio then sets TCP_NODELAY
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(info[4])
    except OSError as err:
        sock.close()
        if port and not port_is_free(host, port):
            raise PigsolveError(
                f"port {port} is in use; try --port {free_port(host, port + 1)}"
            ) from None
        raise PigsolveError(f"cannot serve on {host}:{port}: {err.strerror}") from None
    sock.listen(BACKLOG)  # from now on connections wait for the server instead of failing
    return sock


def address(sock: socket.socket) -> str:
    """Return the URL of a bound socket, e.g. ``http://127.0.0.1:8000/``."""
    host, port = sock.getsockname()[:2]
    return f"http://{f'[{host}]' if ':' in host else host}:{port}/"


def open_files_to_hard_limit() -> int:
    """Raise the soft limit of open files to the hard one (a connection is a file); return it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):  # macOS refuses an unlimited hard limit: keep the soft
            return soft
    return hard


def server(
    app: Any,
    trusted_proxies: Sequence[str] = (),
    request_seconds: float = REQUEST_SECONDS,
    per_address: int = PER_ADDRESS,
) -> uvicorn.Server:
    """Return the uvicorn server of ``app``: each request whole within ``request_seconds``, at
    most ``per_address`` connections from one client address (a trusted proxy's uncapped), and
    the forwarded client address and scheme read from ``trusted_proxies`` alone."""
    import uvicorn

    config = uvicorn.Config(
        app,
        http=guarded_protocol(request_seconds, per_address, trusted_proxies),
        proxy_headers=bool(trusted_proxies),
        forwarded_allow_ips=list(trusted_proxies),
        log_level="warning",
        timeout_graceful_shutdown=GRACE_SECONDS,
    )
    return uvicorn.Server(config)


def serve(
    host: str,
    port: int,
    open_browser: bool,
    announce: Callable[[str], None] = print,
    cache_bytes: int | None = None,
    allowed_hosts: Sequence[str] = (),
    job_bytes: int | None = None,
    job_seconds: float = JOB_SECONDS,
    trusted_proxies: Sequence[str] = (),
    memory_bytes: int | None = None,
) -> None:
    """Run the app at ``http://host:port`` until Ctrl-C or SIGTERM; PigsolveError if the port
    is taken. Tables go to ``./data`` (the page's own past ``cache_bytes`` are dropped).

    The app answers requests addressed to ``host``, to loopback and to ``allowed_hosts`` (the
    names and addresses students type), and refuses the others (:mod:`ui.web.guard`). Each
    computation runs in a worker within ``job_bytes`` of memory and ``job_seconds``; with
    ``memory_bytes`` the server, its loaded tables and its workers together stay within it
    (:func:`ui.web.budgets.split`; InvalidArgument before anything starts if they cannot).
    Behind a reverse proxy, ``trusted_proxies`` (addresses, networks) name it: their forwarded
    headers are believed.
    """
    try:
        from pigsolve.ui.web.app import create_app
        from pigsolve.ui.web.jobs import MAX_WORKERS, SMALL_WORKERS, Jobs
        from pigsolve.ui.web.tables import PAGE_CACHE_BYTES, Tables
    except ImportError:
        raise missing_extra("the GUI", "gui") from None
    hosts = served_hosts(host, allowed_hosts)
    try:
        proxies = addresses(trusted_proxies)
    except ValueError as err:
        raise InvalidArgument(f"--trust-proxy takes IP addresses or networks: {err}") from None
    workers = MAX_WORKERS + SMALL_WORKERS  # every slot may run at once
    budgets = split(memory_bytes, job_bytes, workers)
    sock = bind(host, port)
    if host not in LOOPBACK:
        announce(f"warning: serving on {host}: anyone who can reach it can use it (no login)")
        announce(f"answering requests addressed to {', '.join(hosts)} (more: --allow-host NAME)")
    url = address(sock)
    folder = data_dir().resolve()
    jobs = Jobs(memory_bytes=budgets.job_bytes, seconds=job_seconds)
    disk = PAGE_CACHE_BYTES if cache_bytes is None else cache_bytes
    tables = Tables(folder, disk, jobs, loaded_bytes=budgets.tables_bytes)
    announce(f"pigsolve gui at {url} (Ctrl-C stops it); tables go to {folder}")
    if memory_bytes is not None:
        announce(f"memory: {budgets.words(workers)}")
    if open_browser and "CI" not in os.environ:
        threading.Timer(0.5, webbrowser.open, [url]).start()
    open_files_to_hard_limit()
    try:
        server(create_app(table_store=tables, hosts=hosts), proxies).run(sockets=[sock])
    finally:
        tables.close()
        sock.close()
