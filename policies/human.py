"""The human player: a seat whose actions come from a person, through the interface.

It has no decisions of its own and no table: whoever drives the game (the terminal, the browser)
asks the person and passes the answer to the game session.
"""

from __future__ import annotations


class Human:
    """A person at the terminal or in the browser (Pig or Hog)."""

    name = "human"
    description = "you, at the terminal"

    def __repr__(self) -> str:
        return "<Human>"
