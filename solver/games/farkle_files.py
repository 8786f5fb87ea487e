"""Farkle rules from a TOML file (``--game FILE.toml``): a built-in rule set (``base``) with
the keys the file sets changed (:func:`farkle_rules_from_toml`)."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.farkle import FILES, RULE_SETS, FarkleRules, Scoring
from pigsolve.solver.games.game_files import check_keys, read_game_file

RULE_KEYS = ("base", *(f.name for f in fields(FarkleRules)))
SCORING_KEYS = tuple(f.name for f in fields(Scoring))
OPTIONAL_POINTS = ("straight", "three_pairs", "four_and_pair", "two_triplets", "of_a_kind_points")
"""Scoring keys a file sets to ``false`` for "not scored" (TOML has no None)."""


def farkle_rules_from_toml(path: str | Path) -> FarkleRules:
    """Return the Farkle rules in the TOML file at ``path``: a built-in rule set (``base``,
    'farkle' unless given) with the keys the file sets changed, e.g.::

        base = "facebook-farkle"
        goal = 5000
        min_bank = 300
        [scoring]
        two_triplets = 2500
        straight = false     # not scored

    Every error is one line naming the file and the key.
    """
    path = Path(path)
    data = read_game_file(path)
    try:
        rules = _rules_from_toml(data)
    except InvalidArgument as err:
        raise InvalidArgument(f"{path}: {err}", parameter=err.parameters) from None
    FILES[rules] = str(path)
    return rules


def _rules_from_toml(data: dict[str, Any]) -> FarkleRules:
    check_keys("", data, RULE_KEYS)
    name = data.pop("base", "farkle")
    if not isinstance(name, str) or name not in RULE_SETS:
        accepted = ", ".join(map(repr, RULE_SETS))
        raise InvalidArgument(f"base must be one of {accepted}, got {name!r}", parameter="base")
    base = RULE_SETS[name]
    scoring = base.scoring
    if "scoring" in data:
        table = data.pop("scoring")
        if not isinstance(table, dict):
            raise InvalidArgument(
                f"scoring must be a table ([scoring]), got {table!r}", parameter="scoring"
            )
        check_keys("scoring: ", table, SCORING_KEYS)
        for key in OPTIONAL_POINTS:
            if table.get(key) is True:
                raise InvalidArgument(
                    f"scoring: {key} must be false (not scored) or points, got true", parameter=key
                )
            if table.get(key) is False:
                table[key] = None
        if table.get("multiples", scoring.multiples) != "fixed" and "of_a_kind_points" not in table:
            table["of_a_kind_points"] = None
        try:
            scoring = replace(scoring, **table)
        except InvalidArgument as err:
            raise InvalidArgument(f"scoring: {err}", parameter=err.parameters) from None
    return replace(base, scoring=scoring, **data)
