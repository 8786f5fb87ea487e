"""The human player: a seat whose actions come from a person, through the interface.

It has no decisions of its own (its ``seat_policy`` refuses): whoever drives the game (the
terminal, the browser) asks the person and passes the answer to the game session.
"""

from __future__ import annotations

from typing import Any, NoReturn

from pigsolve.solver.errors import InvalidArgument


class Human:
    """A person at the terminal or in the browser, at any game."""

    name = "human"
    description = "you, at the terminal"

    def seat_policy(self, rules: Any) -> NoReturn:
        """Refuse: a person's decisions cannot be evaluated or simulated."""
        raise InvalidArgument("human cannot be evaluated; choose computer players")

    def __repr__(self) -> str:
        return "<Human>"
