"""The tests' small Zombie Dice cup, as a game file: five dice, two a roll, two shotguns end a
turn, so that a solve takes milliseconds where the boxed game's takes seconds."""

from __future__ import annotations


def small_cup(goal: int | None = None) -> str:
    """Return the game file's text (the boxed game's goal, 13, unless ``goal``)."""
    goal_line = "" if goal is None else f"goal = {goal}\n"
    return f"""base = "zombie-dice"
{goal_line}roll = 2
shotguns = 2
[[dice]]
colour = "green"
count = 3
brains = 3
feet = 2
shotguns = 1
[[dice]]
colour = "red"
count = 2
brains = 1
feet = 2
shotguns = 3
"""
