"""A fresh ``pigsolve gui`` on loopback and the page's requests to it: what the load tests of
``pigsolve bench`` (:mod:`ui.web.bench`, :mod:`ui.web.worst`) play against."""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import sys
import time
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

from pigsolve.solver.registry import DEFAULT

API = f"/api/{DEFAULT}"
"""The routes of the default family, whose games (its page form's goal 100 first) are played."""
START_SECONDS = 60
LOAD_SECONDS = 300
"""A load test stops after this long even if its large table is not done."""


def _limit_files(limit: tuple[int, int]) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, limit)


class Server:
    """``pigsolve gui --port 0`` in a fresh process in ``folder``; its output goes to a file
    (never a pipe a worker could hold open)."""

    def __init__(self, folder: Path, open_files: int | None = None) -> None:
        """``open_files``: the server's hard limit of open files (None: this process's)."""
        self.log = folder / "gui.log"
        command = [sys.executable, "-c", "from pigsolve import cli; cli.run()", "gui"]
        limit = None if open_files is None else (open_files, open_files)
        with self.log.open("w") as out:
            self.process = subprocess.Popen(
                [*command, "--no-browser", "--port", "0"],
                cwd=folder,
                stdout=out,
                stderr=out,
                preexec_fn=None if limit is None else lambda: _limit_files(limit),
            )
        deadline = time.monotonic() + START_SECONDS
        while not (match := re.search(r"http://([\d.]+):(\d+)/", self.log.read_text())):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"pigsolve gui did not start: {self.log.read_text()}")
            time.sleep(0.05)
        self.host, self.port = match.group(1), int(match.group(2))

    def peak_mib(self, field: str = "VmHWM") -> float | None:
        """Return the server process's peak resident memory so far (Linux; ``field`` VmRSS:
        its resident memory now), its workers apart."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return None
        match = re.search(rf"{field}:\s+(\d+) kB", status)
        return int(match.group(1)) / 1024 if match else None

    def stop(self) -> int | None:
        """Stop the server as Ctrl-C does; return its exit code."""
        if self.process.poll() is None:
            self.process.send_signal(2)
            try:
                self.process.wait(timeout=START_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def request(
    connection: http.client.HTTPConnection,
    method: str,
    path: str,
    body: Any = None,
    cookies: SimpleCookie | None = None,
) -> tuple[int, Any, float]:
    """Send one request as the page does (with ``cookies``, which keep those the answer sets);
    return its status, its body (JSON, or text) and its round trip."""
    from pigsolve.ui.web.guard import PAGE_HEADERS  # the gui extra's

    start = time.perf_counter()
    data = None if body is None else json.dumps(body)
    headers = {"Content-Type": "application/json"} | PAGE_HEADERS  # as the page's requests
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={m.coded_value}" for k, m in cookies.items())
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    raw = response.read()
    if cookies is not None:
        for cookie in response.headers.get_all("Set-Cookie") or []:
            cookies.load(cookie)
    seconds = time.perf_counter() - start
    kind = response.getheader("Content-Type", "")
    return response.status, json.loads(raw) if "json" in kind else raw, seconds
