"""Commands import only what they use: no HDF5, numba, scipy or web server where none is needed.

What each command imports is checked, not how long it takes (timing is `pigsolve bench`'s job).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = {
    "h5py",
    "numba",
    "scipy",
    "starlette",
    "uvicorn",
    "matplotlib",
    "pydantic",
    "numpy",
    "rich",
}

IMPORTED = f"""
import sys
from pigsolve import cli
sys.argv = ["pigsolve", *sys.argv[1:]]
try:
    cli.run()
except SystemExit:
    pass
print(" ".join(sorted({{name.split(".")[0] for name in sys.modules}} & {HEAVY!r})), file=sys.stderr)
"""


def heavy_imports(args: list[str], cwd: Path) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", IMPORTED, *args],
        cwd=cwd,
        input="h\n" * 50,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return set(done.stderr.splitlines()[-1].split())


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """A folder whose data/ holds the goal-20 table (made by another process)."""
    folder = tmp_path_factory.mktemp("startup")
    made = subprocess.run(
        [sys.executable, "-m", "pigsolve", "compute", "--goal", "20", "--quiet"], cwd=folder
    )
    assert made.returncode == 0
    return folder


@pytest.mark.parametrize(
    ("args", "needed"),
    [
        (["--version"], set()),
        (["--help"], set()),
        (["hog", "--help"], set()),
        (["policies"], {"numpy", "rich"}),
        (["play", "--goal", "20", "--seed", "1"], {"numpy", "rich"}),
        (["query", "0", "0", "0", "--goal", "20"], {"h5py", "numpy"}),
        (["info", "--goal", "20"], {"h5py", "numpy", "rich"}),
        (["compare", "hold20", "hold25", "--goal", "20"], {"numba", "numpy", "rich", "scipy"}),
    ],
    ids=["version", "help", "hog-help", "policies", "play", "query", "info", "compare"],
)
def test_a_command_imports_only_what_it_uses(folder: Path, args, needed) -> None:
    # numba brings scipy with it; typer from 0.29 on would bring pydantic to every command.
    assert heavy_imports(args, folder) <= needed


@pytest.mark.slow
def test_bench_times_start_up_beside_python_itself() -> None:
    from pigsolve.solver.bench import bench_startup

    rows = bench_startup([sys.executable, "-m", "pigsolve"], repeats=1)
    names = [row["benchmark"] for row in rows]
    assert names == [
        "python -c pass, fresh process",
        "pigsolve --version, fresh process",
        "pigsolve query 0 0 0, fresh process",
    ]
    assert rows[0]["times_python_start"] == 1.0
    assert all(row["seconds"] > 0 for row in rows)
    assert [row["target_seconds"] for row in rows] == [None, 0.15, 0.3]


SKIPPED_PROBE = """
import sys
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig import solve
solution = solve.solve(PigRules(goal=12))
print("scipy.linalg" in sys.modules, file=sys.stderr)
from scipy.stats import binomtest
import scipy.linalg
print(round(binomtest(3, 10).pvalue, 6), scipy.linalg.norm([3.0, 4.0]), file=sys.stderr)
"""


@pytest.mark.slow
def test_kernels_skip_numbas_blas_probe_and_scipy_still_works(tmp_path: Path) -> None:
    """Solving loads no scipy.linalg (numba's probe, 0.2 s); scipy is whole again after."""
    done = subprocess.run(
        [sys.executable, "-c", SKIPPED_PROBE],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.split()[-3:] == ["False", "0.34375", "5.0"]
