r"""Exact evaluation of one fixed Pig policy against another.

State and values
----------------
Player X (policy :math:`\pi_X`, memory :math:`m_X`) is to move with score i, turn total k and
:math:`a` held turns so far (capped at :math:`m_X - 1`); the opponent Y has score j and
:math:`b` held turns. :math:`W_X(i, j, k, a, b)` is the probability that X eventually wins, and
:math:`W_Y` is the same quantity with the roles swapped. With a die of D sides and goal G,

.. math::

    W_X(i, j, k, a, b) = \begin{cases}
      1 & i + k \ge G \\
      \frac1D\Bigl[1 - W_Y(j, i, 0, b, a) + \sum_{r=2}^{D} W_X(i, j, k + r, a, b)\Bigr]
        & \pi_X(a, i, j, k) = \text{roll} \\
      1 - W_Y(j, i + k, 0, b, \min(a + 1, m_X - 1)) & \text{hold.}
    \end{cases}

Solution
--------
Both policies are fixed, so there is no maximisation and nothing to iterate. Scores never
decrease, so the states are solved in layers of :math:`i + j` from high to low. Holding moves to
a higher layer (already solved); within a layer, a turn of X at scores (i, j) reaches the
same layer only by a pig, to :math:`W_Y(j, i, 0, b, a)`. Sweeping k down from :math:`G - 1 - i`
therefore writes every :math:`W_X(i, j, k, a, b)` as :math:`\alpha_k + \beta_k y` with
:math:`y = W_Y(j, i, 0, b, a)`, and the same for Y's turn at (j, i). The two k = 0 equations are a
2x2 linear system, solved in closed form; :math:`|\beta_0| < 1` because a turn reaches the goal
with positive probability. The answer is exact up to floating-point rounding: no tolerance.

Reference: T. W. Neller and C. G. M. Presser, "Optimal play of the dice game Pig",
The UMAP Journal 25(1), 2004.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

import numpy as np

from pigsolve.solver import results
from pigsolve.solver.games.pig import PigRules, face_arrays
from pigsolve.solver.pig.seats import check_roll_table
from pigsolve.solver.results import Comparison


def evaluate_tables(
    rules: PigRules, roll_x: np.ndarray, roll_y: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Return the exact k = 0 win probabilities of two fixed policies playing each other.

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
    from pigsolve.solver.pig._evaluate_kernels import evaluate_pair

    goal = rules.goal
    roll_x = check_roll_table(roll_x, goal, "first")
    roll_y = check_roll_table(roll_y, goal, "second")
    m_x, m_y = roll_x.shape[0], roll_y.shape[0]
    w_x = np.empty((goal, goal, m_x, m_y))
    w_y = np.empty((goal, goal, m_y, m_x))
    evaluate_pair(roll_x, roll_y, *face_arrays(rules), w_x, w_y)
    return w_x, w_y


def first_mover_probabilities(
    rules: PigRules, roll_a: np.ndarray, roll_b: np.ndarray
) -> tuple[float, float]:
    """Return (P(A wins | A starts), P(A wins | B starts)) from the game's first state."""
    w_a, w_b = evaluate_tables(rules, roll_a, roll_b)
    return float(w_a[0, 0, 0, 0]), float(1.0 - w_b[0, 0, 0, 0])


def compare(
    rules: PigRules, roll_a: np.ndarray, roll_b: np.ndarray, a: str = "A", b: str = "B"
) -> Comparison:
    """Return the exact probabilities that A (roll table ``roll_a``) beats B (``roll_b``)."""
    a_first, b_first = first_mover_probabilities(rules, roll_a, roll_b)
    return Comparison(a, b, rules.goal, rules.die_sides, a_first, b_first)


def round_robin(rules: PigRules, tables: Mapping[str, np.ndarray]) -> list[Comparison]:
    """Return every ordered pair of the named roll ``tables``, row by row (see
    :func:`solver.results.round_robin`)."""
    return results.round_robin(
        list(tables), lambda a, b: compare(rules, tables[a], tables[b], a, b)
    )


def bench_compare(
    rules: PigRules, roll_a: np.ndarray, roll_b: np.ndarray, repeats: int = 5
) -> dict[str, float]:
    """Time one exact comparison of two roll tables.

    Returns ``{"compile_seconds", "seconds"}``: the first call (JIT compilation or cache load)
    and the best of ``repeats`` calls after it.
    """
    timings = []
    for _ in range(repeats + 1):
        start = time.perf_counter()
        first_mover_probabilities(rules, roll_a, roll_b)
        timings.append(time.perf_counter() - start)
    return {"compile_seconds": timings[0], "seconds": min(timings[1:])}
