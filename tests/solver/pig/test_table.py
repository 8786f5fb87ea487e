"""Pig solutions on disk: the layout round-trips for any N, files of format version 1 (layouts
full, compact and equilibrium) are still read, and every kind of bad file gets a clear error."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import h5py
import numpy as np
import pytest

from pigsolve.solver.errors import TableError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import (
    Effect,
    Outcome,
    RollOutcomes,
    big_pig,
    pass_the_pigs,
    two_dice,
)
from pigsolve.solver.pig.paths import compute_command, default_path
from pigsolve.solver.pig.solve import solve
from pigsolve.solver.pig.table import FORMAT, load, save
from pigsolve.solver.pig.verify import verify_table
from pigsolve.solver.storage import MAGIC, atomic_write
from pigsolve.solver.tables import table_for

RULES = PigRules(30, 6)


@pytest.fixture(scope="module")
def full_solution():
    return solve(RULES, full=True)


@pytest.fixture
def full_path(tmp_path: Path, full_solution) -> Path:
    return save(full_solution, tmp_path / "full.h5")


def test_full_table_round_trips(full_path: Path, full_solution) -> None:
    table = load(full_path)
    assert table.rules == RULES and table.has_full_table
    np.testing.assert_array_equal(table.values, full_solution.values)
    np.testing.assert_array_equal(table.probabilities(), full_solution.probabilities())
    np.testing.assert_array_equal(table.roll_array(), full_solution.roll_array())
    required = {"goal", "die_sides", "method", "tolerance", "max_bellman_residual"}
    required |= {"p_first_player", "format_version", "pigsolve_version", "created"}
    assert required <= table.attrs.keys()
    assert table.attrs["format_version"] == FORMAT.version


def test_start_values_alone_answer_like_the_full_table(tmp_path: Path, full_solution) -> None:
    path = save(solve(RULES, full=False), tmp_path / "compact.h5")
    compact, full = load(path), full_solution
    assert not compact.has_full_table
    with h5py.File(path) as f:
        names = ["mixed_roll_probability", "mixed_scores", "mixed_turn_total", "start_values"]
        assert sorted(f) == names
    p = full.probabilities()
    for i, j, k in [(0, 0, 0), (3, 7, 12), (29, 0, 0), (10, 20, 19), (15, 15, 14)]:
        assert compact.win_probability(i, j, k) == pytest.approx(p[i, j, k], abs=1e-15)
        assert compact.should_roll(i, j, k) == full.roll_array()[i, j, k]
    np.testing.assert_array_equal(compact.roll_array(), full.roll_array())
    np.testing.assert_allclose(compact.probabilities(), p, atol=1e-15)
    assert all(check.passed for check in verify_table(compact))


def test_rows_rebuild_the_table_and_action_values(full_path: Path, full_solution) -> None:
    table = load(full_path)
    p = full_solution.probabilities()
    row = solve(RULES, full=False).row((4, 9))
    np.testing.assert_allclose(row.value[:, 0], p[4, 9, :26], atol=1e-15)
    np.testing.assert_allclose(row.value[:, 1], 1 - p[4, 9, :26], atol=1e-15)
    p_roll, p_hold = row.roll[:, 0], row.hold[:, 0]
    assert table.action_values(4, 9, 0) == {"roll": pytest.approx(p_roll[0], abs=1e-15)}
    assert table.action_values(4, 9, 6) == {
        "roll": pytest.approx(p_roll[6], abs=1e-15),
        "hold": pytest.approx(p_hold[6], abs=1e-15),
    }
    # The same by the rules' equations, written out: rolling 2..6 or a pig, holding 6.
    p_roll6 = (1 - p[9, 4, 0] + sum(p[4, 9, 6 + r] for r in range(2, 7))) / 6
    assert table.action_values(4, 9, 6)["roll"] == pytest.approx(p_roll6, abs=1e-15)
    assert table.action_values(4, 9, 6)["hold"] == pytest.approx(1 - p[9, 10, 0], abs=1e-15)


def test_states_outside_the_table_are_rejected(full_path: Path) -> None:
    table = load(full_path)
    for state in [(30, 0, 0), (0, -1, 0), (0, 0, 30)]:
        with pytest.raises(ValueError, match="outside the goal-30 table"):
            table.win_probability(*state)


def test_verify_passes_a_good_table_and_catches_a_tampered_one(full_path: Path) -> None:
    assert all(check.passed for check in verify_table(load(full_path)))
    with h5py.File(full_path, "r+") as f:
        f["win_probability"][5, 5, 5] += 0.01
    checks = verify_table(load(full_path, checked=False))  # the load checks refuse it now
    failed = {check.name for check in checks if not check.passed}
    assert "Bellman residual" in failed


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(TableError, match=r"no table at .*pigsolve compute"):
        load(tmp_path / "nothing.h5")


def test_not_an_hdf5_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.h5"
    path.write_text("hello")
    with pytest.raises(TableError, match="not a readable HDF5 file"):
        load(path)


def test_hdf5_file_that_is_not_a_pigsolve_table(tmp_path: Path) -> None:
    path = tmp_path / "other.h5"
    with h5py.File(path, "w") as f:
        f["x"] = np.zeros(3)
    with pytest.raises(TableError, match="not a pigsolve table"):
        load(path)


def test_unknown_format_version(full_path: Path) -> None:
    with h5py.File(full_path, "r+") as f:
        f.attrs["format_version"] = FORMAT.version + 1
    refused = "format version 4; this pigsolve reads versions 1, 2 or 3"
    with pytest.raises(TableError, match=refused):
        load(full_path)


def test_table_of_another_kind(full_path: Path) -> None:
    with h5py.File(full_path, "r+") as f:
        f.attrs["kind"] = "hog"
    with pytest.raises(TableError, match="holds a hog table, not a pig table"):
        load(full_path)


def test_truncated_file(full_path: Path) -> None:
    data = full_path.read_bytes()
    full_path.write_bytes(data[: len(data) // 2])
    with pytest.raises(TableError):
        load(full_path)


def test_corrupted_data(full_path: Path) -> None:
    with h5py.File(full_path, "r") as f:
        offset = f["win_probability"].id.get_offset()
    # Only chunked datasets have no single offset; then corrupt the middle of the file instead.
    data = bytearray(full_path.read_bytes())
    start = offset if offset is not None else len(data) // 2
    data[start : start + 4096] = bytes(4096)
    full_path.write_bytes(bytes(data))
    with pytest.raises(TableError, match=r"damaged|not a readable"):
        load(full_path)


def test_missing_dataset(full_path: Path) -> None:
    with h5py.File(full_path, "r+") as f:
        del f["roll"]
    with pytest.raises(TableError, match="damaged"):
        load(full_path)


def test_existing_file_is_kept_without_force(full_path: Path, full_solution) -> None:
    before = full_path.read_bytes()
    with pytest.raises(TableError, match="already exists; pass force=True"):
        save(full_solution, full_path)
    assert full_path.read_bytes() == before


def test_failed_write_leaves_the_old_file_and_no_temporary(full_path: Path) -> None:
    before = full_path.read_bytes()

    def crash(tmp: Path) -> None:
        tmp.write_bytes(b"half a table")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        atomic_write(full_path, crash, force=True)
    assert full_path.read_bytes() == before
    assert sorted(p.name for p in full_path.parent.iterdir()) == ["full.h5"]


def test_load_or_compute_computes_once_and_announces(tmp_path: Path) -> None:
    rules = PigRules(12, 4)
    said: list[str] = []
    first = table_for(rules, announce=said.append)
    second = table_for(rules, announce=said.append)
    assert len(said) == 1 and "goal 12" in said[0]
    assert (tmp_path / default_path(rules)).exists()
    np.testing.assert_array_equal(first.v0, second.v0)
    with pytest.raises(TableError, match="holds the optimal table for goal 12"):
        table_for(PigRules(13, 4), path=default_path(rules))


def test_rules_are_stored_as_json_like_hog_tables(tmp_path: Path) -> None:
    """Pig tables kept their rules as loose attributes only, Hog tables as JSON."""
    import json

    table = table_for(PigRules(9, 4), path=tmp_path / "t.h5")
    assert json.loads(table.attrs["rules"]) == {
        "goal": 9,
        "die_sides": 4,
        "players": 2,
        "piglet": False,
        "faces": [0, 2, 3, 4],
    }


def write_version_1(path: Path, rules: PigRules, layout: str, datasets: dict) -> Path:
    """Write a table as pigsolve wrote format version 1 (layouts full, compact, equilibrium)."""
    import json

    with h5py.File(path, "w") as f:
        for name, data in datasets.items():
            f.create_dataset(name, data=data, compression="gzip", compression_opts=4, shuffle=True)
        f.attrs.update(
            {
                "rules": json.dumps(rules.as_json),
                "goal": rules.goal,
                "die_sides": rules.die_sides,
                "layout": layout,
                "method": "layered",
                "num_iter": 4,
                "p_first_player": float(datasets.get("p0", 0.0)),
                "solve_seconds": 0.5,
            }
        )
        f.attrs.update(
            {"format": MAGIC, "kind": "pig", "format_version": 1, "pigsolve_version": "0.9"}
        )
    return path


@pytest.mark.parametrize("layout", ["full", "compact"])
def test_two_player_files_of_format_version_1_are_read(
    tmp_path: Path, full_solution, layout: str
) -> None:
    p, roll = full_solution.probabilities(), full_solution.roll_array()
    if layout == "full":
        datasets = {"win_probability": p, "roll": roll.astype(np.uint8)}
    else:
        packed = np.packbits(roll, axis=2, bitorder="little")
        datasets = {"win_probability_k0": p[:, :, 0], "roll_packed": packed}
    path = write_version_1(tmp_path / f"{layout}.h5", RULES, layout, datasets)
    with h5py.File(path, "r+") as f:
        f.attrs["p_first_player"] = p[0, 0, 0]
    table = load(path)
    assert table.rules == RULES and table.has_full_table == (layout == "full")
    np.testing.assert_array_equal(table.values[..., 0], p[:, :, 0])
    np.testing.assert_array_equal(table.values[..., 1], 1 - p[:, :, 0])
    np.testing.assert_array_equal(table.roll_array(), roll)
    assert table.win_probability(3, 7, 12) == pytest.approx(p[3, 7, 12], abs=1e-15)
    assert all(check.passed for check in verify_table(table))


def test_equilibrium_files_of_format_version_1_are_read(tmp_path: Path) -> None:
    rules = PigRules(25, 4, players=3)
    solution = solve(rules)
    datasets = {
        "start_values": solution.values,
        "mixed_scores": solution.mixed.scores,
        "mixed_turn_total": solution.mixed.turn_total,
        "mixed_roll_probability": solution.mixed.roll_probability,
    }
    path = write_version_1(tmp_path / "eq.h5", rules, "equilibrium", datasets)
    with h5py.File(path, "r+") as f:
        f.attrs["p_first_player"] = solution.p_first_player
    table = load(path)
    assert table.rules == rules and len(table.mixed) == len(solution.mixed) > 0
    np.testing.assert_array_equal(table.values, solution.values)
    np.testing.assert_array_equal(table.mixed.roll_probability, solution.mixed.roll_probability)
    assert all(check.passed for check in verify_table(table))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_one_layout_round_trips_for_any_number_of_players(tmp_path: Path, players) -> None:
    rules = PigRules({2: 20, 3: 25, 4: 9}[players], 4, players=players)
    solution = solve(rules)
    table = load(save(solution, tmp_path / "t.h5"))
    assert table.rules == rules and table.attrs["players"] == players
    np.testing.assert_array_equal(table.values, solution.values)
    np.testing.assert_array_equal(table.mixed.scores, solution.mixed.scores)
    assert table.p_first_player == solution.p_first_player == table.attrs["p_first_player"]
    assert table.has_full_table == (players == 2)
    with h5py.File(tmp_path / "t.h5") as f:
        assert f["start_values"].compression is None  # written as it is, the fast way
    assert all(check.passed for check in verify_table(table))


@pytest.mark.parametrize(
    "outcomes",
    [two_dice(), big_pig(), pass_the_pigs(), pass_the_pigs(touching=Fraction(1, 50))],
    ids=["two-dice", "big-pig", "pass-the-pigs", "pass-the-pigs-other-counts"],
)
def test_a_game_of_the_family_round_trips_with_its_roll_outcomes(tmp_path: Path, outcomes) -> None:
    rules = PigRules(20, outcomes=outcomes)
    solution = solve(rules)
    table = load(save(solution, tmp_path / "t.h5"))
    assert table.rules == rules and hash(table.rules) == hash(rules)
    assert json.loads(table.attrs["rules"])["game"] == outcomes.as_json
    np.testing.assert_array_equal(table.values, solution.values)
    assert all(check.passed for check in verify_table(table))
    assert table_for(rules, path=tmp_path / "t.h5").rules == rules


def test_every_game_has_its_own_default_path(tmp_path: Path) -> None:
    same_name = RollOutcomes("lucky", (Outcome("one", Fraction(1, 2), Effect.pig),
                                    Outcome("six", Fraction(1, 2), Effect.add, 6)))  # fmt: skip
    other = RollOutcomes("lucky", (Outcome("one", Fraction(1, 3), Effect.pig),
                                Outcome("six", Fraction(2, 3), Effect.add, 6)))  # fmt: skip
    paths = {
        str(default_path(PigRules(100, outcomes=table)))
        for table in (two_dice(), big_pig(), pass_the_pigs(), same_name, other)
    }
    assert {
        "data/pig-two-dice-players2-goal100.h5",
        "data/pig-big-pig-players2-goal100.h5",
        "data/pig-pass-the-pigs-players2-goal100.h5",
    } < paths
    assert len(paths) == 5  # two files of one name do not share a table
    assert str(default_path(PigRules(100))) == "data/pig-players2-goal100-die6.h5"
    rules = PigRules(30, players=3, outcomes=big_pig())
    assert compute_command(rules) == "pigsolve compute --game big-pig --goal 30 --players 3"
    save(solve(rules), tmp_path / "t.h5")
    with pytest.raises(
        TableError,
        match="for big-pig, 3 players, goal 30, not the optimal table for two-dice",
    ):
        table_for(PigRules(30, outcomes=two_dice()), path=tmp_path / "t.h5")


def test_damaged_roll_outcomes_in_the_rules_are_a_table_error(tmp_path: Path) -> None:
    rules = PigRules(8, outcomes=two_dice())
    path = save(solve(rules), tmp_path / "t.h5")
    with h5py.File(path, "r+") as f:
        stored = json.loads(f.attrs["rules"])
        stored["game"]["outcomes"][0]["probability"] = "1/2"  # no longer sums to 1
        f.attrs["rules"] = json.dumps(stored)
    with pytest.raises(TableError, match=r"is damaged .*probabilities sum to"):
        load(path)
