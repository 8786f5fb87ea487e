"""CS 61A's Hog rule sets since Fall 2020, one module each, as rule files.

Each module is a rules file of the form a user's own is (:mod:`solver.games.hog_scores`): three
functions of the two scores, ``zero_dice``, ``after_turn`` and ``extra_turn``, with ``NAMES`` (the
course's names of the rules) and ``SEMESTERS`` (every semester that played them; the first names
the rule set and its table).
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

RULE_SETS = ("fa20", "sp21", "su21", "fa21", "sp22", "su22", "fa22", "su23", "fa23")
"""The rule sets, oldest first: each is the module of that name."""


def module(rule_set: str) -> ModuleType:
    """Return the module of ``rule_set`` (one of :data:`RULE_SETS`)."""
    return importlib.import_module(f"{__name__}.{rule_set}")


@cache
def semesters() -> dict[str, str]:
    """Return ``{semester: rule set}`` for every semester since Fall 2020, oldest first."""
    return {term: rule_set for rule_set in RULE_SETS for term in module(rule_set).SEMESTERS}
