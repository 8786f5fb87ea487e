"""Farkle's words: each event of a game as the terminal and the page's log say them, and the
names of the choices (``bank``, ``roll``, the kept dice by their faces: ``1 5``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pigsolve.solver.engine import Held, TurnStarted, Won
from pigsolve.solver.errors import InvalidArgument

ACTIONS = ("bank", "roll")
"""The choices before a roll; after one the choices are keeps, named by their faces."""


@dataclass(frozen=True)
class Rolled:
    """Seat ``player`` rolled the dice ``faces`` (lowest first)."""

    player: int
    faces: tuple[int, ...]


@dataclass(frozen=True)
class Farkled:
    """Seat ``player``'s roll scored nothing: the turn total ``lost`` is gone and the turn
    passes; a third farkle in a row also costs ``penalty`` banked points (``score``: after)."""

    player: int
    lost: int
    penalty: int
    score: int


@dataclass(frozen=True)
class Kept:
    """Seat ``player`` set aside ``faces`` for ``points``: the turn total is ``turn_total``
    and ``left`` dice are not set aside (0: every die scored)."""

    player: int
    faces: tuple[int, ...]
    points: int
    turn_total: int
    left: int


@dataclass(frozen=True)
class HotDice:
    """Every die of seat ``player`` scored: all ``dice`` are rolled again."""

    player: int
    dice: int


@dataclass(frozen=True)
class Drawn:
    """The last round ended level: the seats ``players`` share the highest score, a draw
    (half a win each with two players). ``player`` is the first of them."""

    player: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class LastRound:
    """Seat ``player`` banked to the goal (``score``) with the last round: every other seat
    has one more turn, and the highest score wins."""

    player: int
    score: int


FarkleEvent = TurnStarted | Rolled | Farkled | Kept | HotDice | Held | LastRound | Won | Drawn
"""A game's events: the turn's start, its holding and the win are the engine's (Pig's)."""


def keep_name(faces: Sequence[int]) -> str:
    """Return a keep by name: its faces, lowest first, spaced out.

    >>> keep_name((5, 1))
    '1 5'
    """
    return " ".join(map(str, sorted(faces)))


def parse_choice(value: Any) -> str | tuple[int, ...]:
    """Return the choice ``value`` names: ``"bank"``, ``"roll"`` or the kept faces (lowest
    first), from a name or its first letters, as the page's keys (``"r"``, ``"b"``), the faces
    (``"1 5"``, ``"1,5"``, ``"keep 1 5"``, ``"15"``), a number (15: the faces 1 and 5), a list
    of faces or a boolean (True rolls); InvalidArgument if none.

    >>> parse_choice("keep 5 1"), parse_choice(155), parse_choice([5, 1]), parse_choice(" Bank ")
    ((1, 5), (1, 5, 5), (1, 5), 'bank')
    >>> parse_choice("r"), parse_choice("B")
    ('roll', 'bank')
    """
    if isinstance(value, bool):
        return "roll" if value else "bank"
    if isinstance(value, int):
        value = str(value)
    if isinstance(value, str):
        text = value.strip().lower()
        named = [action for action in ACTIONS if text and action.startswith(text)]
        if len(named) == 1:
            return named[0]
        text = text.removeprefix("keep").replace(",", " ").strip()
        parts = text.split() if " " in text else list(text)
        if parts and all(part.isdigit() and 1 <= int(part) <= 6 for part in parts):
            return tuple(sorted(int(part) for part in parts))
    elif isinstance(value, list | tuple) and value and all(_is_face(x) for x in value):
        return tuple(sorted(value))
    raise InvalidArgument(
        f"{value!r} is not a choice: bank, roll, or the dice to keep by their faces (e.g. 1 5)",
        parameter="action",
    )


def _is_face(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


def choice_words(name: str) -> str:
    """Return a choice as the page's buttons and the terminal's prompt say it.

    >>> choice_words("roll"), choice_words("1 5")
    ('roll', 'keep 1 5')
    """
    return name if name in ACTIONS else f"keep {name}"


def _dice(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


def event_lines(event: FarkleEvent, names: Sequence[str]) -> list[str]:
    """Return the log's lines for ``event``, the seats named ``names`` (``you``: the person,
    whose verbs take no s); none for a win or a draw (whoever shows the game says its end)."""
    who = names[event.player]
    s = "" if who == "you" else "s"
    match event:
        case TurnStarted(_, scores):
            whose = "your" if who == "you" else f"{who}'s"
            shown = ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=False))
            return [f"{whose} turn ({shown})"]
        case Rolled(_, faces):
            return [f"{who} roll{s} {_dice(len(faces))}: {keep_name(faces)}"]
        case Farkled(_, lost, penalty, score):
            words = f"farkle: no scoring dice, the turn total {lost} is lost"
            if penalty:
                words += f"; a third farkle in a row costs {penalty} points, score {score}"
            return [words]
        case Kept(_, faces, points, turn_total, left):
            rest = f"{_dice(left)} left" if left else "every die scored"
            kept = keep_name(faces)
            return [f"{who} keep{s} {kept} for {points}: turn total {turn_total}, {rest}"]
        case HotDice(_, dice):
            return [f"hot dice: all {dice} dice roll again"]
        case Held(_, turn_total, score):
            return [f"{who} bank{s} {turn_total}: score {score}"]
        case LastRound(_, score):
            reach = "reach" if who == "you" else "reaches"
            return [
                f"{who} {reach} the goal with {score}: every other player has one last turn, "
                "the highest score wins"
            ]
        case Won() | Drawn():
            return []
    raise TypeError(f"not a Farkle event: {event!r}")
