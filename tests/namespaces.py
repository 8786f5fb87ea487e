"""Hosts in Linux network namespaces joined by one bridge: a cluster of several machines
rehearsed on one, each host with its own address, any of them torn down as a machine that
vanishes.

The bridge sits in a namespace of its own and every host's link is a veth pair from it, so the
root namespace is never changed: deleting the namespaces removes the links with them, and two
runs (their names carry the process id) never clash, even on the same addresses.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

SUBNET = "10.213.0"
"""The hosts' /24 network: host ``n`` is at ``10.213.0.n``, seen only inside the namespaces."""

COMMAND_SECONDS = 30
"""The bound on one ``ip`` command and on reaping a killed process."""


def ip(*args: str) -> str:
    """Run ``ip ARGS`` and return its output; CalledProcessError if it fails."""
    done = subprocess.run(
        ["ip", *args], capture_output=True, text=True, timeout=COMMAND_SECONDS, check=True
    )
    return done.stdout


def why_not(prefix: str) -> str | None:
    """Return why namespaces joined by a bridge cannot be made here, or None if they can."""
    if os.geteuid() != 0:
        return "not root"
    if shutil.which("ip") is None:
        return "no ip command (iproute2)"
    try:
        with hosts(prefix) as network:
            network.add_host("probe", 1)
    except subprocess.CalledProcessError as error:
        return f"`{' '.join(error.cmd)}` failed: {error.stderr.strip()}"
    return None


@contextlib.contextmanager
def hosts(prefix: str) -> Iterator[Network]:
    """Yield a network of no hosts yet, its namespaces named ``PREFIX-NAME``; tear down every
    host, the bridge and the processes started after, whatever happened."""
    network = Network(prefix)
    try:
        network.add_namespace("switch")
        ip("-n", network.namespace("switch"), "link", "add", "br0", "type", "bridge")
        ip("-n", network.namespace("switch"), "link", "set", "br0", "up")
        yield network
    finally:
        network.close()


class Network:
    """Hosts (namespaces) on the bridge ``br0`` of the namespace ``PREFIX-switch``."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.namespaces: list[str] = []
        self.processes: list[subprocess.Popen[bytes]] = []

    def namespace(self, name: str) -> str:
        """Return the namespace of the host ``name``."""
        return f"{self.prefix}-{name}"

    def add_namespace(self, name: str) -> None:
        """Make the namespace of ``name`` (deleted by :meth:`close`)."""
        ip("netns", "add", self.namespace(name))
        self.namespaces.append(self.namespace(name))

    def add_host(self, name: str, number: int) -> str:
        """Make the host ``name`` at ``SUBNET.number`` on the bridge; return its address."""
        namespace, port, address = self.namespace(name), f"port{number}", f"{SUBNET}.{number}"
        self.add_namespace(name)
        switch = self.namespace("switch")
        peer = ["peer", "name", "eth0", "netns", namespace]
        ip("-n", switch, "link", "add", port, "type", "veth", *peer)
        ip("-n", switch, "link", "set", port, "master", "br0", "up")
        ip("-n", namespace, "addr", "add", f"{address}/24", "dev", "eth0")
        ip("-n", namespace, "link", "set", "eth0", "up")
        ip("-n", namespace, "link", "set", "lo", "up")
        return address

    def start(self, host: str, argv: Sequence[str], log: Path) -> subprocess.Popen[bytes]:
        """Start ``argv`` on ``host``, its output (both streams) to ``log``."""
        with log.open("wb") as out:
            process = subprocess.Popen(
                ["ip", "netns", "exec", self.namespace(host), *argv],
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self.processes.append(process)
        return process

    def run(self, host: str, argv: Sequence[str], timeout: float) -> subprocess.CompletedProcess:
        """Run ``argv`` on ``host`` to its end (at most ``timeout`` seconds); return the result."""
        command = ["ip", "netns", "exec", self.namespace(host), *argv]
        return subprocess.run(command, capture_output=True, text=True, timeout=timeout)

    def tear_down(self, host: str) -> None:
        """Kill (SIGKILL) every process on ``host`` and delete its namespace and link: the
        machine vanishes."""
        namespace = self.namespace(host)
        _kill(ip("netns", "pids", namespace))
        ip("netns", "del", namespace)
        self.namespaces.remove(namespace)

    def close(self) -> None:
        """Tear down every host left and the bridge's namespace, then reap the processes."""
        for namespace in reversed(self.namespaces):
            pids = ["ip", "netns", "pids", namespace]
            _kill(subprocess.run(pids, capture_output=True, text=True).stdout)
            subprocess.run(["ip", "netns", "del", namespace], capture_output=True)
        self.namespaces.clear()
        for process in self.processes:
            process.kill()  # a no-op for those reaped already
            process.wait(COMMAND_SECONDS)


def _kill(pids: str) -> None:
    """Send SIGKILL to the processes whose ids ``pids`` lists, one a line."""
    for pid in pids.split():
        with contextlib.suppress(ProcessLookupError):  # exited meanwhile
            os.kill(int(pid), signal.SIGKILL)
