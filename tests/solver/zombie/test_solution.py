"""The Zombie Dice solution: its questions agree with the solve's values, a table survives the
disk and is checked before it is believed, verify re-solves every turn, and the ceiling does not
move a value."""

from __future__ import annotations

from pathlib import Path

import h5py
import numpy as np
import pytest

from pigsolve.solver import registry
from pigsolve.solver.errors import InvalidArgument, TableError
from pigsolve.solver.games.zombie import Die, ZombieRules
from pigsolve.solver.tables import load_for
from pigsolve.solver.zombie import table
from pigsolve.solver.zombie.solution import TurnState, ZombieSolution, solve
from pigsolve.solver.zombie.verify import bellman_residual, verify_table

SMALL = ZombieRules(
    dice=(Die("green", 3, 3, 2, 1), Die("yellow", 2, 2, 2, 2), Die("red", 2, 1, 2, 3)), goal=5
)
"""A cup of 7 dice to goal 5: every rule at work, solved in a moment."""


@pytest.fixture(scope="module")
def solution() -> ZombieSolution:
    return solve(SMALL)


def test_the_start_of_a_turn_is_its_first_roll(solution: ZombieSolution) -> None:
    assert solution.action_values(0, 0) == {"roll": pytest.approx(solution.p_first_player)}
    assert solution.action_values(0, 0, seat=2)["roll"] == pytest.approx(solution.second[0, 0])
    assert solution.best_action(2, 3) == "roll"


def test_after_a_roll_the_better_action_is_the_value(solution: ZombieSolution) -> None:
    for turn in (
        TurnState(2, "G", "GG", "R"),
        TurnState(1, "GY", "Y", "RR"),
        TurnState(4, "", "GGGY", ""),
    ):
        values = solution.action_values(1, 2, turn=turn)
        assert set(values) == {"roll", "stop"}
        assert solution.win_probability(1, 2, turn=turn) == max(values.values())
        best = solution.best_action(1, 2, turn=turn)
        assert values[best] == max(values.values())


def test_stopping_banks_the_brains(solution: ZombieSolution) -> None:
    """Stopping with b brains at (a, o) is worth the opponent's turn at (o, a + b) lost."""
    value = solution.action_values(1, 2, turn=TurnState(2, "G", "GG", "R"))["stop"]
    assert value == pytest.approx(1 - solution.second[2, 3], abs=1e-15)


def test_the_second_seat_stops_at_the_goal_and_wins(solution: ZombieSolution) -> None:
    assert solution.action_values(3, 4, seat=2, turn=TurnState(2, "", "GG", "R")) == {"stop": 1.0}


def test_a_last_turn_is_the_opponent_past_the_goal(solution: ZombieSolution) -> None:
    need = 6 - 2 + 1
    assert solution.win_probability(2, 6, seat=2) == pytest.approx(solution.ends.last_second[need])
    with pytest.raises(InvalidArgument, match="last turn"):
        solution.win_probability(2, 6, seat=1)  # the first seat has no last turn in a round


def test_a_tiebreaker_is_asked_by_its_kind(solution: ZombieSolution) -> None:
    assert solution.win_probability(0, 0, kind="tiebreak") == pytest.approx(solution.ends.tiebreak)
    second = solution.win_probability(0, 3, seat=2, kind="tiebreak")
    assert second == pytest.approx(solution.ends.last_second[4])


@pytest.mark.parametrize(
    "state, words",
    [
        ((0,), "2 numbers"),
        ((5, 0), "scores must be 0 to 4"),
        ((-1, 0), "scores must be 0 to 4"),
    ],
)
def test_a_wrong_state_is_one_line(solution: ZombieSolution, state: tuple, words: str) -> None:
    with pytest.raises(InvalidArgument, match=words):
        solution.win_probability(*state)


@pytest.mark.parametrize(
    "turn, words",
    [
        (TurnState(1, "X"), "colour initials"),
        (TurnState(1, "GGGG"), "at most 3"),
        (TurnState(1, "", "", "GRR"), "3 shotguns end the turn"),
        (TurnState(1, "", "GG"), "brains must count"),
        (TurnState(3, "", "GGGG"), "holds 3 green"),
    ],
)
def test_a_wrong_turn_is_one_line(solution: ZombieSolution, turn: TurnState, words: str) -> None:
    with pytest.raises(InvalidArgument, match=words):
        solution.action_values(0, 0, turn=turn)


def test_verify_re_solves_every_turn(solution: ZombieSolution) -> None:
    assert bellman_residual(solution) < 1e-14
    assert all(check.passed for check in verify_table(solution))
    broken = ZombieSolution(
        SMALL, solution.first + 1e-6, solution.second, solution.ends, solution.margin
    )
    assert not verify_table(broken)[0].passed


def test_a_table_round_trips(solution: ZombieSolution, tmp_path: Path) -> None:
    path = table.save(solution, tmp_path / "z.h5")
    loaded = table.load(path)
    assert loaded.rules == SMALL
    np.testing.assert_array_equal(loaded.first, solution.first)
    np.testing.assert_array_equal(loaded.second, solution.second)
    assert loaded.ends.tiebreak == solution.ends.tiebreak
    assert load_for(path, SMALL).p_first_player == solution.p_first_player
    with pytest.raises(TableError, match="holds the optimal Zombie Dice table for goal 5 "):
        load_for(path, ZombieRules())


def test_a_changed_value_is_refused(solution: ZombieSolution, tmp_path: Path) -> None:
    path = table.save(solution, tmp_path / "z.h5")
    with h5py.File(path, "r+") as f:
        f["first"][0, 0] = 0.25
    with pytest.raises(TableError, match="damaged"):
        table.load(path)


def test_a_missing_dataset_is_refused(solution: ZombieSolution, tmp_path: Path) -> None:
    path = table.save(solution, tmp_path / "z.h5")
    with h5py.File(path, "r+") as f:
        del f["second"]
    with pytest.raises(TableError, match="damaged"):
        table.load(path)


@pytest.mark.parametrize(
    "rules",
    [
        SMALL,
        ZombieRules(dice=SMALL.dice, goal=4, finish="last-turn"),
        ZombieRules(dice=SMALL.dice, goal=4, tiebreaker=False),
    ],
)
def test_the_ceiling_moves_no_value(rules: ZombieRules) -> None:
    low, high = solve(rules), solve(rules, margin=40)
    np.testing.assert_allclose(low.first, high.first, rtol=0, atol=1e-15)
    np.testing.assert_allclose(low.second, high.second, rtol=0, atol=1e-15)


def test_a_solve_too_large_says_the_largest_goal_that_fits() -> None:
    family = registry.family_named("zombie")
    needed = family.demands(ZombieRules()).memory
    below = family.demands(ZombieRules(goal=12)).memory
    assert below < needed
    said = family.fits(ZombieRules(), below)
    assert (
        said == "the largest goal that fits is 12: `pigsolve compute --game zombie-dice --goal 12`"
    )
    assert family.fits(ZombieRules(), 1) == "no goal fits"
