"""The human player: its decisions come from whoever answers the prompts."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from policies.base import View
from solver.errors import GameInputError

if TYPE_CHECKING:
    import numpy as np

    from solver.games.pig import PigRules


def read_line(stream: TextIO) -> str:
    """Return the next input line without its line ending; raise GameInputError at end of input."""
    line = stream.readline()
    if not line:
        raise GameInputError("input ended before the game did")
    return line.rstrip("\r\n")


def classic_prompt(view: View, stdin: TextIO | None = None, stdout: TextIO | None = None) -> bool:
    """Ask as documents 000/001 do: "Turn total: N \\tRoll/Hold? "; an empty line rolls."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stdout.write(f"Turn total: {view.turn_total} \tRoll/Hold? ")
    stdout.flush()
    try:
        return read_line(stdin) == ""
    except GameInputError:
        if stdout.isatty():  # end the prompt's line before the error message
            stdout.write("\n")
        raise


class HumanPolicy:
    """A person deciding through ``ask(view) -> bool`` (True = roll), by default on the terminal."""

    name = "human"
    description = "you, at the terminal"
    memory = 1

    def __init__(self, ask: Callable[[View], bool] = classic_prompt) -> None:
        self.ask = ask

    def roll(self, view: View) -> bool:
        """Return the person's answer."""
        return self.ask(view)

    def roll_table(self, rules: PigRules) -> np.ndarray:
        """Refuse: a person's decisions are not known in advance."""
        raise ValueError("the human player has no table of decisions; choose a computer player")

    def __repr__(self) -> str:
        return "<HumanPolicy>"
