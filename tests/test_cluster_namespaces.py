"""A Dask cluster of several hosts rehearsed in network namespaces on this machine: a scheduler
and two one-thread workers, each listening only on its own address, and `pigsolve compute
--scheduler` on a fourth host. One worker's host vanishes mid-solve (its processes killed, its
namespace deleted); the solve ends on the other, equal to the in-memory table bit for bit.

Skipped where namespaces cannot be made (not root, no iproute2, no CAP_NET_ADMIN)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import h5py
import numpy as np
import pytest

pytest.importorskip("distributed")
pytest.importorskip("zarr")

import namespaces
import zarr

GAME = ["--players", "4", "--goal", "45"]
ROUNDS = 17
"""The game's rounds of blocks (blocks of 9 scores, 5 a score: block sums 0 to 16); the middle
rounds have several tasks a worker."""
TEARDOWN_AT = 5
"""Rounds finished when a worker's host is torn down: the sixth, of 13 tasks, is under way."""
PORT = "8786"
SCHEDULER = f"tcp://{namespaces.SUBNET}.1:{PORT}"
SECONDS = 600
"""The bound on every wait: generous for a busy machine, finite for a hung cluster."""
DASK = Path(sys.executable).with_name("dask")
WAIT_FOR_TWO = f"""
from distributed import Client
with Client("{SCHEDULER}", timeout="{SECONDS}s") as client:
    client.wait_for_workers(2, timeout={SECONDS})
"""
"""A script that returns once the scheduler has both workers."""


@pytest.fixture(scope="module")
def namespaces_work() -> None:
    """Skip, saying why, unless network namespaces joined by a bridge can be made here."""
    if not DASK.exists():
        pytest.skip(f"a cluster in network namespaces needs a dask entry point at {DASK}")
    reason = namespaces.why_not(f"pigsolve{os.getpid()}probe")
    if reason is not None:
        pytest.skip(f"network namespaces cannot be made: {reason}")


@pytest.fixture
def cluster(namespaces_work, workdir: Path) -> Iterator[namespaces.Network]:
    """Yield hosts ``scheduler`` (.1), ``worker1`` (.2), ``worker2`` (.3) running a Dask cluster
    of two one-thread workers, and ``client`` (.4); all torn down after."""
    with namespaces.hosts(f"pigsolve{os.getpid()}") as network:
        for number, host in enumerate(["scheduler", "worker1", "worker2", "client"], start=1):
            network.add_host(host, number)
        scheduler = [str(DASK), "scheduler", "--host", f"{namespaces.SUBNET}.1", "--port", PORT]
        network.start("scheduler", [*scheduler, "--no-dashboard"], workdir / "scheduler.log")
        for number, host in enumerate(["worker1", "worker2"], start=2):
            worker = [str(DASK), "worker", SCHEDULER, "--host", f"{namespaces.SUBNET}.{number}"]
            options = ["--nthreads", "1", "--no-nanny", "--no-dashboard", "--name", host]
            scratch = ["--local-directory", str(workdir / host)]
            network.start(host, [*worker, *options, *scratch], workdir / f"{host}.log")
        ready = network.run("client", [sys.executable, "-c", WAIT_FOR_TWO], timeout=SECONDS)
        assert ready.returncode == 0, ready.stderr + logs(workdir)
        yield network


def logs(folder: Path) -> str:
    """Return the cluster's and the client's logs in ``folder``, each under its name."""
    return "".join(f"\n--- {log.name}\n{log.read_text()}" for log in sorted(folder.glob("*.log")))


def finished_rounds(url: Path) -> int:
    """Return how many rounds the store at ``url`` counts finished (0 before it counts any)."""
    if not (url / "zarr.json").exists():  # Zarr writes it whole, by a rename
        return 0
    return int(zarr.open_group(url, mode="r").attrs.get("finished", 0))  # the group comes first


def wait_until(
    condition: Callable[[], bool], client: subprocess.Popen, what: str, folder: Path
) -> None:
    """Return once ``condition()`` holds; fail with the logs in ``folder`` if the ``client``
    ends first or SECONDS pass."""
    deadline = time.monotonic() + SECONDS
    while not condition():
        if client.poll() is not None:
            pytest.fail(f"the client ended (exit {client.returncode}) before {what}{logs(folder)}")
        if time.monotonic() > deadline:
            pytest.fail(f"no {what} in {SECONDS} s{logs(folder)}")
        time.sleep(0.05)


@pytest.mark.slow
def test_a_solve_outlives_a_worker_host_torn_down_mid_solve(cluster, pigsolve, workdir) -> None:
    url = workdir / "t.zarr"
    compute = pigsolve.command("compute", *GAME, "--store", str(url), "--scheduler", SCHEDULER)
    client = cluster.start("client", compute, workdir / "client.log")
    enough = f"{TEARDOWN_AT} rounds"
    wait_until(lambda: finished_rounds(url) >= TEARDOWN_AT, client, enough, workdir)
    client.send_signal(signal.SIGSTOP)  # no round is finished meanwhile: the count is exact
    try:
        torn_down_at = finished_rounds(url)
        cluster.tear_down("worker2")
    finally:
        client.send_signal(signal.SIGCONT)
    try:
        assert client.wait(SECONDS) == 0, logs(workdir)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the client hung {SECONDS} s after the teardown{logs(workdir)}")
    assert f"on 2 workers at {SCHEDULER}" in (workdir / "client.log").read_text()
    assert torn_down_at < ROUNDS == finished_rounds(url)

    in_memory = pigsolve("compute", *GAME, "--out", "m.h5", "--quiet")
    converted = pigsolve("convert", str(url), "--out", "t.h5")
    verified = pigsolve("verify", str(url))
    for done in (in_memory, converted, verified):
        assert done.returncode == 0, done.stdout + done.stderr
    with h5py.File("t.h5") as store, h5py.File("m.h5") as table:
        assert sorted(store) == sorted(table)
        assert all(np.array_equal(store[name][()], table[name][()]) for name in table)
    seconds = float(zarr.open_group(url, mode="r").attrs["solve_seconds"])
    print(
        f"solved in {seconds:.1f} s; worker2's host torn down with {torn_down_at} of {ROUNDS} "
        f"rounds finished, {ROUNDS - torn_down_at} finished after on worker1; tables equal"
    )
