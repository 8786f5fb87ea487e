"""The points and flags a Farkle rule may name, checked (:mod:`solver.games.farkle`): one
clear line for a bad value."""

from __future__ import annotations

import reprlib
from collections.abc import Sequence
from numbers import Integral

from pigsolve.solver.errors import InvalidArgument

POINT_UNIT = 50
"""Every score, goal and number of points is a multiple of this."""
MAX_POINTS = 1_000_000
"""The most points a rule may name (a combination, the minimum bank, the penalty): a turn's
arrays grow with the points a keep can score, and beyond a goal more points change nothing."""


def is_int(value: object) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool)


def check_points(name: str, value: object, optional: bool = False) -> None:
    """Raise InvalidArgument unless ``value`` is a positive multiple of 50 (or None if
    ``optional``)."""
    if optional and value is None:
        return
    if not is_int(value) or value <= 0 or value % POINT_UNIT:
        what = "None (not scored) or " if optional else ""
        raise InvalidArgument(
            f"{name} must be {what}a positive multiple of {POINT_UNIT}, got {reprlib.repr(value)}",
            parameter=name,
        )
    check_most(name, value)


def check_most(name: str, value: int) -> None:
    """Raise InvalidArgument if ``value`` points are more than :data:`MAX_POINTS`."""
    if value > MAX_POINTS:
        raise InvalidArgument(
            f"{name} must be at most {MAX_POINTS:,} points, got {reprlib.repr(value)}",
            parameter=name,
        )


def check_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise InvalidArgument(
            f"{name} must be True or False, got {reprlib.repr(value)}", parameter=name
        )


def points_tuple(name: str, value: object, size: int, meaning: str) -> tuple[int, ...]:
    """Return ``value`` as a tuple of ``size`` points, or raise InvalidArgument."""
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != size:
        raise InvalidArgument(
            f"{name} must be {size} points ({meaning}), got {reprlib.repr(value)}", parameter=name
        )
    for points in value:
        check_points(name, points)
    return tuple(value)
