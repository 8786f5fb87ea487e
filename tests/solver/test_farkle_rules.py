"""Farkle's rules as data: defaults, the two built-in rule sets, validation, a TOML game file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.farkle import (
    FACEBOOK_FARKLE,
    FARKLE,
    FarkleRules,
    Scoring,
    farkle_rules,
)
from pigsolve.solver.games.farkle_files import farkle_rules_from_toml

BASES = "'farkle', 'facebook-farkle', 'patch-farkle'"


def test_defaults_are_busche_and_neller() -> None:
    rules = FarkleRules()
    assert rules == FARKLE == farkle_rules("farkle")
    assert (rules.dice, rules.goal, rules.hot_dice, rules.min_bank) == (6, 10_000, True, 0)
    assert (rules.farkle_penalty, rules.last_turn, rules.players) == (0, False, 2)
    scoring = rules.scoring
    assert (scoring.single_one, scoring.single_five) == (100, 50)
    assert scoring.three_of_a_kind == (1000, 200, 300, 400, 500, 600)
    assert scoring.multiples == "none"
    extras = (scoring.straight, scoring.three_pairs, scoring.four_and_pair, scoring.two_triplets)
    assert extras == (None, None, None, None)


def test_facebook_farkle() -> None:
    rules = farkle_rules("facebook-farkle")
    assert rules is FACEBOOK_FARKLE
    scoring = rules.scoring
    assert (scoring.multiples, scoring.straight, scoring.three_pairs) == ("additive", 1500, 750)
    assert (scoring.four_and_pair, scoring.two_triplets) == (None, None)
    assert (rules.farkle_penalty, rules.min_bank, rules.goal, rules.last_turn) == (
        500,
        300,  # Busche's state count (docs/explanations/farkle.md §2.4)
        10_000,
        False,
    )


def test_rules_are_hashable_values() -> None:
    assert hash(FarkleRules()) == hash(FARKLE)
    assert Scoring(three_of_a_kind=[1000, 200, 300, 400, 500, 600]) == Scoring()  # a list is kept
    assert hash(Scoring(three_of_a_kind=[1000, 200, 300, 400, 500, 600]))  # as a tuple


@pytest.mark.parametrize(
    ("multiples", "extra", "points"),
    [
        ("none", {}, [1000, None, None, None]),
        ("doubling", {}, [1000, 2000, 4000, 8000]),
        ("additive", {}, [1000, 2000, 3000, 4000]),
        ("fixed", {"of_a_kind_points": (1000, 2000, 3000)}, [1000, 1000, 2000, 3000]),
    ],
)
def test_four_five_six_of_a_kind(multiples: str, extra: dict, points: list) -> None:
    scoring = Scoring(multiples=multiples, **extra)
    assert [scoring.of_a_kind(1, n) for n in (3, 4, 5, 6)] == points
    assert scoring.of_a_kind(3, 2) is None
    if multiples == "additive":  # Busche's page: four 3s 600, five 900, six 1200
        assert [scoring.of_a_kind(3, n) for n in (4, 5, 6)] == [600, 900, 1200]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"goal": 120}, "goal must be a positive multiple of 50, got 120"),
        ({"goal": 0}, "goal must be a positive multiple of 50, got 0"),
        ({"goal": True}, "goal must be a positive multiple of 50, got True"),
        ({"goal": 1000.0}, "goal must be a positive multiple of 50, got 1000.0"),
        ({"dice": 7}, "dice must be an integer from 1 to 6, got 7"),
        ({"dice": 0}, "dice must be an integer from 1 to 6, got 0"),
        ({"min_bank": -50}, "min_bank must be 0 or a positive multiple of 50, got -50"),
        ({"min_bank": 310}, "min_bank must be 0 or a positive multiple of 50, got 310"),
        ({"farkle_penalty": 25}, "farkle_penalty must be 0 or a positive multiple of 50, got 25"),
        ({"hot_dice": 1}, "hot_dice must be True or False, got 1"),
        ({"last_turn": "no"}, "last_turn must be True or False, got 'no'"),
        ({"players": 1}, "players must be an integer >= 2, got 1"),
        ({"scoring": "facebook"}, "scoring must be a Scoring, got 'facebook'"),
    ],
)
def test_bad_rules_name_the_parameter(change: dict, message: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        FarkleRules(**change)
    assert str(caught.value) == message
    assert caught.value.parameter == next(iter(change))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"single_one": 0}, "single_one must be a positive multiple of 50, got 0"),
        ({"single_five": 75}, "single_five must be a positive multiple of 50, got 75"),
        (
            {"three_of_a_kind": (1000, 200)},
            "three_of_a_kind must be 6 points (faces 1 to 6), got (1000, 200)",
        ),
        (
            {"three_of_a_kind": (1000, 200, 300, 400, 500, 650.0)},
            "three_of_a_kind must be a positive multiple of 50, got 650.0",
        ),
        (
            {"multiples": "tripling"},
            "multiples must be one of 'none', 'doubling', 'additive', 'fixed', got 'tripling'",
        ),
        (
            {"multiples": "fixed"},
            "of_a_kind_points must be 3 points (four, five, six of a kind), got None",
        ),
        (
            {"of_a_kind_points": (1000, 2000, 3000)},
            "of_a_kind_points goes with multiples='fixed', not 'none'",
        ),
        ({"straight": 0}, "straight must be None (not scored) or a positive multiple of 50, got 0"),
        (
            {"three_pairs": "750"},
            "three_pairs must be None (not scored) or a positive multiple of 50, got '750'",
        ),
        (
            {"four_and_pair_is_three_pairs": None},
            "four_and_pair_is_three_pairs must be True or False, got None",
        ),
    ],
)
def test_bad_scoring_names_the_parameter(change: dict, message: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        Scoring(**change)
    assert str(caught.value) == message
    assert message.startswith(caught.value.parameter)


def test_unknown_rule_set() -> None:
    with pytest.raises(InvalidArgument, match="unknown Farkle rule set 'zilch'; accepted: "):
        farkle_rules("zilch")


# A game file --------------------------------------------------------------------------------


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.toml"
    path.write_text(text)
    return path


def test_file_changes_its_base(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
        base = "facebook-farkle"
        goal = 5000
        min_bank = 300
        last_turn = true
        [scoring]
        two_triplets = 2500
        straight = false
        """,
    )
    rules = farkle_rules_from_toml(path)
    scoring = replace(FACEBOOK_FARKLE.scoring, two_triplets=2500, straight=None)
    assert rules == replace(
        FACEBOOK_FARKLE, goal=5000, min_bank=300, last_turn=True, scoring=scoring
    )


def test_empty_file_is_farkle(tmp_path: Path) -> None:
    assert farkle_rules_from_toml(write(tmp_path, "")) == FARKLE


def test_file_with_fixed_multiples(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
        [scoring]
        three_of_a_kind = [300, 200, 300, 400, 500, 600]
        multiples = "fixed"
        of_a_kind_points = [1000, 2000, 3000]
        """,
    )
    scoring = farkle_rules_from_toml(path).scoring
    assert scoring.of_a_kind_points == (1000, 2000, 3000)
    assert scoring.three_of_a_kind[0] == 300  # go-farkle's three 1s


def test_fixed_multiples_dropped_by_a_file(tmp_path: Path) -> None:
    base = replace(FARKLE, scoring=Scoring(multiples="fixed", of_a_kind_points=(1000, 2000, 3000)))
    assert base.scoring.of_a_kind_points == (1000, 2000, 3000)
    path = write(tmp_path, '[scoring]\nmultiples = "doubling"\n')
    assert farkle_rules_from_toml(path).scoring.of_a_kind_points is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("gaol = 5000", "unknown key 'gaol' (did you mean 'goal'?); known: base, dice, goal"),
        ('goal = "5000"', "goal must be a positive multiple of 50, got '5000'"),
        ("goal = 5000.0", "goal must be a positive multiple of 50, got 5000.0"),
        ("hot_dice = 1", "hot_dice must be True or False, got 1"),
        ('base = "zilch"', f"base must be one of {BASES}, got 'zilch'"),
        ("base = [1]", f"base must be one of {BASES}, got [1]"),
        ("scoring = 5", "scoring must be a table ([scoring]), got 5"),
        ("[scoring]\nstraigt = 1500", "scoring: unknown key 'straigt' (did you mean 'straight'?)"),
        ("[scoring]\nstraight = true", "scoring: straight must be false (not scored) or points"),
        ("[scoring]\nthree_pairs = 725", "scoring: three_pairs must be None (not scored) or a"),
        ("[scoring]\nmultiples = 2", "scoring: multiples must be one of 'none'"),
        ("[scoring]\nthree_of_a_kind = 1000", "scoring: three_of_a_kind must be 6 points"),
        ("goal = ", "is not valid TOML: "),
    ],
)
def test_file_errors_are_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(InvalidArgument) as caught:
        farkle_rules_from_toml(path)
    assert str(caught.value).startswith(str(path))
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match=r"no game file .*nothing\.toml"):
        farkle_rules_from_toml(tmp_path / "nothing.toml")


def test_folder_is_not_a_game_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match="is not a regular file"):
        farkle_rules_from_toml(tmp_path)
