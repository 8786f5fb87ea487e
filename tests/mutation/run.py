"""Mutation check: change one operator or constant of a module, run the tests that cover it, and
list the changes no test notices (the survivors).

Usage, from the repository's top level::

    python tests/mutation/run.py                      # every module in pyproject.toml
    python tests/mutation/run.py solver/engine.py     # one module
    python tests/mutation/run.py solver/engine.py --first 40 --list

The modules and the test files that cover each are listed in pyproject.toml under
``[tool.pigsolve.mutation]``. Each mutant is written into a copy of the package in a temporary
folder (the working tree is never touched) and the listed tests run against it with ``pytest -x``
in a fresh process, at most ``--timeout`` seconds (a mutant that hangs counts as caught). The
exit status is 1 if any mutant survived.
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LEFT_OUT = shutil.ignore_patterns(
    ".git", ".venv", ".ci-venv", "tests", "data", "docs", "*.egg-info", "__pycache__", ".*cache"
)
SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.And: ast.Or,
    ast.Or: ast.And,
}


@dataclass(frozen=True)
class Mutant:
    """One change: the ``number``-th site of a module, at ``line``, described by ``change``."""

    number: int
    line: int
    change: str


def skipped(node: ast.AST) -> bool:
    """Return True for a docstring (or any lone constant): a mutation there changes nothing."""
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)


def sites(tree: ast.Module) -> Iterator[tuple[ast.AST, str]]:
    """Yield every mutable node with the change a mutant makes there, in a fixed order.

    Docstrings, type annotations and decorators (``dataclass(frozen=True)``) are left alone.
    """
    ignored: set[int] = set()
    for node in ast.walk(tree):
        if skipped(node):
            ignored.update(id(inner) for inner in ast.walk(node))
        extras = [getattr(node, "annotation", None), getattr(node, "returns", None)]
        for extra in [*extras, *getattr(node, "decorator_list", [])]:
            if extra is not None:
                ignored.update(id(inner) for inner in ast.walk(extra))
    for node in ast.walk(tree):
        if id(node) in ignored:
            continue
        if isinstance(node, ast.Compare):
            op = next((op for op in node.ops if type(op) in SWAPS), None)
            if op is not None:
                yield node, f"{type(op).__name__} -> {SWAPS[type(op)].__name__}"
        elif isinstance(node, ast.BinOp | ast.AugAssign | ast.BoolOp) and type(node.op) in SWAPS:
            yield node, f"{type(node.op).__name__} -> {SWAPS[type(node.op)].__name__}"
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, "not x -> x"
        elif isinstance(node, ast.Constant) and type(node.value) in (bool, int):
            changed = (not node.value) if isinstance(node.value, bool) else node.value + 1
            yield node, f"{node.value!r} -> {changed!r}"


def mutate(source: str, number: int) -> tuple[str, Mutant]:
    """Return ``source`` with its ``number``-th site changed, and the mutant."""
    tree = ast.parse(source)
    node, change = list(sites(tree))[number]
    if isinstance(node, ast.Compare):
        index = next(i for i, op in enumerate(node.ops) if type(op) in SWAPS)
        node.ops[index] = SWAPS[type(node.ops[index])]()
    elif isinstance(node, ast.UnaryOp):
        node.operand = ast.UnaryOp(ast.Not(), node.operand)  # not not x: the truth of x
    elif isinstance(node, ast.Constant):
        node.value = (not node.value) if isinstance(node.value, bool) else node.value + 1
    else:
        node.op = SWAPS[type(node.op)]()
    return ast.unparse(ast.fix_missing_locations(tree)), Mutant(number, node.lineno, change)


def run_tests(package_parent: Path, tests: list[str], timeout: float) -> tuple[bool, float]:
    """Run ``tests`` against the package under ``package_parent``; return (passed, seconds)."""
    env = {**os.environ, "PYTHONPATH": str(package_parent), "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    start = time.perf_counter()
    try:
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, time.perf_counter() - start
    return done.returncode == 0, time.perf_counter() - start


def check_module(module: str, tests: list[str], first: int | None, timeout: float) -> list:
    """Return the surviving mutants of ``module`` (the first ``first`` sites, or all)."""
    source = (ROOT / module).read_text()
    count = len(list(sites(ast.parse(source))))
    numbers = range(count if first is None else min(first, count))
    with tempfile.TemporaryDirectory(prefix="pigsolve-mutants-") as tmp:
        package = Path(tmp) / "pigsolve"
        shutil.copytree(ROOT, package, ignore=LEFT_OUT)
        dotted = "pigsolve." + module.removesuffix(".py").replace("/", ".")
        found = subprocess.run(
            [sys.executable, "-c", f"import {dotted} as m; print(m.__file__)"],
            env={**os.environ, "PYTHONPATH": tmp},
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        if not found.startswith(tmp):
            raise SystemExit(f"error: the tests would import {found}, not the mutated copy")
        passed, seconds = run_tests(Path(tmp), tests, timeout=max(timeout, 600))
        if not passed:
            raise SystemExit(f"error: {' '.join(tests)} fail before any mutation")
        print(f"{module}: {len(numbers)} of {count} mutants, tests take {seconds:.0f} s")
        survivors = []
        for number in numbers:
            mutated, mutant = mutate(source, number)
            (package / module).write_text(mutated)
            survived, seconds = run_tests(Path(tmp), tests, timeout)
            if survived:
                survivors.append(mutant)
            verdict = "SURVIVED" if survived else "caught"
            print(f"  {number:4d}  line {mutant.line:4d}  {mutant.change:<22} {verdict}")
        (package / module).write_text(source)
    return survivors


def main() -> None:
    sys.stdout.reconfigure(line_buffering=True)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pigsolve"]["mutation"]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="modules to mutate (default: all configured)")
    parser.add_argument("--first", type=int, help="mutate only the first N sites of each module")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per test run")
    parser.add_argument("--list", action="store_true", help="list the mutants; run nothing")
    args = parser.parse_args()
    unknown = sorted(set(args.modules) - set(config))
    if unknown:
        parser.error(f"not configured in pyproject.toml: {', '.join(unknown)}")
    survivors = []
    for module in args.modules or list(config):
        if args.list:
            source = (ROOT / module).read_text()
            for number, (node, change) in enumerate(sites(ast.parse(source))):
                print(f"{module}  {number:4d}  line {node.lineno:4d}  {change}")
            continue
        survivors += [
            (module, m) for m in check_module(module, config[module], args.first, args.timeout)
        ]
    for module, mutant in survivors:
        print(f"survived: {module}:{mutant.line} {mutant.change} (mutant {mutant.number})")
    sys.exit(1 if survivors else 0)


if __name__ == "__main__":
    main()
