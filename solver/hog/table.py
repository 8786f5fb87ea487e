"""Optimal Hog tables on disk: the default path, writing, reading, computing when missing."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import numpy as np

from pigsolve.solver.durations import hog_solve, wait_words
from pigsolve.solver.errors import MissingTable, TableError
from pigsolve.solver.games.hog import HogRules
from pigsolve.solver.hog.solve import TIE, HogSolution, solve
from pigsolve.solver.storage import open_table, save_or_say_why, write_table

KIND = "hog"


def default_path(rules: HogRules) -> Path:
    """Return ``data/hog-{name}-goal{G}.h5`` (``-noferal`` when Feral Hogs is off in su20)."""
    suffix = "-noferal" if rules.name == "su20" and not rules.feral_hogs else ""
    return Path("data") / f"hog-{rules.name}-goal{rules.goal}{suffix}.h5"


def save(solution: HogSolution, path: str | os.PathLike, force: bool = False) -> Path:
    """Write ``solution`` atomically as a ``kind="hog"`` table (docs/reference/formats.md)."""
    attrs = {
        "rules": solution.rules.to_json(),
        "rule_set": solution.rules.name,
        "goal": solution.rules.goal,
        "method": solution.method,
        "seconds": solution.seconds,
        "p_first_player": solution.p_first_player,
        "opening_move": solution.opening_move,
        "tie_tolerance": TIE,
    }
    datasets = {"win_probability": solution.win_probability, "policy": solution.policy}
    return write_table(path, KIND, datasets, attrs, force=force)


def load(path: str | os.PathLike) -> HogSolution:
    """Read a table written by :func:`save`; raise TableError if it is not one."""
    with open_table(path, KIND) as f:
        try:
            rules = HogRules.from_json(str(f.attrs["rules"]))
            v = f["win_probability"][...]
            policy = f["policy"][...]
            method, seconds = str(f.attrs["method"]), float(f.attrs["seconds"])
        except (KeyError, TypeError, ValueError) as err:
            raise TableError(f"{path} is not a complete hog table ({err})") from err
    if v.shape != rules.shape or policy.shape != rules.shape:
        raise TableError(f"{path}: table shape {v.shape} does not match its rules {rules.shape}")
    return HogSolution(rules, v, policy, method, seconds)


def load_for(path: str | os.PathLike, rules: HogRules) -> HogSolution:
    """Return the optimal table of ``rules`` at ``path`` if its values are finite; else raise
    TableError saying why (damaged, other rules, not the optimal table)."""
    solution = load(path)
    if solution.rules != rules or solution.method != "optimal":
        raise TableError(
            f"{path} holds the {solution.method} table of {solution.rules.name} goal "
            f"{solution.rules.goal}, not the optimal table of {rules.name} goal {rules.goal}"
        )
    if not np.isfinite(solution.win_probability).all():
        raise TableError(f"{path} is damaged (values that are not finite numbers)")
    return solution


def require(path: str | os.PathLike, rules: HogRules) -> Path:
    """Return ``path`` if a file is there; else raise MissingTable with the command that makes
    it."""
    if not Path(path).exists():
        command = f"pigsolve hog compute --rules {rules.name} --goal {rules.goal} --out {path}"
        raise MissingTable(f"no table at {path}; create it with `{command}`")
    return Path(path)


def load_or_compute(
    rules: HogRules,
    path: str | os.PathLike | None = None,
    announce: Callable[[str], None] | None = None,
) -> HogSolution:
    """Return the optimal solution stored at ``path`` (default :func:`default_path`).

    If the file is missing, solve, tell ``announce`` in one line and save it (or keep it in
    memory only, saying why, if ``path`` cannot be written). A stored table for
    other rules raises TableError. The CLI lets users name only tables that exist
    (:func:`require`).
    """
    path = Path(path) if path is not None else default_path(rules)
    if path.exists():
        return load_for(path, rules)
    if announce is not None:
        wait = wait_words(hog_solve(rules))
        taking = f": {wait}" if wait else ""
        announce(
            f"computing the optimal {rules.name} Hog table (goal {rules.goal}) into {path}{taking}"
        )
    solution = solve(rules)
    save_or_say_why(lambda target: save(solution, target), path, announce)
    return solution
