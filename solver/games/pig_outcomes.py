"""The Pig family as data: a game is a table of roll outcomes, each with an exact probability.

One roll of a Pig-family game has finitely many outcomes. Each has a name (what the terminal
shows), an exact probability and one effect:

``add``
    add ``points`` to the turn total and roll again or hold;
``pig``
    lose the turn total and end the turn (the 1 of Pig's die, Pass the Pigs' "pig out");
``reset``
    lose the whole banked score as well and end the turn (Two-Dice Pig's double 1s, Pass the
    Pigs' touching pigs).

Built in: :func:`die` (Pig and Piglet), :func:`two_dice` and :func:`big_pig` (Neller & Presser's
"Pigtail: A Pig Addendum", UMAP Journal 26(4), 2005) and :func:`pass_the_pigs` (frequencies from
Kern's 6,000 rolls, Journal of Statistics Education 14(3), 2006); a user's own game comes from a
TOML file (:mod:`solver.games.pig_files`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from pigsolve.solver.errors import InvalidArgument

if TYPE_CHECKING:
    from pigsolve.solver.dice import Dice

MAX_DENOMINATOR = 2**62
"""The largest common denominator of a game's probabilities: rolls are drawn as integers."""


class Effect(StrEnum):
    """What one roll outcome does to the mover."""

    add = "add"
    pig = "pig"
    reset = "reset"


@dataclass(frozen=True)
class Outcome:
    """One outcome of a roll: its name, exact probability, effect and points (``add`` only)."""

    name: str
    probability: Fraction
    effect: Effect
    points: int = 0
    faces: tuple[str, ...] = ()
    """What lies on the table, for display: both dice ('4', '3'), both pigs; () if nothing."""

    @property
    def ends_turn(self) -> bool:
        """Return whether this outcome ends the turn (a pig or a reset)."""
        return self.effect is not Effect.add

    @property
    def dice(self) -> tuple[int, ...]:
        """Return the faces as numbers where they are dice; () for pigs or no faces.

        >>> Outcome("4 and 3", Fraction(1, 18), Effect.add, 7, ("4", "3")).dice
        (4, 3)
        """
        if not all(face.isdigit() for face in self.faces):
            return ()
        return tuple(int(face) for face in self.faces)


@dataclass(frozen=True)
class RollOutcomes:
    """The outcomes of one roll of a Pig-family game, checked when made.

    >>> table = two_dice()
    >>> len(table.outcomes), table.resets, str(table.probability(Effect.pig))
    (21, True, '5/18')
    """

    name: str
    outcomes: tuple[Outcome, ...]
    source: str = field(default="", compare=False)
    """The file the table was read from ('' if built in): what ``--game`` took."""

    def __post_init__(self) -> None:
        where = f"game {self.name!r}"
        if not self.outcomes:
            raise InvalidArgument(f"{where} has no outcomes")
        for outcome in self.outcomes:
            if outcome.probability <= 0:
                raise InvalidArgument(
                    f"{where}: outcome {outcome.name!r} has probability {outcome.probability}; "
                    "give each outcome a probability above 0"
                )
            if outcome.points < 0:
                raise InvalidArgument(
                    f"{where}: outcome {outcome.name!r} has negative points ({outcome.points})"
                )
            if outcome.ends_turn and outcome.points:
                raise InvalidArgument(
                    f"{where}: outcome {outcome.name!r} is a {outcome.effect} and cannot also "
                    f"score {outcome.points} points"
                )
        total = sum(outcome.probability for outcome in self.outcomes)
        if total != 1:
            raise InvalidArgument(f"{where}: the probabilities sum to {_short(total)}, not 1")
        if not any(outcome.ends_turn for outcome in self.outcomes):
            raise InvalidArgument(
                f"{where}: no outcome ends the turn (effect 'pig' or 'reset'), so a turn could "
                "roll for ever"
            )
        names = [outcome.name for outcome in self.outcomes]
        if len(set(names)) != len(names):
            twice = next(name for name in names if names.count(name) > 1)
            raise InvalidArgument(f"{where}: two outcomes are named {twice!r}")
        if self.denominator > MAX_DENOMINATOR:
            raise InvalidArgument(
                f"{where}: the probabilities' common denominator {self.denominator} is too "
                "large to draw rolls exactly; round them to fewer digits"
            )
        if not any(outcome.points for outcome in self.outcomes):
            raise InvalidArgument(
                f"{where}: no outcome adds points (every roll is a pig, a reset or adds 0), so "
                "no one could ever score"
            )

    @property
    def denominator(self) -> int:
        """Return the probabilities' least common denominator ``L``: one roll is one draw of
        a fair ``L``-sided die (see :meth:`draw`)."""
        return math.lcm(*(outcome.probability.denominator for outcome in self.outcomes))

    def draw(self, dice: Dice) -> tuple[int, Outcome]:
        """Roll once: return the number drawn from ``dice`` (a fair ``L``-sided die, ``L`` the
        :attr:`denominator`) and the outcome it selects, outcomes taking consecutive ranges of
        numbers in their order. Pig's die (``L = D``) selects face ``v`` for ``v``.

        >>> from pigsolve.solver.dice import ListedDice
        >>> value, outcome = two_dice().draw(ListedDice([36]))
        >>> value, outcome.name, outcome.points
        (36, 'double 6s', 12)
        """
        value = dice.roll(self.denominator)
        upto = 0
        for outcome in self.outcomes:
            upto += outcome.probability.numerator * (
                self.denominator // outcome.probability.denominator
            )
            if value <= upto:
                return value, outcome
        raise AssertionError("the probabilities sum to 1")  # pragma: no cover

    def solved_as(self, goal: int) -> RollOutcomes:
        """Return the roll as the solvers take it at ``goal``: points past the goal capped at
        the goal (a win either way), and blanks (``add`` 0 points) conditioned out.

        A blank leaves the state as it was, so the mover faces the same choice again: a roll
        whose blanks have chance ``p0`` is worth what a roll of the other outcomes is, each
        with its probability over ``1 - p0``. Pig's die and the built-in games at their
        goals are returned unchanged.

        >>> quarter = Fraction(1, 4)
        >>> one, blank = Outcome("one", quarter, Effect.pig), Outcome("blank", quarter, Effect.add)
        >>> table = RollOutcomes("blank", (one, blank, Outcome("ten", 2 * quarter, Effect.add, 10)))
        >>> [(o.name, str(o.probability), o.points) for o in table.solved_as(5).outcomes]
        [('one', '1/3', 0), ('ten', '2/3', 5)]
        """
        blank = self.probability(Effect.add, 0)
        if not blank and all(outcome.points <= goal for outcome in self.outcomes):
            return self
        outcomes = tuple(
            replace(o, probability=o.probability / (1 - blank), points=min(o.points, goal))
            for o in self.outcomes
            if o.ends_turn or o.points
        )
        return replace(self, outcomes=outcomes)

    @property
    def resets(self) -> bool:
        """Return whether some outcome loses the whole score (scores can then fall)."""
        return any(outcome.effect is Effect.reset for outcome in self.outcomes)

    def probability(self, effect: Effect, points: int | None = None) -> Fraction:
        """Return the chance of a roll with ``effect`` (and ``points``, if given)."""
        return sum(
            (
                outcome.probability
                for outcome in self.outcomes
                if outcome.effect is effect and (points is None or outcome.points == points)
            ),
            Fraction(0),
        )

    def gains(self) -> list[tuple[int, Fraction]]:
        """Return ``(points, probability)`` of the scoring rolls, one entry per point value.

        >>> [(points, str(p)) for points, p in die(4).gains()]
        [(2, '1/4'), (3, '1/4'), (4, '1/4')]
        """
        points = sorted({o.points for o in self.outcomes if o.effect is Effect.add})
        return [(value, self.probability(Effect.add, value)) for value in points]

    @property
    def as_json(self) -> dict:
        """Return the table as stored with a solved game (probabilities as exact fractions)."""
        return {
            "name": self.name,
            "outcomes": [
                {
                    "name": o.name,
                    "probability": str(o.probability),
                    "effect": str(o.effect),
                    "points": o.points,
                    "faces": list(o.faces),
                }
                for o in self.outcomes
            ],
        }


def table_from_json(data: Mapping) -> RollOutcomes:
    """Return the roll table that :attr:`RollOutcomes.as_json` stored (checked again).

    >>> table_from_json(two_dice().as_json) == two_dice()
    True
    """
    try:
        outcomes = tuple(
            Outcome(
                str(row["name"]),
                Fraction(row["probability"]),
                Effect(row["effect"]),
                int(row["points"]),
                tuple(str(face) for face in row["faces"]),
            )
            for row in data["outcomes"]
        )
        return RollOutcomes(str(data["name"]), outcomes)
    except (KeyError, TypeError, ValueError) as err:
        raise InvalidArgument(f"a stored game's outcome table is damaged ({err})") from None


def _short(number: Fraction) -> str:
    """Return ``number`` exactly if that is short, else to six significant digits.

    >>> _short(Fraction(5, 6)), _short(Fraction(1, 3**40) + 1)
    ('5/6', 'about 1')
    """
    exact = str(number)
    return exact if len(exact) <= 24 else f"about {float(number):.6g}"


@functools.cache
def die(sides: int = 6, piglet: bool = False) -> RollOutcomes:
    """Return Pig's die: face 1 is a pig, face ``f`` adds ``f`` (with ``piglet``, adds 1).

    >>> [(o.name, str(o.probability), str(o.effect), o.points) for o in die(3).outcomes]
    [('1', '1/3', 'pig', 0), ('2', '1/3', 'add', 2), ('3', '1/3', 'add', 3)]
    """
    if not isinstance(sides, int) or sides < 2:
        raise InvalidArgument(f"die sides must be an integer >= 2, got {sides!r}")
    chance = Fraction(1, sides)
    faces = [Outcome("1", chance, Effect.pig)]
    faces += [Outcome(str(f), chance, Effect.add, 1 if piglet else f) for f in range(2, sides + 1)]
    return RollOutcomes(f"{sides}-sided {'piglet ' if piglet else ''}die", tuple(faces))


def _pairs(score) -> tuple[Outcome, ...]:
    """Return the outcomes of two six-sided dice, unordered, scored by ``score(a, b)``."""
    outcomes = []
    for a, b in combinations_with_replacement(range(1, 7), 2):
        effect, points = score(a, b)
        name = f"double {a}s" if a == b else f"{b} and {a}"
        chance = Fraction(1 if a == b else 2, 36)
        outcomes.append(Outcome(name, chance, effect, points, (str(b), str(a))))
    return tuple(outcomes)


def two_dice() -> RollOutcomes:
    """Return Two-Dice Pig: a single 1 is a pig, double 1s reset the score, else the sum adds."""

    def score(a: int, b: int) -> tuple[Effect, int]:
        if a == b == 1:
            return Effect.reset, 0
        if 1 in (a, b):
            return Effect.pig, 0
        return Effect.add, a + b

    return RollOutcomes("two-dice", _pairs(score))


def big_pig() -> RollOutcomes:
    """Return Big Pig: a single 1 is a pig, double 1s add 25, other doubles twice their sum.

    >>> str(big_pig().probability(Effect.add, 25)), big_pig().resets
    ('1/36', False)
    """

    def score(a: int, b: int) -> tuple[Effect, int]:
        if a == b == 1:
            return Effect.add, 25
        if 1 in (a, b):
            return Effect.pig, 0
        return Effect.add, 2 * (a + b) if a == b else a + b

    return RollOutcomes("big-pig", _pairs(score))


KERN_COUNTS = {
    "dot up": 1796,
    "dot down": 2063,
    "trotter": 551,
    "razorback": 1354,
    "snouter": 184,
    "leaning jowler": 29,
}
"""How Kern's black pig landed in 6,000 rolls (the other 23 rolls: the two pigs touching)."""
KERN_TOUCHING = Fraction(23, 6000)
"""The chance that the two pigs land touching (Kern's 6,000 rolls): the whole score is lost."""
POSITION_POINTS = {"trotter": 5, "razorback": 5, "snouter": 10, "leaning jowler": 15}
SIDES = ("dot up", "dot down")


def pass_the_pigs(
    counts: Mapping[str, int] = KERN_COUNTS, touching: Fraction = KERN_TOUCHING
) -> RollOutcomes:
    """Return Pass the Pigs: two pigs drawn independently from one pig's ``counts``.

    One pig on each side: a pig out. Both on the same side: 1 point. Two of the same scoring
    position: double their sum. Otherwise the positions' points add. Touching (chance
    ``touching``): the whole score is lost.

    >>> table = pass_the_pigs()
    >>> str(table.probability(Effect.reset)), table.probability(Effect.add, 40) > 0
    ('23/6000', True)
    """
    if sorted(counts) != sorted(KERN_COUNTS):
        raise InvalidArgument(
            f"pass-the-pigs counts must name {', '.join(KERN_COUNTS)}; got {', '.join(counts)}"
        )
    if any(not isinstance(n, int) or n < 0 for n in counts.values()) or not sum(counts.values()):
        raise InvalidArgument("pass-the-pigs counts must be whole numbers >= 0, not all 0")
    if not 0 <= touching < 1:
        raise InvalidArgument(f"the chance of touching pigs must be in [0, 1), got {touching}")
    total = sum(counts.values())
    chance = {position: Fraction(n, total) for position, n in counts.items() if n}
    outcomes = []
    for a, b in combinations_with_replacement(list(chance), 2):
        p = (1 - touching) * chance[a] * chance[b] * (1 if a == b else 2)
        if a in SIDES and b in SIDES:
            name, effect, points = (
                (f"sider ({a})", Effect.add, 1) if a == b else ("pig out", Effect.pig, 0)
            )
        elif a == b:
            name, effect, points = f"double {a}", Effect.add, 4 * POSITION_POINTS[a]
        else:
            name = f"{a} and {b}"
            effect, points = Effect.add, POSITION_POINTS.get(a, 0) + POSITION_POINTS.get(b, 0)
        outcomes.append(Outcome(name, p, effect, points, (a, b)))
    if touching:
        outcomes.append(Outcome("touching", touching, Effect.reset, 0, ("touching",)))
    return RollOutcomes("pass-the-pigs", tuple(outcomes))


BUILT_IN = {"two-dice": two_dice, "big-pig": big_pig, "pass-the-pigs": pass_the_pigs}
"""The built-in games besides Pig's die, by the name ``--game`` takes."""
TITLES = {
    "pig": "Pig",
    "two-dice": "Two-Dice Pig",
    "big-pig": "Big Pig",
    "pass-the-pigs": "Pass the Pigs",
}
"""Pig's die and each built-in game by its name, with the name people know it by."""
