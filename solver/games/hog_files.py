"""Hog rules from a Python file of your own (``--game my_rules.py``), as each semester's are.

The file defines the functions of :mod:`solver.games.hog_scores`, with exactly these names::

    def zero_dice(score, opponent_score):   # required: the points of rolling zero dice
        return 10 - opponent_score % 10

    def after_turn(score, opponent_score):  # optional (no change): the mover's score after
        return score                        # the rule, SCORE counting the turn's points

    def extra_turn(score, opponent_score):  # optional (never): True if the mover goes again
        return False

The file runs in a process of its own (:mod:`solver.sandbox.function`: **this runs its code**),
imported once, each call with a time limit and the process with a memory limit. Each function is
asked twice at every pair of scores the game can reach, and its answers are checked and kept as
tables (:func:`solver.games.hog_scores.tabulate`): what the solver, the engine and a table file
read. The rules are named after the file (``my_rules.py``); a table holds them whole, and is
read without the file.
"""

from __future__ import annotations

from dataclasses import replace
from numbers import Integral
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.games.hog import RULES_FILE, HogRules
from pigsolve.solver.games.hog_scores import FUNCTIONS, Ask, checked, tabulate
from pigsolve.solver.sandbox.function import UserFunction, tabulating

CHUNK = 10_000
"""Pairs of scores asked in one round trip to the file's process."""
DEFAULTS = {
    "after_turn": lambda score, opponent_score: score,
    "extra_turn": lambda score, opponent_score: False,
}
"""What a rule the file leaves out answers: no change, never."""

FILES: dict[HogRules, str] = {}
"""The file each set of rules read in this process came from, as ``--game`` named it."""


def game_file(rules: HogRules) -> str:
    """Return the file ``--game`` reads ``rules`` (:attr:`HogRules.from_file`) from: the one
    they were read from in this process, else their name (a table's rules: the file's name)."""
    return FILES.get(rules, rules.name)


def rules_from_file(path_text: str, goal: int) -> HogRules:
    """Return the Hog rules of the file at ``path_text`` for ``goal``, tabulated (see the
    module docstring); one line if the file is missing, fails to import, lacks ``zero_dice`` or
    a function misbehaves."""
    path = Path(path_text)
    if path.suffix != RULES_FILE:
        raise InvalidArgument(f"{path}: a rules file is a Python file ({RULES_FILE})")
    if not isinstance(goal, Integral) or goal < 1:  # before the file is run
        raise InvalidArgument(f"goal must be an integer >= 1, got {goal!r}", parameter="goal")
    function = RulesFunction(f"{path_text}:{FUNCTIONS[0]}", (2,))
    defined: list[str] = []
    try:
        scores = tabulate(path.name, ("", "", ""), goal, _asker(function, defined))
    finally:
        function.close()
    names = tuple(name if name in defined else "" for name in FUNCTIONS)
    rules = HogRules(path.name, goal, scores=replace(scores, names=names))
    FILES[rules] = path_text
    return rules


def _asker(function: RulesFunction, defined: list[str]) -> Ask:
    """Return the :data:`~solver.games.hog_scores.Ask` of ``function``'s file, adding to
    ``defined`` each rule it defines (one left out answers as :data:`DEFAULTS` says)."""

    def ask(name: str, pairs: list[tuple[int, int]]) -> list[Any]:
        if name != FUNCTIONS[0]:
            try:
                function.pick(name)
            except _NoRule:
                return [DEFAULTS[name](*pair) for pair in pairs]
        defined.append(name)

        def check(pair: tuple[int, int], answer: Any) -> Any:
            checked(name, pair, answer)
            return answer

        answers: list[Any] = []
        with tabulating(function, len(pairs)) as progress:
            for start in range(0, len(pairs), CHUNK):
                progress(start)
                answers += function.ask_all(pairs[start : start + CHUNK], check)
        return answers

    return ask


class _NoRule(InvalidArgument):
    """A rules file without the function asked."""


class RulesFunction(UserFunction):
    """A rule of a rules file, in the file's process (:attr:`spec` ``my_rules.py:zero_dice``)."""

    kind = "rules file"
    undetermined = "a rule gives one answer at each pair of scores"
    one_process = ": a rule answers from one process"

    def missing(self, path: Path, function_name: str) -> PigsolveError:
        """Return the error of a file without the rule ``function_name``, naming the three."""
        listed = ", ".join(self.defined) or "no function"
        return _NoRule(
            f"{path} defines no {function_name}: a rules file defines "
            f"{FUNCTIONS[0]}(score, opponent_score), and may define {FUNCTIONS[1]} and "
            f"{FUNCTIONS[2]} (it defines {listed})"
        )
