"""Mixed equilibria of N-player Pig, for the orbits whose pure choices cycle.

In its own row a mover's choices depend only on its own value after a pig, ``x``, and roll
wins more states as ``x`` grows: every turn total ``k`` has a threshold ``t`` where the mover is
indifferent, rolling above it. Where the orbit's policy iteration cycles, each rotation's ``x``
wanders over a few thresholds; damped, it closes in on them. We look there: every rotation
either plays one of the pure policies between those thresholds, or sits exactly at one
threshold and rolls at its state with a probability ``q``. Combinations are tried with the
fewest coins first, each only if its pig values can fit at all (an exact bound from the corners
of the coins' box, :meth:`Orbit.possible`); for such a combination the ``q`` solve
``x_i(q) = t_i`` (the orbit's linear system, by Newton's method), and the first in which every
rotation's policy is a best reply to its ``x`` is the equilibrium. None found is an error that
names the layer.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.pig import exhaustive
from pigsolve.solver.pig._kernels import indexing, orbits
from pigsolve.solver.pig._kernels.rows import FIXED, GREEDY
from pigsolve.solver.pig._kernels.rows import row as fill_row

PLAIN_STEPS = 24
DAMPED_STEPS = 200
"""Steps of plain and of damped greedy iteration whose pig values bracket the equilibrium."""
MAX_COMBINATIONS = 200_000
"""Brackets with more combinations than this are not searched (the layer fails instead)."""
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
    """The rotations of one score vector, with the solved higher layers in ``values``."""

    def __init__(self, values: np.ndarray, rules: PigRules, member: tuple[int, ...]) -> None:
        self.values, self.goal = values, rules.goal
        self.chances = roll_counts(rules)
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
            self.values, self.goal, self.rotations[i], x, self.chances, mode, roll, mix_k, mix_q,
            self.a, self.b, self.hold,
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
            self.values, self.goal, self.rotations, self.length, self.chances,
            PLAIN_STEPS, DAMPED_STEPS,
        )  # fmt: skip
        return plain[PLAIN_STEPS // 2 :], damped[-DAMPED_STEPS // 10 :]

    def possible(self, combo: tuple[Option, ...]) -> bool:
        """Return False if no coins can make every pig value fit its option in ``combo``.

        With the choices fixed but the coins, each pig value is linear-fractional in each coin's
        probability (a full orbit: the cycle's system has the denominator 1 - prod a_i), hence
        monotone in each: its range over the coins' box is spanned by the box's corners.
        """
        if self.length < self.rotations.shape[1]:
            return True  # a shorter orbit's system is not linear-fractional: no bound
        coins = [i for i, option in enumerate(combo) if option.k >= 0]
        corners = []
        for corner in itertools.product((0.0, 1.0), repeat=len(coins)):
            q = np.zeros(self.length)
            q[coins] = corner
            rows = [self.fixed_row(i, o, q[i]) for i, o in enumerate(combo)]
            corners.append(self.pig_values(self.solve(rows)))
        low, high = np.min(corners, axis=0), np.max(corners, axis=0)
        return all(
            low[i] <= option.high + SLACK and high[i] >= option.low - SLACK
            for i, option in enumerate(combo)
        )

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


def solve_unsettled(
    values: np.ndarray, rules: PigRules, member: tuple[int, ...], layer: int
) -> list[tuple[tuple[int, ...], int, float]]:
    """Solve the orbit of ``member`` with mixed choices; write it; return its mixed states."""
    orbit = Orbit(values, rules, member)
    seen = np.vstack(orbit.wander())
    options = [
        orbit.options(i, float(seen[:, i].min()), float(seen[:, i].max()))
        for i in range(orbit.length)
    ]
    found = None
    if math.prod(map(len, options)) <= MAX_COMBINATIONS:
        for combo in _by_coins(options):
            found = _try(orbit, combo) if orbit.possible(combo) else None
            if found is not None:
                out, q = found
                coins = [
                    (i, combo[i].k, float(q[i])) for i in range(orbit.length) if combo[i].k >= 0
                ]
                break
    if found is None:  # the fast path missed: the complete search cannot
        try:
            out, coins = exhaustive.search(orbit, seen[-1])
        except PigsolveError as error:
            raise PigsolveError(f"layer {layer} (score sum): {error}") from None
    for i in range(orbit.length):
        values[indexing.flat_index(orbit.rotations[i], rules.goal)] = out[i]
    return [(tuple(int(s) for s in orbit.rotations[i]), k, float(q)) for i, k, q in coins]


def _by_coins(options: list[list[Option]]):
    """Yield the combinations of the rotations' options, fewest coins first (in the order of
    ``itertools.product`` among equals)."""
    coins = np.zeros([len(row) for row in options], np.int64)
    for i, row in enumerate(options):
        shape = [1] * len(options)
        shape[i] = len(row)
        coins += np.array([option.k >= 0 for option in row]).reshape(shape)
    for index in np.argsort(coins.ravel(), kind="stable"):
        picks = np.unravel_index(index, coins.shape)
        yield tuple(row[int(pick)] for row, pick in zip(options, picks, strict=True))


def _try(orbit: Orbit, combo) -> tuple[np.ndarray, np.ndarray] | None:
    """Return the orbit's values and coins if ``combo`` is an equilibrium, else None."""
    coins = [i for i, option in enumerate(combo) if option.k >= 0]
    q = np.full(orbit.length, 0.0)

    def solve(q: np.ndarray) -> np.ndarray:
        rows = [orbit.fixed_row(i, option, q[i]) for i, option in enumerate(combo)]
        return orbit.solve(rows)

    def gaps(q: np.ndarray) -> np.ndarray:
        xs = orbit.pig_values(solve(q))
        return np.array([xs[i] - combo[i].low for i in coins])

    if coins:
        q[coins] = 0.5
        for _ in range(40):
            f = gaps(q)
            if np.abs(f).max() < 1e-15:
                break
            jacobian = np.empty((len(coins), len(coins)))
            for c, i in enumerate(coins):
                step = q.copy()
                step[i] += 1e-7
                jacobian[:, c] = (gaps(step) - f) / 1e-7
            try:
                delta = np.linalg.solve(jacobian, f)
            except np.linalg.LinAlgError:
                return None
            q[coins] = np.clip(q[coins] - delta, -0.5, 1.5)
            if np.abs(delta).max() < 1e-15:
                break
        if np.abs(gaps(q)).max() > 1e-11 or (q < -1e-9).any() or (q > 1 + 1e-9).any():
            return None
        q = np.clip(q, 0.0, 1.0)
    out = solve(q)
    xs = orbit.pig_values(out)
    for i, option in enumerate(combo):
        best = orbit.row(i, xs[i])[2]
        same = best == option.policy
        if option.k >= 0:
            same[option.k] = True
        if not same.all():
            return None
    return out, q
