"""Numba kernels of the exact N-player evaluation, the best response and the simulation.

Private (see :mod:`solver.pig.evaluate_multi` and :mod:`solver.pig.simulate_multi`): plain loops
over arrays that write into arrays the caller allocates. Imported only on computing paths.

Scores are absolute (seat order) in ``values[m, flat(s), j]``: seat ``j``'s win probability when
seat ``m`` is to move at turn total 0. A seat's player sees its *frame*: its own score, then the
next seats' in the order they move. ``seats`` is the tuple ``(kinds, slots, thresholds, memory,
after, mixed_index, mixed_k, mixed_q, packed)`` built by :func:`pack_seats` (numpy) from
:class:`solver.pig.seats.SeatPolicy`; ``faces`` the triple of
:func:`solver.games.pig.face_arrays`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numba import njit, prange

from pigsolve.solver.pig._evaluate_kernels import _GOLDEN, _mix64, _roll_die
from pigsolve.solver.pig._multi_kernels import ROUNDING, decode, flat_index, greedy
from pigsolve.solver.pig.seats import BEST, EXPLICIT, GREEDY, THRESHOLD, SeatPolicy

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pigsolve.solver.games.pig import PigRules

MAX_ITERATIONS = 100
"""A best-response row not settled after this many linear solves is reported unsettled."""


def pack_seats(rules: PigRules, policies: Sequence[SeatPolicy], best: bool = False) -> tuple:
    """Return the seats as the kernels take them (``best``: seat 0 is the best responder)."""
    goal, n = rules.goal, rules.players
    kinds = np.empty(n, np.int64)
    slots = np.zeros(n, np.int64)
    stacks: dict[int, list[SeatPolicy]] = {THRESHOLD: [], GREEDY: [], EXPLICIT: []}
    slot_of: dict[int, int] = {}
    for seat, policy in enumerate(policies):
        if best and seat == 0:
            kinds[0] = BEST
            continue
        if id(policy) not in slot_of:
            slot_of[id(policy)] = len(stacks[policy.kind])
            stacks[policy.kind].append(policy)
        kinds[seat], slots[seat] = policy.kind, slot_of[id(policy)]
    tables = stacks[THRESHOLD]
    depth = max((p.memory for p in tables), default=1)
    thresholds = np.zeros(
        (len(tables), depth, goal, goal, goal) if tables else (0, 1, 1, 1, 1), bool
    )
    for slot, policy in enumerate(tables):
        thresholds[slot, : policy.memory] = policy.roll
        thresholds[slot, policy.memory :] = policy.roll[-1]
    memory = np.array([p.memory for p in tables] or [1], np.int64)
    greedy = stacks[GREEDY]
    after = np.stack([p.after for p in greedy]) if greedy else np.zeros((0, 1))
    keys, turn_totals, probabilities = (
        [np.zeros(0, np.int64)],
        [np.zeros(0, np.int64)],
        [np.zeros(0)],
    )
    for slot, policy in enumerate(greedy):
        index, k, q = policy.mixed
        keys.append(slot * goal**n + index)
        turn_totals.append(k)
        probabilities.append(q)
    key = np.concatenate(keys)
    order = np.argsort(key, kind="stable")
    explicit = stacks[EXPLICIT]
    packed = np.stack([p.packed for p in explicit]) if explicit else np.zeros((0, 1, 1), np.uint8)
    return (
        kinds,
        slots,
        np.ascontiguousarray(thresholds),
        memory,
        np.ascontiguousarray(after, np.float64),
        np.ascontiguousarray(key[order], np.int64),
        np.ascontiguousarray(np.concatenate(turn_totals)[order], np.int64),
        np.ascontiguousarray(np.concatenate(probabilities)[order], np.float64),
        np.ascontiguousarray(packed, np.uint8),
    )


@njit(cache=True)
def _frame(scores, m, frame):  # pragma: no cover
    """Write into ``frame`` the scores seen from seat ``m``."""
    n = scores.shape[0]
    for t in range(n):
        frame[t] = scores[(m + t) % n]


@njit(cache=True)
def seat_choices(seats, m, frame, held, goal, faces, p, own):  # pragma: no cover
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
        greedy(table, f, goal ** (n - 1), table[f], length, mix_k, mix_q, faces, p, own)


@njit(cache=True)
def turn(values, following, f, stride, length, m, p, mass, faces, b0):  # pragma: no cover
    """Return ``a0`` and write ``b0`` of mover ``m``'s turn at flat ``f``: ``V_m = a0 *
    V_following + b0`` (``V_following`` after a pig; the same scores).

    Forward over the turn totals: ``mass[k]`` is the probability of reaching ``k``; a hold at
    ``k`` reaches ``values[following, f + k * stride]`` (a higher score sum, solved).
    """
    gains, num_faces, num_pigs = faces
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
            share = q * reach / num_faces
            pig += num_pigs * share
            for t in range(gains.shape[0]):
                kk = k + gains[t]
                if kk < length:
                    mass[kk] += share
                else:
                    b0[m] += share
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
def _vector(values, goal, f, seats, faces, decisions, work):  # pragma: no cover
    """Evaluate the N movers' start vectors at flat ``f``; return the linear solves (-1:
    the best response did not settle)."""
    scores, frame, p, own, mass, a0, b0, out, chosen = work
    n = scores.shape[0]
    decode(f, goal, scores)
    best = seats[0][0] == BEST
    for m in range(1 if best else 0, n):
        _frame(scores, m, frame)
        seat_choices(seats, m, frame, 0, goal, faces, p, own)
        length = goal - scores[m]
        a0[m] = turn(values, (m + 1) % n, f, goal ** (n - 1 - m), length, m, p, mass, faces, b0[m])
    count = 1
    if best:
        count = _best_row(values, goal, f, scores, faces, work)
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
def _best_row(values, goal, f, scores, faces, work):  # pragma: no cover
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
    greedy(mine, f, stride, x, length, -1, 0.0, faces, p, own)
    for count in range(1, MAX_ITERATIONS + 1):
        a0[0] = turn(values, 1, f, stride, length, 0, p, mass, faces, b0[0])
        cycle(a0, b0, out)
        moved = abs(out[1, 0] - x)
        x = out[1, 0]
        chosen[:length] = p[:length]
        if greedy(mine, f, stride, x, length, -1, 0.0, faces, p, own) == 0 or moved <= ROUNDING:
            return count
    return -1


@njit(cache=True, parallel=True)
def evaluate_layer(
    values, goal, members, count, seats, faces, decisions, solves, chunks
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
            solves[o] = _vector(values, goal, members[o], seats, faces, decisions, work)


@njit(cache=True)
def _uniform(state):  # pragma: no cover
    """Return (a uniform float in [0, 1), new state) from the splitmix64 stream."""
    state = state + _GOLDEN
    return float(_mix64(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0), state


@njit(cache=True, parallel=True)
def play_games(
    seats, goal, faces, points, seed, first_game, winner, turns, chunks
):  # pragma: no cover
    """Play games ``first_game, first_game + 1, ...`` one per output slot; seat 0 starts.

    Game g draws from its own splitmix64 stream seeded by (seed, g), as
    :func:`solver.pig._evaluate_kernels.play_games` does, so results do not depend on threading
    or chunking; a coin at a mixed state comes from the same stream. ``points`` is the value of
    each face (0: pig). ``winner[g]`` gets the winning seat, ``turns[g]`` the turns played.
    """
    n = seats[0].shape[0]
    die = points.shape[0]
    threshold = np.uint64((2**32) % die)
    stream = _mix64(np.uint64(seed) ^ _GOLDEN)
    for c in prange(chunks):
        scores = np.empty(n, np.int64)
        held = np.empty(n, np.int64)
        frame = np.empty(n, np.int64)
        p = np.empty(goal)
        own = np.empty(goal)
        for g in range(c, winner.shape[0], chunks):
            state = _mix64(stream + np.uint64(first_game + g) * _GOLDEN)
            scores[:] = 0
            held[:] = 0
            player, num_turns = 0, 0
            while True:
                num_turns += 1
                _frame(scores, player, frame)
                seat_choices(seats, player, frame, held[player], goal, faces, p, own)
                k, won = 0, False
                while True:
                    q = p[k]
                    roll = q >= 1.0
                    if 0.0 < q < 1.0:
                        u, state = _uniform(state)
                        roll = u < q
                    if not roll:
                        scores[player] += k
                        held[player] += 1
                        break
                    face, state = _roll_die(state, die, threshold)
                    if points[face - 1] == 0:
                        break
                    k += points[face - 1]
                    if scores[player] + k >= goal:
                        won = True
                        break
                if won:
                    winner[g] = player
                    turns[g] = num_turns
                    break
                player = (player + 1) % n
