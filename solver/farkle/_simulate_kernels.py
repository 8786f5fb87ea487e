"""Numba kernel of seeded Farkle games between two fixed players (:mod:`solver.farkle.simulate`):
each die drawn from the generator, the roll's outcome looked up from its counts, each seat
deciding as :mod:`solver.farkle._policy_kernels` does."""

from __future__ import annotations

import numpy as np

from pigsolve.solver.farkle._kernels import ONE_KEEP
from pigsolve.solver.farkle._policy_kernels import GUIDED, _banks, _left, guided_turn
from pigsolve.solver.jit import njit


@njit(cache=True, nogil=True)
def play_games(
    rng,
    winner,
    turns,
    first_game,
    goal,
    min_bank,
    entry,
    ways,
    points,
    num_outcomes,
    farkle_ways,
    scale,
    next_dice,
    outcome_of,
    kind_a,
    guide_a,
    bank_a,
    choose_a,
    kind_b,
    guide_b,
    bank_b,
    choose_b,
):  # pragma: no cover
    """Play ``len(winner)`` games, A (seat 0) starting game ``first_game + g`` when it is even;
    write each game's winner (0: A) and turns. Dice are drawn from ``rng`` face by face and
    the roll's outcome read from ``outcome_of[code]`` (-1: a farkle)."""
    dice = next_dice.shape[0]
    size = max(goal, min_bank)
    gvalue = np.empty((size, dice + 1))
    gslope = np.empty((size, dice + 1))
    groll = np.empty((size, dice + 1))
    no_last = np.zeros(2 * goal + min_bank + points.max() + 2)  # these games: no last round
    counts = np.zeros(6, np.int64)
    scores = np.zeros(2, np.int64)
    for g in range(winner.shape[0]):
        scores[:] = 0
        mover = (first_game + g) % 2
        count = 0
        while True:
            count += 1
            i = scores[mover]
            j = scores[1 - mover]
            if mover == 0:
                kind, guide, bank, choose = kind_a, guide_a, bank_a, choose_a
            else:
                kind, guide, bank, choose = kind_b, guide_b, bank_b, choose_b
            if kind == GUIDED:
                guided_turn(
                    guide, i, j, min_bank, entry, goal, no_last, ONE_KEEP, ways, points,
                    num_outcomes, farkle_ways, scale, next_dice, gvalue, gslope, groll,
                )  # fmt: skip
            top = max(goal - i, min_bank)
            least = entry if i == 0 else min_bank
            t = 0
            n = dice
            banked = 0
            won = False
            while True:
                if t >= top:
                    won = True
                    break
                can_bank = t > 0 and t >= least
                if can_bank and _banks(kind, guide, no_last, bank, i, j, t, n, groll):
                    banked = t
                    break
                counts[:] = 0
                for _ in range(n):
                    counts[rng.integers(0, 6)] += 1
                code = 0
                power = 1
                for f in range(6):
                    code += counts[f] * power
                    power *= 7
                k = outcome_of[code]
                if k < 0:  # a farkle
                    break
                left, gain = _left(
                    kind, guide, no_last, ONE_KEEP, choose, i, j, t, n, k, top, points,
                    next_dice, gvalue,
                )  # fmt: skip
                t += gain
                n = next_dice[left]
                if n == 0:  # every die kept without hot dice: the turn banks
                    if i + t >= goal:
                        won = True
                    banked = t
                    break
            if won:
                winner[g] = mover
                break
            scores[mover] += banked
            mover = 1 - mover
        turns[g] = count
