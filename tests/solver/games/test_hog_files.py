"""Hog rules from a Python file: a copy of a semester's module is that semester, a file's rules
are named after it and keep their own table name."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from pigsolve.solver.games import hog_rules as semesters
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.hog_files import game_file, rules_from_file
from pigsolve.solver.hog.solve import solve
from pigsolve.solver.hog.table import compute_command, default_path
from pigsolve.solver.registry import family_of_game, game

GOAL = 20


def copy_of(rule_set: str, folder: Path) -> Path:
    """Return a copy of the rule set's module as a rules file of the same name in ``folder``."""
    path = folder / f"{rule_set}.py"
    shutil.copy(semesters.module(rule_set).__file__, path)
    return path


def test_a_copy_of_fa21_is_fa21_to_the_last_bit(tmp_path: Path) -> None:
    mine = rules_from_file(str(copy_of("fa21", tmp_path)), GOAL)
    built_in = hog_rules("fa21", GOAL)
    tables = lambda rules: (rules.scores.top, *rules.scores.arrays)  # noqa: E731
    assert all(np.array_equal(a, b) for a, b in zip(tables(mine), tables(built_in), strict=True))
    ours, theirs = solve(mine), solve(built_in)
    assert np.array_equal(ours.values, theirs.values)
    assert np.array_equal(ours.policy, theirs.policy)


def test_a_copy_of_a_semester_with_extra_turns_tabulates_them(tmp_path: Path) -> None:
    mine = rules_from_file(str(copy_of("sp21", tmp_path)), GOAL)
    extra = mine.scores.arrays[2]
    assert extra.any()
    assert np.array_equal(extra, hog_rules("sp21", GOAL).scores.arrays[2])


def test_rules_are_named_after_their_file_and_found_by_its_suffix(tmp_path: Path) -> None:
    path = copy_of("fa21", tmp_path)
    rules = game(str(path), goal=GOAL)
    assert rules.name == "fa21.py" and rules.from_file and not hog_rules("fa21").from_file
    assert family_of_game(str(path)).name == "hog"
    assert game_file(rules) == str(path)
    assert compute_command(rules) == f"pigsolve compute --game {path} --goal {GOAL}"


def test_two_files_of_one_name_do_not_share_a_table(tmp_path: Path) -> None:
    for folder, points in (("a", 1), ("b", 2)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "house.py").write_text(f"def zero_dice(s, o):\n    return {points}\n")
    first, second = (rules_from_file(str(tmp_path / f / "house.py"), GOAL) for f in "ab")
    assert default_path(first) != default_path(second)
    assert default_path(first).name.startswith("hog-house-")
    again = rules_from_file(str(tmp_path / "a" / "house.py"), GOAL)
    assert default_path(again) == default_path(first) and again == first


def test_a_rule_left_out_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bacon.py"
    path.write_text("def zero_dice(score, opponent_score):\n    return 1 + opponent_score % 10\n")
    rules = rules_from_file(str(path), 12)
    zero, after, extra = rules.scores.arrays
    assert zero[0, 11] == 2 and not extra.any()
    assert np.array_equal(after, np.repeat(np.arange(after.shape[0])[:, None], 12, axis=1))
    assert rules.scores.names == ("zero_dice", "", "")


@pytest.mark.parametrize("goal", [0, -3])
def test_a_goal_below_one_is_refused_before_the_file_runs(tmp_path: Path, goal: int) -> None:
    with pytest.raises(ValueError, match="goal must be an integer >= 1"):
        rules_from_file(str(tmp_path / "nowhere.py"), goal)
