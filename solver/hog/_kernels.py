"""Numba kernels of the Hog solver: one backward pass over decreasing score sums.

Private: :mod:`solver.hog.solve` allocates the arrays, validates and calls these. States are
``(s, o, f, a, b)`` as in :mod:`solver.games.hog`; actions are stored as numbers of dice. The
dice's turn scores come as lists (:func:`solver.hog.solve.turn_scores`), the rules as tables
(:func:`solver.hog.solve.rule_tables`): ``zero[s, o]`` the points of zero dice, ``after[t, o]``
the two scores after the after-turn rule when the mover reaches ``t``, ``extra[s, o]`` whether
the mover then moves again.

Besides ``v`` (the probability that the seat to move wins) each seat has ``e``, the probability
that the game never ends: 0 but where fixed players stall for ever (zero dice scoring 0).
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit, prange


@njit(cache=True)
def _next(points, bonus, s, o, f_next, b, goal, after, extra, nxt, again):  # pragma: no cover
    """Return the mover's chances to win and never to end after a turn of ``points`` (plus
    ``bonus``) from ``(s, o)``, the other's last turn having scored ``b``.

    ``nxt`` are the other seat's ``(v, e)``, ``again`` the mover's own (for an extra turn).
    """
    v_next, e_next = nxt
    v_again, e_again = again
    t = s + points + bonus
    roller, other = after[t, o, 0], after[t, o, 1]
    prev = min(points, v_next.shape[3] - 1)
    if roller >= goal:
        return 1.0, 0.0
    if other >= goal:
        return 0.0, 0.0
    if extra[roller, other]:
        return v_again[roller, other, f_next, prev, b], e_again[roller, other, f_next, prev, b]
    never = e_next[other, roller, f_next, b, prev]
    return 1.0 - v_next[other, roller, f_next, b, prev] - never, never


@njit(cache=True)
def _turn(n, s, o, f, a, b, tables, goal, feral_gap, feral_bonus, nxt, again):  # pragma: no cover
    """Return the mover's chances to win and never to end when rolling ``n`` dice in
    ``(s, o, f, a, b)`` (``n = -1``: Pork Chop; ``0``: the zero-dice rule)."""
    points, chances, counts, zero, after, extra, wild = tables
    bonus = feral_bonus if feral_gap > 0 and abs(n - a) == feral_gap else 0
    if n <= 0:
        p = 1 if n == -1 else zero[s, o]
        f_next = 1 - f if n == -1 else f
        return _next(p, bonus, s, o, f_next, b, goal, after, extra, nxt, again)
    row = 2 * f + wild
    value, never = 0.0, 0.0
    for k in range(counts[row, n]):
        v, e = _next(points[row, n, k], bonus, s, o, f, b, goal, after, extra, nxt, again)
        value += chances[row, n, k] * v
        never += chances[row, n, k] * e
    return value, never


@njit(cache=True)
def _turns(
    n, s, o, f, a, tables, goal, feral_gap, feral_bonus, nxt, again, vals, ends
):  # pragma: no cover
    """Set ``vals[b]`` and ``ends[b]`` to :func:`_turn`'s chances for every ``b`` at once (the
    turn's outcomes in the outer loop: each reads one block of the next states)."""
    if n <= 0:
        for b in range(len(vals)):
            vals[b], ends[b] = _turn(
                n, s, o, f, a, b, tables, goal, feral_gap, feral_bonus, nxt, again
            )
        return
    points, chances, counts, _, after, extra, wild = tables
    vals[:] = 0.0
    ends[:] = 0.0
    bonus = feral_bonus if feral_gap > 0 and abs(n - a) == feral_gap else 0
    row = 2 * f + wild
    for k in range(counts[row, n]):
        q = chances[row, n, k]
        for b in range(len(vals)):
            v, e = _next(points[row, n, k], bonus, s, o, f, b, goal, after, extra, nxt, again)
            vals[b] += q * v
            ends[b] += q * e


@njit(cache=True)
def _stays(s, o, a, zero, after, feral_gap):  # pragma: no cover
    """Return True if zero dice in ``(s, o, ., a)`` keep the score sum (a possible cycle)."""
    if zero[s, o] != 0 or (feral_gap > 0 and a == feral_gap):
        return False
    return after[s, o, 0] + after[s, o, 1] == s + o


@njit(cache=True)
def _seat(seat, arrays, fixed, same):  # pragma: no cover
    """Return seat ``seat``'s arrays (values, never-ending chances, policy, best other action),
    whether it is fixed, the other seat's ``(v, e)`` and its own for an extra turn."""
    v_a, e_a, pol_a, r_a, v_b, e_b, pol_b, r_b = arrays
    if seat == 0:
        again = (v_b, e_b) if same else (v_a, e_a)
        return v_a, e_a, pol_a, r_a, fixed[0], (v_b, e_b), again
    return v_b, e_b, pol_b, r_b, fixed[1], (v_a, e_a), (v_b, e_b)


@njit(cache=True)
def _buffers(num_prev):  # pragma: no cover
    """Return the scratch arrays of :func:`_state`: each action's values and never-ending
    chances (12 actions at most: -1 to 10 dice), a row each."""
    return np.zeros((12, num_prev)), np.zeros((12, num_prev))


@njit(cache=True)
def _state(
    s,
    o,
    seats,
    same,
    pork,
    tables,
    goal,
    feral_gap,
    feral_bonus,
    arrays,
    fixed,
    tie,
    deferred,
    buffers,
):  # pragma: no cover
    """Value ``(s, o)`` for each seat: a fixed seat's action, or every action of a free seat,
    which takes the fewest dice within ``tie`` of the best. Zero dice that keep the sum level are
    left out (``deferred``): :func:`_settle` weighs them against ``r``, the best other action."""
    zero, after = tables[3], tables[4]
    vals, ends = buffers
    flags, num_prev = arrays[0].shape[2], arrays[0].shape[3]
    fewest = -1 if pork else 0
    for seat in range(seats):
        v_me, e_me, pol_me, r_me, is_fixed, nxt, again = _seat(seat, arrays, fixed, same)
        for f in range(flags):
            for a in range(num_prev):
                stays = _stays(s, o, a, zero, after, feral_gap)
                deferred[s, o] |= stays
                if not is_fixed:
                    for n in range(fewest, 11):
                        if not (stays and n == 0):
                            _turns(
                                n, s, o, f, a, tables, goal, feral_gap, feral_bonus, nxt, again,
                                vals[n - fewest], ends[n - fewest],
                            )  # fmt: skip
                for b in range(num_prev):
                    if is_fixed:
                        n = pol_me[s, o, f, a, b]
                        if stays and n == 0:  # a stall: never ends, until settled
                            vals[0, b], ends[0, b] = 0.0, 1.0
                        else:
                            vals[0, b], ends[0, b] = _turn(
                                n, s, o, f, a, b, tables, goal, feral_gap, feral_bonus, nxt, again
                            )
                        choice = 0
                    else:
                        best = -1.0
                        for idx in range(11 - fewest):
                            if not (stays and idx + fewest == 0):
                                best = max(best, vals[idx, b])
                        choice = 0
                        while (stays and choice + fewest == 0) or vals[choice, b] < best - tie:
                            choice += 1
                        n = choice + fewest
                        pol_me[s, o, f, a, b] = n
                    v_me[s, o, f, a, b], e_me[s, o, f, a, b] = vals[choice, b], ends[choice, b]
                    if stays:
                        r_me[s, o, f, a, b, 0] = v_me[s, o, f, a, b]
                        r_me[s, o, f, a, b, 1] = e_me[s, o, f, a, b]
                        r_me[s, o, f, a, b, 2] = n


@njit(cache=True)
def _settle(
    total, lowest, highest, seats, same, tables, goal, feral_gap, arrays, fixed, tie, deferred, lead
):  # pragma: no cover
    """Value zero dice that keep the sum (a 0-point turn) in the level ``total`` and choose.

    Sweeps the level's deferred states until nothing changes, the highest mover's score first
    if ``lead`` else the lowest. A free seat stalls only when stalling is better by more than
    ``tie``, so where both players would stall rather than roll (a war of attrition) the first
    swept stalls and the other rolls. A fixed seat's stalls may cycle for ever (``e`` stays 1).
    """
    _, _, _, zero, after, extra, _ = tables
    flags, num_prev = arrays[0].shape[2], arrays[0].shape[3]
    for _ in range(4 * (highest - lowest + 1) + 8):
        changed = False
        for k in range(highest - lowest + 1):
            s = highest - k if lead else lowest + k
            o = total - s
            if not deferred[s, o]:
                continue
            for seat in range(seats):
                v_me, e_me, pol_me, r_me, is_fixed, nxt, again = _seat(seat, arrays, fixed, same)
                for f in range(flags):
                    for a in range(num_prev):
                        if not _stays(s, o, a, zero, after, feral_gap):
                            continue
                        for b in range(num_prev):
                            v, e = _next(0, 0, s, o, f, b, goal, after, extra, nxt, again)
                            old_v, old_e = v_me[s, o, f, a, b], e_me[s, o, f, a, b]
                            if is_fixed:
                                stall = pol_me[s, o, f, a, b] == 0
                            else:
                                stall = v > r_me[s, o, f, a, b, 0] + tie
                                pol_me[s, o, f, a, b] = 0 if stall else r_me[s, o, f, a, b, 2]
                            if stall:
                                v_me[s, o, f, a, b], e_me[s, o, f, a, b] = v, e
                            elif not is_fixed:
                                v_me[s, o, f, a, b] = r_me[s, o, f, a, b, 0]
                                e_me[s, o, f, a, b] = r_me[s, o, f, a, b, 1]
                            if v_me[s, o, f, a, b] != old_v or e_me[s, o, f, a, b] != old_e:
                                changed = True
        if not changed:
            return


@njit(cache=True)
def _level_tables(total, scores, zero, after, extra, wild_every):  # pragma: no cover
    """Return the tables :func:`_state` reads in the level ``total`` (one flat tuple: parallel
    loops take no nested ones), Hog Wild's flag last."""
    points, chances, counts = scores
    wild = 1 if wild_every > 0 and total % wild_every == 0 else 0
    return points, chances, counts, zero, after, extra, wild


@njit(cache=True, parallel=True)
def sweep(
    goal,
    scores,
    zero,
    after,
    extra,
    wild_every,
    pork,
    feral_gap,
    feral_bonus,
    arrays,
    fixed,
    same,
    tie,
    lead,
):  # pragma: no cover - compiled
    """Fill both seats' ``v``/``e`` (and the free seats' policies) from the highest sum down.

    ``arrays`` are ``(v_a, e_a, pol_a, r_a, v_b, e_b, pol_b, r_b)``, ``r`` the best action but a
    deferred one (value, never-ending chance, dice; of shape ``(1, 1, 1, 1, 1, 3)`` where zero
    dice never score 0); ``same`` means one
    maximising player in both seats (seat B's arrays are seat A's, or the stored table that
    :mod:`solver.hog.verify` reads). A fixed seat plays its policy; a free seat takes the fewest
    dice whose value is within ``tie`` of the best; ``lead`` settles wars of attrition for the
    player ahead (:func:`_settle`).

    Every turn but a 0-point one raises the score sum, so the states of one sum read higher sums
    and are filled in parallel; 0-point turns are then settled within the sum (:func:`_settle`).
    """
    seats = 1 if same else 2
    deferred = np.zeros((goal, goal), np.bool_)
    for total in range(2 * goal - 2, -1, -1):
        tables = _level_tables(total, scores, zero, after, extra, wild_every)
        lowest, highest = max(0, total - goal + 1), min(total, goal - 1)
        for k in prange(highest + 1 - lowest):
            s = lowest + k
            _state(
                s, total - s, seats, same, pork, tables, goal, feral_gap, feral_bonus, arrays,
                fixed, tie, deferred, _buffers(arrays[0].shape[3]),
            )  # fmt: skip
        _close_level(
            total, lowest, highest, seats, same, tables, goal, feral_gap, arrays, fixed, tie,
            deferred, lead,
        )  # fmt: skip


@njit(cache=True)
def _close_level(
    total, lowest, highest, seats, same, tables, goal, feral_gap, arrays, fixed, tie, deferred, lead
):  # pragma: no cover
    """Settle the level's 0-point turns, if it has any (:func:`_settle`)."""
    for s in range(lowest, highest + 1):
        if deferred[s, total - s]:
            _settle(
                total, lowest, highest, seats, same, tables, goal, feral_gap, arrays, fixed,
                tie, deferred, lead,
            )  # fmt: skip
            return


@njit(cache=True)
def _evaluate(
    goal, scores, zero, after, extra, wild_every, pork, feral_gap, feral_bonus, arrays, tie
):  # pragma: no cover
    """Evaluate two fixed seats in one thread: :func:`sweep`'s pass, its levels in turn."""
    deferred = np.zeros((goal, goal), np.bool_)
    fixed = (True, True)
    buffers = _buffers(arrays[0].shape[3])
    for total in range(2 * goal - 2, -1, -1):
        tables = _level_tables(total, scores, zero, after, extra, wild_every)
        lowest, highest = max(0, total - goal + 1), min(total, goal - 1)
        for s in range(lowest, highest + 1):
            _state(
                s, total - s, 2, False, pork, tables, goal, feral_gap, feral_bonus, arrays,
                fixed, tie, deferred, buffers,
            )  # fmt: skip
        _close_level(
            total, lowest, highest, 2, False, tables, goal, feral_gap, arrays, fixed, tie,
            deferred, True,
        )  # fmt: skip


@njit(cache=True, parallel=True)
def round_robin(
    goal,
    scores,
    zero,
    after,
    extra,
    wild_every,
    pork,
    feral_gap,
    feral_bonus,
    policies,
    pairs,
    stalls,
    tie,
    out,
):  # pragma: no cover - compiled
    """Evaluate every pair ``(i, j)`` of ``pairs``, ``policies[i]`` in seat A, in parallel.

    ``out[k]`` receives, from the start state, A's and B's chances to win when moving and their
    chances that the game never ends: ``(v_a, e_a, v_b, e_b)``. ``stalls``: whether zero dice
    can score 0 (the best other actions are kept in full).
    """  # fmt: skip
    g, o, flags, prevs = policies.shape[1], policies.shape[2], policies.shape[3], policies.shape[4]
    for k in prange(pairs.shape[0]):
        shape = (g, o, flags, prevs, prevs)
        v_a, e_a, v_b, e_b = np.zeros(shape), np.zeros(shape), np.zeros(shape), np.zeros(shape)
        if stalls:
            r_a, r_b = (
                np.zeros((g, o, flags, prevs, prevs, 3)),
                np.zeros((g, o, flags, prevs, prevs, 3)),
            )
        else:
            r_a, r_b = np.zeros((1, 1, 1, 1, 1, 3)), np.zeros((1, 1, 1, 1, 1, 3))
        arrays = (v_a, e_a, policies[pairs[k, 0]], r_a, v_b, e_b, policies[pairs[k, 1]], r_b)
        _evaluate(
            goal, scores, zero, after, extra, wild_every, pork, feral_gap, feral_bonus, arrays, tie
        )
        out[k, 0], out[k, 1] = v_a[0, 0, 0, 0, 0], e_a[0, 0, 0, 0, 0]
        out[k, 2], out[k, 3] = v_b[0, 0, 0, 0, 0], e_b[0, 0, 0, 0, 0]
