"""Numba kernels of the N-player Pig solver (see :mod:`solver.pig.multi`).

``values`` is the flat start-of-turn table: row ``flat(s)`` holds, for the score vector ``s``
seen from the mover's seat (the mover's score first, then the others in the order they move
next), every player's win probability in the same order. ``flat(s) = sum(s[t] * G**(N-1-t))``.

A row of turn totals, with the mover's choices fixed, is affine in the vector ``pig`` the mover
reaches by rolling a pig: ``W[k] = a[k] * pig + b[k]``; the mover decides with its own component
``x = pig[0]``. Imported only on the paths that compute.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

TIE = 1e-14
"""Roll and hold worth the same to the mover within this (rounding): the mover holds."""
ROUNDING = 1e-13
"""The orbit's policy iteration stops once no pig value moves by more than this."""
MAX_ITERATIONS = 60
"""An orbit whose choices have not settled after this many linear solves is left unsettled."""

GREEDY, FIXED = 0, 1


@njit(cache=True)
def flat_index(scores, goal):  # pragma: no cover
    """Return the row of ``values`` that holds ``scores``."""
    index = 0
    for t in range(scores.shape[0]):
        index = index * goal + scores[t]
    return index


@njit(cache=True)
def _hold_vector(values, scores, k, goal, out):  # pragma: no cover
    """Write into ``out`` the players' chances after the mover banks ``k``, in the mover's order."""
    n = scores.shape[0]
    if scores[0] + k >= goal:
        out[:] = 0.0
        out[0] = 1.0
        return
    index = 0
    for t in range(1, n):
        index = index * goal + scores[t]
    index = index * goal + scores[0] + k
    out[0] = values[index, n - 1]
    for j in range(1, n):
        out[j] = values[index, j - 1]


@njit(cache=True)
def row(
    values, goal, scores, x, faces, mode, roll, mix_k, mix_q, a, b, scratch
):  # pragma: no cover
    """Fill ``a[k]``, ``b[k]`` of the mover's row at ``scores``; return the changed choices.

    ``faces`` is the triple of :func:`solver.games.pig.face_arrays`. ``mode`` GREEDY chooses
    with the pig value ``x`` (roll only if better by more than :data:`TIE`) and writes the
    choices (0 hold, 1 roll) to ``roll``; FIXED follows ``roll``. At ``k = mix_k`` (if >= 1)
    the mover rolls with probability ``mix_q`` instead. ``scratch`` is float64 ``(2, N)``.
    When the gains are consecutive (2..D) the sums over them slide along ``k``.
    """
    gains, num_faces, num_pigs = faces
    n = scores.shape[0]
    length = goal - scores[0]
    m = gains.shape[0]
    low, high = gains[0], gains[m - 1]
    sliding = high - low == m - 1
    hold, sum_b = scratch[0], scratch[1]
    sum_a = 0.0
    sum_b[:] = 0.0
    sum_b[0] = m  # every face beyond the row wins
    changes = 0
    for k in range(length - 1, -1, -1):
        if sliding:
            if k + low < length:  # k + low enters the window, a win leaves it
                sum_a += a[k + low]
                for j in range(n):
                    sum_b[j] += b[k + low, j]
                sum_b[0] -= 1.0
            if k + high + 1 < length:  # k + high + 1 leaves it, a win enters
                sum_a -= a[k + high + 1]
                for j in range(n):
                    sum_b[j] -= b[k + high + 1, j]
                sum_b[0] += 1.0
        else:
            sum_a = 0.0
            sum_b[:] = 0.0
            for t in range(m):
                kk = k + gains[t]
                if kk < length:
                    sum_a += a[kk]
                    for j in range(n):
                        sum_b[j] += b[kk, j]
                else:
                    sum_b[0] += 1.0
        roll_a = (num_pigs + sum_a) / num_faces
        if k == 0:
            choice = 1
        else:
            _hold_vector(values, scores, k, goal, hold)
            if mode == FIXED:
                choice = roll[k]
            else:
                choice = 1 if roll_a * x + sum_b[0] / num_faces > hold[0] + TIE else 0
        if k == mix_k:
            a[k] = mix_q * roll_a
            for j in range(n):
                b[k, j] = mix_q * sum_b[j] / num_faces + (1.0 - mix_q) * hold[j]
        elif choice == 1:
            a[k] = roll_a
            for j in range(n):
                b[k, j] = sum_b[j] / num_faces
        else:
            a[k] = 0.0
            for j in range(n):
                b[k, j] = hold[j]
        if roll[k] != choice:
            changes += 1
            roll[k] = choice
    return changes


@njit(cache=True, error_model="numpy")
def greedy(after, base, stride, x, length, mix_k, mix_q, faces, p, own):  # pragma: no cover
    """Fill ``p[:length]`` with the choices of a mover greedy on its own value; return changes.

    ``after[base + k * stride]`` is the mover's own value after banking ``k`` (the start of the
    next mover's turn), ``x`` after a pig. Roll only if better by more than :data:`TIE`; at
    ``k = mix_k`` roll with probability ``mix_q``. ``own[k]`` gets the mover's own values. When
    the gains are consecutive (2..D) their sum slides along ``k``; the wins beyond the row are
    counted apart, so that tiny values keep their precision.
    """
    gains, num_faces, num_pigs = faces
    m = gains.shape[0]
    low, high = gains[0], gains[m - 1]
    sliding = high - low == m - 1
    window, wins = 0.0, m  # own[k + g] summed over the gains g inside the row; those beyond
    changes = 0
    for k in range(length - 1, -1, -1):
        if sliding:
            if k + low < length:
                window += own[k + low]
                wins -= 1
            if k + high + 1 < length:
                window -= own[k + high + 1]
                wins += 1
        else:
            window, wins = 0.0, 0
            for t in range(m):
                if k + gains[t] < length:
                    window += own[k + gains[t]]
                else:
                    wins += 1
        rolled = (num_pigs * x + window + wins) / num_faces
        q, held = 1.0, 0.0
        if k > 0:
            held = after[base + k * stride]
            if k == mix_k:
                q = mix_q
            elif not rolled > held + TIE:
                q = 0.0
        own[k] = q * rolled + (1.0 - q) * held
        if p[k] != q:
            changes += 1
            p[k] = q
    return changes


@njit(cache=True, error_model="numpy")
def choose(after, base, x, length, faces, p, slope, offset):  # pragma: no cover
    """Make ``p[:length]`` greedy at the pig value ``x`` as :func:`greedy` does (no coin);
    return the interval ``(low, high)`` of pig values at which these choices stay greedy.

    Under fixed choices the mover's own values are affine in ``x``: ``slope[k] * x +
    offset[k]``; rolling at ``k`` stays better while ``x`` is above the point where its roll
    meets its hold, holding while ``x`` is at or below it.
    """
    gains, num_faces, num_pigs = faces
    m = gains.shape[0]
    low_gain, high_gain = gains[0], gains[m - 1]
    sliding = high_gain - low_gain == m - 1
    window_slope, window_offset, wins = 0.0, 0.0, m
    low, high = -np.inf, np.inf
    for k in range(length - 1, -1, -1):
        if sliding:
            if k + low_gain < length:
                window_slope += slope[k + low_gain]
                window_offset += offset[k + low_gain]
                wins -= 1
            if k + high_gain + 1 < length:
                window_slope -= slope[k + high_gain + 1]
                window_offset -= offset[k + high_gain + 1]
                wins += 1
        else:
            window_slope, window_offset, wins = 0.0, 0.0, 0
            for t in range(m):
                if k + gains[t] < length:
                    window_slope += slope[k + gains[t]]
                    window_offset += offset[k + gains[t]]
                else:
                    wins += 1
        roll_slope = (num_pigs + window_slope) / num_faces
        roll_offset = (window_offset + wins) / num_faces
        q = 1.0
        if k > 0:
            held = after[base + k]
            meet = (held + TIE - roll_offset) / roll_slope  # roll_slope >= |F_0| / |F| > 0
            if roll_slope * x + roll_offset > held + TIE:
                low = max(low, meet)
            else:
                q = 0.0
                high = min(high, meet)
        if q == 1.0:
            slope[k], offset[k] = roll_slope, roll_offset
        else:
            slope[k], offset[k] = 0.0, after[base + k]
        p[k] = q
    return low, high


@njit(cache=True)
def rolling_on(goal, faces):  # pragma: no cover
    """Return, for a mover who rolls from turn total 0 on, the chance of arriving at each
    ``k < G`` and its prefix sums (``prefix[h]``: the chance of rolling at some ``k < h``)."""
    gains, num_faces, _ = faces
    arrived = np.zeros(goal)
    arrived[0] = 1.0
    for k in range(1, goal):
        for t in range(gains.shape[0]):
            if k - gains[t] >= 0:
                arrived[k] += arrived[k - gains[t]]
        arrived[k] /= num_faces
    prefix = np.zeros(goal + 1)
    for k in range(goal):
        prefix[k + 1] = prefix[k] + arrived[k]
    return arrived, prefix


@njit(cache=True, error_model="numpy")
def start_vector(values, goal, scores, faces, p, rolling, reach, b0):  # pragma: no cover
    """Return ``a0`` and write ``b0`` of the mover's turn at ``scores`` under the choices ``p``.

    ``V = a0 * (the vector after a pig) + b0``, in the mover's order. A mover who rolls below
    ``h`` and holds wherever it can arrive from there is done from ``rolling`` (of
    :func:`rolling_on`) in a few steps; other choices by a pass forward over the turn totals, in
    which ``reach[k]`` gets the chance of rolling at ``k``. A hold at ``k`` reaches a higher
    score sum (solved), a roll beyond the row wins.
    """
    gains, num_faces, num_pigs = faces
    length = goal - scores[0]
    base = flat_index(scores[1:], goal) * goal + scores[0]  # + k: the mover banks k
    m = gains.shape[0]
    low, high = gains[0], gains[m - 1]
    h = 1
    while h < length and p[h] == 1.0:
        h += 1
    threshold = True
    for k in range(h, min(h + high, length)):
        threshold = threshold and p[k] == 0.0
    b0[:] = 0.0
    if threshold:
        arrived_at, prefix = rolling
        for k in range(h, min(h + high, length)):
            held = 0.0
            for t in range(m):
                if 0 <= k - gains[t] < h:
                    held += arrived_at[k - gains[t]]
            _add_hold(values[base + k], held / num_faces, b0)
        win = 0.0
        for k in range(max(length - high, 0), h):
            for t in range(m):
                if k + gains[t] >= length:
                    win += arrived_at[k]
        b0[0] += win / num_faces
        return prefix[h] * num_pigs / num_faces
    sliding = high - low == m - 1
    rolled_total, win, window = 0.0, 0.0, 0.0
    for k in range(length):
        if k == 0:
            arrived = 1.0
        elif sliding:  # the rolls from k - high .. k - low arrive at k
            if k - low >= 0:
                window += reach[k - low]
            if k - high - 1 >= 0:
                window -= reach[k - high - 1]
            arrived = window / num_faces
        else:
            arrived = 0.0
            for t in range(m):
                if k - gains[t] >= 0:
                    arrived += reach[k - gains[t]]
            arrived /= num_faces
        reach[k] = p[k] * arrived
        rolled_total += reach[k]
        for t in range(m):
            if k + gains[t] >= length:
                win += reach[k]
        if arrived > reach[k]:
            _add_hold(values[base + k], arrived - reach[k], b0)
    b0[0] += win / num_faces
    return rolled_total * num_pigs / num_faces


@njit(cache=True)
def _add_hold(row, held, b0):  # pragma: no cover
    """Add ``held`` times the vector ``row`` (the next mover's order) to ``b0`` (the mover's)."""
    n = b0.shape[0]
    b0[0] += held * row[n - 1]
    for j in range(1, n):
        b0[j] += held * row[j - 1]


@njit(cache=True)
def rotate(scores, out):  # pragma: no cover
    """Write into ``out`` the scores seen from the next mover's seat."""
    n = scores.shape[0]
    for t in range(n - 1):
        out[t] = scores[t + 1]
    out[n - 1] = scores[0]


@njit(cache=True)
def cycle_values(a0, b0, out):  # pragma: no cover
    """Solve the orbit ``V[i] = a0[i] * shift(V[i + 1]) + b0[i]`` (indices mod L) into ``out``.

    ``shift`` re-expresses a vector from the next mover's seat (``shift(U)[j] = U[j - 1]``).
    The orbit's length L divides N; around it ``V[0] = alpha * shift^L(V[0]) + beta``.
    """
    length, n = b0.shape
    alpha = 1.0
    beta = out[0]  # accumulated in place, shifted one seat per rotation
    beta[:] = 0.0
    for i in range(length - 1, -1, -1):
        last = beta[n - 1]
        for j in range(n - 1, 0, -1):
            beta[j] = a0[i] * beta[j - 1] + b0[i, j]
        beta[0] = a0[i] * last + b0[i, 0]
        alpha *= a0[i]
    # (I - alpha P)^-1 with P = shift^L of order m = N / L: sum_{t<m} (alpha P)^t / (1 - alpha^m).
    m = n // length
    power = alpha
    if m > 1:  # a shorter orbit (rare): the sum reads beta while out[0] is written
        saved = beta.copy()
        for t in range(1, m):
            for j in range(n):
                out[0, j] += power * saved[(j - t * length) % n]
            power *= alpha
    for j in range(n):
        out[0, j] = min(max(out[0, j] / (1.0 - power), 0.0), 1.0)
    for i in range(length - 1, 0, -1):
        following = out[(i + 1) % length]
        for j in range(n):
            out[i, j] = min(max(a0[i] * following[(j - 1) % n] + b0[i, j], 0.0), 1.0)


@njit(cache=True)
def orbit_of(scores, rotations):  # pragma: no cover
    """Fill ``rotations`` with the orbit of ``scores``; return its length, or 0 if not canonical.

    The canonical member is the lexicographically least rotation.
    """
    n = scores.shape[0]
    rotations[0, :] = scores
    length = n
    for p in range(1, n):
        rotate(rotations[p - 1], rotations[p])
        same = True
        for t in range(n):
            if rotations[p, t] != scores[t]:
                same = False
                if rotations[p, t] < scores[t]:
                    return 0
                break
        if same and length == n:
            length = p
            break
    return length


@njit(cache=True)
def solve_orbit(values, goal, rotations, length, faces, work):  # pragma: no cover
    """Solve one orbit by policy iteration; return the linear solves used, or -1 if unsettled.

    Each round makes every rotation's choices greedy at its pig value (from its own values
    only, with the interval of pig values where they stay greedy) and solves the orbit's linear
    system under them; it ends when every new pig value lies in its interval. On success the
    orbit's start-of-turn vectors are written to ``values``.
    """
    n = rotations.shape[1]
    out, xs, bounds = work[5], work[6], work[7]
    for i in range(length):  # start from a neighbour in a higher layer, solved
        following = rotations[(i + 1) % length]
        xs[i] = 1.0 / n
        if following[n - 1] + 1 < goal:  # the mover one point higher
            xs[i] = values[flat_index(following, goal) + 1, n - 1]
    for count in range(1, MAX_ITERATIONS + 1):
        replies(values, goal, rotations, length, faces, xs, work)
        stand, moved = True, 0.0
        for i in range(length):
            x = out[(i + 1) % length, n - 1]
            stand = stand and bounds[i, 0] < x <= bounds[i, 1]
            moved = max(moved, abs(x - xs[i]))
            xs[i] = x
        if stand or moved <= ROUNDING:
            for i in range(length):
                values[flat_index(rotations[i], goal), :] = out[i]
            return count
    return -1


@njit(cache=True)
def replies(values, goal, rotations, length, faces, xs, work):  # pragma: no cover
    """Make each rotation's choices greedy at its pig value ``xs[i]`` and solve the orbit under
    them: the start vectors go to ``out``, the intervals where the choices stay greedy to
    ``bounds`` (both in ``work``)."""
    n = rotations.shape[1]
    own, reach, p, a0, b0, out, _, bounds, rolling = work
    after = values[:, n - 1]  # each mover's own value once it has banked
    for i in range(length):
        scores = rotations[i]
        base = flat_index(scores[1:], goal) * goal + scores[0]
        low, high = choose(after, base, xs[i], goal - scores[0], faces, p[i], own, reach)
        bounds[i, 0], bounds[i, 1] = low, high
        a0[i] = start_vector(values, goal, scores, faces, p[i], rolling, reach, b0[i])
    cycle_values(a0[:length], b0[:length], out[:length])


@njit(cache=True)
def wander(values, goal, rotations, length, faces, plain, damped):  # pragma: no cover
    """Return the pig values of ``plain`` steps of greedy iteration from ``1 / N``, then of
    ``damped`` steps that move ``1 / (t + 2)`` of the way to the replies, one row per step."""
    n = rotations.shape[1]
    work = workspace(goal, n, faces)
    xs, out = work[6], work[5]
    xs[:] = 1.0 / n
    seen = np.empty((plain + damped, length))
    for t in range(plain + damped):
        replies(values, goal, rotations, length, faces, xs, work)
        step = 1.0 if t < plain else 1.0 / (t - plain + 2)
        for i in range(length):
            xs[i] += (out[(i + 1) % length, n - 1] - xs[i]) * step
            seen[t, i] = xs[i]
    return seen[:plain], seen[plain:]


@njit(cache=True)
def workspace(goal, players, faces):  # pragma: no cover
    """Return the scratch arrays of :func:`solve_orbit`."""
    return (
        np.empty(goal + 1),
        np.empty(goal + 1),
        np.empty((players, goal + 1)),
        np.empty(players),
        np.empty((players, players)),
        np.empty((players, players)),
        np.empty(players),
        np.empty((players, 2)),
        rolling_on(goal, faces),
    )


@njit(cache=True)
def solve_orbits(values, goal, members, faces, counts, start, step):  # pragma: no cover
    """Solve the orbits ``members[start::step]``; ``counts[o]`` gets each orbit's linear solves
    (-1: unsettled)."""
    players = members.shape[1]
    work = workspace(goal, players, faces)
    rotations = np.empty((players, players), np.int64)
    for o in range(start, members.shape[0], step):
        length = orbit_of(members[o], rotations)
        counts[o] = solve_orbit(values, goal, rotations, length, faces, work)


@njit(cache=True, parallel=True)
def solve_layer(values, goal, members, faces, counts, chunks):  # pragma: no cover
    """Solve the orbits of ``members`` (one score sum, independent) in ``chunks`` parallel
    strides."""
    for c in prange(chunks):
        solve_orbits(values, goal, members, faces, counts, c, chunks)


@njit(cache=True)
def layer(goal, n, total, out):  # pragma: no cover
    """Write into ``out`` the flat indices of every score vector summing to ``total``, in
    increasing order; return how many."""
    scores = np.zeros(n, np.int64)
    if not 0 <= total <= n * (goal - 1):
        return 0
    _lowest(goal, total, scores, 0)
    count = 0
    while True:
        out[count] = flat_index(scores, goal)
        count += 1
        t = n - 2  # raise the last score that can rise (the final one takes the rest)
        while t >= 0 and (scores[t] == goal - 1 or _rest(scores, t) == 0):
            t -= 1
        if t < 0:
            return count
        scores[t] += 1
        _lowest(goal, total, scores, t + 1)


@njit(cache=True)
def _rest(scores, t):  # pragma: no cover
    """Return the sum of the scores after position ``t``."""
    rest = 0
    for u in range(t + 1, scores.shape[0]):
        rest += scores[u]
    return rest


@njit(cache=True)
def _lowest(goal, total, scores, start):  # pragma: no cover
    """Set the scores from ``start`` on to the lowest that still sum to ``total``."""
    n = scores.shape[0]
    rest = total
    for u in range(start):
        rest -= scores[u]
    for u in range(start, n):
        scores[u] = max(0, rest - (n - 1 - u) * (goal - 1))
        rest -= scores[u]


@njit(cache=True)
def decode(f, goal, scores):  # pragma: no cover
    """Write into ``scores`` the score vector of row ``f`` of ``values``."""
    for t in range(scores.shape[0] - 1, -1, -1):
        scores[t] = f % goal
        f //= goal


@njit(cache=True)
def layer_members(goal, players, total):  # pragma: no cover
    """Return the canonical score vectors whose scores sum to ``total`` (one row each)."""
    indices = np.empty(goal ** (players - 1), np.int64)
    count = layer(goal, players, total, indices)
    found = np.empty((count, players), np.int64)
    rotations = np.empty((players, players), np.int64)
    kept = 0
    for f in indices[:count]:
        decode(f, goal, found[kept])
        if orbit_of(found[kept], rotations) > 0:
            kept += 1
    return found[:kept].copy()


@njit(cache=True)
def rebuild_row(values, goal, faces, mixed, f, scores, roll, a, b, hold):  # pragma: no cover
    """Rebuild the mover's row of score vector ``f`` (decoded into ``scores``) by best replies.

    ``mixed`` is ``(sorted flat indices, turn totals, roll probabilities)`` of the mixed states.
    Returns ``(pig vector's row in values, mixed turn total or -1)``.
    """
    players = values.shape[1]
    decode(f, goal, scores)
    pig = 0
    for t in range(1, players):
        pig = pig * goal + scores[t]
    pig = pig * goal + scores[0]
    mix_k, mix_q = mixed_at(mixed, f)
    roll[:] = -1
    x = values[pig, players - 1]
    row(values, goal, scores, x, faces, GREEDY, roll, mix_k, mix_q, a, b, hold)
    return pig, mix_k


@njit(cache=True)
def mixed_at(mixed, f):  # pragma: no cover
    """Return ``(turn total, roll probability)`` of the mixed state in row ``f``, or (-1, 0)."""
    mixed_index, mixed_k, mixed_q = mixed
    hit = np.searchsorted(mixed_index, f)
    if hit < mixed_index.shape[0] and mixed_index[hit] == f:
        return mixed_k[hit], mixed_q[hit]
    return -1, 0.0


@njit(cache=True, parallel=True)
def residuals(values, goal, faces, mixed, out):  # pragma: no cover
    """Write into ``out[f]`` how far ``values[f]`` is from its vector rebuilt by best replies.

    The mover's choices are made greedy at its stored value after a pig by :func:`greedy`
    (the stored coin at a mixed state), the vector then follows by :func:`start_vector`.
    """
    players = values.shape[1]
    after = values[:, players - 1]  # each mover's own value once it has banked (or pigged)
    chunks = 64
    for c in prange(chunks):
        p, own, reach = np.empty(goal + 1), np.empty(goal + 1), np.empty(goal + 1)
        b0, scores = np.empty(players), np.empty(players, np.int64)
        rolling = rolling_on(goal, faces)
        for f in range(c, values.shape[0], chunks):
            decode(f, goal, scores)
            pig = flat_index(scores[1:], goal) * goal + scores[0]  # + k: the mover banks k
            mix_k, mix_q = mixed_at(mixed, f)
            greedy(after, pig, 1, after[pig], goal - scores[0], mix_k, mix_q, faces, p, own)
            a0 = start_vector(values, goal, scores, faces, p, rolling, reach, b0)
            worst = 0.0
            for j in range(players):
                rebuilt = a0 * values[pig, (j - 1) % players] + b0[j]
                worst = max(worst, abs(rebuilt - values[f, j]))
            out[f] = worst


@njit(cache=True, parallel=True)
def choices(values, goal, faces, mixed, boundary, policy):  # pragma: no cover
    """Write every mover's hold boundary and, if ``policy`` has a row per score vector, its
    choices (0 hold, 1 roll, 2 mixed; 0 at and beyond the goal).

    ``boundary[f]``: the smallest ``k >= 1`` at which the mover does not surely roll, ``G - s0``
    if it rolls on to the goal.
    """
    players = values.shape[1]
    chunks = 64
    full = policy.shape[0] == values.shape[0]
    for c in prange(chunks):
        a, b = np.empty(goal + 1), np.empty((goal + 1, players))
        hold, roll = np.empty((2, players)), np.empty(goal + 1, np.int8)
        scores = np.empty(players, np.int64)
        for f in range(c, values.shape[0], chunks):
            _, mix_k = rebuild_row(values, goal, faces, mixed, f, scores, roll, a, b, hold)
            length = goal - scores[0]
            if mix_k >= 0:
                roll[mix_k] = 2
            boundary[f] = length
            for k in range(length - 1, 0, -1):
                if roll[k] != 1:
                    boundary[f] = k
            if full:
                policy[f, :] = 0
                policy[f, :length] = roll[:length]
