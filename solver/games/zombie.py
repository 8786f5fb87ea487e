r"""Zombie Dice: the rules as data, the boxed game and a TOML game file.

Rules
-----
The cup holds dice of a few colours, each a kind of victim: its sides show brains, feet or
shotguns. A turn draws ``roll`` dice at random from the cup and rolls them. Brains and shotguns
are set aside; feet stay in the hand. After a roll the mover either stops, banking the turn's
brains, or rolls again: the feet in hand and enough new dice from the cup to make ``roll``. When
the cup holds fewer dice than are needed, the brains set aside go back into the cup first (their
count is kept). ``shotguns`` shotguns end the turn with nothing. Once a player reaches ``goal``
brains, the game ends: with ``finish = "round"`` at the end of that round (the seats after the
player's have their turn: the rules sheet's words), with ``"last-turn"`` after every other player
has had one more turn. The most brains win; with ``tiebreaker`` the tied leaders play tiebreaker
rounds, in seat order, until one leads; without, they share the win.

==============  ===========  =========================================================  ========
``ZombieRules``  type        meaning                                                    default
==============  ===========  =========================================================  ========
``dice``        Die tuple    the colours, how many of each, their sides (below)          boxed
``roll``        int          the dice a roll takes                                       3
``shotguns``    int          the shotguns that end a turn                                3
``goal``        int          the brains that end the game                                13
``finish``      str          ``"round"`` or ``"last-turn"`` (above)                      round
``tiebreaker``  bool         tied leaders play on (False: they share the win)            True
``players``     int          players                                                     2
==============  ===========  =========================================================  ========

A :class:`Die` is a colour, how many dice of it the cup holds, and how many of its sides show a
brain, feet and a shotgun (the boxed dice have six sides).

``zombie-dice``, the boxed game (Steve Jackson Games, 2010), from its rules sheet: 13 dice, 6
green (3 brains, 2 feet, 1 shotgun), 4 yellow (2, 2, 2), 3 red (1, 2, 3); three dice a roll,
three shotguns end the turn, 13 brains end the game at the end of the round, a tie goes to a
tiebreaker round between the leaders only. Where the sheet is silent, and what we chose:
docs/explanations/zombie-dice.md.
"""

from __future__ import annotations

import hashlib
import json
import reprlib
from dataclasses import asdict, dataclass, replace
from typing import Any

from pigsolve.solver.errors import InvalidArgument

FINISHES = ("round", "last-turn")
"""How the game ends once a player reaches the goal (the module docstring)."""
MAX_DICE = 30
"""The most dice in a cup (a cup's contents are a turn's state)."""
MAX_COLOURS = 4
MAX_GOAL = 100
MAX_PLAYERS = 2
"""The players the solver seats."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Die:
    """One colour of die: ``count`` of them in the cup, each with ``brains``, ``feet`` and
    ``shotguns`` sides."""

    colour: str
    count: int
    brains: int
    feet: int
    shotguns: int

    def __post_init__(self) -> None:
        if not isinstance(self.colour, str) or not self.colour.strip() or len(self.colour) > 20:
            raise InvalidArgument(
                f"a die's colour must be a short name, got {reprlib.repr(self.colour)}",
                parameter="dice",
            )
        for name in ("count", "brains", "feet", "shotguns"):
            value = getattr(self, name)
            if not _is_int(value) or not 0 <= value <= 100:
                raise InvalidArgument(
                    f"{self.colour}: {name} must be an integer from 0 to 100, got "
                    f"{reprlib.repr(value)}",
                    parameter="dice",
                )
        if self.count < 1 or self.sides < 1:
            raise InvalidArgument(
                f"{self.colour}: a die needs a count and a side, got {self.count} dice of "
                f"{self.sides} sides",
                parameter="dice",
            )

        if self.feet == self.sides:
            raise InvalidArgument(
                f"{self.colour}: a die needs a brain or a shotgun side (feet alone roll forever)",
                parameter="dice",
            )

    @property
    def sides(self) -> int:
        """The die's sides."""
        return self.brains + self.feet + self.shotguns

    @property
    def letter(self) -> str:
        """The colour's initial, as a hand is typed (``GGY``)."""
        return self.colour[0].upper()


BOXED_DICE = (
    Die("green", 6, 3, 2, 1),
    Die("yellow", 4, 2, 2, 2),
    Die("red", 3, 1, 2, 3),
)
"""The boxed game's 13 dice."""


@dataclass(frozen=True)
class ZombieRules:
    """The parameters of a game of Zombie Dice (the module docstring's table); the defaults are
    the boxed game."""

    dice: tuple[Die, ...] = BOXED_DICE
    roll: int = 3
    shotguns: int = 3
    goal: int = 13
    finish: str = "round"
    tiebreaker: bool = True
    players: int = 2

    def __post_init__(self) -> None:
        dice = self.dice
        if not isinstance(dice, tuple) or not all(isinstance(d, Die) for d in dice):
            raise InvalidArgument("dice must be a tuple of Die", parameter="dice")
        if not 1 <= len(dice) <= MAX_COLOURS:
            raise InvalidArgument(
                f"dice must have 1 to {MAX_COLOURS} colours, got {len(dice)}", parameter="dice"
            )
        letters = [d.letter for d in dice]
        if len(set(letters)) != len(letters):
            raise InvalidArgument(
                f"the dice's colours must start with different letters, got {', '.join(letters)}",
                parameter="dice",
            )
        if self.cup > MAX_DICE:
            raise InvalidArgument(
                f"the cup holds at most {MAX_DICE} dice, got {self.cup}", parameter="dice"
            )
        self._check_int("roll", 1, 6)
        self._check_int("shotguns", 1, 6)
        self._check_int("goal", 1, MAX_GOAL)
        self._check_int("players", 2, MAX_PLAYERS)
        if self.cup < self.roll + self.shotguns - 1:
            raise InvalidArgument(
                f"the cup must hold at least roll + shotguns - 1 = "
                f"{self.roll + self.shotguns - 1} dice (a roll always finds its dice), "
                f"got {self.cup}",
                parameter="dice",
            )
        if not any(d.brains for d in dice):
            raise InvalidArgument("no die shows a brain: nobody could win", parameter="dice")
        if self.finish not in FINISHES:
            raise InvalidArgument(
                f"finish must be one of {', '.join(map(repr, FINISHES))}, got "
                f"{reprlib.repr(self.finish)}",
                parameter="finish",
            )
        if not isinstance(self.tiebreaker, bool):
            raise InvalidArgument(
                f"tiebreaker must be true or false, got {reprlib.repr(self.tiebreaker)}",
                parameter="tiebreaker",
            )

    def _check_int(self, name: str, low: int, high: int) -> None:
        value = getattr(self, name)
        if not _is_int(value) or not low <= value <= high:
            raise InvalidArgument(
                f"{name} must be an integer from {low} to {high}, got {reprlib.repr(value)}",
                parameter=name,
            )

    def to_json(self) -> str:
        """Return the rules as JSON (a table stores them)."""
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> ZombieRules:
        """Return the rules :meth:`to_json` wrote, checked."""
        data = json.loads(text)
        data["dice"] = tuple(Die(**die) for die in data["dice"])
        return cls(**data)

    @property
    def cup(self) -> int:
        """The dice in a full cup."""
        return sum(d.count for d in self.dice)

    @property
    def counts(self) -> tuple[int, ...]:
        """How many dice of each colour."""
        return tuple(d.count for d in self.dice)

    @property
    def letters(self) -> str:
        """The colours' initials, in order (``GYR``)."""
        return "".join(d.letter for d in self.dice)


ZOMBIE_DICE = ZombieRules()
"""The boxed game (the module docstring)."""
RULE_SETS = {"zombie-dice": ZOMBIE_DICE}
FILES: dict[ZombieRules, str] = {}
"""The game file each set of rules read from one was read from."""


def rule_set_name(rules: ZombieRules) -> str:
    """Return ``zombie-dice`` for the boxed rules at any goal, else ``custom-`` and a short hash.

    >>> rule_set_name(ZombieRules(goal=5)), rule_set_name(ZombieRules(roll=2))
    ('zombie-dice', 'custom-f88b3b5b')
    """
    if replace(rules, goal=ZOMBIE_DICE.goal) == ZOMBIE_DICE:
        return "zombie-dice"
    text = replace(rules, goal=ZOMBIE_DICE.goal).to_json()
    return f"custom-{hashlib.sha256(text.encode()).hexdigest()[:8]}"


def dice_in_words(rules: ZombieRules) -> str:
    """Return the cup in words: ``6 green, 4 yellow, 3 red``."""
    return ", ".join(f"{d.count} {d.colour}" for d in rules.dice)


def rules_in_words(rules: ZombieRules, goal: bool = True) -> str:
    """Return what differs from the boxed game, in words ('' for the boxed game; the goal only
    with ``goal``).

    >>> rules_in_words(ZombieRules(goal=5, finish="last-turn"))
    'goal 5, a last turn each'
    """
    boxed, said = ZOMBIE_DICE, []
    if rules.dice != boxed.dice:
        said.append(f"dice {dice_in_words(rules)}")
    if rules.roll != boxed.roll:
        said.append(f"{rules.roll} dice a roll")
    if rules.shotguns != boxed.shotguns:
        said.append(f"{rules.shotguns} shotguns end a turn")
    if goal and rules.goal != boxed.goal:
        said.append(f"goal {rules.goal}")
    if rules.finish != boxed.finish:
        said.append("a last turn each")
    if rules.tiebreaker != boxed.tiebreaker:
        said.append("ties shared")
    return ", ".join(said)
