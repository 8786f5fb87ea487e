"""Fixtures shared by every test: a temporary working folder, rules builders, the equilibrium
player and the `pigsolve` command in a fresh process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest

os.environ.pop("COLUMNS", None)  # pytest-xdist's workers set 80: the console's width is ours

from pigsolve.policies.pig.optimal import EquilibriumPolicy
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.solve import solve

sys.path.insert(0, str(Path(__file__).parent))  # the toy family's module, tests/coin_race.py
pytest_plugins = ("coin_race",)  # its fixture ``coin_race`` registers it for one test

PROCESS_SECONDS = 300
"""The bound on one `pigsolve` process: generous for a busy machine, finite for a hung one."""


@pytest.fixture(autouse=True)
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run every test in its own empty folder: tables computed by default land in its data/."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(autouse=True)
def interruptible() -> Iterator[None]:
    """Let Ctrl-C work as at a terminal even where the tests started with SIGINT ignored (as a
    background job of a shell without job control starts them): Python then raises no
    KeyboardInterrupt, and the processes a test starts inherit the ignoring."""
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    main = threading.current_thread() is threading.main_thread()
    if ignored and main:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        if ignored and main:
            signal.signal(signal.SIGINT, signal.SIG_IGN)


def table_rules(roll: np.ndarray, die: int) -> PigRules:
    """Return the rules of a roll table's goal with a ``die``-sided die."""
    return PigRules(roll.shape[-1], die)


@pytest.fixture(scope="session")
def rules_of() -> Callable[[np.ndarray, int], PigRules]:
    """Return :func:`table_rules`, the two-player rules a roll table was made for."""
    return table_rules


def solve_equilibrium(rules: PigRules) -> EquilibriumPolicy:
    """Return the equilibrium player of ``rules`` (N players), solved in memory."""
    return EquilibriumPolicy(solve(rules, full=False))


@pytest.fixture(scope="session")
def equilibrium_of() -> Callable[[PigRules], EquilibriumPolicy]:
    """Return :func:`solve_equilibrium`, the equilibrium player of any rules."""
    return solve_equilibrium


class Pigsolve:
    """The `pigsolve` command run in a fresh Python process, in the current folder."""

    timeout = PROCESS_SECONDS

    def command(self, *args: str) -> list[str]:
        """Return the argument list that runs ``pigsolve ARGS``."""
        return [sys.executable, "-c", "from pigsolve import cli; cli.run()", *args]

    def __call__(
        self,
        *args: str,
        stdin: str | None = None,
        env: dict[str, str] | None = None,
        cwd: Path | None = None,
        prefix: Sequence[str] = (),
        timeout: float = timeout,
    ) -> subprocess.CompletedProcess[str]:
        """Run ``pigsolve ARGS`` to its end (at most ``timeout`` seconds) and return the result.

        Without ``stdin`` the process reads an empty standard input; ``prefix`` runs the command
        through another (e.g. ``setpriv ...``).
        """
        return subprocess.run(
            [*prefix, *self.command(*args)],
            input=stdin,
            stdin=subprocess.DEVNULL if stdin is None else None,
            capture_output=True,
            text=True,
            env=env,
            cwd=cwd,
            timeout=timeout,
            check=False,
        )


@pytest.fixture(scope="session")
def pigsolve() -> Pigsolve:
    """Return the runner of `pigsolve` in a fresh process."""
    return Pigsolve()
