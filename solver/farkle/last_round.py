r"""The last round of two-player Farkle for fixed players: their last turns' chances.

With ``last_turn`` a bank reaching the goal no longer wins at once: the other player has one
more turn and the higher score wins, level scores a draw worth half a win to each
(:func:`solver.farkle.states.last_turn_values`). That turn is a one-player problem given the
lead ``d`` (units of 50) it must make up: finishing above wins, level draws, below (or a
farkle) loses. So a fixed player's part in it is one number a lead, :math:`L(d)`, whatever the
scores, and the exact evaluation (:mod:`solver.farkle.evaluate`) weighs a bank reaching the
goal by ``G + e`` (the turn laws' ``reach``, :mod:`solver.farkle.laws`) at
:math:`1 - L_{\text{opponent}}(G + e - j)`:

.. math:: X_A(i, j) = w + \sum_u b(u)\,(1 - X_B(j, i + u))
          + \sum_e r(e)\,(1 - L_B(G + e - j)) + f\,(1 - X_B(j, i)).

Fixed players (:mod:`solver.farkle.policy`) play the last round thus. A guided player (the
optimal, a best reply) weighs a bank reaching the goal by the opponent's last turn
(:attr:`~solver.farkle.policy.FarklePolicy.last`), may roll on past the goal up to its ceiling,
and plays the optimal last turn (it chases the target and banks a draw where that is worth at
least rolling on): its :math:`L` is the solver's own. Any other player banks once a bank reaches
the goal, as without the last round, and in its last turn plays its table's decisions at that
turn total and dice, so a threshold player may bank short of the target and lose: what such a
player does when nobody tells it the score. Every player banks a turn total that wins. A
player still at 0 banks only from the opening score (``entry``), in its last turn too, so a
fixed player's :math:`L` has two rows, at 0 and on the board; the optimal last turn is the same
in both (at 0 the target is the goal or more, never below the opening score).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.policy import GUIDED, USER, FarklePolicy
from pigsolve.solver.farkle.turn import least_banks, turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import counts_of, faces_of, keeps, score


def last_turn_chances(policy: FarklePolicy, size: int) -> np.ndarray:
    """Return ``L[r, d]``, ``d < size``: ``policy``'s chance in its last turn needing ``d``
    units to tie (``L[:, 0]`` is 1/2), row 0 at a score of 0 (under the opening score), row 1
    on the board; a column of zeros without the last round. A user's function is refused in
    one line: its table is not made for the last round."""
    from pigsolve.solver.farkle._last_round_kernels import last_turn_chances as kernel

    rules = policy.rules
    if not rules.last_turn:
        return np.zeros((2, 1))
    if policy.kind == USER:
        raise InvalidArgument(
            "your function's games with the last round are played, not evaluated: simulate "
            "them (pigsolve simulate)",
            parameter="last_turn",
        )
    last = np.zeros((2, size))
    arrays = turn(rules).arrays
    kernel(last, *least_banks(rules), *arrays, policy.kind, policy.bank, policy.choose)
    return last


def optimal_last_turn(rules: FarkleRules, size: int) -> np.ndarray:
    """Return the optimal player's :func:`last_turn_chances` (the solver's own), ``d < size``;
    a column of zeros without the last round."""
    from pigsolve.solver.farkle._last_round_kernels import last_turn_chances as kernel

    if not rules.last_turn:
        return np.zeros((2, 1))
    last = np.zeros((2, size))
    none = np.zeros((1, rules.dice + 1), np.bool_), np.zeros((1, 1, 1), np.int64)
    kernel(last, *least_banks(rules), *turn(rules).arrays, GUIDED, *none)
    return last


def last_turn_actions(
    rules: FarkleRules, scores: Sequence[int], t: int, n: int, roll: Sequence[int] | None = None
) -> dict[Any, float]:
    """Return the chance after each legal action of the optimal player in its last turn, the
    scores ``(mover, leader)`` in points, turn total ``t`` points, ``n`` dice (a solution's
    :meth:`~solver.farkle.solution.FarkleSolution.action_values` there): before a roll
    ``{"bank": p, "roll": p}`` (bank where allowed), after ``roll`` ``{kept faces: p}``. The
    opening score only takes the bank away: at 0 the target is past it."""
    d, t = (scores[1] - scores[0]) // POINT_UNIT, t // POINT_UNIT
    value, rolled, top = _optimal_last_rows(rules, d)

    def after(u: int, m: int) -> float:
        if m == 0 or u >= top:
            return 1.0 if u > d else 0.5 if u == d else 0.0
        return float(value[u, m])

    if roll is None:
        found = {}
        if t > 0 and t * POINT_UNIT >= rules.least_bank(scores[0]):
            found["bank"] = after(t, 0)
        found["roll"] = 1.0 if t >= top else float(rolled[t, n])
        return found
    next_dice = turn(rules).next_dice
    return {
        faces_of(kept): after(t + points // POINT_UNIT, int(next_dice[n - sum(kept)]))
        for kept, points in keeps(counts_of(roll), rules.scoring)
    }


@functools.lru_cache(maxsize=64)
def _optimal_last_rows(rules: FarkleRules, d: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Return ``(value, roll, top)`` of the optimal last turn needing ``d`` units to tie."""
    from pigsolve.solver.farkle._last_round_kernels import last_turn_rows

    size = max(d + 1, rules.min_bank // POINT_UNIT)
    value, rolled = (np.zeros((size, rules.dice + 1)) for _ in range(2))
    none = np.zeros((1, rules.dice + 1), np.bool_), np.zeros((1, 1, 1), np.int64)
    arrays = turn(rules).arrays
    top = last_turn_rows(d, rules.min_bank // POINT_UNIT, *arrays, GUIDED, *none, value, rolled)
    return value, rolled, int(top)


def last_turn_choice(
    rules: FarkleRules, scores: Sequence[int], t: int, n: int, roll: Sequence[int] | None = None
) -> Any:
    """Return the optimal player's choice in its last turn (:func:`last_turn_actions`), the
    solution's tie-breaks: bank at a tie, after a roll the most dice kept, then the most
    points; None for a farkle."""
    found = last_turn_actions(rules, scores, t, n, roll)
    if roll is None:
        return "bank" if found.get("bank", -1.0) >= found["roll"] else "roll"
    points = {kept: score(counts_of(kept), rules.scoring) for kept in found}
    return max(found, key=lambda kept: (found[kept], len(kept), points[kept]), default=None)


def last_turn_lead(rules: FarkleRules, state: Any) -> int | None:
    """Return the points the mover of ``state`` ``((i, j), t, n, ...)`` must make up in its
    last turn (two players, the opponent at the goal or past it), None before it."""
    scores = state[0]
    if len(scores) != 2 or scores[1] < rules.goal:
        return None
    return scores[1] - scores[0]
