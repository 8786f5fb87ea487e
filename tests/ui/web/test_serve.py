"""``pigsolve gui`` as a process: the address it announces, Ctrl-C and SIGTERM mid-computation."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from pigsolve.solver.errors import PigsolveError
from pigsolve.ui.web.loopback import Server, request
from pigsolve.ui.web.serve import serve

WAIT_SECONDS = 120
"""The bound on every wait for the server (a busy machine is slow, a hung server never ends)."""


def workers_of(pid: int) -> list[int]:
    """Return the worker processes of ``pid`` (Linux; not multiprocessing's resource tracker)."""
    children = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children += [int(child) for child in (task / "children").read_text().split()]
    return [
        child for child in children if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()
    ]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize(
    "stop",
    [signal.SIGINT, pytest.param(signal.SIGTERM, marks=pytest.mark.slow)],
    ids=["ctrl-c", "sigterm"],
)
def test_a_signal_mid_computation_stops_the_server_and_its_worker(workdir: Path, stop) -> None:
    server = Server(workdir)
    try:
        log = server.log.read_text()
        assert f"pigsolve gui at http://127.0.0.1:{server.port}/" in log  # the bound address
        connection = http.client.HTTPConnection(server.host, server.port, timeout=WAIT_SECONDS)
        deadline = time.monotonic() + WAIT_SECONDS
        while True:  # until the worker reports progress: it is computing
            status, answer, _ = request(connection, "POST", "/api/pig/games", {"goal": 2000})
            assert status == 202 and time.monotonic() < deadline, answer
            if answer["progress"] is not None:
                break
            time.sleep(0.2)
        workers = workers_of(server.process.pid)
        assert workers
        server.process.send_signal(stop)
        server.process.wait(timeout=WAIT_SECONDS)
    finally:
        server.stop()
    assert server.process.returncode in (0, 130, -stop)
    assert not any(alive(worker) for worker in workers)
    assert list((workdir / "data").glob("*")) == []  # no table, no half-written file


def test_a_port_in_use_is_one_line_naming_a_free_one() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(PigsolveError, match=rf"port {port} is in use; try --port \d+"):
            serve("127.0.0.1", port, open_browser=False)


def test_gui_help_says_where_it_writes(pigsolve) -> None:
    done = pigsolve("gui", "--help")
    assert "./data/" in done.stdout and "--cache-mib" in done.stdout


def test_gui_without_its_extra_names_the_extra_in_one_line() -> None:
    """The server's modules import Starlette and uvicorn at their top: without them, `gui`
    says which extra to install, not an internal error."""
    code = (
        "import builtins, sys\n"
        "real = builtins.__import__\n"
        "def without_gui(name, *args, **kwargs):\n"
        "    if name.startswith(('starlette', 'uvicorn')):\n"
        "        raise ImportError(name)\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = without_gui\n"
        "sys.argv = ['pigsolve', 'gui', '--no-browser', '--port', '0']\n"
        "from pigsolve import cli\n"
        "cli.run()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and done.stdout == ""
    assert (
        done.stderr.startswith("error: the GUI needs the gui extra")
        and done.stderr.count("\n") == 1
    )
