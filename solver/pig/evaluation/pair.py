r"""The exact evaluation of two players' roll tables: the pair kernel, resets included.

The fast path of :func:`solver.pig.evaluation.evaluate.evaluate` for two seats (threshold tables,
held-turn counters included, or explicit choices): per pair of scores the cycle of the two turns is
a 2x2 system, solved by layers of the score sum from the highest down
(:func:`solver.pig.evaluation._kernels.evaluate_pair`).

Where a reset can lose a score (Two-Dice Pig's double 1s, Pass the Pigs' touching pigs) the
value after it, ``w_y[j, 0]`` for X and ``w_x[i, 0]`` for Y, lies on a lower score sum: those
values ``R`` are taken as given constants, the layers solved exactly as without resets, and
``R`` iterated to the fixed point of this affine map by Anderson's acceleration
(:func:`solver.pig.fixed_point.fixed_point`). Every seat then plays by a table: a greedy one
(the optimal player) is made one by :func:`two_player_table`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.pig.fixed_point import fixed_point
from pigsolve.solver.pig.seat_policy import (
    GREEDY,
    SeatPolicy,
    check_roll_table,
    pair_tables,
    seat_table,
)


def fast_tables(rules: PigRules, policies: Sequence[SeatPolicy]) -> list[np.ndarray] | None:
    """Return the roll tables of two seats for the pair kernels (:func:`solver.pig.seat_policy.
    pair_tables`); where scores can fall every two-player seat, a greedy one made a table."""
    if not rules.resets or len(policies) != 2:
        return pair_tables(rules, policies)
    return [two_player_table(rules, p) for p in policies]


def two_player_table(rules: PigRules, policy: SeatPolicy) -> np.ndarray:
    """Return a seat of two players as a roll table ``[t, i, j, k]``; a greedy one chooses at
    its own values, resets included (two players never mix)."""
    from pigsolve.solver.pig.evaluation._kernels import greedy_tables

    goal = rules.goal
    if policy.kind != GREEDY:
        return seat_table(goal, policy)
    roll = np.ones((goal, goal, goal), bool)
    greedy_tables(policy.after.reshape(goal, goal), roll_counts(rules), roll)
    return roll[None]


def evaluate_tables(
    rules: PigRules, roll_x: np.ndarray, roll_y: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Return the exact k = 0 win probabilities of two roll tables playing each other (the pair
    kernel: :func:`solver.pig.evaluation.evaluate.evaluate`'s fast path, which also tracks held-turn
    counters).

    Parameters
    ----------
    rules : PigRules
        The goal (the tables' last dimension) and the die.
    roll_x, roll_y : ndarray(bool, shape=(m, G, G, G))
        Roll tables ``[t, i, j, k]`` (True = roll) of players X and Y; ``t`` counts held turns.

    Returns
    -------
    w_x : ndarray(float64, shape=(G, G, m_x, m_y))
        ``w_x[i, j, a, b]``: probability that X wins when X is to move at turn total 0 with
        score i and a held turns, Y having score j and b held turns.
    w_y : ndarray(float64, shape=(G, G, m_y, m_x))
        ``w_y[j, i, b, a]``: the same with Y to move.
    """
    roll_x = check_roll_table(roll_x, rules.goal, "first")
    roll_y = check_roll_table(roll_y, rules.goal, "second")
    return pair_values(rules, roll_x, roll_y)


def pair_values(
    rules: PigRules, roll_x: np.ndarray, roll_y: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Return :func:`evaluate_tables` of two tables already checked.

    Where a reset can lose a score, the values after one, ``w_y[j, 0]`` for X and ``w_x[i, 0]``
    for Y (a lower score sum), are taken as given constants ``R``, the layers solved exactly
    as without resets, and ``R`` iterated to the fixed point of the affine map (Anderson's
    acceleration, :func:`solver.pig.fixed_point.fixed_point`).
    """
    from pigsolve.solver.pig.evaluation._kernels import evaluate_pair

    goal, m_x, m_y = rules.goal, roll_x.shape[0], roll_y.shape[0]
    tally = roll_counts(rules)
    w_x = np.empty((goal, goal, m_x, m_y))
    w_y = np.empty((goal, goal, m_y, m_x))
    if not rules.resets:
        none = np.zeros((1, 1, 1))
        evaluate_pair(roll_x, roll_y, tally, none, none, w_x, w_y)
        return w_x, w_y
    size_x = goal * m_y * m_x

    def step(restart: np.ndarray) -> np.ndarray:
        restart_x = restart[:size_x].reshape(goal, m_y, m_x)
        restart_y = restart[size_x:].reshape(goal, m_x, m_y)
        evaluate_pair(roll_x, roll_y, tally, restart_x, restart_y, w_x, w_y)
        return np.concatenate([w_y[:, 0].reshape(-1), w_x[:, 0].reshape(-1)])

    fixed_point(step, np.full(2 * size_x, 0.5))
    return w_x, w_y
