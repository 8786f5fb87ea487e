"""Farkle tables on disk: the round trip, the rules as JSON, the names, and every file that is
not the table asked refused in one line before an answer is read from it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import h5py
import numpy as np
import pytest

from pigsolve.solver.errors import InvalidArgument, MissingTable, TableError
from pigsolve.solver.farkle import table
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.states import values_shape
from pigsolve.solver.games.farkle import FACEBOOK_FARKLE, FARKLE, FarkleRules, Scoring
from pigsolve.solver.registry import require

RULES = FarkleRules(dice=3, goal=600)


@pytest.fixture(scope="module")
def solution() -> FarkleSolution:
    return solve(RULES)


@pytest.fixture
def saved(solution: FarkleSolution, tmp_path: Path) -> Path:
    return table.save(solution, tmp_path / "t.h5")


@pytest.mark.parametrize(
    "rules",
    [
        FARKLE,
        FACEBOOK_FARKLE,
        FarkleRules(dice=4, goal=3000, min_bank=300, hot_dice=False, last_turn=True),
        FarkleRules(scoring=Scoring(multiples="fixed", of_a_kind_points=(1000, 2000, 3000))),
        FarkleRules(scoring=Scoring(straight=2500, two_triplets=2500, single_five=100)),
    ],
)
def test_rules_round_trip_through_json(rules: FarkleRules) -> None:
    again = FarkleRules.from_json(rules.to_json())
    assert again == rules and hash(again) == hash(rules)


@pytest.mark.parametrize("text", ["", "{}", "[1, 2]", '{"dice": 7}', '{"scoring": {"x": 1}}'])
def test_json_that_is_not_rules_is_one_line(text: str) -> None:
    with pytest.raises(InvalidArgument) as err:
        FarkleRules.from_json(text)
    assert "\n" not in str(err.value)


def test_round_trip(solution: FarkleSolution, saved: Path) -> None:
    loaded = table.load(saved)
    assert loaded.rules == RULES
    np.testing.assert_array_equal(loaded.values, solution.values)
    assert loaded.values.shape == values_shape(RULES) == (12, 12)
    assert (loaded.method, loaded.num_iter) == (solution.method, solution.num_iter)
    assert (loaded.residual, loaded.seconds) == (solution.residual, solution.seconds)
    state, roll = ((100, 50), 150, 2), (1, 5)
    assert loaded.action_values(state, roll=roll) == solution.action_values(state, roll=roll)
    assert table.load_for(saved, RULES).rules == RULES
    with h5py.File(saved) as f:
        attrs = (f.attrs["kind"], f.attrs["rule_set"], f.attrs["goal"])
    assert attrs == ("farkle", table.rule_set_name(RULES), 600)


def test_default_paths_name_the_rule_set_and_the_goal() -> None:
    assert str(table.default_path(FARKLE)) == "data/farkle-farkle-goal10000.h5"
    facebook = replace(FACEBOOK_FARKLE, goal=5000)
    assert str(table.default_path(facebook)) == "data/farkle-facebook-farkle-goal5000.h5"
    custom = table.default_path(RULES).name
    assert custom.startswith("farkle-custom-") and custom.endswith("-goal600.h5")
    assert table.default_path(replace(RULES, goal=1000)).name == custom.replace("600", "1000")
    assert table.default_path(replace(RULES, min_bank=300)).name != custom


def test_other_rules_are_refused(saved: Path) -> None:
    with pytest.raises(TableError, match="holds the table of other Farkle rules") as err:
        table.load_for(saved, replace(RULES, goal=1000))
    assert "\n" not in str(err.value)


def test_a_missing_table_names_the_command(tmp_path: Path) -> None:
    with pytest.raises(MissingTable, match="pigsolve compute --game farkle --goal 1000"):
        require(tmp_path / "none.h5", replace(FARKLE, goal=1000))


def damage(path: Path, change) -> None:
    with h5py.File(path, "r+") as f:
        change(f)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda f: f["win_probability"].__setitem__((0, 0), 1.5), "values outside [0, 1]"),
        (lambda f: f["win_probability"].__setitem__((3, 4), np.nan), "not finite"),
        (lambda f: f["win_probability"].__setitem__((0, 0), 0.25), "optimality equation"),
        (lambda f: f.__delitem__("win_probability"), "no dataset win_probability"),
        (
            lambda f: (
                f.__delitem__("win_probability"),
                f.create_dataset("win_probability", data=np.zeros((5, 5))),
            ),
            "has shape (5, 5), its rules say (12, 12)",
        ),
        (lambda f: f.attrs.__setitem__("rules", "{not json"), "not Farkle rules"),
        (lambda f: f.attrs.__delitem__("method"), "not a complete farkle table"),
    ],
    ids=[
        "above 1",
        "nan",
        "off the equation",
        "no values",
        "wrong shape",
        "bad rules",
        "no method",
    ],
)
def test_a_damaged_table_is_refused_in_one_line(saved: Path, change, reason: str) -> None:
    damage(saved, change)
    with pytest.raises(TableError) as err:
        table.load(saved)
    message = str(err.value)
    assert "\n" not in message and reason in message, message
    assert message.startswith(f"{saved} is damaged")


def test_other_files_are_refused_in_one_line(tmp_path: Path, saved: Path) -> None:
    junk = tmp_path / "junk.h5"
    junk.write_bytes(b"not hdf5")
    with pytest.raises(TableError, match="not a readable HDF5 file"):
        table.load(junk)
    damage(saved, lambda f: f.attrs.__setitem__("kind", "hog"))
    with pytest.raises(TableError, match="holds a hog table, not a farkle table"):
        table.load(saved)


def test_a_table_is_written_once_without_force(solution: FarkleSolution, saved: Path) -> None:
    with pytest.raises(TableError, match="already exists"):
        table.save(solution, saved)
    assert table.save(solution, saved, force=True) == saved
