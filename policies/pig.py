r"""Pig players: the documents' heuristics, which hold at a turn-total threshold.

Each player here holds once the turn total ``k`` reaches a threshold ``h(t, i, j)`` (its *hold
value*), always rolls at ``k = 0`` and always holds once ``i + k`` reaches the goal:

.. math::

    \text{roll}(t, i, j, k) = [i + k < G] \wedge ([k = 0] \vee [k < h(t, i, j)]).

Thresholds (Neller, "Pig Game" exercise; the constants 69, 71, 19, 14, 21 and 8 are the
documents' values, tuned for goal 100, and are kept as given for every goal):

============== ==================================================================
hold N         :math:`h = \min(N, G - i)`
four-turns     :math:`h = \lfloor (G - i) / (4 - t) \rfloor`, roll for the goal if t >= 4
base-pace-race :math:`h = G - i` if i >= 69 or j >= 69, else :math:`\max(19, j - 14)`
pace-race      :math:`h = G - i` if i >= 71 or j >= 71, else
               :math:`21 + \lfloor (j - i) / 8 + 1/2 \rfloor`
============== ==================================================================

Each player writes its threshold twice: once for one state in plain integers (``hold_at``) and
once over every state in numpy (``hold_at_grid``); the tests check they agree.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

import numpy as np

from solver.errors import InvalidArgument
from solver.games.pig import View

if TYPE_CHECKING:
    from solver.games.pig import PigRules


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


class FourTurns(ThresholdPolicy):
    """Hold at floor((goal - i) / (4 - t)), t = the player's turns ended by a hold so far."""

    name = "four-turns"
    description = '"4 scoring turns": hold at floor((goal - i) / (4 - t)), t = turns held so far'
    memory = 4

    def hold_at(self, view: View) -> int:
        turns_left = 4 - view.held_turns
        if turns_left <= 0:  # cannot happen before the goal, but would mean "go for it"
            return view.goal - view.score
        return (view.goal - view.score) // turns_left

    def hold_at_grid(self, t: np.ndarray, i: np.ndarray, j: np.ndarray, goal: int) -> np.ndarray:
        return (goal - i) // (4 - np.minimum(t, 3))


class BasePaceRace(ThresholdPolicy):
    """Roll for the goal if i >= 69 or j >= 69, else hold at max(19, j - 14)."""

    name = "base-pace-race"
    description = (
        '"score base, keep pace, and end race": if i or j >= 69 roll for the goal, '
        "else hold at max(19, j - 14)"
    )

    def hold_at(self, view: View) -> int:
        if view.score >= 69 or view.opponent_score >= 69:
            return view.goal - view.score
        return max(19, view.opponent_score - 14)

    def hold_at_grid(self, t: np.ndarray, i: np.ndarray, j: np.ndarray, goal: int) -> np.ndarray:
        end_race = (i >= 69) | (j >= 69)
        return np.where(end_race, goal - i, np.maximum(19, j - 14))


class PaceRace(ThresholdPolicy):
    """Roll for the goal if i >= 71 or j >= 71, else hold at 21 + round((j - i) / 8), halves up."""

    name = "pace-race"
    description = (
        '"keep pace and end race": if i or j >= 71 roll for the goal, '
        "else hold at 21 + round((j - i) / 8)"
    )

    def hold_at(self, view: View) -> int:
        if view.score >= 71 or view.opponent_score >= 71:
            return view.goal - view.score
        difference = view.opponent_score - view.score
        return 21 + int(np.floor(difference / 8 + 0.5))

    def hold_at_grid(self, t: np.ndarray, i: np.ndarray, j: np.ndarray, goal: int) -> np.ndarray:
        end_race = (i >= 71) | (j >= 71)
        return np.where(end_race, goal - i, 21 + (j - i + 4) // 8)
