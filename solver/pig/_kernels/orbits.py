"""Numba kernels solving the orbits of one layer of the N-player table by policy iteration.

Within a layer (one score sum) every hold leads to a solved, higher layer and a pig passes the
turn to the next rotation of the same scores: each orbit of rotations is solved alone, from its
rows (:mod:`solver.pig._kernels.rows`) and a small cyclic linear system (:func:`cycle_values`).
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit
from pigsolve.solver.pig._kernels.indexing import flat_index, orbit_of, row_of
from pigsolve.solver.pig._kernels.rows import choose, rolling_on, start_vector
from pigsolve.solver.pig.tolerances import ROUNDING

MAX_ITERATIONS = 60
"""An orbit whose choices have not settled after this many linear solves is left unsettled."""
INSIDE = 1e-12
"""How far inside its interval a pig value must lie for a rotation to keep its choices: far
beyond the rounding in which the interval's ends and the choices' comparisons may differ."""


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
        following = out[i + 1 if i + 1 < length else 0]
        out[i, 0] = min(max(a0[i] * following[n - 1] + b0[i, 0], 0.0), 1.0)
        for j in range(1, n):
            out[i, j] = min(max(a0[i] * following[j - 1] + b0[i, j], 0.0), 1.0)


@njit(cache=True)
def solve_orbit(values, lookup, goal, rotations, length, chances, work):  # pragma: no cover
    """Solve one orbit by policy iteration; return the linear solves used, or -1 if unsettled.

    Each round makes every rotation's choices greedy at its pig value (from its own values
    only, with the interval of pig values where they stay greedy) and solves the orbit's linear
    system under them; it ends when every new pig value lies in its interval. On success the
    orbit's start-of-turn vectors are written to ``values`` (rows found by ``lookup``).
    """
    n = rotations.shape[1]
    out, xs, bounds, bases = work[5], work[6], work[7], work[9]
    for i in range(length):  # start from a neighbour in a higher layer, solved
        bases[i] = row_of(rotations[i], 1, -rotations[i, 0], goal, lookup)  # + k: banks k
        xs[i] = 1.0 / n
        if rotations[i, 0] + 1 < goal:  # the mover one point higher
            xs[i] = values[bases[i] + rotations[i, 0] + 1, n - 1]
    for count in range(1, MAX_ITERATIONS + 1):
        replies(values, goal, rotations, length, chances, xs, work, count > 1)
        stand, moved = True, 0.0
        for i in range(length):
            x = out[i + 1 if i + 1 < length else 0, n - 1]
            stand = stand and bounds[i, 0] < x <= bounds[i, 1]
            moved = max(moved, abs(x - xs[i]))
            xs[i] = x
        if stand or moved <= ROUNDING:
            for i in range(length):
                values[row_of(rotations[i], 0, 0, goal, lookup), :] = out[i]
            return count
    return -1


@njit(cache=True)
def replies(values, goal, rotations, length, chances, xs, work, again=False):  # pragma: no cover
    """Make each rotation's choices greedy at its pig value ``xs[i]`` and solve the orbit under
    them: the start vectors go to ``out``, the intervals where the choices stay greedy to
    ``bounds`` (both in ``work``). Rotation ``i``'s mover banking ``k`` reaches the row
    ``bases[i] + s0 + k`` of ``values`` (``bases`` in ``work``, :func:`solve_orbit`).

    ``again``: the choices in ``work`` are greedy at earlier pig values, and a rotation whose
    new one lies inside its interval (by more than :data:`INSIDE`) keeps them, with its row:
    choosing again would find the same.
    """
    n = rotations.shape[1]
    own, reach, p, a0, b0, out, _, bounds, rolling, bases = work
    after = values[:, n - 1]  # each mover's own value once it has banked
    for i in range(length):
        if again and bounds[i, 0] + INSIDE < xs[i] < bounds[i, 1] - INSIDE:
            continue
        length_i = goal - rotations[i, 0]
        base = bases[i] + rotations[i, 0]
        low, high = choose(after, base, xs[i], length_i, chances, p[i], own, reach)
        a0[i] = start_vector(values, base, length_i, chances, p[i], rolling, reach, b0[i])
        bounds[i, 0], bounds[i, 1] = low, high
    cycle_values(a0[:length], b0[:length], out[:length])


@njit(cache=True)
def wander(values, lookup, goal, rotations, length, chances, plain, damped):  # pragma: no cover
    """Return the pig values of ``plain`` steps of greedy iteration from ``1 / N``, then of
    ``damped`` steps that move ``1 / (t + 2)`` of the way to the replies, one row per step."""
    n = rotations.shape[1]
    work = workspace(goal, n, chances)
    xs, out, bases = work[6], work[5], work[9]
    for i in range(length):
        bases[i] = row_of(rotations[i], 1, -rotations[i, 0], goal, lookup)
    xs[:] = 1.0 / n
    seen = np.empty((plain + damped, length))
    for t in range(plain + damped):
        replies(values, goal, rotations, length, chances, xs, work)
        step = 1.0 if t < plain else 1.0 / (t - plain + 2)
        for i in range(length):
            xs[i] += (out[(i + 1) % length, n - 1] - xs[i]) * step
            seen[t, i] = xs[i]
    return seen[:plain], seen[plain:]


@njit(cache=True)
def workspace(goal, players, chances):  # pragma: no cover
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
        rolling_on(goal, chances),
        np.zeros(players, np.int64),
    )


@njit(cache=True, nogil=True)
def solve_sums(
    values, lookup, goal, members, starts, first, chances, unsettled
):  # pragma: no cover
    """Solve the orbits of the canonical ``members``, one score sum a part (part ``p`` is
    ``members[starts[p]:starts[p + 1]]``, the highest sum first), from part ``first`` on; stop
    after a part that leaves orbits unsettled, as the next part may read them, and return the
    part to go on from (the number of parts when every part is solved).

    ``lookup`` finds a score vector's row of ``values`` (the whole table, or slabs of it:
    :func:`solver.pig._kernels.indexing.row_of`). ``unsettled`` gets the most linear solves an
    orbit needed, the number of orbits the last part left unsettled, then their canonical
    members' flat indices (as many as fit).
    """
    players = values.shape[1]
    work = workspace(goal, players, chances)
    rotations = np.empty((players, players), np.int64)
    most, parts = 0, starts.shape[0] - 1
    for part in range(first, parts):
        failed = 0
        for m in range(starts[part], starts[part + 1]):
            length = orbit_of(members[m], rotations)
            count = solve_orbit(values, lookup, goal, rotations, length, chances, work)
            if count < 0:
                if 2 + failed < unsettled.shape[0]:
                    unsettled[2 + failed] = flat_index(members[m], goal)
                failed += 1
            most = max(most, count)
        unsettled[0], unsettled[1] = most, failed
        if failed > 0:
            return part + 1
    return parts


@njit(cache=True)
def first_fitting(order, start, sizes, a0, b0, coin, bounds, full, slack):  # pragma: no cover
    """Return the first position ``p >= start`` of ``order`` whose combination of options can
    fit, or -1: ``order[p]`` indexes the rotations' options in row-major order over ``sizes``.

    Rotation ``i``'s option ``j`` has the row ``a0[i, j, c]``, ``b0[i, j, c]`` with its coin
    (if ``coin[i, j]``) at probability ``c`` in {0, 1}, and its interval of pig values
    ``bounds[i, j]``. A combination fits unless some rotation's pig values at every corner of
    the coins' box lie all below its interval, or all above it (``slack`` allowed); where the
    orbit is not ``full`` every combination fits.
    """
    length, n = b0.shape[0], b0.shape[3]
    picks = np.empty(length, np.int64)
    a, b, out = np.empty(length), np.empty((length, n)), np.empty((length, n))
    low, high = np.empty(length), np.empty(length)
    for p in range(start, order.shape[0]):
        if not full:
            return p
        index = order[p]
        coins = 0
        for i in range(length - 1, -1, -1):
            picks[i] = index % sizes[i]
            index //= sizes[i]
            coins += coin[i, picks[i]]
        low[:], high[:] = np.inf, -np.inf
        for corner in range(1 << coins):
            bit = 0
            for i in range(length):
                c = 0
                if coin[i, picks[i]]:
                    c = (corner >> bit) & 1
                    bit += 1
                a[i] = a0[i, picks[i], c]
                b[i] = b0[i, picks[i], c]
            cycle_values(a, b, out)
            for i in range(length):
                x = out[(i + 1) % length, n - 1]
                low[i], high[i] = min(low[i], x), max(high[i], x)
        fits = True
        for i in range(length):
            fits = fits and low[i] <= bounds[i, picks[i], 1] + slack
            fits = fits and high[i] >= bounds[i, picks[i], 0] - slack
        if fits:
            return p
    return -1
