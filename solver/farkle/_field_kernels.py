"""Numba kernels of N fixed Farkle players: each score vector's cycle of N turns, closed exactly.

``values[m, s, p]`` is seat ``p``'s chance when seat ``m`` is to move at the start of a turn,
``s`` the flat index of the scores by seat (units, ``sum(s_k * G**(N - 1 - k))``). A seat plays
by turn laws (:mod:`solver.farkle.laws`): a turn seat's, found once (``wins``, ``farkles``,
``banks``, one column), or the optimal seat's, from the ``N``-player table ``table`` (flat, the
mover's frame) and its ``coins`` (-1: pure), found once at every frame (:func:`guided_laws`)
or, where they would take too much memory, at each score vector as it is solved. The turn
comes as the arrays of :class:`solver.farkle.turn.Turn`, ``ways ... next_dice`` below.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.farkle._orbit_kernels import passed
from pigsolve.solver.farkle._policy_kernels import GUIDED, _turn_law, law_start
from pigsolve.solver.jit import njit, prange

CHUNKS = 64
"""Parallel strides of a layer."""
_NO_BANK = np.zeros((1, 1), np.bool_)  # a turn player's and a user's arrays, unread
_NO_CHOOSE = np.zeros((1, 1, 1), np.int64)
_NO_ROWS = np.full((1, 1, 1, 1), -1, np.int64)
_NO_MOVES = np.zeros((1, 4), np.int64)


@njit(cache=True)
def _guided_law(
    table, coins, frame, i, nudge, min_bank, entry,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, scratch,
):  # fmt: skip  # pragma: no cover
    """Return ``(win, farkle)`` of the optimal mover at the flat ``frame`` (its score ``i``) and
    leave its bank law in ``scratch[3]`` from ``law_start(G, 1, i, 0)``: the table's
    turn programme on the mover's own chances after each bank and a farkle (a two-player guide's
    row 0), each side of a coin ``nudge`` from its breakpoint, weighed by the coin."""
    guide, win, farkle, law, mass, gvalue, gslope, groll, mixed, no_last, no_reach = scratch
    goal, players = guide.shape[0], table.shape[1]
    start = law_start(goal, 1, i, 0)
    for u in range(1, goal - i):
        guide[0, i + u] = 1.0 - table[passed(frame, i, goal, players, u), players - 1]
        mixed[u] = 0.0
    x = table[passed(frame, i, goal, players, 0), players - 1]
    q = coins[frame]
    won = lost = 0.0
    for k in range(1 if q < 0 else 2):
        side = 0.0 if q < 0 else 1.0 - 2.0 * k  # +1: the policy best above, played with q
        weight = 1.0 if q < 0 else (q if k == 0 else 1.0 - q)
        guide[0, i] = 1.0 - (x + side * nudge)
        law[start : start + goal - 1 - i] = 0.0
        _turn_law(
            i, 0, 0, min_bank, entry, goal, ways, points, num_outcomes, farkle_ways, scale,
            next_dice, GUIDED, guide, no_last, _NO_BANK, _NO_CHOOSE, _NO_ROWS, _NO_MOVES, win,
            farkle, law, no_reach, mass, gvalue, gslope, groll,
        )  # fmt: skip
        won += weight * win[i, 0]
        lost += weight * farkle[i, 0]
        for u in range(1, goal - i):
            mixed[u] += weight * law[start + u - 1]
    for u in range(1, goal - i):
        law[start + u - 1] = mixed[u]
    return won, lost


@njit(cache=True)
def scratch_of(goal, min_bank, dice, most):  # pragma: no cover
    """Return the buffers of :func:`_guided_law`: a guide, a one-column law, the turn's, and
    the last round's arrays, zeros (no last round with more than two players); ``most``: the
    most points of one keep."""
    size = max(goal, min_bank)
    return (
        np.zeros((goal, goal)),
        np.zeros((goal, 1)),
        np.zeros((goal, 1)),
        np.zeros(goal * (goal - 1) // 2),
        np.empty((size, dice + 1)),
        np.empty((size, dice + 1)),
        np.empty((size, dice + 1)),
        np.empty((size, dice + 1)),
        np.zeros(goal),
        np.zeros((2, 2 * goal + min_bank + most + 2)),
        np.zeros((goal, 1, 0)),
    )


@njit(cache=True, parallel=True)
def guided_laws(
    table, coins, nudge, min_bank, entry,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, win, farkle, law,
):  # fmt: skip  # pragma: no cover
    """Write the optimal mover's law at every frame (:func:`_guided_law`) as
    :class:`solver.farkle.laws.TurnLaws` with one column per frame of the others' scores:
    ``win[i, r]``, ``farkle[i, r]``, the bank vector at ``law_start(G, G**(N-1), i, r)``."""
    goal, cols = win.shape
    for chunk in prange(CHUNKS):
        scratch = scratch_of(goal, min_bank, next_dice.shape[0], points.max())
        for frame in range(chunk, goal * cols, CHUNKS):
            i, r = frame // cols, frame % cols
            win[i, r], farkle[i, r] = _guided_law(
                table, coins, frame, i, nudge, min_bank, entry,
                ways, points, num_outcomes, farkle_ways, scale, next_dice, scratch,
            )  # fmt: skip
            start, found = law_start(goal, cols, i, r), law_start(goal, 1, i, 0)
            law[start : start + goal - 1 - i] = scratch[3][found : found + goal - 1 - i]


@njit(cache=True)
def _state(
    values, index, guided, wins, farkles, banks, reaches, rounds, table, coins, kept, nudge,
    min_bank, entry, ways, points, num_outcomes, farkle_ways, scale, next_dice, scratch, scores,
    base, f,
):  # fmt: skip  # pragma: no cover
    """Solve the score vector ``index``: each seat's turn ``V_m = A_m + f_m V_{m+1}`` (a bank
    reaches a higher sum, solved; with the last round a bank to ``G + e``, ``reaches[m, i,
    e]``, is worth the last round ``rounds[m]`` by the needs), the cycle closed at seat 0,
    then the others backwards. The optimal seats' laws are ``kept`` (:func:`guided_laws`),
    else found here."""
    players = values.shape[0]
    goal = scratch[0].shape[0]
    cols = goal ** (players - 1)
    for k in range(players):
        scores[k] = (index // goal ** (players - 1 - k)) % goal
    for m in range(players):
        i = scores[m]
        following = (m + 1) % players
        if guided[m]:
            frame = 0
            for k in range(players):
                frame = frame * goal + scores[(m + k) % players]
            if kept[0].shape[1] == cols:
                won, lost = kept[0][i, frame - i * cols], kept[1][i, frame - i * cols]
                laws, start = kept[2], law_start(goal, cols, i, frame - i * cols)
            else:
                won, lost = _guided_law(
                    table, coins, frame, i, nudge, min_bank, entry,
                    ways, points, num_outcomes, farkle_ways, scale, next_dice, scratch,
                )  # fmt: skip
                laws, start = scratch[3], law_start(goal, 1, i, 0)
        else:
            won, lost = wins[m, i], farkles[m, i]
            laws, start = banks[m], law_start(goal, 1, i, 0)
        base[m] = 0.0
        base[m, m] = won
        step = goal ** (players - 1 - m)
        for u in range(1, goal - i):
            chance = laws[start + u - 1]
            if chance != 0.0:
                base[m] += chance * values[following, index + u * step]
        for e in range(reaches.shape[2]):
            if reaches[m, i, e] != 0.0:
                _last_round(base[m], reaches[m, i, e], rounds[m], m, goal + e, scores)
        f[m] = lost
    v0 = base[0].copy()
    product = 1.0
    for m in range(1, players):
        product *= f[m - 1]
        v0 += product * base[m]
    product *= f[players - 1]
    v0 /= 1.0 - product
    values[0, index] = v0
    for m in range(players - 1, 0, -1):
        values[m, index] = base[m] + f[m] * values[(m + 1) % players, index]


@njit(cache=True, inline="always")
def _last_round(base, chance, rounds, m, a, scores):  # pragma: no cover
    """Add to ``base`` (by seat) the last round after seat ``m`` banks to ``a`` with
    ``chance``: ``rounds[b > 0, c > 0, a - b, a - c]``, ``b`` and ``c`` the next seats'
    scores (two players: ``c`` none), the banker's chance first."""
    players = scores.shape[0]
    b = scores[(m + 1) % players]
    if players == 2:
        found = rounds[int(b > 0), 0, a - b, 0]
    else:
        c = scores[(m + 2) % players]
        found = rounds[int(b > 0), int(c > 0), a - b, a - c]
    for k in range(players):
        base[(m + k) % players] += chance * found[k]


@njit(cache=True, parallel=True)
def evaluate_layer(
    values, layer, guided, wins, farkles, banks, reaches, rounds, table, coins, kept, nudge,
    min_bank, entry, ways, points, num_outcomes, farkle_ways, scale, next_dice,
):  # fmt: skip  # pragma: no cover
    """Solve the score vectors ``layer`` (one score sum; every higher sum solved) in parallel;
    ``kept``: the optimal seats' laws (:func:`guided_laws`), or a one-column placeholder."""
    players, goal = values.shape[0], wins.shape[1]
    count = layer.shape[0]
    for chunk in prange(CHUNKS):
        scratch = scratch_of(goal, min_bank, next_dice.shape[0], points.max())
        scores = np.empty(players, np.int64)
        base = np.empty((players, players))
        f = np.empty(players)
        for q in range(chunk, count, CHUNKS):
            _state(
                values, layer[q], guided, wins, farkles, banks, reaches, rounds, table, coins,
                kept, nudge, min_bank, entry, ways, points, num_outcomes, farkle_ways, scale,
                next_dice, scratch, scores, base, f,
            )  # fmt: skip


@njit(cache=True)
def last_turn_ends(
    top, least, ways, points, num_outcomes, farkle_ways, scale, next_dice, bank, choose, mass,
    ends,
):  # fmt: skip  # pragma: no cover
    """Fill ``ends[t]`` with the chance that a last turn played by ``bank, choose`` (a turn
    player's arrays, or the optimal rows of one key) banks the total ``t``, by a forward pass:
    it banks where allowed (``t > 0``, ``t >= least``) and ``bank[t, n]`` says (from its last
    row on: banks), and from ``top`` on; the rest of the mass farkles."""
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
def round_values(ends, d, e, final, out):  # pragma: no cover
    """Write ``out``: the banker's, the middle turn's and the final turn's chances when the
    middle turn needs ``d`` units to tie the banker and ends at ``ends``
    (:func:`last_turn_ends`), the final turn needing ``e`` to tie the banker and
    ``final[need, ties - 1]`` its (above, level) against the best other score; level shares
    (1/2, 1/3). With two players (``out`` of 2) the middle turn is the last."""
    out[:] = 0.0
    banked = ends[d + 1 :].sum() if ends.shape[0] > d + 1 else 0.0
    level = ends[d] if ends.shape[0] > d else 0.0
    below = 1.0 - banked - level
    if out.shape[0] == 2:  # the last turn is the final one
        out[1] = banked + level / 2.0
        out[0] = below + level / 2.0
        return
    above, tie = final[e, 0]
    out[0] += below * (1.0 - above - tie / 2.0)
    out[2] += below * (above + tie / 2.0)
    above, tie = final[e, 1]
    out[0] += level * ((1.0 - above - tie) / 2.0 + tie / 3.0)
    out[1] += level * ((1.0 - above - tie) / 2.0 + tie / 3.0)
    out[2] += level * (above + tie / 3.0)
    for t in range(d + 1, ends.shape[0]):
        if ends[t] != 0.0:
            above, tie = final[e + t - d, 0]
            out[1] += ends[t] * (1.0 - above - tie / 2.0)
            out[2] += ends[t] * (above + tie / 2.0)


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
