"""Numba kernels for exact two-policy evaluation and for simulating games of Pig.

Private: plain loops over arrays that write into output arrays the caller allocates. The public
wrappers, which validate and allocate, are in :mod:`solver.pig.evaluate` and
:mod:`solver.pig.simulate`.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange


@njit(cache=True)
def _turn_affine(roll, score, hold_next, gains, num_faces, num_pigs, alpha, beta):
    """Return (alpha_0, beta_0) with W(k=0) = alpha_0 + beta_0 * y for one fixed turn.

    ``roll[k]`` is the mover's action at turn total k, ``hold_next[score + k]`` the opponent's
    k = 0 win probability after the mover banks k, and y the opponent's k = 0 win probability
    after a pig (same scores). The die is :func:`solver.games.pig.face_arrays`'s. ``alpha`` and
    ``beta`` are work buffers of length >= goal - score.
    """
    goal = roll.shape[0]
    inv_faces = 1.0 / num_faces
    for k in range(goal - 1 - score, -1, -1):
        if k == 0 or roll[k]:
            a = float(num_pigs)
            b = -float(num_pigs)
            for r in gains:
                if score + k + r >= goal:
                    a += 1.0
                else:
                    a += alpha[k + r]
                    b += beta[k + r]
            alpha[k] = a * inv_faces
            beta[k] = b * inv_faces
        else:
            alpha[k] = 1.0 - hold_next[score + k]
            beta[k] = 0.0
    return alpha[0], beta[0]


@njit(cache=True)
def evaluate_pair(roll_x, roll_y, gains, num_faces, num_pigs, w_x, w_y):
    """Fill the k = 0 win probabilities of X-to-move and Y-to-move states, layer by layer.

    Serial on purpose: the pairs of one layer are independent, but a layer holds at most G
    pairs of O(G D) work, and one thread barrier per layer (2G - 1 of them) cost more than the
    work itself: a goal-100 comparison took 3 ms serial and 0.1-0.9 s with ``prange`` on two
    shared cores.

    Parameters
    ----------
    roll_x, roll_y : ndarray(bool, ndim=4)
        Roll tables ``[t, i, j, k]`` of shapes (m_x, G, G, G) and (m_y, G, G, G).
    gains, num_faces, num_pigs
        The die, as :func:`solver.games.pig.face_arrays` gives it.
    w_x : ndarray(float64, shape=(G, G, m_x, m_y))
        Output: ``w_x[i, j, a, b]``, probability that X (score i, held turns a) wins moving first
        at turn total 0 against Y (score j, held turns b).
    w_y : ndarray(float64, shape=(G, G, m_y, m_x))
        Output: ``w_y[j, i, b, a]``, the same for Y to move.
    """
    goal = w_x.shape[0]
    m_x = w_x.shape[2]
    m_y = w_x.shape[3]
    alpha = np.empty(goal)
    beta = np.empty(goal)
    for s in range(2 * goal - 2, -1, -1):
        i_lo = max(0, s - goal + 1)
        i_hi = min(s, goal - 1)
        num_tasks = (i_hi - i_lo + 1) * m_x * m_y
        for task in range(num_tasks):
            i = i_lo + task // (m_x * m_y)
            a = (task // m_y) % m_x
            b = task % m_y
            j = s - i
            a_next = min(a + 1, m_x - 1)
            b_next = min(b + 1, m_y - 1)
            alpha_x, beta_x = _turn_affine(
                roll_x[a, i, j], i, w_y[j, :, b, a_next], gains, num_faces, num_pigs, alpha, beta
            )
            alpha_y, beta_y = _turn_affine(
                roll_y[b, j, i], j, w_x[i, :, a, b_next], gains, num_faces, num_pigs, alpha, beta
            )
            # x = alpha_x + beta_x y and y = alpha_y + beta_y x; |beta| < 1 since a roll can win.
            x = (alpha_x + beta_x * alpha_y) / (1.0 - beta_x * beta_y)
            w_x[i, j, a, b] = x
            w_y[j, i, b, a] = alpha_y + beta_y * x


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)


@njit(cache=True)
def _mix64(z):
    """Return the splitmix64 finaliser of ``z`` (a bijection of uint64 with good avalanche)."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _roll_die(state, die, threshold):
    """Return (face in 1..die, new state): splitmix64 step, Lemire's unbiased range reduction."""
    while True:
        state = state + _GOLDEN
        x = _mix64(state) >> np.uint64(32)
        m = x * np.uint64(die)
        if (m & _LOW32) >= threshold:
            return np.int64(m >> np.uint64(32)) + 1, state


@njit(cache=True, parallel=True)
def play_games(roll_a, roll_b, faces, seed, first_game, winner, turns):
    """Play games ``first_game, first_game + 1, ...``, one per output slot; A starts even games.

    Game g draws its dice from its own stream seeded by (seed, g), so results do not depend on
    threading or chunking. ``winner[n]`` is 0 if A won game ``first_game + n``, else 1;
    ``turns[n]`` counts the turns played (both players). ``faces`` holds the point value of
    each face of the die (0: pig), as :attr:`solver.games.pig.PigRules.faces`.
    """
    goal = roll_a.shape[1]
    m_a = roll_a.shape[0]
    m_b = roll_b.shape[0]
    die = faces.shape[0]
    threshold = np.uint64((2**32) % die)
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
                face, state = _roll_die(state, die, threshold)
                points = faces[face - 1]
                if points == 0:
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
