"""The last turn: the solver against the pure-Python value iteration with the opponent's last
turn, the tie rule by hand, the ceiling's convergence."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.states import last_turn_values
from pigsolve.solver.games.farkle import FarkleRules


@pytest.mark.parametrize(
    ("rules", "floor", "ceiling"),
    [
        pytest.param(FarkleRules(dice=3, goal=500, last_turn=True), 0, 800, marks=pytest.mark.slow),
        (FarkleRules(dice=3, goal=300, last_turn=True), 0, 500),
        (FarkleRules(dice=2, goal=300, last_turn=True, min_bank=150, hot_dice=False), 0, 500),
        (FarkleRules(dice=2, goal=300, last_turn=True, farkle_penalty=100), -100, 450),
    ],
    ids=["3 dice, goal 500", "3 dice, goal 300", "min bank 150, no hot dice", "with the penalty"],
)
def test_agrees_with_value_iteration(
    rules: FarkleRules, floor: int, ceiling: int, reference: ModuleType
) -> None:
    """Every state before a roll and every last turn's start."""
    expected = reference.value_iteration(rules, floor=floor, ceiling=ceiling)
    solution = solve(rules, floor=floor, ceiling=ceiling)
    last = last_turn_values(rules, 1, 1)
    worst = 0.0
    for state, p in expected.items():
        if state[0] == "last":
            _, d, t, n = state
            if t == 0 and n == rules.dice and d < last.shape[0]:
                worst = max(worst, abs(p - last[d]))
            continue
        i, j, t, n, *counts = state
        found = solution.win_probability(
            ((50 * i, 50 * j), 50 * t, n, *([counts] if counts else []))
        )
        worst = max(worst, abs(p - found))
    assert worst < 1e-9
    assert solution.residual <= 1e-14


def test_a_tie_is_half_a_win() -> None:
    """One die, 50 points to tie: a 1 (100) wins; a 5 ties, and then banking the draw (1/2)
    beats rolling again (a 1 or a 5 wins, 1/3): 1/6 + 1/6 * 1/2."""
    last = last_turn_values(FarkleRules(dice=1, goal=100, last_turn=True), 2, 2)
    assert last[1] == pytest.approx(0.25, abs=1e-15)
    assert (np.diff(last[1:]) <= 0).all()  # a larger lead is never easier to make up


def test_the_leader_rolls_on_past_the_goal() -> None:
    """Reaching the goal no longer wins at once: just past it, banking leaves the opponent a
    good chance, so the leader may roll on."""
    solution = solve(FarkleRules(dice=3, goal=500, last_turn=True))
    found = solution.action_values(((450, 450), 50, 3))
    assert found["bank"] < 0.5 < found["roll"]
    assert solution.ceiling == 500 + 10_000


def test_ceiling_converges() -> None:
    """Raising the ceiling changes P(0, 0) less and less, here not at all from 650 (3 dice):
    the leader never rolls on that far past the goal."""
    rules = FarkleRules(dice=3, goal=500, last_turn=True)
    chances = [solve(rules, ceiling=c).p_first_player for c in (550, 600, 650, 700, 1000)]
    changes = np.abs(np.diff(chances))
    assert changes[0] > changes[1] > 0
    assert (changes[2:] == 0).all()


@pytest.mark.parametrize("ceiling", [500, 250, 525])
def test_bad_ceilings_are_refused(ceiling: int) -> None:
    with pytest.raises(InvalidArgument) as raised:
        solve(FarkleRules(dice=2, goal=500, last_turn=True), ceiling=ceiling)
    assert raised.value.parameter == "ceiling"
