"""The three-farkle penalty: the solver against the pure-Python value iteration with the farkle
counts, the floor's geometric convergence, the counts in the solution's states."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.states import values_shape
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules


@pytest.mark.parametrize(
    ("rules", "floor"),
    [
        (FarkleRules(dice=3, goal=300, farkle_penalty=100), -200),
        pytest.param(
            FarkleRules(dice=2, goal=400, farkle_penalty=250, min_bank=100),
            -300,
            marks=pytest.mark.slow,
        ),
    ],
    ids=[
        "3 dice, goal 300, penalty 100",
        "2 dice, goal 400, penalty 250, min bank 100",
    ],
)
def test_agrees_with_value_iteration(rules: FarkleRules, floor: int, reference: ModuleType) -> None:
    """Every state, every count: the layers and rounds against plain sweeps."""
    expected = reference.value_iteration(rules, floor=floor)
    solution = solve(rules, floor=floor)
    assert solution.values.shape == values_shape(rules, floor)
    worst = max(
        abs(p - solution.win_probability(((50 * i, 50 * j), 50 * t, n, (a, b))))
        for (i, j, t, n, a, b), p in expected.items()
    )
    assert worst < 1e-9
    assert solution.residual <= 1e-14
    assert solution.method == "layered rounds"


def test_floor_converges_geometrically() -> None:
    """Busche: the strategy "converge[s] exponentially ... as this bound on banked scores is
    lowered". Each step of 300 points down the floor changes P(0, 0) about 30 times less than
    the step before (measured: ratios 0.023 to 0.030)."""
    rules = FarkleRules(dice=3, goal=300, farkle_penalty=150)
    chances = [solve(rules, floor=floor).p_first_player for floor in (-150, -300, -450, -600)]
    changes = np.abs(np.diff(chances))
    print(chances, changes)
    assert (changes[1:] < 0.05 * changes[:-1]).all()
    assert changes[-1] < 1e-7


def test_penalty_hurts_and_counts_matter() -> None:
    """Two farkles in a row never help the mover and never hurt the mover's opponent; the
    counts are part of the state (a state without them has none)."""
    rules = FarkleRules(dice=3, goal=400, farkle_penalty=200)
    solution = solve(rules, floor=-400)
    p = solution.values
    assert (p[2] <= p[0] + 1e-12).all()  # the mover's count: 2 never better than 0
    assert (p[:, 2] >= p[:, 0] - 1e-12).all()  # the opponent's count: 2 never worse for the mover
    without = solve(FarkleRules(dice=3, goal=400))
    off = 8  # the index of a score of 0
    assert np.abs(p[0, 0, off:, off:] - without.values).max() > 1e-3
    state = ((0, 0), 0, 3)
    assert solution.win_probability(state) == solution.win_probability((*state, (0, 0)))
    # above the floor a third farkle costs points; at the floor (-400) it cannot
    assert solution.win_probability(((-200, 350), 0, 3, (2, 1))) < solution.win_probability(
        ((-200, 350), 0, 3, (0, 1))
    )
    floor = ((-400, 350), 0, 3)
    assert solution.win_probability((*floor, (2, 1))) == pytest.approx(
        solution.win_probability((*floor, (0, 1))), abs=1e-14
    )


def test_farkle_is_worth_the_next_state() -> None:
    """After a farkle the opponent moves with the mover's count one higher; on a third, the
    mover's score drops by the penalty (to no lower than the floor) and the count clears."""
    rules = FarkleRules(dice=2, goal=300, farkle_penalty=100)
    solution = solve(rules, floor=-100)
    found = solution.action_values(((0, 50), 0, 2, (1, 2)), roll=(2, 3))
    assert found == {}
    rows = solution.turn_rows((0, 50), (1, 2))
    assert rows.farkle == pytest.approx(1 - solution.win_probability(((50, 0), 0, 2, (2, 2))))
    rows = solution.turn_rows((0, 50), (2, 1))
    assert rows.farkle == pytest.approx(1 - solution.win_probability(((50, -100), 0, 2, (1, 0))))
    rows = solution.turn_rows((-100, 50), (2, 0))
    assert rows.farkle == pytest.approx(1 - solution.win_probability(((50, -100), 0, 2, (0, 0))))


@pytest.mark.parametrize(
    "state",
    [((-150, 0), 0, 2), ((0, 0), 0, 2, (3, 0)), ((0, 0), 0, 2, (0,)), ((0, 0), 0, 2, (0, -1))],
)
def test_states_outside_the_game_are_refused(state: object) -> None:
    solution = solve(FarkleRules(dice=2, goal=300, farkle_penalty=100), floor=-100)
    with pytest.raises(InvalidArgument):
        solution.win_probability(state)


def test_counts_are_refused_without_the_penalty() -> None:
    solution = solve(FarkleRules(dice=2, goal=300))
    with pytest.raises(InvalidArgument, match="must be 0 to 0"):
        solution.win_probability(((0, 0), 0, 2, (1, 0)))
    assert solution.floor == 0 and solution.values.shape == (6, 6)


@pytest.mark.parametrize("floor", [50, -75, 1.5, True])
def test_bad_floors_are_refused(floor: object) -> None:
    with pytest.raises(InvalidArgument) as raised:
        solve(FarkleRules(dice=2, goal=300, farkle_penalty=100), floor=floor)
    assert raised.value.parameter == "floor"


def test_values_shape() -> None:
    rules = FarkleRules(goal=10_000, farkle_penalty=500)
    assert values_shape(rules) == (3, 3, 250, 250)
    assert values_shape(rules, floor=0) == (3, 3, 200, 200)
    assert values_shape(FarkleRules(goal=10_000)) == (200, 200)
    assert POINT_UNIT == 50
