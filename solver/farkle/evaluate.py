r"""Exact win probabilities of two fixed Farkle players, by score-sum layers of 2 x 2 systems.

Let ``A`` and ``B`` play by fixed decisions (:class:`solver.farkle.policy.FarklePolicy`), scores
in units of 50, ``G = goal / 50``. :math:`X_A(i, j)` is A's chance of winning when A is about to
move with ``i`` points against B's ``j``; :math:`X_B(j, i)` likewise for B. A's turn at
``(i, j)`` ends in a win at once, a bank of ``u > 0`` points (worth
:math:`1 - X_B(j, i + u)` to A) or a farkle (worth :math:`1 - X_B(j, i)`: the turn passes with
the scores unchanged). With the decisions fixed, A's chance is affine in the farkle's worth,

.. math:: X_A(i, j) = a_{ij} + f_{ij}\,(1 - X_B(j, i)), \qquad
          X_B(j, i) = b_{ji} + g_{ji}\,(1 - X_A(i, j)),

where :math:`f_{ij}` is A's chance of ending the turn in a farkle and :math:`a_{ij}` sums the
rest, which reach only score sums above ``i + j``. So the sums are solved from the highest down
(as the solver's, :mod:`solver.farkle.solve`), each ordered pair ``(i, j)`` by the 2 x 2 linear
system above, solved exactly:

.. math:: X_A(i, j) = \frac{a + f - f\,(b + g)}{1 - f g}

(``f g < 1``: a full roll scores with positive chance). The turn's part is a dot product of
the turn's law, how it ends whatever the opponent does, with the opponent's values
(:mod:`solver.farkle.laws`): each player's laws are found once (a guided player, the optimal,
runs the solver's own turn programme on its table at every pair to decide) and kept with its
decisions, so a tune's candidates or a round robin's pairs after the first cost :math:`O(G^3)`
products each. The rules are the solver's: a turn total that wins by banking wins at once, hot
dice, ``min_bank`` and the opening score ``entry`` (a player at 0 banks only from it, whatever
its table says); with the last round a bank reaching the goal is weighed by the opponent's last
turn (:mod:`solver.farkle.last_round`).

Optimal against optimal reproduces the solver's ``P(0, 0)`` (to rounding: the tests ask 1e-12).
The three-farkle penalty adds the farkles in a row and takes rounds:
:mod:`solver.farkle.penalty_evaluate`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.last_round import last_turn_chances
from pigsolve.solver.farkle.players import check_two_seats
from pigsolve.solver.farkle.policy import FarklePolicy
from pigsolve.solver.farkle.solve import check_solvable
from pigsolve.solver.games.farkle import FACES, POINT_UNIT, FarkleRules
from pigsolve.solver.results import Comparison


def check_evaluable(rules: FarkleRules) -> None:
    """Raise :class:`InvalidArgument` unless fixed players' games are evaluated exactly under
    ``rules``: solved rules, and the last round (:mod:`solver.farkle.last_round`) not with the
    three-farkle penalty (the simulation plays that). The three-farkle penalty is evaluated by
    :mod:`solver.farkle.penalty_evaluate` (a user's function is refused there, and with the
    last round), more than two players by :mod:`solver.farkle.field` (without the last round)."""
    check_solvable(rules)
    if rules.last_turn and rules.farkle_penalty:
        raise InvalidArgument(
            "compare and tune do not evaluate the last round with the three-farkle penalty "
            "yet: simulate these players (pigsolve simulate), play them (pigsolve play) or "
            "ask the optimal table (pigsolve query)",
            parameter="last_turn",
        )


def policy_of(rules: FarkleRules, player: Any) -> FarklePolicy:
    """Return the decisions of ``player`` (a :class:`FarklePolicy`, or a player whose
    ``table(rules)`` gives one) for ``rules``; InvalidArgument if they were made for others."""
    policy = player if isinstance(player, FarklePolicy) else player.table(rules)
    if not isinstance(policy, FarklePolicy):
        raise InvalidArgument(f"{getattr(player, 'name', player)!r} is not a Farkle player")
    if policy.rules != rules:
        raise InvalidArgument(
            f"{getattr(player, 'name', 'a player')} was made for other rules: {policy.rules}"
        )
    return policy


def evaluate_tables(
    rules: FarkleRules, a: FarklePolicy, b: FarklePolicy
) -> tuple[np.ndarray, np.ndarray]:
    """Return ``x_a, x_b`` (float64, ``(G, G)``): ``x_a[i, j]`` A's chance when A moves at
    ``(i, j)`` (units, A's score first), ``x_b[j, i]`` B's when B moves at ``(j, i)`` (with the
    penalty: neither with a farkle in a row, :mod:`solver.farkle.penalty_evaluate`)."""
    from pigsolve.solver.farkle import _policy_kernels
    from pigsolve.solver.farkle.laws import laws_of

    check_evaluable(rules)
    check_two_seats(rules, "pairs' evaluations")
    a, b = policy_of(rules, a), policy_of(rules, b)
    if rules.farkle_penalty:
        from pigsolve.solver.farkle.penalty_evaluate import start_tables

        return start_tables(rules, a, b)
    goal = rules.goal // POINT_UNIT
    laws_a, laws_b = laws_of(a), laws_of(b)
    size = goal + max(laws_a.reach.shape[2], laws_b.reach.shape[2]) + 1
    last_a, last_b = last_turn_chances(a, size), last_turn_chances(b, size)
    x_a, x_b = np.zeros((goal, goal)), np.zeros((goal, goal))
    _policy_kernels._evaluate_sums(x_a, x_b, *laws_a.arrays, last_a, *laws_b.arrays, last_b)
    return x_a, x_b


def evaluate(rules: FarkleRules, players: Sequence[Any]) -> tuple[float, float]:
    """Return each seat's exact chance of winning, seat 0 moving first.

    >>> from pigsolve.solver.farkle.policy import thresholds
    >>> rules = FarkleRules(dice=2, goal=300)
    >>> p = evaluate(rules, [thresholds(rules, (100,)), thresholds(rules, (100,))])
    >>> round(p[0] + p[1], 12)
    1.0
    """
    if len(players) != 2:
        raise InvalidArgument(f"Farkle is evaluated for 2 players, got {len(players)}")
    x_a, _ = evaluate_tables(rules, *players)
    return float(x_a[0, 0]), 1.0 - float(x_a[0, 0])


def compare_tables(
    rules: FarkleRules, a: FarklePolicy, b: FarklePolicy, name_a: str = "A", name_b: str = "B"
) -> Comparison:
    """Return the exact probabilities that A beats B from 0-0, A first and B first (one
    evaluation gives both: ``x_a[0, 0]`` and ``1 - x_b[0, 0]``)."""
    x_a, x_b = evaluate_tables(rules, a, b)
    return Comparison(name_a, name_b, rules.goal, FACES, float(x_a[0, 0]), 1.0 - float(x_b[0, 0]))


def compare(rules: FarkleRules, a: Any, b: Any) -> Comparison:
    """Return the exact :class:`~solver.results.Comparison` of players ``a`` and ``b`` (their
    names; ``die`` is the dice's faces, 6)."""
    return compare_tables(rules, policy_of(rules, a), policy_of(rules, b), _name(a), _name(b))


def _name(player: Any) -> str:
    return str(getattr(player, "name", type(player).__name__))
