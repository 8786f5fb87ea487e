"""Numba kernels of a fixed Farkle player's last turn (:mod:`solver.farkle.last_round`): the
turn of the player who needs ``d`` units to tie the leader, played by the player's own
decisions, and its chance for every ``d``. The turn comes as the arrays of
:class:`solver.farkle.turn.Turn` (``ways, points, num_outcomes, farkle_ways, scale,
next_dice``), the player as ``kind, bank, choose`` (:class:`solver.farkle.policy.FarklePolicy`).
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit

GUIDED = 1  # solver.farkle.policy.GUIDED (numba freezes it)


@njit(cache=True, inline="always")
def _ending(u, m, d, top, value):  # pragma: no cover
    """Return the chance after a keep reaching ``u`` with ``m`` dice to roll (0: the turn
    banks): above ``d`` wins, level draws (1/2), below loses; from ``top`` on the turn wins."""
    if m == 0:
        return 1.0 if u > d else (0.5 if u == d else 0.0)
    if u >= top:
        return 1.0
    return value[u, m]


@njit(cache=True)
def last_turn_rows(
    d, least, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind, bank, choose, value, roll,
):  # fmt: skip  # pragma: no cover
    """Fill ``value[t, n]`` and ``roll[t, n]`` (rolling's value) of the last turn needing ``d >=
    1`` units to tie, banking from ``least`` on (the minimum bank, or at a score of 0 the
    opening score), for ``t`` below ``top = max(d + 1, least)`` (from there the turn banks and
    wins), and return ``top``. A guided player (``kind``) plays the optimal last turn (as
    :func:`solver.farkle._kernels.last_turn`: bank at a tie of values, the best keep); any other
    its table: bank where ``bank[t, n]`` says (from its last row on: bank), keep
    ``choose[min(t, C - 1), n, k]``. Banking below ``top`` is worth 1/2 at ``t = d``, else 0."""
    dice = next_dice.shape[0]
    top = max(d + 1, least)
    for t in range(top - 1, -1, -1):
        can_bank = t > 0 and t >= least
        banked = 0.5 if t == d else 0.0
        row = min(t, choose.shape[0] - 1)
        for n in range(1, dice + 1):
            total = 0.0
            for k in range(num_outcomes[n]):
                if kind == GUIDED:
                    best = 0.0
                    for left in range(n):
                        if points[n, k, left] >= 0:
                            u = t + points[n, k, left]
                            best = max(best, _ending(u, next_dice[left], d, top, value))
                else:
                    left = choose[row, n, k]
                    best = _ending(t + points[n, k, left], next_dice[left], d, top, value)
                total += ways[n, k] * best
            roll[t, n] = total / scale[n]
            if kind == GUIDED:
                value[t, n] = max(banked if can_bank else 0.0, roll[t, n])
            elif can_bank and (t >= bank.shape[0] or bank[t, n]):
                value[t, n] = banked
            else:
                value[t, n] = roll[t, n]
    return top


@njit(cache=True)
def last_turn_chances(
    last, min_bank, entry, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind, bank, choose,
):  # fmt: skip  # pragma: no cover
    """Fill ``last[r, d]`` with the player's chance in its last turn needing ``d`` units to tie
    (:func:`last_turn_rows`), row 0 at a score of 0 (banking from ``entry``), row 1 on the
    board (from ``min_bank``); ``last[:, 0]`` is 1/2."""
    dice = next_dice.shape[0]
    size = last.shape[1]
    value = np.empty((max(size, entry) + 1, dice + 1))
    roll = np.empty((max(size, entry) + 1, dice + 1))
    last[:, 0] = 0.5
    for r, least in enumerate((entry, min_bank)):
        if r == 1 and entry == min_bank:  # no opening score: the rows agree
            last[1] = last[0]
            break
        for d in range(1, size):
            last_turn_rows(
                d, least, ways, points, num_outcomes, farkle_ways, scale, next_dice,
                kind, bank, choose, value, roll,
            )  # fmt: skip
            last[r, d] = value[0, dice]
