"""Numba kernels of three-player Farkle's last round (:mod:`solver.farkle.last_round_three`).

The final turn needs ``need`` units to tie the best other score, held by ``ties`` players (1
or 2): it maximises ``above + level / (ties + 1)``. The middle turn's mover B sits ``d`` units
below the leader A, C ``e`` below A; its rows are indexed by ``p = b' - a``, B's score after a
bank against A's, from ``low`` (``-d``) up to ``lead`` (from there B banks). Vectors are in
the middle turn's order: B, C, A. The turn comes as the arrays of
:class:`solver.farkle.turn.Turn` (``ways, points, num_outcomes, farkle_ways, scale,
next_dice``).
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit, prange


@njit(cache=True)
def final_turn(
    need, ties, least, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    above, level, bank, choose,
):  # fmt: skip  # pragma: no cover
    """Fill the final turn's chances ``above[t, n]`` and ``level[t, n]`` and its rows ``bank``
    and ``choose`` (the dice left) for ``t < top = max(need + 1, least)``; return ``top``.
    Banking (``t > 0``, ``t >= least``) ends level at ``t = need``, below under it; from
    ``top`` on the turn banks above. Bank where not worse than rolling, after a roll the keep
    of the most value, the fewest dice left at a tie."""
    dice = next_dice.shape[0]
    share = 1.0 / (ties + 1)
    top = max(need + 1, least)
    for t in range(top - 1, -1, -1):
        can_bank = t > 0 and t >= least
        banked = share if t == need else 0.0
        for n in range(1, dice + 1):
            total_above, total_level = 0.0, 0.0
            for k in range(num_outcomes[n]):
                best, best_above, best_level, chosen = -1.0, 0.0, 0.0, 0
                for left in range(n):
                    gain = points[n, k, left]
                    if gain < 0:
                        continue
                    u = t + gain
                    m = next_dice[left]
                    if m == 0 or u >= top:
                        a = 1.0 if u >= top or u > need else 0.0
                        lv = 1.0 if u == need and u < top else 0.0
                    else:
                        a, lv = above[u, m], level[u, m]
                    if a + share * lv > best:
                        best, best_above, best_level, chosen = a + share * lv, a, lv, left
                choose[t, n, k] = chosen
                total_above += ways[n, k] * best_above
                total_level += ways[n, k] * best_level
            rolled_above, rolled_level = total_above / scale[n], total_level / scale[n]
            bank[t, n] = can_bank and banked >= rolled_above + share * rolled_level
            if bank[t, n]:
                above[t, n], level[t, n] = 0.0, 1.0 if t == need else 0.0
            else:
                above[t, n], level[t, n] = rolled_above, rolled_level
    return top


@njit(cache=True, parallel=True)
def final_chances(out, least, ways, points, num_outcomes, farkle_ways, scale, next_dice):
    """Fill ``out[need, ties - 1] = (above, level)``, the optimal final turn's chances from its
    start, for ``1 <= need < len(out)`` and ``ties`` 1 or 2."""  # pragma: no cover
    size = out.shape[0]
    dice = next_dice.shape[0]
    height = max(size, least) + 1
    for job in prange(2 * (size - 1)):
        need, ties = 1 + job // 2, 1 + job % 2
        above = np.empty((height, dice + 1))
        level = np.empty((height, dice + 1))
        bank = np.empty((height, dice + 1), np.bool_)
        choose = np.empty((height, dice + 1, ways.shape[1]), np.int64)
        final_turn(
            need, ties, least, ways, points, num_outcomes, farkle_ways, scale, next_dice,
            above, level, bank, choose,
        )  # fmt: skip
        out[need, ties - 1, 0] = above[0, dice]
        out[need, ties - 1, 1] = level[0, dice]


@njit(cache=True)
def ending(p, e, final, out):  # pragma: no cover
    """Write into ``out`` (B, C, A) the chances when B's middle turn ends ``p`` units from A's
    score (below: as a farkle), C ``e`` below A, from ``final`` (:func:`final_chances`)."""
    if p < 0:
        a, lv = final[e, 0, 0], final[e, 0, 1]
        out[0], out[1], out[2] = 0.0, a + lv / 2, 1.0 - a - lv / 2
    elif p == 0:
        a, lv = final[e, 1, 0], final[e, 1, 1]
        out[0] = out[2] = (1.0 - a - lv) / 2 + lv / 3
        out[1] = a + lv / 3
    else:
        a, lv = final[e + p, 0, 0], final[e + p, 0, 1]
        out[0], out[1], out[2] = 1.0 - a - lv / 2, a + lv / 2, 0.0


@njit(cache=True)
def middle_turn(
    d, e, low, lead, least, final, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    value, bank, choose,
):  # fmt: skip  # pragma: no cover
    """Fill the middle turn's vectors ``value[p - low, n]`` and rows ``bank``, ``choose`` (row
    ``p - low``, turn total ``t = p + d``) for ``low <= p < lead``. B banks (``t > 0``, ``t >=
    least``) where its own chance is not worse than rolling's, after a roll keeps the most for
    itself, the fewest dice left at a tie; from ``p = lead`` on (or with every die kept and no
    hot dice) the turn banks."""
    dice = next_dice.shape[0]
    farkle = np.empty(3)
    banked = np.empty(3)
    reached = np.empty(3)
    best = np.empty(3)
    total = np.empty(3)
    ending(-1, e, final, farkle)
    for p in range(lead - 1, low - 1, -1):
        y = p - low
        t = p + d
        can_bank = t > 0 and t >= least
        ending(p, e, final, banked)
        for n in range(1, dice + 1):
            total[:] = farkle_ways[n] * farkle
            for k in range(num_outcomes[n]):
                best[0], chosen = -1.0, 0
                for left in range(n):
                    gain = points[n, k, left]
                    if gain < 0:
                        continue
                    q = p + gain
                    m = next_dice[left]
                    if m == 0 or q >= lead:
                        ending(q, e, final, reached)
                    else:
                        reached[:] = value[q - low, m]
                    if reached[0] > best[0]:
                        best[:] = reached
                        chosen = left
                choose[y, n, k] = chosen
                total += ways[n, k] * best
            total /= scale[n]
            bank[y, n] = can_bank and banked[0] >= total[0]
            value[y, n] = banked if bank[y, n] else total


@njit(cache=True, parallel=True)
def middle_values(
    out, lead, min_bank, final, ways, points, num_outcomes, farkle_ways, scale, next_dice
):  # pragma: no cover
    """Fill ``out[d, e]``, the middle turn's vector from its start, for ``1 <= d, e <
    len(out)``. Its rows at ``p = b' - a`` are the same for every ``d >= min_bank`` (banking
    anywhere from A's score on is allowed, and below it is worth a farkle): one programme per
    ``e`` serves them; each smaller ``d`` has its own."""
    size = out.shape[0]
    dice = next_dice.shape[0]
    shared = max(size, min_bank)
    for e in prange(1, size):
        value = np.empty((shared + lead, dice + 1, 3))
        bank = np.empty((shared + lead, dice + 1), np.bool_)
        choose = np.empty((shared + lead, dice + 1, ways.shape[1]), np.int64)
        arrays = (ways, points, num_outcomes, farkle_ways, scale, next_dice)
        middle_turn(shared, e, -shared, lead, min_bank, final, *arrays, value, bank, choose)
        for d in range(max(1, min_bank), size):
            out[d, e] = value[shared - d, dice]
        for d in range(1, min(min_bank, size)):
            middle_turn(d, e, -d, lead, min_bank, final, *arrays, value, bank, choose)
            out[d, e] = value[0, dice]
