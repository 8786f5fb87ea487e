r"""A fixed Farkle player's turn laws: how its turns end, whatever the opponent does.

A fixed player's turn at scores ``(i, j)`` (units of 50, mover first, ``G = goal / 50``) ends in
one of three ways: a win at once (the turn total reaches what wins by banking), a farkle (the
scores unchanged, the turn passes) or a bank of ``u`` units, ``0 < u < G - i``. Its decisions
are fixed, so the chances of these endings, the turn's *law*
:math:`(w_{ij}, f_{ij}, b_{ij}(u))`, do not depend on the opponent's values, and against an
opponent whose chance when it moves at ``(j, i')`` is :math:`Y(j, i')`

.. math:: X(i, j) = w_{ij} + \sum_u b_{ij}(u)\,(1 - Y(j, i + u)) + f_{ij}\,(1 - Y(j, i)):

the ``a`` and ``f`` of :mod:`solver.farkle.evaluate`'s 2 x 2 systems, one dot product a pair.
So a player's laws are found once and serve every evaluation it takes part in.

The law is a *forward* pass of probability mass through the turn's states ``(t, n)``, from
``(0, D)`` through rising turn totals (a keep adds points, so ``t`` only rises), each state's
mass handed on by the player's decisions: one pass costs what one pass of the turn's backward
programme costs, whereas that programme would carry a vector over ``u`` through every state, a
``G``-fold cost. A guided player decides by its table's turn programme at ``(i, j)``
(:func:`solver.farkle._policy_kernels.guided_turn`), run once for its law.

Shapes
------
A player whose decisions ignore the scores (``turn``) has a law that depends on ``(i, j)`` only
through the total that wins, ``max(G - i, min_bank)``, and at ``i = 0`` the opening score: one
column, ``G`` laws. A guided player
(the optimal) and a user's tabulated function have one a pair: ``G`` columns. The bank vectors
are stored flat, score after score, ``G - 1 - i`` entries each
(:func:`solver.farkle._policy_kernels.law_start`): about :math:`G^3 / 2` floats for a guided
player, 32 MB at goal 10,000, once per player (:func:`laws_of` keeps them
while the player lives). Under the three-farkle penalty the laws are found in shifted scores
with a leading ``(3, 3)`` for the farkles in a row: :mod:`solver.farkle.penalty_evaluate`.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np

from pigsolve.solver.farkle.policy import GUIDED, TURN, USER, FarklePolicy
from pigsolve.solver.farkle.solve import PARALLEL_GOAL
from pigsolve.solver.farkle.turn import least_banks, turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules


@dataclass(frozen=True)
class TurnLaws:
    """A player's turn laws (module docstring).

    Attributes
    ----------
    win, farkle : ndarray(float64, (G, C))
        The chance that the turn at ``(i, j)`` wins at once, ends in a farkle (column
        ``min(j, C - 1)``: ``C`` is 1 for a player whose decisions ignore the scores, else G).
    bank : ndarray(float64, (G (G - 1) / 2 * C,))
        The chance that it banks ``u`` units, ``1 <= u < G - i``, at
        ``law_start(G, C, i, column) + u - 1``.
    reach : ndarray(float64, (G, C, E))
        With the last round, the chance that it banks to ``G + e`` (no win at once then);
        ``E`` is 0 without it (:func:`reach_size`).
    """

    win: np.ndarray
    farkle: np.ndarray
    bank: np.ndarray
    reach: np.ndarray

    @property
    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Return ``(win, farkle, bank, reach)``, as the kernels take them."""
        return self.win, self.farkle, self.bank, self.reach


def columns(rules: FarkleRules, kind: int) -> int:
    """Return the laws' columns of a player of ``kind``: 1 for decisions that ignore the
    scores, one per opponent's score otherwise."""
    return 1 if kind == TURN else rules.goal // POINT_UNIT


def reach_size(policy: FarklePolicy) -> int:
    """Return how far past the goal (units) a bank of ``policy`` can reach, 0 without the last
    round: from its top (the goal, a guided player's ceiling, the minimum bank) one keep on."""
    rules = policy.rules
    if not rules.last_turn:
        return 0
    goal, min_bank = rules.goal // POINT_UNIT, rules.min_bank // POINT_UNIT
    cap = policy.ceiling // POINT_UNIT if policy.kind == GUIDED else goal
    return max(cap - goal, min_bank) + int(turn(rules).points.max())


def law_bytes(rules: FarkleRules, kind: int, reach: int = 0) -> int:
    """Return the bytes of a player's laws (module docstring), ``reach`` units past the goal.

    >>> law_bytes(FarkleRules(), 1) // 2**20  # a guided player at goal 10,000
    30
    """
    goal = rules.goal // POINT_UNIT
    return 8 * columns(rules, kind) * (goal * (goal - 1) // 2 + 2 * goal + goal * reach)


def turn_laws(policy: FarklePolicy) -> TurnLaws:
    """Return ``policy``'s turn laws, every score's turns in parallel from
    :data:`solver.farkle.solve.PARALLEL_GOAL` on; PigsolveError in one line if they do not fit
    in the machine's memory."""
    from pigsolve.solver.farkle import _policy_kernels
    from pigsolve.solver.resources import check_memory

    rules = policy.rules
    kind = {TURN: "turn", GUIDED: "guided", USER: "user's"}[policy.kind]
    reach = reach_size(policy)
    check_memory(
        law_bytes(rules, policy.kind, reach),
        f"the turn laws of a {kind} player at goal {rules.goal}",
    )
    goal, cols = rules.goal // POINT_UNIT, columns(rules, policy.kind)
    laws = TurnLaws(
        np.zeros((goal, cols)),
        np.zeros((goal, cols)),
        np.zeros(goal * (goal - 1) // 2 * cols),
        np.zeros((goal, cols, reach)),
    )
    parallel = rules.goal >= PARALLEL_GOAL
    kernel = _policy_kernels._laws_parallel if parallel else _policy_kernels._laws
    _, guide, bank, choose, rows, moves = policy.arrays
    kernel(
        *least_banks(rules), policy.ceiling // POINT_UNIT, *turn(rules).arrays,
        policy.kind, guide, policy.last, bank, choose, rows, moves, *laws.arrays,
    )  # fmt: skip
    return laws


_FOUND: weakref.WeakKeyDictionary[FarklePolicy, TurnLaws] = weakref.WeakKeyDictionary()


def laws_of(policy: FarklePolicy) -> TurnLaws:
    """Return ``policy``'s turn laws, found at its first evaluation and kept while it lives (a
    tune's every candidate against one opponent, a round robin's every pair)."""
    if policy not in _FOUND:
        _FOUND[policy] = turn_laws(policy)
    return _FOUND[policy]
