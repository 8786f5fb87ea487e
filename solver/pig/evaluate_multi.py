r"""Exact win probabilities of N fixed Pig players, the best response, every seating compared.

State and values
----------------
Seats :math:`0, \dots, N-1` move in turn, seat 0 first; :math:`s = (s_0, \dots, s_{N-1})` are
the banked scores by seat. :math:`V_m(s) \in [0, 1]^N` holds every seat's probability of winning
when seat ``m`` is to move at turn total 0, and :math:`W_m(s, k)` the same mid-turn. Seat m's
player sees its *frame* :math:`(s_m, s_{m+1}, \dots)` and rolls with probability
:math:`\pi_m(s, k)` (1 at k = 0). With faces F of which :math:`F_0` are pigs and :math:`e_m` the
vector "seat m wins",

.. math::

    W_m(s, k) = e_m \ (s_m + k \ge G), \qquad
    W_m(s, k) = \pi_m \frac{1}{|F|}\Big[|F_0|\,V_{m+1}(s) + \sum_{f \in F \setminus F_0}
        W_m(s, k + f)\Big] + (1 - \pi_m)\,V_{m+1}(s + k e_m),

with :math:`V_m(s) = W_m(s, 0)` and seats taken mod N.

Solution
--------
Scores never decrease: score vectors are solved by layers of :math:`\sum s` from the highest
down, and a hold reaches a higher layer, already solved. With the choices fixed, sweeping k down
(over the turn totals reachable from 0) writes :math:`W_m(s, k) = a_k V_{m+1}(s) + b_k`: a pig is
the only way back into the layer. At one score vector the N turns form a cycle
:math:`V_m = a_m V_{m+1} + b_m`, closed in absolute seat order:
:math:`V_0 = \sum_m (\prod_{t<m} a_t)\, b_m / (1 - \prod_m a_m)`, then
:math:`V_{N-1}, \dots, V_1` backwards; :math:`\prod a_m < 1` since every turn can reach the
goal. Nothing is iterated: exact up to rounding.

Players
-------
(a) threshold tables ``[0, i, j, k]`` (the two-player tables of :mod:`policies.pig` and user
functions), read with j = the leader among the others (``View.opponent_score``); a table that
counts held turns (memory > 1) would need the counters in the state and is refused for N >= 3
(simulate it; two players: :mod:`solver.pig.evaluate`). (b) The equilibrium player: greedy on its
own component of the stored equilibrium (ties hold within 1e-12), at its mixed states rolling
with the stored probability. (c) Explicit choices per frame: a best response.

Best response
-------------
Seat 0 maximises its own win probability against fixed seats 1..N-1: a one-player problem. Its
row depends on its own value after a pig, :math:`x = V_1(s)_0`; per score vector, policy
iteration chooses greedily at x (ties hold), solves the cycle and chooses again at the new x
until the choices stand. The result is pure and stored in its own frame, so it plays any seat.

Memory: :math:`N \cdot G^N \cdot N` float64 values, checked before anything is allocated.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, face_arrays
from pigsolve.solver.pig.seats import THRESHOLD, ComputerPlayer, SeatPolicy
from pigsolve.solver.resources import check_memory
from pigsolve.solver.results import Progress

CHUNKS = 64
"""Parallel strides per layer."""

Announce = Callable[[str], None]


def seat_policies(rules: PigRules, players: Sequence[ComputerPlayer]) -> list[SeatPolicy]:
    """Return the seat policies of ``players`` (one per seat), each distinct player asked once."""
    if len(players) != rules.players:
        raise InvalidArgument(f"give {rules.players} players, one per seat, got {len(players)}")
    return _build(rules, players)


def _build(rules: PigRules, players: Sequence[ComputerPlayer]) -> list[SeatPolicy]:
    built: dict[int, SeatPolicy] = {}
    for player in players:
        if id(player) not in built:
            built[id(player)] = player.seat_policy(rules)
    return [built[id(player)] for player in players]


def check_evaluable(rules: PigRules, policies: Sequence[SeatPolicy]) -> None:
    """Raise InvalidArgument if a player counts its held turns (its table has memory > 1)."""
    for policy in policies:
        if policy.memory > 1:
            where = (
                "with two players use the two-player evaluator (solver.pig.evaluate)"
                if rules.players == 2
                else f"simulate games of {rules.players} players instead"
            )
            raise InvalidArgument(
                f"{policy.name} counts its held turns, which the exact {rules.players}-player "
                f"evaluation does not track; {where}"
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


def check_memory_for(rules: PigRules, needed: int, what: str, announce: Announce | None) -> None:
    """Raise PigsolveError if ``what`` needs more memory than the machine has; announce a large
    computation in one line."""
    line = check_memory(needed, f"{what} of {rules.players} players at goal {rules.goal}")
    if line is not None and announce is not None:
        announce(line)


@dataclass(frozen=True)
class Run:
    """What :func:`run_layers` computed."""

    values: np.ndarray  # (N, G**N, N): [m, flat(s), j], see MultiEvaluation.values
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
    """Evaluate the seats layer by layer, the memory checked by the caller (``best``: seat 0 is
    the best responder; its placeholder policy is ignored)."""
    from pigsolve.solver.pig import _evaluate_multi_kernels as kernels
    from pigsolve.solver.pig._multi_kernels import layer

    goal, n = rules.goal, rules.players
    seats = kernels.pack_seats(rules, policies, best)
    faces = face_arrays(rules)
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
            values, goal, members, count, seats, faces, decisions, solves, CHUNKS
        )
        num_iter = max(num_iter, int(solves[:count].max(initial=0)))
        unsettled += int(np.count_nonzero(solves[:count] < 0))
        if progress is not None:
            progress(top - total + 1, top + 1)
    return Run(values, decisions, num_iter, unsettled, time.perf_counter() - start)


@dataclass(frozen=True, eq=False, repr=False)
class MultiEvaluation:
    """The exact win probabilities of N fixed players in one seating.

    Attributes
    ----------
    rules : PigRules
    names : tuple of str
        The players by seat; seat 0 moves first, then seat 1, ...
    values : ndarray(float64, shape=(N,) + (G,) * N + (N,))
        ``values[m][s][j]``: the probability that seat j wins when seat m is to move at turn
        total 0 and the seats' scores are ``s`` (in seat order).
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
    def win_probabilities(self) -> np.ndarray:
        """Return every seat's win probability in the game seat 0 starts."""
        return self.start(0)

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={p:.6f}" for n, p in zip(self.names, self.start(), strict=True))
        return f"<MultiEvaluation goal={self.rules.goal} {shown}>"


def evaluate_players(
    rules: PigRules,
    players: Sequence[ComputerPlayer],
    announce: Announce | None = None,
    progress: Progress | None = None,
) -> MultiEvaluation:
    """Return the exact win probabilities of ``players`` seated in that order (seat 0 first).

    >>> from pigsolve.policies import make_player
    >>> rules = PigRules(goal=12, die_sides=4, players=3)
    >>> hold = [make_player("pig", f"hold{n}", rules) for n in (4, 6, 8)]
    >>> round(float(evaluate_players(rules, hold).win_probabilities.sum()), 12)
    1.0
    """
    policies = seat_policies(rules, players)
    check_evaluable(rules, policies)
    check_memory_for(rules, memory_needed(rules, policies), "the exact evaluation", announce)
    run = run_layers(rules, policies, progress=progress)
    n, goal = rules.players, rules.goal
    values = run.values.reshape((n,) + (goal,) * n + (n,))
    return MultiEvaluation(rules, tuple(p.name for p in policies), values, run.seconds)


def start_probabilities(rules: PigRules, policies: Sequence[SeatPolicy]) -> np.ndarray:
    """Return ``[m, j]``: seat j's win probability when seat m starts from zero.

    Two threshold tables that count held turns go to the two-player evaluator.
    """
    if _two_tables(rules, policies) and max(p.memory for p in policies) > 1:
        from pigsolve.solver.pig.evaluate import evaluate_tables

        w_x, w_y = evaluate_tables(rules, policies[0].roll, policies[1].roll)
        x, y = float(w_x[0, 0, 0, 0]), float(w_y[0, 0, 0, 0])
        return np.array([[x, 1.0 - x], [1.0 - y, y]])
    evaluation = evaluate_players(rules, policies)
    return np.stack([evaluation.start(m) for m in range(rules.players)])


def _two_tables(rules: PigRules, policies: Sequence[SeatPolicy]) -> bool:
    return rules.players == 2 and all(p.kind == THRESHOLD for p in policies)


@dataclass(frozen=True, eq=False)
class SeatingComparison:
    """Each player's exact win probability in every seating order, and the average over them.

    Attributes
    ----------
    rules : PigRules
    names : tuple of str
        The players as given; player p is ``names[p]``.
    orders : tuple of tuple of int
        Every seating (all N! orders): ``orders[r][seat]`` is the player in that seat; seat 0
        moves first, then seat 1, ...
    probabilities : ndarray(float64, shape=(N!, N))
        ``probabilities[r, p]``: player p's win probability in seating r.
    """

    rules: PigRules
    names: tuple[str, ...]
    orders: tuple[tuple[int, ...], ...]
    probabilities: np.ndarray

    @property
    def average(self) -> np.ndarray:
        """Return each player's win probability averaged over the seatings (a fair draw)."""
        return self.probabilities.mean(axis=0)

    def seating(self, r: int) -> tuple[str, ...]:
        """Return the names of seating ``r`` by seat, the first mover first."""
        return tuple(self.names[p] for p in self.orders[r])

    def rows(self) -> list[tuple[tuple[str, ...], tuple[float, ...]]]:
        """Return one row per seating: (names by seat, each player's probability as ``names``)."""
        return [
            (self.seating(r), tuple(float(p) for p in self.probabilities[r]))
            for r in range(len(self.orders))
        ]

    def as_dict(self) -> dict[str, Any]:
        """Return ``{players, seatings: [{seating, win_probability}], average}`` for JSON."""
        return {
            "players": list(self.names),
            "seatings": [
                {"seating": list(seating), "win_probability": list(probabilities)}
                for seating, probabilities in self.rows()
            ],
            "average": self.average.tolist(),
        }


def compare_seatings(
    rules: PigRules, players: Sequence[ComputerPlayer], announce: Announce | None = None
) -> SeatingComparison:
    """Return every player's exact win probability for each of the N! seating orders.

    One evaluation serves the N rotations of a seating (each seat's start values), so
    (N - 1)! evaluations suffice, fewer when players share a name.
    """
    policies = seat_policies(rules, players)
    n = rules.players
    names = tuple(p.name for p in policies)
    if not _two_tables(rules, policies):
        check_evaluable(rules, policies)
    check_memory_for(rules, memory_needed(rules, policies), "comparing the seatings", announce)
    orders = tuple(itertools.permutations(range(n)))
    by_seat: dict[tuple[str, ...], np.ndarray] = {}
    probabilities = np.empty((len(orders), n))
    for r, order in enumerate(orders):
        key = tuple(names[p] for p in order)
        if key not in by_seat:
            start = start_probabilities(rules, [policies[p] for p in order])
            for m in range(n):  # seat m starting is the seating rotated by m
                by_seat[key[m:] + key[:m]] = np.roll(start[m], -m)
        probabilities[r, list(order)] = by_seat[key]
    return SeatingComparison(rules, names, orders, probabilities)
