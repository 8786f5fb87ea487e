"""The one interface every Pig player answers: given what it sees, roll or hold.

A player sees a :class:`View`: its own score ``i``, the opponent's score ``j``, the turn total
``k``, the goal and the number ``t`` of its earlier turns that ended in a hold. ``roll(view)``
answers one state; ``roll_table(rules)`` answers every state at once for exact evaluation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    import numpy as np

    from solver.games.pig import PigRules


@dataclass(frozen=True)
class View:
    """What a player sees when deciding: scores, turn total, goal and its held turns so far."""

    score: int
    opponent_score: int
    turn_total: int
    goal: int
    held_turns: int = 0


@runtime_checkable
class Policy(Protocol):
    """A Pig player.

    Attributes
    ----------
    name : str
        The name the CLI takes, e.g. ``"hold20"``.
    description : str
        One line for ``pigsolve policies``.
    memory : int
        How many values of the held-turn count ``t`` the player tells apart: 1 for a memoryless
        player; ``t`` is capped at ``memory - 1`` in :meth:`roll_table`.
    """

    name: str
    description: str
    memory: int

    def roll(self, view: View) -> bool:
        """Return True to roll, False to hold."""
        ...

    def roll_table(self, rules: PigRules) -> np.ndarray:
        """Return the decisions in every state.

        Returns
        -------
        ndarray of bool, shape (memory, G, G, G)
            ``[t, i, j, k]`` is True where the player rolls; False wherever ``i + k >= G``;
            True at ``k = 0`` (a computer player never holds with nothing to bank).
        """
        ...


def policy_names() -> list[tuple[str, str]]:
    """Return (name, description) for every player the CLI accepts."""
    from policies.heuristics import BasePaceRace, FourTurns, HoldAt, PaceRace
    from policies.human import HumanPolicy
    from policies.optimal import OptimalPolicy

    return [
        (OptimalPolicy.name, OptimalPolicy.description),
        ("hold20", HoldAt(20).description + ", the documents' computer player"),
        ("holdN", '"hold at N or goal" for any N >= 1, e.g. hold25'),
        (FourTurns.name, FourTurns.description),
        (BasePaceRace.name, BasePaceRace.description),
        (PaceRace.name, PaceRace.description),
        (HumanPolicy.name, HumanPolicy.description),
    ]


def make_policy(
    name: str,
    rules: PigRules,
    table_path: Path | None = None,
    announce: Callable[[str], None] | None = None,
) -> Policy:
    """Return the player called ``name`` for ``rules``.

    ``table_path`` and ``announce`` concern ``optimal`` only: where its table lives (default
    ``data/pig-goal{G}-die{D}.h5``) and a callable told, in one line, when the table must be
    computed first. An unknown name raises ValueError listing the accepted names.
    """
    from policies.heuristics import BasePaceRace, FourTurns, HoldAt, PaceRace
    from policies.human import HumanPolicy
    from policies.optimal import OptimalPolicy

    fixed: dict[str, Callable[[], Policy]] = {
        "four-turns": FourTurns,
        "base-pace-race": BasePaceRace,
        "pace-race": PaceRace,
        "human": HumanPolicy,
    }
    if name == "optimal":
        return OptimalPolicy.for_rules(rules, table_path=table_path, announce=announce)
    if name in fixed:
        return fixed[name]()
    hold = re.fullmatch(r"hold(\d+)", name)
    if hold and int(hold.group(1)) >= 1:
        return HoldAt(int(hold.group(1)))
    accepted = ", ".join(n for n, _ in policy_names())
    raise ValueError(f"unknown player {name!r}; accepted: {accepted}")
