"""Numba kernels of the exact evaluation of fixed Pig players and of the best response.

Private (see :mod:`solver.pig.evaluation.evaluate` and :mod:`solver.pig.best_response`): plain loops
over arrays that write into arrays the caller allocates. Imported only on computing paths.

Two kinds of kernel, one for the general case and a fast path:

- any number of players (:func:`evaluate_layer`): scores are absolute (seat order) in
  ``values[m, flat(s), j]``, seat ``j``'s win probability when seat ``m`` is to move at turn
  total 0. A seat's player sees its *frame*: its own score, then the next seats' in the order
  they move. ``seats`` is the tuple of :func:`solver.pig.seat_policy.pack_seats`; ``tally`` the roll
  in counts of a fair draw, :func:`solver.games.pig.roll_counts` (no resets: two players'
  take the pair);
- two threshold tables (:func:`evaluate_pair`), which may count their held turns: the 2x2
  system per pair of scores, about 20 times faster at goal 100; with resets, the values after
  a reset are given (the fixed point of :func:`solver.pig.evaluation.pair.evaluate_tables`), and
  :func:`greedy_tables` turns a greedy seat into such a table.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit, prange
from pigsolve.solver.pig._kernels.indexing import decode, flat_index
from pigsolve.solver.pig._kernels.rows import greedy
from pigsolve.solver.pig.seat_policy import BEST, EXPLICIT, THRESHOLD
from pigsolve.solver.pig.tolerances import ROUNDING, TIE

MAX_ITERATIONS = 100
"""A best-response row not settled after this many linear solves is reported unsettled."""


@njit(cache=True)
def _turn_affine(roll, score, hold_next, tally, unit, restart, alpha, beta):
    """Return (alpha_0, beta_0) with W(k=0) = alpha_0 + beta_0 * y for one fixed turn.

    ``roll[k]`` is the mover's action at turn total k, ``hold_next[score + k]`` the opponent's
    k = 0 win probability after the mover banks k, y the opponent's k = 0 win probability
    after a pig (same scores) and ``restart`` after a reset (the mover's score 0; at score 0 a
    reset is a pig). ``tally`` is :func:`solver.games.pig.roll_counts`'s, ``unit``
    true when every gain counts 1 (Pig's die). ``alpha`` and ``beta`` are work buffers of
    length >= goal - score.
    """
    gains, counts, pigs, resets, size = tally
    goal = roll.shape[0]
    inv_size = 1.0 / size
    ends = pigs + resets if score == 0 else pigs  # the count of y
    constant = ends if score == 0 else pigs + resets * (1.0 - restart)
    for k in range(goal - 1 - score, -1, -1):
        if k == 0 or roll[k]:
            a = constant
            b = -ends
            for t in range(gains.shape[0]):
                r = gains[t]
                if score + k + r >= goal:
                    a += counts[t]
                elif unit:
                    a += alpha[k + r]
                    b += beta[k + r]
                else:
                    a += counts[t] * alpha[k + r]
                    b += counts[t] * beta[k + r]
            alpha[k] = a * inv_size
            beta[k] = b * inv_size
        else:
            alpha[k] = 1.0 - hold_next[score + k]
            beta[k] = 0.0
    return alpha[0], beta[0]


@njit(cache=True)
def evaluate_pair(roll_x, roll_y, tally, restart_x, restart_y, w_x, w_y):
    """Fill the k = 0 win probabilities of X-to-move and Y-to-move states, layer by layer.

    Serial on purpose: the pairs of one layer are independent, but a layer holds at most G
    pairs of O(G D) work, and one thread barrier per layer (2G - 1 of them) cost more than the
    work itself: a goal-100 comparison took 3 ms serial and 0.1-0.9 s with ``prange`` on two
    shared cores.

    Parameters
    ----------
    roll_x, roll_y : ndarray(bool, ndim=4)
        Roll tables ``[t, i, j, k]`` of shapes (m_x, G, G, G) and (m_y, G, G, G).
    tally
        The roll, as :func:`solver.games.pig.roll_counts` gives it.
    restart_x : ndarray(float64, shape=(G, m_y, m_x))
        ``[j, b, a]``: Y's win probability to move at (j, 0) after X's reset (read only if a
        reset can happen); ``restart_y[i, a, b]`` the same for X after Y's reset.
    w_x : ndarray(float64, shape=(G, G, m_x, m_y))
        Output: ``w_x[i, j, a, b]``, probability that X (score i, held turns a) wins moving first
        at turn total 0 against Y (score j, held turns b).
    w_y : ndarray(float64, shape=(G, G, m_y, m_x))
        Output: ``w_y[j, i, b, a]``, the same for Y to move.
    """
    goal = w_x.shape[0]
    m_x = w_x.shape[2]
    m_y = w_x.shape[3]
    alpha = np.empty(goal)
    beta = np.empty(goal)
    resets = tally[3] > 0.0
    unit = (tally[1] == 1.0).all()
    for s in range(2 * goal - 2, -1, -1):
        i_lo = max(0, s - goal + 1)
        i_hi = min(s, goal - 1)
        num_tasks = (i_hi - i_lo + 1) * m_x * m_y
        for task in range(num_tasks):
            i = i_lo + task // (m_x * m_y)
            a = (task // m_y) % m_x
            b = task % m_y
            j = s - i
            a_next = min(a + 1, m_x - 1)
            b_next = min(b + 1, m_y - 1)
            after_x = restart_x[j, b, a] if resets else 0.0
            after_y = restart_y[i, a, b] if resets else 0.0
            alpha_x, beta_x = _turn_affine(
                roll_x[a, i, j], i, w_y[j, :, b, a_next], tally, unit, after_x, alpha, beta
            )
            alpha_y, beta_y = _turn_affine(
                roll_y[b, j, i], j, w_x[i, :, a, b_next], tally, unit, after_y, alpha, beta
            )
            # x = alpha_x + beta_x y and y = alpha_y + beta_y x; |beta| < 1 since a roll can win.
            x = (alpha_x + beta_x * alpha_y) / (1.0 - beta_x * beta_y)
            w_x[i, j, a, b] = x
            w_y[j, i, b, a] = alpha_y + beta_y * x


@njit(cache=True)
def greedy_tables(after, tally, roll):  # pragma: no cover
    """Fill ``roll[i, j, k]`` (two players) with the choices of a mover greedy on its own value
    ``after[i, j]`` at the start of the opponent's turn (scores i, j); return the changes.

    A pig leaves the mover at ``after[i, j]``, a reset at ``after[0, j]``, a hold of k at
    ``after[i + k, j]``; roll only if better by more than :data:`TIE`, as
    :func:`solver.pig._kernels.rows.greedy` does, over the whole table.
    """
    gains, counts, pigs, resets, size = tally
    goal = after.shape[0]
    own = np.empty(goal)
    changes = 0
    for i in range(goal):
        length = goal - i
        for j in range(goal):
            constant = pigs * after[i, j] + resets * after[0, j]
            for k in range(length - 1, -1, -1):
                rolled = constant
                for t in range(gains.shape[0]):
                    kk = k + gains[t]
                    rolled += counts[t] * (own[kk] if kk < length else 1.0)
                rolled /= size
                choice = True
                if k > 0:
                    held = after[i + k, j]
                    choice = rolled > held + TIE
                    if not choice:
                        rolled = held
                own[k] = rolled
                if roll[i, j, k] != choice:
                    changes += 1
                    roll[i, j, k] = choice
    return changes


@njit(cache=True)
def frame_of(scores, m, frame):  # pragma: no cover
    """Write into ``frame`` the scores seen from seat ``m``."""
    n = scores.shape[0]
    for t in range(n):
        frame[t] = scores[(m + t) % n]


@njit(cache=True)
def seat_choices(seats, m, frame, held, goal, tally, p, own):  # pragma: no cover
    """Fill ``p[:G - frame[0]]`` with the roll probabilities of seat ``m``'s player in its
    ``frame`` (``held``: its turns ended by a hold, for the threshold tables with memory)."""
    kinds, slots, thresholds, memory, after, mixed_index, mixed_k, mixed_q, packed = seats
    n = frame.shape[0]
    length = goal - frame[0]
    kind, slot = kinds[m], slots[m]
    p[0] = 1.0
    if kind == THRESHOLD:
        leader = frame[1]
        for t in range(2, n):
            leader = max(leader, frame[t])
        row = thresholds[slot, min(held, memory[slot] - 1), frame[0], leader]
        for k in range(1, length):
            p[k] = 1.0 if row[k] else 0.0
    elif kind == EXPLICIT:
        bits = packed[slot, flat_index(frame, goal)]
        for k in range(1, length):
            p[k] = float((bits[k >> 3] >> (k & 7)) & 1)
    else:
        f = flat_index(frame, goal)
        key = slot * goal**n + f
        mix_k, mix_q = -1, 0.0
        hit = np.searchsorted(mixed_index, key)
        if hit < mixed_index.shape[0] and mixed_index[hit] == key:
            mix_k, mix_q = mixed_k[hit], mixed_q[hit]
        table = after[slot]
        greedy(table, f, goal ** (n - 1), table[f], length, mix_k, mix_q, tally, p, own)


@njit(cache=True)
def turn(values, following, f, stride, length, m, p, mass, tally, b0):  # pragma: no cover
    """Return ``a0`` and write ``b0`` of mover ``m``'s turn at flat ``f``: ``V_m = a0 *
    V_following + b0`` (``V_following`` after a pig; the same scores; no resets here). ``tally``
    is :func:`solver.games.pig.roll_counts`'s.

    Forward over the turn totals: ``mass[k]`` is the probability of reaching ``k``; a hold at
    ``k`` reaches ``values[following, f + k * stride]`` (a higher score sum, solved).
    """
    gains, counts, pigs, _, size = tally
    n = b0.shape[0]
    mass[:length] = 0.0
    mass[0] = 1.0
    b0[:] = 0.0
    pig = 0.0
    for k in range(length):
        reach = mass[k]
        if reach == 0.0:
            continue
        q = p[k]
        if q > 0.0:
            share = q * reach / size
            pig += pigs * share
            for t in range(gains.shape[0]):
                kk = k + gains[t]
                if kk < length:
                    mass[kk] += counts[t] * share
                else:
                    b0[m] += counts[t] * share
        if q < 1.0:
            held = (1.0 - q) * reach
            h = f + k * stride
            for j in range(n):
                b0[j] += held * values[following, h, j]
    return pig


@njit(cache=True)
def cycle(a0, b0, out):  # pragma: no cover
    """Solve ``V[m] = a0[m] * V[m + 1] + b0[m]`` (m mod N, absolute seat order) into ``out``.

    Around the cycle ``V[0] = alpha V[0] + beta`` with ``alpha = prod a0 < 1``.
    """
    n = a0.shape[0]
    alpha = 1.0
    out[0, :] = 0.0
    for m in range(n):
        for j in range(n):
            out[0, j] += alpha * b0[m, j]
        alpha *= a0[m]
    for j in range(n):
        out[0, j] /= 1.0 - alpha
    for m in range(n - 1, 0, -1):
        for j in range(n):
            out[m, j] = a0[m] * out[(m + 1) % n, j] + b0[m, j]


@njit(cache=True)
def _vector(values, goal, f, seats, tally, decisions, work):  # pragma: no cover
    """Evaluate the N movers' start vectors at flat ``f``; return the linear solves (-1:
    the best response did not settle)."""
    scores, frame, p, own, mass, a0, b0, out, chosen = work
    n = scores.shape[0]
    decode(f, goal, scores)
    best = seats[0][0] == BEST
    for m in range(1 if best else 0, n):
        frame_of(scores, m, frame)
        seat_choices(seats, m, frame, 0, goal, tally, p, own)
        length = goal - scores[m]
        a0[m] = turn(values, (m + 1) % n, f, goal ** (n - 1 - m), length, m, p, mass, tally, b0[m])
    count = 1
    if best:
        count = _best_row(values, goal, f, scores, tally, work)
        row = decisions[f]
        row[:] = 0
        for k in range(goal - scores[0]):
            if chosen[k] > 0.5:
                row[k >> 3] |= np.uint8(1 << (k & 7))
    else:
        cycle(a0, b0, out)
    for m in range(n):
        values[m, f, :] = out[m]
    return count


@njit(cache=True)
def _best_row(values, goal, f, scores, tally, work):  # pragma: no cover
    """Policy iteration for the best response in seat 0 at ``f``: choose greedily at the pig
    value ``x``, solve the cycle, re-choose at the new ``x`` until the choices stand.

    The choices behind the solved values are left in ``chosen``; returns the solves (or -1).
    """
    _, _, p, own, mass, a0, b0, out, chosen = work
    length = goal - scores[0]
    stride = goal ** (scores.shape[0] - 1)
    mine = values[1, :, 0]  # seat 0's value at the start of seat 1's turn
    x = mine[f + stride] if scores[0] + 1 < goal else 0.5
    p[:length] = -1.0
    greedy(mine, f, stride, x, length, -1, 0.0, tally, p, own)
    for count in range(1, MAX_ITERATIONS + 1):
        a0[0] = turn(values, 1, f, stride, length, 0, p, mass, tally, b0[0])
        cycle(a0, b0, out)
        moved = abs(out[1, 0] - x)
        x = out[1, 0]
        chosen[:length] = p[:length]
        if greedy(mine, f, stride, x, length, -1, 0.0, tally, p, own) == 0 or moved <= ROUNDING:
            return count
    return -1


@njit(cache=True, parallel=True)
def evaluate_layer(
    values, goal, members, count, seats, tally, decisions, solves, chunks
):  # pragma: no cover
    """Evaluate the ``count`` score vectors of ``members`` (one score sum) in ``chunks`` strides;
    ``solves[o]`` gets each vector's linear solves (-1: unsettled)."""
    n = values.shape[2]
    for c in prange(chunks):
        work = (
            np.empty(n, np.int64),
            np.empty(n, np.int64),
            np.empty(goal),
            np.empty(goal),
            np.empty(goal),
            np.empty(n),
            np.empty((n, n)),
            np.empty((n, n)),
            np.empty(goal),
        )
        for o in range(c, count, chunks):
            solves[o] = _vector(values, goal, members[o], seats, tally, decisions, work)
