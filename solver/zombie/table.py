"""Zombie Dice tables on disk: the default path, writing, reading (checked before it is believed).

A table is a ``kind="zombie"`` file of :mod:`solver.storage`: the rules as JSON, the datasets
``first`` and ``second`` (each seat's chance at the start of its turn, scores below the goal),
``last_second`` and ``last_first`` (a last turn's chance by the brains it needs) and the
tiebreaker's chance as an attribute. On loading the shapes, the probabilities, the checksum and
a sample of turns rebuilt from the values (the optimality equation) are checked.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.zombie import FILES, RULE_SETS, ZombieRules, rule_set_name
from pigsolve.solver.storage import TableFormat, data_dir, open_table, write_table
from pigsolve.solver.table_checks import (
    FLOAT,
    check_checksum,
    check_probabilities,
    damaged,
    read,
    table_checksum,
)
from pigsolve.solver.zombie.solution import ZombieSolution
from pigsolve.solver.zombie.solve import Ends, ceiling

FORMAT = TableFormat("zombie", 1, (1,))
SAMPLE_PAIRS = 6
"""Score pairs whose turns are rebuilt and checked on loading."""
SAMPLE_LIMIT = 1e-9
"""The largest gap accepted between a stored value and its rebuilt turn's."""
NO_TIEBREAK = -1.0
"""The stored tiebreaker's chance of rules without one."""


def default_path(rules: ZombieRules) -> Path:
    """Return ``data/zombie-{name}-goal{G}.h5``, ``name`` the rule set's.

    >>> str(default_path(ZombieRules()))
    'data/zombie-zombie-dice-goal13.h5'
    """
    return data_dir() / f"zombie-{rule_set_name(rules)}-goal{rules.goal}.h5"


def compute_command(rules: ZombieRules, path: str | os.PathLike | None = None) -> str:
    """Return the command that writes the table of ``rules`` (at ``path``).

    >>> compute_command(ZombieRules(goal=8), "t.h5")
    'pigsolve compute --game zombie-dice --goal 8 --out t.h5'
    """
    name = rule_set_name(rules)
    game = name if name in RULE_SETS else FILES.get(rules, "GAME.toml")
    words = [f"pigsolve compute --game {game}"]
    if name not in RULE_SETS or rules.goal != RULE_SETS[name].goal:
        words.append(f"--goal {rules.goal}")
    if path is not None and Path(path) != default_path(rules):
        words.append(f"--out {path}")
    return " ".join(words)


def _words(rules: ZombieRules | None) -> dict[str, str | None]:
    name = "zombie-dice" if rules is None else rule_set_name(rules)
    game = name if name in RULE_SETS else "zombie-dice"
    return {"verify": "pigsolve verify", "compute": f"pigsolve compute --game {game} --force"}


def save(solution: ZombieSolution, path: str | os.PathLike, force: bool = False) -> Path:
    """Write ``solution`` atomically as a ``kind="zombie"`` table."""
    ends = solution.ends
    last_first = ends.last_first if ends.last_first is not None else np.zeros(0)
    attrs = {
        "rules": solution.rules.to_json(),
        "rule_set": rule_set_name(solution.rules),
        "goal": solution.rules.goal,
        "margin": solution.margin,
        "tiebreak": NO_TIEBREAK if ends.tiebreak is None else ends.tiebreak,
        "method": solution.method,
        "residual": solution.residual,
        "num_iter": solution.num_iter,
        "seconds": solution.seconds,
        "p_first_player": solution.p_first_player,
    }
    datasets = {
        "first": solution.first,
        "second": solution.second,
        "last_second": ends.last_second,
        "last_first": last_first,
    }
    return write_table(path, FORMAT, datasets, attrs, force=force)


def load(path: str | os.PathLike, checked: bool = True) -> ZombieSolution:
    """Read a table written by :func:`save`; TableError in one line if it is not one or is
    damaged (``checked``: the values and a sample of the optimality equation too)."""
    path = Path(path)
    rules = None
    arrays: dict[str, np.ndarray] = {}
    with open_table(path, FORMAT) as f:
        try:
            rules = ZombieRules.from_json(str(f.attrs["rules"]))
            words = _words(rules)
            goal, margin = rules.goal, int(f.attrs["margin"])
            if not 0 <= margin <= 1000:
                raise ValueError(f"margin {margin}")
            needs = ceiling(rules, margin) + 2
            first = read(f, path, "first", (goal, goal), FLOAT, arrays, **words)
            second = read(f, path, "second", (goal, goal), FLOAT, arrays, **words)
            last_second = read(f, path, "last_second", (needs,), FLOAT, arrays, **words)
            last_size = needs if rules.finish == "last-turn" else 0
            last_first = read(f, path, "last_first", (last_size,), FLOAT, arrays, **words)
            tiebreak = float(f.attrs["tiebreak"])
            method, seconds = str(f.attrs["method"]), float(f.attrs["seconds"])
            residual, num_iter = float(f.attrs["residual"]), int(f.attrs["num_iter"])
            sums = table_checksum(f, arrays) if checked else (None, "")
        except (KeyError, TypeError, ValueError, AttributeError, InvalidArgument) as err:
            reason = str(err).splitlines()[0] if isinstance(err, InvalidArgument) else repr(err)
            raise damaged(path, f"not a complete zombie table: {reason}", **_words(rules)) from None
    ends = Ends(
        None if tiebreak == NO_TIEBREAK else tiebreak,
        last_second.astype(np.float64),
        last_first.astype(np.float64) if last_size else None,
    )
    solution = ZombieSolution(
        rules, first.astype(np.float64), second.astype(np.float64), ends, margin,
        method, residual, num_iter, seconds,
    )  # fmt: skip
    if checked:
        check_checksum(path, sums, required=True, **words)
        check_values(solution, path)
    return solution


def check_values(solution: ZombieSolution, path: Path) -> None:
    """Raise TableError unless the values are probabilities and a sample of turns rebuilt from
    them give them back."""
    words = _words(solution.rules)
    for name in ("first", "second"):
        check_probabilities(path, name, getattr(solution, name), **words)
    check_probabilities(path, "last_second", solution.ends.last_second, **words)
    gap = sampled_residual(solution)
    if not gap <= SAMPLE_LIMIT:
        reason = f"its values break the optimality equation by up to {gap:.3g} in a sample"
        raise damaged(path, reason, **words)


def sampled_residual(
    solution: ZombieSolution, pairs: int = SAMPLE_PAIRS, seed: int = 2010
) -> float:
    """Return the largest gap between a seat's stored chance and its turn rebuilt from the other
    values, over ``pairs`` score pairs drawn with ``seed`` (0-0 among them), both seats."""
    goal = solution.rules.goal
    rng = np.random.default_rng(seed)
    drawn = [(0, 0)] + [tuple(int(x) for x in rng.integers(0, goal, 2)) for _ in range(pairs - 1)]
    worst = 0.0
    for a, b in drawn:
        for seat, stored in ((0, solution.first[a, b]), (1, solution.second[a, b])):
            rebuilt = solution.turn_rows(solution.place("turn", seat, a, b)[0]).start
            worst = max(worst, abs(rebuilt - float(stored)))
    return worst
