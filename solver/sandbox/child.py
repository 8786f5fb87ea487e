"""The process a user's Python file runs in, started by :mod:`solver.sandbox.process`.

``python -m pigsolve.solver.sandbox.child READ WRITE COUNTER MEMORY`` reads pickled requests
on the file descriptor READ and writes pickled replies on WRITE (``multiprocessing``
connections), counts the calls it starts in the 8 bytes mapped from COUNTER (the parent's clock
watches that count), and may use MEMORY bytes of address space (0: no limit). It imports only
the standard library, and sends only plain values back: bools, ints, strings, and lists, tuples
and None of them. An answer of any other kind is sent as its ``repr``, marked; the parent checks
every answer and decides what is wrong with it.

Requests, and their replies (``printed`` is ``(first KEEP characters, lines, first line)`` of
what the function printed meanwhile):

- ``("load", path, function, sys_path, arities)``: import the file (that counts as the first
  call) and pick its function ``function``; ``("loaded", callable, defined, takes, printed)``,
  ``takes`` the numbers of arguments in ``range(arities)`` the function can be called with
  (None: it has no signature to read), or ``("failed", why, text, printed)``, ``why``
  ``"raised"``, ``"memory"`` or ``"forked"``.
- ``("pick", function, arities)``: pick another function of the file imported (it is not
  imported again); answered as ``load`` is.
- ``("ask", states, times)``: call the function ``times`` times (1 or 2) at every state;
  ``("asked", answers, end, printed)``, ``end`` None when every state was answered, else why it
  stopped at ``answers``' length: ``("raised", text)``, ``("returned", text)`` (not a plain
  value), ``("differs", first, second)``, ``("memory",)`` or ``("forked",)``.

Any may be answered ``("memory",)``: the limit was reached outside the function (making the
reply); the parent finds the call from the count.
"""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import io
import mmap
import os
import sys
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from types import ModuleType
from typing import Any

KEEP = 4096
"""Characters of what the function printed that are sent back (the rest is only counted)."""
LONGEST = 1000
"""The most items of a list or tuple answer sent back as one."""
LONGEST_WORDS = 200
"""The most characters of the ``repr`` of an answer that is not a plain value."""
_NUMPY = ("numpy", "bool_", "integer", "str_")


class Printed(io.TextIOBase):
    """A text stream that keeps the first :data:`KEEP` characters written to it, the first
    line, and counts the lines."""

    def __init__(self) -> None:
        self.kept = ""
        self.first = ""
        self.lines = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        text = str(text)
        if self.lines == 0:
            self.first += text.partition("\n")[0]
        if len(self.kept) < KEEP:
            self.kept += text[: KEEP - len(self.kept)]
        self.lines += text.count("\n")
        return len(text)

    def taken(self) -> tuple[str, int, str]:
        """Return (kept, lines, first line) and start afresh."""
        taken = (self.kept, self.lines, self.first[:KEEP])
        self.kept, self.first, self.lines = "", "", 0
        return taken


class Unplain(Exception):
    """An answer that is not a plain value."""


def plain(value: Any, depth: int = 0) -> Any:
    """Return ``value`` as a plain value (numpy's bools, ints and strings as Python's); raise
    :class:`Unplain` for anything else, a subclass of int or str included."""
    kind = type(value)
    if kind is bool or kind is int or kind is str or value is None:
        return value
    if (kind is tuple or kind is list) and depth < 2 and len(value) <= LONGEST:
        return kind([plain(item, depth + 1) for item in value])
    numpy = sys.modules.get(_NUMPY[0])
    if numpy is not None and getattr(kind, "__module__", None) == _NUMPY[0]:
        for name, convert in zip(_NUMPY[1:], (bool, int, str), strict=True):
            if isinstance(value, getattr(numpy, name)):
                return convert(value)
    raise Unplain


def words(value: Any) -> str:
    """Return ``repr(value)`` cut short (with its class's name, for a subclass of a plain
    value's class), or ``<Class object>`` where its ``repr`` fails."""
    name = getattr(type(value), "__name__", "?")
    try:
        text = repr(value)
        if not isinstance(text, str):
            raise TypeError
    except BaseException:  # a user's __repr__ may raise anything
        return f"<{name} object>"
    text = text if len(text) <= LONGEST_WORDS else f"{text[: LONGEST_WORDS - 3]}..."
    return f"{name}({text})" if isinstance(value, bool | int | str | tuple | list) else text


def exception(err: BaseException) -> str:
    """Return ``err`` in words: ``ZeroDivisionError: division by zero``, ``sys.exit(3)``."""
    try:
        if isinstance(err, SystemExit):
            return f"SystemExit (sys.exit({err.code!r}))"
        return f"{type(err).__name__}: {err}"
    except BaseException:  # a user's __str__ may raise anything
        return type(err).__name__


class Child:
    """The user's function and what it is asked with."""

    def __init__(self, counter: memoryview) -> None:
        self.counter = counter
        self.module: ModuleType | None = None
        self.function: Callable[..., Any] | None = None
        self.printed = Printed()
        self.pid = os.getpid()
        self.forked = False
        self.reserve: bytearray | None = bytearray(1 << 20)  # freed to reply after MemoryError
        os.register_at_fork(after_in_parent=self._forked)

    def _forked(self) -> None:
        self.forked = True

    def _alone(self) -> None:
        """End at once a copy of this process the function made with ``os.fork``: only this
        process answers."""
        if os.getpid() != self.pid:
            os._exit(0)

    def load(self, path_text: str, name: str, sys_path: list[str], arities: int) -> tuple:
        """Import the file and find the function (the ``load`` request)."""
        path = Path(path_text)
        sys.path[:] = [str(path.resolve().parent), *sys_path]
        module_spec = importlib.util.spec_from_file_location(f"pigsolve_user_{path.stem}", path)
        self.counter[0] += 1  # the import is the first call: the parent's clock starts
        try:
            module = importlib.util.module_from_spec(module_spec)
            with contextlib.redirect_stdout(self.printed):
                module_spec.loader.exec_module(module)
        except MemoryError:
            self.reserve = None
            return ("failed", "memory", "", self.printed.taken())
        except BaseException as err:
            self._alone()
            return ("failed", "raised", exception(err), self.printed.taken())
        self._alone()
        if self.forked:
            return ("failed", "forked", "", self.printed.taken())
        self.module = module
        return self.pick(name, arities)

    def pick(self, name: str, arities: int) -> tuple:
        """Find the function ``name`` of the file imported (the ``pick`` request)."""
        module = self.module
        defined = [
            key
            for key, member in vars(module).items()
            if inspect.isfunction(member) and member.__module__ == module.__name__
        ]
        function = getattr(module, name, None) if name else None
        if not callable(function):
            return ("loaded", False, defined, None, self.printed.taken())
        self.function = function
        try:
            signature = inspect.signature(function)
        except (ValueError, TypeError):  # no signature to read (a builtin)
            return ("loaded", True, defined, None, self.printed.taken())
        takes = []
        for arity in range(arities):
            try:
                signature.bind(*range(arity))
            except TypeError:
                continue
            takes.append(arity)
        return ("loaded", True, defined, takes, self.printed.taken())

    def ask(self, states: list[tuple], times: int) -> tuple:
        """Call the function at every state, ``times`` times each (the ``ask`` request)."""
        function, counter, pid, getpid = self.function, self.counter, self.pid, os.getpid
        answers: list[Any] = []
        end: tuple | None = None
        with contextlib.redirect_stdout(self.printed):
            for args in states:
                given = None
                try:
                    counter[0] += 1
                    given = function(*args)
                    if getpid() != pid:
                        os._exit(0)
                    first = plain(given)
                    if times > 1 and not self.forked:
                        counter[0] += 1
                        given = function(*args)
                        if getpid() != pid:
                            os._exit(0)
                        second = plain(given)
                        if first != second:
                            end = ("differs", first, second)
                            break
                except Unplain:
                    end = ("returned", words(given))
                    break
                except MemoryError:
                    self.reserve = None
                    end = ("memory",)
                    break
                except BaseException as err:
                    self._alone()
                    end = ("raised", exception(err))
                    break
                if self.forked:
                    break
                answers.append(first)
        if self.forked:
            end = ("forked",)
        return ("asked", answers, end, self.printed.taken())


def main(argv: list[str]) -> None:
    """Answer the parent's requests until it closes its end (see the module)."""
    read_fd, write_fd, counter_fd, memory = map(int, argv)
    if memory:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    requests = Connection(read_fd, writable=False)
    replies = Connection(write_fd, readable=False)
    child = Child(memoryview(mmap.mmap(counter_fd, 8)).cast("q"))
    while True:
        try:
            request = requests.recv()
        except EOFError:
            return
        try:
            answer = {"load": child.load, "pick": child.pick, "ask": child.ask}[request[0]]
            reply = answer(*request[1:])
        except MemoryError:  # past the limit outside the function (making the reply)
            child.reserve = None
            reply = ("memory",)
        replies.send(reply)


if __name__ == "__main__":
    main(sys.argv[1:])
