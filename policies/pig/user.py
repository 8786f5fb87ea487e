"""Your own Pig player: ``function(score, opponent_score, turn_total) -> bool`` in a file (True
rolls; 1 and 0 are accepted), optionally with a fourth argument, the player's held turns so far
(passed capped at :data:`MEMORY` - 1). It is asked as :mod:`policies.user` says.
"""

from __future__ import annotations

import contextlib
import itertools
import sys

import numpy as np

from pigsolve.policies import time_limit
from pigsolve.policies.user import ask, ask_twice, call_words, load_function, tabulating
from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.games.pig import PigRules, View
from pigsolve.solver.pig.seat_policy import SeatPolicy, threshold_seat

MEMORY = 8
"""Held turns a four-argument Pig function can tell apart (0 .. MEMORY - 1)."""


class UserPigPlayer:
    """A Pig player that asks your function: True rolls."""

    description = "your function (score, opponent_score, turn_total[, held_turns]) -> bool"

    def __init__(self, spec: str) -> None:
        self.name = spec
        self.function, arity = load_function(spec, (3, 4))
        self.memory = MEMORY if arity == 4 else 1

    def _ask(
        self, score: int, opponent_score: int, turn_total: int, held: int, twice: bool = False
    ) -> bool:
        args = (score, opponent_score, turn_total, held)[: 4 if self.memory > 1 else 3]
        answer = (ask_twice if twice else ask)(self.name, self.function, args)
        if not isinstance(answer, bool | np.bool_ | int | np.integer) or answer not in (0, 1):
            call = call_words(self.name, args)
            raise PigsolveError(f"{call} returned {answer!r} (True to roll, False to hold)")
        return bool(answer)

    def choose(self, view: View) -> bool:
        """Return your function's answer; roll at turn total 0, hold once the goal is reached.

        What the function prints goes to stderr.
        """
        if view.score + view.turn_total >= view.goal:
            return False
        held = min(view.held_turns, self.memory - 1)
        with contextlib.redirect_stdout(sys.stderr), time_limit.watching():
            return view.turn_total == 0 or self._ask(
                view.score, view.opponent_score, view.turn_total, held
            )

    def seat_policy(self, rules: PigRules) -> SeatPolicy:
        """Return your function's answers as the exact evaluation and the simulation take them."""
        return threshold_seat(self.name, self.table(rules), rules)

    def table(self, rules: PigRules) -> np.ndarray:
        """Return your function's answer in every state (bool, ``(memory, G, G, G)``)."""
        goal = rules.goal
        roll = np.zeros((self.memory, goal, goal, goal), bool)
        roll[..., 0] = True
        rows = list(itertools.product(range(self.memory), range(goal), range(goal)))
        with tabulating(self.name, len(rows)) as progress:
            for done, (held, i, j) in enumerate(rows):
                if j == 0:
                    progress(done)
                for k in range(1, goal - i):
                    roll[held, i, j, k] = self._ask(i, j, k, held, twice=True)
        return roll
