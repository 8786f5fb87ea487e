r"""Exact win probabilities of fixed Pig players, for any number of players.

State and values
----------------
Seats :math:`0, \dots, N-1` move in turn, seat 0 first; :math:`s = (s_0, \dots, s_{N-1})` are
the banked scores by seat. :math:`V_m(s) \in [0, 1]^N` holds every seat's probability of winning
when seat ``m`` is to move at turn total 0, and :math:`W_m(s, k)` the same mid-turn. Seat m's
player sees its *frame* :math:`(s_m, s_{m+1}, \dots)` and rolls with probability
:math:`\pi_m(s, k)` (1 at k = 0). A roll (:func:`solver.games.pig.roll_counts`) adds ``g``
with probability :math:`w_g`, is a pig with probability :math:`\rho` or a reset (the mover's
score becomes 0, the turn passes) with probability :math:`\sigma`; with :math:`e_m` the vector
"seat m wins",

.. math::

    W_m(s, k) = e_m \ (s_m + k \ge G), \qquad
    W_m(s, k) = \pi_m \Big[\rho\, V_{m+1}(s) + \sigma\, V_{m+1}(s - s_m e_m)
        + \sum_g w_g\, W_m(s, k + g)\Big] + (1 - \pi_m)\,V_{m+1}(s + k e_m),

with :math:`V_m(s) = W_m(s, 0)` and seats taken mod N.

Solution
--------
Without resets scores never decrease: score vectors are solved by layers of :math:`\sum s`
from the highest down, and a hold reaches a higher layer, already solved. With the choices
fixed, sweeping k (over the turn totals reachable from 0) writes :math:`W_m(s, 0) = a_m
V_{m+1}(s) + b_m`: a pig is the only way back into the layer. At one score vector the N turns
form a cycle, closed in absolute seat order: :math:`V_0 = \sum_m (\prod_{t<m} a_t)\, b_m / (1 -
\prod_m a_m)`, then :math:`V_{N-1}, \dots, V_1` backwards; :math:`\prod a_m < 1` since every
turn can reach the goal. Nothing is iterated: exact up to rounding.

Resets (Two-Dice Pig's double 1s, Pass the Pigs' touching pigs) lead to a lower score sum, so
the layers no longer order the states: two players take the pair kernel with the values after a
reset iterated to a fixed point (:mod:`solver.pig.evaluation.pair`); three or more players with
resets are refused (simulate them).

Players
-------
Every player gives its decisions as a :class:`solver.pig.seat_policy.SeatPolicy` (its
``seat_policy(rules)``): a threshold table ``[t, i, j, k]`` read with j = the leader among the
others, greedy on a stored equilibrium (with its coins at mixed states), or explicit choices
per frame (a best response). A table that counts held turns (memory > 1) needs the counters in
the state: :func:`evaluate` takes it on the two-player fast path below and refuses it otherwise
(simulate it instead).

Fast path: two threshold tables or explicit choices go to :mod:`solver.pig.evaluation.pair`, the
same cycle for N = 2 solved per pair of scores as a 2x2 system (held-turn counters included),
about 20 times faster at goal 100. Memory: :math:`N \cdot G^N \cdot N` float64 values, checked
before anything is allocated.

Reference: T. W. Neller and C. G. M. Presser, "Optimal play of the dice game Pig",
The UMAP Journal 25(1), 2004.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from pigsolve.solver import results
from pigsolve.solver.durations import evaluation, wait_words
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.pig.evaluation.pair import fast_tables, pair_values
from pigsolve.solver.pig.seat_policy import (
    ComputerPlayer,
    SeatPolicy,
    pack_seats,
    seat_policies,
    threshold_seat,
)
from pigsolve.solver.resources import LARGE, check_memory, largest_goal
from pigsolve.solver.results import Comparison, Progress

CHUNKS = 64
"""Parallel strides per layer."""

Announce = Callable[[str], None]


@dataclass(frozen=True, eq=False, repr=False)
class Evaluation:
    """The exact win probabilities of N fixed players in one seating.

    Attributes
    ----------
    rules : PigRules
    names : tuple of str
        The players by seat; seat 0 moves first, then seat 1, ...
    values : ndarray(float64, shape=(N,) + (G,) * N + (N,))
        ``values[m][s][j]``: the probability that seat j wins when seat m is to move at turn
        total 0 and the seats' scores are ``s`` (in seat order). For players that count their
        held turns: with both counters at 0, as at the start.
    seconds : float
        Evaluation time (JIT compilation included on a first call).
    """

    rules: PigRules
    names: tuple[str, ...]
    values: np.ndarray
    seconds: float

    def start(self, first: int = 0) -> np.ndarray:
        """Return every seat's win probability when seat ``first`` moves first from zero."""
        return self.values[first][(0,) * self.rules.players]

    @property
    def starts(self) -> np.ndarray:
        """Return ``[m, j]``: seat j's win probability when seat m moves first from zero."""
        return np.stack([self.start(m) for m in range(self.rules.players)])

    @property
    def win_probabilities(self) -> np.ndarray:
        """Return every seat's win probability in the game seat 0 starts."""
        return self.start(0)

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={p:.6f}" for n, p in zip(self.names, self.start(), strict=True))
        return f"<Evaluation goal={self.rules.goal} {shown}>"


def evaluate(
    rules: PigRules,
    players: Sequence[ComputerPlayer],
    announce: Announce | None = None,
    progress: Progress | None = None,
) -> Evaluation:
    """Return the exact win probabilities of ``players`` seated in that order (seat 0 first).

    Each player is asked once for its ``seat_policy(rules)``; a :class:`SeatPolicy` is a
    player too. ``announce`` is told, in one line, of a computation that needs much memory.

    >>> from pigsolve.policies import make_player
    >>> rules = PigRules(goal=12, die_sides=4, players=3)
    >>> hold = [make_player("pig", f"hold{n}", rules) for n in (4, 6, 8)]
    >>> round(float(evaluate(rules, hold).win_probabilities.sum()), 12)
    1.0
    """
    policies = seat_policies(rules, players)
    names = tuple(p.name for p in policies)
    tables = fast_tables(rules, policies)
    if tables is not None:  # the fast path
        start = time.perf_counter()
        w_x, w_y = pair_values(rules, *tables)  # checked by the seats' makers
        values = np.empty((2, rules.goal, rules.goal, 2))
        values[0, ..., 0] = w_x[:, :, 0, 0]
        values[1, ..., 1] = w_y[:, :, 0, 0].T  # [i, j]: seat 1 to move, seat 0 at i
        np.subtract(1.0, values[0, ..., 0], out=values[0, ..., 1])
        np.subtract(1.0, values[1, ..., 1], out=values[1, ..., 0])
        return Evaluation(rules, names, values, time.perf_counter() - start)
    check_no_resets(rules)
    check_evaluable(rules, policies)
    check_memory_for(rules, memory_needed(rules, policies), "the exact evaluation", announce)
    run = run_layers(rules, policies, progress=progress)
    n, goal = rules.players, rules.goal
    values = run.values.reshape((n,) + (goal,) * n + (n,))
    return Evaluation(rules, names, values, run.seconds)


def check_no_resets(rules: PigRules, what: str = "the exact evaluation") -> None:
    """Raise InvalidArgument if scores can fall in a game of more than two players."""
    if not evaluable_game(rules):
        raise InvalidArgument(
            f"scores can fall to 0 in {rules.game}, and {what} takes it for 2 players only; "
            f"simulate games of {rules.players} players instead"
        )


def evaluable_game(rules: PigRules) -> bool:
    """Return False where scores can fall in a game of more than two players."""
    return not (rules.resets and rules.players > 2)


def evaluable(rules: PigRules, policies: Sequence[SeatPolicy]) -> bool:
    """Return True if :func:`evaluate` takes these seats quickly: no held turns counted outside
    the pair of tables, scores that fall only between two players, at most
    :data:`solver.resources.LARGE` bytes."""
    if not evaluable_game(rules):
        return False
    if any(p.memory > 1 for p in policies) and fast_tables(rules, policies) is None:
        return False
    return memory_needed(rules, policies) <= LARGE


def check_evaluable(rules: PigRules, policies: Sequence[SeatPolicy]) -> None:
    """Raise InvalidArgument if a player counts its held turns (its table has memory > 1)."""
    for policy in policies:
        if policy.memory > 1:
            raise InvalidArgument(
                f"{policy.name} counts its held turns, which the exact evaluation tracks only "
                f"between two threshold players; simulate games of {rules.players} players "
                "instead"
            )


def memory_needed(rules: PigRules, policies: Sequence[SeatPolicy] = (), best: bool = False) -> int:
    """Return the bytes an evaluation needs: the values, the players' arrays and the kernels'
    copies of them, a best response's choices. With no ``policies``: the values alone."""
    goal, n = rules.goal, rules.players
    needed = 8 * n * goal**n * n + 16 * goal ** (n - 1)
    for policy in {id(p): p for p in policies}.values():
        arrays = (policy.roll, policy.after, policy.packed)
        needed += 2 * sum(a.nbytes for a in arrays if a is not None)
    if best:
        needed += goal**n * ((goal + 7) // 8)
    return needed


def check_memory_for(
    rules: PigRules, needed: int, what: str, announce: Announce | None, best: bool = False
) -> None:
    """Raise PigsolveError if ``what`` needs more memory than the machine has; announce a large
    or long computation (a ``best`` response's, 3 s or more with the compiling) in one line."""

    def way_out(available: int) -> str:
        """The largest goal that fits (the need scaled as the values' by the goal), simulation."""
        values = memory_needed(rules)
        goal = largest_goal(
            lambda g: needed * memory_needed(replace(rules, goal=g)) // values,
            rules.goal,
            available,
        )
        return (
            f"the largest goal that fits is {goal} (--goal {goal}); or estimate by simulation: "
            "`pigsolve simulate` the same players"
        )

    label = f"{what} of {rules.players} players at goal {rules.goal}"
    wait = wait_words(evaluation(rules, best)) if announce is not None else None
    line = check_memory(needed, label, way_out=way_out, wait=wait and f"it takes {wait}")
    if line is None and wait is not None:
        line = f"{label}: {wait}"
    if line is not None and announce is not None:
        announce(line)


@dataclass(frozen=True)
class Run:
    """What :func:`run_layers` computed."""

    values: np.ndarray  # (N, G**N, N): [m, flat(s), j], see Evaluation.values
    decisions: np.ndarray  # (G**N, ceil(G / 8)): a best response's choices, else (0, .)
    num_iter: int  # the most linear solves a score vector needed (1 without a best response)
    unsettled: int  # score vectors where the best response did not settle (0 expected)
    seconds: float


def run_layers(
    rules: PigRules,
    policies: Sequence[SeatPolicy],
    best: bool = False,
    progress: Progress | None = None,
) -> Run:
    """Evaluate the seats layer by layer with the general kernel, the memory checked by the
    caller (``best``: seat 0 is the best responder; its placeholder policy is ignored)."""
    from pigsolve.solver.pig._kernels.indexing import layer
    from pigsolve.solver.pig.evaluation import _kernels as kernels

    if rules.resets:  # the pair evaluation and the best response's policy iteration take them
        raise InvalidArgument(f"the layers of score sums do not order {rules.game}: scores fall")
    goal, n = rules.goal, rules.players
    seats = pack_seats(rules, policies, best)
    tally = roll_counts(rules)
    values = np.empty((n, goal**n, n))
    decisions = np.zeros((goal**n if best else 0, (goal + 7) // 8), np.uint8)
    members = np.empty(goal ** (n - 1), np.int64)
    solves = np.empty(goal ** (n - 1), np.int64)
    num_iter = unsettled = 0
    start = time.perf_counter()
    top = n * (goal - 1)
    for total in range(top, -1, -1):
        count = layer(goal, n, total, members)
        kernels.evaluate_layer(
            values, goal, members, count, seats, tally, decisions, solves, CHUNKS
        )
        num_iter = max(num_iter, int(solves[:count].max(initial=0)))
        unsettled += int(np.count_nonzero(solves[:count] < 0))
        if progress is not None:
            progress(top - total + 1, top + 1)
    return Run(values, decisions, num_iter, unsettled, time.perf_counter() - start)


def compare(
    rules: PigRules, roll_a: np.ndarray, roll_b: np.ndarray, a: str = "A", b: str = "B"
) -> Comparison:
    """Return the exact probabilities that A (roll table ``roll_a``) beats B (``roll_b``): the
    two-player :func:`evaluate` of the tables, A first and B first."""
    seated = [threshold_seat(a, roll_a, rules), threshold_seat(b, roll_b, rules)]
    starts = evaluate(rules, seated).starts
    return Comparison(a, b, rules.goal, rules.die_sides, float(starts[0, 0]), float(starts[1, 0]))


def round_robin(rules: PigRules, tables: Mapping[str, np.ndarray]) -> list[Comparison]:
    """Return every ordered pair of the named roll ``tables``, row by row (see
    :func:`solver.results.round_robin`)."""
    return results.round_robin(
        list(tables), lambda a, b: compare(rules, tables[a], tables[b], a, b)
    )
