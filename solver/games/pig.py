r"""Pig: the rules, the state space and the optimality equations.

Rules
-----
Two players race to a goal of ``G`` points. On a turn a player rolls a die of ``D`` sides as often
as they like. A roll of 1 ("pig") ends the turn with nothing banked; a roll ``r`` in ``2..D`` adds
``r`` to the turn total. Holding banks the turn total and passes the turn. The first player whose
banked score reaches ``G`` wins. Holding before the first roll (turn total 0) only passes the turn
and is never better than rolling, so it is not an action.

=============  ====  ==========================================  =======
parameter      type  meaning                                     default
=============  ====  ==========================================  =======
``goal``       int   points needed to win, ``G >= 1``             100
``die_sides``  int   sides of the die, ``D >= 2``                 6
=============  ====  ==========================================  =======

States
------
``(i, j, k)``: the mover's score ``i``, the opponent's score ``j``, the turn total ``k``, with
``0 <= i, j < G`` and ``0 <= k < G - i``; ``G * G * (G + 1) / 2`` states (505,000 for G = 100).

Optimality equations
--------------------
With ``P(i, j, k) = 1`` whenever ``i + k >= G``, the probability that the mover wins under optimal
play by both players satisfies (Neller & Presser 2004)

.. math::

    P(i, j, k) = \max(P_{roll}, P_{hold}),\qquad
    P_{roll} = \frac{1}{D}\Big[1 - P(j, i, 0) + \sum_{r=2}^{D} P(i, j, k + r)\Big],\qquad
    P_{hold} = 1 - P(j, i + k, 0) \quad (k \ge 1).

Every value of a row ``P(i, j, .)`` follows from the row's own higher turn totals, from
``P(j, i, 0)`` and from ``P(j, i + k, 0)`` with a higher score sum. The whole table is therefore
determined by the matrix ``P(i, j, 0)``: :func:`row_values` rebuilds any row from it.

References
----------
T. W. Neller and C. G. M. Presser, "Optimal Play of the Dice Game Pig", The UMAP Journal 25(1),
2004. Rules: http://cs.gettysburg.edu/projects/pig/
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

DEFAULT_GOAL = 100
DEFAULT_DIE_SIDES = 6


@dataclass(frozen=True)
class PigRules:
    """The parameters of a game of Pig (see the module docstring for their table)."""

    goal: int = DEFAULT_GOAL
    die_sides: int = DEFAULT_DIE_SIDES

    def __post_init__(self) -> None:
        if not isinstance(self.goal, int | np.integer) or self.goal < 1:
            raise ValueError(f"goal must be an integer >= 1, got {self.goal!r}")
        if not isinstance(self.die_sides, int | np.integer) or self.die_sides < 2:
            raise ValueError(f"die sides must be an integer >= 2, got {self.die_sides!r}")

    @property
    def num_states(self) -> int:
        """Return the number of non-terminal states ``(i, j, k)``."""
        return self.goal * self.goal * (self.goal + 1) // 2

    def check_state(self, i: int, j: int, k: int) -> None:
        """Raise ``ValueError`` unless ``(i, j, k)`` is a state of this game (won states allowed).

        >>> PigRules(goal=10).check_state(3, 4, 20)
        Traceback (most recent call last):
        ...
        ValueError: state (3, 4, 20) is outside the goal-10 table: need 0 <= i, j, k < 10
        """
        goal = self.goal
        if not (0 <= i < goal and 0 <= j < goal and 0 <= k < goal):
            raise ValueError(
                f"state ({i}, {j}, {k}) is outside the goal-{goal} table: "
                f"need 0 <= i, j, k < {goal}"
            )


def row_values(
    v0: np.ndarray, rules: PigRules, i: int, j: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the row ``P(i, j, .)`` rebuilt from ``v0 = P(., ., 0)`` by the optimality equations.

    Returns
    -------
    p_roll, p_hold, p : ndarray(float, shape=(G,))
        The values of rolling, of holding (``nan`` at ``k = 0``) and their maximum, for
        ``k = 0 .. G - 1``; states with ``i + k >= G`` are won (all three are 1).
    """
    goal, sides = rules.goal, rules.die_sides
    p = np.ones(goal + sides)
    p_roll = np.ones(goal)
    p_hold = np.ones(goal)
    p_hold[0] = np.nan
    pig_value = 1.0 - v0[j, i]
    for k in range(goal - i - 1, -1, -1):
        p_roll[k] = (pig_value + p[k + 2 : k + sides + 1].sum()) / sides
        p[k] = p_roll[k]
        if k >= 1:
            p_hold[k] = 1.0 - v0[j, i + k]
            p[k] = max(p_roll[k], p_hold[k])
    return p_roll, p_hold, p[:goal].copy()


def reference_solve(rules: PigRules, tolerance: float = 1e-13) -> np.ndarray:
    """Return ``P`` (shape ``(G, G, G)``) by plain value iteration in pure Python; tiny goals only.

    A slow, obviously correct transcription of the equations, kept to cross-check the fast
    solvers in the tests.
    """
    goal, sides = rules.goal, rules.die_sides

    def value(p: np.ndarray, i: int, j: int, k: int) -> float:
        return 1.0 if i + k >= goal else p[i, j, k]

    p = np.zeros((goal, goal, goal))
    change = 1.0
    while change >= tolerance:
        change = 0.0
        for i in range(goal):
            for j in range(goal):
                for k in range(goal):
                    if i + k >= goal:
                        p[i, j, k] = 1.0
                        continue
                    rolls = sum(value(p, i, j, k + r) for r in range(2, sides + 1))
                    best = (1.0 - p[j, i, 0] + rolls) / sides
                    if k >= 1:
                        best = max(best, 1.0 - p[j, i + k, 0])
                    change = max(change, abs(best - p[i, j, k]))
                    p[i, j, k] = best
    return p
