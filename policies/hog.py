"""Hog players by name: optimal, best-response:NAME, alwaysN, bacon, swap and human.

A Hog player answers ``choose(state) -> number of dice`` for a :class:`solver.games.hog.HogState`
seen as the mover. Computer players are tables over every state (``policy``, an int8 array of
``rules.shape``), so any two of them can be compared exactly (:func:`solver.hog.solve.compare`).
``bacon`` and ``swap`` are CS 61A's strategy helpers with the course's defaults (fa16: margin 8,
4 dice; su20: cutoff 8, 6 dice), tabulated from :mod:`solver.hog61a`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import numpy as np

from solver.games.hog import HogRules, HogState, check_num_rolls

NAMES = [
    ("optimal", "maximises its win probability against a player who does the same"),
    ("best-response:NAME", "the exact best reply to computer player NAME, e.g. always4"),
    ("alwaysN", "always rolls N dice (fa16 allows always-1: Pork Chop every turn)"),
    ("bacon", "61A bacon_strategy: 0 dice when Free Bacon gives at least 8 points"),
    ("swap", "61A swap_strategy: bacon, plus 0 dice for a beneficial swap"),
    ("human", "you, at the terminal"),
]


class TableStrategy:
    """A computer player given by its number of dice in every state."""

    def __init__(self, name: str, rules: HogRules, policy: np.ndarray) -> None:
        self.name = name
        self.rules = rules
        self.policy = np.ascontiguousarray(np.broadcast_to(policy, rules.shape), np.int8)

    def choose(self, state: HogState) -> int:
        """Return the number of dice in ``state``."""
        return int(self.policy[state.index(self.rules)])

    def __repr__(self) -> str:
        return f"<TableStrategy {self.name} ({self.rules.name}, goal {self.rules.goal})>"


class HumanStrategy:
    """A person choosing through ``ask(state) -> number of dice``."""

    name = "human"
    policy = None

    def __init__(self, ask: Callable[[HogState], int]) -> None:
        self.ask = ask

    def choose(self, state: HogState) -> int:
        """Return the person's answer."""
        return self.ask(state)


HogPlayer = TableStrategy | HumanStrategy


def scores_table(rules: HogRules, strategy: Callable[[int, int], int]) -> np.ndarray:
    """Return ``strategy(score, opponent_score)`` for every pair of scores, as a full policy."""
    goal = rules.goal
    table = np.array([[strategy(s, o) for o in range(goal)] for s in range(goal)], np.int8)
    return np.broadcast_to(table[:, :, None, None, None], rules.shape)


def _sixty_one_a(rules: HogRules):
    from solver.hog61a import fa16, su20

    return {"fa16": fa16, "su20": su20}[rules.name]


def check_strategy_name(name: str, rules: HogRules) -> None:
    """Raise ValueError, listing the accepted names, unless ``name`` names a Hog player.

    Nothing is computed, so a bad name is reported before any table is built.
    """
    if name.startswith("best-response:"):
        target = name.split(":", 1)[1]
        if target == "human":
            raise ValueError("best-response needs a computer player, not human")
        check_strategy_name(target, rules)
        return
    always = re.fullmatch(r"always(-?\d+)", name)
    if always:
        check_num_rolls(rules, int(always.group(1)))
    elif name not in ("optimal", "bacon", "swap", "human"):
        accepted = ", ".join(n for n, _ in NAMES)
        raise ValueError(f"unknown Hog player {name!r}; accepted: {accepted}")


def make_strategy(
    name: str,
    rules: HogRules,
    table_path: Path | None = None,
    announce: Callable[[str], None] | None = None,
    ask: Callable[[HogState], int] | None = None,
) -> HogPlayer:
    """Return the Hog player called ``name`` for ``rules``.

    ``table_path``/``announce`` concern ``optimal`` (see :func:`solver.hog.solve.load_or_compute`);
    ``ask`` is the human's prompt. An unknown name raises ValueError listing the accepted names.
    """
    check_strategy_name(name, rules)
    if name == "optimal":
        from solver.hog.solve import load_or_compute

        return TableStrategy(name, rules, load_or_compute(rules, table_path, announce).policy)
    if name.startswith("best-response:"):
        from solver.hog.solve import best_response

        target = make_strategy(name.split(":", 1)[1], rules, table_path, announce)
        reply, _ = best_response(rules, target.policy, target.name)
        return TableStrategy(name, rules, reply.policy)
    if name in ("bacon", "swap"):
        module = _sixty_one_a(rules)
        function = module.bacon_strategy if name == "bacon" else module.swap_strategy
        return TableStrategy(name, rules, scores_table(rules, function))
    if name == "human":
        if ask is None:
            raise ValueError("the human player needs a terminal; use `pigsolve hog play`")
        return HumanStrategy(ask)
    num_rolls = int(name.removeprefix("always"))  # checked by check_strategy_name
    return TableStrategy(name, rules, np.full(rules.shape, num_rolls, np.int8))
