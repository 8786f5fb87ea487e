"""CS 61A's dice: a die is a zero-argument function returning one outcome.

Fair dice draw from Python's global ``random`` generator; test dice cycle through fixed outcomes.
"""

from __future__ import annotations

import random
from collections.abc import Callable

Dice = Callable[[], int]


def make_fair_dice(sides: int) -> Dice:
    """Return a die that returns 1 to SIDES with equal chance."""
    assert type(sides) is int and sides >= 1, "Illegal value for sides"

    def dice() -> int:
        return random.randint(1, sides)

    return dice


four_sided = make_fair_dice(4)
six_sided = make_fair_dice(6)


def make_test_dice(*outcomes: int) -> Dice:
    """Return a die that cycles deterministically through OUTCOMES.

    >>> dice = make_test_dice(1, 2, 3)
    >>> dice(), dice(), dice(), dice()
    (1, 2, 3, 1)
    """
    assert len(outcomes) > 0, "You must supply outcomes to make_test_dice"
    for o in outcomes:
        assert type(o) is int and o >= 1, "Outcome is not a positive integer"
    index = len(outcomes) - 1

    def dice() -> int:
        nonlocal index
        index = (index + 1) % len(outcomes)
        return outcomes[index]

    return dice
