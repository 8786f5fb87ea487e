"""Your own Pig player: ``function(score, opponent_score, turn_total) -> bool`` in a file (True
rolls; 1 and 0 are accepted), optionally with a fourth argument, the player's held turns so far
(passed capped at :data:`MEMORY` - 1). It is asked as :mod:`policies.user` says.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from pigsolve.policies.user import StrategyFunction
from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.games.pig import PigRules, View
from pigsolve.solver.pig.seat_policy import SeatPolicy, threshold_seat
from pigsolve.solver.sandbox.function import call_words, tabulating

MEMORY = 8
"""Held turns a four-argument Pig function can tell apart (0 .. MEMORY - 1)."""


class UserPigPlayer:
    """A Pig player that asks your function: True rolls."""

    description = "your function (score, opponent_score, turn_total[, held_turns]) -> bool"

    def __init__(self, spec: str) -> None:
        self.name = spec
        self.function = StrategyFunction(spec, (3, 4))
        self.memory = MEMORY if self.function.arity == 4 else 1

    def _args(self, score: int, opponent_score: int, turn_total: int, held: int) -> tuple:
        return (score, opponent_score, turn_total, held)[: 4 if self.memory > 1 else 3]

    def _checked(self, args: tuple[int, ...], answer: Any) -> bool:
        """Return ``answer`` as a decision to roll; one line naming the call unless it is one
        (True, False, 1 or 0)."""
        if not isinstance(answer, bool | int) or answer not in (0, 1):
            call = call_words(self.name, args)
            raise PigsolveError(f"{call} returned {answer!r} (True to roll, False to hold)")
        return bool(answer)

    def choose(self, view: View) -> bool:
        """Return your function's answer; roll at turn total 0, hold once the goal is reached.

        What the function prints goes to stderr.
        """
        if view.score + view.turn_total >= view.goal:
            return False
        if view.turn_total == 0:
            return True
        held = min(view.held_turns, self.memory - 1)
        args = self._args(view.score, view.opponent_score, view.turn_total, held)
        return self._checked(args, self.function.ask(args))

    def seat_policy(self, rules: PigRules) -> SeatPolicy:
        """Return your function's answers as the exact evaluation and the simulation take them."""
        return threshold_seat(self.name, self.table(rules), rules)

    def table(self, rules: PigRules) -> np.ndarray:
        """Return your function's answer in every state (bool, ``(memory, G, G, G)``)."""
        goal = rules.goal
        roll = np.zeros((self.memory, goal, goal, goal), bool)
        roll[..., 0] = True
        rows = list(itertools.product(range(self.memory), range(goal)))
        with tabulating(self.function, len(rows)) as progress:
            for done, (held, i) in enumerate(rows):  # a round trip per score: 10,000 calls
                progress(done)
                states = [
                    self._args(i, j, k, held) for j in range(goal) for k in range(1, goal - i)
                ]
                if states:
                    answers = self.function.ask_all(states, self._checked)
                    roll[held, i, :, 1 : goal - i] = np.reshape(answers, (goal, goal - i - 1))
        return roll
