"""Tolerances are named: no 1e-12 is written in the package's code but as a named constant."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pigsolve

PACKAGE = Path(pigsolve.__file__).parent
SOURCES = [
    *(path for folder in ("solver", "policies", "ui") for path in (PACKAGE / folder).rglob("*.py")),
    PACKAGE / "cli.py",
    PACKAGE / "__init__.py",
]


def constants_and_bare(tree: ast.Module, value: float) -> tuple[dict[str, bool], list[int]]:
    """Return the module's UPPER_CASE constants set to ``value``, each with whether a docstring
    follows it, and the lines where ``value`` is written anywhere else."""
    constants, named = {}, set()
    for statement, after in zip(tree.body, [*tree.body[1:], None], strict=True):
        if (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)
            and statement.targets[0].id.isupper()
            and isinstance(statement.value, ast.Constant)
            and statement.value.value == value
        ):
            named.add(id(statement.value))
            constants[statement.targets[0].id] = (
                isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            )
    bare = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, float)
        and node.value == value
        and id(node) not in named
    ]
    return constants, bare


def test_every_1e_12_is_a_named_constant_with_a_docstring() -> None:
    constants, bare = {}, []
    for path in SOURCES:
        found, lines = constants_and_bare(ast.parse(path.read_text()), 1e-12)
        constants |= {f"{path.relative_to(PACKAGE)}:{name}": doc for name, doc in found.items()}
        bare += [f"{path.relative_to(PACKAGE)}:{line}" for line in lines]
    assert bare == [], "1e-12 written bare: name it"
    assert all(constants.values()), "a constant without a docstring saying what it bounds"
    assert {
        "solver/pig/tolerances.py:DEFAULT_TOLERANCE",
        "solver/results.py:MAX_RESIDUAL",
        "solver/pig/tolerances.py:WRONG_CHOICE",
        "solver/pig/verify.py:MAX_SUM_ERROR",
        "solver/pig/scan.py:MAX_FALL",
        "solver/hog/solve.py:TIE",
        "policies/kinds.py:EDGE_GAIN",
    } <= set(constants)


def test_the_command_line_defaults_are_the_constants() -> None:
    from pigsolve.solver import results
    from pigsolve.solver.pig import solve, tolerances
    from pigsolve.ui.adapters.pig import TOLERANCE
    from pigsolve.ui.commands import tables

    assert solve.DEFAULT_TOLERANCE == results.MAX_RESIDUAL == 1e-12  # the figures the docs show
    check = inspect.signature(tables.verify).parameters
    assert check["max_residual"].default is results.MAX_RESIDUAL
    # --tolerance left out is the solver's default, which its help names
    assert f"default {tolerances.DEFAULT_TOLERANCE:g}" in TOLERANCE.annotation.__metadata__[0].help
