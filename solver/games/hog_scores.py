"""Hog rules that are functions of the two scores, tabulated once over every pair of scores.

Every CS 61A semester since Fall 2020 (:mod:`solver.games.hog_rules`), and a rules file of your
own, is three functions of the mover's score and the opponent's score:

``zero_dice(score, opponent_score) -> int``
    The points of rolling zero dice: an integer from 0 to :data:`MOST_POINTS`.
``after_turn(score, opponent_score) -> int``
    The mover's score after the rule, ``score`` already counting the turn's points: at least
    ``score`` (a rule never takes points away).
``extra_turn(score, opponent_score) -> bool``
    True if the mover, at ``score`` after the after-turn rule, takes another turn.

:func:`tabulate` asks each function once for every pair of scores the game can reach and keeps
the answers in a :class:`ScoreRules`; the solvers, the engine and the files read only the tables.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pigsolve.solver.errors import InvalidArgument

if TYPE_CHECKING:
    import numpy as np

FUNCTIONS = ("zero_dice", "after_turn", "extra_turn")
"""The names a rules file defines."""
MOST_POINTS = 100
"""The most points rolling zero dice may score."""
MOST_ROLLED = 60
"""The most points ten six-sided dice score."""
LARGEST_GOAL = 1000
"""The largest goal rules of the scores are tabulated for (a million pairs of scores)."""

Ask = Callable[[str, list[tuple[int, int]]], list[Any]]
"""``ask(function name, pairs of scores) -> answers``: how :func:`tabulate` calls the rules."""


@dataclass(frozen=True)
class ScoreRules:
    """Three rules of the two scores, tabulated for one goal (see the module docstring).

    ``source`` names where they came from (a rule set, a file); ``names`` are the rules' names
    in the log (``""`` where a rule set lacks one). The tables are little-endian int32 bytes:
    ``zero`` of shape ``(G, G)``, ``after`` of shape ``(G + top, G)`` and ``extra`` ``(G, G)``.
    """

    source: str
    names: tuple[str, str, str]
    goal: int
    top: int
    zero: bytes
    after: bytes
    extra: bytes

    @cached_property
    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return the tables ``zero``, ``after`` and ``extra`` as read-only arrays."""
        import numpy as np

        g = self.goal
        shapes = ((g, g), (g + self.top, g), (g, g))
        out = []
        for raw, shape in zip((self.zero, self.after, self.extra), shapes, strict=True):
            array = np.frombuffer(raw, "<i4")
            if array.size != shape[0] * shape[1]:
                raise InvalidArgument(f"score rules {self.source!r}: a table of the wrong size")
            out.append(array.reshape(shape))
        return out[0], out[1], out[2]

    def to_dict(self) -> dict[str, Any]:
        """Return the rules as JSON-ready data (the tables in base64)."""
        encode = lambda raw: base64.b64encode(raw).decode("ascii")  # noqa: E731
        return {
            "source": self.source,
            "names": list(self.names),
            "goal": self.goal,
            "top": self.top,
            "zero": encode(self.zero),
            "after": encode(self.after),
            "extra": encode(self.extra),
        }

    @classmethod
    def from_dict(cls, data: Any) -> ScoreRules:
        """Return the rules :meth:`to_dict` wrote; InvalidArgument in one line if they are not."""
        try:
            tables = [
                base64.b64decode(data[key], validate=True) for key in ("zero", "after", "extra")
            ]
            names = tuple(str(name) for name in data["names"])
            if len(names) != len(FUNCTIONS):
                raise ValueError("three names")
            rules = cls(str(data["source"]), names, int(data["goal"]), int(data["top"]), *tables)  # type: ignore[arg-type]
            rules.arrays  # noqa: B018 - checks the sizes
        except (KeyError, TypeError, ValueError) as err:
            raise InvalidArgument(f"not Hog score rules ({err})", parameter="rules") from None
        return rules

    def __repr__(self) -> str:
        return f"ScoreRules({self.source!r}, goal={self.goal})"


NEEDS = {
    "zero_dice": f"an integer from 0 to {MOST_POINTS}",
    "after_turn": "an integer, at least the score: a rule never takes points away",
    "extra_turn": "True or False",
}
"""What each rule must answer, in words."""


def checked(name: str, scores: tuple[int, int], value: Any, where: str = "") -> int:
    """Return the answer ``value`` of the rule ``name`` at ``scores`` as an int; InvalidArgument
    naming the call if it is not one the rule may give (:data:`NEEDS`; ``where`` starts the
    message).

    >>> checked("extra_turn", (3, 4), True), checked("after_turn", (3, 4), 5)
    (1, 5)
    >>> checked("zero_dice", (3, 4), 2.5)
    Traceback (most recent call last):
    ...
    pigsolve.solver.errors.InvalidArgument: zero_dice(3, 4) returned 2.5 (need an integer from ...)
    """
    import numpy as np

    score, opponent_score = scores
    truth = isinstance(value, bool | np.bool_)
    if name == "extra_turn":
        fine = truth
    elif truth or not isinstance(value, int | np.integer):
        fine = False
    elif name == "zero_dice":
        fine = 0 <= value <= MOST_POINTS
    else:
        fine = score <= value < 2**31
    if not fine:
        call = f"{name}({score}, {opponent_score})"
        raise InvalidArgument(f"{where}{call} returned {value!r} (need {NEEDS[name]})")
    return int(value)


def tabulate(
    source: str, names: tuple[str, str, str], goal: int, ask: Ask, where: str = ""
) -> ScoreRules:
    """Return the rules ``ask`` answers, tabulated for ``goal`` and checked.

    ``ask(name, pairs)`` returns the function ``name``'s answers at the pairs of scores; a bad
    answer raises InvalidArgument naming the call (:func:`checked`; ``where`` starts the
    message, e.g. a file).

    >>> rules = tabulate("toy", ("Bacon", "", ""), 10, local(lambda s, o: 1 + o % 3))
    >>> rules.arrays[0][0, 4], rules.arrays[1][12, 3], rules.arrays[2].any()
    (np.int32(2), np.int32(12), np.False_)
    """
    import numpy as np

    if goal > LARGEST_GOAL:
        raise InvalidArgument(
            f"{source}'s rules are tabulated over every pair of scores: a goal of at most "
            f"{LARGEST_GOAL:,}, got {goal:,}",
            parameter="goal",
        )

    def table(name: str, pairs: list[tuple[int, int]]) -> np.ndarray:
        answers = zip(pairs, ask(name, pairs), strict=True)
        return np.array([checked(name, pair, value, where) for pair, value in answers], np.int64)

    pairs = [(s, o) for s in range(goal) for o in range(goal)]
    zero = table("zero_dice", pairs).reshape(goal, goal)
    top = max(MOST_ROLLED, int(zero.max())) + 1
    reached = [(t, o) for t in range(goal + top) for o in range(goal)]
    after = table("after_turn", reached).reshape(goal + top, goal)
    extra = table("extra_turn", pairs).reshape(goal, goal)
    tables = [np.asarray(t, "<i4").tobytes() for t in (zero, after, extra)]
    return ScoreRules(source, names, goal, top, *tables)


def local(
    zero_dice: Callable[[int, int], Any],
    after_turn: Callable[[int, int], Any] = lambda score, opponent_score: score,
    extra_turn: Callable[[int, int], Any] = lambda score, opponent_score: False,
) -> Ask:
    """Return an :data:`Ask` that calls the three functions in this process (trusted code)."""
    functions = {"zero_dice": zero_dice, "after_turn": after_turn, "extra_turn": extra_turn}
    return lambda name, pairs: [functions[name](s, o) for s, o in pairs]
