r"""Exact evaluation of many threshold players against one fixed opponent, batched.

A threshold player X rolls at turn total k while k is below its hold value h(i, j) (always at k = 0,
never once i + k reaches the goal G): the families ``hold``, ``base-pace-race`` and ``pace-race`` of
:mod:`policies.pig`. Its turn from score i ends, whatever j, by a pig with probability :math:`q_h`
or by stopping at a turn total :math:`k \in [h, h + r_{max})` with probability :math:`s_h(k)`, where
:math:`h` is the hold value clipped to :math:`[1, G - i]` (stopping at :math:`i + k \ge G` is a
win). These few numbers per hold value are shared by every candidate, and so is the opponent Y's
turn from every state: its chance to win outright, to pig, and to bank each turn total. With both
tabulated once, one candidate costs the 2x2 systems of :mod:`solver.pig.evaluation.evaluate` (solved
layer by layer of i + j, from high to low) with :math:`O(r_{max})` work for X's turn and the span of
Y's banked totals for Y's, instead of re-tabulating both turns turn total by turn total. The results
are those of :func:`solver.pig.evaluation.evaluate.compare` up to rounding (a test checks 1e-12).
Where a reset can lose a score (Two-Dice Pig, Pass the Pigs) the values after a reset, ``w_y[j, 0]``
and ``w_x[i, 0]`` (a lower score sum), are taken as given, the layers solved, and those values found
as the solver and the other evaluations find theirs (:func:`solver.pig.fixed_point.fixed_point`,
each candidate's accelerated on its own).
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.jit import njit, prange
from pigsolve.solver.pig.fixed_point import fixed_point


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
        The opponent's roll table (memory 1), as :func:`solver.pig.seat_policy.check_roll_table`
        takes it.
    """
    goal = rules.goal
    hold_values = np.clip(hold_values, 1, goal - np.arange(goal)[None, :, None]).astype(np.int64)
    gains, counts, pigs, resets, size = roll_counts(rules)
    stop, pig, reset = _threshold_turns(goal, gains, counts, pigs, resets, size)
    win_y, pig_y, reset_y, bank_y, low_y, high_y = _opponent_turns(
        np.ascontiguousarray(roll_y[0]), gains, counts, pigs, resets, size
    )
    a_first = np.empty(len(hold_values))
    b_first = np.empty(len(hold_values))
    ends = (pig, reset, pig_y, reset_y)

    def step(restarts: np.ndarray) -> np.ndarray:
        after = np.empty_like(restarts)
        _evaluate(hold_values, stop, ends, win_y, bank_y, low_y, high_y, restarts, after)
        a_first[:], b_first[:] = after[:, goal], 1.0 - after[:, 0]
        return after

    start = np.full((len(hold_values), 2 * goal), 0.5)
    if ends[1].max() > 0.0 or ends[3].max() > 0.0:
        fixed_point(step, start)
    else:
        step(start)  # no resets: one pass of the layers is exact
    return a_first, b_first


@njit(cache=True)
def _threshold_turns(goal, gains, counts, pigs, resets, size):  # pragma: no cover
    """Return ``stop[h, k - h]``, ``pig[h]`` and ``reset[h]``: how a turn rolled until k >= h
    ends (the roll in counts of ``size``, :func:`solver.games.pig.roll_counts`)."""
    span = gains.max()
    stop = np.zeros((goal + 1, span))
    pig = np.zeros(goal + 1)
    reset = np.zeros(goal + 1)
    reach = np.zeros(goal + span)
    for h in range(1, goal + 1):
        reach[:] = 0.0
        reach[0] = 1.0
        for k in range(h):
            pig[h] += reach[k] * pigs / size
            reset[h] += reach[k] * resets / size
            for t in range(gains.shape[0]):
                r = gains[t]
                if k + r < h:
                    reach[k + r] += reach[k] * counts[t] / size
                else:
                    stop[h, k + r - h] += reach[k] * counts[t] / size
    return stop, pig, reset


@njit(cache=True)
def _opponent_turns(roll, gains, counts, pigs, resets, size):  # pragma: no cover
    """Return how Y's turn at (j, i) ends: P(win), P(pig), P(reset), P(bank k) on [low, high)."""
    goal = roll.shape[0]
    win = np.zeros((goal, goal))
    pig = np.zeros((goal, goal))
    reset = np.zeros((goal, goal))
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
                pig[j, i] += reach[k] * pigs / size
                reset[j, i] += reach[k] * resets / size
                for t in range(gains.shape[0]):
                    r = gains[t]
                    if j + k + r >= goal:
                        win[j, i] += reach[k] * counts[t] / size
                    else:
                        reach[k + r] += reach[k] * counts[t] / size
    return win, pig, reset, bank, low, high


@njit(cache=True, parallel=True)
def _evaluate(
    hold_values, stop, ends, win_y, bank_y, low_y, high_y, restarts, after
):  # pragma: no cover
    """Solve each candidate's layers (candidates spread over the cores), the values after a
    reset given by ``restarts[c]``; write the values the layers give them to ``after[c]``:
    ``w_y[j, 0]`` (after X's reset) then ``w_x[i, 0]`` (after Y's), so ``after[c, 0]`` is
    ``w_y[0, 0]`` and ``after[c, G]`` is ``w_x[0, 0]``."""
    goal = hold_values.shape[1]
    for c in prange(hold_values.shape[0]):
        w_x = np.empty((goal, goal))  # X to move at (i, j), k = 0
        w_y = np.empty((goal, goal))  # Y to move at (j, i), k = 0
        restart_x, restart_y = restarts[c, :goal], restarts[c, goal:]
        _layers(
            hold_values[c], stop, ends, win_y, bank_y, low_y, high_y, restart_x, restart_y, w_x, w_y
        )
        after[c, :goal] = w_y[:, 0]
        after[c, goal:] = w_x[:, 0]


@njit(cache=True)
def _layers(
    hold, stop, ends, win_y, bank_y, low_y, high_y, restart_x, restart_y, w_x, w_y
):  # pragma: no cover
    """Solve one candidate's 2x2 systems by layers of i + j, the values after a reset given."""
    pig, reset, pig_y, reset_y = ends
    goal = hold.shape[0]
    span = stop.shape[1]
    for s in range(2 * goal - 2, -1, -1):
        for i in range(max(0, s - goal + 1), min(s, goal - 1) + 1):
            j = s - i
            h = hold[i, j]
            ends_x = pig[h] + reset[h] if i == 0 else pig[h]  # at score 0 a reset is a pig
            alpha_x = ends_x if i == 0 else pig[h] + reset[h] * (1.0 - restart_x[j])
            for offset in range(span):
                k = h + offset
                if i + k >= goal:
                    alpha_x += stop[h, offset]
                else:
                    alpha_x += stop[h, offset] * (1.0 - w_y[j, i + k])
            beta_x = -ends_x
            ends_y = pig_y[j, i] + reset_y[j, i] if j == 0 else pig_y[j, i]
            alpha_y = win_y[j, i] + ends_y
            if j > 0:
                alpha_y += reset_y[j, i] * (1.0 - restart_y[i])
            for k in range(low_y[j, i], high_y[j, i]):
                alpha_y += bank_y[j, i, k] * (1.0 - w_x[i, j + k])
            beta_y = -ends_y
            x = (alpha_x + beta_x * alpha_y) / (1.0 - beta_x * beta_y)
            w_x[i, j] = x
            w_y[j, i] = alpha_y + beta_y * x
