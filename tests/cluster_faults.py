"""Faults on a store's Dask solve, as hooks (:data:`solver.cluster.Hook`): the client stopped
after a layer, a worker killed in the middle of one."""

from __future__ import annotations

import os
import signal
from typing import Any

from distributed import wait


class Stop(Exception):
    """The client stopped after some layers."""


def stop_after(stop_at: int):
    """Return a hook that stops the client once layer ``stop_at`` is finished."""

    def stop(stage: str, layer: int, _) -> None:
        if stage == "finished" and layer == stop_at:
            raise Stop

    return stop


def kill_a_worker(client: Any, at: int, killed: list[int]):
    """Return a hook that kills (SIGKILL) the worker holding a solve of layer ``at`` once the
    layer's solves are done but not written (the values only in the workers' memory), and
    appends its process id to ``killed``."""

    def kill(stage: str, layer: int, solves: list) -> None:
        if stage == "solved" and layer == at and not killed:
            wait(solves)
            holder = next(iter(client.who_has(solves[0])[solves[0].key]))
            pid = client.run(os.getpid, workers=[holder])[holder]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    return kill
