r"""Solve Hog exactly: optimal play, fixed strategies, best responses, comparisons, tables.

Every turn raises the score sum, except zero dice that score 0 (Spring 2022's Hefty Hogs), so
each quantity below is computed in ONE backward pass over decreasing score sums, exact up to
float64 rounding, with no tolerance; 0-point turns are settled within their sum (see
:func:`solve` for the choice they leave open):

``solve(rules)``
    Both players maximise their own win probability (the optimality equation below).
``evaluate(rules, policy_a, policy_b)``
    Two fixed strategies: the probability that the mover wins, for each seat.
``best_response(rules, policy_b)``
    The exact best reply to a fixed strategy and its win probabilities.

A policy is an ``int8`` array of shape ``rules.shape`` holding a number of dice for every state
``(s, o, f, a, b)``. Ties between actions whose values differ by at most :data:`TIE` are broken
towards the fewest dice (in fa16: -1 before 0 before 1 ...), in every solver here, but for zero
dice that score 0 points: stalling is chosen only when it is better by more than the tie.

Optimality equation
-------------------
Let ``T(x, n, p)`` be the state after the mover in ``x`` chooses ``n`` and the dice give turn
score ``p`` (bonus, Pork Chop flag and swap applied), seen by the next mover, and ``W(x)`` the
mover's win probability. With ``q_x(n, p)`` the exact turn-score distribution
(:func:`solver.games.hog_dice.turn_distribution`),

.. math::

    W(x) = \max_n \sum_p q_x(n, p)\, \big[1 - W(T(x, n, p))\big],

where ``1 - W`` is replaced by 1 when the mover ends the turn at ``>= G`` (after the swap), by 0
when the opponent does, and by ``W`` of the mover's next state after an extra turn (chains of
extra turns included: each reads a higher sum).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from numbers import Integral
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.hog import (
    FERAL_BONUS,
    FERAL_GAP,
    MAX_ROLLS,
    HogRules,
    HogState,
    after_turn,
    boost,
    zero_dice,
)
from pigsolve.solver.games.hog_dice import roll_distribution
from pigsolve.solver.states import numbers

TIE = 1e-12
"""Actions whose values differ by at most this are tied; the fewest dice are chosen."""
STALLS = ("leader", "trailer")
"""Who stalls in a war of attrition, the other rolling (:func:`solve`)."""


@dataclass(frozen=True, repr=False)
class HogSolution:
    """Win probabilities and the chosen numbers of dice in every Hog state.

    Answers :class:`solver.registry.Solution` for a state ``(score, opponent_score)`` or the
    five numbers ``(s, o, f, a, b)`` (:func:`solver.games.hog.hog_state`).

    Attributes
    ----------
    rules : HogRules
    values : ndarray(float64, shape=rules.shape)
        ``[s, o, f, a, b]``: the probability that the mover wins.
    policy : ndarray(int8, shape=rules.shape)
        The number of dice the mover chooses.
    objective : str
        What was solved: ``"optimal"`` or ``"best-response:NAME"``.
    seconds : float
        Time of the pass, without JIT compilation.
    """

    rules: HogRules
    values: np.ndarray
    policy: np.ndarray
    objective: str
    seconds: float

    method = "backward-induction"
    """How it was solved: one backward pass over decreasing score sums."""
    num_iter = 1
    """One pass is exact."""
    residual = float("nan")
    """Not computed: the single backward pass leaves none but rounding."""

    @property
    def p_first_player(self) -> float:
        """Return the first player's win probability from 0-0."""
        return float(self.values[0, 0, 0, 0, 0])

    @property
    def opening_move(self) -> int:
        """Return the number of dice chosen on the first turn."""
        return int(self.policy[0, 0, 0, 0, 0])

    def at(self, state: HogState) -> tuple[float, int]:
        """Return ``(win probability, number of dice)`` of the mover in ``state``."""
        index = state.index(self.rules)
        return float(self.values[index]), int(self.policy[index])

    def win_probability(self, *state: Any) -> float:
        """Return the mover's win probability in ``state``.

        >>> from pigsolve.solver.games.hog import hog_rules
        >>> round(solve(hog_rules("fa16", 20)).win_probability((0, 0)), 6)
        0.69992
        """
        return self.at(self._state(state))[0]

    def chances(self, *state: Any) -> tuple[float, float]:
        """Return the mover's and the opponent's win probabilities in ``state``."""
        p = self.win_probability(*state)
        return (p, 1.0 - p)

    def best_action(self, *state: Any) -> int:
        """Return the optimal number of dice in ``state`` (ties: the fewest)."""
        return self.at(self._state(state))[1]

    def action_values(self, *state: Any) -> dict[int, float]:
        """Return ``{number of dice: the mover's win probability}`` in ``state``."""
        from pigsolve.solver.hog.values import action_values

        return action_values(self.rules, self.values, self._state(state))

    def _state(self, state: tuple[Any, ...]) -> HogState:
        """Return ``state`` (its numbers as separate arguments or one tuple): numbers given are
        checked against the rules; an engine's :class:`HogState` is taken as it is (its previous
        turn scores count only with Feral Hogs, and the table merges them past the cap)."""
        if len(state) == 1 and isinstance(state[0], HogState):
            return state[0]
        return hog_state(numbers(state, HOG_FORM)).check(self.rules)

    def __repr__(self) -> str:
        return (
            f"HogSolution(rules={self.rules.name!r}, goal={self.rules.goal}, "
            f"P(0, 0)={self.p_first_player:.6f}, opening={self.opening_move}, "
            f"objective={self.objective!r}, method={self.method!r}, seconds={self.seconds:.2f})"
        )


HOG_FORM = (
    "SCORE OPPONENT_SCORE (or five numbers with the four-sided flag and both previous turn scores)"
)
"""A Hog state's numbers in words."""


def hog_state(state: Sequence[int] | HogState) -> HogState:
    """Return ``state`` as a :class:`HogState`: ``(score, opponent_score)``, with the flag and
    the previous turn scores at their starting values, or all five numbers.

    >>> hog_state((3, 7)) == HogState(3, 7, False, 0, 0), hog_state((3, 7, 1, 2, 0)).four_sided
    (True, True)
    """
    if isinstance(state, HogState):
        return state
    if len(state) not in (2, 5) or not all(isinstance(n, Integral) for n in state):
        raise InvalidArgument(f"a Hog state is {HOG_FORM}, got {state!r}", parameter="state")
    if len(state) == 2:
        return HogState(int(state[0]), int(state[1]))
    score, opponent, four_sided, prev_points, opponent_prev_points = map(int, state)
    return HogState(score, opponent, bool(four_sided), prev_points, opponent_prev_points)


def outcome_probabilities(rules: HogRules) -> np.ndarray:
    """Return the turn-score distributions of rolling ``n >= 1`` dice, for the solver.

    Returns
    -------
    ndarray of float64, shape (2 * F, 11, P)
        ``[2 * f + w, n, p]``: probability of turn score ``p`` with ``n`` dice, die flag ``f``
        and Hog Wild ``w``; row ``n = 0`` is zero (zero dice are in :func:`rule_tables`).
    """
    flags = rules.shape[2]
    dists = {}
    for f, w, n in product(range(flags), (0, 1), range(1, MAX_ROLLS + 1)):
        sides = rules.alt_sides if f else rules.die_sides
        dists[f, w, n] = roll_distribution(rules, n, sides, bool(w))
    top = max(boost(rules, p, n) for (_, _, n), d in dists.items() for p in d)
    table = np.zeros((2 * flags, MAX_ROLLS + 1, top + 1))
    for (f, w, n), rolled in dists.items():
        for points, prob in rolled.items():
            table[2 * f + w, n, boost(rules, points, n)] += float(prob)
    return table


def turn_scores(rules: HogRules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return :func:`outcome_probabilities` as lists of the possible turn scores, for the kernels.

    Returns
    -------
    points, chances : ndarray(int64 and float64, shape=(2 * F, 11, K))
        ``[2 * f + w, n, k]``: the ``k``-th possible turn score of ``n`` dice and its chance.
    counts : ndarray(int64, shape=(2 * F, 11))
        How many turn scores ``n`` dice have.
    """
    table = outcome_probabilities(rules)
    counts = (table > 0).sum(axis=2)
    points = np.zeros((*counts.shape, max(int(counts.max()), 1)), np.int64)
    chances = np.zeros(points.shape)
    for row, n in zip(*np.nonzero(counts), strict=True):
        (possible,) = np.nonzero(table[row, n])
        points[row, n, : len(possible)] = possible
        chances[row, n, : len(possible)] = table[row, n, possible]
    return points, chances, counts


@cache
def rule_tables(rules: HogRules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the rules as the kernel reads them (:mod:`solver.hog._kernels`).

    Returns
    -------
    zero : ndarray(int64, shape=(G, G))
        ``[s, o]``: the turn score of zero dice (after any prime bump and cap).
    after : ndarray(int64, shape=(G + T, G, 2))
        ``[t, o]``: the mover's and the other's scores after the after-turn rule, when the mover
        reaches ``t`` (``T`` exceeds every turn's points and bonus).
    extra : ndarray(uint8, shape=(G, G))
        ``[s, o]``: 1 if the mover at ``s`` (after the rule) takes another turn.
    """
    goal = rules.goal
    if rules.scores is not None:
        zero_points, mover, extra = (np.asarray(t, np.int64) for t in rules.scores.arrays)
        after = np.stack([mover, np.broadcast_to(np.arange(goal), mover.shape)], axis=-1)
        return zero_points, np.ascontiguousarray(after), extra.astype(np.uint8)
    zero_points = np.array(
        [[boost(rules, zero_dice(rules, s, o), 0) for o in range(goal)] for s in range(goal)],
        np.int64,
    )
    top = max(outcome_probabilities(rules).shape[2], int(zero_points.max()) + 1) + FERAL_BONUS
    after = np.array(
        [[after_turn(rules, t, o) for o in range(goal)] for t in range(goal + top)], np.int64
    )
    return zero_points, after, np.zeros((goal, goal), np.uint8)


def kernel_rules(rules: HogRules) -> tuple[Any, ...]:
    """Return the rules as the kernels' first arguments: the goal, the dice's turn scores
    (:func:`turn_scores`), :func:`rule_tables`, Hog Wild, Pork Chop, Feral Hogs."""
    feral_gap = FERAL_GAP if rules.feral_hogs else 0
    return (
        rules.goal,
        turn_scores(rules),
        *rule_tables(rules),
        rules.wild_every or 0,
        rules.alt_sides is not None,
        feral_gap,
        FERAL_BONUS,
    )


def can_stall(rules: HogRules) -> bool:
    """Return True if zero dice can score 0 points somewhere (Spring 2022's Hefty Hogs): a turn
    that keeps the score sum, settled within it (never in fa16 and su20: Free Bacon scores)."""
    return rules.scores is not None and bool((rules.scores.arrays[0] == 0).any())


def sweep(
    rules: HogRules,
    v_a: np.ndarray,
    pol_a: np.ndarray,
    fixed_a: bool,
    v_b: np.ndarray,
    pol_b: np.ndarray,
    fixed_b: bool,
    same: bool,
    ends: tuple[np.ndarray, np.ndarray] | None = None,
    stalls: str = "leader",
) -> float:
    """Run the compiled pass; return its seconds.

    ``same``: one maximising player in both seats, seat B's values ``v_b`` being ``v_a`` or a
    stored table read as it is. ``ends`` receives each seat's probability that the game never
    ends (0 but where fixed players stall for ever).
    """
    from pigsolve.solver.hog import _kernels as _hog_kernels

    e_a, e_b = ends if ends is not None else (np.zeros(rules.shape), np.zeros(rules.shape))
    if same:
        e_b = e_a if v_b is v_a else np.zeros(rules.shape)
    seats = 1 if same else 2
    shape = rules.shape if can_stall(rules) else (1, 1, 1, 1, 1)  # kept only where needed
    best = [np.zeros((*shape, 3)) for _ in range(seats)]
    arrays = (v_a, e_a, pol_a, best[0], v_b, e_b, pol_b, best[-1])
    start = time.perf_counter()
    _hog_kernels.sweep(
        *kernel_rules(rules),
        arrays,
        (fixed_a, fixed_b),
        same,
        TIE,
        stalls == "leader",
    )
    return time.perf_counter() - start


def check_policy(rules: HogRules, policy: np.ndarray) -> np.ndarray:
    """Return ``policy`` as int8 if it has ``rules.shape`` and legal actions, else ValueError."""
    policy = np.asarray(policy)
    if policy.shape != rules.shape:
        raise ValueError(f"policy shape {policy.shape} does not match the rules' {rules.shape}")
    bad = np.argwhere((policy < rules.min_rolls) | (policy > rules.actions[-1]))
    if len(bad):
        state = tuple(int(x) for x in bad[0])
        raise ValueError(
            f"policy chooses {int(policy[state])} dice in state {state}; "
            f"accepted: {rules.min_rolls} to {rules.actions[-1]}"
        )
    return policy.astype(np.int8)


def solve(rules: HogRules, stalls: str = "leader") -> HogSolution:
    """Return the optimal win probabilities and policy of ``rules``.

    Where both players would rather roll zero dice for 0 points than roll (a war of attrition,
    Spring 2022's Hefty Hogs), optimal play is not unique: ``stalls`` says who stalls, the
    player ahead (``"leader"``, the default) or behind (``"trailer"``); the other rolls.

    >>> from pigsolve.solver.games.hog import hog_rules
    >>> solution = solve(hog_rules("fa16", goal=20))
    >>> 0.5 < solution.p_first_player < 0.7
    True
    """
    v = np.zeros(rules.shape)
    policy = np.zeros(rules.shape, np.int8)
    if stalls not in STALLS:
        raise InvalidArgument(f"stalls must be one of {', '.join(STALLS)}, got {stalls!r}")
    seconds = sweep(rules, v, policy, False, v, policy, False, True, stalls=stalls)
    return HogSolution(rules, v, policy, "optimal", seconds)


def memory_needed(rules: HogRules, goal: int | None = None) -> int:
    """Return the bytes a solve or evaluation of ``rules`` (at ``goal``, if given) needs at its
    peak, roughly: two seats' values, never-ending chances, policies and best other actions."""
    goal = rules.goal if goal is None else goal
    per_state = 17 + (24 if can_stall(rules) else 0)  # v, e, policy (and the best other action)
    return 2 * per_state * goal * goal * math.prod(rules.shape[2:])  # no overflow: Python ints


def check_fits(rules: HogRules) -> None:
    """Raise PigsolveError (one line, naming the largest goal that fits) if a table of
    ``rules`` cannot fit this machine's memory: said before any player is built."""

    from pigsolve.solver.resources import check_memory, largest_goal

    def way_out(available: int) -> str:
        needed_at = lambda goal: memory_needed(rules, goal)  # noqa: E731
        return f"the largest goal that fits is {largest_goal(needed_at, rules.goal, available)}"

    check_memory(memory_needed(rules), f"{rules.name} goal {rules.goal:,}", way_out=way_out)


def best_response(
    rules: HogRules, policy_b: np.ndarray, name: str = "fixed"
) -> tuple[HogSolution, np.ndarray]:
    """Return the exact best reply to ``policy_b`` and B's win probabilities against it.

    The reply's :class:`HogSolution` has the objective ``"best-response:NAME"``.
    """
    policy_b = check_policy(rules, policy_b)
    x_a, x_b = np.zeros(rules.shape), np.zeros(rules.shape)
    policy_a = np.zeros(rules.shape, np.int8)
    seconds = sweep(rules, x_a, policy_a, False, x_b, policy_b.copy(), True, False)
    return HogSolution(rules, x_a, policy_a, f"best-response:{name}", seconds), x_b
