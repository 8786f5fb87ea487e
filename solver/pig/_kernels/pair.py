"""Numba kernels of two-player Pig, the pair fast path: plain loops over arrays the caller
allocates.

Every kernel works on ``v0[i, j] = P(i, j, 0)`` or on the full table ``p[i, j, k]`` as described
in :mod:`solver.games.pig`, and receives the roll as :func:`solver.games.pig.roll_counts` gives
it, the tuple ``chances = (gains, counts, pigs, resets, L)``, a fair ``L``-sided draw: the
points a roll can add (ascending) with the sides that add them, the sides that pig and those
that reset (the whole score lost). A roll's value is summed in counts and divided by ``L``
once, as Pig's faces were. A
reset at ``(i, j)`` leaves the opponent to move at ``(j, 0, 0)``: the kernels read that value
from ``restart[j] = P(j, 0, 0)``, an array the caller passes (``v0[:, 0]`` of a finished table;
during a solve with resets, the previous round's, see :mod:`solver.pig.solve`). At ``i = 0`` a
reset is a pig. When the gains are consecutive with equal counts (Pig's die) a row's sums over
them slide along ``k`` in O(1) per state. Ties are broken by :data:`solver.pig.tolerances.TIE`
(the mover rolls only if that is better by more), as in the N-player kernels; the pair's policy
iteration stops on :data:`solver.pig.tolerances.ROUNDING`.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit, prange
from pigsolve.solver.pig.tolerances import ROUNDING, TIE, WRONG_CHOICE


@njit(cache=True)
def sliding_count(gains, counts):  # pragma: no cover
    """Return the common count if the gains are consecutive with equal counts, else 0.

    A single gain on several sides (a piglet's faces) has no window to slide: its one term is
    taken directly, as the piglet's faces were before the counts.
    """
    if gains.shape[0] == 1 and counts[0] != 1.0:
        return 0.0
    for t in range(1, gains.shape[0]):
        if gains[t] != gains[t - 1] + 1 or counts[t] != counts[0]:
            return 0.0
    return counts[0]


@njit(cache=True)
def ends_of_turn(a, b, chances, restart):  # pragma: no cover
    """Return ``(pig count, constant)`` of the turn's end at ``(a, b)``: the mover's roll is
    worth ``(pig count * (1 - P(b, a, 0)) + constant + sum_g c_g P(a, b, k + g)) / L``."""
    pigs, resets = chances[2], chances[3]
    if resets == 0.0:
        return pigs, 0.0
    if a == 0:  # the reset leaves the mover at score 0: a pig
        return pigs + resets, 0.0
    return pigs, resets * (1.0 - restart[b])


@njit(cache=True, fastmath=False)
def _greedy_row(v0, a, b, y, chances, restart, p, alpha, beta, roll):  # pragma: no cover
    """Fill row ``P(a, b, .)`` greedily, given ``y = P(b, a, 0)``; return the number of changes.

    Besides the values ``p`` and the choices ``roll`` (0/1), it fills the coefficients of the
    chosen policy's affine dependence on ``y``: ``p[k] = alpha[k] + beta[k] * y``. ``roll`` is
    compared with its previous content; the count of changed choices is returned.
    """
    gains, counts, size = chances[0], chances[1], chances[4]
    goal = v0.shape[0]
    n = goal - a
    m = gains.shape[0]
    low, high = gains[0], gains[m - 1]
    weight = sliding_count(gains, counts)
    pigs, constant = ends_of_turn(a, b, chances, restart)
    # Sums of p, alpha and beta over k + gains (won states: 1, 1, 0).
    sum_p = float(m)
    sum_alpha = float(m)
    sum_beta = 0.0
    scale = weight if weight > 0.0 else 1.0
    changes = 0
    for k in range(n - 1, -1, -1):
        if weight > 0.0:
            if k + low < n:  # element k + low enters the window
                sum_p += p[k + low] - 1.0
                sum_alpha += alpha[k + low] - 1.0
                sum_beta += beta[k + low]
            if k + high + 1 < n:  # element k + high + 1 leaves it
                sum_p -= p[k + high + 1] - 1.0
                sum_alpha -= alpha[k + high + 1] - 1.0
                sum_beta -= beta[k + high + 1]
        else:
            sum_p = 0.0
            sum_alpha = 0.0
            sum_beta = 0.0
            for t in range(m):
                w = counts[t]
                if k + gains[t] < n:
                    sum_p += w * p[k + gains[t]]
                    sum_alpha += w * alpha[k + gains[t]]
                    sum_beta += w * beta[k + gains[t]]
                else:
                    sum_p += w
                    sum_alpha += w
        p_roll = (pigs * (1.0 - y) + constant + scale * sum_p) / size
        choice = 1
        if k >= 1:
            p_hold = 1.0 - v0[b, a + k]
            if not p_roll > p_hold + TIE:  # the tie rule: hold unless rolling is better
                choice = 0
                p[k] = p_hold
                alpha[k] = p_hold
                beta[k] = 0.0
        if choice == 1:
            p[k] = p_roll
            alpha[k] = (pigs + constant + scale * sum_alpha) / size
            beta[k] = (scale * sum_beta - pigs) / size
        if roll[k] != choice:
            changes += 1
            roll[k] = choice
    return changes


@njit(cache=True)
def _solve_pair(v0, a, b, chances, restart, rows, choices):  # pragma: no cover
    """Solve ``x = P(a, b, 0)`` and ``y = P(b, a, 0)`` in place; return the linear solves used.

    Every hold of the pair leads to a higher, solved score sum (a reset to ``restart``). With
    the rows' choices fixed, ``x`` and ``y`` solve a 2x2 linear system; the choices are re-made
    greedily and the system re-solved until the choices no longer change (policy iteration).
    ``rows`` (float64, shape ``(6, G + 1)``) and ``choices`` (int8, ``(2, G + 1)``) are scratch.
    """
    goal = v0.shape[0]
    p_a, alpha_a, beta_a, p_b, alpha_b, beta_b = (
        rows[0],
        rows[1],
        rows[2],
        rows[3],
        rows[4],
        rows[5],
    )
    roll_a, roll_b = choices[0], choices[1]
    choices[:] = -1
    # Start from the neighbouring solved values (any start converges).
    x = v0[a, b + 1] if b + 1 < goal else 0.5
    y = v0[b, a + 1] if a + 1 < goal else 0.5
    count = 0
    for _ in range(64):
        count += 1
        changes = _greedy_row(v0, a, b, y, chances, restart, p_a, alpha_a, beta_a, roll_a)
        if a == b:
            new_x = alpha_a[0] / (1.0 - beta_a[0])
            new_y = new_x
        else:
            changes += _greedy_row(v0, b, a, x, chances, restart, p_b, alpha_b, beta_b, roll_b)
            det = 1.0 - beta_a[0] * beta_b[0]
            new_x = (alpha_a[0] + beta_a[0] * alpha_b[0]) / det
            new_y = (alpha_b[0] + beta_b[0] * alpha_a[0]) / det
        # Probabilities within rounding of 0 or 1 can land just outside [0, 1].
        new_x = min(max(new_x, 0.0), 1.0)
        new_y = min(max(new_y, 0.0), 1.0)
        # Stop when the choices are stable, or when the values move by no more than rounding.
        done = changes == 0 or (abs(new_x - x) <= ROUNDING and abs(new_y - y) <= ROUNDING)
        x = new_x
        y = new_y
        if done:
            break
    v0[a, b] = x
    v0[b, a] = y
    return count


@njit(cache=True)
def _solve_sums(v0, s_high, s_low, chances, restart, iterations):  # pragma: no cover
    """Solve the score sums ``s_high`` down to ``s_low`` of ``v0`` in place, pair by pair.

    ``iterations[a, b]`` receives the number of linear solves pair ``{(a, b), (b, a)}`` needed.
    """
    goal = v0.shape[0]
    rows = np.empty((6, goal + 1))
    choices = np.empty((2, goal + 1), np.int8)
    for s in range(s_high, s_low - 1, -1):
        for a in range(max(0, s - goal + 1), s // 2 + 1):
            count = _solve_pair(v0, a, s - a, chances, restart, rows, choices)
            iterations[a, s - a] = count
            iterations[s - a, a] = count


@njit(cache=True, parallel=True)
def _solve_sums_parallel(v0, s_high, s_low, chances, restart, iterations):  # pragma: no cover
    """:func:`_solve_sums` with the independent pairs of each sum spread over the cores.

    Worth it for large goals only: each sum costs one synchronisation of the threads.
    """
    goal = v0.shape[0]
    for s in range(s_high, s_low - 1, -1):
        a_low = max(0, s - goal + 1)
        for a in prange(a_low, s // 2 + 1):
            rows = np.empty((6, goal + 1))
            choices = np.empty((2, goal + 1), np.int8)
            count = _solve_pair(v0, a, s - a, chances, restart, rows, choices)
            iterations[a, s - a] = count
            iterations[s - a, a] = count


@njit(cache=True, parallel=True)
def _expand(v0, chances, p_out, roll_out, bits_out):  # pragma: no cover
    """Rebuild every row from ``v0``; return the largest Bellman residual (found at ``k = 0``).

    Fills the full table ``p_out[i, j, k]`` and the choices ``roll_out`` when ``p_out`` has three
    dimensions of size G, and the packed choices ``bits_out[i, j, k // 8]`` (bit ``k % 8`` set to
    roll) when ``bits_out`` does; pass a size-1 array to skip either. ``P(i, j, 0)`` is stored as
    ``v0`` holds it and the rest is clamped to [0, 1] (rounding near 0 and 1). Rows rebuilt by
    :func:`_greedy_row` satisfy the equations exactly for ``k >= 1``, so the residual at
    ``k = 0`` is the residual of the whole table.
    """
    goal = v0.shape[0]
    fill_full = p_out.shape[0] == goal
    fill_bits = bits_out.shape[0] == goal
    restart = v0[:, 0].copy()
    worst = np.zeros(goal)
    for i in prange(goal):
        p = np.empty(goal + 1)
        alpha = np.empty(goal + 1)
        beta = np.empty(goal + 1)
        roll = np.full(goal + 1, -1, np.int8)
        for j in range(goal):
            _greedy_row(v0, i, j, v0[j, i], chances, restart, p, alpha, beta, roll)
            worst[i] = max(worst[i], abs(p[0] - v0[i, j]))
            if fill_full:
                p_out[i, j, 0] = v0[i, j]  # exactly the solved value, not its recomputation
                roll_out[i, j, 0] = True
                for k in range(1, goal):
                    won = i + k >= goal
                    p_out[i, j, k] = 1.0 if won else min(max(p[k], 0.0), 1.0)
                    roll_out[i, j, k] = not won and roll[k] == 1
            if fill_bits:
                for byte in range(bits_out.shape[2]):
                    value = 0
                    for bit in range(8):
                        k = 8 * byte + bit
                        if k < goal - i and roll[k] == 1:
                            value |= 1 << bit
                    bits_out[i, j, byte] = value
    return worst.max()


@njit(cache=True)
def _roll_value(p, i, j, k, chances):  # pragma: no cover
    """Return the mover's value of rolling at ``(i, j, k)`` of the full table ``p``."""
    gains, counts, pigs, resets, size = chances
    goal = p.shape[0]
    total = pigs * (1.0 - p[j, i, 0]) + resets * (1.0 - p[j, 0, 0])
    for t in range(gains.shape[0]):
        total += counts[t] * (p[i, j, k + gains[t]] if i + k + gains[t] < goal else 1.0)
    return total / size


@njit(cache=True)
def _value_iteration_sweep(p, chances):  # pragma: no cover
    """Update every state of ``p`` in place once (Gauss-Seidel); return the largest change."""
    goal = p.shape[0]
    change = 0.0
    for i in range(goal):
        for j in range(goal):
            for k in range(goal - i - 1, -1, -1):
                best = _roll_value(p, i, j, k, chances)
                if k >= 1:
                    best = max(best, 1.0 - p[j, i + k, 0])
                change = max(change, abs(best - p[i, j, k]))
                p[i, j, k] = best
    return change


@njit(cache=True, parallel=True)
def _bellman_residual(p, roll, chances):  # pragma: no cover
    """Return (largest residual, number of wrong choices) of a full stored table.

    The residual of a state is ``|p - max(p_roll, p_hold)|`` with won states (``i + k >= G``)
    required to hold 1; a choice is wrong when the other action is better by more than
    :data:`solver.pig.tolerances.WRONG_CHOICE`.
    """
    goal = p.shape[0]
    worst = np.zeros(goal)
    wrong = np.zeros(goal, np.int64)
    for i in prange(goal):
        for j in range(goal):
            for k in range(goal):
                if i + k >= goal:
                    worst[i] = max(worst[i], abs(p[i, j, k] - 1.0))
                    continue
                p_roll = _roll_value(p, i, j, k, chances)
                p_hold = 1.0 - p[j, i + k, 0] if k >= 1 else -1.0
                worst[i] = max(worst[i], abs(p[i, j, k] - max(p_roll, p_hold)))
                if roll[i, j, k] and p_hold > p_roll + WRONG_CHOICE:
                    wrong[i] += 1
                if not roll[i, j, k] and p_roll > p_hold + WRONG_CHOICE:
                    wrong[i] += 1
    return worst.max(), wrong.sum()
