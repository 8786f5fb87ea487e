"""The one contract between a computer player and the solver: its decisions as a SeatPolicy.

Every computer Pig player answers ``seat_policy(rules)`` with a :class:`SeatPolicy`, one of a few
kinds the kernels read (a threshold table, greedy on a stored equilibrium, explicit choices). The
exact evaluation, the best response and the simulation take players through this method alone
(:func:`seat_policies`), for any number of players, and :func:`pack_seats` encodes them as the
kernels read them. Shared by :mod:`solver.pig.evaluation.evaluate`, :mod:`solver.pig.best_response`,
:mod:`solver.pig.simulate` and their kernels, so that the kernels import nothing above them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import numpy as np

from pigsolve.solver.errors import InvalidArgument

if TYPE_CHECKING:
    from pigsolve.solver.games.pig import PigRules

THRESHOLD, GREEDY, EXPLICIT, BEST = 0, 1, 2, 3
"""Seat kinds, as :func:`pack_seats` encodes them for the kernels."""


@dataclass(frozen=True, eq=False)
class SeatPolicy:
    """One player's decisions as the kernels take them (one of three kinds).

    Attributes
    ----------
    name : str
    kind : int
        :data:`THRESHOLD`, :data:`GREEDY` or :data:`EXPLICIT`.
    roll : ndarray(bool, shape=(memory, G, G, G)) or None
        THRESHOLD: ``[t, i, j, k]``, j the leader among the others, t the held turns.
    after : ndarray(float64, shape=(G**N,)) or None
        GREEDY: the mover's own win probability when its turn has ended (the next mover's
        start), by the flat index of its frame (own score, then the next players').
    mixed : (ndarray, ndarray, ndarray) or None
        GREEDY: the mixed states, sorted flat indices of frames, turn totals, roll probabilities.
    packed : ndarray(uint8, shape=(G**N, ceil(G / 8))) or None
        EXPLICIT: the choices along k of each frame, bit ``k % 8`` of byte ``k // 8``
        (``np.packbits(..., bitorder="little")``, the order of every packed choice in pigsolve).
    """

    name: str
    kind: int
    roll: np.ndarray | None = None
    after: np.ndarray | None = None
    mixed: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
    packed: np.ndarray | None = None

    def seat_policy(self, rules: PigRules) -> SeatPolicy:
        """Return itself: a seat policy is its own decisions."""
        return self

    @property
    def memory(self) -> int:
        """Return how many held-turn counts the player tells apart (1: none)."""
        return 1 if self.roll is None else int(self.roll.shape[0])


class ComputerPlayer(Protocol):
    """What the solver needs of a computer Pig player."""

    name: str

    def seat_policy(self, rules: PigRules) -> SeatPolicy:
        """Return the player's decisions in every state of ``rules``."""
        ...


def threshold_seat(name: str, roll: np.ndarray, rules: PigRules) -> SeatPolicy:
    """Return the seat of a player that decides by its roll table ``[t, i, j, k]`` (checked)."""
    try:
        return SeatPolicy(name, THRESHOLD, roll=check_roll_table(roll, rules.goal, name))
    except ValueError as err:
        raise InvalidArgument(str(err)) from None


def check_roll_table(roll: np.ndarray, goal: int, name: str = "policy") -> np.ndarray:
    """Return ``roll`` as a C-contiguous bool array after checking its shape (m, G, G, G).

    Raises ``ValueError`` if the shape is wrong or the table holds at turn total 0 (a turn that
    banks nothing never ends the game).
    """
    roll = np.asarray(roll)
    if roll.ndim != 4 or roll.shape[1:] != (goal, goal, goal) or roll.shape[0] < 1:
        raise ValueError(
            f"{name} roll table has shape {roll.shape}; expected (memory, {goal}, {goal}, {goal})"
        )
    if roll.dtype != np.bool_:
        raise ValueError(f"{name} roll table has dtype {roll.dtype}; expected bool")
    if not roll[..., 0].all():
        t, i, j = np.argwhere(~roll[..., 0])[0]
        raise ValueError(f"{name} holds at turn total 0 in state t={t}, i={i}, j={j}")
    return np.ascontiguousarray(roll)


def seat_policies(rules: PigRules, players: Sequence[ComputerPlayer]) -> list[SeatPolicy]:
    """Return the seat policies of ``players`` (one per seat), each distinct player asked once."""
    if len(players) != rules.players:
        raise InvalidArgument(f"give {rules.players} players, one per seat, got {len(players)}")
    built: dict[int, SeatPolicy] = {}
    for player in players:
        if id(player) not in built:
            built[id(player)] = player.seat_policy(rules)
    return [built[id(player)] for player in players]


def pair_tables(rules: PigRules, policies: Sequence[SeatPolicy]) -> list[np.ndarray] | None:
    """Return the roll tables ``[t, i, j, k]`` of two seats that the pair kernels take (the fast
    path of the evaluation and the simulation), else None.

    Threshold tables are taken as they are (held-turn counters included), explicit choices
    unpacked into a table of memory 1; a greedy seat goes to the general kernels.
    """
    if len(policies) != 2 or any(p.kind == GREEDY for p in policies):
        return None
    return [seat_table(rules.goal, policy) for policy in policies]


def seat_table(goal: int, policy: SeatPolicy) -> np.ndarray:
    """Return a threshold or explicit seat as a roll table ``[t, i, j, k]`` (two players)."""
    if policy.kind == THRESHOLD:
        return policy.roll
    roll = np.unpackbits(policy.packed, axis=1, count=goal, bitorder="little") == 1
    roll = roll.reshape(1, goal, goal, goal)
    roll[..., 0] = True
    return roll


def pack_seats(rules: PigRules, policies: Sequence[SeatPolicy], best: bool = False) -> tuple:
    """Return the seats as the general kernels take them (``best``: seat 0 is the best
    responder): the tuple ``(kinds, slots, thresholds, memory, after, mixed_index, mixed_k,
    mixed_q, packed)``. Seat m's player is entry ``slots[m]`` of the arrays of its kind:
    ``thresholds[slot, t, i, j, k]`` (t below ``memory[slot]``), ``after[slot]`` with its mixed
    states (``mixed_index`` = slot * G**N + flat frame, sorted), ``packed[slot]``.
    """
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
        (len(tables), depth, goal, goal, goal) if tables else (1, 1, 1, 1, 1), bool
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
    packed = np.stack([p.packed for p in explicit]) if explicit else np.zeros((1, 1, 1), np.uint8)
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
