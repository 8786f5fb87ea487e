"""A function of a user's Python file, asked in the file's process (:mod:`solver.sandbox.process`).

A :class:`UserFunction` is ``path/to/file.py:function``: the file is imported with its folder on
the module path, as 61A's ``ok`` does: **this runs the user's code**. Every state is asked twice
when tabulating (:meth:`UserFunction.ask_all`), and a function answering differently is refused
(exact answers need a deterministic function). Only plain answers count (bools, ints, strings,
and lists and tuples of them; numpy's too): the caller checks each and names a bad one's call
("strategy(10, 20) returned 100 (invalid number of rolls)"), and an exception, ``sys.exit``,
Ctrl-C, a call past its time (:mod:`solver.sandbox.time_limit`), the process exiting, forking
or running out of memory is one line naming the call being asked. What the function prints
never reaches standard output: while tabulating it is counted and summed up in one line on
stderr (:func:`tabulating`), else it goes to stderr.

What a file is for (a player's strategy, Hog's rules: :mod:`solver.games.hog_files`) is worded
by a subclass: :attr:`UserFunction.kind`, :attr:`UserFunction.undetermined`,
:attr:`UserFunction.one_process`, :meth:`UserFunction.missing` and :meth:`UserFunction.hint`.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pigsolve.solver.errors import InvalidArgument, MissingFile, PigsolveError
from pigsolve.solver.sandbox.process import Sandbox

ARITIES = 8
"""The numbers of arguments (0 .. ARITIES - 1) a function is checked for, to name its game."""

Checked = TypeVar("Checked")


class Foreign:
    """An answer that is not a plain value, shown as its ``repr`` was in its process."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


class UserFunction:
    """The function ``file.py:function`` in its process, taking one of ``arities`` numbers of
    arguments (:attr:`arity`, the first it takes); :attr:`defined` lists the functions the file
    defines."""

    kind = "file"
    """What the file is, as messages name it (``no file at PATH``)."""
    undetermined = "not deterministic: exact answers need one answer a state"
    """Why an answer that changes is refused."""
    one_process = ": a function answers from one process"
    """Why a function that forks is refused."""

    def __init__(self, spec: str, arities: tuple[int, ...]) -> None:
        file_text, colon, function_name = spec.rpartition(":")
        if not colon or not file_text.endswith(".py"):
            file_text, function_name = spec, ""
        path = Path(file_text)
        if not path.is_file():
            raise MissingFile(f"no {self.kind} at {path}")
        self.spec = spec
        self.file = file_text
        self.arities = arities
        self.defined: list[str] = []
        self.printed = _Printed()
        self.sandbox = Sandbox(path, file_text)
        try:
            message = ("load", str(path), function_name, list(sys.path), ARITIES)
            reply = self.sandbox.request(message, lambda calls: None)
            self.arity = self._found(reply, function_name)
        except BaseException:
            self.sandbox.kill()
            raise

    def pick(self, function_name: str) -> None:
        """Ask the file's function ``function_name`` from now on (the file is not imported
        again): :attr:`spec` and :attr:`arity` become its."""
        self.spec = f"{self.file}:{function_name}"
        reply = self.sandbox.request(("pick", function_name, ARITIES), lambda calls: None)
        self.arity = self._found(reply, function_name)

    def _found(self, reply: Any, function_name: str) -> int:
        """Return the number of arguments the function ``function_name`` takes, from the reply
        to ``load`` or ``pick``; one line if the file failed or lacks the function."""
        path = Path(self.file)
        try:
            if reply[0] == "memory":
                raise self.sandbox.out_of_memory(None)
            if reply[0] == "failed":
                why, text, printed = reply[1:]
                self._relay(printed)
                if why == "memory":
                    raise self.sandbox.out_of_memory(None)
                if why == "forked":
                    raise self.sandbox.failed("forked (os.fork)", None, self.one_process)
                raise PigsolveError(f"{path}: importing it raised {text}")
            _, found, defined, takes, printed = reply
            self._relay(printed)
            self.defined = [str(name) for name in defined]
            takes = None if takes is None else [int(arity) for arity in takes]
        except (TypeError, ValueError, IndexError) as err:  # not a reply of pigsolve's child
            raise self.sandbox.failed("sent pigsolve something it cannot read", None) from err
        if not found:
            raise self.missing(path, function_name)
        if takes is None:  # no signature to read (a builtin): trust the first arity
            return self.arities[0]
        for arity in self.arities:
            if arity in takes:
                return arity
        wanted = " or ".join(map(str, self.arities))
        raise InvalidArgument(f"{self.spec} must take {wanted} arguments{self.hint(takes)}")

    def missing(self, path: Path, function_name: str) -> PigsolveError:
        """Return the error of a file without the function ``function_name`` ('': none named),
        naming the functions it defines (:attr:`defined`)."""
        listed = ", ".join(self.defined) or "no function"
        found = f"{path} has no function {function_name!r}" if function_name else f"{path}:"
        return InvalidArgument(f"{found} name a function of it; it defines {listed}")

    def hint(self, takes: list[int]) -> str:
        """Return what to add to the error of a function taking ``takes`` numbers of arguments,
        none of those asked ('' here)."""
        return ""

    def close(self) -> None:
        """End the function's process (done at exit if not before)."""
        self.sandbox.kill()

    def ask(self, args: tuple[Any, ...]) -> Any:
        """Return the function's answer at ``args`` (a plain value, else :class:`Foreign`);
        what it printed goes to stderr. An exception, an exit, ... is one line naming the call.
        """
        return self._ask([args], 1, lambda args, answer: answer, relay=True)[0]

    def ask_all(
        self, states: Sequence[tuple[Any, ...]], check: Callable[[tuple[Any, ...], Any], Checked]
    ) -> list[Checked]:
        """Return ``check(args, answer)`` at every state of ``states`` in one round trip, the
        function asked twice at each (an answer that changes is refused); what it printed is
        counted (:func:`tabulating`). ``check`` raises PigsolveError for a bad answer."""
        return self._ask(states, 2, check, relay=False)

    def _ask(
        self,
        states: Sequence[tuple[Any, ...]],
        times: int,
        check: Callable[[tuple[Any, ...], Any], Checked],
        relay: bool,
    ) -> list[Checked]:
        def where(calls: int) -> str:
            return call_words(self.spec, states[min(max(calls - 1, 0) // times, len(states) - 1)])

        states = list(states)
        reply = self.sandbox.request(("ask", states, times), where)
        if reply[0] == "memory":
            raise self.sandbox.out_of_memory(where(self.sandbox.counter[0]))
        try:
            _, answers, end, printed = reply
            if relay:
                self._relay(printed)
            else:
                self._count(printed)
            if len(answers) > len(states) or (end is None) != (len(answers) == len(states)):
                raise ValueError("as many answers as states, or the reason why not")
        except (TypeError, ValueError) as err:
            raise self.sandbox.failed("sent pigsolve something it cannot read", where(0)) from err
        checked = [check(args, answer) for args, answer in zip(states, answers, strict=False)]
        if end is None:
            return checked
        args = states[len(answers)]
        call = call_words(self.spec, args)
        why = end[0]
        if why == "returned":
            check(args, Foreign(str(end[1])))
            raise PigsolveError(f"{call} returned {end[1]}")
        if why == "differs":
            raise PigsolveError(f"{call} returned {end[1]!r}, then {end[2]!r}: {self.undetermined}")
        if why == "raised":
            raise PigsolveError(f"{call} raised {end[1]}")
        if why == "memory":
            raise self.sandbox.out_of_memory(call)
        if why == "forked":
            raise self.sandbox.failed("forked (os.fork)", call, self.one_process)
        raise self.sandbox.failed("sent pigsolve something it cannot read", call)

    def _relay(self, printed: tuple[str, int, str]) -> None:
        """Write what the function printed to stderr."""
        text = str(printed[0])
        if text:
            sys.stderr.write(text)
            sys.stderr.flush()

    def _count(self, printed: tuple[str, int, str]) -> None:
        """Add what the function printed to :attr:`printed`."""
        _, lines, first = printed
        if self.printed.lines == 0:
            self.printed.first += str(first)
        self.printed.lines += int(lines)


def call_words(spec: str, args: tuple[Any, ...]) -> str:
    """Return the call in words: ``strategy(12, 30, 7)``."""
    return f"{spec.rpartition(':')[2]}{args}"


@dataclass
class _Printed:
    """What a function printed while tabulating: the first line and the number of lines."""

    first: str = ""
    lines: int = 0


@contextlib.contextmanager
def tabulating(function: UserFunction, total: int) -> Iterator[Callable[[int], None]]:
    """Yield ``progress(done)`` while ``function`` is asked in every state.

    What the function prints is counted and summed up in one line on stderr at the end; at a
    terminal, the share of states asked so far is shown on stderr, unless the function is asked
    off the main thread (one of several asked at once, which their caller shows).
    """
    spec = function.spec
    function.printed = printed = _Printed()
    terminal = sys.stderr.isatty() and threading.current_thread() is threading.main_thread()

    def progress(done: int) -> None:
        if terminal:
            sys.stderr.write(f"\rasking {spec} in every state: {done / total:.0%}")
            sys.stderr.flush()

    try:
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
