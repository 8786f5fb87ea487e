"""A state as people give it: the numbers ``pigsolve query`` takes, flat or nested, as one
tuple or as separate arguments.

Every family's state is a row of whole numbers (:mod:`solver.registry` gives each family's
order); a solution's questions take it however it comes, ``(0, 0, 0)``, ``0, 0, 0`` or
``((0, 0), 0)``, and read it through :func:`numbers`.
"""

from __future__ import annotations

from collections.abc import Sequence
from numbers import Integral
from typing import Any

from pigsolve.solver.errors import InvalidArgument


def numbers(state: Sequence[Any], form: str) -> tuple[int, ...]:
    """Return ``state`` as one flat tuple of ints; InvalidArgument naming ``form`` (the state's
    numbers in words) if it holds anything but whole numbers.

    >>> numbers(((0, 5), 20), "SCORE... TURN_TOTAL"), numbers([(3, 4, 0)], "")
    ((0, 5, 20), (3, 4, 0))
    """
    flat: list[int] = []

    def add(item: Any) -> None:
        if isinstance(item, tuple | list):
            for part in item:
                add(part)
        elif isinstance(item, Integral):  # numpy's integers too; a flag (True) is 1
            flat.append(int(item))
        else:
            raise InvalidArgument(f"a state is {form}: whole numbers, got {item!r}")

    add(list(state))
    return tuple(flat)
