"""Numba kernels of two-player Farkle: plain loops over arrays the caller allocates.

``values[i, j] = P(i, j)`` is the mover's chance at the start of a turn, banked scores ``i, j``
in units of 50 (mover first); the turn comes as the arrays of :class:`solver.farkle.turn.Turn`
(``ways, points, num_outcomes, farkle_ways, scale, next_dice``), always passed in that order and
named ``turn`` below. :func:`turn_values` is the turn's dynamic programme at one ``(i, j)``
with the farkle worth a given ``c``; :func:`solve_pair` couples ``(i, j)`` and ``(j, i)`` by
Newton's method; :func:`_solve_sums` and :func:`_solve_sums_parallel` sweep score sums from the
highest down (see :mod:`solver.farkle.solve`).
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit, prange

ROUNDING = 1e-14
"""A pair is solved when the Newton residual ``|g_ij(1 - g_ji(1 - x)) - x|`` is at most this."""
MAX_STEPS = 100
"""Newton steps of one pair before giving up (the residual then says so)."""


@njit(cache=True)
def bank_value(values, i, j, u, last):  # pragma: no cover
    """Return the mover's chance after banking the turn total ``u`` at ``(i, j)``: below the
    goal ``1 - values[j, i + u]``, from it on ``1 - last[i + u - j]`` (the opponent's last turn
    needing ``i + u - j`` to tie; all zeros without a last turn)."""
    if i + u >= values.shape[0]:
        return 1.0 - last[i + u - j]
    return 1.0 - values[j, i + u]


ONE_KEEP = np.zeros((1, 1, 1, 1), np.int64)
"""The ``lesser`` keeps of a turn that weighs only the most points for each number of dice left."""


@njit(cache=True)
def turn_values(
    values, i, j, c, min_bank, entry, cap, last,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, roll,
):  # fmt: skip  # pragma: no cover
    """:func:`keep_values` weighing only the most points for each number of dice left."""
    return keep_values(
        values, i, j, c, min_bank, entry, cap, last, ONE_KEEP,
        ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, roll,
    )  # fmt: skip


@njit(cache=True, inline="always")
def keep_values(
    values, i, j, c, min_bank, entry, cap, last, lesser,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, roll,
):  # fmt: skip  # pragma: no cover
    """Fill the turn at ``(i, j)`` with a farkle worth ``c``; return ``top``, the first turn
    total that must bank: ``max(cap - i, min_bank)``, ``cap`` the goal's index (banking wins)
    or with a last turn the highest score kept (the mover banks there).

    For every turn total ``t < top`` and dice to roll ``n`` (1 to D) it writes the optimal
    value ``value[t, n]``, its derivative in ``c`` under the chosen policy ``slope[t, n]`` (that
    policy's chance of ending the turn in a farkle) and the value of rolling ``roll[t, n]``.
    Banking (``t > 0``, ``t >=`` the least bank: ``entry`` at ``i = 0``, the opening score not
    below ``min_bank`` and not above the goal, else ``min_bank``) is chosen where it is not worse
    than rolling; after a roll the option of the most value, the fewest dice left at a tie, then
    the most points (``lesser[n, k, left]``: the keeps of fewer points, the highest first, -1
    after; weighed only where ``lesser`` is not the one-entry :data:`ONE_KEEP`). From
    ``top`` on the turn banks (slope 0): without a last turn it wins. ``values`` is the table a
    bank reaches (:func:`bank_value`). The arrays need ``top`` rows and ``D + 1`` columns.
    """
    dice = next_dice.shape[0]
    top = max(cap - i, min_bank)
    least = entry if i == 0 else min_bank
    keeps = lesser.shape[3] + 1 if lesser.shape[0] > 1 else 1
    for t in range(top - 1, -1, -1):
        can_bank = t > 0 and t >= least
        bank = bank_value(values, i, j, t, last) if can_bank else -1.0
        for n in range(1, dice + 1):
            total = farkle_ways[n] * c
            total_slope = farkle_ways[n]
            for k in range(num_outcomes[n]):
                best = -1.0
                best_slope = 0.0
                for left in range(n):
                    for q in range(keeps):
                        gain = points[n, k, left] if q == 0 else lesser[n, k, left, q - 1]
                        if gain < 0:
                            break
                        u = t + gain
                        m = next_dice[left]
                        if m == 0 or u >= top:  # every die kept without hot dice, or the cap
                            v = bank_value(values, i, j, u, last)
                            d = 0.0
                        else:
                            v = value[u, m]
                            d = slope[u, m]
                        if v > best:
                            best = v
                            best_slope = d
                total += ways[n, k] * best
                total_slope += ways[n, k] * best_slope
            rolled = total / scale[n]
            roll[t, n] = rolled
            if can_bank and bank >= rolled:
                value[t, n] = bank
                slope[t, n] = 0.0
            else:
                value[t, n] = rolled
                slope[t, n] = total_slope / scale[n]
    return top


@njit(cache=True)
def solve_pair(
    values, i, j, min_bank, entry, cap, last,
    ways, points, num_outcomes, farkle_ways, scale, next_dice,
):  # fmt: skip  # pragma: no cover
    """Solve ``P(i, j)`` and ``P(j, i)`` (``i <= j``) given every higher score sum, write them
    into ``values`` and return ``(Newton steps, last residual)``.

    With ``g_ij(c)`` the turn's value at ``(i, j)`` when a farkle is worth ``c``, ``x = P(i, j)``
    solves ``x = g_ij(1 - g_ji(1 - x))`` (``x = g_ii(1 - x)`` on the diagonal). Both sides are
    piecewise linear; a Newton step takes each turn's value as affine in ``c`` with the chosen
    policy's slope, so it is exact once the policies are right. A bracket of the root guards
    the steps (a step leaving it bisects). The values stored are ``y = g_ji(1 - x)`` and
    ``g_ij(1 - y)`` of the last ``x``, whose Bellman residual the returned residual bounds.
    """
    goal = values.shape[0]
    dice = next_dice.shape[0]
    size = max(cap, min_bank)
    value = np.empty((size, dice + 1))
    slope = np.empty((size, dice + 1))
    roll = np.empty((size, dice + 1))
    if j + 1 < goal:
        x = values[i, j + 1]
    elif i + 1 < goal:
        x = values[i + 1, j]
    else:
        x = 0.5
    low, high = 0.0, 1.0
    f = 1.0
    for step in range(1, MAX_STEPS + 1):
        if i == j:
            y, dy = x, -1.0
        else:
            turn_values(
                values, j, i, 1.0 - x, min_bank, entry, cap, last,
                ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, roll,
            )  # fmt: skip
            y, dy = value[0, dice], slope[0, dice]
        turn_values(
            values, i, j, 1.0 - y, min_bank, entry, cap, last,
            ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, roll,
        )  # fmt: skip
        new, dx = value[0, dice], slope[0, dice]
        f = new - x
        if abs(f) <= ROUNDING or step == MAX_STEPS:
            values[i, j] = new
            if i != j:
                values[j, i] = y
            return step, abs(f)
        if f > 0.0:
            low = max(low, x)
        else:
            high = min(high, x)
        # F(x) = g_ij(1 - g_ji(1 - x)) - x has slope dx * dy - 1 (diagonal: -dx - 1).
        guess = x + f / (1.0 - dx * dy)
        x = guess if low < guess < high else 0.5 * (low + high)
    return MAX_STEPS, abs(f)


@njit(cache=True)
def _pair_of_sum(
    values, s, q, min_bank, entry, cap, last,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, steps, residuals,
):  # fmt: skip  # pragma: no cover
    """Solve the ``q``-th pair ``i <= j`` of score sum ``s`` (lowest ``i`` first)."""
    i = max(0, s - values.shape[0] + 1) + q
    j = s - i
    count, residual = solve_pair(
        values, i, j, min_bank, entry, cap, last,
        ways, points, num_outcomes, farkle_ways, scale, next_dice,
    )  # fmt: skip
    steps[i, j] = count
    residuals[i, j] = residual


@njit(cache=True)
def _solve_sums(
    values, s_high, s_low, min_bank, entry, cap, last,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, steps, residuals,
):  # fmt: skip  # pragma: no cover
    """Solve the score sums ``s_high`` down to ``s_low`` of ``values``, pair after pair; write
    each pair's Newton steps and residual at ``[i, j]`` (``i <= j``) of ``steps``,
    ``residuals``."""
    goal = values.shape[0]
    for s in range(s_high, s_low - 1, -1):
        for q in range(s // 2 - max(0, s - goal + 1) + 1):
            _pair_of_sum(
                values, s, q, min_bank, entry, cap, last,
                ways, points, num_outcomes, farkle_ways, scale, next_dice, steps, residuals,
            )  # fmt: skip


@njit(cache=True, parallel=True)
def _solve_sums_parallel(
    values, s_high, s_low, min_bank, entry, cap, last,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, steps, residuals,
):  # fmt: skip  # pragma: no cover
    """:func:`_solve_sums` with the pairs of a score sum solved in parallel (each touches only
    its own two values and reads higher sums)."""
    goal = values.shape[0]
    for s in range(s_high, s_low - 1, -1):
        for q in prange(s // 2 - max(0, s - goal + 1) + 1):
            _pair_of_sum(
                values, s, q, min_bank, entry, cap, last,
                ways, points, num_outcomes, farkle_ways, scale, next_dice, steps, residuals,
            )  # fmt: skip


# The three-farkle penalty ---------------------------------------------------------------------


@njit(cache=True)
def farkle_value(values, restart, a, b, i, j, penalty):  # pragma: no cover
    """Return the mover's chance after a farkle at ``(a, b, i, j)``: the opponent moves at
    ``(b, a + 1, j, i)``, or on a third farkle at ``(b, 0, j, max(i - penalty, 0))``, read
    from ``restart[b, j, i']`` (the values a penalty reaches, taken as given)."""
    if a < 2:
        return 1.0 - values[b, a + 1, j, i]
    return 1.0 - restart[b, j, max(i - penalty, 0)]


@njit(cache=True)
def _penalty_pair(
    values, restart, i, j, penalty, min_bank, cap, last,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, roll,
):  # fmt: skip  # pragma: no cover
    """Solve the states of the scores ``i <= j`` (both orders, every count) given the higher
    score sums and ``restart``: a farkle raises the mover's count, so the counts' sum ``a + b``
    orders them (highest first) and each state is one turn with a known farkle value."""
    dice = next_dice.shape[0]
    for total in range(4, -1, -1):
        for a in range(max(0, total - 2), min(2, total) + 1):
            b = total - a
            for order in range(2 if i != j else 1):
                x, y = (i, j) if order == 0 else (j, i)
                c = farkle_value(values, restart, a, b, x, y, penalty)
                turn_values(
                    values[b, 0], x, y, c, min_bank, min_bank, cap, last,
                    ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, roll,
                )  # fmt: skip
                values[a, b, x, y] = value[0, dice]


@njit(cache=True, parallel=True)
def _penalty_sums(
    values, restart, penalty, min_bank, cap, last,
    ways, points, num_outcomes, farkle_ways, scale, next_dice,
):  # fmt: skip  # pragma: no cover
    """Solve every score sum of ``values[a, b, i, j]`` from the highest down, the values a
    penalty reaches taken from ``restart``; the pairs of a sum in parallel."""
    size = values.shape[2]
    dice = next_dice.shape[0]
    rows = max(cap, min_bank)
    for s in range(2 * size - 2, -1, -1):
        low = max(0, s - size + 1)
        for q in prange(s // 2 - low + 1):
            value = np.empty((rows, dice + 1))
            slope = np.empty((rows, dice + 1))
            roll = np.empty((rows, dice + 1))
            _penalty_pair(
                values, restart, low + q, s - low - q, penalty, min_bank, cap, last,
                ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, roll,
            )  # fmt: skip


@njit(cache=True, parallel=True)
def bellman_residuals(
    values, penalty, min_bank, entry, cap, last,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, out,
):  # fmt: skip  # pragma: no cover
    """Fill ``out[a, b, i, j]`` with ``|value - turn|``: each stored start value against its
    turn re-solved from the stored values (``values`` 4-D; without the penalty one count,
    ``(1, 1, G, G)``, a farkle worth ``1 - values[0, 0, j, i]``)."""
    counts, size = values.shape[0], values.shape[2]
    dice = next_dice.shape[0]
    rows = max(cap, min_bank)
    restart = values[:, 0]
    for p in prange(counts * counts * size):
        a, b, i = p // (counts * size), (p // size) % counts, p % size
        value = np.empty((rows, dice + 1))
        slope = np.empty((rows, dice + 1))
        roll = np.empty((rows, dice + 1))
        for j in range(size):
            if counts == 1:
                c = 1.0 - values[0, 0, j, i]
            else:
                c = farkle_value(values, restart, a, b, i, j, penalty)
            turn_values(
                values[b, 0], i, j, c, min_bank, entry, cap, last,
                ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, roll,
            )  # fmt: skip
            out[a, b, i, j] = abs(value[0, dice] - values[a, b, i, j])


# The last turn --------------------------------------------------------------------------------


@njit(cache=True)
def last_turn(
    last, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice
):  # pragma: no cover
    """Fill ``last[d]`` with the chance of the player whose last turn needs ``d >= 1`` units to
    tie the leader: finishing above wins (1), level draws (1/2), below loses, a farkle too.
    Banking (``t > 0``, ``t >= min_bank``) is worth 1/2 at ``t = d``, else nothing below
    ``d``; from ``max(d + 1, min_bank)`` on the turn wins. ``last[0]`` is 1/2."""
    dice = next_dice.shape[0]
    size = last.shape[0]
    value = np.empty((max(size, min_bank) + 1, dice + 1))
    last[0] = 0.5
    for d in range(1, size):
        top = max(d + 1, min_bank)
        for t in range(top - 1, -1, -1):
            bank = 0.5 if t == d and t >= min_bank else 0.0
            for n in range(1, dice + 1):
                total = 0.0
                for k in range(num_outcomes[n]):
                    best = 0.0
                    for left in range(n):
                        gain = points[n, k, left]
                        if gain < 0:
                            continue
                        u = t + gain
                        m = next_dice[left]
                        if m == 0:  # the turn banks
                            v = 1.0 if u > d else (0.5 if u == d else 0.0)
                        elif u >= top:
                            v = 1.0
                        else:
                            v = value[u, m]
                        if v > best:
                            best = v
                    total += ways[n, k] * best
                value[t, n] = max(bank, total / scale[n])
        last[d] = value[0, dice]
