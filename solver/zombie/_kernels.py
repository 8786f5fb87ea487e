"""Numba kernel of a Zombie Dice turn: one backward pass over the levels and the lies of the dice.

The turn comes as the arrays of :class:`solver.zombie.laws.TurnLaws` (``offsets, target, gain,
prob, bust``), always passed in that order. A *level* counts the turn's brains from a base the
caller chooses: a roll gaining ``g`` brains moves from level ``l`` to ``min(l + g, top)``, and
``top`` must stop. ``stop[l]`` is the mover's chance on stopping at level ``l`` and ``slope[l]``
its derivative in the value of the shotguns ending the turn, ``shot``; the pass gives both at
every state, the chosen action's, so that a caller can solve for the ``shot`` that makes a turn
consistent with its opponent's (Newton's method). Arrays are ``[level, lie]``: a level's rows
and the next few are what a pass reads. The kernels release the GIL (pairs run on threads).
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit


@njit(cache=True, nogil=True)
def turn_pass(
    offsets, target, gain, prob, bust, stop, slope, shot, value, dvalue, rolls, worths, fixed
):  # pragma: no cover
    """Fill ``value[l, i]`` (the mover's chance after a roll left lie ``i`` at level ``l``, the
    better of stopping and rolling), ``dvalue[l, i]`` (its derivative in ``shot``),
    ``rolls[l, i]`` (True where rolling is strictly better) and ``worths[l, i]`` (rolling's
    chance; at the top, stopping's); with ``fixed`` the decisions are read from ``rolls``
    instead (a given player's), every value then theirs.

    A roll that gains nothing and shows only feet from a full hand leaves the lie as it was:
    the mover then rolls again, so the roll's worth is that of its other outcomes divided by the
    chance of one (the lies' order makes every other outcome's value known already).
    """
    levels, lies = value.shape
    top = levels - 1
    for i in range(lies):
        value[top, i] = stop[top]
        dvalue[top, i] = slope[top]
        rolls[top, i] = False
        worths[top, i] = stop[top]
    for level in range(top - 1, -1, -1):
        for i in range(lies):
            worth, dworth = _roll(offsets, target, gain, prob, bust, shot, value, dvalue, i, level)
            worths[level, i] = worth
            if (fixed and rolls[level, i]) or (not fixed and worth > stop[level]):
                value[level, i], dvalue[level, i], rolls[level, i] = worth, dworth, True
            else:
                value[level, i], dvalue[level, i], rolls[level, i] = (
                    stop[level],
                    slope[level],
                    False,
                )


@njit(cache=True, nogil=True)
def start_rolls(offsets, target, gain, prob, bust, shot, value, dvalue, start):  # pragma: no cover
    """Return the worth of a turn's first roll (from lie ``start``) at every level, and its
    derivative in ``shot``, from a filled ``value`` and ``dvalue`` (at the top: stopping's)."""
    levels = value.shape[0]
    worth = np.empty(levels)
    dworth = np.empty(levels)
    for level in range(levels):
        if level == levels - 1:
            worth[level], dworth[level] = value[level, start], dvalue[level, start]
        else:
            worth[level], dworth[level] = _roll(
                offsets, target, gain, prob, bust, shot, value, dvalue, start, level
            )
    return worth, dworth


@njit(cache=True, nogil=True, inline="always")
def _roll(offsets, target, gain, prob, bust, shot, value, dvalue, i, level):  # pragma: no cover
    top = value.shape[0] - 1
    worth = bust[i] * shot
    dworth = bust[i]
    same = 0.0
    for k in range(offsets[i], offsets[i + 1]):
        j = target[k]
        if j == i and gain[k] == 0:
            same += prob[k]
            continue
        after = min(level + gain[k], top)
        worth += prob[k] * value[after, j]
        dworth += prob[k] * dvalue[after, j]
    return worth / (1.0 - same), dworth / (1.0 - same)


@njit(cache=True, nogil=True)
def turn_ends(offsets, target, gain, prob, bust, rolls, start, mass):  # pragma: no cover
    """Return how a turn played by the decisions ``rolls[l, i]`` ends, from its first roll
    (forced, from lie ``start`` at level 0): the chance of stopping at each level, and of the
    shotguns. ``mass`` is scratch of ``rolls``' shape. Mass flows from a lie to earlier ones at
    its level (the lies' order) and to higher levels, so one sweep carries it all."""
    levels, lies = rolls.shape
    top = levels - 1
    mass[:, :] = 0.0
    mass[0, start] = 1.0
    stopped = np.zeros(levels)
    shot = 0.0
    for level in range(levels):
        for i in range(lies - 1, -1, -1):
            m = mass[level, i]
            if m == 0.0:
                continue
            if level == top or not (rolls[level, i] or (i == start and level == 0)):
                stopped[level] += m
                continue
            same = 0.0
            for k in range(offsets[i], offsets[i + 1]):
                if target[k] == i and gain[k] == 0:
                    same += prob[k]
            m /= 1.0 - same
            shot += m * bust[i]
            for k in range(offsets[i], offsets[i + 1]):
                j = target[k]
                if j == i and gain[k] == 0:
                    continue
                mass[min(level + gain[k], top), j] += m * prob[k]
    return stopped, shot
