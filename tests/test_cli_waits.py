"""Say it before a wait: a command that will take 3 s or more says so first, on one line of
stderr, terminal or not (a first three-player `compute` compiled for 20 s in silence, and
`compute --goal 5000` printed nothing for 10 minutes when stdout was piped)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pigsolve.solver import compile_notes, durations
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.solve import solve_seconds

SLOW = "from pigsolve.solver import durations; durations.PIG_SECONDS['layered'] = 1e-4"
"""A machine 10**5 times slower than this one: goal 30 takes about 16 s by the model."""
ABOUT_16_S = r"(16 s|\d+ s, compiling its kernels first \(once\))"
"""The 16 s, or more with numba's compiling when the cache is empty (a fresh clone whose tests
ran this one first)."""


def run_slowly(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run ``pigsolve ARGS`` with stdout piped (not a terminal), timed by :data:`SLOW`."""
    code = f"{SLOW}; from pigsolve import cli; cli.run()"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
        check=False,
        env=env,
    )


@pytest.mark.slow
def test_a_long_compute_says_so_first_with_stdout_piped(workdir: Path) -> None:
    done = run_slowly("compute", "--goal", "30", "--out", "t.h5")
    assert done.returncode == 0, done.stderr
    # 6 outcomes * 30**3 * 1e-4 s = 16.2 s, and the compiling when no test compiled them before
    assert re.fullmatch(
        f"goal 30: solving takes about {ABOUT_16_S}; its table takes about 1 MiB of disk",
        done.stderr.splitlines()[0],
    )
    assert len(done.stderr.splitlines()) == 1 and done.stdout.startswith("P(0, 0, 0) = ")
    quiet = run_slowly("compute", "--goal", "30", "--out", "u.h5", "--quiet")
    assert (quiet.returncode, quiet.stderr, quiet.stdout) == (0, "", "")


def test_a_table_computed_on_the_way_says_how_long_it_takes(workdir: Path) -> None:
    done = run_slowly("query", "0", "0", "0", "--goal", "30")
    assert done.returncode == 0, done.stderr
    assert re.match(
        f"computing the optimal table for goal 30 and a 6-sided die: about {ABOUT_16_S} ",
        done.stderr,
    )


@pytest.mark.slow
def test_a_short_compute_says_nothing(workdir: Path, pigsolve) -> None:
    first = pigsolve("compute", "--goal", "30", "--out", "t.h5")  # compiles if it must
    done = pigsolve("compute", "--goal", "30", "--out", "u.h5")
    assert (first.returncode, done.returncode, done.stderr) == (0, 0, "")


@pytest.mark.slow
def test_compiling_is_foreseen_from_numba_s_own_cache_index(tmp_path: Path, pigsolve) -> None:
    """An empty cache: the Hog kernel is not compiled; after one `hog compute` it is."""
    env = os.environ | {"NUMBA_CACHE_DIR": str(tmp_path / "numba")}
    ask = (
        "from pigsolve.solver import durations; from pigsolve.solver.games.hog import hog_rules; "
        "print(durations.hog_solve(hog_rules('fa16', 5))[1])"
    )
    before = subprocess.run([sys.executable, "-c", ask], capture_output=True, text=True, env=env)
    assert (
        float(before.stdout) == durations.COMPILE_SECONDS[("pigsolve.solver.hog._kernels", "sweep")]
    )
    assert pigsolve("hog", "compute", "--goal", "5", "--out", "h.h5", env=env).returncode == 0
    after = subprocess.run([sys.executable, "-c", ask], capture_output=True, text=True, env=env)
    assert float(after.stdout) == 0.0


@pytest.mark.parametrize(
    ("rules", "seconds"),
    [
        (PigRules(1000), 6.1),  # docs/reference/benchmarks.md: 6.8 s wall, the solve 6.1 s
        (PigRules(100, players=4), 46.0),  # the solve, as compute prints it (45-48 s)
        (PigRules(100, players=3), 0.6),  # the solve (0.53-0.64 s)
    ],
)
def test_the_pig_model_gives_the_measured_times(rules, seconds) -> None:
    work, _ = solve_seconds(rules)
    assert work == pytest.approx(seconds, rel=0.25)


def test_the_hog_model_gives_the_measured_times() -> None:
    assert durations.hog_solve(hog_rules("su20", 100))[0] == pytest.approx(1.6, rel=0.25)
    assert durations.hog_solve(hog_rules("fa16", 100))[0] == pytest.approx(0.087, rel=0.25)


def said_while_compiling(first: str, env: dict[str, str]) -> list[str]:
    """Run ``first``, then compile two new kernels; return what was said meanwhile."""
    code = (
        "from pigsolve.solver import compile_notes, durations; "
        "compile_notes.say_unforeseen_compiling(lambda line: print('said:', line)); "
        f"{first}; "
        "from pigsolve.solver.jit import njit; "
        "f = njit(lambda x: x + 1); f(1); f(1.5); g = njit(lambda x: 2 * x); g(2)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.slow
def test_a_compile_no_estimate_foresaw_is_said_once_when_it_starts(tmp_path: Path) -> None:
    """The first simulation, comparison or tune compiled for 5 to 20 s in silence."""
    env = os.environ | {"NUMBA_CACHE_DIR": str(tmp_path / "numba")}
    assert said_while_compiling("pass", env) == [f"said: {compile_notes.UNFORESEEN}"]
    foresee = "durations.compile_seconds(('pigsolve.solver.hog._kernels', 'sweep'))"
    assert said_while_compiling(foresee, env) == []  # the estimate said it (the cache is empty)
