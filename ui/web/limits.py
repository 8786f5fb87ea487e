"""The sizes the page computes, in the API's words: every refusal names the memory needed.

The machine's own limit is ``pigsolve compute``'s memory check; the page's are the goals below,
by game and number of players (a larger table is for the command line).
"""

from __future__ import annotations

from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.games.hog import HogRules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.resources import check_memory, memory_words
from pigsolve.ui.web.jobs import JobFailed

MAX_PIG_GOAL = 2500
"""The largest two-player Pig goal the page computes (about 2 GiB and a minute or two)."""
MAX_GOALS = {3: 200, 4: 50}
"""The largest goal the page computes for 3 and 4 players: measured on this project's 2-core
machine, 3 players at goal 200 take 23 s and 383 MiB, 4 players at goal 50 5 s and 390 MiB (at
goal 100 four players need 3.2 GB)."""
MAX_FAMILY_GOAL = 300
"""The largest two-player goal of Two-Dice Pig, Big Pig and Pass the Pigs the page computes."""
MAX_DIE = 100
MAX_PIG_WORK = MAX_PIG_GOAL**3 * 6
"""Larger dice take longer: goal cubed times the sides may not pass goal 2500's with a d6."""
MAX_HOG_GOAL = 200
MAX_EXPLORE_GOAL = 1000
MAX_COMPARE_GOAL = 300


class SizeError(JobFailed):
    """A table too large for this machine or for the page: a 413."""

    def __init__(self, message: str) -> None:
        super().__init__(413, message)


class NoTable(JobFailed):
    """A game the solver does not solve (scores that can fall, with three or more players): a
    409."""

    def __init__(self, message: str) -> None:
        super().__init__(409, message)


def largest_goal(rules: PigRules | HogRules) -> int:
    """Return the largest goal at which the page computes the table of ``rules``'s game."""
    if isinstance(rules, HogRules):
        return MAX_HOG_GOAL
    if rules.players > 2:
        return MAX_GOALS.get(rules.players, 0)
    return MAX_PIG_GOAL if rules.outcomes is None else MAX_FAMILY_GOAL


def check_solvable(rules: PigRules | HogRules) -> None:
    """Raise NoTable if the solver has no table for ``rules``: where a roll loses the whole
    score, only two players' games are solved."""
    if isinstance(rules, PigRules) and rules.resets and rules.players > 2:
        raise NoTable(
            f"{game_words(rules, players=False)}can lose a player's whole score, and such games "
            f"are solved for two players only, not {rules.players}"
        )


def memory_needed(rules: PigRules | HogRules) -> int:
    """Return the bytes solving ``rules`` needs at its peak (what ``pigsolve compute`` checks)."""
    if isinstance(rules, HogRules):
        from pigsolve.solver.hog.solve import memory_needed as hog_memory

        return hog_memory(rules)
    from pigsolve.solver.pig.solve import memory_needed as pig_memory

    return pig_memory(rules)


def check_size(rules: PigRules | HogRules, largest_goal: int, use: str = "the page") -> None:
    """Raise SizeError (413) naming the memory needed if ``rules`` cannot be solved here.

    First the machine (``pigsolve compute``'s own check), then ``largest_goal``, what ``use``
    accepts.
    """
    needed = memory_needed(rules)
    try:
        check_memory(needed, f"goal {rules.goal}")
    except PigsolveError as err:
        raise SizeError(str(err)) from None
    work = rules.goal**3 * rules.die_sides  # a Pig solve's steps, up to a constant
    if isinstance(rules, PigRules) and rules.goal <= largest_goal and work > MAX_PIG_WORK:
        raise SizeError(
            f"{use} takes goal {largest_goal} with a 6-sided die at most (the work grows as the "
            f"goal cubed times the sides): goal {rules.goal} with {rules.die_sides} sides is "
            "for `pigsolve compute`"
        )
    if rules.goal > largest_goal:
        command = "pigsolve hog" if isinstance(rules, HogRules) else "pigsolve"
        family = isinstance(rules, PigRules) and (rules.players > 2 or rules.outcomes is not None)
        which = game_words(rules) if family else ""
        raise SizeError(
            f"{use} takes {which}goals up to {largest_goal}; goal {rules.goal} needs about "
            f"{memory_words(needed)} of memory: use `{command}` at the command line"
        )


def game_words(rules: PigRules | HogRules, players: bool = True) -> str:
    """Return the game (and ``players``) in words before a noun: '4-player Pig ', 'Big Pig '."""
    if isinstance(rules, HogRules):
        return ""
    from pigsolve.ui.web.pig_words import VARIANTS

    seats = f"{rules.players}-player " if players and rules.players > 2 else ""
    return f"{seats}{VARIANTS.get(rules.game, rules.game)} "
