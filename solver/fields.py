"""The fields a request names a game by (the page's forms, in the API's words): how a family
describes them (:func:`integer_field`, :func:`choice_field`) and the checks that turn them into
rules (:meth:`solver.registry.Family.page_rules`), so every refusal reads the same: one line
naming the field.
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


def integer_field(
    name: str,
    label: str,
    low: int,
    high: int,
    default: int,
    only: dict[str, list[Any]] | None = None,
) -> dict[str, Any]:
    """Return a whole-number field of the page's set-up form, from ``low`` to ``high``; ``only``
    (a field's name and its values) shows and sends it only when that field has one of them.

    >>> integer_field("goal", "Goal", 1, 30, 5)
    {'name': 'goal', 'label': 'Goal', 'kind': 'integer', 'min': 1, 'max': 30, 'default': 5}
    """
    field = {"name": name, "label": label, "kind": "integer", "min": low, "max": high}
    return field | {"default": default} | ({"only": only} if only else {})


def choice_field(
    name: str,
    label: str,
    choices: dict[str, str],
    default: str,
    only: dict[str, list[Any]] | None = None,
) -> dict[str, Any]:
    """Return a field of the page's set-up form that takes one of ``choices`` (value: words).

    >>> choice_field("rules", "Rules", {"fa16": "Fall 2016"}, "fa16")["choices"]
    [{'value': 'fa16', 'label': 'Fall 2016'}]
    """
    listed = [{"value": value, "label": words} for value, words in choices.items()]
    field = {"name": name, "label": label, "kind": "choice", "choices": listed}
    return field | {"default": default} | ({"only": only} if only else {})
