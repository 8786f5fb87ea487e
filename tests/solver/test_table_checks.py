"""Tables are checked on load, before any answer: each damage an audit made (issue 30) is made
here with h5py in a temporary folder, and is refused in one line naming the file and `verify`."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import h5py
import numpy as np
import pytest

from pigsolve.solver.errors import TableError
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import big_pig, pass_the_pigs, two_dice
from pigsolve.solver.hog import table as hog_tables
from pigsolve.solver.hog.solve import solve as hog_solve
from pigsolve.solver.pig import paths as pig_paths
from pigsolve.solver.pig import table as pig_tables
from pigsolve.solver.pig.solve import solve
from pigsolve.solver.pig.verify import verify_table

RULES = PigRules(30, 6)
WAY_OUT = "shows the checks, pigsolve compute --force rewrites it"


@pytest.fixture(scope="module")
def solutions() -> dict[str, object]:
    return {
        "full": solve(RULES, full=True),
        "compact": solve(RULES, full=False),
        "three": solve(PigRules(12, 4, players=3)),
    }


def saved(solutions, tmp_path: Path, which: str = "full") -> Path:
    return pig_tables.save(solutions[which], tmp_path / f"{which}.h5")


def scale(factor: float) -> Callable[[h5py.File], None]:
    def damage(f: h5py.File) -> None:
        for name in ("start_values", "win_probability"):
            if name in f:
                f[name][...] = factor * f[name][()]

    return damage


def nan(f: h5py.File) -> None:
    f["start_values"][3, 4, 0] = np.nan


def other_die(f: h5py.File) -> None:
    """Say die 8 over the die-6 arrays (two players' rules in the JSON and the attribute)."""
    rules = json.loads(f.attrs["rules"])
    rules["die_sides"] = 8
    f.attrs["rules"] = json.dumps(rules)
    if "die_sides" in f.attrs:
        f.attrs["die_sides"] = 8


def sums(f: h5py.File) -> None:
    values = f["start_values"][()]
    values[5, 6, 1] -= 1e-6  # every value still a probability
    f["start_values"][...] = values


@pytest.mark.parametrize("which", ["full", "compact", "three"])
@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (nan, "values that are not finite numbers in start_values"),
        (scale(1.7), "values outside [0, 1]"),
        (scale(-1.0), "values outside [0, 1]"),
        (other_die, "break the Bellman equation of its rules"),
        (sums, "chances at a start sum to 1"),
    ],
)
def test_damaged_values_are_refused_naming_verify(solutions, tmp_path, which, damage, reason):
    path = saved(solutions, tmp_path, which)
    pig_tables.load(path)  # sound before
    with h5py.File(path, "r+") as f:
        damage(f)
    with pytest.raises(TableError) as caught:
        pig_tables.load(path)
    message = str(caught.value)
    assert message.startswith(f"{path} is damaged (") and reason in message
    assert f"pigsolve verify {path} {WAY_OUT}" in message and "\n" not in message
    checks = verify_table(pig_tables.load(path, checked=False))  # verify still reads it
    assert not all(check.passed for check in checks)


def test_a_small_file_declaring_a_huge_dataset_is_refused_before_reading(solutions, tmp_path):
    """Attributes of goal 10000 and a 2e8-element start_values of which nothing is stored."""
    path = saved(solutions, tmp_path, "compact")
    with h5py.File(path, "r+") as f:
        rules = json.loads(f.attrs["rules"]) | {"goal": 10_000}
        f.attrs["rules"], f.attrs["goal"] = json.dumps(rules), 10_000
        del f["start_values"]
        f.create_dataset("start_values", (10_000, 10_000, 2), np.float64, chunks=True)
    read = h5py.Dataset.__getitem__

    def no_big_read(self, key):
        assert self.size < 10**6, f"{self.name} read whole"
        return read(self, key)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(h5py.Dataset, "__getitem__", no_big_read)
        with pytest.raises(TableError, match=r"start_values declares 1,600,000,000 bytes but"):
            pig_tables.load(path)


@pytest.mark.parametrize(
    ("name", "data", "reason"),
    [
        ("start_values", np.zeros((30, 30, 2), np.int64), "start_values holds int64, not float"),
        ("start_values", np.zeros((31, 30, 2)), "start_values has shape (31, 30, 2), its rules"),
        ("roll", np.zeros((30, 30, 30)), "roll holds float64, not integers or flags"),
        ("mixed_turn_total", np.zeros(0), "mixed_turn_total holds float64, not integers"),
        ("mixed_roll_probability", np.zeros(0, "S3"), "mixed_roll_probability holds |S3"),
        ("win_probability", np.zeros((30, 30)), "win_probability has shape (30, 30), its rules"),
    ],
)
def test_a_wrong_shape_or_dtype_is_one_line(solutions, tmp_path, name, data, reason):
    path = saved(solutions, tmp_path)
    with h5py.File(path, "r+") as f:
        del f[name]
        f[name] = data
    with pytest.raises(TableError) as caught:
        pig_tables.load(path)
    assert f"is damaged (dataset {reason}" in str(caught.value)


@pytest.mark.parametrize(
    ("attr", "value"),
    [
        ("rules", "{not json"),
        ("rules", json.dumps([1, 2])),
        ("rules", json.dumps({"goal": "many"})),
        ("rules", json.dumps({"goal": 30, "players": -3})),
        ("rules", json.dumps({"goal": 10**40})),
        ("format_version", "two"),
        ("tolerance", "small"),
    ],
)
def test_malformed_attributes_are_one_line(solutions, tmp_path, attr, value):
    path = saved(solutions, tmp_path)
    with h5py.File(path, "r+") as f:
        f.attrs[attr] = value
    with pytest.raises(TableError, match=str(path)) as caught:
        pig_tables.load(path)
    assert "\n" not in str(caught.value) and "internal" not in str(caught.value)


def test_mixed_states_outside_the_table_are_refused(tmp_path):
    path = pig_tables.save(solve(PigRules(12, 4, players=3)), tmp_path / "t.h5")
    with h5py.File(path, "r+") as f:
        for name in ("mixed_scores", "mixed_turn_total", "mixed_roll_probability"):
            del f[name]
        f["mixed_scores"] = np.array([[0, 99, 0]])
        f["mixed_turn_total"] = np.array([1])
        f["mixed_roll_probability"] = np.array([0.5])
    with pytest.raises(TableError, match="mixed states outside the table"):
        pig_tables.load(path)


HOG = [hog_rules("fa16", goal=30), hog_rules("su20", goal=20)]  # su20's values reach 1 + 2e-16


@pytest.mark.parametrize("rules", HOG, ids=["fa16", "su20"])
@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda f: f["win_probability"].__setitem__((1, 2, 0, 0, 0), np.nan), "not finite"),
        (lambda f: f["win_probability"].__setitem__(..., -f["win_probability"][()]), "outside"),
        (lambda f: f["win_probability"].__setitem__(..., 0.9 * f["win_probability"][()]), "opt"),
        (lambda f: f["policy"].__setitem__((1, 2, 0, 0, 0), 99), "numbers of dice outside"),
        (lambda f: f.attrs.__setitem__("rules", "{not json"), "not a complete"),
        (
            lambda f: f.attrs.__setitem__("rules", json.dumps({"name": "fa16", "goal": 9})),
            "rules say",
        ),
    ],
)
def test_damaged_hog_tables_are_refused(tmp_path, rules, damage, reason):
    path = hog_tables.save(hog_solve(rules), tmp_path / "hog.h5")
    assert hog_tables.load(path).rules == rules  # sound before

    with h5py.File(path, "r+") as f:
        damage(f)
    with pytest.raises(TableError, match=reason) as caught:
        hog_tables.load(path)
    assert "\n" not in str(caught.value) and "pigsolve verify" not in str(caught.value)


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["query", "10", "20", "5", "--goal", "30", "--json"],
        ["info", "--goal", "30"],
        ["compare", "optimal", "hold20", "--goal", "30"],
    ],
)
def test_no_command_answers_from_a_damaged_table(solutions, pigsolve, args):
    """Exit 1 and one line naming verify, not NaN in JSON nor figures from the file."""
    path = pig_tables.save(solutions["full"], pig_paths.default_path(RULES))
    with h5py.File(path, "r+") as f:
        nan(f)
    done = pigsolve(*args)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip() == (
        f"error: {path} is damaged (values that are not finite numbers in start_values); "
        f"pigsolve verify {path} {WAY_OUT}"
    )
    verified = pigsolve("verify", str(path))
    assert verified.returncode == 1 and "0 <= P <= 1" in verified.stdout


@pytest.mark.parametrize(
    ("rules", "method", "tolerance"),
    [
        (PigRules(40, 6), "value-iteration", 1e-2),  # stopped short: a residual near 1e-5
        (PigRules(20, 2, piglet=True), "layered", None),
        (PigRules(20, outcomes=two_dice()), "layered", None),  # resets
        (PigRules(25, outcomes=pass_the_pigs()), "layered", None),  # blank rolls
        (PigRules(15, 4, players=4), "layered", None),
        (PigRules(12, players=3, outcomes=big_pig()), "layered", None),
    ],
    ids=["value-iteration", "piglet", "two-dice", "pass-the-pigs", "four-players", "big-pig-3"],
)
def test_sound_tables_of_every_kind_pass_the_load_checks(tmp_path, rules, method, tolerance):
    path = pig_tables.save(solve(rules, method, tolerance), tmp_path / "t.h5")
    assert pig_tables.load(path).rules == rules
