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
    table, coins, frame, i, nudge, min_bank, entry, cap, middle, lesser,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, scratch,
):  # fmt: skip  # pragma: no cover
    """Return ``(win, farkle)`` of the optimal mover at the flat ``frame`` (its score ``i``) and
    leave its bank law in ``scratch[3]`` from ``law_start(G, 1, i, 0)`` (with the last round
    its banks to ``G + e`` in ``scratch[10][i, 0, e]``): the table's turn programme on the
    mover's own chances after each bank and a farkle (a two-player guide's row 0), each side
    of a coin ``nudge`` from its breakpoint, weighed by the coin. With the last round
    (``middle``: the middle turn's vectors, :mod:`solver.farkle.last_round_three`) a bank to
    ``a >= G`` is worth the mover's part of ``middle[a - b, a - c]`` (two players: one minus
    the opponent's last turn, ``middle[min(b, 1), a - b, 0]``) and the turn banks from ``cap``
    (the ceiling) on, as the table's, weighing the keeps ``lesser`` as the table does
    (:func:`solver.farkle.last_round_three.orbit_banks`; a dummy: the most points only)."""
    guide, win, farkle, law, mass, gvalue, gslope, groll, mixed, glast, reach, mixed_reach = scratch
    goal, players = guide.shape[0], table.shape[1]
    start = law_start(goal, 1, i, 0)
    for u in range(1, goal - i):
        guide[0, i + u] = 1.0 - table[passed(frame, i, goal, players, u), players - 1]
        mixed[u] = 0.0
    mixed_reach[:] = 0.0
    if players == 2 and middle.shape[0] > 1:  # the opponent's last turn, ``last[row, lead]``
        b = frame % goal
        for a in range(goal, glast.shape[1]):
            glast[0, a] = middle[min(b, 1), a - b, 0] if a - b < middle.shape[1] else 0.0
    elif middle.shape[0] > 1:
        b, c = (frame // goal) % goal, frame % goal
        for a in range(goal, glast.shape[1]):
            inside = a - min(b, c) < middle.shape[0]
            glast[0, a] = 1.0 - middle[a - b, a - c, 2] if inside else 0.0
    x = table[passed(frame, i, goal, players, 0), players - 1]
    q = coins[frame]
    won = lost = 0.0
    for k in range(1 if q < 0 else 2):
        side = 0.0 if q < 0 else 1.0 - 2.0 * k  # +1: the policy best above, played with q
        weight = 1.0 if q < 0 else (q if k == 0 else 1.0 - q)
        guide[0, i] = 1.0 - (x + side * nudge)
        law[start : start + goal - 1 - i] = 0.0
        reach[i, 0] = 0.0
        _turn_law(
            i, 0, 0, min_bank, entry, cap, ways, points, num_outcomes, farkle_ways, scale,
            next_dice, GUIDED, guide, glast, lesser, _NO_BANK, _NO_CHOOSE, _NO_ROWS, _NO_MOVES,
            win, farkle, law, reach, mass, gvalue, gslope, groll,
        )  # fmt: skip
        won += weight * win[i, 0]
        lost += weight * farkle[i, 0]
        for u in range(1, goal - i):
            mixed[u] += weight * law[start + u - 1]
        mixed_reach += weight * reach[i, 0]
    for u in range(1, goal - i):
        law[start + u - 1] = mixed[u]
    reach[i, 0] = mixed_reach
    return won, lost


@njit(cache=True)
def scratch_of(goal, min_bank, dice, most, cap, width):  # pragma: no cover
    """Return the buffers of :func:`_guided_law`: a guide, a one-column law, the turn's, the
    last round's (the worth of a bank to the goal or past it, the banks there, ``width`` past
    the goal: none without); ``most``: the most points of one keep, ``cap`` where the turn
    banks."""
    size = max(cap, min_bank) + 1
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
        np.zeros((2, max(cap, goal) + goal + min_bank + most + 2)),
        np.zeros((goal, 1, width)),
        np.zeros(width),
    )


@njit(cache=True, parallel=True)
def guided_laws(
    table, coins, nudge, min_bank, entry, cap, middle, lesser,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, win, farkle, law, reach,
):  # fmt: skip  # pragma: no cover
    """Write the optimal mover's law at every frame (:func:`_guided_law`) as
    :class:`solver.farkle.laws.TurnLaws` with one column per frame of the others' scores:
    ``win[i, r]``, ``farkle[i, r]``, the bank vector at ``law_start(G, G**(N-1), i, r)``,
    ``reach[i, r]``."""
    goal, cols = win.shape
    for chunk in prange(CHUNKS):
        scratch = scratch_of(goal, min_bank, next_dice.shape[0], points.max(), cap, reach.shape[2])
        for frame in range(chunk, goal * cols, CHUNKS):
            i, r = frame // cols, frame % cols
            win[i, r], farkle[i, r] = _guided_law(
                table, coins, frame, i, nudge, min_bank, entry, cap, middle, lesser,
                ways, points, num_outcomes, farkle_ways, scale, next_dice, scratch,
            )  # fmt: skip
            start, found = law_start(goal, cols, i, r), law_start(goal, 1, i, 0)
            law[start : start + goal - 1 - i] = scratch[3][found : found + goal - 1 - i]
            reach[i, r] = scratch[10][i, 0]


@njit(cache=True)
def _state(
    values, index, guided, wins, farkles, banks, reaches, rounds, table, coins, kept, nudge,
    min_bank, entry, cap, middle, lesser, ways, points, num_outcomes, farkle_ways, scale,
    next_dice,
    scratch, scores, base, f,
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
                reach = kept[3][i, frame - i * cols]
            else:
                won, lost = _guided_law(
                    table, coins, frame, i, nudge, min_bank, entry, cap, middle, lesser,
                    ways, points, num_outcomes, farkle_ways, scale, next_dice, scratch,
                )  # fmt: skip
                laws, start = scratch[3], law_start(goal, 1, i, 0)
                reach = scratch[10][i, 0]
        else:
            won, lost = wins[m, i], farkles[m, i]
            laws, start = banks[m], law_start(goal, 1, i, 0)
            reach = reaches[m, i]
        base[m] = 0.0
        base[m, m] = won
        step = goal ** (players - 1 - m)
        for u in range(1, goal - i):
            chance = laws[start + u - 1]
            if chance != 0.0:
                base[m] += chance * values[following, index + u * step]
        for e in range(reach.shape[0]):
            if reach[e] != 0.0:
                _last_round(base[m], reach[e], rounds[m], m, goal + e, scores)
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
    min_bank, entry, cap, middle, lesser, ways, points, num_outcomes, farkle_ways, scale,
    next_dice,
):  # fmt: skip  # pragma: no cover
    """Solve the score vectors ``layer`` (one score sum; every higher sum solved) in parallel;
    ``kept``: the optimal seats' laws (:func:`guided_laws`), or a one-column placeholder."""
    players, goal = values.shape[0], wins.shape[1]
    count = layer.shape[0]
    for chunk in prange(CHUNKS):
        scratch = scratch_of(
            goal, min_bank, next_dice.shape[0], points.max(), cap, reaches.shape[2]
        )
        scores = np.empty(players, np.int64)
        base = np.empty((players, players))
        f = np.empty(players)
        for q in range(chunk, count, CHUNKS):
            _state(
                values, layer[q], guided, wins, farkles, banks, reaches, rounds, table, coins,
                kept, nudge, min_bank, entry, cap, middle, lesser, ways, points, num_outcomes,
                farkle_ways, scale, next_dice, scratch, scores, base, f,
            )  # fmt: skip
