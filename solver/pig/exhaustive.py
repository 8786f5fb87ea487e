r"""The complete search for an orbit's equilibrium: branch and bound over the rotations' chains.

**Chains.** A rotation's best replies, as its own value after a pig ``x`` runs over [0, 1], form
a chain of pure policies :math:`P_0 \subset P_1 \subset \dots \subset P_m`: at each turn total
``k`` rolling gains on holding as ``x`` grows (the roll's value rises with ``x``, the hold's does
not), so ``k`` turns from hold to roll once, at its threshold; :math:`P_j` rolls at one more
turn total :math:`k_j` than :math:`P_{j-1}`, from :math:`t_j` on. A *position* ``u`` in
``[0, m]`` plays :math:`P_{\lfloor u \rfloor}` and rolls at :math:`k_{\lfloor u \rfloor + 1}`
with probability :math:`u - \lfloor u \rfloor`. Position ``j`` is a best reply exactly when
:math:`x \in [t_j, t_{j+1}]` (with :math:`t_0 = 0`, :math:`t_{m+1} = 1`), a position between
``j`` and ``j + 1`` exactly when :math:`x = t_{j+1}`. Every stationary equilibrium of the orbit is
a position per rotation that is a best reply to the pig values the positions produce, and one
exists: each turn leaves the orbit with a chance bounded away from 0, a stopping game (Fink 1964;
Takahashi 1964).

**Exact pruning.** A row's pig chance ``a`` and its vector ``b`` of values from leaving the
orbit are monotone in its coin, so over a box of positions each lies between the rows at the box's
ends and the pure policies inside it. The orbit's pig values increase with every ``a`` and every
component of ``b`` (the cycle's solution is a sum of their products over ``1 - prod(a)``), so the
cycle solved at the lower bounds and at the upper bounds encloses every pig value in the box. A
box in which some rotation's enclosure misses the values its positions reply to holds no
equilibrium and is dropped.

**Search.** Boxes are split, depth first, the nearest to a hint (the damped iteration's pig
values) first, until every rotation sits at a pure policy or in a coin interval narrower than
:data:`LEAF_WIDTH`; there the box's middle is checked as an equilibrium (every rotation a best
reply to its pig value). Only boxes that provably hold no equilibrium are dropped, so the search
ends with one.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from pigsolve.solver.errors import PigsolveError

if TYPE_CHECKING:
    from pigsolve.solver.pig.orbit import Orbit

SLACK = 1e-12
"""How far a pig value may lie outside the values a box replies to by rounding."""
LEAF_WIDTH = 1e-13
"""A coin interval narrower than this is not split again: its middle is checked."""
GAP = 1e-11
"""How far a checked equilibrium's pig value may lie from its coin's threshold."""
NEWTON_STEPS = 30
"""Newton steps on the coins of a combination before its box is split instead."""
MAX_BOXES = 1_000_000
"""A bound on the boxes visited, far above what any solve needs (a guard, never reached)."""


@dataclass(frozen=True)
class Chain:
    """One rotation's best replies: thresholds ``t`` (``t[0] = 0``, ``t[m + 1] = 1``), the turn
    totals ``k`` that flip at them (``k[j]`` at ``t[j]``, 1-based), the pure policies, and each
    pure policy's row ``(a0, b0)``."""

    t: np.ndarray
    k: np.ndarray
    policies: np.ndarray
    a: np.ndarray
    b: np.ndarray

    @property
    def m(self) -> int:
        return len(self.policies) - 1

    def replies_to(self, low: float, high: float, coin: bool) -> tuple[float, float]:
        """Return the pig values to which positions ``[low, high]`` hold best replies."""
        j = math.floor(low)
        if coin:
            return self.t[j + 1], self.t[j + 1]
        return self.t[int(low)], self.t[int(high) + 1]

    def position(self, x: float) -> int:
        """Return the pure position that replies best to ``x``."""
        return int(np.clip(np.searchsorted(self.t, x, side="right") - 1, 0, self.m))


def chain(orbit: Orbit, i: int) -> Chain:
    """Return rotation ``i``'s chain of best replies over pig values in [0, 1]."""
    lowest, highest = orbit.row(i, 0.0)[2], orbit.row(i, 1.0)[2]
    found: list[tuple[float, int]] = []
    orbit._thresholds(i, 0.0, 1.0, lowest, highest, found)
    found.sort()
    policies = [lowest]
    for _, k in found:
        policy = policies[-1].copy()
        policy[k] = 1
        policies.append(policy)
    if not np.array_equal(policies[-1], highest):
        raise PigsolveError(f"the best replies of rotation {orbit.rotations[i]} are not a chain")
    rows = [orbit.row(i, 0.0, policy)[:2] for policy in policies]
    return Chain(
        t=np.array([0.0] + [t for t, _ in found] + [1.0]),
        k=np.array([-1] + [k for _, k in found], np.int64),
        policies=np.array(policies),
        a=np.array([a for a, _ in rows]),
        b=np.array([b for _, b in rows]),
    )


@dataclass(frozen=True)
class Span:
    """Positions ``[low, high]`` of one rotation: a pure policy (``low == high``), a range of
    whole positions, or (``coin``) positions strictly inside one coin's interval."""

    low: float
    high: float
    coin: bool = False

    def splits(self) -> list[Span]:
        """Return the spans that cover this one (a pure one is not split)."""
        low, high = self.low, self.high
        if self.coin:
            middle = (low + high) / 2
            return [Span(low, middle, True), Span(middle, high, True)]
        if high - low >= 2:
            middle = float(math.floor((low + high) / 2))
            return [Span(low, middle), Span(middle, high)]
        return [Span(low, low), Span(low, high, True), Span(high, high)]

    @property
    def done(self) -> bool:
        return self.low == self.high or (self.coin and self.high - self.low < LEAF_WIDTH)


def search(orbit: Orbit, hint: np.ndarray) -> tuple[np.ndarray, list[tuple[int, int, float]]]:
    """Return the orbit's start vectors at an equilibrium and its coins ``(rotation, k, q)``.

    First every combination of pure policies and coins that the bounds allow is tried, depth
    first from ``hint`` (one pig value per rotation, where the damped iteration ended), its coins
    solved by Newton's method; only then are the coins' intervals bisected, level by level.
    Raises :class:`PigsolveError` only if no equilibrium exists, which the theory rules out.
    """
    chains = [chain(orbit, i) for i in range(orbit.length)]
    wanted = [c.position(x) for c, x in zip(chains, hint, strict=True)]
    combinations = [tuple(Span(0.0, float(c.m)) for c in chains)]
    coins: deque[tuple[Span, ...]] = deque()  # boxes whose coins Newton's method missed
    for _ in range(MAX_BOXES):
        if combinations:
            box = combinations.pop()
        elif coins:
            box = coins.popleft()
        else:
            break
        if not _may_hold(orbit, chains, box):
            continue
        if all(span.done or span.coin for span in box):
            found = _check(orbit, chains, box)
            if found is None and all(span.done or span.high - span.low == 1 for span in box):
                found = _newton(orbit, chains, box)  # a new combination
            if found is not None:
                return found
            if all(span.done for span in box):
                continue
        # whole positions first: a coin is bisected only once its combination is complete
        i = max(range(len(box)), key=lambda r: (not box[r].done, not box[r].coin, _width(box[r])))
        children = []
        for span in box[i].splits():
            child = list(box)
            child[i] = span
            children.append(tuple(child))
        if box[i].coin:
            coins += children
        else:  # the child nearest the hint is popped first
            children.sort(key=lambda b: -_distance(b[i], wanted[i]))
            combinations += children
    raise PigsolveError(f"no equilibrium found for the orbit of scores {orbit.rotations[0]}")


def _width(span: Span) -> float:
    return span.high - span.low


def _distance(span: Span, position: int) -> float:
    return max(span.low - position, position - span.high, 0.0)


def _row(chain: Chain, u: float) -> tuple[float, np.ndarray]:
    """Return the row ``(a0, b0)`` at position ``u``: a coin's row is affine in its chance (the
    turn total it stands at is passed once), between the pure rows at its ends."""
    j = math.floor(u)
    q = u - j
    if q == 0.0:
        return chain.a[j], chain.b[j]
    return (1 - q) * chain.a[j] + q * chain.a[j + 1], (1 - q) * chain.b[j] + q * chain.b[j + 1]


def _bounds(chain: Chain, span: Span):
    """Return the least and greatest ``a0`` and ``b0`` of ``chain`` over ``span``."""
    ends = [_row(chain, span.low), _row(chain, span.high)]
    a = [a for a, _ in ends]
    b = [b for _, b in ends]
    if not span.coin and span.high - span.low >= 2:
        inside = slice(int(span.low) + 1, int(span.high))
        a += [chain.a[inside].min(), chain.a[inside].max()]
        b += [chain.b[inside].min(axis=0), chain.b[inside].max(axis=0)]
    return min(a), max(a), np.min(b, axis=0), np.max(b, axis=0)


def _may_hold(orbit: Orbit, chains: list[Chain], box: tuple[Span, ...]) -> bool:
    """Return False if no positions in ``box`` can be an equilibrium (exactly: see above)."""
    bounds = [_bounds(c, span) for c, span in zip(chains, box, strict=True)]
    low = orbit.pig_values(orbit.solve([(a, b) for a, _, b, _ in bounds]))
    high = orbit.pig_values(orbit.solve([(a, b) for _, a, _, b in bounds]))
    for i, (c, span) in enumerate(zip(chains, box, strict=True)):
        replies = c.replies_to(span.low, span.high, span.coin)
        if low[i] > replies[1] + SLACK or high[i] < replies[0] - SLACK:
            return False
    return True


def _check(orbit: Orbit, chains: list[Chain], box: tuple[Span, ...], at=None):
    """Return the start vectors and coins if positions ``at`` (the middle of ``box`` by
    default) are an equilibrium, else None."""
    at = [(span.low + span.high) / 2 for span in box] if at is None else at
    out = orbit.solve([_row(c, u) for c, u in zip(chains, at, strict=True)])
    xs = orbit.pig_values(out)
    coins = []
    for i, (c, u, span) in enumerate(zip(chains, at, box, strict=True)):
        j = math.floor(u)
        best = orbit.row(i, xs[i])[2]
        same = best == c.policies[j]
        if span.coin:
            if abs(xs[i] - c.t[j + 1]) > GAP:
                return None
            same[c.k[j + 1]] = True
            coins.append((i, int(c.k[j + 1]), u - j))
        if not same.all():
            return None
    return out, coins


def _newton(orbit: Orbit, chains: list[Chain], box: tuple[Span, ...]):
    """Return what :func:`_check` returns at the coins that put each coin's pig value at its
    threshold, found by Newton's method from the middle of ``box``, or None."""
    coins = [i for i, span in enumerate(box) if span.coin]
    at = np.array([(span.low + span.high) / 2 for span in box])
    low = np.array([box[i].low for i in coins])
    high = np.array([box[i].high for i in coins])
    targets = np.array([chains[i].t[math.floor(box[i].low) + 1] for i in coins])

    def gaps(at: np.ndarray) -> np.ndarray:
        rows = [_row(c, u) for c, u in zip(chains, at, strict=True)]
        return orbit.pig_values(orbit.solve(rows))[coins] - targets

    for _ in range(NEWTON_STEPS):
        f = gaps(at)
        jacobian = np.empty((len(coins), len(coins)))
        for n, i in enumerate(coins):
            step = at.copy()
            step[i] += 1e-6 if at[i] + 1e-6 <= box[i].high else -1e-6
            jacobian[:, n] = (gaps(step) - f) / (step[i] - at[i])
        try:
            delta = np.linalg.solve(jacobian, f)
        except np.linalg.LinAlgError:
            return None
        at[coins] = np.clip(at[coins] - delta, low, high)
        if np.abs(delta).max() < 1e-15:
            break
    return _check(orbit, chains, box, list(at))
