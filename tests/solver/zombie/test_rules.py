"""Zombie Dice's rules as data: the boxed game, a game file, and every wrong value refused in one
line naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.zombie import ZOMBIE_DICE, Die, ZombieRules, rule_set_name
from pigsolve.solver.games.zombie_files import zombie_rules


def test_the_boxed_game_is_the_rules_sheet() -> None:
    assert [(d.colour, d.count, d.brains, d.feet, d.shotguns) for d in ZOMBIE_DICE.dice] == [
        ("green", 6, 3, 2, 1),
        ("yellow", 4, 2, 2, 2),
        ("red", 3, 1, 2, 3),
    ]
    assert (ZOMBIE_DICE.cup, ZOMBIE_DICE.roll, ZOMBIE_DICE.shotguns, ZOMBIE_DICE.goal) == (
        13,
        3,
        3,
        13,
    )
    assert (ZOMBIE_DICE.finish, ZOMBIE_DICE.tiebreaker, ZOMBIE_DICE.players) == ("round", True, 2)
    assert ZombieRules.from_json(ZOMBIE_DICE.to_json()) == ZOMBIE_DICE


@pytest.mark.parametrize(
    "change, words",
    [
        ({"goal": 0}, "goal must be an integer from 1 to 100"),
        ({"goal": True}, "goal must be an integer"),
        ({"roll": 7}, "roll must be an integer from 1 to 6"),
        ({"shotguns": 0}, "shotguns must be an integer from 1 to 6"),
        ({"players": 3}, "players must be an integer from 2 to 2"),
        ({"finish": "sudden"}, "finish must be one of 'round', 'last-turn'"),
        ({"tiebreaker": "yes"}, "tiebreaker must be true or false"),
        ({"dice": (Die("green", 2, 3, 2, 1),)}, "at least roll \\+ shotguns - 1 = 5 dice"),
        ({"dice": (Die("green", 9, 0, 3, 3),)}, "no die shows a brain"),
        ({"dice": (Die("green", 6, 3, 2, 1), Die("grey", 6, 1, 1, 1))}, "different letters"),
        ({"dice": ()}, "1 to 4 colours"),
    ],
)
def test_a_wrong_rule_is_one_line(change: dict, words: str) -> None:
    with pytest.raises(InvalidArgument, match=words) as found:
        ZombieRules(**change)
    assert "\n" not in str(found.value)


@pytest.mark.parametrize(
    "die, words",
    [
        (("", 3, 1, 1, 1), "a short name"),
        (("blue", 0, 1, 1, 1), "needs a count and a side"),
        (("blue", 3, 0, 6, 0), "feet alone roll forever"),
        (("blue", 3, -1, 2, 2), "brains must be an integer from 0 to 100"),
    ],
)
def test_a_wrong_die_is_one_line(die: tuple, words: str) -> None:
    with pytest.raises(InvalidArgument, match=words):
        Die(*die)


def test_a_game_file_changes_the_boxed_game(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        'base = "zombie-dice"\ngoal = 8\nfinish = "last-turn"\n'
        '[[dice]]\ncolour = "green"\ncount = 8\nbrains = 3\nfeet = 2\nshotguns = 1\n'
    )
    rules = zombie_rules(str(path))
    assert (rules.goal, rules.finish, rules.cup) == (8, "last-turn", 8)
    assert rule_set_name(rules).startswith("custom-")
    assert zombie_rules(str(path), goal=5).goal == 5


@pytest.mark.parametrize(
    "text, words",
    [
        ("gaol = 8\n", "unknown key 'gaol' \\(did you mean 'goal'\\?\\)"),
        ('base = "farkle"\n', "base must be one of 'zombie-dice'"),
        ("dice = 3\n", "dice must be a list of tables"),
        ('[[dice]]\ncolour = "green"\ncount = 8\n', "dice #1: missing brains, feet, shotguns"),
        ('[[dice]]\ncolour = "green"\ncount = 8\nbrains = 3\nfeet = 2\nshotguns = 1\nsides = 6\n',
         "dice #1: unknown key 'sides'"),
        ("goal = 500\n", "goal must be an integer from 1 to 100"),
    ],
)  # fmt: skip
def test_a_wrong_game_file_is_one_line_naming_it(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(InvalidArgument, match=words) as found:
        zombie_rules(str(path))
    assert str(found.value).startswith(str(path)) and "\n" not in str(found.value)
