"""Numba kernels of fixed Farkle players under the three-farkle penalty: the laws of a guided
player of a penalty solution, and the rounds of the exact evaluation.

Scores are shifted, ``i' = i - f`` (``f`` the floor in units), ``G' = G - f``; states are
``(a, b, i', j')``, ``a`` the mover's farkles in a row, ``b`` the opponent's
(:mod:`solver.farkle.penalty_evaluate`). A player comes as in
:mod:`solver.farkle._policy_kernels` (``kind, guide, bank, choose, rows, moves``, the guide here
a penalty solution's ``values[a, b, i', j']``), the turn as the arrays of
:class:`solver.farkle.turn.Turn`, laws as ``win, farkle, law`` with a leading ``(A, A)`` for the
counts (``A`` is 3 for a guided player, 1 for a turn player, whose laws ignore the counts). A
shifted score of 0 is not a score of 0, and the rules refuse an opening score with the penalty:
the least bank is ``min_bank`` at every score.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.farkle._kernels import ONE_KEEP, farkle_value, turn_values
from pigsolve.solver.farkle._policy_kernels import _turn_value, forward_law
from pigsolve.solver.jit import njit, prange

COUNTS = 3  # solver.farkle.states.FARKLE_COUNTS (numba freezes it)


@njit(cache=True)
def _penalty_laws_of_score(
    i, penalty, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind, guide, bank, choose, rows, moves, win, farkle, law,
):  # fmt: skip  # pragma: no cover
    """Write the laws of the guided mover at shifted score ``i``, every count ``(a, b)`` and
    opponent's score ``j``: the solver's turn programme on the bank table ``guide[b, 0]`` with
    the farkle worth :func:`solver.farkle._kernels.farkle_value` (no last turn), then the
    forward pass of its decisions."""
    size = guide.shape[2]
    dice = next_dice.shape[0]
    rows_needed = max(size, min_bank)
    mass = np.empty((rows_needed, dice + 1))
    gvalue = np.empty((rows_needed, dice + 1))
    gslope = np.empty((rows_needed, dice + 1))
    groll = np.empty((rows_needed, dice + 1))
    last = np.zeros(2 * size + min_bank + points.max() + 2)
    no_reach = np.zeros((1, 1, 0))  # no last round
    restart = guide[:, 0]
    for a in range(COUNTS):
        for b in range(COUNTS):
            table = guide[b, 0]
            for j in range(size):
                c = farkle_value(guide, restart, a, b, i, j, penalty)
                turn_values(
                    table, i, j, c, min_bank, min_bank, size, last,
                    ways, points, num_outcomes, farkle_ways, scale, next_dice, gvalue, gslope,
                    groll,
                )  # fmt: skip
                forward_law(
                    i, j, j, min_bank, min_bank, size, ways, points, num_outcomes, farkle_ways,
                    scale, next_dice, kind, table, last, ONE_KEEP, bank, choose, rows, moves,
                    win[a, b], farkle[a, b], law[a, b], no_reach, mass, gvalue, groll,
                )  # fmt: skip


@njit(cache=True)
def _penalty_laws(
    penalty, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind, guide, bank, choose, rows, moves, win, farkle, law,
):  # fmt: skip  # pragma: no cover
    """Write the guided player's laws (:func:`_penalty_laws_of_score`) score after score."""
    for i in range(win.shape[2]):
        _penalty_laws_of_score(
            i, penalty, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice,
            kind, guide, bank, choose, rows, moves, win, farkle, law,
        )  # fmt: skip


@njit(cache=True, parallel=True)
def _penalty_laws_parallel(
    penalty, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind, guide, bank, choose, rows, moves, win, farkle, law,
):  # fmt: skip  # pragma: no cover
    """:func:`_penalty_laws` with the scores in parallel (each writes its own entries)."""
    for i in prange(win.shape[2]):
        _penalty_laws_of_score(
            i, penalty, min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice,
            kind, guide, bank, choose, rows, moves, win, farkle, law,
        )  # fmt: skip


@njit(cache=True)
def _penalty_value(win, farkle, law, a, b, i, j, other, restart, penalty):  # pragma: no cover
    """Return the mover's chance at ``(a, b, i, j)`` by its law: a bank of ``u`` worth
    ``1 - other[b, 0, j, i + u]``, a farkle ``1 - other[b, a + 1, j, i]``, a third in a row
    ``1 - restart[b, j, max(i - penalty, 0)]`` (``other`` the opponent's chances when it
    moves, ``restart`` its ``other[:, 0]`` of the previous round)."""
    x, y = min(a, win.shape[0] - 1), min(b, win.shape[1] - 1)
    no_reach, no_last = np.zeros((1, 1, 0)), np.zeros((2, 0))  # no last round
    value, f = _turn_value(win[x, y], farkle[x, y], law[x, y], no_reach, i, j, other[b, 0], no_last)
    if a < 2:
        return value + f * (1.0 - other[b, a + 1, j, i])
    return value + f * (1.0 - restart[b, j, max(i - penalty, 0)])


@njit(cache=True)
def _penalty_evaluate(
    x_a, x_b, penalty, tolerance, max_rounds, accelerate,
    win_a, farkle_a, law_a, win_b, farkle_b, law_b,
):  # fmt: skip  # pragma: no cover
    """Fill ``x_a[a, b, i, j]`` (A moves) and ``x_b[b, a, j, i]`` (B moves) by rounds to their
    fixed point, from the values they hold; return ``(rounds, largest change of the last)``.

    A round takes the values a penalty reaches (``x[:, 0]``) from the previous one and solves
    the score sums from the highest down, and in a pair the counts' sum ``a + b`` from 4 down (a
    farkle only raises the counts): each state is one dot product. The rounds stop once no value
    moves more than ``tolerance``. One thread: at goal 1,000 the 15 rounds take 0.13 s, and a
    parallel region a score sum (some 2,000) took 14 s there while another process held the
    cores."""
    size = x_a.shape[2]
    old_a = x_a.copy()
    old_b = x_b.copy()
    change = np.inf
    ratio = 0.0
    steady = 0
    for r in range(1, max_rounds + 1):
        restart_a = old_a[:, 0]
        restart_b = old_b[:, 0]
        for s in range(2 * size - 2, -1, -1):
            low = max(0, s - size + 1)
            for i in range(low, min(s, size - 1) + 1):
                j = s - i
                for total in range(2 * COUNTS - 2, -1, -1):
                    for a in range(max(0, total - COUNTS + 1), min(COUNTS - 1, total) + 1):
                        b = total - a
                        x_a[a, b, i, j] = _penalty_value(
                            win_a, farkle_a, law_a, a, b, i, j, x_b, restart_b, penalty
                        )
                        x_b[b, a, j, i] = _penalty_value(
                            win_b, farkle_b, law_b, b, a, j, i, x_a, restart_a, penalty
                        )
        last_change = change
        change = max(np.abs(x_a - old_a).max(), np.abs(x_b - old_b).max())
        if change <= tolerance:
            return r, change
        ratio, last_ratio = change / last_change, ratio
        steady = steady + 1 if abs(ratio - last_ratio) <= 0.01 * ratio else 0
        if accelerate and steady >= 3 and ratio < 0.99:  # the largest mode's geometric tail
            step = ratio / (1.0 - ratio)
            x_a += step * (x_a - old_a)
            x_b += step * (x_b - old_b)
            steady = 0
        old_a[:] = x_a
        old_b[:] = x_b
    return max_rounds, change
