"""Numba kernels of the best reply to a fixed Farkle player (:mod:`solver.farkle.best_response`).

``x[i, j]`` is the replier's chance when it moves at ``(i, j)`` (its score first), ``y[j, i]``
the opponent's when the opponent moves at ``(j, i)``; the turn comes as the arrays of
:class:`solver.farkle.turn.Turn` and the opponent's turn laws as ``win, farkle, law``
(:class:`solver.farkle.laws.TurnLaws`), in that order. :func:`reply_pair` solves one ordered
pair ``(i, j)`` by Newton's method, the replier's turn by the solver's programme
(:func:`solver.farkle._kernels.turn_values`) and the opponent's by a dot product of its law
(:func:`solver.farkle._policy_kernels._turn_value`); :func:`_reply_sums` and
:func:`_reply_sums_parallel` sweep score sums from the highest down.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.farkle._kernels import MAX_STEPS, ROUNDING, turn_values
from pigsolve.solver.farkle._policy_kernels import _turn_value
from pigsolve.solver.jit import njit, prange


@njit(cache=True)
def reply_pair(
    x, y, i, j, min_bank, entry, cap, last, own_last,
    ways, points, num_outcomes, farkle_ways, scale, next_dice,
    win, farkle, law, reach, value, slope, roll,
):  # fmt: skip  # pragma: no cover
    """Solve ``x[i, j]`` and ``y[j, i]`` given every higher score sum, write them and return
    ``(Newton steps, last residual)``.

    The opponent's turn at ``(j, i)`` is ``y = a + f (1 - x)`` (its law against ``x``), so
    ``x`` solves ``x = g_ij(1 - a - f (1 - x))``, ``g_ij`` the replier's turn with the bank
    worth ``1 - y[j, i + t]`` (convex, slope below 1). Newton's steps take ``g_ij`` as affine
    with the chosen policy's slope, inside a bracket of the root (a step leaving it bisects),
    from the plane through the three values above. The values stored are ``g_ij`` of the last
    ``x`` and the opponent's ``y`` against it. ``value``, ``slope``, ``roll`` need
    ``max(cap, min_bank)`` rows and ``D + 1`` columns. ``last[r, d]`` is the opponent's chance
    in its last turn needing ``d`` to tie (row 0 at a score of 0, under the opening score
    ``entry``; row 1 on the board), ``own_last[r, d]`` the replier's (its optimal last turn);
    zeros without the last round, when ``cap`` is the goal.
    """
    goal = x.shape[0]
    dice = next_dice.shape[0]
    a, f = _turn_value(win, farkle, law, reach, j, i, x, own_last)
    if i + 1 < goal and j + 1 < goal:  # the plane through the three neighbours above
        guess = x[i + 1, j] + x[i, j + 1] - x[i + 1, j + 1]
    elif j + 1 < goal:
        guess = x[i, j + 1]
    elif i + 1 < goal:
        guess = x[i + 1, j]
    else:
        guess = 0.5
    low, high = 0.0, 1.0
    residual = 1.0
    new = guess
    for step in range(1, MAX_STEPS + 1):
        turn_values(
            y, i, j, 1.0 - a - f * (1.0 - guess), min_bank, entry, cap, last[min(j, 1)],
            ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, roll,
        )  # fmt: skip
        new, dx = value[0, dice], slope[0, dice]
        residual = new - guess
        if abs(residual) <= ROUNDING or step == MAX_STEPS:
            x[i, j] = new
            y[j, i] = a + f * (1.0 - new)
            return step, abs(residual)
        if residual > 0.0:
            low = max(low, guess)
        else:
            high = min(high, guess)
        # F(x) = g_ij(1 - a - f (1 - x)) - x has slope dx f - 1 < 0.
        step_to = guess + residual / (1.0 - dx * f)
        guess = step_to if low < step_to < high else 0.5 * (low + high)
    return MAX_STEPS, abs(residual)


@njit(cache=True)
def _reply_of_sum(
    x, y, s, q, min_bank, entry, cap, last, own_last,
    ways, points, num_outcomes, farkle_ways, scale, next_dice,
    win, farkle, law, reach, steps, residuals,
):  # fmt: skip  # pragma: no cover
    """Solve the ``q``-th ordered pair ``(i, j)`` of score sum ``s`` (lowest ``i`` first)."""
    goal = x.shape[0]
    rows = max(cap, min_bank)
    dice = next_dice.shape[0]
    value = np.empty((rows, dice + 1))
    slope = np.empty((rows, dice + 1))
    roll = np.empty((rows, dice + 1))
    i = max(0, s - goal + 1) + q
    j = s - i
    count, residual = reply_pair(
        x, y, i, j, min_bank, entry, cap, last, own_last,
        ways, points, num_outcomes, farkle_ways, scale, next_dice,
        win, farkle, law, reach, value, slope, roll,
    )  # fmt: skip
    steps[i, j] = count
    residuals[i, j] = residual


@njit(cache=True)
def _reply_sums(
    x, y, s_high, s_low, min_bank, entry, cap, last, own_last,
    ways, points, num_outcomes, farkle_ways, scale, next_dice,
    win, farkle, law, reach, steps, residuals,
):  # fmt: skip  # pragma: no cover
    """Solve the score sums ``s_high`` down to ``s_low``, ordered pair after pair; write each
    pair's Newton steps and residual at ``[i, j]`` of ``steps``, ``residuals``."""
    goal = x.shape[0]
    for s in range(s_high, s_low - 1, -1):
        for q in range(min(s, goal - 1) - max(0, s - goal + 1) + 1):
            _reply_of_sum(
                x, y, s, q, min_bank, entry, cap, last, own_last,
                ways, points, num_outcomes, farkle_ways, scale, next_dice,
                win, farkle, law, reach, steps, residuals,
            )  # fmt: skip


@njit(cache=True, parallel=True)
def _reply_sums_parallel(
    x, y, s_high, s_low, min_bank, entry, cap, last, own_last,
    ways, points, num_outcomes, farkle_ways, scale, next_dice,
    win, farkle, law, reach, steps, residuals,
):  # fmt: skip  # pragma: no cover
    """:func:`_reply_sums` with the ordered pairs of a score sum in parallel (each writes its
    own two values and reads higher sums)."""
    goal = x.shape[0]
    for s in range(s_high, s_low - 1, -1):
        for q in prange(min(s, goal - 1) - max(0, s - goal + 1) + 1):
            _reply_of_sum(
                x, y, s, q, min_bank, entry, cap, last, own_last,
                ways, points, num_outcomes, farkle_ways, scale, next_dice,
                win, farkle, law, reach, steps, residuals,
            )  # fmt: skip
