"""Numba kernels of N-player Farkle: each orbit of score vectors by policy iteration.

``values[s, p]`` is the chance of the player at position ``p`` (0 the mover, then in turn
order) at the start of a turn, ``s`` the flat index of the banked scores ``(s_0, ..., s_{N-1})``
(units of 50, mover first): ``sum(s_p * G**(N - 1 - p))``. A turn passes to ``(s_1, ...,
s_{N-1}, s_0 + u)``, ``u`` banked (0 after a farkle): :func:`passed`. There the old mover sits
at position ``N - 1``, and each other player one position nearer the front, so a value read
there is shifted back (:func:`shifted`). The turn comes as the arrays of
:class:`solver.farkle.turn.Turn` (``ways, points, num_outcomes, farkle_ways, scale,
next_dice``), named ``turn`` below; see :mod:`solver.farkle.players` for the method.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit, prange

ROUNDING = 1e-14
"""An orbit is solved when no rotation's turn moves a value by more than this."""
MAX_STEPS = 60
"""Policy-iteration steps of one orbit before giving up (the residual then says so)."""


@njit(cache=True)
def passed(index, first, size, players, u):  # pragma: no cover
    """Return the flat index of the state after the mover at ``index`` (score ``first``) banks
    ``u`` units: the mover's score moves to the back, raised by ``u``."""
    return size * (index - first * size ** (players - 1)) + first + u


@njit(cache=True)
def shifted(row, out):  # pragma: no cover
    """Write into ``out`` the values ``row`` of the next state in the passing mover's order:
    ``out[p] = row[p - 1]``, the mover's from the last position."""
    players = row.shape[0]
    for p in range(players):
        out[p] = row[(p - 1) % players]


@njit(cache=True)
def turn_vectors(
    values, goal, index, first, c, min_bank, entry, cap, middle, lesser,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, bank,
):  # fmt: skip  # pragma: no cover
    """Fill the mover's turn at the state ``index`` (the mover's score ``first``) with a farkle
    worth the vector ``c`` (every player's chance, this state's order); return ``top``, the
    first turn total that banks a win (with the last round, ``cap`` the ceiling and ``middle``
    the middle turn's vectors of :mod:`solver.farkle.last_round_three`: the first that banks;
    without, ``cap`` is the goal and ``middle`` a dummy). The mover may bank from ``min_bank``
    on, or from ``entry`` at score 0 (the opening score, at most the goal).

    The mover maximises its own chance (position 0), as :func:`solver.farkle._kernels.
    turn_values` does: bank where not worse than rolling, after a roll the option of the most
    value for the mover, the fewest dice left at a tie. ``value[t, n]`` is every player's chance
    under that policy, ``slope[t, n]`` its chance of ending the turn in a farkle (so the values
    are ``value - slope * c`` plus ``slope`` times any other ``c``). ``bank[u]`` is the row a
    bank of ``u`` reaches (filled here for ``u < top``; with the last round, three players, for
    every bank a roll from below ``top`` reaches).
    """
    return turn_policy(
        values, goal, index, first, c, min_bank, entry, cap, middle, lesser,
        ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, bank, False,
    )[0]  # fmt: skip


@njit(cache=True)
def turn_policy(
    values, goal, index, first, c, min_bank, entry, cap, middle, lesser,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, bank, track,
):  # fmt: skip  # pragma: no cover
    """Fill the turn as :func:`turn_vectors` does; return ``(top, low, high)``: with ``track``,
    the policy chosen stays best while the mover's farkle value ``c[0]`` moves by ``d`` in
    ``[low, high]`` (each choice's line in ``d`` above its rivals'), else infinite bounds.

    Under the policy each of the mover's values is a line in ``d`` of slope its chance of a
    farkle, and a policy that is greedy for its own values is optimal, so the interval is that
    of every choice's margin over each rival staying non-negative."""
    players = values.shape[1]
    dice = next_dice.shape[0]
    top = max(cap - first, min_bank)
    least = entry if first == 0 else min_bank
    ends = middle.shape[0] > 1  # the last round: a bank from the goal on is not a win
    for u in range(top + points.max() if ends else top):  # a roll from below ``top``
        if first + u < goal:
            shifted(values[passed(index, first, goal, players, u)], bank[u])
        elif ends:  # the middle turn's, B d and C e below the banker
            a = first + u
            following = middle[a - (index // goal) % goal, a - index % goal]
            shifted(following, bank[u])
        else:  # below the minimum bank, every die kept without hot dice: a win
            bank[u] = 0.0
            bank[u, 0] = 1.0
    low, high = -np.inf, np.inf
    width = np.inf
    total = np.empty(players)
    for t in range(top - 1, -1, -1):
        can_bank = t > 0 and t >= least
        for n in range(1, dice + 1):
            for p in range(players):
                total[p] = farkle_ways[n] * c[p]
            total_slope = farkle_ways[n]
            for k in range(num_outcomes[n]):
                best, best_u, best_m = -1.0, 0, 0
                for left in range(n):
                    for q in range(lesser.shape[3] + 1 if ends else 1):  # fewer points too
                        gain = points[n, k, left] if q == 0 else lesser[n, k, left, q - 1]
                        if gain < 0:
                            break
                        u = t + gain
                        m = next_dice[left]
                        if u >= top and not ends:  # a bank that wins
                            v = 1.0
                        elif m == 0 or u >= top:  # every die kept without hot dice, or the cap
                            v = bank[u, 0]
                        else:
                            v = value[u, m, 0]
                        # a margin under the interval's width may bind (a slope is at most 1)
                        if v > best:  # the new best's margin over the last
                            if track and v - best < width:
                                rise = _slope(slope, top, best_u, best_m) - _slope(slope, top, u, m)
                                low, high = _margin(v - best, rise, low, high)
                                width = max(high, -low)
                            best, best_u, best_m = v, u, m
                        elif track and best - v < width:  # the best's margin over this one
                            rise = _slope(slope, top, u, m) - _slope(slope, top, best_u, best_m)
                            low, high = _margin(best - v, rise, low, high)
                            width = max(high, -low)
                w = ways[n, k]
                if best_u >= top and not ends:
                    total[0] += w
                elif best_m == 0 or best_u >= top:
                    for p in range(players):
                        total[p] += w * bank[best_u, p]
                else:
                    for p in range(players):
                        total[p] += w * value[best_u, best_m, p]
                    total_slope += w * slope[best_u, best_m]
            rolled = total[0] / scale[n]
            rolled_slope = total_slope / scale[n]
            if can_bank and bank[t, 0] >= rolled:
                for p in range(players):
                    value[t, n, p] = bank[t, p]
                slope[t, n] = 0.0
                if track:
                    low, high = _margin(bank[t, 0] - rolled, rolled_slope, low, high)
                    width = max(high, -low)
            else:
                for p in range(players):
                    value[t, n, p] = total[p] / scale[n]
                slope[t, n] = rolled_slope
                if track and can_bank:
                    low, high = _margin(rolled - bank[t, 0], -rolled_slope, low, high)
                    width = max(high, -low)
    return top, low, high


@njit(cache=True)
def _slope(slope, top, u, m):  # pragma: no cover
    """Return the chance of a farkle after reaching the turn total ``u`` with ``m`` dice to
    roll (0: a bank, or a win from ``top`` on)."""
    return 0.0 if u >= top or m == 0 else slope[u, m]


@njit(cache=True)
def _margin(gap, rise, low, high):  # pragma: no cover
    """Return ``(low, high)`` narrowed so that the margin ``gap - rise * d`` of a choice over a
    rival stays non-negative for ``d`` in it."""
    if rise > 0.0:
        high = min(high, gap / rise)
    elif rise < 0.0:
        low = max(low, gap / rise)
    return low, high


@njit(cache=True)
def solve_orbit(
    values, goal, index, min_bank, entry, cap, middle, lesser,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, bank,
):  # fmt: skip  # pragma: no cover
    """Solve the orbit of the state ``index`` (its rotations, coupled by the farkle) given every
    higher score sum, write its rows into ``values`` and return ``(steps, residual)``.

    Policy iteration from the higher sums' values extrapolated (:func:`extrapolated`): each
    rotation's turn is solved with the farkle worth the next rotation's current values
    (shifted), giving every player's chance as ``a_r + f_r * c_r`` and the interval of its
    mover's farkle value where that policy stays best (:func:`turn_policy`); the cycle ``v_r =
    a_r + f_r * shift(v_{r+1})`` is then solved exactly. It stops when every rotation's farkle
    value lies in its interval (the values stored are the cycle's, residual 0), or when no turn
    re-solved moves a value by more than :data:`ROUNDING`; only the turns whose value left
    their interval are re-solved. A cycle of policies that never settles stops after
    :data:`MAX_STEPS` with its residual.
    """
    players = values.shape[1]
    dice = next_dice.shape[0]
    # The rotations' flat indices and movers' scores (the orbit may be shorter than N).
    members = np.empty(players, np.int64)
    firsts = np.empty(players, np.int64)
    members[0] = index
    length = 1
    for r in range(1, players + 1):
        first = members[r - 1] // goal ** (players - 1)
        firsts[r - 1] = first
        following = passed(members[r - 1], first, goal, players, 0)
        if following == index:
            break
        members[r] = following
        length += 1
    current = np.empty((length, players))
    for r in range(length):
        extrapolated(values, goal, members[r], current[r])
    new = np.empty((length, players))
    base = np.empty((length, players))
    farkles = np.empty(length)
    moved = np.empty(length)  # each mover's farkle value as its turn was last solved
    low = np.empty(length)
    high = np.empty(length)
    stale = np.ones(length, np.bool_)
    c = np.empty(players)
    residual = 1.0
    for step in range(1, MAX_STEPS + 1):
        residual = 0.0
        for r in range(length):
            if not stale[r]:
                continue
            shifted(current[(r + 1) % length], c)
            moved[r] = c[0]
            _, low[r], high[r] = turn_policy(
                values, goal, members[r], firsts[r], c, min_bank, entry, cap, middle, lesser,
                ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, bank,
                True,
            )  # fmt: skip
            f = slope[0, dice]
            farkles[r] = f
            for p in range(players):
                new[r, p] = value[0, dice, p]
                base[r, p] = new[r, p] - f * c[p]
                residual = max(residual, abs(new[r, p] - current[r, p]))
        if residual <= ROUNDING or step == MAX_STEPS:
            for r in range(length):
                values[members[r]] = new[r] if stale[r] else current[r]
            return step, residual
        _solve_cycle(base, farkles, current)
        settled = True
        for r in range(length):  # a policy best at the values it gives stands
            d = current[(r + 1) % length, players - 1] - moved[r]
            stale[r] = not low[r] <= d <= high[r]
            settled = settled and not stale[r]
        if settled:
            for r in range(length):
                values[members[r]] = current[r]
            return step, 0.0
    return MAX_STEPS, residual


@njit(cache=True)
def extrapolated(values, goal, index, out):  # pragma: no cover
    """Write into ``out`` a guess of the values at ``index`` from the higher score sums: the
    multilinear extrapolation from the corners one higher in each score that can rise (the sum
    over those sets of scores raised, signed by their size's parity); even chances if none."""
    players = values.shape[1]
    places = np.empty(players, np.int64)
    count = 0
    for p in range(players):
        place = goal ** (players - 1 - p)
        if (index // place) % goal + 1 < goal:
            places[count] = place
            count += 1
    out[:] = 1.0 / players if count == 0 else 0.0
    for raised in range(1, 2**count):
        corner, sign = index, -1.0
        for q in range(count):
            if raised >> q & 1:
                corner += places[q]
                sign = -sign
        for p in range(players):
            out[p] += sign * values[corner, p]


@njit(cache=True)
def _solve_cycle(base, farkles, out):  # pragma: no cover
    """Write into ``out`` the solution of ``v_r = base_r + f_r * shift(v_{r+1})`` around the
    orbit (``L`` rotations, ``f`` the farkles' chances).

    Unrolled from ``r = 0``: ``v_0 = k + F * shift^L(v_0)``, ``k`` the sum of the terms along
    the cycle and ``F`` the product of the ``f``; ``shift^L`` has order ``m = N / L``, so
    ``v_0 = sum_{q < m} F^q shift^{qL}(k) / (1 - F^m)``. The others follow backwards."""
    length, players = base.shape
    k = base[0].copy()
    scale = 1.0
    term = np.empty(players)
    moved = np.empty(players)
    for r in range(1, length):
        scale *= farkles[r - 1]
        for p in range(players):  # shift^r(base_r)
            term[p] = base[r, (p - r) % players]
        k += scale * term
    product = scale * farkles[length - 1]
    repeats = players // length
    v0 = np.zeros(players)
    weight = 1.0
    for q in range(repeats):
        for p in range(players):
            v0[p] += weight * k[(p - q * length) % players]
        weight *= product
    v0 /= 1.0 - weight
    out[0] = v0
    following = v0
    for r in range(length - 1, 0, -1):
        shifted(following, moved)
        out[r] = base[r] + farkles[r] * moved
        following = out[r]


@njit(cache=True, parallel=True)
def solve_layers(
    values, goal, orbits, bounds, first_layer, last_layer, min_bank, entry, cap, middle, lesser,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, steps, residuals,
):  # fmt: skip  # pragma: no cover
    """Solve the score-sum layers ``first_layer`` to ``last_layer`` (positions in ``bounds``,
    the highest sum first): layer ``l``'s orbits are ``orbits[bounds[l]:bounds[l + 1]]`` (each
    by its smallest flat index), solved in parallel; write each orbit's steps and residual at
    its position. Return the first layer with an orbit whose policies never settled (its
    orbits solved, the layers below not), or ``last_layer + 1``."""
    players = values.shape[1]
    dice = next_dice.shape[0]
    height = max(cap, min_bank) + points.max() + 1
    for layer in range(first_layer, last_layer + 1):
        start, stop = bounds[layer], bounds[layer + 1]
        for q in prange(stop - start):
            value = np.empty((height, dice + 1, players))
            slope = np.empty((height, dice + 1))
            bank = np.empty((height, players))
            count, residual = solve_orbit(
                values, goal, orbits[start + q], min_bank, entry, cap, middle, lesser,
                ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, bank,
            )  # fmt: skip
            steps[start + q] = count
            residuals[start + q] = residual
        if stop > start and residuals[start:stop].max() > ROUNDING:
            return layer
    return last_layer + 1


@njit(cache=True, parallel=True)
def residuals(
    values, goal, rows, min_bank, entry, cap, middle, lesser,
    ways, points, num_outcomes, farkle_ways, scale, next_dice, out,
):  # fmt: skip  # pragma: no cover
    """Fill ``out[k, p]`` with ``|values[rows[k], p] - its turn's|``: the turn of each state
    ``rows`` lists (flat indices) re-solved, the farkle worth the stored values of the next
    state.

    A turn's work falls as the mover's score (the index's leading digit) rises, so the states
    are taken from both ends at once (``q`` even from the low end, odd from the high end): each
    thread's block of ``q`` then holds as much work as another's."""
    states, players = rows.shape[0], values.shape[1]
    dice = next_dice.shape[0]
    height = max(cap, min_bank) + points.max() + 1
    for q in prange(states):
        k = q // 2 if q % 2 == 0 else states - 1 - q // 2
        index = rows[k]
        value = np.empty((height, dice + 1, players))
        slope = np.empty((height, dice + 1))
        bank = np.empty((height, players))
        c = np.empty(players)
        first = index // goal ** (players - 1)
        shifted(values[passed(index, first, goal, players, 0)], c)
        turn_vectors(
            values, goal, index, first, c, min_bank, entry, cap, middle, lesser,
            ways, points, num_outcomes, farkle_ways, scale, next_dice, value, slope, bank,
        )  # fmt: skip
        for p in range(players):
            out[k, p] = abs(value[0, dice, p] - values[index, p])
