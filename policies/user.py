"""Your own player: a function in a Python file, named ``path/to/file.py:function``.

Pig: ``function(score, opponent_score, turn_total) -> bool`` (True rolls; 1 and 0 are accepted),
optionally with a fourth argument, the player's held turns so far (passed capped at
:data:`MEMORY` - 1). Hog: CS 61A's contract ``strategy(score, opponent_score) -> num_rolls``, so
a student's ``hog.py:final_strategy`` works unchanged. The file is imported with its folder on
the module path, as 61A's ``ok`` does: **this runs your code**. Every state is asked twice when
tabulating, and a function answering differently is refused (exact evaluation needs a
deterministic strategy). A bad answer is reported like 61A's ``check_strategy``
("strategy(10, 20) returned 100 (invalid number of rolls)"), and an exception, ``sys.exit``,
Ctrl-C or a call past its time (:mod:`policies.time_limit`) with the state being asked. What the
function prints never reaches standard output: while tabulating it is counted and summed up in
one line on stderr, in play it goes to stderr.
"""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import io
import itertools
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from pigsolve.policies import time_limit
from pigsolve.solver.errors import InvalidArgument, MissingFile, PigsolveError
from pigsolve.solver.games.hog import HogRules
from pigsolve.solver.games.pig import PigRules, View
from pigsolve.solver.pig.seat_policy import SeatPolicy, threshold_seat

MEMORY = 8
"""Held turns a four-argument Pig function can tell apart (0 .. MEMORY - 1)."""

NOT_DETERMINISTIC = "not a deterministic strategy: exact evaluation needs one; use `simulate`"


def is_user_player(name: str) -> bool:
    """Return True if ``name`` names a function in a file (``file.py:function``) or a file."""
    return ".py:" in name or name.endswith(".py")


def load_function(spec: str, arities: tuple[int, ...]) -> tuple[Callable[..., Any], int]:
    """Import ``file.py:function``; return it and the number of arguments it will be given."""
    file_text, colon, function_name = spec.rpartition(":")
    if not colon or not file_text.endswith(".py"):
        file_text, function_name = spec, ""
    path = Path(file_text)
    if not path.is_file():
        raise MissingFile(f"no strategy file at {path}")
    module_spec = importlib.util.spec_from_file_location(f"pigsolve_user_{path.stem}", path)
    module = importlib.util.module_from_spec(module_spec)
    sys.path.insert(0, str(path.resolve().parent))
    try:
        with contextlib.redirect_stdout(sys.stderr):
            module_spec.loader.exec_module(module)
    except (Exception, SystemExit) as err:
        raise PigsolveError(f"{path}: importing it raised {_exception(err)}") from None
    finally:
        sys.path.remove(str(path.resolve().parent))
    function = getattr(module, function_name, None) if function_name else None
    if not callable(function):
        defined = [
            name
            for name, member in vars(module).items()
            if inspect.isfunction(member) and member.__module__ == module.__name__
        ]
        found = f"{path} has no function {function_name!r};" if function_name else f"{spec}:"
        example = f"{path}:{defined[0]}" if defined else f"{path}:function"
        listed = f"; it defines {', '.join(defined)}" if defined else "; it defines no function"
        raise InvalidArgument(f"{found} name the function to play, e.g. {example}{listed}")
    try:
        inspect.signature(function)
    except ValueError:  # no signature to read (a builtin): trust the first arity
        return function, arities[0]
    for arity in arities:
        if _takes(function, arity):
            return function, arity
    wanted = " or ".join(map(str, arities))
    raise InvalidArgument(f"{spec} must take {wanted} arguments{_other_game(spec, function)}")


def _other_game(spec: str, function: Callable[..., Any]) -> str:
    """Return a hint naming the other game's commands when ``function`` takes that game's
    arguments (a CS 61A Hog strategy given to Pig, a Pig strategy given to Hog), else ''."""
    if _takes(function, 2):
        return (
            "; this looks like a Hog strategy (score, opponent_score): "
            f"use `pigsolve compare {spec} ... --game hog-fa16` (or another command with "
            "--game hog-fa16)"
        )
    if _takes(function, 5):
        return (
            "; this looks like a Farkle strategy (score, opponent_score, turn_total, "
            f"dice_left, roll): use `pigsolve compare {spec} ... --game farkle`"
        )
    if _takes(function, 3) or _takes(function, 4):
        return (
            "; this looks like a Pig strategy (score, opponent_score, turn_total): "
            f"use `pigsolve compare {spec} ...` (or another Pig command)"
        )
    return ""


def _takes(function: Callable[..., Any], arity: int) -> bool:
    """Return True if ``function`` can be called with ``arity`` positional arguments."""
    try:
        inspect.signature(function).bind(*range(arity))
    except TypeError:
        return False
    return True


def _exception(err: BaseException) -> str:
    """Return ``err`` in words: ``ZeroDivisionError: division by zero``, ``sys.exit(3)``."""
    if isinstance(err, SystemExit):
        return f"SystemExit (sys.exit({err.code!r}))"
    return f"{type(err).__name__}: {err}"


def ask(spec: str, function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """Return ``function(*args)``; an exception, ``sys.exit`` or a call past its time is one
    line naming the call (Ctrl-C too)."""
    try:
        return time_limit.call(function, args)
    except KeyboardInterrupt:
        raise KeyboardInterrupt(f"while asking {call_words(spec, args)}") from None
    except time_limit.NoAnswer as err:
        longer = f"{time_limit.SETTER}(SECONDS) gives it longer; 0: no limit"
        raise PigsolveError(
            f"{call_words(spec, args)} {err} ({longer})",
            parameter=time_limit.SETTER,
        ) from None
    except (Exception, SystemExit) as err:
        raise PigsolveError(f"{call_words(spec, args)} raised {_exception(err)}") from None


def call_words(spec: str, args: tuple[Any, ...]) -> str:
    """Return the call in words: ``strategy(12, 30, 7)``."""
    return f"{spec.rpartition(':')[2]}{args}"


def ask_twice(spec: str, function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """Return ``function(*args)``, refusing a function that answers differently a second time."""
    first, second = ask(spec, function, args), ask(spec, function, args)
    if first != second:
        call = call_words(spec, args)
        raise PigsolveError(f"{call} returned {first!r}, then {second!r}: {NOT_DETERMINISTIC}")
    return first


class _LineCounter(io.TextIOBase):
    """A text stream that keeps only the first line written to it and counts the lines."""

    def __init__(self) -> None:
        self.lines = 0
        self.first = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.lines == 0:
            self.first += text.partition("\n")[0]
        self.lines += text.count("\n")
        return len(text)


@contextlib.contextmanager
def tabulating(spec: str, total: int) -> Iterator[Callable[[int], None]]:
    """Yield ``progress(done)`` while a function is asked in every state.

    What the function prints is counted and summed up in one line on stderr at the end; at a
    terminal, the share of states asked so far is shown on stderr.
    """
    printed = _LineCounter()
    terminal = sys.stderr.isatty()

    def progress(done: int) -> None:
        if terminal:
            sys.stderr.write(f"\rasking {spec} in every state: {done / total:.0%}")
            sys.stderr.flush()

    try:
        with contextlib.redirect_stdout(printed), time_limit.watching():
            yield progress
    finally:
        if terminal:
            sys.stderr.write("\r\033[K")
        if printed.lines or printed.first:
            print(
                f"{spec} printed {printed.lines:,} lines while asked in every state "
                f"(not shown; the first: {printed.first!r})",
                file=sys.stderr,
            )


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


def hog_table(spec: str, rules: HogRules) -> np.ndarray:
    """Return ``strategy(score, opponent_score)`` for every pair of scores, checked as 61A does."""
    function, _ = load_function(spec, (2,))
    name = spec.rpartition(":")[2]
    table = np.empty((rules.goal, rules.goal), np.int8)
    with tabulating(spec, rules.goal) as progress:
        for score, opponent in itertools.product(range(rules.goal), repeat=2):
            if opponent == 0:
                progress(score)
            answer = ask_twice(spec, function, (score, opponent))
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
