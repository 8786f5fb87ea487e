"""Numba kernels of fixed Farkle players: their turns and the exact evaluation.

A player comes as ``kind, guide, bank, choose, rows, moves``
(:class:`solver.farkle.policy.FarklePolicy`),
the turn as the arrays of :class:`solver.farkle.turn.Turn` (``ways, points, num_outcomes,
farkle_ways, scale, next_dice``), both always in that order. :func:`policy_turn` is one turn
of a fixed player against the opponent's values, affine in the farkle's worth;
:func:`_evaluate_sums` solves the score sums from the highest down, each ordered pair a 2 x 2
linear system (:mod:`solver.farkle.evaluate`); :func:`max_score_tables` is the expected-points
programme. The games are played by :mod:`solver.farkle._simulate_kernels`.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.farkle._kernels import turn_values
from pigsolve.solver.jit import njit, prange

GUIDED = 1  # solver.farkle.policy.GUIDED (numba freezes it)
USER = 2  # solver.farkle.policy.USER


@njit(cache=True)
def guided_turn(
    guide, i, j, min_bank,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, gvalue, gslope, groll,
):  # fmt: skip  # pragma: no cover
    """Fill ``gvalue``, ``gslope``, ``groll`` with the turn at ``(i, j)`` of the player guided
    by the start values ``guide`` (its own optimal table): a farkle worth ``1 - guide[j, i]``,
    no last turn."""
    turn_values(
        guide, i, j, 1.0 - guide[j, i], min_bank, guide.shape[0],
        np.zeros(2 * guide.shape[0] + min_bank + points.max() + 2),
        ways, points, num_outcomes, farkle_ways, scale, next_dice, gvalue, gslope, groll,
    )  # fmt: skip


@njit(cache=True)
def _bank(values, i, j, u):  # pragma: no cover
    """Return the mover's chance after banking ``u`` at ``(i, j)``: 1 from the goal on (these
    players' rules have no last turn)."""
    if i + u >= values.shape[0]:
        return 1.0
    return 1.0 - values[j, i + u]


@njit(cache=True)
def _guided_left(guide, i, j, t, n, k, top, points, next_dice, gvalue):  # pragma: no cover
    """Return the dice left of the guide's best option (fewest dice left at a tie)."""
    best = -1.0
    chosen = -1
    for left in range(n):
        gain = points[n, k, left]
        if gain < 0:
            continue
        u = t + gain
        m = next_dice[left]
        if m == 0:
            v = _bank(guide, i, j, u)
        elif u >= top:
            v = 1.0
        else:
            v = gvalue[u, m]
        if v > best:
            best = v
            chosen = left
    return chosen


@njit(cache=True)
def _banks(kind, guide, bank, i, j, t, n, groll):  # pragma: no cover
    """Return True if the player banks at ``(i, j, t, n)`` where banking is allowed, ``t`` below
    the total that wins (the guide's rows filled for ``(i, j)``)."""
    if kind == GUIDED:
        return _bank(guide, i, j, t) >= groll[t, n]
    if t >= bank.shape[0]:
        return True
    return bank[t, n]


@njit(cache=True)
def _left(kind, guide, choose, i, j, t, n, k, top, points, next_dice, gvalue):  # pragma: no cover
    """Return the dice left the player chooses after outcome ``k`` of ``n`` dice at ``t``."""
    if kind == GUIDED:
        return _guided_left(guide, i, j, t, n, k, top, points, next_dice, gvalue)
    return choose[min(t, choose.shape[0] - 1), n, k]


@njit(cache=True)
def _user_turn(
    other, i, j, min_bank, farkle_ways, scale, rows, moves, value, slope
):  # pragma: no cover
    """:func:`policy_turn` of a user's tabulated player: ``rows[i, j, t, n]`` is the first row
    of ``moves`` for rolling ``n`` dice at ``t`` (-1: never reached), each row ``(ways, gain,
    dice, ends)`` for the rolls it decides alike, a row of zeros after the last; ``ends``: the
    turn banks after the keep (where banking is allowed), else it rolls ``dice`` more."""
    goal = other.shape[0]
    dice = rows.shape[3] - 1
    top = max(goal - i, min_bank)
    for t in range(top - 1, -1, -1):
        for n in range(1, dice + 1):
            row = rows[i, j, t, n]
            if row < 0:
                continue
            total = 0.0
            total_slope = farkle_ways[n]
            while moves[row, 0] > 0:
                ways, u, m, ends = moves[row, 0], t + moves[row, 1], moves[row, 2], moves[row, 3]
                if u >= top:
                    total += ways
                elif ends:
                    total += ways * _bank(other, i, j, u)
                else:
                    total += ways * value[u, m]
                    total_slope += ways * slope[u, m]
                row += 1
            value[t, n] = total / scale[n]
            slope[t, n] = total_slope / scale[n]
    return value[0, dice], slope[0, dice]


@njit(cache=True)
def policy_turn(
    other, i, j, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind, guide, bank, choose, rows, moves, value, slope, gvalue, gslope, groll,
):  # fmt: skip  # pragma: no cover
    """Return ``(a, f)``: the mover's chance at ``(i, j)`` under its fixed decisions is
    ``a + f c`` when a farkle is worth ``c``; ``f`` is the chance of the turn ending in one.

    ``other[j, i']`` is the opponent's chance when it moves at ``(j, i')`` (so banking ``u`` is
    worth ``1 - other[j, i + u]``, or 1 from the goal). ``value``/``slope`` get ``a, f`` of every
    ``(t, n)`` below the winning total; a guided player's turn programme fills ``gvalue``,
    ``gslope``, ``groll`` first. Every buffer needs ``max(G, min_bank)`` rows, ``D + 1``
    columns.
    """
    if kind == USER:
        return _user_turn(other, i, j, min_bank, farkle_ways, scale, rows, moves, value, slope)
    goal = other.shape[0]
    dice = next_dice.shape[0]
    if kind == GUIDED:
        guided_turn(
            guide, i, j, min_bank,
            ways, points, num_outcomes, farkle_ways, scale, next_dice, gvalue, gslope, groll,
        )  # fmt: skip
    top = max(goal - i, min_bank)
    for t in range(top - 1, -1, -1):
        can_bank = t > 0 and t >= min_bank
        for n in range(1, dice + 1):
            if can_bank and _banks(kind, guide, bank, i, j, t, n, groll):
                value[t, n] = _bank(other, i, j, t)
                slope[t, n] = 0.0
                continue
            total = 0.0
            total_slope = farkle_ways[n]
            for k in range(num_outcomes[n]):
                left = _left(kind, guide, choose, i, j, t, n, k, top, points, next_dice, gvalue)
                u = t + points[n, k, left]
                m = next_dice[left]
                if m == 0:  # every die kept without hot dice: the turn banks
                    v = _bank(other, i, j, u)
                    d = 0.0
                elif u >= top:
                    v = 1.0
                    d = 0.0
                else:
                    v = value[u, m]
                    d = slope[u, m]
                total += ways[n, k] * v
                total_slope += ways[n, k] * d
            value[t, n] = total / scale[n]
            slope[t, n] = total_slope / scale[n]
    return value[0, dice], slope[0, dice]


@njit(cache=True)
def _evaluate_pair(
    x_a, x_b, i, j, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind_a, guide_a, bank_a, choose_a, rows_a, moves_a,
    kind_b, guide_b, bank_b, choose_b, rows_b, moves_b,
):  # fmt: skip  # pragma: no cover
    """Solve ``x_a[i, j]`` (A moves at ``(i, j)``) and ``x_b[j, i]`` (B moves at ``(j, i)``),
    given every higher score sum: ``x = a + f (1 - y)``, ``y = b + g (1 - x)``."""
    goal = x_a.shape[0]
    dice = next_dice.shape[0]
    size = max(goal, min_bank)
    value = np.empty((size, dice + 1))
    slope = np.empty((size, dice + 1))
    gvalue = np.empty((size, dice + 1))
    gslope = np.empty((size, dice + 1))
    groll = np.empty((size, dice + 1))
    a, f = policy_turn(
        x_b, i, j, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice,
        kind_a, guide_a, bank_a, choose_a, rows_a, moves_a, value, slope, gvalue, gslope, groll,
    )  # fmt: skip
    b, g = policy_turn(
        x_a, j, i, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice,
        kind_b, guide_b, bank_b, choose_b, rows_b, moves_b, value, slope, gvalue, gslope, groll,
    )  # fmt: skip
    x = (a + f - f * (b + g)) / (1.0 - f * g)
    x_a[i, j] = x
    x_b[j, i] = b + g * (1.0 - x)


@njit(cache=True)
def _evaluate_sums(
    x_a, x_b, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind_a, guide_a, bank_a, choose_a, rows_a, moves_a,
    kind_b, guide_b, bank_b, choose_b, rows_b, moves_b,
):  # fmt: skip  # pragma: no cover
    """Fill ``x_a`` and ``x_b`` by score sums from the highest down, pair after pair."""
    goal = x_a.shape[0]
    for s in range(2 * goal - 2, -1, -1):
        for i in range(max(0, s - goal + 1), min(s, goal - 1) + 1):
            _evaluate_pair(
                x_a, x_b, i, s - i, min_bank, ways, points, num_outcomes, farkle_ways, scale,
                next_dice, kind_a, guide_a, bank_a, choose_a, rows_a, moves_a,
                kind_b, guide_b, bank_b, choose_b, rows_b, moves_b,
            )  # fmt: skip


@njit(cache=True, parallel=True)
def _evaluate_sums_parallel(
    x_a, x_b, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind_a, guide_a, bank_a, choose_a, rows_a, moves_a,
    kind_b, guide_b, bank_b, choose_b, rows_b, moves_b,
):  # fmt: skip  # pragma: no cover
    """:func:`_evaluate_sums` with the pairs of a sum in parallel (each writes its own two
    values and reads higher sums)."""
    goal = x_a.shape[0]
    for s in range(2 * goal - 2, -1, -1):
        low = max(0, s - goal + 1)
        for q in prange(min(s, goal - 1) + 1 - low):
            i = low + q
            _evaluate_pair(
                x_a, x_b, i, s - i, min_bank, ways, points, num_outcomes, farkle_ways, scale,
                next_dice, kind_a, guide_a, bank_a, choose_a, rows_a, moves_a,
                kind_b, guide_b, bank_b, choose_b, rows_b, moves_b,
            )  # fmt: skip


@njit(cache=True)
def max_score_tables(
    min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice, expected, bank, choose
):  # pragma: no cover
    """Fill the expected-points programme for the totals below ``expected.shape[0]`` (from
    there on ``E(t, n) = t``): ``expected[t, n]``, ``bank[t, n]``, ``choose[t, n, k]``."""
    cap = expected.shape[0]
    dice = next_dice.shape[0]
    for t in range(cap - 1, -1, -1):
        can_bank = t > 0 and t >= min_bank
        for n in range(1, dice + 1):
            total = 0.0
            for k in range(num_outcomes[n]):
                best = -1.0
                for left in range(n):
                    gain = points[n, k, left]
                    if gain < 0:
                        continue
                    u = t + gain
                    m = next_dice[left]
                    v = float(u) if m == 0 or u >= cap else expected[u, m]
                    if v > best:
                        best = v
                        choose[t, n, k] = left
                total += ways[n, k] * best
            rolled = total / scale[n]
            bank[t, n] = can_bank and t >= rolled
            expected[t, n] = t if bank[t, n] else rolled
