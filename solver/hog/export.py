"""Export Hog's optimal strategy as CS 61A's ``final_strategy``: a Python file importing nothing.

``strategy``
    ``final_strategy(score, opponent_score)``, the optimal number of dice for every pair of
    scores below the goal, read from a tuple of strings (one hexadecimal digit a pair of
    scores) in the file itself, so a student can hand it in as it is. It is the optimal player
    only where the optimal player sees nothing but the two scores: a table of shape
    ``(G, G, 1, 1, 1)``. Where it sees more (fa16's four-sided dice flag, su20's previous turn
    scores) the export is refused (:func:`cannot_export`).

The file is written atomically (:func:`solver.storage.atomic_write`) and an existing file is kept
unless ``force`` is given.
"""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path
from typing import IO, TYPE_CHECKING

from pigsolve.solver import __version__
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.export_files import format_for, write_file
from pigsolve.solver.games.hog import PREFIX, HogRules, hog_rules

if TYPE_CHECKING:
    from pigsolve.solver.hog.solve import HogSolution

EXPORTS = ("strategy",)
"""What :func:`export_strategy` writes."""
FORMATS = ("py",)
"""The formats it writes: a Python module."""
SEEN = (
    "the four-sided dice flag (Pork Chop)",
    "the previous turn scores (Feral Hogs)",
    "the previous turn scores (Feral Hogs)",
)
"""What a state holds beyond the two scores, axis by axis after them."""
FUNCTION = "final_strategy"
"""The function CS 61A's contest asks for."""


def cannot_export(rules: HogRules, what: str) -> str:
    """Return why the optimal table of ``rules`` gives no ``what`` ('' where it does): a
    strategy of the two scores alone plays optimally only if a state is nothing more, a table
    of shape ``(G, G, 1, 1, 1)``.

    >>> cannot_export(replace(hog_rules("su20", 20), feral_hogs=False), "strategy")
    ''
    """
    seen = dict.fromkeys(
        words for words, size in zip(SEEN, rules.shape[2:], strict=False) if size > 1
    )
    if not seen:
        return ""
    return (
        f"{PREFIX}{rules.name}'s optimal player also sees {' and '.join(seen)}: no "
        f"{FUNCTION}(score, opponent_score) plays it; what={what!r} needs a game whose state is "
        "the two scores"
    )


def export_strategy(
    solution: HogSolution, what: str, out: str | Path, fmt: str | None = None, force: bool = False
) -> Path:
    """Write ``what`` (:data:`EXPORTS`) of the optimal ``solution`` to ``out`` as ``fmt`` (py;
    default: the suffix of ``out``); return the path written."""
    out = Path(out)
    if what not in EXPORTS:
        raise InvalidArgument(f"unknown export {what!r} for Hog; accepted: {', '.join(EXPORTS)}")
    format_for(out, fmt, FORMATS)
    why = cannot_export(solution.rules, what)
    if why:
        raise InvalidArgument(why, parameter="what")
    if solution.objective != "optimal":
        raise InvalidArgument(
            f"what={what!r} writes the optimal table's strategy, not the {solution.objective} one",
            parameter="what",
        )
    source = strategy_source(solution)

    def body(f: IO[str]) -> None:
        f.write(source)

    return write_file(out, "py", body, force)


def strategy_source(solution: HogSolution) -> str:
    """Return the Python module defining ``final_strategy`` for the optimal ``solution``.

    >>> from pigsolve.solver.hog.solve import solve
    >>> namespace = {}
    >>> exec(strategy_source(solve(replace(hog_rules("su20", 5), feral_hogs=False))), namespace)
    >>> namespace["final_strategy"](0, 0), sorted(namespace)
    (2, ['_DICE', '__builtins__', '__doc__', 'final_strategy'])
    """
    rules = solution.rules
    dice = solution.policy[:, :, 0, 0, 0]
    rows = "".join(
        f'    "{"".join(format(n, "x") for n in row)}",  # score {score}\n'
        for score, row in enumerate(dice.tolist())
    )
    return f'''"""CS 61A's Hog, {rules_words(rules)}: the optimal final_strategy.

Written by pigsolve {__version__} from its exact optimal table. When both players play
optimally the first player wins with probability {solution.p_first_player:.12f}.

final_strategy(score, opponent_score) returns the number of dice, an int from 0 to 10, for
every pair of scores below {rules.goal}: always the same one, read from the table below (a
hexadecimal digit for each opponent's score, a line for each score). Nothing is imported.
"""

_DICE = (
{rows})


def final_strategy(score, opponent_score):
    """Return the optimal number of dice to roll at SCORE against OPPONENT_SCORE."""
    return int(_DICE[score][opponent_score], 16)
'''


def rules_words(rules: HogRules) -> str:
    """Return the rule set and goal of ``rules``, with every field that differs from the rule
    set's own.

    >>> rules_words(replace(hog_rules("su20", 50), feral_hogs=False))
    'rule set su20 with feral_hogs=False, goal 50'
    """
    named = replace(hog_rules(rules.name), goal=rules.goal)
    changed = [
        f"{field.name}={getattr(rules, field.name)!r}"
        for field in fields(rules)
        if getattr(rules, field.name) != getattr(named, field.name)
    ]
    with_changes = f" with {', '.join(changed)}" if changed else ""
    return f"rule set {rules.name}{with_changes}, goal {rules.goal}"
