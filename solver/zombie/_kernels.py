"""Numba kernel of a Zombie Dice turn: one backward pass over the lies of the dice and a level.

The turn comes as the arrays of :class:`solver.zombie.laws.TurnLaws` (``offsets, target, gain,
prob, bust``), named ``laws`` below and always passed in that order. A *level* counts the
turn's brains from a base the caller chooses: a roll gaining ``g`` brains moves from level
``l`` to ``min(l + g, top)``, and ``top`` must stop. ``stop[l]`` is the mover's chance on
stopping at level ``l`` and ``slope[l]`` its derivative in the value of the shotguns ending the
turn, ``shot``; the pass gives both at every state, the chosen action's, so that a caller can
solve for the ``shot`` that makes a turn consistent with its opponent's (Newton's method).
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit


@njit(cache=True)
def turn_pass(
    offsets, target, gain, prob, bust, stop, slope, shot, value, dvalue, rolls, worths, fixed
):  # pragma: no cover
    """Fill ``value[i, l]`` (the mover's chance after a roll left lie ``i`` at level ``l``, the
    better of stopping and rolling), ``dvalue[i, l]`` (its derivative in ``shot``),
    ``rolls[i, l]`` (True where rolling is strictly better) and ``worths[i, l]`` (rolling's
    chance; at the top, stopping's). With ``fixed`` the decisions are read from ``rolls``
    instead (a given player's), every value then theirs.

    A roll that gains nothing and shows only feet from a full hand leaves the lie as it was:
    the mover then rolls again, so the roll's worth is that of its other outcomes divided by the
    chance of one (the lies' order makes every other outcome's value known already).
    """
    lies, levels = value.shape
    top = levels - 1
    for level in range(top, -1, -1):
        for i in range(lies):
            if level == top:
                value[i, level] = stop[level]
                dvalue[i, level] = slope[level]
                worths[i, level] = stop[level]
                continue
            worth, dworth = _roll(
                offsets, target, gain, prob, bust, shot, value, dvalue, i, level, top
            )
            worths[i, level] = worth
            if (fixed and rolls[i, level]) or (not fixed and worth > stop[level]):
                value[i, level], dvalue[i, level], rolls[i, level] = worth, dworth, True
            else:
                value[i, level], dvalue[i, level], rolls[i, level] = (
                    stop[level],
                    slope[level],
                    False,
                )


@njit(cache=True)
def start_rolls(offsets, target, gain, prob, bust, shot, value, dvalue, start):  # pragma: no cover
    """Return the worth of a turn's first roll (from lie ``start``) at every level below the top,
    and its derivative in ``shot``, from a filled ``value`` and ``dvalue``."""
    levels = value.shape[1]
    worth = np.empty(levels)
    dworth = np.empty(levels)
    for level in range(levels):
        if level == levels - 1:
            worth[level], dworth[level] = value[start, level], dvalue[start, level]
        else:
            worth[level], dworth[level] = _roll(
                offsets, target, gain, prob, bust, shot, value, dvalue, start, level, levels - 1
            )
    return worth, dworth


@njit(cache=True, inline="always")
def _roll(
    offsets, target, gain, prob, bust, shot, value, dvalue, i, level, top
):  # pragma: no cover
    worth = bust[i] * shot
    dworth = bust[i]
    same = 0.0
    for k in range(offsets[i], offsets[i + 1]):
        j = target[k]
        if j == i and gain[k] == 0:
            same += prob[k]
            continue
        after = min(level + gain[k], top)
        worth += prob[k] * value[j, after]
        dworth += prob[k] * dvalue[j, after]
    return worth / (1.0 - same), dworth / (1.0 - same)
