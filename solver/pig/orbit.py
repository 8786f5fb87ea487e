"""One orbit of the N-player layers: the rotations of a score vector, coupled by the pig.

:class:`Orbit` builds a rotation's row (greedy at its pig value ``x``, or a fixed policy with a
coin), solves the orbit's cycle for given rows, and finds the thresholds where a row's choices
change; :mod:`solver.pig.mixed` and :mod:`solver.pig.exhaustive` search its equilibria with it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.pig._kernels import indexing, orbits
from pigsolve.solver.pig._kernels.rows import FIXED, GREEDY
from pigsolve.solver.pig._kernels.rows import row as fill_row
from pigsolve.solver.pig.blocks import Lookup

PLAIN_STEPS = 24
DAMPED_STEPS = 200
"""Steps of plain and of damped greedy iteration whose pig values bracket the equilibrium."""
SLACK = 1e-12
"""How far a pig value may lie outside its option's interval by rounding."""


@dataclass
class Option:
    """One rotation's candidate: a pure policy, best for ``x`` in ``[low, high]``, or a coin at
    state ``k`` at threshold ``low = high``."""

    policy: np.ndarray
    low: float
    high: float
    k: int = -1


class Orbit:
    """The rotations of one score vector, with the solved higher layers in ``values`` (its rows
    found by ``lookup``, :func:`solver.pig._kernels.indexing.row_of`: the whole table by
    default); ``chances``: the roll of :func:`solver.games.pig.roll_counts`, if at hand."""

    def __init__(
        self,
        values: np.ndarray,
        rules: PigRules,
        member: tuple[int, ...],
        lookup: Lookup | None = None,
        chances: tuple | None = None,
    ) -> None:
        self.values, self.goal = values, rules.goal
        self.lookup = indexing.flat_rows() if lookup is None else lookup
        self.chances = roll_counts(rules) if chances is None else chances
        n = rules.players
        rotations = np.empty((n, n), np.int64)
        self.length = indexing.orbit_of(np.array(member, np.int64), rotations)
        self.rotations = rotations[: self.length]
        self.a = np.empty(self.goal + 1)
        self.b = np.empty((self.goal + 1, n))
        self.hold = np.empty((3, n))
        self._fixed: dict[tuple, tuple[float, np.ndarray]] = {}

    def row(self, i: int, x: float, policy=None, mix_k: int = -1, mix_q: float = 0.0):
        """Return ``(a0, b0, choices)`` of rotation ``i``: greedy at ``x``, or ``policy``."""
        roll = np.full(self.goal + 1, -1, np.int8) if policy is None else policy.copy()
        mode = GREEDY if policy is None else FIXED
        fill_row(
            self.values, self.lookup, self.goal, self.rotations[i], x, self.chances, mode, roll,
            mix_k, mix_q, self.a, self.b, self.hold,
        )  # fmt: skip
        return self.a[0], self.b[0].copy(), roll

    def fixed_row(self, i: int, option: Option, q: float) -> tuple[float, np.ndarray]:
        """Return ``(a0, b0)`` of rotation ``i`` playing ``option`` (its coin, if any, ``q``);
        remembered, as the search asks for the same rows again and again."""
        key = (i, option.policy.tobytes(), option.k, q)
        if key not in self._fixed:
            self._fixed[key] = self.row(i, 0.0, option.policy, option.k, q)[:2]
        return self._fixed[key]

    def solve(self, rows) -> np.ndarray:
        """Return the orbit's start vectors for the rows' ``(a0, b0)``."""
        n = self.rotations.shape[1]
        out = np.empty((self.length, n))
        a0 = np.array([a for a, _ in rows])
        b0 = np.array([b for _, b in rows])
        orbits.cycle_values(a0, b0, out)
        return out

    def pig_values(self, out: np.ndarray) -> np.ndarray:
        """Return each rotation's own value after a pig."""
        return np.array([out[(i + 1) % self.length, -1] for i in range(self.length)])

    def wander(self) -> tuple[np.ndarray, np.ndarray]:
        """Return the pig values of plain and of damped greedy iteration, one row per step.

        Plain iteration cycles over a few thresholds; damped by steps that shrink as 1/n it
        closes in on the crossing, so its last steps give a narrow bracket.
        """
        plain, damped = orbits.wander(
            self.values, self.lookup, self.goal, self.rotations, self.length, self.chances,
            PLAIN_STEPS, DAMPED_STEPS,
        )  # fmt: skip
        return plain[PLAIN_STEPS // 2 :], damped[-DAMPED_STEPS // 10 :]

    def fitting(self, options: list[list[Option]]) -> Iterator[tuple[Option, ...]]:
        """Yield the combinations of the rotations' ``options``, fewest coins first (in the
        order of ``itertools.product`` among equals), leaving out those in which no coins can
        make every pig value fit its option.

        With the choices fixed but the coins, each pig value is linear-fractional in each coin's
        probability (a full orbit: the cycle's system has the denominator 1 - prod a_i), hence
        monotone in each: its range over the coins' box is spanned by the box's corners
        (:func:`solver.pig._kernels.orbits.first_fitting`). A shorter orbit's system is not
        linear-fractional: no combination is left out.
        """
        sizes = [len(row) for row in options]
        coins = np.zeros(sizes, np.int64)
        for i, row in enumerate(options):
            shape = [1] * len(options)
            shape[i] = len(row)
            coins += np.array([option.k >= 0 for option in row]).reshape(shape)
        order = np.argsort(coins.ravel(), kind="stable")
        most, n = max(sizes), self.rotations.shape[1]
        a0, b0 = np.zeros((self.length, most, 2)), np.zeros((self.length, most, 2, n))
        bounds, coin = np.zeros((self.length, most, 2)), np.zeros((self.length, most), np.bool_)
        for i, row in enumerate(options):
            for j, option in enumerate(row):
                coin[i, j] = option.k >= 0
                bounds[i, j] = option.low, option.high
                for q in (0.0, 1.0) if coin[i, j] else (0.0,):
                    a0[i, j, int(q)], b0[i, j, int(q)] = self.fixed_row(i, option, q)
        args = np.array(sizes), a0, b0, coin, bounds, self.length == n, SLACK
        found = orbits.first_fitting(order, 0, *args)
        while found >= 0:
            picks = np.unravel_index(order[found], sizes)
            yield tuple(row[int(pick)] for row, pick in zip(options, picks, strict=True))
            found = orbits.first_fitting(order, found + 1, *args)

    def options(self, i: int, low: float, high: float) -> list[Option]:
        """Return rotation ``i``'s pure policies and thresholds for ``x`` in ``[low, high]``."""
        thresholds: list[tuple[float, int]] = []
        self._thresholds(i, low, high, self.row(i, low)[2], self.row(i, high)[2], thresholds)
        thresholds.sort()
        # The thresholds beyond the bracket are not known: the end options stay open.
        points = [-np.inf] + [t for t, _ in thresholds] + [np.inf]
        pure = [
            Option(self.row(i, (max(lo, low) + min(hi, high)) / 2)[2], lo, hi)
            for lo, hi in itertools.pairwise(points)
        ]
        coins = [Option(pure[n].policy, t, t, k) for n, (t, k) in enumerate(thresholds)]
        return pure + coins

    def _thresholds(self, i, low, high, below, above, found) -> None:
        differ = np.flatnonzero(below != above)
        if len(differ) == 0:
            return
        if len(differ) == 1 or high - low < 1e-15:
            k = int(differ[-1])
            # The mover's own roll and hold values at k are affine in x: where they meet.
            rolls = [self._own_at(i, x, below, k, 1.0) for x in (low, high)]
            hold = self._own_at(i, low, below, k, 0.0)
            slope = (rolls[1] - rolls[0]) / (high - low) if high > low else 0.0
            t = low + (hold - rolls[0]) / slope if slope > 0 else low
            t = min(max(t, low), high)
            found += [(t, int(k)) for k in differ]  # several only where they tie
            return
        middle = (low + high) / 2
        choices = self.row(i, middle)[2]
        self._thresholds(i, low, middle, below, choices, found)
        self._thresholds(i, middle, high, choices, above, found)

    def _own_at(self, i: int, x: float, policy, k: int, q: float) -> float:
        """Return the mover's own value at turn total ``k`` (rolling with probability ``q``)."""
        self.row(i, x, policy, k, q)
        return float(self.a[k] * x + self.b[k, 0])
