r"""Exact win probabilities of N fixed Farkle players: one player against a field.

Seats :math:`0, \dots, N-1` move in turn, seat 0 first; :math:`s` are the banked scores by seat
(units of 50, ``G = goal / 50``) and :math:`V_m(s) \in [0, 1]^N` every seat's chance when seat
``m`` is to move at the start of a turn. Seat m's turn ends in a win at once (chance
:math:`w`), a bank of ``u`` (:math:`b(u)`, reaching the higher score sum :math:`s + u e_m`) or
a farkle (:math:`f`: the turn passes, the scores unchanged), its *law*
(:mod:`solver.farkle.laws`), so

.. math:: V_m(s) = w\, e_m + \sum_u b(u)\, V_{m+1}(s + u e_m) + f\, V_{m+1}(s)
          = A_m + f_m V_{m+1}(s).

The sums are solved from the highest down; at one score vector the N turns form a cycle, closed
exactly as Pig's (:mod:`solver.pig.evaluation.evaluate`): :math:`V_0 = \sum_m (\prod_{t<m} f_t)
A_m / (1 - \prod_m f_m)`, then :math:`V_{N-1}, \dots, V_1` backwards. Nothing is iterated.

A player whose decisions ignore the scores (``max-score``, ``bank:T``) has its laws found once
(one column, :func:`solver.farkle.laws.laws_of`). The optimal player plays the ``N``-player
table (:mod:`solver.farkle.players`): at each score vector its turn programme is run on its own
chances after each bank and a farkle, read in its frame, and where the equilibrium mixes its
law is the coin's mixture of the two policies that meet there (each side
:data:`solver.farkle.solution.NUDGE` from the breakpoint), as it plays
(:class:`solver.farkle.play.SolutionPlayer`). Optimal in every seat reproduces the table's
values. Memory: :math:`N^2 G^N` float64 values.

With the last round (``last_turn``; two or three players) a bank reaching the goal does not win
at once: seat m's bank to ``a >= G`` is weighed by the last round that follows, the other seats'
last turns in seat order, the highest score winning and level scores sharing
(:mod:`solver.farkle.field_last_round`, by the needs ``a - b`` and ``a - c``, not by the score
vector). A fixed player banks once a bank reaches the goal, as without it, and in its last turn
plays its table's decisions and banks any total that puts it strictly above every other score
(the two-player rule, "it banks a total that wins", extended); the optimal player rolls on to
its table's ceiling, weighing every keep as the table does
(:func:`solver.farkle.last_round_three.full_turn`), and plays the last round by
:func:`solver.farkle.last_round_three.optimal_last_rows` (it assumes the others optimal, whoever
sits there). Optimal in every seat reproduces the table with the last round too. The
three-farkle penalty with more than two players, and the last round with more than three, are
not solved, so not evaluated.
"""

from __future__ import annotations

import functools
import itertools
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.evaluate import check_evaluable, policy_of
from pigsolve.solver.farkle.policy import GUIDED, TURN, FarklePolicy
from pigsolve.solver.farkle.solution import NUDGE
from pigsolve.solver.farkle.turn import least_banks, turn
from pigsolve.solver.games.farkle import FACES, POINT_UNIT, FarkleRules
from pigsolve.solver.results import FieldComparison, Seatings

KEPT_LAWS = 2**29
"""The most bytes of an optimal player's laws kept between evaluations (512 MiB: goal 2,000
with four players, 5,000 with three); past it each evaluation finds them anew."""


@dataclass(frozen=True, eq=False)
class Guide:
    """The optimal player of a table: its values flat (``table[s, p]``, the mover's frame),
    each state's coin (-1: pure) and with the last round the score (units) from which its turn
    banks, ``cap``, and what a bank to the goal leads to, ``middle``: three players' middle
    turn's vectors (:func:`solver.farkle.last_round_three.middle_table`), two players' the
    opponent's last turn (:attr:`FarklePolicy.last`, on a third axis); a dummy without."""

    rules: FarkleRules
    table: np.ndarray
    coins: np.ndarray
    cap: int = 0
    middle: np.ndarray = field(default_factory=lambda: np.zeros((1, 1, 3)))

    @property
    def width(self) -> int:
        """Return how far past the goal (units) its banks reach: 0 without the last round."""
        if self.middle.shape[0] == 1:
            return 0
        goal, min_bank = self.rules.goal // POINT_UNIT, self.rules.min_bank // POINT_UNIT
        return max(self.cap - goal, min_bank) + int(turn(self.rules).points.max())

    @property
    def keeps(self) -> tuple[np.ndarray, ...]:
        """Return ``(lesser, *turn arrays)``: with three players' last round every keep, as the
        table weighs them (:func:`solver.farkle.last_round_three.full_turn`), else a dummy
        and the turn of the most points."""
        if self.rules.players == 3 and self.middle.shape[0] > 1:
            from pigsolve.solver.farkle.last_round_three import full_turn

            every, lesser = full_turn(self.rules)
            return lesser, *every.arrays
        return np.zeros((1, 1, 1, 1), np.int64), *turn(self.rules).arrays

    @functools.cached_property
    def laws(self) -> tuple[np.ndarray, ...]:
        """Return its laws at every frame (``win, farkle, bank, reach``, one column per frame
        of the others' scores: :func:`solver.farkle._field_kernels.guided_laws`), found once;
        a one-column placeholder past :data:`KEPT_LAWS` (each evaluation finds them anew)."""
        from pigsolve.solver.farkle import _field_kernels

        goal, n = self.rules.goal // POINT_UNIT, self.table.shape[1]
        cols = goal ** (n - 1)
        if kept_bytes(goal, n, self.width) > KEPT_LAWS:
            return np.zeros((1, 1)), np.zeros((1, 1)), np.zeros(1), np.zeros((1, 1, 0))
        laws = (
            np.zeros((goal, cols)),
            np.zeros((goal, cols)),
            np.zeros(goal**n * (goal - 1) // 2),
            np.zeros((goal, cols, self.width)),
        )
        banks = (*least_banks(self.rules), self.cap or goal, self.middle)
        _field_kernels.guided_laws(self.table, self.coins, NUDGE, *banks, *self.keeps, *laws)
        return laws


def kept_bytes(goal: int, players: int, width: int = 0) -> int:
    """Return the bytes of an optimal player's laws at every frame (goal in units; ``width``:
    how far past the goal its banks reach with the last round).

    >>> kept_bytes(40, 3) // 2**20  # goal 2,000: 10 MiB
    10
    """
    return 8 * goal ** (players - 1) * (goal * (goal - 1) // 2 + 2 * goal + goal * width)


_GUIDES: weakref.WeakKeyDictionary[Any, Guide] = weakref.WeakKeyDictionary()


def guide_of(rules: FarkleRules, source: Any) -> Guide:
    """Return the optimal player of ``source`` (an ``N``-player :class:`FarkleSolution` or a
    two-player guided :class:`FarklePolicy`, whose ``P`` is read as ``(P, 1 - P)``), kept while
    ``source`` lives: its laws serve every evaluation it takes part in."""
    if source not in _GUIDES:
        cap, middle = 0, np.zeros((1, 1, 3))
        if isinstance(source, FarklePolicy):
            table = np.stack([source.guide, 1.0 - source.guide], axis=-1).reshape(-1, 2)
            coins = np.full(len(table), -1.0)
            if rules.last_turn:  # the opponent's last turn by the lead, at 0 or on the board
                cap, middle = source.ceiling // POINT_UNIT, source.last[:, :, None]
        else:
            n, goal = rules.players, source.values.shape[0]
            coins = np.full(goal**n, -1.0)
            for scores, q in source.coins:
                coins[np.ravel_multi_index(scores, (goal,) * n)] = q
            table = np.ascontiguousarray(source.values.reshape(-1, n), dtype=np.float64)
            if rules.last_turn:
                from pigsolve.solver.farkle.last_round_three import middle_table

                cap, middle = source.ceiling // POINT_UNIT, middle_table(rules, source.ceiling)
        _GUIDES[source] = Guide(rules, table, coins, cap, np.ascontiguousarray(middle))
    return _GUIDES[source]


@dataclass(frozen=True, eq=False, repr=False)
class FieldEvaluation:
    """The exact win probabilities of N fixed players in one seating.

    Attributes
    ----------
    rules : FarkleRules
    names : tuple of str
        The players by seat; seat 0 moves first, then seat 1, ...
    values : ndarray(float64, (N, G**N, N))
        ``values[m, s, p]``: seat ``p``'s chance when seat ``m`` is to move at the start of a
        turn, ``s`` the flat index of the scores by seat (units).
    """

    rules: FarkleRules
    names: tuple[str, ...]
    values: np.ndarray

    def start(self, first: int = 0) -> np.ndarray:
        """Return every seat's chance when seat ``first`` moves first from zero."""
        return self.values[first, 0]

    @property
    def starts(self) -> np.ndarray:
        """Return ``[m, p]``: seat ``p``'s chance when seat ``m`` moves first from zero."""
        return self.values[:, 0]

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={p:.6f}" for n, p in zip(self.names, self.start(), strict=True))
        return f"<FieldEvaluation goal={self.rules.goal} {shown}>"


def seat_of(rules: FarkleRules, player: Any) -> FarklePolicy | Guide:
    """Return how ``player`` sits at a table of ``rules``: its decisions where they ignore the
    scores (a :class:`FarklePolicy`), else the optimal table it plays (:func:`guide_of`)."""
    from pigsolve.solver.farkle.solution import FarkleSolution

    solution = player if isinstance(player, FarkleSolution) else getattr(player, "solution", None)
    if isinstance(solution, FarkleSolution) and rules.players > 2:
        if solution.rules != rules:
            raise InvalidArgument(f"the optimal table was made for other rules: {solution.rules}")
        return guide_of(rules, solution)
    policy = policy_of(rules, player)
    if policy.kind == GUIDED and rules.players == 2 and not rules.farkle_penalty:
        return guide_of(rules, policy)
    if policy.kind != TURN:
        raise InvalidArgument(f"{getattr(player, 'name', 'a player')} reads two players' scores")
    return policy


def evaluate_field(rules: FarkleRules, players: Sequence[Any]) -> FieldEvaluation:
    """Return the exact win probabilities of ``players`` seated in that order (seat 0 first).

    >>> from pigsolve.solver.farkle.policy import thresholds
    >>> rules = FarkleRules(dice=3, goal=300, players=3)
    >>> seats = [thresholds(rules, (t,)) for t in (100, 150, 200)]
    >>> round(float(evaluate_field(rules, seats).start().sum()), 12)
    1.0
    """
    from pigsolve.solver.farkle import _field_kernels
    from pigsolve.solver.farkle.field_last_round import last_rounds, reach_width, round_bytes
    from pigsolve.solver.farkle.laws import laws_of
    from pigsolve.solver.resources import check_memory

    check_evaluable(rules)
    n, goal = rules.players, rules.goal // POINT_UNIT
    if len(players) != n:
        raise InvalidArgument(f"give {n} players for {n} seats, got {len(players)}")
    seats = [seat_of(rules, player) for player in players]
    names = tuple(str(getattr(p, "name", type(p).__name__)) for p in players)
    width = max((seat.width for seat in seats if isinstance(seat, Guide)), default=0)
    laws = kept_bytes(goal, n, width) if any(isinstance(seat, Guide) for seat in seats) else 0
    needed = 8 * n * n * goal**n + laws * (laws <= KEPT_LAWS)
    needed += round_bytes(rules, reach_width(rules, seats))
    check_memory(needed, f"the exact evaluation of {n} players at goal {rules.goal}")
    guided = np.array([not isinstance(seat, FarklePolicy) for seat in seats])
    wins, farkles = np.zeros((n, goal)), np.zeros((n, goal))
    banks = np.zeros((n, goal * (goal - 1) // 2))
    optimal = {id(seat): seat for seat in seats if isinstance(seat, Guide)}
    if len(optimal) > 1:
        raise InvalidArgument("the optimal players read different tables: seat one table")
    guide = next(iter(optimal.values()), Guide(rules, np.zeros((1, n)), np.full(1, -1.0)))
    for m, seat in enumerate(seats):
        if isinstance(seat, FarklePolicy):
            laws = laws_of(seat)
            wins[m], farkles[m], banks[m] = laws.win[:, 0], laws.farkle[:, 0], laws.bank
    none = np.zeros((1, 1)), np.zeros((1, 1)), np.zeros(1), np.zeros((1, 1, 0))
    kept = guide.laws if optimal else none
    reaches, rounds = last_rounds(rules, seats)
    values = np.zeros((n, goal**n, n))
    least, keeps = least_banks(rules), guide.keeps
    for layer in _layers(goal, n):
        _field_kernels.evaluate_layer(
            values, layer, guided, wins, farkles, banks, reaches, rounds, guide.table,
            guide.coins, kept, NUDGE, *least, guide.cap or goal, guide.middle, *keeps,
        )  # fmt: skip
    return FieldEvaluation(rules, names, values)


def _layers(goal: int, players: int) -> list[np.ndarray]:
    """Return the flat score vectors by score sum, the highest first."""
    index = np.arange(goal**players, dtype=np.int64)
    sums = sum((index // goal**k) % goal for k in range(players))
    order = np.argsort(-sums, kind="stable")
    bounds = np.searchsorted(-sums[order], np.arange(-players * (goal - 1), 1), side="left")
    return np.split(index[order], bounds[1:])


def field_comparison(
    rules: FarkleRules, player: Any, field: Sequence[Any], name: str, against: str
) -> FieldComparison:
    """Return ``player``'s chances against the ``field`` (the other seats, in turn order) as
    a :class:`FieldComparison`: one evaluation gives every seat it may take."""
    evaluation = evaluate_field(rules, [player, *field])
    starts = evaluation.starts
    n = rules.players
    seats = tuple(float(starts[(n - k) % n, 0]) for k in range(n))  # moving first, second, ...
    field_first = float(np.mean(seats[1:]))
    return FieldComparison(name, against, rules.goal, FACES, seats[0], field_first, seats)


def compare_seatings(
    rules: FarkleRules, players: Sequence[Any], names: Sequence[str] | None = None
) -> Seatings:
    """Return every player's exact chance in each of the N! seatings: (N - 1)! evaluations,
    each giving its N rotations."""
    n = rules.players
    names = tuple(names or (str(getattr(p, "name", p)) for p in players))
    orders = tuple(itertools.permutations(range(n)))
    by_seat: dict[tuple[int, ...], np.ndarray] = {}
    probabilities = np.empty((len(orders), n))
    for r, order in enumerate(orders):
        if order not in by_seat:
            starts = evaluate_field(rules, [players[p] for p in order]).starts
            for m in range(n):  # seat m moving first is the seating rotated by m
                by_seat[order[m:] + order[:m]] = np.roll(starts[m], -m)
        probabilities[r, list(order)] = by_seat[order]
    return Seatings(names, orders, probabilities)
