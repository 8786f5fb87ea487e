"""Numba kernels that play seeded games of Pig for any number of players.

Private (see :mod:`solver.pig.simulate`): plain loops over arrays that write into arrays the
caller allocates. Imported only on computing paths. ``seats`` is the tuple of
:func:`solver.pig.seat_policy.pack_seats`, ``tally`` the roll of
:func:`solver.games.pig.roll_counts` (for the greedy seats), ``draws`` the tuple of
:func:`solver.pig.simulate.roll_draws`.

Game g draws its rolls (and its coins at mixed states) from its own splitmix64 stream seeded by
(seed, g), so results do not depend on threading or chunking. A roll is a fair draw of
``1..L``, ``L`` the common denominator of the game's probabilities, each outcome taking
consecutive numbers in the order of its table (as :meth:`solver.games.pig_outcomes.RollOutcomes.
draw`): exact probabilities. Below ``L = 2**32`` Lemire's unbiased reduction of 32 bits (Pig's
die: the faces drawn before the family existed), above it the rejection of 64-bit draws beyond
the largest multiple of ``L``. :func:`play_games` plays any seats; :func:`play_pair`, its fast
path for two threshold tables, plays the same games.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.jit import njit, prange
from pigsolve.solver.pig._kernels.indexing import flat_index
from pigsolve.solver.pig.evaluation._kernels import frame_of, seat_choices
from pigsolve.solver.pig.seat_policy import EXPLICIT, THRESHOLD

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)


@njit(cache=True)
def _mix64(z):  # pragma: no cover
    """Return the splitmix64 finaliser of ``z`` (a bijection of uint64 with good avalanche)."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _roll_die(state, die, threshold):  # pragma: no cover
    """Return (face in 1..die, new state): splitmix64 step, Lemire's unbiased range reduction."""
    while True:
        state = state + _GOLDEN
        x = _mix64(state) >> np.uint64(32)
        m = x * np.uint64(die)
        if (m & _LOW32) >= threshold:
            return np.int64(m >> np.uint64(32)) + 1, state


@njit(cache=True)
def _roll_large(state, size, limit):  # pragma: no cover
    """Return (a number in 1..size, new state): 64-bit draws below ``limit``, a multiple of
    ``size``, reduced modulo ``size``."""
    while True:
        state = state + _GOLDEN
        x = _mix64(state)
        if x < limit:
            return np.int64(x % size) + 1, state


@njit(cache=True)
def _draw(state, draws):  # pragma: no cover
    """Return (the points of one roll, new state): > 0 adds, 0 is a pig, -1 a reset."""
    size, limit, upto, points = draws
    if size < np.uint64(2**32):
        value, state = _roll_die(state, size, limit)
    else:
        value, state = _roll_large(state, size, limit)
    if upto.shape[0] == np.int64(size):  # every outcome one number (Pig's die)
        return points[value - 1], state
    return points[np.searchsorted(upto, value)], state


@njit(cache=True)
def _uniform(state):  # pragma: no cover
    """Return (a uniform float in [0, 1), new state) from the splitmix64 stream."""
    state = state + _GOLDEN
    return float(_mix64(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0), state


@njit(cache=True, parallel=True)
def play_games(
    seats, goal, tally, draws, seed, first_game, winner, turns, chunks
):  # pragma: no cover
    """Play games ``first_game, first_game + 1, ...``, one per output slot.

    Game g starts with seat ``g % N`` and play passes in seat order; a reset zeroes the mover's
    score. ``winner[n]`` gets the winning seat, ``turns[n]`` the turns played.
    """
    kinds, slots, thresholds, memory = seats[0], seats[1], seats[2], seats[3]
    packed = seats[8]
    table_bits = thresholds.reshape(-1)  # contiguous: a turn's row starts at ``base``
    packed_bits = packed.reshape(-1)
    n = kinds.shape[0]
    stream = _mix64(np.uint64(seed) ^ _GOLDEN)
    size = winner.shape[0]
    for c in prange(chunks):
        scores = np.empty(n, np.int64)
        held = np.empty(n, np.int64)
        frame = np.empty(n, np.int64)
        p = np.empty(goal)
        own = np.empty(goal)
        for g in range(c * size // chunks, (c + 1) * size // chunks):
            state = _mix64(stream + np.uint64(first_game + g) * _GOLDEN)
            for t in range(n):
                scores[t] = 0
                held[t] = 0
            player, num_turns = (first_game + g) % n, 0
            while True:
                num_turns += 1
                kind, slot, mine = kinds[player], slots[player], scores[player]
                # the mover's choices: threshold tables and explicit bits are read lazily
                base = 0
                if kind == THRESHOLD:
                    leader = 0
                    for t in range(n):
                        if t != player:
                            leader = max(leader, scores[t])
                    depth = min(held[player], memory[slot] - 1)
                    base = ((slot * thresholds.shape[1] + depth) * goal + mine) * goal + leader
                    base *= goal
                else:
                    frame_of(scores, player, frame)
                    if kind == EXPLICIT:
                        base = (slot * packed.shape[1] + flat_index(frame, goal)) * packed.shape[2]
                    else:
                        seat_choices(seats, player, frame, held[player], goal, tally, p, own)
                k, won = 0, False
                while True:  # the first roll is forced; then roll or hold at each k > 0
                    gained, state = _draw(state, draws)
                    if gained <= 0:
                        if gained < 0:
                            scores[player] = 0
                        break
                    k += gained
                    if mine + k >= goal:
                        won = True
                        break
                    if kind == THRESHOLD:
                        roll = table_bits[base + k]
                    elif kind == EXPLICIT:
                        roll = (packed_bits[base + (k >> 3)] >> (k & 7)) & 1 == 1
                    else:
                        roll = p[k] >= 1.0
                        if 0.0 < p[k] < 1.0:
                            u, state = _uniform(state)
                            roll = u < p[k]
                    if not roll:
                        scores[player] = mine + k
                        held[player] += 1
                        break
                if won:
                    winner[g] = player
                    turns[g] = num_turns
                    break
                player = player + 1 if player + 1 < n else 0


@njit(cache=True, parallel=True)
def play_pair(roll_a, roll_b, draws, seed, first_game, winner, turns):  # pragma: no cover
    """:func:`play_games` for two threshold tables ``[t, i, j, k]`` (A in seat 0, B in seat 1):
    the same games from the same seed, about 15% faster (no seat kinds, no frames)."""
    goal = roll_a.shape[1]
    m_a = roll_a.shape[0]
    m_b = roll_b.shape[0]
    stream = _mix64(np.uint64(seed) ^ _GOLDEN)
    for n in prange(winner.shape[0]):
        game = np.uint64(first_game + n)
        state = _mix64(stream + game * _GOLDEN)
        player = (first_game + n) % 2
        score_a = 0
        score_b = 0
        held_a = 0
        held_b = 0
        num_turns = 0
        while True:
            num_turns += 1
            k = 0
            mine = score_a if player == 0 else score_b
            theirs = score_b if player == 0 else score_a
            won = False
            while True:
                if player == 0:
                    roll = k == 0 or roll_a[held_a, mine, theirs, k]
                else:
                    roll = k == 0 or roll_b[held_b, mine, theirs, k]
                if not roll:
                    if player == 0:
                        score_a += k
                        held_a = min(held_a + 1, m_a - 1)
                    else:
                        score_b += k
                        held_b = min(held_b + 1, m_b - 1)
                    break
                points, state = _draw(state, draws)
                if points <= 0:
                    if points < 0 and player == 0:
                        score_a = 0
                    elif points < 0:
                        score_b = 0
                    break
                k += points
                if mine + k >= goal:
                    won = True
                    break
            if won:
                winner[n] = player
                turns[n] = num_turns
                break
            player = 1 - player
