"""Hog players by name: optimal, best-response:NAME, alwaysN, bacon, swap and human.

A Hog player answers ``choose(state) -> number of dice`` for a :class:`solver.games.hog.HogState`
seen as the mover. Computer players are tables over every state (``table(rules)``, an int8 array
of ``rules.shape``), so any two of them can be compared exactly
(:func:`solver.hog.evaluate.compare`).
``bacon`` and ``swap`` are CS 61A's strategy helpers with the course's defaults (fa16: margin 8,
4 dice; su20: cutoff 8, 6 dice), tabulated from :mod:`solver.hog61a`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.hog import OLD_RULE_SETS, HogRules, HogState, check_num_rolls

PLAYERS = [
    ("optimal", "maximises its win probability against a player who does the same"),
    ("best-response:NAME", "the exact best reply to computer player NAME, e.g. always4"),
    ("alwaysN", "always rolls N dice (fa16 allows always-1: Pork Chop every turn)"),
    ("bacon", "61A bacon_strategy: 0 dice when Free Bacon gives at least 8 points"),
    ("swap", "61A swap_strategy: bacon, plus 0 dice for a beneficial swap"),
    ("bacon:M,N / swap:M,N", "the same with margin (cutoff) M and N dice, e.g. bacon:9,5"),
    ("human", "you, at the terminal"),
]


class TableStrategy:
    """A computer player given by its number of dice in every state."""

    def __init__(
        self, name: str, rules: HogRules, policy: np.ndarray, description: str = ""
    ) -> None:
        self.name = name
        self.description = description
        self.rules = rules
        self.policy = np.ascontiguousarray(np.broadcast_to(policy, rules.shape), np.int8)

    def choose(self, state: HogState) -> int:
        """Return the number of dice in ``state``."""
        return int(self.policy[state.index(self.rules)])

    def table(self, rules: HogRules) -> np.ndarray:
        """Return the number of dice in every state (int8, ``rules.shape``)."""
        if rules != self.rules:
            raise ValueError(f"{self.name} was built for {self.rules}, not {rules}")
        return self.policy

    def __repr__(self) -> str:
        return f"<TableStrategy {self.name} ({self.rules.name}, goal {self.rules.goal})>"


def scores_table(rules: HogRules, strategy: Callable[[int, int], int]) -> np.ndarray:
    """Return ``strategy(score, opponent_score)`` for every pair of scores, as a full policy."""
    goal = rules.goal
    table = np.array([[strategy(s, o) for o in range(goal)] for s in range(goal)], np.int8)
    return np.broadcast_to(table[:, :, None, None, None], rules.shape)


def _sixty_one_a(rules: HogRules):
    from pigsolve.solver.hog61a import fa16, su20

    return {"fa16": fa16, "su20": su20}[rules.name]


def player_names(rules: Any = None) -> list[tuple[str, str]]:
    """Return (name, description) for every Hog player the interfaces accept."""
    from pigsolve.policies.user import USER_PLAYER

    listed = PLAYERS[:-1]
    if isinstance(rules, HogRules) and rules.name not in OLD_RULE_SETS:
        listed = [(name, words) for name, words in listed if not name.startswith(("bacon", "swap"))]
    return [*listed, USER_PLAYER, PLAYERS[-1]]


def check_name(name: str, rules: HogRules) -> None:
    """Raise ValueError, listing the accepted names, unless ``name`` names a Hog player.

    Nothing is computed, so a bad name is reported before any table is built.
    """
    if name.startswith("best-response:"):
        target = name.split(":", 1)[1]
        if target == "human":
            raise InvalidArgument("best-response needs a computer player, not human")
        check_name(target, rules)
        return
    from pigsolve.policies.roster import is_user_player

    always = re.fullmatch(r"always(-?\d+)", name)
    helper = re.fullmatch(r"(bacon|swap):(\d+),(-?\d+)", name)
    if (helper or name in ("bacon", "swap")) and rules.name not in OLD_RULE_SETS:
        raise InvalidArgument(
            f"{name.partition(':')[0]} is a strategy of fa16's and su20's hog.py; "
            f"{rules.name}'s players are optimal, alwaysN, best-response:NAME and your function"
        )
    if always or helper:
        check_num_rolls(rules, int((always or helper).groups()[-1]))
    elif name not in ("optimal", "bacon", "swap", "human") and not is_user_player(name):
        from pigsolve.solver.registry import unknown

        raise unknown("Hog player", name, [n for n, _ in PLAYERS])


def make_player(
    name: str,
    rules: HogRules,
    table_path: Path | None = None,
    announce: Callable[[str], None] | None = None,
) -> TableStrategy:
    """Return the computer player called ``name`` for ``rules``.

    ``table_path``/``announce`` concern ``optimal`` (see :func:`solver.tables.table_for`).
    An unknown name raises ValueError listing the accepted names.
    """
    from pigsolve.solver.hog.solve import check_fits

    check_name(name, rules)
    if name == "human":
        raise ValueError("human is not a computer player")
    check_fits(rules)  # before a function is asked goal**2 times
    if name == "optimal":
        from pigsolve.solver.tables import table_for

        return TableStrategy(name, rules, table_for(rules, table_path, announce).policy)
    if name.startswith("best-response:"):
        from pigsolve.solver.hog.solve import best_response

        target = make_player(name.split(":", 1)[1], rules, table_path, announce)
        reply, _ = best_response(rules, target.policy, target.name)
        return TableStrategy(name, rules, reply.policy)
    from pigsolve.policies.roster import is_user_player

    if is_user_player(name):
        return TableStrategy(name, rules, hog_table(name, rules), "your function")
    helper = re.fullmatch(r"(bacon|swap)(?::(\d+),(-?\d+))?", name)
    if helper:
        module = _sixty_one_a(rules)
        function = module.bacon_strategy if helper.group(1) == "bacon" else module.swap_strategy
        constants = [int(c) for c in helper.groups()[1:] if c is not None]
        table = scores_table(rules, lambda s, o: function(s, o, *constants))
        return TableStrategy(name, rules, table)
    num_rolls = int(name.removeprefix("always"))  # checked by check_name
    return TableStrategy(name, rules, np.full(rules.shape, num_rolls, np.int8))


def hog_table(spec: str, rules: HogRules) -> np.ndarray:
    """Return ``strategy(score, opponent_score)`` for every pair of scores, checked as 61A does,
    as a full policy (int8, ``rules.shape``)."""
    table = score_table(spec, rules)
    return np.ascontiguousarray(np.broadcast_to(table[:, :, None, None, None], rules.shape))


def score_table(spec: str, rules: HogRules) -> np.ndarray:
    """Return ``strategy(score, opponent_score)`` for every pair of scores below the goal (int8,
    ``(goal, goal)``), checked as 61A's ``check_strategy`` does: two arguments, a number of dice
    the rules accept, the same answer when asked twice, each call within the time limit."""
    from pigsolve.policies.user import StrategyFunction
    from pigsolve.solver.errors import PigsolveError
    from pigsolve.solver.sandbox.function import tabulating

    name = spec.rpartition(":")[2]

    def checked(args: tuple[int, int], answer: Any) -> int:
        if isinstance(answer, bool) or not isinstance(answer, int) or answer not in rules.actions:
            score, opponent = args
            raise PigsolveError(
                f"{name}({score}, {opponent}) returned {answer!r} (invalid number of rolls)"
            )
        return answer

    function = StrategyFunction(spec, (2,))
    table = np.empty((rules.goal, rules.goal), np.int8)
    try:
        with tabulating(function, rules.goal) as progress:
            for score in range(rules.goal):  # a round trip per score
                progress(score)
                states = [(score, opponent) for opponent in range(rules.goal)]
                table[score] = function.ask_all(states, checked)
    finally:
        function.close()
    return table
