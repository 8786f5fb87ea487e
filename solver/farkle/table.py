"""Farkle tables on disk: the default path, writing, reading (checked before it is believed).

A table is a ``kind="farkle"`` file of :mod:`solver.storage`: the rules as JSON
(:meth:`FarkleRules.to_json`) and one dataset, ``win_probability``, the solution's values
``P(i, j)`` of the shape :func:`solver.farkle.states.values_shape` gives for its rules. On
loading, the shape and type are checked from the header, the values must be probabilities, and
a sample of states must satisfy the optimality equation (each turn rebuilt from the values), and
the checksum (:func:`solver.checksums.checksum`, format version 2) must match: any value changed
is found. Files of version 1, without one, are still read with the sample check alone.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import numpy as np

from pigsolve.solver.errors import InvalidArgument, TableError
from pigsolve.solver.farkle.solution import VALUES, FarkleSolution, coins_array
from pigsolve.solver.farkle.states import values_shape
from pigsolve.solver.games.farkle import FILES, POINT_UNIT, RULE_SETS, FarkleRules, rule_set_name
from pigsolve.solver.layer_store import is_store
from pigsolve.solver.storage import TableFormat, data_dir, open_table, write_table
from pigsolve.solver.table_checks import (
    FLOAT,
    check_checksum,
    check_probabilities,
    damaged,
    read,
    table_checksum,
)

FORMAT = TableFormat("farkle", 2, (1, 2))
"""Farkle's tables: version 1 had no checksum."""
COINS = "coins"
"""The dataset of a table with three players or more that lists its mixed states."""
SAMPLE_PAIRS = 16
"""Score pairs whose turn is rebuilt and checked on loading."""
SAMPLE_LIMIT = 1e-9
"""The largest gap accepted between a stored value and its rebuilt turn's (the solver's is at
most 1e-14)."""


def default_path(rules: FarkleRules) -> Path:
    """Return ``data/farkle-{name}-goal{G}.h5``, ``name`` the rule set's (:func:`rule_set_name`),
    with ``-{N}p`` after it for ``N > 2`` players.

    >>> str(default_path(FarkleRules())), str(default_path(FarkleRules(goal=2000, players=3)))
    ('data/farkle-farkle-goal10000.h5', 'data/farkle-farkle-3p-goal2000.h5')
    """
    seats = f"-{rules.players}p" if rules.players > 2 else ""
    return data_dir() / f"farkle-{rule_set_name(rules)}{seats}-goal{rules.goal}.h5"


def compute_command(rules: FarkleRules, path: str | os.PathLike | None = None) -> str:
    """Return the command that writes the table of ``rules`` (at ``path``).

    >>> compute_command(FarkleRules(goal=1000), "t.h5")
    'pigsolve compute --game farkle --goal 1000 --out t.h5'
    >>> compute_command(FarkleRules(goal=1000, players=3), "t.zarr")
    'pigsolve compute --game farkle --goal 1000 --players 3 --store t.zarr'
    """
    name = rule_set_name(rules)
    game = name if name in RULE_SETS else FILES.get(rules, "GAME.toml")
    words = [f"pigsolve compute --game {game}"]
    if name not in RULE_SETS or rules.goal != RULE_SETS[name].goal:
        words.append(f"--goal {rules.goal}")
    if rules.players > 2:
        words.append(f"--players {rules.players}")
    if path is not None and Path(path) != default_path(rules):
        words.append(f"--{'store' if is_store(path) else 'out'} {path}")
    return " ".join(words)


def fits(rules: FarkleRules, available: int) -> str:
    """Return the largest goal of ``rules`` whose solve fits ``available`` bytes, as the command
    that computes it, or that none does; with three players or more, the cluster's form too
    (its workers each hold the table).

    >>> fits(FarkleRules(players=4), 2**30).split("; ")[0]
    'the largest goal that fits is 2750: `pigsolve compute --game farkle --goal 2750 --players 4`'
    """
    from pigsolve.solver.farkle.states import memory_needed
    from pigsolve.solver.resources import largest_goal, memory_words

    def needed_at(units: int) -> int:
        return memory_needed(replace(rules, goal=units * POINT_UNIT))

    units = largest_goal(needed_at, rules.goal // POINT_UNIT, available)
    words = "no goal fits"
    if units >= 1:
        smaller = replace(rules, goal=units * POINT_UNIT)
        words = f"the largest goal that fits is {smaller.goal}: `{compute_command(smaller)}`"
    if rules.players > 2:
        words += (
            f"; or on a cluster of workers of {memory_words(memory_needed(rules))}: "
            f"`{compute_command(rules)} --store farkle.zarr --scheduler tcp://HOST:8786`"
        )
    return words


def _words(rules: FarkleRules | None) -> dict[str, str | None]:
    """Return the commands a damaged table's message names: no verify, the compute."""
    name = "farkle" if rules is None else rule_set_name(rules)
    game = name if name in RULE_SETS else "farkle"
    return {"verify": None, "compute": f"pigsolve compute --game {game} --force"}


def save(solution: FarkleSolution, path: str | os.PathLike, force: bool = False) -> Path:
    """Write ``solution`` atomically as a ``kind="farkle"`` table."""
    rules = solution.rules
    attrs = {
        "rules": rules.to_json(),
        "rule_set": rule_set_name(rules),
        "goal": rules.goal,
        "method": solution.method,
        "residual": solution.residual,
        "num_iter": solution.num_iter,
        "seconds": solution.seconds,
        "p_first_player": solution.p_first_player,
        "floor": solution.floor,
        "ceiling": solution.ceiling,
    }
    datasets = {VALUES: np.asarray(solution.values, dtype=np.float64)}
    if rules.players > 2:
        datasets[COINS] = coins_array(solution.coins, rules.players)
    return write_table(path, FORMAT, datasets, attrs, force=force)


def load(path: str | os.PathLike, checked: bool = True) -> FarkleSolution:
    """Read a table written by :func:`save`, or a finished store (:mod:`solver.farkle.store`);
    TableError in one line if it is not one or is damaged (``checked``: the values' range and a
    sample of the optimality equation too)."""
    if is_store(path):  # a finished store (compute --store), read whole and checked alike
        from pigsolve.solver.farkle.store import read as read_store

        solution, rows = read_store(str(path))
        solution = replace(solution, coins=checked_coins(rows, Path(path), solution.rules))
        if checked:
            check_values(solution, Path(path))
        return solution
    path = Path(path)
    rules = None
    arrays: dict[str, np.ndarray] = {}
    with open_table(path, FORMAT) as f:
        try:
            rules = FarkleRules.from_json(str(f.attrs["rules"]))
            words = _words(rules)
            floor, ceiling = int(f.attrs["floor"]), int(f.attrs["ceiling"])
            shape = values_shape(rules, floor)
            values = read(f, path, VALUES, shape, FLOAT, arrays, **words)
            method, seconds = str(f.attrs["method"]), float(f.attrs["seconds"])
            residual, num_iter = float(f.attrs["residual"]), int(f.attrs["num_iter"])
            coins = _coins(f, path, rules, arrays) if rules.players > 2 else ()
            version = int(f.attrs["format_version"])
            sums = table_checksum(f, arrays) if checked else (None, "")
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as err:
            reason = str(err).splitlines()[0] if isinstance(err, InvalidArgument) else repr(err)
            raise damaged(path, f"not a complete farkle table: {reason}", **_words(rules)) from None
    values = values.astype(np.float64, copy=False)
    try:
        solution = FarkleSolution(
            rules, values, method, residual, num_iter, seconds, floor, ceiling, coins
        )
    except InvalidArgument as err:
        raise damaged(path, str(err), **_words(rules)) from None
    if checked:
        check_values(solution, path)
        check_checksum(path, sums, required=version >= 2, **_words(rules))
    return solution


def _coins(f, path: Path, rules: FarkleRules, arrays: dict) -> tuple:
    """Return the mixed states stored in ``f``, checked (:func:`checked_coins`), kept as
    stored in ``arrays``."""
    if COINS in f:
        arrays[COINS] = f[COINS][()]
    return checked_coins(arrays.get(COINS), path, rules)


def checked_coins(rows: np.ndarray | None, path: Path, rules: FarkleRules) -> tuple:
    """Return the mixed states of ``rows`` (scores, then the chance), checked: scores in range,
    chances in [0, 1]; TableError in one line naming the table at ``path`` if not."""
    players, goal, words = rules.players, rules.goal // POINT_UNIT, _words(rules)
    if rows is None or rows.ndim != 2 or rows.shape[1] != players + 1:
        raise damaged(path, f"its dataset {COINS} is missing or of the wrong shape", **words)
    scores, chances = rows[:, :players], rows[:, players]
    fits = (scores >= 0) & (scores < goal) & (scores == np.round(scores))
    if not (fits.all() and ((chances >= 0) & (chances <= 1)).all()):
        raise damaged(path, f"its dataset {COINS} holds a state or a chance out of range", **words)
    return tuple((tuple(int(x) for x in row[:players]), float(row[players])) for row in rows)


def check_values(solution: FarkleSolution, path: Path) -> None:
    """Raise TableError unless the values are probabilities and a sample of score pairs'
    turns, rebuilt from them, give them back (:func:`sampled_residual`)."""
    words = _words(solution.rules)
    check_probabilities(path, VALUES, solution.values, **words)
    gap = sampled_residual(solution)
    if not gap <= SAMPLE_LIMIT:
        reason = f"its values break the optimality equation by up to {gap:.3g} in a sample"
        raise damaged(path, reason, **words)


def sampled_residual(
    solution: FarkleSolution, pairs: int = SAMPLE_PAIRS, seed: int = 2017
) -> float:
    """Return the largest gap between ``P(i, j)`` and its turn's value rebuilt from the other
    values, over ``pairs`` score pairs drawn with ``seed`` (0-0 always among them)."""
    shape, dice = solution.values.shape, solution.rules.dice
    rng = np.random.default_rng(seed)
    if solution.rules.players > 2:  # the mover's chance; and every state's chances add up to 1
        size, players = shape[0], shape[-1]
        drawn = [(0,) * players] + [
            tuple(int(x) for x in rng.integers(0, size, players)) for _ in range(pairs - 1)
        ]
        worst = float(np.abs(solution.values.sum(axis=-1) - 1.0).max())
        for scores in drawn:
            rows = solution._rows(scores)
            rebuilt = 1.0 if rows.top <= 0 else float(rows.value[0, dice])
            worst = max(worst, abs(rebuilt - float(solution.values[scores][0])))
        return worst
    start = tuple(0 for _ in shape[:-2]) + (-solution.floor // POINT_UNIT,) * 2  # 0-0, no farkles
    drawn = [start] + [tuple(int(rng.integers(0, n)) for n in shape) for _ in range(pairs - 1)]
    worst = 0.0
    for index in drawn:
        rows = solution._rows((0, 0, *index) if len(index) == 2 else index)
        rebuilt = 1.0 if rows.top <= 0 else float(rows.value[0, dice])
        worst = max(worst, abs(rebuilt - float(solution.values[index])))
    return worst


def load_for(path: str | os.PathLike, rules: FarkleRules) -> FarkleSolution:
    """Return the table of ``rules`` at ``path`` (:func:`load`); TableError if it holds others."""
    solution = load(path)
    if solution.rules != rules:
        raise TableError(
            f"{path} holds the table of other Farkle rules ({rule_set_name(solution.rules)}, "
            f"goal {solution.rules.goal}), not those asked ({rule_set_name(rules)}, goal "
            f"{rules.goal})"
        )
    return solution
