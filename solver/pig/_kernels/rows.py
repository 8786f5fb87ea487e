"""Numba kernels of one mover's row of turn totals, in the N-player table.

A row of turn totals, with the mover's choices fixed, is affine in the vector ``pig`` the mover
reaches by rolling a pig: ``W[k] = a[k] * pig + b[k]``; the mover decides with its own component
``x = pig[0]``, rolling only if that is better than holding by more than
:data:`solver.pig.tolerances.TIE`. ``chances`` is the roll of
:func:`solver.games.pig.roll_counts` ``(gains, counts, pigs, resets, L)``, a fair ``L``-sided
draw: sums are taken in counts and divided by ``L`` once, as Pig's faces were. Where the gains
are consecutive with equal counts (Pig's die) the sums over them slide along ``k``. :func:`row`
reads the value after a reset from ``values``, :func:`greedy` takes it merged into ``x``; the
others serve the orbit solver, which takes no game with resets.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit
from pigsolve.solver.pig._kernels.indexing import row_of
from pigsolve.solver.pig._kernels.pair import sliding_count
from pigsolve.solver.pig.tolerances import TIE

GREEDY, FIXED = 0, 1
"""Modes of :func:`row`: choose greedily, or follow the given choices."""


@njit(cache=True)
def _hold_vector(values, lookup, scores, k, goal, out):  # pragma: no cover
    """Write into ``out`` the players' chances after the mover banks ``k``, in the mover's order
    (``lookup`` finds the row: :func:`solver.pig._kernels.indexing.row_of`)."""
    n = scores.shape[0]
    if scores[0] + k >= goal:
        out[:] = 0.0
        out[0] = 1.0
        return
    index = row_of(scores, 1, k, goal, lookup)
    out[0] = values[index, n - 1]
    for j in range(1, n):
        out[j] = values[index, j - 1]


@njit(cache=True)
def row(
    values, lookup, goal, scores, x, chances, mode, roll, mix_k, mix_q, a, b, scratch
):  # pragma: no cover
    """Fill ``a[k]``, ``b[k]`` of the mover's row at ``scores``; return the changed choices.

    ``lookup`` finds a score vector's row of ``values`` (:func:`indexing.row_of`).
    ``chances`` is the roll of :func:`solver.games.pig.roll_counts`. ``mode`` GREEDY chooses
    with the pig value ``x`` (roll only if better by more than :data:`TIE`) and writes the
    choices (0 hold, 1 roll) to ``roll``; FIXED follows ``roll``. At ``k = mix_k`` (if >= 1)
    the mover rolls with probability ``mix_q`` instead. ``scratch`` is float64 ``(3, N)``.
    A reset leaves the mover at score 0 and the next player to move (read from ``values``; at
    score 0 it is a pig).
    """
    gains, counts, pig, reset, size = chances
    n = scores.shape[0]
    length = goal - scores[0]
    m = gains.shape[0]
    low, high = gains[0], gains[m - 1]
    weight = sliding_count(gains, counts)
    scale = weight if weight > 0.0 else 1.0
    hold, sum_b, restart = scratch[0], scratch[1], scratch[2]
    restart[:] = 0.0
    if reset > 0.0 and scores[0] == 0:
        pig += reset
    elif reset > 0.0:
        _hold_vector(
            values, lookup, scores, -scores[0], goal, restart
        )  # banking -s0: the score is 0
        for j in range(n):
            restart[j] *= reset
    sum_a = 0.0
    sum_b[:] = 0.0
    sum_b[0] = m  # every face beyond the row wins
    changes = 0
    for k in range(length - 1, -1, -1):
        if weight > 0.0:
            if k + low < length:  # k + low enters the window, a win leaves it
                sum_a += a[k + low]
                for j in range(n):
                    sum_b[j] += b[k + low, j]
                sum_b[0] -= 1.0
            if k + high + 1 < length:  # k + high + 1 leaves it, a win enters
                sum_a -= a[k + high + 1]
                for j in range(n):
                    sum_b[j] -= b[k + high + 1, j]
                sum_b[0] += 1.0
        else:
            sum_a = 0.0
            sum_b[:] = 0.0
            for t in range(m):
                kk = k + gains[t]
                w = counts[t]
                if kk < length:
                    sum_a += w * a[kk]
                    for j in range(n):
                        sum_b[j] += w * b[kk, j]
                else:
                    sum_b[0] += w
        roll_a = (pig + scale * sum_a) / size
        if k == 0:
            choice = 1
        else:
            _hold_vector(values, lookup, scores, k, goal, hold)
            if mode == FIXED:
                choice = roll[k]
            else:
                rolled = roll_a * x + (scale * sum_b[0] + restart[0]) / size
                choice = 1 if rolled > hold[0] + TIE else 0
        if k == mix_k:
            a[k] = mix_q * roll_a
            for j in range(n):
                b[k, j] = mix_q * (scale * sum_b[j] + restart[j]) / size + (1.0 - mix_q) * hold[j]
        elif choice == 1:
            a[k] = roll_a
            for j in range(n):
                b[k, j] = (scale * sum_b[j] + restart[j]) / size
        else:
            a[k] = 0.0
            for j in range(n):
                b[k, j] = hold[j]
        if roll[k] != choice:
            changes += 1
            roll[k] = choice
    return changes


@njit(cache=True, error_model="numpy")
def greedy(after, base, stride, x, length, mix_k, mix_q, chances, p, own):  # pragma: no cover
    """Fill ``p[:length]`` with the choices of a mover greedy on its own value; return changes.

    ``after[base + k * stride]`` is the mover's own value after banking ``k`` (the start of the
    next mover's turn), ``x`` after a roll that ends the turn: with resets, the caller passes
    ``(pigs * x_pig + resets * x_reset) / (pigs + resets)``, which is exact (both end the turn with
    nothing to decide). Roll only if better by more than :data:`TIE`; at ``k = mix_k`` roll with
    probability ``mix_q``.
    ``own[k]`` gets the mover's own values. When the gains are consecutive with equal counts
    their sum slides along ``k``; the wins beyond the row are counted apart, so that tiny values
    keep their precision.
    """
    gains, counts, pig, reset, size = chances
    pig += reset
    m = gains.shape[0]
    low, high = gains[0], gains[m - 1]
    weight = sliding_count(gains, counts)
    scale = weight if weight > 0.0 else 1.0
    window, wins = 0.0, float(m)  # own[k + g] summed over the gains g inside the row; beyond
    changes = 0
    for k in range(length - 1, -1, -1):
        if weight > 0.0:
            if k + low < length:
                window += own[k + low]
                wins -= 1.0
            if k + high + 1 < length:
                window -= own[k + high + 1]
                wins += 1.0
        else:
            window, wins = 0.0, 0.0
            for t in range(m):
                if k + gains[t] < length:
                    window += counts[t] * own[k + gains[t]]
                else:
                    wins += counts[t]
        rolled = (pig * x + scale * window + scale * wins) / size
        q, held = 1.0, 0.0
        if k > 0:
            held = after[base + k * stride]
            if k == mix_k:
                q = mix_q
            elif not rolled > held + TIE:
                q = 0.0
        own[k] = q * rolled + (1.0 - q) * held
        if p[k] != q:
            changes += 1
            p[k] = q
    return changes


@njit(cache=True, error_model="numpy")
def choose(after, base, x, length, chances, p, slope, offset):  # pragma: no cover
    """Make ``p[:length]`` greedy at the pig value ``x`` as :func:`greedy` does (no coin);
    return the interval ``(low, high)`` of pig values at which these choices stay greedy.

    Under fixed choices the mover's own values are affine in ``x``: ``slope[k] * x +
    offset[k]``; rolling at ``k`` stays better while ``x`` is above the point where its roll
    meets its hold, holding while ``x`` is at or below it.
    """
    gains, counts, pig, reset, size = chances
    pig += reset
    m = gains.shape[0]
    low_gain, high_gain = gains[0], gains[m - 1]
    weight = sliding_count(gains, counts)
    scale = weight if weight > 0.0 else 1.0
    window_slope, window_offset, wins = 0.0, 0.0, float(m)
    low, high = -np.inf, np.inf
    # Unsigned indices: numba then skips its test for negative ones (a third of the loop).
    enters, leaves, start = np.uint64(low_gain), np.uint64(high_gain + 1), np.uint64(base)
    for k in range(length - 1, -1, -1):
        u = np.uint64(k)
        if weight > 0.0:
            if k + low_gain < length:
                window_slope += slope[u + enters]
                window_offset += offset[u + enters]
                wins -= 1.0
            if k + high_gain + 1 < length:
                window_slope -= slope[u + leaves]
                window_offset -= offset[u + leaves]
                wins += 1.0
        else:
            window_slope, window_offset, wins = 0.0, 0.0, 0.0
            for t in range(m):
                w = counts[t]
                if k + gains[t] < length:
                    window_slope += w * slope[k + gains[t]]
                    window_offset += w * offset[k + gains[t]]
                else:
                    wins += w
        roll_slope = (pig + scale * window_slope) / size
        roll_offset = scale * (window_offset + wins) / size
        q, held = 1.0, 0.0
        if k > 0:
            held = after[start + u]
            meet = (held + TIE - roll_offset) / roll_slope  # roll_slope >= pig / L > 0
            if roll_slope * x + roll_offset > held + TIE:
                low = max(low, meet)
            else:
                q = 0.0
                high = min(high, meet)
        if q == 1.0:
            slope[u], offset[u] = roll_slope, roll_offset
        else:
            slope[u], offset[u] = 0.0, held
        p[u] = q
    return low, high


@njit(cache=True)
def rolling_on(goal, chances):  # pragma: no cover
    """Return, for a mover who rolls from turn total 0 on, the chance of arriving at each
    ``k < G`` and its prefix sums (``prefix[h]``: the chance of rolling at some ``k < h``)."""
    gains, counts, size = chances[0], chances[1], chances[4]
    arrived = np.zeros(goal)
    arrived[0] = 1.0
    for k in range(1, goal):
        for t in range(gains.shape[0]):
            if k - gains[t] >= 0:
                arrived[k] += counts[t] * arrived[k - gains[t]]
        arrived[k] /= size
    prefix = np.zeros(goal + 1)
    for k in range(goal):
        prefix[k + 1] = prefix[k] + arrived[k]
    return arrived, prefix


@njit(cache=True, error_model="numpy")
def start_vector(held, base, length, chances, p, rolling, reach, b0):  # pragma: no cover
    """Return ``a0`` and write ``b0`` of the mover's turn under the choices ``p``.

    ``V = a0 * (the vector after a pig) + b0``, in the mover's order (no resets);
    ``held[base + k]`` is the start vector after banking ``k`` (the next mover's order), and
    ``length`` is ``G - s0``. A mover who rolls below ``h`` and holds wherever it can arrive
    from there is done from ``rolling`` (of :func:`rolling_on`) in a few steps; other choices by
    a pass forward over the turn totals, in which ``reach[k]`` gets the chance of rolling at
    ``k``. A hold at ``k`` reaches a higher score sum (solved), a roll beyond the row wins.
    """
    gains, counts, pig, reset, size = chances
    pig += reset
    m = gains.shape[0]
    low, high = gains[0], gains[m - 1]
    h = 1
    while h < length and p[h] == 1.0:
        h += 1
    threshold = True
    for k in range(h, min(h + high, length)):
        threshold = threshold and p[k] == 0.0
    b0[:] = 0.0
    if threshold:
        arrived_at, prefix = rolling
        for k in range(h, min(h + high, length)):
            chance = 0.0
            for t in range(m):
                if 0 <= k - gains[t] < h:
                    chance += counts[t] * arrived_at[k - gains[t]]
            _add_hold(held[base + k], chance / size, b0)
        win = 0.0
        for k in range(max(length - high, 0), h):
            for t in range(m):
                if k + gains[t] >= length:
                    win += counts[t] * arrived_at[k]
        b0[0] += win / size
        return prefix[h] * pig / size
    weight = sliding_count(gains, counts)
    rolled_total, win, window = 0.0, 0.0, 0.0
    for k in range(length):
        if k == 0:
            arrived = 1.0
        elif weight > 0.0:  # the rolls from k - high .. k - low arrive at k
            if k - low >= 0:
                window += reach[k - low]
            if k - high - 1 >= 0:
                window -= reach[k - high - 1]
            arrived = window * weight / size
        else:
            arrived = 0.0
            for t in range(m):
                if k - gains[t] >= 0:
                    arrived += counts[t] * reach[k - gains[t]]
            arrived /= size
        reach[k] = p[k] * arrived
        rolled_total += reach[k]
        for t in range(m):
            if k + gains[t] >= length:
                win += counts[t] * reach[k]
        if arrived > reach[k]:
            _add_hold(held[base + k], arrived - reach[k], b0)
    b0[0] += win / size
    return rolled_total * pig / size


@njit(cache=True)
def _add_hold(row, held, b0):  # pragma: no cover
    """Add ``held`` times the vector ``row`` (the next mover's order) to ``b0`` (the mover's)."""
    n = b0.shape[0]
    b0[0] += held * row[n - 1]
    for j in range(1, n):
        b0[j] += held * row[j - 1]
