"""Reading a person's answers at the terminal."""

from __future__ import annotations

from typing import TextIO

from pigsolve.solver.errors import GameInputError


def read_line(stream: TextIO) -> str:
    """Return the next input line without its line ending; raise GameInputError at end of input."""
    line = stream.readline()
    if not line:
        raise GameInputError("input ended before the game did")
    return line.rstrip("\r\n")


def answer(stdin: TextIO, stdout: TextIO) -> str:
    """Return the line typed after a prompt; at Ctrl-C or Ctrl-D end the prompt's line first.

    So the error that follows starts a line of its own, not "Roll/Hold? ^Cinterrupted".
    """
    try:
        return read_line(stdin)
    except (GameInputError, KeyboardInterrupt):
        if stdout.isatty():
            stdout.write("\n")
            stdout.flush()
        raise
