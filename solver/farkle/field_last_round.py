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
a chance (:func:`solver.farkle.kernels.last_turn_ends`), below ``d`` as a farkle, level
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

from pigsolve.solver.farkle.last_round import optimal_last_turn
from pigsolve.solver.farkle.laws import laws_of
from pigsolve.solver.farkle.policy import FarklePolicy
from pigsolve.solver.farkle.turn import least_banks, turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules


def reach_width(rules: FarkleRules, seats: Sequence[Any]) -> int:
    """Return how far past the goal (units) a bank of the ``seats`` reaches, 0 without the
    last round: a turn player's from the goal, an optimal player's from its ceiling
    (:attr:`solver.farkle.field.Guide.width`), one keep on."""
    if not rules.last_turn:
        return 0
    return max(
        laws_of(seat).reach.shape[2] if isinstance(seat, FarklePolicy) else seat.width
        for seat in seats
    )


def round_bytes(rules: FarkleRules, width: int) -> int:
    """Return the bytes of the last round's chances of ``rules.players`` seats (units past the
    goal ``width``): ``rounds`` of every banker by the needs, and the seats' reaches."""
    if not rules.last_turn:
        return 0
    n, size = rules.players, rules.goal // POINT_UNIT + width
    return 8 * n * (4 * size ** (n - 1) * n + size * width)


def last_rounds(rules: FarkleRules, seats: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(reaches, rounds)`` of the ``seats`` (module docstring): ``reaches[m, i, e]``
    turn seat ``m``'s chance at score ``i`` to bank to ``G + e`` (an optimal seat's depend on
    the others' scores: :class:`solver.farkle.field.Guide`'s laws), ``rounds[m, rb, rc, d, e,
    k]`` the chance of seat ``m + k`` after seat ``m``'s bank to the goal; empty without the
    last round."""
    from pigsolve.solver.farkle import _field_last_round_kernels as kernels

    n, goal = rules.players, rules.goal // POINT_UNIT
    width = reach_width(rules, seats)
    if not width:
        return np.zeros((n, goal, 0)), np.zeros((n, 1, 1, 1, 1, n))
    size = goal + width
    reaches = np.zeros((n, goal, width))
    rounds = np.zeros((n, 2, 2 if n > 2 else 1, size, size if n > 2 else 1, n))
    arrays = (*least_banks(rules), *turn(rules).arrays)
    finals: dict[int, np.ndarray] = {}
    lead = max((seat.cap - goal for seat in seats if not isinstance(seat, FarklePolicy)), default=0)
    for m, seat in enumerate(seats):
        if isinstance(seat, FarklePolicy):
            reach = laws_of(seat).reach
            reaches[m, :, : reach.shape[2]] = reach[:, 0, :]
        middle = seats[(m + 1) % n]
        if n == 2 and isinstance(middle, FarklePolicy):
            chances = np.zeros((1, 1, 2, 2))
            kernels.fixed_rounds(rounds[m], chances, *arrays, middle.bank, middle.choose)
            continue
        if n == 2:  # the optimal last turn (the solver's own)
            last = optimal_last_turn(rules, size)[:, :, None]
            rounds[m, :, 0, :, 0] = np.concatenate([1.0 - last, last], axis=-1)
            continue
        final = seats[(m + 2) % n]
        if id(final) not in finals:
            finals[id(final)] = _final(rules, final, size + lead)
        if isinstance(middle, FarklePolicy):
            kernels.fixed_rounds(rounds[m], finals[id(final)], *arrays, middle.bank, middle.choose)
        elif isinstance(final, FarklePolicy):
            _guided_rounds(rules, middle.cap, rounds[m], finals[id(final)])
        else:  # both optimal: the table's middle turn, (B, C, A) to (A, B, C)
            rounds[m] = middle.middle[:size, :size][..., [2, 0, 1]]
    return reaches, rounds


def _guided_rounds(rules: FarkleRules, cap: int, rounds: np.ndarray, final: np.ndarray) -> None:
    """Fill ``rounds`` (one banker's) for the optimal middle turn (of the table whose turns
    bank from ``cap``, units) against a turn player's final turn ``final``."""
    from pigsolve.solver.farkle import _field_last_round_kernels as kernels
    from pigsolve.solver.farkle.last_round_three import final_table, lead_units

    min_bank = rules.min_bank // POINT_UNIT
    arrays = turn(rules).arrays
    ceiling = cap * POINT_UNIT
    optimal = np.ascontiguousarray(final_table(rules, ceiling))
    kernels.guided_rounds(rounds, lead_units(rules, ceiling), min_bank, optimal, final, *arrays)


def _final(rules: FarkleRules, seat: Any, size: int) -> np.ndarray:
    """Return ``final[rc, need, ties - 1] = (above, level)`` of ``seat``'s final turn (row 0
    at a score of 0), needs up to what a middle turn can leave: ``size`` (with an optimal
    middle turn's lead past A), a turn player's bank from its need and one keep past it
    (an optimal seat's are :func:`solver.farkle.last_round_three.final_table`'s, zeros past
    it)."""
    from pigsolve.solver.farkle import _field_last_round_kernels as kernels
    from pigsolve.solver.farkle.last_round_three import final_table

    min_bank, entry = least_banks(rules)
    most = int(turn(rules).points.max())
    chances = np.zeros((2, size + max(min_bank, entry) + most + 2, 2, 2))
    if isinstance(seat, FarklePolicy):
        once = np.zeros((2, chances.shape[1], 2))
        kernels.final_chances(once, min_bank, entry, *turn(rules).arrays, seat.bank, seat.choose)
        chances[:] = once[:, :, None, :]
    else:
        optimal = final_table(rules, seat.cap * POINT_UNIT)[: chances.shape[1]]
        chances[:, : len(optimal)] = optimal
    return chances
