r"""The last round of a field of Farkle players (:mod:`solver.farkle.field`): its chances.

With ``last_turn``, when seat ``m`` (A) banks to ``a >= G`` (units of 50) every other seat has
one more turn in seat order, B then C, and the highest score wins, level scores sharing the win
(1/2 or 1/3 each); in a last turn a bank below the best other score is worth a farkle. Each
turn's decisions are fixed once the needs are known:

- a turn player (``bank:T``, ``max-score``, thresholds) plays its table's decisions and banks
  any total that puts it strictly above every other score (the two-player rule "it banks a
  total that wins", :mod:`solver.farkle.last_round`, extended): its last turn depends only on
  the units it needs to tie the best score, and on whether it is at 0 (it banks from the
  opening score ``entry`` there);
- an optimal seat plays the rows of :func:`solver.farkle.last_round_three.optimal_last_rows`,
  which assume the others optimal (its decisions do not change with the field).

So the round after A's bank depends on the needs ``d = a - b`` (the middle turn's) and ``e = a
- c`` (the final turn's) and on which of ``b, c`` are 0: B's turn ends at each total ``t`` with
a chance (:func:`solver.farkle._field_kernels.last_turn_ends`), below ``d`` as a farkle, level
with A (C then needs ``e`` against two leaders) or above (C needs ``e + t - d`` against B). The
chances ``rounds[m, b > 0, c > 0, d, e]`` (A's, B's, C's) are found once a key and read
where a bank reaches the goal, with that bank's chance (the turn laws' ``reach``,
:mod:`solver.farkle.laws`). With two players the middle turn is the last, as
:mod:`solver.farkle.evaluate` plays it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pigsolve.solver.farkle.laws import laws_of
from pigsolve.solver.farkle.policy import FarklePolicy
from pigsolve.solver.farkle.turn import least_banks, turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules


def reach_width(rules: FarkleRules, seats: Sequence[Any]) -> int:
    """Return how far past the goal (units) a bank of the ``seats`` reaches, 0 without the
    last round."""
    if not rules.last_turn:
        return 0
    return max(_reach(seat).shape[2] for seat in seats)


def round_bytes(rules: FarkleRules, width: int) -> int:
    """Return the bytes of the last round's chances of ``rules.players`` seats (units past the
    goal ``width``): ``rounds`` of every banker by the needs, and the seats' reaches."""
    if not rules.last_turn:
        return 0
    n, size = rules.players, rules.goal // POINT_UNIT + width
    return 8 * n * (4 * size ** (n - 1) * n + size * width)


def last_rounds(rules: FarkleRules, seats: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(reaches, rounds)`` of the ``seats`` (module docstring): ``reaches[m, i, e]``
    seat ``m``'s chance at score ``i`` to bank to ``G + e``, ``rounds[m, rb, rc, d, e, k]``
    the chance of seat ``m + k`` after seat ``m``'s bank to the goal; empty without the last
    round."""
    from pigsolve.solver.farkle import _field_kernels

    n, goal = rules.players, rules.goal // POINT_UNIT
    width = reach_width(rules, seats)
    if not width:
        return np.zeros((n, goal, 0)), np.zeros((n, 1, 1, 1, 1, n))
    size = goal + width
    reaches = np.zeros((n, goal, width))
    rounds = np.zeros((n, 2, 2 if n > 2 else 1, size, size if n > 2 else 1, n))
    arrays = (*least_banks(rules), *turn(rules).arrays)
    finals = {}
    for m, seat in enumerate(seats):
        reach = _reach(seat)
        reaches[m, :, : reach.shape[2]] = reach[:, 0, :]
        middle = seats[(m + 1) % n]
        if n > 2:
            final = seats[(m + 2) % n]
            if id(final) not in finals:
                finals[id(final)] = _final(rules, final, size)
            chances = finals[id(final)]
        else:
            chances = np.zeros((1, 1, 2, 2))
        _field_kernels.fixed_rounds(rounds[m], chances, *arrays, *_rows(middle))
    return reaches, rounds


def _final(rules: FarkleRules, seat: Any, size: int) -> np.ndarray:
    """Return ``final[rc, need, ties - 1] = (above, level)`` of ``seat``'s final turn, needs
    up to what a middle turn can leave (``size`` plus a bank past the lead)."""
    from pigsolve.solver.farkle import _field_kernels

    min_bank, entry = least_banks(rules)
    most = int(turn(rules).points.max())
    chances = np.zeros((2, size + max(min_bank, entry) + most + 2, 2))
    _field_kernels.final_chances(chances, min_bank, entry, *turn(rules).arrays, *_rows(seat))
    return np.repeat(chances[:, :, None, :], 2, axis=2)


def _rows(seat: Any) -> tuple[np.ndarray, np.ndarray]:
    """Return the ``bank, choose`` a seat plays its last turn by."""
    if isinstance(seat, FarklePolicy):
        return seat.bank, seat.choose
    raise NotImplementedError


def _reach(seat: Any) -> np.ndarray:
    """Return the chances ``[i, 0, e]`` that ``seat`` at score ``i`` banks to ``G + e``."""
    if isinstance(seat, FarklePolicy):
        return laws_of(seat).reach
    raise NotImplementedError
