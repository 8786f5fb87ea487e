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
def bank_value(values, i, j, u):  # pragma: no cover
    """Return the mover's chance after banking the turn total ``u`` at ``(i, j)``."""
    if i + u >= values.shape[0]:
        return 1.0
    return 1.0 - values[j, i + u]


@njit(cache=True)
def turn_values(
    values,
    i,
    j,
    c,
    min_bank,
    ways,
    points,
    num_outcomes,
    farkle_ways,
    scale,
    next_dice,
    value,
    slope,
    roll,
):  # pragma: no cover
    """Fill the turn at ``(i, j)`` with a farkle worth ``c``; return ``top``, the first turn
    total that wins by banking.

    For every turn total ``t < top`` and dice to roll ``n`` (1 to D) it writes the optimal
    value ``value[t, n]``, its derivative in ``c`` under the chosen policy ``slope[t, n]`` (that
    policy's chance of ending the turn in a farkle) and the value of rolling ``roll[t, n]``.
    Banking (``t > 0``, ``t >= min_bank``) is chosen where it is not worse than rolling; after a
    roll the option of the most value, the fewest dice left at a tie. Totals from ``top`` on
    are won (value 1, slope 0). The arrays need ``top`` rows and ``D + 1`` columns.
    """
    goal = values.shape[0]
    dice = next_dice.shape[0]
    top = max(goal - i, min_bank)
    for t in range(top - 1, -1, -1):
        can_bank = t > 0 and t >= min_bank
        bank = bank_value(values, i, j, t) if can_bank else -1.0
        for n in range(1, dice + 1):
            total = farkle_ways[n] * c
            total_slope = farkle_ways[n]
            for k in range(num_outcomes[n]):
                best = -1.0
                best_slope = 0.0
                for left in range(n):
                    gain = points[n, k, left]
                    if gain < 0:
                        continue
                    u = t + gain
                    m = next_dice[left]
                    if m == 0:  # every die kept without hot dice: the turn banks
                        v = bank_value(values, i, j, u)
                        d = 0.0
                    elif u >= top:
                        v = 1.0
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
    values, i, j, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice
):  # pragma: no cover
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
    size = max(goal, min_bank)
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
                values,
                j,
                i,
                1.0 - x,
                min_bank,
                ways,
                points,
                num_outcomes,
                farkle_ways,
                scale,
                next_dice,
                value,
                slope,
                roll,
            )
            y, dy = value[0, dice], slope[0, dice]
        turn_values(
            values,
            i,
            j,
            1.0 - y,
            min_bank,
            ways,
            points,
            num_outcomes,
            farkle_ways,
            scale,
            next_dice,
            value,
            slope,
            roll,
        )
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
    values,
    s,
    q,
    min_bank,
    ways,
    points,
    num_outcomes,
    farkle_ways,
    scale,
    next_dice,
    steps,
    residuals,
):  # pragma: no cover
    """Solve the ``q``-th pair ``i <= j`` of score sum ``s`` (lowest ``i`` first)."""
    i = max(0, s - values.shape[0] + 1) + q
    j = s - i
    count, residual = solve_pair(
        values, i, j, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice
    )
    steps[i, j] = count
    residuals[i, j] = residual


@njit(cache=True)
def _solve_sums(
    values,
    s_high,
    s_low,
    min_bank,
    ways,
    points,
    num_outcomes,
    farkle_ways,
    scale,
    next_dice,
    steps,
    residuals,
):  # pragma: no cover
    """Solve the score sums ``s_high`` down to ``s_low`` of ``values``, pair after pair; write
    each pair's Newton steps and residual at ``[i, j]`` (``i <= j``) of ``steps``,
    ``residuals``."""
    goal = values.shape[0]
    for s in range(s_high, s_low - 1, -1):
        for q in range(s // 2 - max(0, s - goal + 1) + 1):
            _pair_of_sum(
                values,
                s,
                q,
                min_bank,
                ways,
                points,
                num_outcomes,
                farkle_ways,
                scale,
                next_dice,
                steps,
                residuals,
            )


@njit(cache=True, parallel=True)
def _solve_sums_parallel(
    values,
    s_high,
    s_low,
    min_bank,
    ways,
    points,
    num_outcomes,
    farkle_ways,
    scale,
    next_dice,
    steps,
    residuals,
):  # pragma: no cover
    """:func:`_solve_sums` with the pairs of a score sum solved in parallel (each touches only
    its own two values and reads higher sums)."""
    goal = values.shape[0]
    for s in range(s_high, s_low - 1, -1):
        for q in prange(s // 2 - max(0, s - goal + 1) + 1):
            _pair_of_sum(
                values,
                s,
                q,
                min_bank,
                ways,
                points,
                num_outcomes,
                farkle_ways,
                scale,
                next_dice,
                steps,
                residuals,
            )
