"""Numba kernels of fixed Farkle players: their turns' laws and the exact evaluation.

A player comes as ``kind, guide, bank, choose, rows, moves``
(:class:`solver.farkle.policy.FarklePolicy`),
the turn as the arrays of :class:`solver.farkle.turn.Turn` (``ways, points, num_outcomes,
farkle_ways, scale, next_dice``), both always in that order, a turn's law as ``win, farkle,
law`` (:class:`solver.farkle.laws.TurnLaws`). :func:`_turn_law` is one turn's law by a forward
pass, :func:`_laws` (:func:`_laws_parallel`) every one a player has; :func:`_evaluate_sums`
solves the score sums from the highest down, each ordered pair a 2 x 2 linear system
(:mod:`solver.farkle.evaluate`); :func:`max_score_tables` is the expected-points programme. The
games are played by :mod:`solver.farkle._simulate_kernels`.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.farkle._kernels import ONE_KEEP, bank_value, keep_values
from pigsolve.solver.jit import njit, prange

GUIDED = 1  # solver.farkle.policy.GUIDED (numba freezes it)
USER = 2  # solver.farkle.policy.USER


@njit(cache=True)
def guided_turn(
    guide, i, j, min_bank, entry, cap, last, lesser,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, gvalue, gslope, groll,
):  # fmt: skip  # pragma: no cover
    """Fill ``gvalue``, ``gslope``, ``groll`` with the turn at ``(i, j)`` of the player guided
    by the start values ``guide`` (its own optimal table): a farkle worth ``1 - guide[j, i]``,
    a bank reaching the goal worth ``1 - last[lead]`` (zeros: no last round), the turn banking
    from ``cap`` on, at score 0 from ``entry`` only, weighing the keeps ``lesser``
    (:func:`solver.farkle._kernels.keep_values`)."""
    keep_values(
        guide, i, j, 1.0 - guide[j, i], min_bank, entry, cap, last, lesser,
        ways, points, num_outcomes, farkle_ways, scale, next_dice, gvalue, gslope, groll,
    )  # fmt: skip


@njit(cache=True, inline="always")
def _guided_left(
    guide, glast, lesser, i, j, t, n, k, top, points, next_dice, gvalue
):  # pragma: no cover
    """Return the dice left and the points of the guide's best option (fewest dice left, then
    the most points, at a tie; the keeps ``lesser`` as :func:`~solver.farkle._kernels.keep_values`
    weighs them)."""
    best = -1.0
    chosen = chosen_gain = -1
    keeps = lesser.shape[3] + 1 if lesser.shape[0] > 1 else 1
    for left in range(n):
        for q in range(keeps):
            gain = points[n, k, left] if q == 0 else lesser[n, k, left, q - 1]
            if gain < 0:
                break
            u = t + gain
            m = next_dice[left]
            v = bank_value(guide, i, j, u, glast) if m == 0 or u >= top else gvalue[u, m]
            if v > best:
                best = v
                chosen, chosen_gain = left, gain
    return chosen, chosen_gain


@njit(cache=True, inline="always")
def _banks(kind, guide, glast, bank, i, j, t, n, groll):  # pragma: no cover
    """Return True if the player banks at ``(i, j, t, n)`` where banking is allowed, ``t`` below
    the total that must bank (the guide's rows filled for ``(i, j)``)."""
    if kind == GUIDED:
        return bank_value(guide, i, j, t, glast) >= groll[t, n]
    if t >= bank.shape[0]:
        return True
    return bank[t, n]


@njit(cache=True, inline="always")
def _left(
    kind, guide, glast, lesser, choose, i, j, t, n, k, top, points, next_dice, gvalue
):  # pragma: no cover
    """Return the dice left and the points the player keeps after outcome ``k`` of ``n`` dice
    at ``t``."""
    if kind == GUIDED:
        return _guided_left(guide, glast, lesser, i, j, t, n, k, top, points, next_dice, gvalue)
    left = choose[min(t, choose.shape[0] - 1), n, k]
    return left, points[n, k, left]


@njit(cache=True)
def law_start(goal, cols, i, col):  # pragma: no cover
    """Return where the bank vector of the mover at score ``i``, column ``col`` of ``cols``,
    starts in a flat law: the scores ``i`` one after another, each ``cols`` vectors of
    ``goal - 1 - i`` entries (the bank of ``u = 1 .. goal - 1 - i`` units)."""
    return (i * (goal - 1) - i * (i - 1) // 2) * cols + col * (goal - 1 - i)


@njit(cache=True, inline="always")
def _banked(law, reach, start, i, col, u, mass, goal):  # pragma: no cover
    """Add ``mass`` banking ``u`` at score ``i`` to the law's vector at ``start``, or from the
    goal on to ``reach[i, col, i + u - goal]`` (the last round); return the part that wins at
    once instead (from the goal on without the last round: ``reach`` has no third axis)."""
    if i + u >= goal:
        if reach.shape[2] == 0:
            return mass
        reach[i, col, i + u - goal] += mass
        return 0.0
    law[start + u - 1] += mass
    return 0.0


@njit(cache=True)
def _turn_law(
    i, j, col, min_bank, entry, cap, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind, guide, glast, lesser, bank, choose, rows, moves, win, farkle, law, reach, mass,
    gvalue, gslope, groll,
):  # fmt: skip  # pragma: no cover
    """Write the law of the turn at ``(i, j)`` into column ``col``: ``win[i, col]``,
    ``farkle[i, col]``, the bank vector (:func:`law_start`) and with the last round the banks
    reaching the goal, ``reach[i, col]``, by one forward pass of the turn's probability mass
    from ``(t, n) = (0, D)`` through rising turn totals under the player's decisions (a guided
    player's turn programme run first, up to ``cap``, its bank at the goal worth
    ``1 - glast[min(j, 1), lead]``, the opponent's last turn at 0 or on the board; weighing the
    keeps ``lesser``, :func:`guided_turn`). ``mass``
    needs ``max(cap, min_bank)`` rows and ``D + 1`` columns, as the guided buffers do."""
    if kind == GUIDED:
        guided_turn(
            guide, i, j, min_bank, entry, cap, glast[min(j, 1)], lesser,
            ways, points, num_outcomes, farkle_ways, scale, next_dice, gvalue, gslope, groll,
        )  # fmt: skip
    forward_law(
        i, j, col, min_bank, entry, cap, ways, points, num_outcomes, farkle_ways, scale,
        next_dice, kind, guide, glast[min(j, 1)], lesser, bank, choose, rows, moves, win, farkle,
        law, reach, mass, gvalue, groll,
    )  # fmt: skip


@njit(cache=True)
def forward_law(
    i, j, col, min_bank, entry, cap, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind, guide, glast, lesser, bank, choose, rows, moves, win, farkle, law, reach, mass, gvalue,
    groll,
):  # fmt: skip  # pragma: no cover
    """The forward pass of :func:`_turn_law`, a guided player's turn programme (``gvalue``,
    ``groll``, on the bank table ``guide``) already run. A guided player's turn banks from
    ``cap`` on (the goal, or with the last round the ceiling), any other's from the goal; at
    score 0 none banks below ``entry``."""
    goal = win.shape[0]
    dice = next_dice.shape[0]
    top = max((cap if kind == GUIDED else goal) - i, min_bank)
    least = entry if i == 0 else min_bank
    start = law_start(goal, win.shape[1], i, col)
    mass[:top] = 0.0
    mass[0, dice] = 1.0
    won = 0.0
    lost = 0.0
    for t in range(top):
        can_bank = t > 0 and t >= least and kind != USER
        for n in range(1, dice + 1):
            p = mass[t, n]
            if p == 0.0:
                continue
            if can_bank and _banks(kind, guide, glast, bank, i, j, t, n, groll):
                won += _banked(law, reach, start, i, col, t, p, goal)
                continue
            p /= scale[n]
            lost += p * farkle_ways[n]
            if kind == USER:  # rows of (ways, gain, dice, ends), a row of zeros after the last
                row = rows[i, j, t, n]
                while moves[row, 0] > 0:
                    u, m, w = t + moves[row, 1], moves[row, 2], p * moves[row, 0]
                    if u >= top or moves[row, 3]:  # the turn banks (after the keep)
                        won += _banked(law, reach, start, i, col, u, w, goal)
                    else:
                        mass[u, m] += w
                    row += 1
                continue
            for k in range(num_outcomes[n]):
                left, gain = _left(
                    kind, guide, glast, lesser, choose, i, j, t, n, k, top, points, next_dice,
                    gvalue,
                )  # fmt: skip
                u, m, w = t + gain, next_dice[left], p * ways[n, k]
                if m == 0 or u >= top:  # every die kept without hot dice, or the top: banks
                    won += _banked(law, reach, start, i, col, u, w, goal)
                else:
                    mass[u, m] += w
    win[i, col] = won
    farkle[i, col] = lost


@njit(cache=True)
def _laws_of_score(
    i, min_bank, entry, cap, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind, guide, glast, bank, choose, rows, moves, win, farkle, law, reach,
):  # fmt: skip  # pragma: no cover
    """Write the laws of the mover at score ``i``: against every opponent's score ``j``, or
    once (column 0) for a player whose decisions ignore the scores."""
    size = max(win.shape[0], cap, min_bank)
    dice = next_dice.shape[0]
    mass = np.empty((size, dice + 1))
    gvalue = np.empty((size, dice + 1))
    gslope = np.empty((size, dice + 1))
    groll = np.empty((size, dice + 1))
    for col in range(win.shape[1]):
        _turn_law(
            i, col, col, min_bank, entry, cap, ways, points, num_outcomes, farkle_ways, scale,
            next_dice, kind, guide, glast, ONE_KEEP, bank, choose, rows, moves, win, farkle, law,
            reach, mass, gvalue, gslope, groll,
        )  # fmt: skip


@njit(cache=True)
def _laws(
    min_bank, entry, cap, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind, guide, glast, bank, choose, rows, moves, win, farkle, law, reach,
):  # fmt: skip  # pragma: no cover
    """Write the player's laws (:func:`_laws_of_score`) score after score."""
    for i in range(win.shape[0]):
        _laws_of_score(
            i, min_bank, entry, cap, ways, points, num_outcomes, farkle_ways, scale, next_dice,
            kind, guide, glast, bank, choose, rows, moves, win, farkle, law, reach,
        )  # fmt: skip


@njit(cache=True, parallel=True)
def _laws_parallel(
    min_bank, entry, cap, ways, points, num_outcomes, farkle_ways, scale, next_dice,
    kind, guide, glast, bank, choose, rows, moves, win, farkle, law, reach,
):  # fmt: skip  # pragma: no cover
    """:func:`_laws` with the scores in parallel (each writes its own rows)."""
    for i in prange(win.shape[0]):
        _laws_of_score(
            i, min_bank, entry, cap, ways, points, num_outcomes, farkle_ways, scale, next_dice,
            kind, guide, glast, bank, choose, rows, moves, win, farkle, law, reach,
        )  # fmt: skip


@njit(cache=True)
def _turn_value(win, farkle, law, reach, i, j, other, other_last):  # pragma: no cover
    """Return ``(a, f)``: the mover's chance at ``(i, j)`` is ``a + f c`` when a farkle is
    worth ``c``, banking ``u`` worth ``1 - other[j, i + u]`` (``other`` the opponent's chances
    when it moves) and with the last round reaching the goal by ``e`` worth
    ``1 - other_last[min(j, 1), goal + e - j]`` (the opponent's last turn needing that lead to
    tie, at 0 or on the board)."""
    goal = other.shape[0]
    col = min(j, win.shape[1] - 1)
    start = law_start(goal, win.shape[1], i, col)
    a = win[i, col]
    for u in range(1, goal - i):
        a += law[start + u - 1] * (1.0 - other[j, i + u])
    for e in range(reach.shape[2]):
        a += reach[i, col, e] * (1.0 - other_last[min(j, 1), goal + e - j])
    return a, farkle[i, col]


@njit(cache=True)
def _evaluate_sums(
    x_a, x_b, win_a, farkle_a, law_a, reach_a, last_a, win_b, farkle_b, law_b, reach_b, last_b
):  # pragma: no cover
    """Fill ``x_a`` and ``x_b`` by score sums from the highest down, each ordered pair the 2 x 2
    system ``x = a + f (1 - y)``, ``y = b + g (1 - x)`` of the two turns' laws (``last_a``,
    ``last_b``: each player's chance in its last turn by the lead to tie)."""
    goal = x_a.shape[0]
    for s in range(2 * goal - 2, -1, -1):
        for i in range(max(0, s - goal + 1), min(s, goal - 1) + 1):
            j = s - i
            a, f = _turn_value(win_a, farkle_a, law_a, reach_a, i, j, x_b, last_b)
            b, g = _turn_value(win_b, farkle_b, law_b, reach_b, j, i, x_a, last_a)
            x = (a + f - f * (b + g)) / (1.0 - f * g)
            x_a[i, j] = x
            x_b[j, i] = b + g * (1.0 - x)


@njit(cache=True)
def max_score_tables(
    min_bank, ways, points, num_outcomes, farkle_ways, scale, next_dice, expected, bank, choose
):  # pragma: no cover
    """Fill the expected-points programme for the totals below ``expected.shape[0]`` (from
    there on ``E(t, n) = t``): ``expected[t, n]``, ``bank[t, n]``, ``choose[t, n, k]``."""
    cap = expected.shape[0]
    dice = next_dice.shape[0]
    for t in range(cap - 1, -1, -1):
        can_bank = t > 0 and t >= min_bank
        for n in range(1, dice + 1):
            total = 0.0
            for k in range(num_outcomes[n]):
                best = -1.0
                for left in range(n):
                    gain = points[n, k, left]
                    if gain < 0:
                        continue
                    u = t + gain
                    m = next_dice[left]
                    v = float(u) if m == 0 or u >= cap else expected[u, m]
                    if v > best:
                        best = v
                        choose[t, n, k] = left
                total += ways[n, k] * best
            rolled = total / scale[n]
            bank[t, n] = can_bank and t >= rolled
            expected[t, n] = t if bank[t, n] else rolled
