"""Zombie Dice rules from a TOML file (``--game FILE.toml``): the boxed game (``base =
"zombie-dice"``) with the keys the file sets changed (:func:`zombie_rules_from_toml`)."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.game_files import check_keys, read_game_file
from pigsolve.solver.games.zombie import FILES, RULE_SETS, Die, ZombieRules

RULE_KEYS = ("base", *(f.name for f in fields(ZombieRules)))
DIE_KEYS = tuple(f.name for f in fields(Die))


def zombie_rules_from_toml(path: str | Path) -> ZombieRules:
    """Return the Zombie Dice rules in the TOML file at ``path``, e.g.::

        base = "zombie-dice"
        goal = 8
        finish = "last-turn"
        [[dice]]            # the cup, every colour (replaces the boxed dice)
        colour = "green"
        count = 6
        brains = 3
        feet = 2
        shotguns = 1

    Every error is one line naming the file and the key.
    """
    path = Path(path)
    data = read_game_file(path)
    try:
        rules = _rules(data)
    except InvalidArgument as err:
        raise InvalidArgument(f"{path}: {err}", parameter=err.parameters) from None
    except TypeError as err:
        raise InvalidArgument(f"{path}: {err}") from None
    FILES[rules] = str(path)
    return rules


def zombie_rules(game: str, **params: Any) -> ZombieRules:
    """Return the rule set ``game`` (or the TOML game file at ``game``) with ``params`` changed,
    remembering the file its rules came from (:data:`solver.games.zombie.FILES`).

    >>> zombie_rules("zombie-dice", goal=5).goal
    5
    """
    base = RULE_SETS[game] if game in RULE_SETS else zombie_rules_from_toml(game)
    rules = replace(base, **params)
    if base in FILES:
        FILES.setdefault(rules, FILES[base])
    return rules


def _rules(data: dict[str, Any]) -> ZombieRules:
    check_keys("", data, RULE_KEYS)
    name = data.pop("base", "zombie-dice")
    if name not in RULE_SETS:
        accepted = ", ".join(map(repr, RULE_SETS))
        raise InvalidArgument(f"base must be one of {accepted}, got {name!r}", parameter="base")
    if "dice" in data:
        dice = data.pop("dice")
        if not isinstance(dice, list) or not all(isinstance(die, dict) for die in dice):
            raise InvalidArgument("dice must be a list of tables ([[dice]])", parameter="dice")
        for number, die in enumerate(dice, 1):
            check_keys(f"dice #{number}: ", die, DIE_KEYS)
            missing = [key for key in DIE_KEYS if key not in die]
            if missing:
                raise InvalidArgument(
                    f"dice #{number}: missing {', '.join(missing)}", parameter="dice"
                )
        data["dice"] = tuple(Die(**die) for die in dice)
    return replace(RULE_SETS[name], **data)
