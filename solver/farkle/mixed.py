"""Mixed equilibria of one Farkle orbit with three players or more, where policy iteration cycles.

A mover's choices depend only on its own value after a farkle, ``x``, and its turn's value is
the upper envelope of its policies' lines ``a[0] + f x`` (:class:`OrbitTurns`). Where the
orbit's policy iteration cycles, some movers' ``x`` keep crossing a breakpoint of their
envelope. A pure equilibrium may still lie there (the iteration missed it): the combinations
of pure policies are tried first. Else each rotation plays one pure policy of its envelope,
with its ``x`` in that policy's interval, or sits at a breakpoint and mixes the two policies
that meet there: it tosses a coin at the start of its turn, playing the one best above the
breakpoint with chance ``q`` (both are best replies there, so either is optimal from every
state it reaches). The combinations are tried with the fewest coins first; for one with coins,
the ``q`` solve ``x_r(q) = breakpoint`` (one coin by bisection, more by Newton's method from
the middle); the first whose every rotation's policy is a best reply is the equilibrium.

Equilibria need not be unique. With three dice, goal 600 and a minimum bank of 150, one orbit
has a pure equilibrium just outside the range the iteration wanders (the one plain value
iteration finds, and the one chosen here, :data:`MARGIN` widening the range) and a mixed one
within it; the first player's chance differs by 4e-7 between them.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from pigsolve.solver.errors import PigsolveError

SLACK = 1e-12
"""How far an ``x`` may lie outside its policy's interval by rounding."""
MAX_COMBINATIONS = 200_000
"""Envelopes with more combinations than this are not searched."""
MARGIN = 1e-3
"""How far beyond the values of ``x`` the cycling iteration visits the envelopes are built."""
TIE = 1e-15
"""Lines whose values at a point differ by less than this meet there."""


@dataclass(frozen=True)
class Piece:
    """A rotation's candidate: a pure policy (every player's chance ``base + farkle * c``), best
    for ``x`` in ``[low, high]``; or, with ``other``, a coin between ``other`` (best below the
    breakpoint ``low = high``) and this policy (best above)."""

    base: np.ndarray
    farkle: float
    low: float
    high: float
    other: Piece | None = None

    def mixed(self, q: float) -> tuple[np.ndarray, float]:
        """Return ``(base, farkle)`` of the coin played with chance ``q`` (pure: itself)."""
        if self.other is None:
            return self.base, self.farkle
        return (
            q * self.base + (1 - q) * self.other.base,
            q * self.farkle + (1 - q) * self.other.farkle,
        )


class OrbitTurns:
    """The rotations of the orbit of the state ``index`` (flat, scores in units below
    ``goal``), with the higher score sums solved in ``values`` (``(G**N, N)``); ``banks`` is
    ``(min_bank, entry, cap, middle, lesser)`` and ``arrays`` the turn's, as
    :func:`solver.farkle.last_round_three.orbit_banks` gives them."""

    def __init__(
        self, values: np.ndarray, goal: int, index: int, banks: tuple[int, int], arrays
    ) -> None:
        from pigsolve.solver.farkle import _orbit_kernels

        self._kernels = _orbit_kernels
        self.values, self.goal, self.banks, self.arrays = values, goal, banks, arrays
        players = values.shape[1]
        self.members = [index]
        while True:
            following = _orbit_kernels.passed(
                self.members[-1], self._first(self.members[-1]), goal, players, 0
            )
            if following == index:
                break
            self.members.append(following)
        dice = arrays[-1].shape[0]
        height = max(banks[2], banks[0]) + int(arrays[1].max()) + 1
        self.value = np.empty((height, dice + 1, players))
        self.slope = np.empty((height, dice + 1))
        self.bank = np.empty((height, players))

    def _first(self, member: int) -> int:
        return member // self.goal ** (self.values.shape[1] - 1)

    def reply(self, r: int, x: float) -> tuple[np.ndarray, float]:
        """Return ``(base, farkle)`` of rotation ``r``'s best reply when a farkle is worth ``x``
        to its mover."""
        c = np.zeros(self.values.shape[1])
        c[0] = x
        member = self.members[r]
        self._kernels.turn_vectors(
            self.values, self.goal, member, self._first(member), c, *self.banks,
            *self.arrays, self.value, self.slope, self.bank,
        )  # fmt: skip
        dice = self.value.shape[1] - 1
        farkle = float(self.slope[0, dice])
        base = self.value[0, dice].copy()
        base[0] -= farkle * x
        return base, farkle

    def pieces(self, r: int, low: float, high: float) -> list[Piece]:
        """Return rotation ``r``'s envelope on ``[low, high]``: its pure policies, in order of
        ``x``, each followed by the coin at its breakpoint with the next."""
        lines = self._envelope(r, low, self.reply(r, low), high, self.reply(r, high))
        found: list[Piece] = []
        for k, (base, farkle) in enumerate(lines):
            # the ends are open: beyond the range searched the policy may still be best
            start = -math.inf if k == 0 else _meet(lines[k - 1], lines[k])
            stop = math.inf if k == len(lines) - 1 else _meet(lines[k], lines[k + 1])
            piece = Piece(base, farkle, start, stop)
            if found:
                found.append(Piece(base, farkle, start, start, found[-1]))
            found.append(piece)
        return found

    def _envelope(self, r, low, left, high, right) -> list[tuple[np.ndarray, float]]:
        """Return the policies of the upper envelope between ``low`` (best: ``left``) and
        ``high`` (``right``), in order."""
        if abs(left[1] - right[1]) <= TIE or high - low <= SLACK:
            return [left]  # parallel lines, best at both ends: the mover's values are equal
        x = _meet(left, right)
        middle = self.reply(r, x)
        if middle[0][0] + middle[1] * x <= left[0][0] + left[1] * x + TIE:
            return [left, right]
        return (
            self._envelope(r, low, left, x, middle) + self._envelope(r, x, middle, high, right)[1:]
        )

    def cycle(self, chosen: list[tuple[np.ndarray, float]]) -> np.ndarray:
        """Return every rotation's values when rotation ``r`` plays ``chosen[r]``."""
        base = np.array([b for b, _ in chosen])
        farkles = np.array([f for _, f in chosen])
        out = np.empty_like(base)
        self._kernels._solve_cycle(base, farkles, out)
        return out

    def own_after_farkle(self, values: np.ndarray) -> np.ndarray:
        """Return each rotation's mover's value after a farkle, ``x_r``."""
        length = len(self.members)
        return np.array([values[(r + 1) % length, -1] for r in range(length)])


def solve_unsettled(orbit: OrbitTurns, seen: np.ndarray) -> tuple[np.ndarray, list]:
    """Return the orbit's equilibrium values and its coins ``[(rotation, q)]``: over the range
    of ``x`` in ``seen`` (one row per step of the cycling iteration, widened by
    :data:`MARGIN`) a pure one if there is one, else the fewest coins; failing both, the fewest
    coins over all of ``[0, 1]``. Each rotation's policy is checked against its best reply."""
    length = len(orbit.members)
    low = np.maximum(seen.min(axis=0) - MARGIN, 0.0)
    high = np.minimum(seen.max(axis=0) + MARGIN, 1.0)
    wandered = [orbit.pieces(r, float(low[r]), float(high[r])) for r in range(length)]
    pure = [[piece for piece in pieces if piece.other is None] for pieces in wandered]
    for options in (pure, wandered, None):
        if options is None:
            options = [orbit.pieces(r, 0.0, 1.0) for r in range(length)]
        for combination in _by_coins(options):
            found = _try(orbit, combination)
            if found is not None:
                return found
    raise PigsolveError(f"no equilibrium found for the orbit of state {orbit.members[0]}")


def _by_coins(options: list[list[Piece]]):
    """Yield the combinations of one piece per rotation, the fewest coins first (none if they
    are more than :data:`MAX_COMBINATIONS`)."""
    if math.prod(map(len, options)) > MAX_COMBINATIONS:
        return
    pure = [[piece for piece in pieces if piece.other is None] for pieces in options]
    coins = [[piece for piece in pieces if piece.other is not None] for pieces in options]
    length = len(options)
    for count in range(length + 1):
        for tossed in itertools.combinations(range(length), count):
            yield from itertools.product(
                *(coins[r] if r in tossed else pure[r] for r in range(length))
            )


def _try(orbit: OrbitTurns, combination) -> tuple[np.ndarray, list] | None:
    """Return the values and coins of ``combination`` if it is an equilibrium, else None."""
    tossed = [r for r, piece in enumerate(combination) if piece.other is not None]

    def values_at(q: np.ndarray) -> np.ndarray:
        chances = dict(zip(tossed, q, strict=True))
        return orbit.cycle(
            [piece.mixed(chances.get(r, 1.0)) for r, piece in enumerate(combination)]
        )

    def misses(q: np.ndarray) -> np.ndarray:
        x = orbit.own_after_farkle(values_at(q))
        return np.array([x[r] - combination[r].low for r in tossed])

    q = _coins(misses, len(tossed))
    if q is None:
        return None
    values = values_at(q)
    x = orbit.own_after_farkle(values)
    for r, piece in enumerate(combination):
        if not piece.low - SLACK <= x[r] <= piece.high + SLACK:
            return None
    for r, piece in enumerate(combination):  # each a best reply: its line meets the envelope
        base, farkle = orbit.reply(r, float(x[r]))
        if piece.base[0] + piece.farkle * x[r] < base[0] + farkle * x[r] - SLACK:
            return None
    return values, [(r, float(p)) for r, p in zip(tossed, q, strict=True)]


def _coins(misses, count: int) -> np.ndarray | None:
    """Return coins ``q`` in ``[0, 1]`` with ``misses(q)`` all about 0, or None."""
    if count == 0:
        return np.zeros(0)
    if count == 1:
        return _bisect(misses)
    q = np.full(count, 0.5)
    for _ in range(50):
        miss = misses(q)
        if np.abs(miss).max() <= 1e-15:
            return q
        jacobian = np.empty((count, count))
        for k in range(count):
            step = np.zeros(count)
            step[k] = 1e-7
            jacobian[:, k] = (misses(q + step) - miss) / 1e-7
        try:
            q = q - np.linalg.solve(jacobian, miss)
        except np.linalg.LinAlgError:
            return None
        if not np.all((q >= -1e-9) & (q <= 1 + 1e-9)):
            return None
    miss = misses(q)
    return np.clip(q, 0.0, 1.0) if np.abs(miss).max() <= 1e-13 else None


def _bisect(misses) -> np.ndarray | None:
    """Return the one coin where ``misses`` changes sign in ``[0, 1]``, or None."""
    low, high = np.zeros(1), np.ones(1)
    at_low, at_high = misses(low)[0], misses(high)[0]
    if at_low == 0.0 or at_high == 0.0:
        return low if at_low == 0.0 else high
    if (at_low > 0) == (at_high > 0):
        return None
    for _ in range(80):
        middle = (low + high) / 2
        at_middle = misses(middle)[0]
        if at_middle == 0.0 or high[0] - low[0] <= 1e-17:
            return middle
        if (at_middle > 0) == (at_low > 0):
            low, at_low = middle, at_middle
        else:
            high = middle
    return (low + high) / 2


def wander(orbit: OrbitTurns, steps: int = 40) -> np.ndarray:
    """Return each rotation's ``x`` over the last half of ``steps`` of policy iteration from
    even chances (one row per step)."""
    length, players = len(orbit.members), orbit.values.shape[1]
    values = np.full((length, players), 1.0 / players)
    seen = []
    for _ in range(steps):
        x = orbit.own_after_farkle(values)
        seen.append(x)
        values = orbit.cycle([orbit.reply(r, float(x[r])) for r in range(length)])
    return np.array(seen[steps // 2 :])


def _meet(left, right) -> float:
    """Return the ``x`` where two policies' lines for the mover meet."""
    return float((right[0][0] - left[0][0]) / (left[1] - right[1]))
