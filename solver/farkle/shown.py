"""What lies on a Farkle table as a game's events leave it: the dice set aside this turn (each
keep with its points, and why where nobody chose it), the dice that roll next, and a snapshot
after each event, so that the page plays the computer's turns out roll by roll."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from pigsolve.solver.farkle.words import (
    Farkled,
    FarkleEvent,
    Held,
    HotDice,
    Kept,
    Rolled,
    TurnStarted,
    event_lines,
)

NO_CHOICE = "kept automatically: the only scoring {dice}"
"""Why a keep was made with no question."""


def _dice(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


class TableShown:
    """The table of a game of ``players`` seats and ``dice`` dice, following its events."""

    def __init__(self, players: int, dice: int) -> None:
        self.dice = dice
        self.scores = [0] * players
        self.player = 0
        self.turn_total = 0
        self.roll: list[int] = []
        """The faces last rolled this turn."""
        self.showing = False
        """Whether the last roll is showing (none of it set aside yet)."""
        self.set_aside: list[dict[str, Any]] = []
        """The keeps since the turn's last full roll: ``faces``, ``points`` and ``why`` (set
        aside with no choice: why; else empty)."""
        self.left: list[int] = []
        """The faces of the last roll not set aside: the dice that roll next."""
        self.to_roll = dice
        self.news = ""
        """Hot dice, where the turn's last event was theirs."""
        self.logged = 0
        """The log's lines so far."""
        self.steps: list[dict[str, Any]] = []
        """The table after each event since the person's last choice."""

    def follow(self, events: Sequence[FarkleEvent], names: Sequence[str]) -> None:
        """Follow ``events``, the seats named ``names`` (``you``: the person); a batch that the
        person's choice opens starts the steps anew."""
        if events and names[events[0].player] == "you" and not isinstance(events[0], TurnStarted):
            self.steps = []
        for previous, event in zip([None, *events], events, strict=False):
            self._apply(event, previous)
            self.logged += len(event_lines(event, names))
            self.steps.append(self.fields() | self._seats() | {"log": self.logged})

    def _apply(self, event: FarkleEvent, previous: FarkleEvent | None) -> None:
        self.player = event.player
        match event:
            case TurnStarted(_, scores):
                self.scores, self.turn_total, self.set_aside = list(scores), 0, []
                self.roll, self.left, self.to_roll, self.news = [], [], self.dice, ""
                self.showing = False
            case Rolled(_, faces):
                self.roll, self.left, self.to_roll, self.news = list(faces), [], len(faces), ""
                self.showing = True
            case Kept(_, faces, points, turn_total, left):
                only = NO_CHOICE.format(dice="die" if len(faces) == 1 else "dice")
                why = only if isinstance(previous, Rolled) else ""
                self.set_aside = [
                    *self.set_aside,
                    {"faces": list(faces), "points": points, "why": why},
                ]
                self.turn_total, self.to_roll, self.showing = turn_total, left, False
                self.left = sorted((Counter(self.roll) - Counter(faces)).elements())
            case HotDice(_, dice):
                self.set_aside, self.left, self.to_roll = [], [], dice
                self.news = f"hot dice: every die scored, all {_dice(dice)} roll again"
            case Farkled(player, _, _, score):
                self.scores[player], self.turn_total = score, 0
            case Held(player, _, score):
                self.scores[player], self.turn_total = score, 0
                self.left, self.to_roll, self.news = [], 0, ""  # the turn is over

    def _seats(self) -> dict[str, Any]:
        """Return the seats and the roll as the page's state names them (``pick``: the roll
        showing, whose dice are to set aside)."""
        seats = {"player": self.player, "scores": list(self.scores), "turn_total": self.turn_total}
        return seats | {"dice": list(self.roll), "pick": list(self.roll) if self.showing else []}

    def fields(self) -> dict[str, Any]:
        """Return what the page draws of the dice besides the last roll: the keeps set aside
        (``set_aside``) and the dice that roll next (``rolling``: the faces the last roll shows
        of them, their ``count`` and ``words``; none once the turn is banked)."""
        words = self.news or (f"{_dice(self.to_roll)} to roll next" if self.to_roll else "")
        rolling = {"faces": self.left, "count": self.to_roll, "words": words}
        return {"set_aside": self.set_aside, "rolling": rolling}
