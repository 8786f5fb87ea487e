"""Numba kernels of a field's last round (:mod:`solver.farkle.field_last_round`): the last
turns' endings by a forward pass of a player's rows, the final turn's chances by the need, and
every banker's round by the needs, for turn players' rows and the optimal middle turn's. The
turn comes as the arrays of :class:`solver.farkle.turn.Turn` (``ways ... next_dice``).
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.farkle._last_round_three_kernels import middle_turn
from pigsolve.solver.jit import njit, prange


@njit(cache=True)
def last_turn_ends(
    top, least, ways, points, num_outcomes, farkle_ways, scale, next_dice, bank, choose, mass,
    ends,
):  # fmt: skip  # pragma: no cover
    """Fill ``ends[t]`` with the chance that a last turn played by a turn player's ``bank,
    choose`` banks the total ``t``, by a forward pass of the mass ``mass[t, n]``: it banks
    where allowed (``t > 0``, ``t >= least``) and ``bank[t, n]`` says (from its last row on:
    banks), and from ``top`` on; the rest of the mass farkles."""
    dice = next_dice.shape[0]
    mass[:top] = 0.0
    ends[:] = 0.0
    mass[0, dice] = 1.0
    for t in range(top):
        row = min(t, choose.shape[0] - 1)
        for n in range(1, dice + 1):
            p = mass[t, n]
            if p == 0.0:
                continue
            if t > 0 and t >= least and (t >= bank.shape[0] or bank[t, n]):
                ends[t] += p
                continue
            p /= scale[n]
            for k in range(num_outcomes[n]):
                left = choose[row, n, k]
                u, m = t + points[n, k, left], next_dice[left]
                if m == 0 or u >= top:
                    ends[u] += p * ways[n, k]
                else:
                    mass[u, m] += p * ways[n, k]


@njit(cache=True)
def final_chances(
    chances, min_bank, entry, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    bank, choose,
):  # fmt: skip  # pragma: no cover
    """Fill ``chances[r, d] = (above, level)``: a turn player's chance to finish its last turn
    above the best other score and level with it, needing ``d >= 1`` units to tie, row 0 at a
    score of 0 (banking from ``entry``), row 1 on the board; it banks from ``d + 1`` on."""
    size = chances.shape[1]
    dice = next_dice.shape[0]
    most = points.max()
    mass = np.empty((size + entry + 1, dice + 1))
    ends = np.empty(size + entry + most + 1)
    for r in range(2):
        least = entry if r == 0 else min_bank
        for d in range(1, size):
            last_turn_ends(
                max(d + 1, least), least, ways, points, num_outcomes, farkle_ways, scale,
                next_dice, bank, choose, mass, ends,
            )  # fmt: skip
            chances[r, d, 0] = ends[d + 1 :].sum()
            chances[r, d, 1] = ends[d]


@njit(cache=True)
def ended(p, e, final, out):  # pragma: no cover
    """Write into ``out`` (A, B, C) the chances once the middle turn has ended ``p`` units from
    A's score (below: as a farkle), the final turn ``e`` below A: ``final[need, ties - 1]`` its
    (above, level) against the best other score; level shares (1/2, 1/3)."""
    above, tie = final[e + max(p, 0), 0 if p != 0 else 1]
    if p < 0:
        out[0], out[1], out[2] = 1.0 - above - tie / 2.0, 0.0, above + tie / 2.0
    elif p == 0:
        out[0] = out[1] = (1.0 - above - tie) / 2.0 + tie / 3.0
        out[2] = above + tie / 3.0
    else:
        out[0], out[1], out[2] = 0.0, 1.0 - above - tie / 2.0, above + tie / 2.0


@njit(cache=True)
def round_values(ends, d, e, final, out):  # pragma: no cover
    """Write ``out``: the banker's, the middle turn's and the final turn's chances when the
    middle turn needs ``d`` units to tie the banker and ends at ``ends``
    (:func:`last_turn_ends`), the final turn needing ``e`` (:func:`ended`). With two players
    (``out`` of 2) the middle turn is the last: above wins, level draws."""
    banked = ends[d + 1 :].sum()
    level = ends[d]
    if out.shape[0] == 2:
        out[1] = banked + level / 2.0
        out[0] = 1.0 - out[1]
        return
    part = np.empty(3)
    ended(-1, e, final, out)
    out *= 1.0 - banked - level
    for t in range(d, ends.shape[0]):
        if ends[t] != 0.0:
            ended(t - d, e, final, part)
            out += ends[t] * part


@njit(cache=True)
def _follow(
    d, e, lead, final, bank, choose, field,
    ways, points, num_outcomes, farkle_ways, scale, next_dice,
):  # fmt: skip  # pragma: no cover
    """Fill ``field[p + d, n]`` (A, B, C) for ``-d <= p < lead``: the middle turn played by the
    rows ``bank``, ``choose`` (row ``p + d``, :func:`last_round_three.middle_turn`'s), B
    ``d`` and C ``e`` below A, against the final turn ``final`` (:func:`ended`)."""
    dice = next_dice.shape[0]
    farkled, reached = np.empty(3), np.empty(3)
    ended(-1, e, final, farkled)
    for p in range(lead - 1, -d - 1, -1):
        y = p + d
        for n in range(1, dice + 1):
            if bank[y, n]:
                ended(p, e, final, field[y, n])
                continue
            total = farkle_ways[n] * farkled
            for k in range(num_outcomes[n]):
                left = choose[y, n, k]
                q, m = p + points[n, k, left], next_dice[left]
                if m == 0 or q >= lead:
                    ended(q, e, final, reached)
                    total += ways[n, k] * reached
                else:
                    total += ways[n, k] * field[q + d, m]
            field[y, n] = total / scale[n]


@njit(cache=True, parallel=True)
def guided_rounds(
    rounds, lead, min_bank, optimal, final, ways, points, num_outcomes, farkle_ways, scale,
    next_dice,
):  # fmt: skip  # pragma: no cover
    """Fill ``rounds[rb, rc, d, e]`` (A, B, C) for the optimal middle turn (the rows of
    :func:`solver.farkle._last_round_three_kernels.middle_turn` against the ``optimal`` final
    turn, one programme per ``e`` for every ``d >= min_bank``, as its ``middle_values``)
    against the final turn ``final[rc]``. The opening score never binds the middle turn (a
    bank that counts reaches the goal): both rows ``rb`` agree."""
    size = rounds.shape[2]
    dice = next_dice.shape[0]
    shared = max(size, min_bank)
    arrays = (ways, points, num_outcomes, farkle_ways, scale, next_dice)
    for e in prange(1, size):
        value = np.empty((shared + lead, dice + 1, 3))
        bank = np.empty((shared + lead, dice + 1), np.bool_)
        choose = np.empty((shared + lead, dice + 1, ways.shape[1]), np.int64)
        field = np.empty((shared + lead, dice + 1, 3))
        middle_turn(shared, e, -shared, lead, min_bank, optimal, *arrays, value, bank, choose)
        for rc in range(2):
            _follow(shared, e, lead, final[rc], bank, choose, field, *arrays)
            for d in range(max(1, min_bank), size):
                rounds[:, rc, d, e] = field[shared - d, dice]
        for d in range(1, min(min_bank, size)):
            middle_turn(d, e, -d, lead, min_bank, optimal, *arrays, value, bank, choose)
            for rc in range(2):
                _follow(d, e, lead, final[rc], bank, choose, field, *arrays)
                rounds[:, rc, d, e] = field[0, dice]


@njit(cache=True, parallel=True)
def fixed_rounds(
    rounds, final, min_bank, entry, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    bank, choose,
):  # fmt: skip  # pragma: no cover
    """Fill ``rounds[rb, rc, d, e]`` (:func:`round_values`) for a middle turn played by the
    turn player ``bank, choose`` needing ``d``, the final needing ``e``: its row ``rb`` (0: at
    a score of 0) and the final turn's ``final[rc]``; it banks from ``d + 1`` on."""
    size, wide = rounds.shape[2], rounds.shape[3]
    dice = next_dice.shape[0]
    most = points.max()
    for d in prange(1, size):
        mass = np.empty((size + entry + 1, dice + 1))
        ends = np.empty(size + entry + most + 1)
        for rb in range(2):
            least = entry if rb == 0 else min_bank
            last_turn_ends(
                max(d + 1, least), least, ways, points, num_outcomes, farkle_ways, scale,
                next_dice, bank, choose, mass, ends,
            )  # fmt: skip
            for rc in range(rounds.shape[1]):
                for e in range(0 if wide == 1 else 1, wide):
                    round_values(ends, d, e, final[rc], rounds[rb, rc, d, e])
