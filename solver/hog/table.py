"""Optimal Hog tables on disk: the default path, writing, reading, computing when missing.

Format version 2 carries a checksum (:func:`solver.checksums.checksum`), compared on every checked
load; files of version 1, without one, are still read with the sample check alone.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

import numpy as np

from pigsolve.solver.errors import TableError
from pigsolve.solver.games.hog import MAX_ROLLS, RULES_FILE, HogRules, HogState
from pigsolve.solver.hog.solve import TIE, HogSolution
from pigsolve.solver.storage import TableFormat, data_dir, open_table, write_table
from pigsolve.solver.table_checks import (
    FLOAT,
    INTEGER,
    check_checksum,
    check_probabilities,
    damaged,
    read,
    table_checksum,
)

HOG_WORDS = {"verify": None, "compute": "pigsolve compute --game hog-fa16 --force (or hog-su20)"}
"""A damaged table's message names the command that rewrites it (``pigsolve verify --game
hog-fa16`` shows every check)."""
SAMPLE_LIMIT = 1e-9
"""The largest gap accepted in the sample: one backward pass is exact up to rounding."""

FORMAT = TableFormat("hog", 2, (1, 2))
"""Hog's tables: version 1 had no checksum."""


def default_path(rules: HogRules) -> Path:
    """Return ``data/hog-{name}-goal{G}.h5`` (``-noferal`` when Feral Hogs is off in su20);
    rules from a file are named by its name and a short hash of the rules, so that two files of
    one name do not share a table (``data/hog-my-rules-{hash}-goal{G}.h5``).

    >>> from pigsolve.solver.games.hog import hog_rules
    >>> str(default_path(hog_rules("fa21", 30)))
    'data/hog-fa21-goal30.h5'
    """
    if rules.from_file:
        slug = re.sub(r"[^a-z0-9]+", "-", rules.name.removesuffix(RULES_FILE).lower()).strip("-")
        digest = hashlib.sha256(rules.to_json().encode()).hexdigest()[:8]
        return data_dir() / f"hog-{slug or 'rules'}-{digest}-goal{rules.goal}.h5"
    suffix = "-noferal" if rules.name == "su20" and not rules.feral_hogs else ""
    return data_dir() / f"hog-{rules.name}-goal{rules.goal}{suffix}.h5"


def save(solution: HogSolution, path: str | os.PathLike, force: bool = False) -> Path:
    """Write ``solution`` atomically as a ``kind="hog"`` table (docs/reference/formats.md)."""
    attrs = {
        "rules": solution.rules.to_json(),
        "rule_set": solution.rules.name,
        "goal": solution.rules.goal,
        "method": solution.objective,  # the attribute's name since version 1: what was solved
        "seconds": solution.seconds,
        "p_first_player": solution.p_first_player,
        "opening_move": solution.opening_move,
        "tie_tolerance": TIE,
    }
    datasets = {"win_probability": solution.values, "policy": solution.policy}
    return write_table(path, FORMAT, datasets, attrs, force=force)


def load(path: str | os.PathLike, checked: bool = True) -> HogSolution:
    """Read a table written by :func:`save`; raise TableError if it is not one or is damaged.

    The datasets' shapes and types are checked against the stored rules before they are read;
    a ``checked`` table's values must be probabilities, its choices legal, for the optimal
    table a sample of states must satisfy the optimality equation (:func:`sampled_residual`),
    and its checksum must match (version 2).
    """
    path = Path(path)
    arrays: dict[str, np.ndarray] = {}
    with open_table(path, FORMAT) as f:
        try:
            rules = HogRules.from_json(str(f.attrs["rules"]))
            v = read(f, path, "win_probability", rules.shape, FLOAT, arrays, **HOG_WORDS)
            policy = read(f, path, "policy", rules.shape, INTEGER, arrays, **HOG_WORDS)
            objective, seconds = str(f.attrs["method"]), float(f.attrs["seconds"])
            version = int(f.attrs["format_version"])
            sums = table_checksum(f, arrays) if checked else (None, "")
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as err:
            raise TableError(f"{path} is not a complete hog table ({err})") from err
    solution = HogSolution(rules, v.astype(np.float64, copy=False), policy, objective, seconds)
    if checked:
        _check_values(solution, path)
        check_checksum(path, sums, required=version >= 2, **HOG_WORDS)
    return solution


def _check_values(solution: HogSolution, path: Path) -> None:
    """Raise TableError unless ``solution``'s values and choices are sound (see :func:`load`)."""
    rules = solution.rules
    check_probabilities(path, "win_probability", solution.values, **HOG_WORDS)
    policy = solution.policy
    if policy.size and not (rules.min_rolls <= policy.min() and policy.max() <= MAX_ROLLS):
        raise damaged(path, "numbers of dice outside the rules in policy", **HOG_WORDS)
    residual = sampled_residual(solution) if solution.objective == "optimal" else 0.0
    if not residual <= SAMPLE_LIMIT:
        raise damaged(
            path,
            f"its values break the optimality equation of its rules by up to {residual:.3g} "
            "in a sample of states",
            **HOG_WORDS,
        )


def sampled_residual(solution: HogSolution, states: int = 32, seed: int = 20040601) -> float:
    """Return the largest gap between the stored value and the best action's value
    (:func:`solver.hog.values.action_values`) over ``states`` states drawn with ``seed``."""
    from pigsolve.solver.hog.values import action_values

    rules, v = solution.rules, solution.values
    worst = 0.0
    rng = np.random.default_rng(seed)
    for _ in range(states):
        s, o, f, a, b = (int(rng.integers(0, n)) for n in rules.shape)
        values = action_values(rules, v, HogState(s, o, bool(f), a, b))
        worst = max(worst, abs(max(values.values()) - float(v[s, o, f, a, b])))
    return worst


def load_for(path: str | os.PathLike, rules: HogRules) -> HogSolution:
    """Return the optimal table of ``rules`` at ``path`` if it is sound (:func:`load`); else raise
    TableError saying why (damaged, other rules, not the optimal table)."""
    solution = load(path)
    if solution.rules != rules or solution.objective != "optimal":
        raise TableError(
            f"{path} holds the {solution.objective} table of {solution.rules.name} goal "
            f"{solution.rules.goal}, not the optimal table of {rules.name} goal {rules.goal}"
        )
    return solution


def compute_command(
    rules: HogRules, path: str | os.PathLike | None = None, goal: int | None = None
) -> str:
    """Return the ``pigsolve compute`` command that writes the table of ``rules`` (at ``goal``,
    if given) to ``path``; rules from a file name it (:func:`solver.games.hog_files.game_file`).

    >>> compute_command(HogRules("fa16", goal=50), "t.h5")
    'pigsolve compute --game hog-fa16 --goal 50 --out t.h5'
    """
    game = f"hog-{rules.name}"
    if rules.from_file:
        from pigsolve.solver.games.hog_files import game_file

        game = game_file(rules)
    words = [f"pigsolve compute --game {game} --goal {goal or rules.goal}"]
    if path is not None and Path(path) != default_path(rules):
        words.append(f"--out {path}")
    return " ".join(words)


def fits(rules: HogRules, available: int) -> str:
    """Return the largest goal of ``rules``'s rule set that fits ``available`` bytes, as the
    command that computes it."""
    from pigsolve.solver.hog.solve import memory_needed
    from pigsolve.solver.resources import largest_goal

    goal = largest_goal(lambda g: memory_needed(rules, g), rules.goal, available)
    if goal < 1:
        return "no goal fits"
    command = compute_command(rules, goal=goal)
    return f"the largest goal that fits is {goal}: `{command}`"
