"""Your own player: a function in a Python file, named ``path/to/file.py:function``.

Each family says what its function takes and returns (its roster's ``arguments``, and its
player's docstring). The file is imported with its folder on
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
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pigsolve.policies import time_limit
from pigsolve.solver.errors import InvalidArgument, MissingFile, PigsolveError

USER_PLAYER = ("path/to/file.py:function", "your own function (this runs your code)")
"""The players read from a file, as every family lists them."""
NOT_DETERMINISTIC = "not a deterministic strategy: exact evaluation needs one; use `simulate`"


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
    """Return a hint naming another game's commands when ``function`` takes that game's
    arguments (a strategy of one game given to another), else ''."""
    from pigsolve.policies.roster import roster_of
    from pigsolve.solver.registry import DEFAULT, families

    for family in families():
        try:
            players = roster_of(family.name)
        except InvalidArgument:
            continue
        if any(_takes(function, arity) for arity in players.arities):
            game = family.games[0]
            use = (
                f"use `pigsolve compare {spec} ...` (or another {family.label} command)"
                if family.name == DEFAULT
                else f"use `pigsolve compare {spec} ... --game {game}` (or another command "
                f"with --game {game})"
            )
            return f"; this looks like a {family.label} strategy ({players.arguments}): {use}"
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
