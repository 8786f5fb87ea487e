"""Optimal Pig tables on disk: writing a solution, reading it back, answering questions.

Two layouts (documented in ``data/README.md``):

``full``
    ``win_probability`` (float64, ``(G, G, G)``) and ``roll`` (uint8 0/1, same shape).
``compact`` (goals above :data:`solver.pig.solve.MAX_FULL_GOAL`)
    ``win_probability_k0`` (float64, ``(G, G)``) = ``P(i, j, 0)``, which determines every other
    value, and ``roll_packed`` (uint8, ``(G, G, ceil(G / 8))``), the choices packed along ``k``.

Reading needs no numba: values of the compact layout are rebuilt row by row with
:func:`row_values`.
"""

from __future__ import annotations

import functools
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import h5py
import numpy as np

from pigsolve.solver.errors import TableError
from pigsolve.solver.games.pig import PIG, PigRules, roll_outcomes
from pigsolve.solver.storage import open_table, read_attrs, save_or_say_why, write_table

if TYPE_CHECKING:
    from pigsolve.solver.pig.multi_table import MultiTable

KIND = "pig"


def default_path(rules: PigRules) -> Path:
    """Return ``data/pig-players{N}-goal{G}-die{D}[-piglet].h5`` under the current directory.

    Every table is named by every parameter. A two-player table saved under the old name,
    ``data/pig-goal{G}-die{D}.h5``, is still found there while no file has the new name.

    >>> str(default_path(PigRules(50, 4, players=3, piglet=True)))
    'data/pig-players3-goal50-die4-piglet.h5'
    """
    piglet = "-piglet" if rules.piglet else ""
    name = f"players{rules.players}-goal{rules.goal}-die{rules.die_sides}{piglet}"
    path = Path("data") / f"pig-{name}.h5"
    old = Path("data") / f"pig-goal{rules.goal}-die{rules.die_sides}.h5"
    if rules.players == 2 and not rules.piglet and old.is_file() and not path.exists():
        return old
    return path


def save(solution: Any, path: str | os.PathLike, force: bool = False) -> Path:
    """Write a :class:`solver.pig.solve.PigSolution` or a
    :class:`solver.pig.multi.MultiSolution` to ``path`` atomically."""
    rules = solution.rules
    if not hasattr(solution, "win_probability"):
        from pigsolve.solver.pig import multi_table

        attrs = {
            "rules": json.dumps(rules.as_json),
            "goal": rules.goal,
            "die_sides": rules.die_sides,
            "players": rules.players,
            "layout": multi_table.LAYOUT,
            "method": "layered",
            "num_iter": solution.num_iter,
            "num_mixed": len(solution.mixed),
            "p_first_player": solution.p_first_player,
            "solve_seconds": solution.seconds,
        }
        return write_table(path, KIND, multi_table.datasets(solution), attrs, force=force)
    if solution.win_probability is not None:
        datasets = {
            "win_probability": solution.win_probability,
            "roll": solution.roll.astype(np.uint8),
        }
        layout = "full"
    else:
        datasets = {"win_probability_k0": solution.v0, "roll_packed": solution.roll_packed}
        layout = "compact"
    attrs = {
        "rules": json.dumps(rules.as_json),
        "goal": solution.rules.goal,
        "die_sides": solution.rules.die_sides,
        "layout": layout,
        "method": solution.method,
        "tolerance": solution.tolerance,
        "num_iter": solution.num_iter,
        "max_bellman_residual": solution.max_bellman_residual,
        "p_first_player": solution.p_first_player,
        "solve_seconds": solution.seconds,
    }
    return write_table(path, KIND, datasets, attrs, force=force)


class PigTable:
    """A stored optimal Pig table, read into memory.

    Parameters
    ----------
    rules : PigRules
    v0 : ndarray(float64, shape=(G, G))
        ``P(i, j, 0)``.
    attrs : dict
        The file's attributes.
    win_probability, roll : ndarray or None
        The full layout's arrays, or None for the compact layout.
    roll_packed : ndarray(uint8) or None
        The compact layout's choices.
    """

    def __init__(
        self,
        rules: PigRules,
        v0: np.ndarray,
        attrs: dict[str, Any],
        win_probability: np.ndarray | None = None,
        roll: np.ndarray | None = None,
        roll_packed: np.ndarray | None = None,
        path: Path | None = None,
    ) -> None:
        self.rules = rules
        self.v0 = v0
        self.attrs = attrs
        self.path = path
        self._win_probability = win_probability
        self._roll = roll
        self._roll_packed = roll_packed

    @classmethod
    def load(cls, path: str | os.PathLike) -> PigTable | MultiTable:
        """Read the table at ``path``; raise ``TableError`` if it is missing or damaged."""
        path = Path(path)
        with open_table(path, KIND) as f:
            try:
                return cls._read(f, path)
            except (OSError, KeyError, ValueError, TypeError) as err:
                raise TableError(f"{path} is damaged ({err}); recompute it with --force") from err

    @classmethod
    def _read(cls, f: h5py.File, path: Path) -> PigTable | MultiTable:
        attrs = read_attrs(f)
        stored = json.loads(attrs["rules"]) if "rules" in attrs else {}
        rules = PigRules(
            int(attrs["goal"]),
            int(attrs["die_sides"]),
            int(stored.get("players", 2)),
            bool(stored.get("piglet", False)),
        )
        goal = rules.goal
        if attrs.get("layout") == "equilibrium":
            from pigsolve.solver.pig.multi_table import MultiTable

            return MultiTable.read(f, path, rules, attrs)
        if attrs.get("layout") == "full":
            p = f["win_probability"][()]
            roll = f["roll"][()].astype(bool)
            _check_shape(path, "win_probability", p, (goal, goal, goal))
            _check_shape(path, "roll", roll, (goal, goal, goal))
            return cls(rules, np.ascontiguousarray(p[:, :, 0]), attrs, p, roll, path=path)
        if attrs.get("layout") == "compact":
            v0 = f["win_probability_k0"][()]
            packed = f["roll_packed"][()]
            _check_shape(path, "win_probability_k0", v0, (goal, goal))
            _check_shape(path, "roll_packed", packed, (goal, goal, (goal + 7) // 8))
            return cls(rules, v0, attrs, roll_packed=packed, path=path)
        raise TableError(f"{path} has an unknown layout {attrs.get('layout')!r}")

    @property
    def layout(self) -> str:
        """Return 'full' or 'compact'."""
        return "full" if self._win_probability is not None else "compact"

    @property
    def roll_packed(self) -> np.ndarray | None:
        """Return the compact layout's packed choices (None for the full layout)."""
        return self._roll_packed

    def win_probability(self, i: int, j: int, k: int) -> float:
        """Return ``P(i, j, k)``; 1 for won states (``i + k >= G``)."""
        self.rules.check_state(i, j, k)
        if self._win_probability is not None:
            return float(self._win_probability[i, j, k])
        return float(self._row(i, j)[2][k])

    def action_values(self, i: int, j: int, k: int) -> tuple[float, float | None]:
        """Return ``(p_roll, p_hold)`` at ``(i, j, k)``; ``p_hold`` is None at ``k = 0``."""
        self.rules.check_state(i, j, k)
        if i + k >= self.rules.goal:
            return 1.0, 1.0
        p_roll = sum(
            float(q) * (1.0 - self.v0[j, i] if points == PIG else self._value(i, j, k + points))
            for q, points in roll_outcomes(self.rules)
        )
        p_hold = None if k == 0 else 1.0 - float(self.v0[j, i + k])
        return p_roll, p_hold

    def should_roll(self, i: int, j: int, k: int) -> bool:
        """Return True where rolling is optimal (never in a won state)."""
        self.rules.check_state(i, j, k)
        if self._roll is not None:
            return bool(self._roll[i, j, k])
        return bool(self._roll_packed[i, j, k // 8] >> (k % 8) & 1)

    def probabilities(self) -> np.ndarray:
        """Return the full table ``P[i, j, k]`` (float64, ``(G, G, G)``)."""
        if self._win_probability is None:
            from pigsolve.solver.pig.solve import expand

            self._win_probability, self._roll, _ = expand(self.rules, self.v0)
        return self._win_probability

    def roll_array(self) -> np.ndarray:
        """Return the optimal choices (bool, ``(G, G, G)``, True = roll)."""
        if self._roll is None:
            goal = self.rules.goal
            bits = np.unpackbits(self._roll_packed, axis=2, bitorder="little")
            self._roll = bits[:, :, :goal].astype(bool)
        return self._roll

    def _value(self, i: int, j: int, k: int) -> float:
        if i + k >= self.rules.goal:
            return 1.0
        return self.win_probability(i, j, k)

    @functools.lru_cache(maxsize=256)  # noqa: B019 - one cache per long-lived table is intended
    def _row(self, i: int, j: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return row_values(self.v0, self.rules, i, j)


def _check_shape(path: Path, name: str, array: np.ndarray, shape: tuple[int, ...]) -> None:
    if array.shape != shape:
        raise TableError(f"{path}: dataset {name} has shape {array.shape}, expected {shape}")


def load_or_compute(
    rules: PigRules,
    path: str | os.PathLike | None = None,
    announce: Callable[[str], None] | None = None,
) -> PigTable:
    """Return the table for ``rules`` at ``path`` (default path if None), computing it if missing.

    A table found at ``path`` must be for ``rules``; a computed one is saved there for next time
    (``announce`` is told in one line), or kept in memory if ``path`` cannot be written. The CLI
    lets users name only tables that exist (:func:`require`).
    """
    path = default_path(rules) if path is None else Path(path)
    if path.exists():
        table = PigTable.load(path)
        if table.rules != rules:
            raise TableError(
                f"{path} is for {describe_rules(table.rules)}, not {describe_rules(rules)}"
            )
        return table
    if announce is not None:
        announce(f"computing the optimal table for {describe_rules(rules)} ...")
    from pigsolve.solver.pig.solve import solve

    solution = solve(rules)
    if save_or_say_why(lambda target: save(solution, target), path, announce):
        return PigTable.load(path)
    with tempfile.TemporaryDirectory() as folder:  # the table read back lives in memory
        return PigTable.load(save(solution, Path(folder) / path.name))


def describe_rules(rules: PigRules, die: bool = True) -> str:
    """Return the rules in words (without the die if not ``die``).

    >>> describe_rules(PigRules(10, 2, players=3, piglet=True))
    '3 players, goal 10 and a 2-sided piglet die'
    """
    players = "" if rules.players == 2 else f"{rules.players} players, "
    return f"{players}goal {rules.goal}" + (f" and {rules.die_name}" if die else "")


def compute_command(rules: PigRules, path: str | os.PathLike | None = None) -> str:
    """Return the ``pigsolve compute`` command that writes the table of ``rules`` to ``path``.

    >>> compute_command(PigRules(37), "t.h5")
    'pigsolve compute --goal 37 --out t.h5'
    """
    words = ["pigsolve compute"]
    if rules.goal != PigRules().goal:
        words.append(f"--goal {rules.goal}")
    if rules.die_sides != PigRules().die_sides:
        words.append(f"--die {rules.die_sides}")
    if rules.players != 2:
        words.append(f"--players {rules.players}")
    if rules.piglet:
        words.append("--piglet")
    if path is not None and Path(path) != default_path(rules):
        words.append(f"--out {path}")
    return " ".join(words)


def require(path: str | os.PathLike, rules: PigRules) -> Path:
    """Return ``path`` if a file is there; else raise TableError with the command that makes it."""
    if not Path(path).exists():
        raise TableError(f"no table at {path}; create it with `{compute_command(rules, path)}`")
    return Path(path)


def load(path: str | os.PathLike) -> PigTable | MultiTable:
    """Read the table at ``path``; raise ``TableError`` if it is missing or damaged."""
    return PigTable.load(path)


def row_values(
    v0: np.ndarray, rules: PigRules, i: int, j: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the row ``P(i, j, .)`` rebuilt from ``v0 = P(., ., 0)`` by the optimality equations.

    Returns
    -------
    p_roll, p_hold, p : ndarray(float, shape=(G,))
        The values of rolling, of holding (``nan`` at ``k = 0``) and their maximum, for
        ``k = 0 .. G - 1``; states with ``i + k >= G`` are won (all three are 1).
    """
    goal = rules.goal
    outcomes = [(float(q), points) for q, points in roll_outcomes(rules)]
    p = np.ones(goal + max(rules.faces) + 1)
    p_roll = np.ones(goal)
    p_hold = np.ones(goal)
    p_hold[0] = np.nan
    pig_value = 1.0 - v0[j, i]
    for k in range(goal - i - 1, -1, -1):
        p_roll[k] = sum(q * (pig_value if f == PIG else p[k + f]) for q, f in outcomes)
        p[k] = p_roll[k]
        if k >= 1:
            p_hold[k] = 1.0 - v0[j, i + k]
            p[k] = max(p_roll[k], p_hold[k])
    return p_roll, p_hold, p[:goal].copy()
