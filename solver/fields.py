"""Checks of the fields a request names a game by (the page's forms, in the API's words).

Each family turns its fields into rules (:meth:`solver.registry.Family.page_rules`) with these,
so every refusal reads the same: one line naming the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pigsolve.solver.errors import InvalidArgument


def integer(value: Any, name: str, low: int, high: int | None = None, top: str = "") -> int:
    """Return ``value`` if it is an integer from ``low`` to ``high`` (``top`` writes ``high``),
    else raise InvalidArgument naming the field.

    >>> integer(5, "goal", 1)
    5
    >>> integer(True, "die", 2, 100)
    Traceback (most recent call last):
    ...
    pigsolve.solver.errors.InvalidArgument: die must be an integer from 2 to 100
    """
    wrong = isinstance(value, bool) or not isinstance(value, int)
    if wrong or value < low or (high is not None and value > high):
        span = f"of at least {low}" if high is None else f"from {low} to {top or high}"
        raise InvalidArgument(f"{name} must be an integer {span}")
    return value


def one_of(value: Any, name: str, accepted: Sequence[str]) -> str:
    """Return ``value`` if it is one of ``accepted``, else raise InvalidArgument naming it."""
    if value not in accepted:
        raise InvalidArgument(f"{name} must be {', '.join(accepted[:-1])} or {accepted[-1]}")
    return value
