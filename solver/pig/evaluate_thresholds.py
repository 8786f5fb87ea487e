r"""Exact evaluation of many threshold players against one fixed opponent, batched.

A threshold player X rolls at turn total k while k is below its hold value h(i, j) (always at
k = 0, never once i + k reaches the goal G): the families ``hold``, ``base-pace-race`` and
``pace-race`` of :mod:`policies.pig`. Its turn from score i ends, whatever j, by a pig with
probability :math:`q_h` or by stopping at a turn total :math:`k \in [h, h + r_{max})` with
probability :math:`s_h(k)`, where :math:`h` is the hold value clipped to :math:`[1, G - i]`
(stopping at :math:`i + k \ge G` is a win). These few numbers per hold value are shared by
every candidate, and so is the opponent Y's turn from every state: its chance to win outright,
to pig, and to bank each turn total. With both tabulated once, one candidate costs the 2x2
systems of :mod:`solver.pig.evaluate` (solved layer by layer of i + j, from high to low) with
:math:`O(r_{max})` work for X's turn and the span of Y's banked totals for Y's, instead of
re-tabulating both turns turn total by turn total. The results are those of
:func:`solver.pig.evaluate.compare` up to rounding (a test checks 1e-12). Where a reset can
lose a score (Two-Dice Pig, Pass the Pigs) each candidate is evaluated by the pair kernel
instead (:func:`solver.pig.evaluate_pair.evaluate_tables`).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from pigsolve.solver.games.pig import PigRules, roll_arrays


def first_mover_probabilities(
    rules: PigRules, hold_values: np.ndarray, roll_y: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Return, for each candidate, (P(X wins | X starts), P(X wins | Y starts)).

    Parameters
    ----------
    rules : PigRules
        The goal and the die (two players).
    hold_values : ndarray(int, shape=(C, G, G))
        ``hold_values[c, i, j]``: candidate c's hold value with score i against j.
    roll_y : ndarray(bool, shape=(1, G, G, G))
        The opponent's roll table (memory 1), as :func:`solver.pig.seats.check_roll_table`
        takes it.
    """
    goal = rules.goal
    hold_values = np.clip(hold_values, 1, goal - np.arange(goal)[None, :, None]).astype(np.int64)
    if rules.resets:
        return _one_by_one(rules, hold_values, roll_y)
    gains, weights, pig_chance, _ = roll_arrays(rules)
    stop, pig = _threshold_turns(goal, gains, weights, pig_chance)
    win_y, pig_y, bank_y, low_y, high_y = _opponent_turns(
        np.ascontiguousarray(roll_y[0]), gains, weights, pig_chance
    )
    a_first = np.empty(len(hold_values))
    b_first = np.empty(len(hold_values))
    _evaluate(hold_values, stop, pig, win_y, pig_y, bank_y, low_y, high_y, a_first, b_first)
    return a_first, b_first


def _one_by_one(
    rules: PigRules, hold_values: np.ndarray, roll_y: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Return :func:`first_mover_probabilities` candidate by candidate, by the pair evaluation
    (where scores can fall, a turn's end is no longer shared by the layers)."""
    from pigsolve.solver.pig.evaluate_pair import evaluate_tables

    k = np.arange(rules.goal)
    a_first = np.empty(len(hold_values))
    b_first = np.empty(len(hold_values))
    for c, hold in enumerate(hold_values):
        roll_x = (k[None, None, :] < hold[:, :, None])[None]
        roll_x[..., 0] = True
        w_x, w_y = evaluate_tables(rules, roll_x, roll_y)
        a_first[c], b_first[c] = w_x[0, 0, 0, 0], 1.0 - w_y[0, 0, 0, 0]
    return a_first, b_first


@njit(cache=True)
def _threshold_turns(goal, gains, weights, pig_chance):
    """Return ``stop[h, k - h]`` and ``pig[h]``: how a turn rolled until k >= h ends."""
    span = gains.max()
    stop = np.zeros((goal + 1, span))
    pig = np.zeros(goal + 1)
    reach = np.zeros(goal + span)
    for h in range(1, goal + 1):
        reach[:] = 0.0
        reach[0] = 1.0
        for k in range(h):
            pig[h] += reach[k] * pig_chance
            for t in range(gains.shape[0]):
                r = gains[t]
                if k + r < h:
                    reach[k + r] += reach[k] * weights[t]
                else:
                    stop[h, k + r - h] += reach[k] * weights[t]
    return stop, pig


@njit(cache=True)
def _opponent_turns(roll, gains, weights, pig_chance):
    """Return how Y's turn at (j, i) ends: P(win), P(pig), P(bank k) on [low, high)."""
    goal = roll.shape[0]
    win = np.zeros((goal, goal))
    pig = np.zeros((goal, goal))
    bank = np.zeros((goal, goal, goal))
    low = np.zeros((goal, goal), np.int64)
    high = np.zeros((goal, goal), np.int64)
    reach = np.zeros(goal)
    for j in range(goal):
        for i in range(goal):
            reach[:] = 0.0
            reach[0] = 1.0
            low[j, i], high[j, i] = goal, 0
            for k in range(goal - j):
                if reach[k] == 0.0:
                    continue
                if k > 0 and not roll[j, i, k]:
                    bank[j, i, k] = reach[k]
                    low[j, i] = min(low[j, i], k)
                    high[j, i] = k + 1
                    continue
                pig[j, i] += reach[k] * pig_chance
                for t in range(gains.shape[0]):
                    r = gains[t]
                    if j + k + r >= goal:
                        win[j, i] += reach[k] * weights[t]
                    else:
                        reach[k + r] += reach[k] * weights[t]
    return win, pig, bank, low, high


@njit(cache=True, parallel=True)
def _evaluate(hold_values, stop, pig, win_y, pig_y, bank_y, low_y, high_y, a_first, b_first):
    """Fill each candidate's first-mover probabilities (candidates spread over the cores)."""
    goal = hold_values.shape[1]
    span = stop.shape[1]
    for c in prange(hold_values.shape[0]):
        w_x = np.empty((goal, goal))  # X to move at (i, j), k = 0
        w_y = np.empty((goal, goal))  # Y to move at (j, i), k = 0
        for s in range(2 * goal - 2, -1, -1):
            for i in range(max(0, s - goal + 1), min(s, goal - 1) + 1):
                j = s - i
                h = hold_values[c, i, j]
                alpha_x = pig[h]
                for offset in range(span):
                    k = h + offset
                    if i + k >= goal:
                        alpha_x += stop[h, offset]
                    else:
                        alpha_x += stop[h, offset] * (1.0 - w_y[j, i + k])
                beta_x = -pig[h]
                alpha_y = win_y[j, i] + pig_y[j, i]
                for k in range(low_y[j, i], high_y[j, i]):
                    alpha_y += bank_y[j, i, k] * (1.0 - w_x[i, j + k])
                beta_y = -pig_y[j, i]
                x = (alpha_x + beta_x * alpha_y) / (1.0 - beta_x * beta_y)
                w_x[i, j] = x
                w_y[j, i] = alpha_y + beta_y * x
        a_first[c] = w_x[0, 0]
        b_first[c] = 1.0 - w_y[0, 0]
