r"""Hog: CS 61A's rule sets as data, the rules as small pure functions, exact turn outcomes.

Two players take turns; on a turn the mover chooses a number of dice ``n`` (at most 10), rolls
them and scores the turn at once: their sum, or after *Pig Out* 1 (fa16: the number of 1s).
Rolling zero dice scores by a rule of the scores; an after-turn rule may change a score and, since
Fall 2020, an extra-turn rule may give the mover another turn. The first player whose score
reaches the goal ``G`` at the end of a turn wins. docs/explanations/hog.md has every rule set.

``fa16`` and ``su20`` are written as fields of :class:`HogRules`: *Free Bacon* (``bacon``),
*Hogtimus Prime* (``prime_bump``), *When Pigs Fly* (``cap``), *Hog Wild* (``wild_every``),
*Pork Chop* (``alt_sides``: four-sided dice), *Swine Swap* (``swap``: ``"double"`` or
``"digits"``) and *Feral Hogs* (``feral_hogs``). Every later rule set is three functions of the two
scores, tabulated (``scores``, :mod:`solver.games.hog_scores`; the modules of
:mod:`solver.games.hog_rules`), as is a rules file of your own.

States
------
Seen by the mover: ``(s, o, f, a, b)``: the mover's and the opponent's scores ``0 <= s, o < G``,
the die flag ``f`` (1 while four-sided dice are in use; only with Pork Chop) and the previous turn
scores ``a`` (mover) and ``b`` (opponent) for Feral Hogs, merged at :func:`prev_cap` (13: with at
most 10 dice, ``|n - p| = 2`` needs ``p <= 12``). Without a rule its dimension has size 1.

References
----------
CS 61A, Project 1: The Game of Hog (``shared/seeds/003``, ``004``; later semesters' ``hog.py``
and tests, cited in docs/explanations/hog.md).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from enum import StrEnum
from functools import cache
from numbers import Integral
from typing import Any

from pigsolve.solver.errors import InvalidArgument, brief, excerpt
from pigsolve.solver.games import hog_rules as hog_rules_package
from pigsolve.solver.games.hog_numbers import digits, is_prime, next_prime
from pigsolve.solver.games.hog_scores import ScoreRules, local, tabulate

OLD_RULE_SETS = ("fa16", "su20")
"""The rule sets written as fields; later ones are functions of the scores (:data:`RULE_SETS`)."""
RULE_SETS = OLD_RULE_SETS + hog_rules_package.RULE_SETS
"""Every rule set: ``fa16``, ``su20`` and the modules of :mod:`solver.games.hog_rules`."""
SEMESTERS = OLD_RULE_SETS + tuple(hog_rules_package.semesters())
"""Every semester pigsolve knows, oldest first: a rule set's first semester names it."""
PREFIX = "hog-"
"""A semester's game name is this and the semester: ``hog-fa23``."""
RuleSet = StrEnum("RuleSet", {name: name for name in SEMESTERS})  # type: ignore[misc]
"""The semesters, as the command line takes them."""


DEFAULT_GOAL = 100
MAX_ROLLS = 10
RULES_FILE = ".py"
"""The suffix of a rules file (:mod:`solver.games.hog_files`); rules read from one bear its name."""
FERAL_GAP = 2
FERAL_BONUS = 3

PIG_OUT = "Pig Out"
FREE_BACON = "Free Bacon"
HOGTIMUS_PRIME = "Hogtimus Prime"
WHEN_PIGS_FLY = "When Pigs Fly"
HOG_WILD = "Hog Wild"
PORK_CHOP = "Pork Chop"
FERAL_HOGS = "Feral Hogs"
SWINE_SWAP = "Swine Swap"


@dataclass(frozen=True)
class HogRules:
    """One Hog rule set (see the module docstring for the fields). Build with :func:`hog_rules`."""

    name: str
    goal: int = DEFAULT_GOAL
    die_sides: int = 6
    alt_sides: int | None = None
    pig_out: str = "one"
    bacon: str = "ten-minus-ones-plus-tens"
    prime_bump: bool = False
    cap: int | None = None
    wild_every: int | None = None
    swap: str = "digits"
    feral_hogs: bool = False
    scores: ScoreRules | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.goal, Integral) or self.goal < 1:
            raise InvalidArgument(f"goal must be an integer >= 1, got {self.goal!r}")
        for sides in (self.die_sides, self.alt_sides):
            if sides is not None and (not isinstance(sides, Integral) or sides < 2):
                raise InvalidArgument(f"die sides must be an integer >= 2, got {sides!r}")
        for field in ("cap", "wild_every"):
            value = getattr(self, field)
            if value is not None and (not isinstance(value, Integral) or value < 1):
                raise InvalidArgument(f"{field} must be None or an integer >= 1, got {value!r}")
        for field in ("prime_bump", "feral_hogs"):
            value = getattr(self, field)
            if not isinstance(value, bool):
                raise InvalidArgument(f"{field} must be True or False, got {value!r}")
        choices = {
            "pig_out": ("count", "one"),
            "bacon": ("max-digit", "ten-minus-ones-plus-tens"),
            "swap": ("double", "digits"),
        }
        for field, accepted in choices.items():
            if getattr(self, field) not in accepted:
                raise InvalidArgument(
                    f"{field} must be one of {accepted}, got {getattr(self, field)!r}"
                )
        if self.scores is not None and self.scores.goal != self.goal:
            raise InvalidArgument(
                f"the score rules were tabulated for goal {self.scores.goal}, not {self.goal}"
            )

    @property
    def from_file(self) -> bool:
        """Return True for rules read from a rules file (named after it: ``my_rules.py``)."""
        return self.name.endswith(RULES_FILE)

    @property
    def min_rolls(self) -> int:
        """Return the fewest dice a player may choose: -1 with Pork Chop, else 0."""
        return -1 if self.alt_sides is not None else 0

    @property
    def actions(self) -> range:
        """Return the numbers of dice a player may choose, fewest first."""
        return range(self.min_rolls, MAX_ROLLS + 1)

    @property
    def shape(self) -> tuple[int, int, int, int, int]:
        """Return the shape ``(G, G, F, M, M)`` of a table over the states ``(s, o, f, a, b)``."""
        flags = 2 if self.alt_sides is not None else 1
        prevs = prev_cap(self) + 1
        return (self.goal, self.goal, flags, prevs, prevs)

    def to_json(self) -> str:
        """Return the rules as JSON (stored in table attributes)."""
        data = asdict(self)
        data["scores"] = None if self.scores is None else self.scores.to_dict()
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> HogRules:
        """Return the rules written by :meth:`to_json`; InvalidArgument in one line if ``text``
        is not such rules.

        >>> HogRules.from_json(hog_rules("su20").to_json()) == hog_rules("su20")
        True
        """
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise TypeError(f"a JSON object, not {type(data).__name__}")
            if data.get("scores") is not None:
                data["scores"] = ScoreRules.from_dict(data["scores"])
            return cls(**data)
        except (ValueError, TypeError, RecursionError) as err:
            why = "nested too deeply" if isinstance(err, RecursionError) else brief(err)
            raise InvalidArgument(f"not Hog rules in JSON ({why})", parameter="rules") from None


def hog_rules(name: str, goal: int = DEFAULT_GOAL, feral_hogs: bool | None = None) -> HogRules:
    """Return the rules of the semester ``name`` (one of :data:`SEMESTERS`) with ``goal``;
    semesters that share rules share their rule set's name.

    >>> hog_rules("fa16").alt_sides, hog_rules("su20").feral_hogs, hog_rules("sp23").name
    (4, True, 'fa22')
    """
    name = hog_rules_package.semesters().get(name, name)
    if name in hog_rules_package.RULE_SETS:
        if feral_hogs:
            raise InvalidArgument(f"{name} has no Feral Hogs (su20's rule)")
        return HogRules(name, goal, scores=semester_scores(name, goal))
    if name == "fa16":
        rules = HogRules(
            "fa16", goal, 6, 4, "count", "max-digit", True, 25, 7, "double", bool(feral_hogs)
        )
    elif name == "su20":
        rules = HogRules("su20", goal, feral_hogs=True if feral_hogs is None else feral_hogs)
    else:
        raise InvalidArgument(f"unknown semester {excerpt(name)}; accepted: {', '.join(SEMESTERS)}")
    return rules


@cache
def semester_scores(rule_set: str, goal: int) -> ScoreRules:
    """Return the score rules of a rule set of :mod:`solver.games.hog_rules`, tabulated."""
    module = hog_rules_package.module(rule_set)
    names = tuple(module.NAMES.get(f) or "" for f in ("zero_dice", "after_turn", "extra_turn"))
    ask = local(module.zero_dice, module.after_turn, module.extra_turn)
    try:
        return tabulate(rule_set, names, goal, ask)  # type: ignore[arg-type]
    except InvalidArgument:
        raise
    except ValueError as err:  # a rule the course defines below a score only (fa20's pi)
        raise InvalidArgument(f"{rule_set} at goal {goal}: {err}", parameter="goal") from None


def prev_cap(rules: HogRules) -> int:
    """Return the merged value of the previous-turn score: 13 with Feral Hogs, else 0."""
    return MAX_ROLLS + FERAL_GAP + 1 if rules.feral_hogs else 0


def free_bacon(rules: HogRules, opponent_score: int) -> int:
    """Return the Free Bacon points of fa16 or su20 for rolling zero dice, before any bump.

    >>> fa16, su20 = hog_rules("fa16"), hog_rules("su20")
    >>> free_bacon(fa16, 42), free_bacon(fa16, 7), free_bacon(su20, 32), free_bacon(su20, 80)
    (5, 8, 11, 18)
    """
    if rules.bacon == "max-digit":
        return 1 + max(digits(opponent_score))
    return 10 - opponent_score % 10 + opponent_score // 10 % 10


def zero_dice(rules: HogRules, score: int, opponent_score: int) -> int:
    """Return the points of rolling zero dice, before any prime bump.

    >>> zero_dice(hog_rules("su20"), 5, 32), zero_dice(hog_rules("fa22"), 5, 32)
    (11, 3)
    """
    if rules.scores is not None:
        return int(rules.scores.arrays[0][score, opponent_score])
    return free_bacon(rules, opponent_score)


def after_turn(rules: HogRules, roller: int, other: int) -> tuple[int, int]:
    """Return the roller's and the other's scores after the after-turn rule (a swap in fa16 and
    su20), ``roller`` counting the turn's points."""
    if rules.scores is not None:
        return int(rules.scores.arrays[1][roller, other]), other
    return (other, roller) if is_swap(rules, roller, other) else (roller, other)


def extra_turn(rules: HogRules, roller: int, other: int) -> bool:
    """Return True if the roller, at ``roller`` after the after-turn rule, moves again."""
    if rules.scores is None or roller >= rules.goal or other >= rules.goal:
        return False
    return bool(rules.scores.arrays[2][roller, other])


def rule_names(rules: HogRules) -> tuple[str, str, str]:
    """Return the names of the zero-dice, after-turn and extra-turn rules ("" where none)."""
    if rules.scores is not None:
        return rules.scores.names
    return FREE_BACON, SWINE_SWAP, ""


def hogtimus_prime(rules: HogRules, points: int) -> int:
    """Return ``points`` after Hogtimus Prime (a prime becomes the next prime) if it is on."""
    return next_prime(points) if rules.prime_bump and is_prime(points) else points


def pigs_fly(rules: HogRules, points: int, num_rolls: int) -> int:
    """Return ``points`` capped at ``cap - num_rolls`` by When Pigs Fly if it is on."""
    return points if rules.cap is None else min(points, rules.cap - num_rolls)


def pig_out(rules: HogRules, outcomes: Sequence[int]) -> int:
    """Return the points of rolled dice: their sum, or after Pig Out the 1s counted or 1.

    >>> pig_out(hog_rules("fa16"), [1, 2, 1]), pig_out(hog_rules("su20"), [1, 2, 1])
    (2, 1)
    """
    ones = sum(1 for value in outcomes if value == 1)
    if ones == 0:
        return sum(outcomes)
    return ones if rules.pig_out == "count" else 1


def boost(rules: HogRules, points: int, num_rolls: int) -> int:
    """Return the turn score from rolled or Free Bacon points: prime bump, then the cap."""
    return pigs_fly(rules, hogtimus_prime(rules, points), num_rolls)


def hog_wild(rules: HogRules, score: int, opponent_score: int) -> bool:
    """Return True if the mover rolls re-rolling dice (score sum a multiple, 0 included)."""
    return rules.wild_every is not None and (score + opponent_score) % rules.wild_every == 0


def is_swap(rules: HogRules, score: int, opponent_score: int) -> bool:
    """Return True if Swine Swap exchanges the scores after the mover reaches ``score``.

    >>> is_swap(hog_rules("fa16"), 46, 92), is_swap(hog_rules("su20"), 55, 23)
    (True, True)
    """
    if rules.swap == "double":
        return score == 2 * opponent_score or opponent_score == 2 * score
    return abs(score % 10 - opponent_score % 10) == opponent_score // 10 % 10


def feral_bonus(rules: HogRules, num_rolls: int, prev_points: int) -> int:
    """Return the Feral Hogs bonus: 3 if ``|num_rolls - prev_points| == 2`` and the rule is on."""
    return FERAL_BONUS if rules.feral_hogs and abs(num_rolls - prev_points) == FERAL_GAP else 0


@dataclass(frozen=True)
class HogState:
    """A state seen by the mover: scores, four-sided flag and both previous turn scores."""

    score: int
    opponent_score: int
    four_sided: bool = False
    prev_points: int = 0
    opponent_prev_points: int = 0

    def check(self, rules: HogRules) -> HogState:
        """Return the state if it can occur under ``rules``, else raise InvalidArgument (why)."""
        self.index(rules)
        if self.four_sided and rules.alt_sides is None:
            raise InvalidArgument(f"{rules.name} has no four-sided dice (they come with Pork Chop)")
        prevs = (self.prev_points, self.opponent_prev_points)
        if any(prevs) and not rules.feral_hogs:
            raise InvalidArgument(
                f"{rules.name} keeps no previous turn scores (they matter only with Feral Hogs)"
            )
        if min(prevs) < 0:
            raise InvalidArgument(f"previous turn scores cannot be negative, got {prevs}")
        return self

    def index(self, rules: HogRules) -> tuple[int, int, int, int, int]:
        """Return the state's index ``(s, o, f, a, b)`` into a table of ``rules.shape``."""
        cap = prev_cap(rules)
        if not (0 <= self.score < rules.goal and 0 <= self.opponent_score < rules.goal):
            raise InvalidArgument(
                f"scores ({self.score}, {self.opponent_score}) are outside the goal-{rules.goal} "
                f"table: need 0 <= score, opponent score < {rules.goal}"
            )
        flag = int(self.four_sided) if rules.alt_sides is not None else 0
        return (
            self.score,
            self.opponent_score,
            flag,
            min(self.prev_points, cap),
            min(self.opponent_prev_points, cap),
        )


def check_num_rolls(rules: HogRules, num_rolls: Any) -> int:
    """Return ``num_rolls`` if the rules accept it, else raise ValueError naming the range."""
    if not isinstance(num_rolls, Integral) or num_rolls not in rules.actions:
        raise InvalidArgument(
            f"number of dice must be an integer from {rules.min_rolls} to {MAX_ROLLS}, "
            f"got {num_rolls!r}"
        )
    return int(num_rolls)


def is_over(rules: HogRules, state: HogState) -> bool:
    """Return True if either score has reached the goal."""
    return state.score >= rules.goal or state.opponent_score >= rules.goal


@cache
def initial_state() -> HogState:
    """Return the state before the first turn: 0-0, six-sided dice, no previous turns."""
    return HogState(0, 0)
