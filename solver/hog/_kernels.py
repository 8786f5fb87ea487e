"""Numba kernels of the Hog solver: one backward pass over decreasing score sums.

Private: :mod:`solver.hog.solve` allocates the arrays, validates and calls these. States are
``(s, o, f, a, b)`` as in :mod:`solver.games.hog`; actions are stored as numbers of dice.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit, prange


@njit(cache=True)
def _accumulate(
    vals, idx, q, points, bonus, s, o, f_next, goal, swap_double, v_next
):  # pragma: no cover
    """Add ``q`` times the mover's win probability after scoring ``points`` to ``vals[idx]``."""
    num_prev = v_next.shape[3]
    roller = s + points + bonus
    other = o
    if swap_double:
        swapped = roller == 2 * other or other == 2 * roller
    else:
        swapped = abs(roller % 10 - other % 10) == other // 10 % 10
    if swapped:
        roller, other = other, roller
    if roller >= goal:
        for b in range(num_prev):
            vals[idx, b] += q
    elif other < goal:
        prev = min(points, num_prev - 1)
        for b in range(num_prev):
            vals[idx, b] += q * (1.0 - v_next[other, roller, f_next, b, prev])


@njit(cache=True, parallel=True)
def sweep(
    goal,
    roll_p,
    bacon,
    swap_double,
    wild_every,
    pork,
    feral_gap,
    feral_bonus,
    v_a,
    pol_a,
    fixed_a,
    v_b,
    pol_b,
    fixed_b,
    same,
    tie,
):  # pragma: no cover - compiled
    """Fill ``v_a``/``v_b`` (and the free seats' policies) from the highest score sum down.

    Seat A's values read seat B's at the next state and vice versa; ``same`` means one
    maximising player in both seats (``v_b is v_a``). A fixed seat plays ``pol``; a free seat
    takes the fewest dice whose value is within ``tie`` of the best.

    Every turn scores a point or more, so the states of one score sum read only higher sums:
    they are filled in parallel, each from its own buffers (the values do not depend on the
    threads).
    """
    flags = v_a.shape[2]
    num_prev = v_a.shape[3]
    fewest = -1 if pork else 0
    num_actions = 11 - fewest
    num_points = roll_p.shape[2]
    seats = 1 if same else 2
    for total in range(2 * goal - 2, -1, -1):
        wild = 1 if wild_every > 0 and total % wild_every == 0 else 0
        lowest = max(0, total - goal + 1)
        for k in prange(min(total, goal - 1) + 1 - lowest):
            s = lowest + k
            o = total - s
            vals = np.zeros((num_actions, num_prev))
            need = np.zeros(num_actions, np.bool_)
            for seat in range(seats):
                if seat == 0:
                    v_me, pol_me, fixed, v_next = v_a, pol_a, fixed_a, v_b
                else:
                    v_me, pol_me, fixed, v_next = v_b, pol_b, fixed_b, v_a
                for f in range(flags):
                    for a in range(num_prev):
                        for idx in range(num_actions):
                            need[idx] = not fixed
                        if fixed:
                            for b in range(num_prev):
                                need[pol_me[s, o, f, a, b] - fewest] = True
                        vals[:, :] = 0.0
                        for idx in range(num_actions):
                            if not need[idx]:
                                continue
                            n = idx + fewest
                            bonus = feral_bonus if feral_gap > 0 and abs(n - a) == feral_gap else 0
                            if n == -1:
                                _accumulate(
                                    vals, idx, 1.0, 1, bonus, s, o, 1 - f, goal, swap_double, v_next
                                )
                            elif n == 0:
                                _accumulate(
                                    vals,
                                    idx,
                                    1.0,
                                    bacon[o],
                                    bonus,
                                    s,
                                    o,
                                    f,
                                    goal,
                                    swap_double,
                                    v_next,
                                )
                            else:
                                row = 2 * f + wild
                                for p in range(num_points):
                                    q = roll_p[row, n, p]
                                    if q > 0.0:
                                        _accumulate(
                                            vals,
                                            idx,
                                            q,
                                            p,
                                            bonus,
                                            s,
                                            o,
                                            f,
                                            goal,
                                            swap_double,
                                            v_next,
                                        )
                        for b in range(num_prev):
                            if fixed:
                                choice = pol_me[s, o, f, a, b] - fewest
                            else:
                                best = vals[0, b]
                                for idx in range(1, num_actions):
                                    best = max(best, vals[idx, b])
                                choice = 0
                                while vals[choice, b] < best - tie:
                                    choice += 1
                                pol_me[s, o, f, a, b] = choice + fewest
                            v_me[s, o, f, a, b] = vals[choice, b]
