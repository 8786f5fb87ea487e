r"""Pig players: the documents' heuristics, which hold at a turn-total threshold.

Each player here holds once the turn total ``k`` reaches a threshold ``h(t, i, j)`` (its *hold
value*), always rolls at ``k = 0`` and always holds once ``i + k`` reaches the goal:

.. math::

    \text{roll}(t, i, j, k) = [i + k < G] \wedge ([k = 0] \vee [k < h(t, i, j)]).

Thresholds (Neller, "Pig Game" exercise): four kinds with integer constants; the named
players are the kinds at the documents' constants (in brackets), tuned for goal 100 and kept
as given for every goal. ``pigsolve tune`` searches the constants exactly.

============== ==================================================================
hold N         :math:`h = \min(N, G - i)`
T turns        :math:`h = \lfloor (G - i) / (T - t) \rfloor` (four-turns: T = 4)
base-pace-race :math:`h = G - i` if i or j >= race (69), else :math:`\max(base, j - pace)`
               (base 19, pace 14)
pace-race      :math:`h = G - i` if i or j >= race (71), else
               :math:`pace + \lfloor (j - i) / rate + 1/2 \rfloor` (pace 21, rate 8)
============== ==================================================================

Each player writes its threshold twice: once for one state in plain integers (``hold_at``) and
once over every state in numpy (``hold_at_grid``); the tests check they agree.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import View
from pigsolve.solver.pig.seat_policy import threshold_seat

if TYPE_CHECKING:
    from pigsolve.solver.games.pig import PigRules
    from pigsolve.solver.pig.seat_policy import SeatPolicy


class ThresholdPolicy(ABC):
    """A player that rolls while the turn total is below its hold value (see module docstring)."""

    name: str
    description: str
    memory: int = 1

    @abstractmethod
    def hold_at(self, view: View) -> int:
        """Return the hold value h(t, i, j) in one state."""

    @abstractmethod
    def hold_at_grid(self, t: np.ndarray, i: np.ndarray, j: np.ndarray, goal: int) -> np.ndarray:
        """Return h(t, i, j) broadcast over integer arrays ``t``, ``i``, ``j``."""

    def choose(self, view: View) -> bool:
        """Return True to roll: below the hold value and the goal, or at turn total 0."""
        if view.score + view.turn_total >= view.goal:
            return False
        return view.turn_total == 0 or view.turn_total < self.hold_at(view)

    def table(self, rules: PigRules) -> np.ndarray:
        """Return the decisions in every state.

        Returns
        -------
        ndarray of bool, shape (memory, G, G, G)
            ``[t, i, j, k]`` True where the player rolls; False wherever ``i + k >= G``;
            True at ``k = 0``. ``t`` counts the player's held turns, capped at ``memory - 1``.
        """
        g = rules.goal
        t = np.arange(self.memory).reshape(-1, 1, 1, 1)
        i = np.arange(g).reshape(1, -1, 1, 1)
        j = np.arange(g).reshape(1, 1, -1, 1)
        k = np.arange(g).reshape(1, 1, 1, -1)
        h = self.hold_at_grid(t, i, j, g)
        shape = (self.memory, g, g, g)
        return np.broadcast_to((i + k < g) & ((k == 0) | (k < h)), shape).copy()

    def seat_policy(self, rules: PigRules) -> SeatPolicy:
        """Return its decisions as the exact evaluation and the simulation take them."""
        return threshold_seat(self.name, self.table(rules), rules)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class HoldAt(ThresholdPolicy):
    """Hold at the lesser of N and goal - i ("hold at N or goal")."""

    def __init__(self, n: int) -> None:
        if n < 1:
            raise InvalidArgument(f"hold value must be at least 1, got {n}")
        self.n = n
        self.name = f"hold{n}"
        self.description = f'"hold at {n} or goal": hold at the lesser of {n} and goal - i'

    def hold_at(self, view: View) -> int:
        return min(self.n, view.goal - view.score)

    def hold_at_grid(self, t: np.ndarray, i: np.ndarray, j: np.ndarray, goal: int) -> np.ndarray:
        return np.minimum(self.n, goal - i)


class ScoringTurns(ThresholdPolicy):
    """Hold at floor((goal - i) / (T - t)), t = the player's turns ended by a hold so far."""

    def __init__(self, turns: int = 4) -> None:
        if turns < 1:
            raise InvalidArgument(f"the number of scoring turns must be at least 1, got {turns}")
        self.turns = turns
        self.memory = turns
        self.name = "four-turns" if turns == 4 else f"turns{turns}"
        self.description = (
            f'"{turns} scoring turns": hold at floor((goal - i) / ({turns} - t)), '
            "t = turns held so far"
        )

    def hold_at(self, view: View) -> int:
        turns_left = self.turns - view.held_turns
        if turns_left <= 0:  # cannot happen before the goal, but would mean "go for it"
            return view.goal - view.score
        return (view.goal - view.score) // turns_left

    def hold_at_grid(self, t: np.ndarray, i: np.ndarray, j: np.ndarray, goal: int) -> np.ndarray:
        return (goal - i) // (self.turns - np.minimum(t, self.turns - 1))


class BasePaceRace(ThresholdPolicy):
    """Roll for the goal if i or j >= race, else hold at max(base, j - pace)."""

    def __init__(self, base: int = 19, pace: int = 14, race: int = 69) -> None:
        self.base, self.pace, self.race = base, pace, race
        documents = (base, pace, race) == (19, 14, 69)
        self.name = "base-pace-race" if documents else f"base-pace-race:{base},{pace},{race}"
        self.description = (
            f'"score base, keep pace, and end race": if i or j >= {race} roll for the goal, '
            f"else hold at max({base}, j - {pace})"
        )

    def hold_at(self, view: View) -> int:
        if view.score >= self.race or view.opponent_score >= self.race:
            return view.goal - view.score
        return max(self.base, view.opponent_score - self.pace)

    def hold_at_grid(self, t: np.ndarray, i: np.ndarray, j: np.ndarray, goal: int) -> np.ndarray:
        end_race = (i >= self.race) | (j >= self.race)
        return np.where(end_race, goal - i, np.maximum(self.base, j - self.pace))


class PaceRace(ThresholdPolicy):
    """Roll for the goal if i or j >= race, else hold at pace + round((j - i) / rate), halves up."""

    def __init__(self, pace: int = 21, rate: int = 8, race: int = 71) -> None:
        if rate < 1:
            raise InvalidArgument(f"the pace rate must be at least 1, got {rate}")
        self.pace, self.rate, self.race = pace, rate, race
        documents = (pace, rate, race) == (21, 8, 71)
        self.name = "pace-race" if documents else f"pace-race:{pace},{rate},{race}"
        self.description = (
            f'"keep pace and end race": if i or j >= {race} roll for the goal, '
            f"else hold at {pace} + round((j - i) / {rate})"
        )

    def hold_at(self, view: View) -> int:
        if view.score >= self.race or view.opponent_score >= self.race:
            return view.goal - view.score
        difference = view.opponent_score - view.score
        return self.pace + (2 * difference + self.rate) // (2 * self.rate)

    def hold_at_grid(self, t: np.ndarray, i: np.ndarray, j: np.ndarray, goal: int) -> np.ndarray:
        end_race = (i >= self.race) | (j >= self.race)
        return np.where(
            end_race, goal - i, self.pace + (2 * (j - i) + self.rate) // (2 * self.rate)
        )


NAMED = {"four-turns": ScoringTurns, "base-pace-race": BasePaceRace, "pace-race": PaceRace}
"""The documents' players, by name: their kinds at the documents' constants."""

KINDS: dict[str, type[ThresholdPolicy]] = {
    "hold": HoldAt,
    "turns": ScoringTurns,
    "base-pace-race": BasePaceRace,
    "pace-race": PaceRace,
}
"""Each kind's class (its constants' search ranges: :data:`policies.pig.RANGES`)."""


MAX_CONSTANT = 10**9
"""The largest constant a kind's member takes (a hold value past the goal holds at the goal)."""


def kind_member(name: str) -> ThresholdPolicy | None:
    """Return the player called ``name``, or None if no kind has it.

    Names: ``holdN``, ``turnsT``, the documents' ``four-turns``, ``base-pace-race`` and
    ``pace-race``, or a kind with its constants, e.g. ``pace-race:21,8,71``.

    >>> kind_member("pace-race:21,8,71").name, kind_member("turns3").memory
    ('pace-race', 3)
    """
    if name in NAMED:
        return NAMED[name]()
    for constant in re.findall(r"\d+", name.partition(":")[2] or name):
        if len(constant) > 10 or int(constant) > MAX_CONSTANT:
            raise InvalidArgument(f"a player's constants are at most 10^9: {name[:60]!r}")
    single = re.fullmatch(r"(hold|turns)(\d+)", name)
    if single:
        value = int(single.group(2))
        kind = HoldAt if single.group(1) == "hold" else ScoringTurns
        return kind(value) if value >= 1 else None
    triple = re.fullmatch(r"(base-pace-race|pace-race):(\d+),(\d+),(\d+)", name)
    if triple:
        return KINDS[triple.group(1)](*map(int, triple.groups()[1:]))
    return None
