"""Check a Farkle table against its equations: every start value is its turn re-solved.

Each stored start-of-turn value is compared with the optimal turn from that state, rebuilt
from the stored values alone (banks read the table, a farkle its value at the next state), as
:mod:`solver.pig.verify` does for Pig; and the values must be probabilities. A store
(:mod:`solver.farkle.store`) is checked alike, a layer at a time (:func:`verify_store`).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import numpy as np

from pigsolve.solver.errors import TableError
from pigsolve.solver.farkle import store
from pigsolve.solver.farkle.last_round_three import orbit_banks
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.farkle.table import checked_coins
from pigsolve.solver.farkle.turn import least_banks, turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.results import MAX_RESIDUAL, Check

CHECKED_ROWS = 2**11
"""Rows of a store checked at once at least, consecutive layers gathered (a store's last layer
excepted): each call of the parallel kernel waits for every thread, a wait that a busy machine
makes long beside a small layer's work."""


def bellman_residual(solution: FarkleSolution) -> float:
    """Return the largest ``|stored value - its turn re-solved from the stored values|``.

    >>> from pigsolve.solver.farkle.solve import solve
    >>> from pigsolve.solver.games.farkle import FarkleRules
    >>> bellman_residual(solve(FarkleRules(dice=2, goal=500))) < 1e-14
    True
    """
    from pigsolve.solver.farkle import _kernels

    rules = solution.rules
    if rules.players > 2:
        return float(seat_residuals(solution)[..., 0].max())
    values = solution.values
    if values.ndim == 2:
        values = values[None, None]
    values = np.ascontiguousarray(values)
    cap = (solution.ceiling - solution.floor) // POINT_UNIT
    out = np.empty(values.shape)
    _kernels.bellman_residuals(
        values,
        rules.farkle_penalty // POINT_UNIT,
        *least_banks(rules),
        cap,
        solution._last,
        *turn(rules).arrays,
        out,
    )
    return float(out.max())


def seat_residuals(solution: FarkleSolution) -> np.ndarray:
    """Return ``|stored - re-solved|`` for every player's chance at every state (three players
    or more; at a mixed state only the mover's is the turn's, the others' are the coin's)."""
    rules = solution.rules
    values = np.ascontiguousarray(solution.values.reshape(-1, rules.players))
    rows = np.arange(len(values))
    out = _residuals(values, rows, rules, solution.ceiling)
    out[_coin_rows(solution.coins, rows, rules.goal // POINT_UNIT), 1:] = 0.0
    return out.reshape(solution.values.shape)


def _residuals(
    values: np.ndarray, rows: np.ndarray, rules: FarkleRules, ceiling: int | None
) -> np.ndarray:
    """Return ``|stored - re-solved|`` at the flat indices ``rows`` of the table ``values``
    ``(G**N, N)``, every player's: each turn re-solved from the table."""
    from pigsolve.solver.farkle import _orbit_kernels

    out = np.empty((len(rows), rules.players))
    banks, arrays = orbit_banks(rules, ceiling)
    _orbit_kernels.residuals(values, rules.goal // POINT_UNIT, rows, *banks, *arrays, out)
    return out


def _coin_rows(coins: tuple, rows: np.ndarray, goal: int) -> np.ndarray:
    """Return which of ``rows`` (flat indices) are the mixed states ``coins`` (scores, units)."""
    if not coins:
        return np.zeros(len(rows), bool)
    scores = np.array([scores for scores, _ in coins]).T
    return np.isin(rows, np.ravel_multi_index(scores, (goal,) * len(scores)))


class Figures(NamedTuple):
    """What :func:`checks` judges: the largest residual of the movers' chances (and with three
    players or more of the others', the mixed states' coins aside), the values' range, whether
    they are all finite, and with three players or more how far their sums are from 1 and the
    mixed states counted."""

    residual: float
    low: float
    high: float
    finite: bool
    others: float = np.inf
    total: float = np.inf
    coins: int = 0


def verify_table(solution: FarkleSolution, max_residual: float = MAX_RESIDUAL) -> list[Check]:
    """Recompute the Bellman residual of ``solution`` and check that its values are chances
    (with three players or more, also the others' chances and their sum)."""
    values = solution.values
    finite = bool(np.isfinite(values).all())
    low, high = float(values.min()), float(values.max())
    if solution.rules.players == 2:
        residual = bellman_residual(solution) if finite else np.inf
        return checks(Figures(residual, low, high, finite), max_residual, several=False)
    found = Figures(np.inf, low, high, finite, coins=len(solution.coins))
    if finite:  # every turn re-solved once: the mover's chance and the others'
        out = seat_residuals(solution)
        total = float(np.abs(values.sum(axis=-1) - 1).max())
        found = found._replace(
            residual=float(out[..., 0].max()), others=float(out[..., 1:].max()), total=total
        )
    return checks(found, max_residual, several=True)


def verify_store(url: str, max_residual: float = MAX_RESIDUAL) -> list[Check]:
    """Check the finished store at ``url`` as :func:`verify_table` checks its table, reading it
    a layer at a time from the highest score sum down.

    The table is filled as a solve worker's is (:func:`solver.farkle.distributed.table_of`)
    and a layer's rows checked once it is in (a turn's banks reach only higher layers and its
    farkle its own), gathered to :data:`CHECKED_ROWS`: beside the table, only those are held."""
    group, opened = store.open_finished(url)
    rules = opened.rules
    goal, players, top = store.units(rules), rules.players, store.top_layer(rules)
    store.layer_rows(rules, top)  # the layers' rows sorted before the table is made
    values = np.zeros((goal**players, players))
    found = Figures(0.0, np.inf, -np.inf, True, 0.0, 0.0, 0)
    waiting: list[tuple[np.ndarray, tuple]] = []
    for layer in range(top, -1, -1):
        rows, stored, mixed = store.read_layer(url, group, rules, layer)
        coins = checked_coins(mixed, Path(url), rules)
        if any(sum(scores) != layer for scores, _ in coins):
            raise TableError(f"{url} is damaged: layer {layer}'s coins hold another layer's state")
        values[rows] = stored
        found = found._replace(
            low=float(np.minimum(found.low, stored.min())),
            high=float(np.maximum(found.high, stored.max())),
            finite=found.finite and bool(np.isfinite(stored).all()),
            coins=found.coins + len(coins),
        )
        if not found.finite:  # no residual is computed: inf
            continue
        waiting.append((rows, coins))
        if layer == 0 or sum(len(rows) for rows, _ in waiting) >= CHECKED_ROWS:
            found, waiting = _layers_checked(found, values, waiting, rules), []
    if not found.finite:
        found = found._replace(residual=np.inf, others=np.inf, total=np.inf)
    return checks(found, max_residual, several=True)


def _layers_checked(
    found: Figures, values: np.ndarray, layers: list[tuple[np.ndarray, tuple]], rules: FarkleRules
) -> Figures:
    """Return ``found`` with the figures of ``layers`` added, each its rows (flat indices) in the
    table ``values`` (every higher layer's in it too) and its mixed states."""
    rows = np.concatenate([rows for rows, _ in layers])
    coins = tuple(coin for _, some in layers for coin in some)
    out = _residuals(values, rows, rules, store.solved_ceiling(rules))
    out[_coin_rows(coins, rows, rules.goal // POINT_UNIT), 1:] = 0.0
    total = float(np.abs(values[rows].sum(axis=-1) - 1).max())
    return found._replace(
        residual=max(found.residual, float(out[:, 0].max())),
        others=max(found.others, float(out[:, 1:].max())),
        total=max(found.total, total),
    )


def checks(found: Figures, max_residual: float, several: bool) -> list[Check]:
    """Return the checks of a table's figures ``found`` (``several``: three players or more)."""
    seats = []
    if several:
        seats = [
            Check(
                "others' chances",
                found.others <= max_residual,
                f"max |V - its turn re-solved| = {found.others:.3g} for the players not moving, "
                f"the {found.coins} mixed states' coins aside",
            ),
            Check(
                "chances add up to 1",
                found.total <= max_residual,
                f"max |sum - 1| = {found.total:.3g}",
            ),
        ]
    low, high = found.low, found.high
    return [
        Check(
            "Bellman residual",
            found.residual <= max_residual,
            f"max |V - its turn re-solved| = {found.residual:.3g} (limit {max_residual:g})",
        ),
        Check("0 <= P <= 1", found.finite and low >= 0 and high <= 1, f"range [{low}, {high}]"),
        *seats,
    ]
