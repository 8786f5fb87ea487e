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

A guided player (the optimal, a best reply) plays the optimal last turn, :math:`L` the
solver's own; any other plays its table (:mod:`solver.farkle.policy`, "The last round").
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.policy import USER, FarklePolicy
from pigsolve.solver.farkle.turn import turn
from pigsolve.solver.games.farkle import POINT_UNIT


def last_turn_chances(policy: FarklePolicy, size: int) -> np.ndarray:
    """Return ``L[d]``, ``d < size``: ``policy``'s chance in its last turn needing ``d`` units
    to tie (``L[0]`` is 1/2); one zero without the last round. A user's function is refused in
    one line: its table is not made for the last round."""
    from pigsolve.solver.farkle._last_round_kernels import last_turn_chances as kernel

    rules = policy.rules
    if not rules.last_turn:
        return np.zeros(1)
    if policy.kind == USER:
        raise InvalidArgument(
            "your function's games with the last round are played, not evaluated: simulate "
            "them (pigsolve simulate)",
            parameter="last_turn",
        )
    last = np.zeros(size)
    arrays = turn(rules).arrays
    kernel(last, rules.min_bank // POINT_UNIT, *arrays, policy.kind, policy.bank, policy.choose)
    return last
