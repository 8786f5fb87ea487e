r"""Exact win probabilities of two fixed Farkle players under the three-farkle penalty.

Scores are *shifted*: ``i' = i - f``, ``f = floor / 50`` (the solve's floor, negative),
``G' = G - f``; the state adds each player's farkles in a row, ``a`` the mover's and ``b`` the
opponent's (0 to 2), as the solver's (:mod:`solver.farkle.solve`, "The three-farkle penalty").
:math:`X_A(a, b, i', j')` is A's chance when A moves, :math:`X_B(b, a, j', i')` B's. A's turn
ends in a win at once (chance ``w``), a bank of ``u`` or a farkle (chance ``q``):

.. math:: X_A(a, b, i, j) = w + \sum_u \beta(u)\,(1 - X_B(b, 0, j, i + u)) + q\,c, \qquad
          c = 1 - X_B(b, a + 1, j, i) \ (a < 2), \quad
          c = 1 - X_B(b, 0, j, \max(i - p, 0)) \ (a = 2),

``p`` the penalty in units, and likewise for B. A penalty lowers a score, so the states a penalty
reaches, ``X(·, 0, ·, ·)``, are taken from the previous round; within a round the score sums are
solved from the highest down and, in a pair of scores, the counts' sum ``a + b`` from 4 down (a
farkle only raises the counts): each state is one dot product, no 2 x 2 system. The rounds
start from zeros and stop when no value moves more than :data:`TOLERANCE` (at most
:data:`MAX_ROUNDS`). The decisions are fixed, so a round is an affine map and its changes
shrink geometrically: once three rounds' ratios ``rho`` of largest changes agree to 1 %, the
change is extrapolated to the limit (times ``rho / (1 - rho)``), and plain rounds go on (the
stopping rule is the plain one). Measured: 12 rounds at goal 1,000 (six dice, floor -2,500,
bank:300 against max-score, as without the extrapolation); with three dice at goal 500 that
pair, farkling 83 % of its turns, needs 125 rounds (210 without).

The turn laws
-------------
A turn player's turn depends on its score only through ``max(G - i, min_bank)``, which is
``max(G' - i', min_bank)``: its laws are those of :mod:`solver.farkle.laws` with ``G'`` rows
(one column, the counts ignored). The guided player of a penalty solution
(:func:`solver.farkle.policy.guided` with the solution's ``values[a, b, i', j']``) runs the
solver's turn programme at each ``(a, b, i', j')``, banks reaching ``values[b, 0]`` and a farkle
worth :func:`solver.farkle._kernels.farkle_value`: ``9 G'`` laws a score, about
:math:`9 G'^3 / 2` floats, 570 MB at goal 10,000 with the floor -2,500 (``G' = 250``), checked
against the machine's memory before they are made (:func:`penalty_law_bytes`).

Players of a user's function are refused under the penalty (their tables do not count the
farkles in a row), as is the last turn.
"""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.laws import TurnLaws
from pigsolve.solver.farkle.policy import GUIDED, TURN, USER, FarklePolicy
from pigsolve.solver.farkle.solve import PARALLEL_GOAL
from pigsolve.solver.farkle.states import DEFAULT_FLOOR, FARKLE_COUNTS
from pigsolve.solver.farkle.turn import turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules

TOLERANCE = 1e-14
"""The rounds stop once no value moves more than this."""
MAX_ROUNDS = 1000
"""Rounds before giving up (an error). Players that farkle often shrink a change only some
0.86-fold a round (three dice, bank:300, floor -2,500: 125 rounds)."""


def evaluation_floor(a: FarklePolicy, b: FarklePolicy) -> int:
    """Return the floor (points) of an evaluation of ``a`` and ``b``: a guided player's
    solution's, else :data:`solver.farkle.states.DEFAULT_FLOOR`; InvalidArgument for two
    guided players of different floors or a user's table."""
    for policy in (a, b):
        if policy.kind == USER:
            raise InvalidArgument(
                "a user's function is not evaluated exactly under the three-farkle penalty (its "
                "table counts no farkles in a row): simulate it (pigsolve simulate)"
            )
    floors = {policy.floor for policy in (a, b) if policy.kind == GUIDED}
    if len(floors) > 1:
        raise InvalidArgument(f"the two optimal players were solved with different floors {floors}")
    return floors.pop() if floors else DEFAULT_FLOOR


def penalty_law_bytes(rules: FarkleRules, floor: int, kind: int) -> int:
    """Return the bytes of a player's turn laws under the penalty (module docstring).

    >>> from pigsolve.solver.games.farkle import FACEBOOK_FARKLE
    >>> penalty_law_bytes(FACEBOOK_FARKLE, -2500, GUIDED) // 2**20
    542
    """
    size = rules.goal // POINT_UNIT - floor // POINT_UNIT
    counts, cols = (FARKLE_COUNTS, size) if kind == GUIDED else (1, 1)
    return 8 * counts * counts * cols * (size * (size - 1) // 2 + 2 * size)


def penalty_laws(policy: FarklePolicy, floor: int) -> TurnLaws:
    """Return ``policy``'s turn laws in shifted scores from ``floor`` (points): arrays with a
    leading ``(3, 3)`` for a guided player, ``(1, 1)`` for a turn player (module docstring);
    PigsolveError in one line if they do not fit in the machine's memory."""
    from pigsolve.solver.farkle import _penalty_kernels, _policy_kernels
    from pigsolve.solver.resources import check_memory

    rules = policy.rules
    size = rules.goal // POINT_UNIT - floor // POINT_UNIT
    check_memory(
        penalty_law_bytes(rules, floor, policy.kind),
        f"the turn laws of a {'guided' if policy.kind == GUIDED else 'turn'} player under the "
        f"three-farkle penalty at goal {rules.goal} (floor {floor})",
    )
    counts, cols = (FARKLE_COUNTS, size) if policy.kind == GUIDED else (1, 1)
    laws = TurnLaws(
        np.zeros((counts, counts, size, cols)),
        np.zeros((counts, counts, size, cols)),
        np.zeros((counts, counts, size * (size - 1) // 2 * cols)),
        np.zeros((1, 1, 0)),  # no last round
    )
    min_bank = rules.min_bank // POINT_UNIT
    parallel = rules.goal - floor >= PARALLEL_GOAL
    win, farkle, bank = laws.win, laws.farkle, laws.bank
    if policy.kind == TURN:
        kernel = _policy_kernels._laws_parallel if parallel else _policy_kernels._laws
        kind, guide, *decisions = policy.arrays
        # A shifted score of 0 is no score of 0; the rules refuse an opening score here.
        kernel(
            min_bank, min_bank, size, *turn(rules).arrays, kind, guide, policy.last, *decisions,
            win[0, 0], farkle[0, 0], bank[0, 0], np.zeros((size, 1, 0)),
        )  # fmt: skip
    else:
        kernel = (
            _penalty_kernels._penalty_laws_parallel if parallel else _penalty_kernels._penalty_laws
        )
        penalty = rules.farkle_penalty // POINT_UNIT
        kernel(penalty, min_bank, *turn(rules).arrays, *policy.arrays, win, farkle, bank)
    return laws


_FOUND: weakref.WeakKeyDictionary[FarklePolicy, dict[int, TurnLaws]] = weakref.WeakKeyDictionary()


def penalty_laws_of(policy: FarklePolicy, floor: int) -> TurnLaws:
    """Return :func:`penalty_laws`, found once and kept while ``policy`` lives."""
    found = _FOUND.setdefault(policy, {})
    if floor not in found:
        found[floor] = penalty_laws(policy, floor)
    return found[floor]


def evaluate_penalty(
    rules: FarkleRules, a: FarklePolicy, b: FarklePolicy
) -> tuple[np.ndarray, np.ndarray, int]:
    """Return ``x_a, x_b, rounds``: ``x_a[a, b, i', j']`` A's chance when A moves,
    ``x_b[b, a, j', i']`` B's (float64, ``(3, 3, G', G')``, shifted scores), and the rounds
    taken; RuntimeError if they do not settle in :data:`MAX_ROUNDS`."""
    from pigsolve.solver.farkle._penalty_kernels import _penalty_evaluate

    floor = evaluation_floor(a, b)
    laws_a, laws_b = penalty_laws_of(a, floor), penalty_laws_of(b, floor)
    size = rules.goal // POINT_UNIT - floor // POINT_UNIT
    x_a = np.zeros((FARKLE_COUNTS, FARKLE_COUNTS, size, size))
    x_b = np.zeros_like(x_a)
    penalty = rules.farkle_penalty // POINT_UNIT
    rounds, change = _penalty_evaluate(
        x_a, x_b, penalty, TOLERANCE, MAX_ROUNDS, True,
        laws_a.win, laws_a.farkle, laws_a.bank, laws_b.win, laws_b.farkle, laws_b.bank,
    )  # fmt: skip
    if change > TOLERANCE:
        raise RuntimeError(f"the penalty's rounds did not settle: a change of {change:.1e}")
    return x_a, x_b, int(rounds)


def start_tables(rules: FarkleRules, a: Any, b: Any) -> tuple[np.ndarray, np.ndarray]:
    """Return :func:`evaluate_penalty`'s values with no farkles in a row from a score of 0 on,
    ``(G, G)``, as :func:`solver.farkle.evaluate.evaluate_tables` gives them."""
    x_a, x_b, _ = evaluate_penalty(rules, a, b)
    offset = -evaluation_floor(a, b) // POINT_UNIT
    return x_a[0, 0, offset:, offset:], x_b[0, 0, offset:, offset:]
