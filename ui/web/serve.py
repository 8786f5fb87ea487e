"""``pigsolve gui``: serve the app on a local port, open the browser, stop cleanly on Ctrl-C."""

from __future__ import annotations

import os
import socket
import threading
import webbrowser
from collections.abc import Callable

from pigsolve.solver.errors import PigsolveError

LOOPBACK = ("127.0.0.1", "localhost", "::1")


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


def serve(
    host: str, port: int, open_browser: bool, announce: Callable[[str], None] = print
) -> None:
    """Run the app at ``http://host:port`` until Ctrl-C; PigsolveError if the port is taken."""
    try:
        import uvicorn

        from pigsolve.ui.web.app import create_app
    except ImportError:
        raise PigsolveError("the GUI needs its extra: pip install -e '.[gui]'") from None
    if not 0 < port < 65536:
        raise PigsolveError(f"--port must be in 1..65535, got {port}")
    if not port_is_free(host, port):
        raise PigsolveError(f"port {port} is in use; try --port {free_port(host, port + 1)}")
    if host not in LOOPBACK:
        announce(f"warning: serving on {host}: anyone who can reach it can use it (no login)")
    url = f"http://{'localhost' if host in LOOPBACK else host}:{port}/"
    announce(f"pigsolve gui at {url} (Ctrl-C stops it)")
    if open_browser and "CI" not in os.environ:
        threading.Timer(0.5, webbrowser.open, [url]).start()
    uvicorn.run(create_app(), host=host, port=port, log_level="warning")
