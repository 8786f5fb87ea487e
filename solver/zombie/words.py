"""Zombie Dice's words: each event of a game (:class:`solver.zombie.play.ZombieGame`) and its
lines in the terminal's and the page's log.

A seat is named as the log names it (``you``, whose verbs take no s, or a player's name); a die
by its colour, a face as ``brain``, ``feet`` or ``shotgun``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ACTIONS = ("roll", "stop")
"""The mover's choices after a roll, by name."""
FACES = ("brain", "feet", "shotgun")
"""A die's faces, in the order a :class:`solver.games.zombie.Die` counts its sides."""


@dataclass(frozen=True)
class TurnStarted:
    """Seat ``player`` begins a turn: ``phase`` ``"turn"``, ``"last"`` (its last turn, the
    other's score ``to_beat``) or ``"tiebreak"`` (a tiebreaker round's, the first seat's brains
    ``to_beat`` for the second seat, None for the first); ``scores`` are the banked scores."""

    player: int
    scores: tuple[int, ...]
    phase: str
    to_beat: int | None


@dataclass(frozen=True)
class Drew:
    """Seat ``player`` drew the dice ``colours`` from the cup to roll with the feet ``hand``;
    ``returned`` brains set aside went back into the cup first (0: the cup held enough)."""

    player: int
    colours: tuple[str, ...]
    hand: tuple[str, ...]
    returned: int


@dataclass(frozen=True)
class Rolled:
    """Seat ``player`` rolled ``dice``, each ``(colour, face)``; the turn now has ``brains``
    brains and ``shotguns`` shotguns."""

    player: int
    dice: tuple[tuple[str, str], ...]
    brains: int
    shotguns: int


@dataclass(frozen=True)
class Shotgunned:
    """Seat ``player`` took ``shotguns`` shotguns: the turn's ``lost`` brains are gone, its
    score stays ``score``."""

    player: int
    shotguns: int
    lost: int
    score: int


@dataclass(frozen=True)
class Stopped:
    """Seat ``player`` stopped with ``brains`` brains: its score is now ``score`` (in a
    tiebreaker, ``brains`` are the round's and the score is unchanged); ``automatic``: stopping
    won outright, so nobody was asked."""

    player: int
    brains: int
    score: int
    tiebreak: bool
    automatic: bool


@dataclass(frozen=True)
class LastRound:
    """Seat ``player`` reached the goal with ``score``: seat ``other`` has one last turn."""

    player: int
    score: int
    other: int


@dataclass(frozen=True)
class Tiebreaker:
    """The seats are level at ``level`` (their scores, or the last tiebreaker round's brains):
    tiebreaker round ``round`` begins, seat 0 first."""

    level: int
    round: int


@dataclass(frozen=True)
class Won:
    """Seat ``player`` won; ``scores`` are the final scores and ``tiebreak`` the deciding
    tiebreaker round's brains (None: no tiebreaker was played)."""

    player: int
    scores: tuple[int, ...]
    tiebreak: tuple[int, ...] | None


@dataclass(frozen=True)
class Drawn:
    """The game ended level at ``scores`` with no tiebreaker: a draw, no winner."""

    scores: tuple[int, ...]


ZombieEvent = (
    TurnStarted | Drew | Rolled | Shotgunned | Stopped | LastRound | Tiebreaker | Won | Drawn
)


def plural(count: int, word: str) -> str:
    """Return ``count word`` with the word's plural where it needs one.

    >>> plural(1, "brain"), plural(2, "shotgun"), plural(0, "brain")
    ('1 brain', '2 shotguns', '0 brains')
    """
    return f"{count} {word}{'' if count == 1 else 's'}"


def listed(words: Sequence[str]) -> str:
    """Return ``words`` as a list in prose.

    >>> listed(["red"]), listed(["green", "red"]), listed(["green", "green", "red"])
    ('red', 'green and red', 'green, green and red')
    """
    return " and ".join(filter(None, (", ".join(words[:-1]), *words[-1:])))


def roll_name(dice: Sequence[tuple[str, str]]) -> str:
    """Return a roll in words.

    >>> roll_name([("green", "brain"), ("red", "shotgun")])
    'green brain, red shotgun'
    """
    return ", ".join(f"{colour} {face}" for colour, face in dice)


def _scores(names: Sequence[str], scores: Sequence[int]) -> str:
    return ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=False))


def event_lines(event: ZombieEvent, names: Sequence[str]) -> list[str]:
    """Return the log's lines for ``event``, the seats named ``names``."""
    match event:
        case TurnStarted(player, scores, phase, to_beat):
            return [_turn_started(names, player, scores, phase, to_beat)]
        case Drew(player, colours, hand, returned):
            who = names[player]
            back = f"{plural(returned, 'brain')} go back into the cup; " if returned else ""
            if not colours:
                return [f"{back}{who} draw{_s(who)} no die: the {listed(hand)} feet roll again"]
            kept = f", to roll with the {listed(hand)} feet" if hand else ""
            return [f"{back}{who} draw{_s(who)} {listed(colours)}{kept}"]
        case Rolled(player, dice, brains, shotguns):
            who = names[player]
            counts = f"{plural(brains, 'brain')}, {plural(shotguns, 'shotgun')}"
            return [f"{who} roll{_s(who)} {roll_name(dice)} ({counts})"]
        case Shotgunned(player, shotguns, lost, score):
            who = names[player]
            if not lost:
                return [f"{shotguns} shotguns: the turn ends with nothing, score {score}"]
            return [
                f"{shotguns} shotguns: {who} lose{_s(who)} {plural(lost, 'brain')}, score {score}"
            ]
        case Stopped(player, brains, score, tiebreak, automatic):
            who = names[player]
            done = f"{plural(brains, 'brain')}, score {score}"
            if tiebreak:
                done = f"{plural(brains, 'brain')} in the tiebreaker"
            why = " (enough to win)" if automatic else ""
            return [f"{who} stop{_s(who)}{why}: {done}"]
        case LastRound(player, score, other):
            who, last = names[player], names[other]
            reaches = "reach" if who == "you" else "reaches"
            has = "have" if last == "you" else "has"
            return [f"{who} {reaches} {score}: {last} {has} one last turn"]
        case Tiebreaker(level, round):
            if round == 1:
                return [f"level at {level}: a tiebreaker round"]
            return [f"level again at {level} in the tiebreaker: another round"]
        case Won(player, scores, tiebreak):
            if tiebreak is None:
                return [f"the game ends: {_scores(names, scores)}"]
            return [f"the tiebreaker ends: {_scores(names, tiebreak)}"]
        case Drawn(scores):
            return [f"the game ends level: {_scores(names, scores)}"]
    raise TypeError(f"not a Zombie Dice event: {event!r}")


def _s(who: str) -> str:
    return "" if who == "you" else "s"


def _turn_started(
    names: Sequence[str], player: int, scores: Sequence[int], phase: str, to_beat: int | None
) -> str:
    who = names[player]
    whose = "your" if who == "you" else f"{who}'s"
    if phase == "turn":
        return f"{whose} turn ({_scores(names, scores)})"
    if phase == "last":
        need = to_beat - scores[player] + 1
        return (
            f"{whose} last turn ({_scores(names, scores)}): {plural(need, 'brain')} to win, "
            f"{need - 1} to tie"
        )
    if to_beat is None:
        return f"{whose} tiebreaker turn ({_scores(names, (0, 0))}): the most brains this round win"
    other = names[1 - player]
    tie = f", {to_beat} to tie" if to_beat else ""
    return (
        f"{whose} tiebreaker turn ({other} {to_beat}): {plural(to_beat + 1, 'brain')} to win{tie}"
    )
