"""Your own player: a function in a Python file, named ``path/to/file.py:function``.

Pig: ``function(score, opponent_score, turn_total) -> bool`` (True rolls), optionally with a
fourth argument, the player's held turns so far (passed capped at :data:`MEMORY` - 1). Hog: CS
61A's contract ``strategy(score, opponent_score) -> num_rolls``, so a student's
``hog.py:final_strategy`` works unchanged. The file is imported with its folder on the module
path, as 61A's ``ok`` does: **this runs your code**. Every state is tabulated once; a bad answer
is reported like 61A's ``check_strategy`` ("strategy(10, 20) returned 100 (invalid number of
rolls)"), and an exception with the state that raised it.
"""

from __future__ import annotations

import importlib.util
import inspect
import itertools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.games.hog import HogRules
from pigsolve.solver.games.pig import PigRules, View
from pigsolve.solver.pig.seats import SeatPolicy, threshold_seat

MEMORY = 8
"""Held turns a four-argument Pig function can tell apart (0 .. MEMORY - 1)."""


def is_user_player(name: str) -> bool:
    """Return True if ``name`` names a function in a file (``file.py:function``)."""
    return ".py:" in name


def load_function(spec: str, arities: tuple[int, ...]) -> tuple[Callable[..., Any], int]:
    """Import ``file.py:function``; return it and the number of arguments it will be given."""
    file_text, _, function_name = spec.rpartition(":")
    path = Path(file_text)
    if not path.is_file():
        raise PigsolveError(f"no strategy file at {path}")
    module_spec = importlib.util.spec_from_file_location(f"pigsolve_user_{path.stem}", path)
    module = importlib.util.module_from_spec(module_spec)
    sys.path.insert(0, str(path.resolve().parent))
    try:
        module_spec.loader.exec_module(module)
    except Exception as err:
        raise PigsolveError(f"{path}: importing it raised {type(err).__name__}: {err}") from None
    finally:
        sys.path.remove(str(path.resolve().parent))
    function = getattr(module, function_name, None)
    if not callable(function):
        raise PigsolveError(f"{path} has no function {function_name!r}")
    for arity in arities:
        try:
            inspect.signature(function).bind(*range(arity))
            return function, arity
        except TypeError:
            continue
        except ValueError:  # no signature to read (a builtin): trust the first arity
            return function, arities[0]
    wanted = " or ".join(map(str, arities))
    raise PigsolveError(f"{spec} must take {wanted} arguments")


def _call(spec: str, function: Callable[..., Any], args: tuple[int, ...]) -> Any:
    try:
        return function(*args)
    except Exception as err:
        call = f"{spec.rpartition(':')[2]}{args}"
        raise PigsolveError(f"{call} raised {type(err).__name__}: {err}") from None


class UserPigPlayer:
    """A Pig player that asks your function: True rolls."""

    description = "your function (score, opponent_score, turn_total[, held_turns]) -> bool"

    def __init__(self, spec: str) -> None:
        self.name = spec
        self.function, arity = load_function(spec, (3, 4))
        self.memory = MEMORY if arity == 4 else 1

    def _ask(self, score: int, opponent_score: int, turn_total: int, held: int) -> bool:
        args = (score, opponent_score, turn_total, held)[: 4 if self.memory > 1 else 3]
        answer = _call(self.name, self.function, args)
        if not isinstance(answer, bool | np.bool_):
            call = f"{self.name.rpartition(':')[2]}{args}"
            raise PigsolveError(f"{call} returned {answer!r} (True to roll, False to hold)")
        return bool(answer)

    def choose(self, view: View) -> bool:
        """Return your function's answer; roll at turn total 0, hold once the goal is reached."""
        if view.score + view.turn_total >= view.goal:
            return False
        held = min(view.held_turns, self.memory - 1)
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
        for held, i, j in itertools.product(range(self.memory), range(goal), range(goal)):
            for k in range(1, goal - i):
                roll[held, i, j, k] = self._ask(i, j, k, held)
        return roll


def hog_table(spec: str, rules: HogRules) -> np.ndarray:
    """Return ``strategy(score, opponent_score)`` for every pair of scores, checked as 61A does."""
    function, _ = load_function(spec, (2,))
    name = spec.rpartition(":")[2]
    table = np.empty((rules.goal, rules.goal), np.int8)
    for score, opponent in itertools.product(range(rules.goal), repeat=2):
        answer = _call(spec, function, (score, opponent))
        if (
            isinstance(answer, bool)
            or not isinstance(answer, int | np.integer)
            or (answer not in rules.actions)
        ):
            raise PigsolveError(
                f"{name}({score}, {opponent}) returned {answer!r} (invalid number of rolls)"
            )
        table[score, opponent] = answer
    return np.ascontiguousarray(np.broadcast_to(table[:, :, None, None, None], rules.shape))
