"""The Farkle solver against a pure-Python value iteration over every state and keep, the
published komi, and the invariants; its solution's questions before and after a roll."""

from __future__ import annotations

import time
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.thresholds import bank_thresholds
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules, Scoring, farkle_rules
from pigsolve.solver.games.farkle_scoring import faces_of, keeps, rolls

FACEBOOK_SCORING = farkle_rules("facebook-farkle").scoring


def check_against_reference(rules: FarkleRules, reference: ModuleType) -> FarkleSolution:
    """Assert that ``solve(rules)`` agrees with the reference on every state before a roll."""
    expected = reference.value_iteration(rules)
    solution = solve(rules)
    goal, dice = rules.goal // POINT_UNIT, rules.dice
    start = np.array([[expected[(i, j, 0, dice)] for j in range(goal)] for i in range(goal)])
    np.testing.assert_allclose(solution.values, start, rtol=0, atol=1e-9)
    worst = max(
        abs(p - solution.win_probability(((50 * i, 50 * j), 50 * t, n)))
        for (i, j, t, n), p in expected.items()
    )
    assert worst < 1e-9
    assert solution.residual <= 1e-14
    return solution


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(FarkleRules(dice=3, goal=1000), marks=pytest.mark.slow),
        FarkleRules(dice=3, goal=500),
        FarkleRules(dice=2, goal=500),
    ],
    ids=["3 dice, goal 1000", "3 dice, goal 500", "2 dice, goal 500"],
)
def test_agrees_with_value_iteration(rules: FarkleRules, reference: ModuleType) -> None:
    """Every keep in the reference, the most points per dice left in the solver: the
    dominance the solver's turn relies on (solver.farkle.turn) is checked here."""
    check_against_reference(rules, reference)


@pytest.mark.parametrize(
    "rules",
    [
        FarkleRules(dice=3, goal=500, min_bank=200),
        FarkleRules(dice=3, goal=600, min_bank=150, hot_dice=False),
        FarkleRules(dice=2, goal=100, min_bank=300),  # banking wins only from 300
    ],
    ids=["min bank 200", "min bank 150, no hot dice", "min bank above the goal"],
)
def test_minimum_bank_agrees_with_value_iteration(
    rules: FarkleRules, reference: ModuleType
) -> None:
    check_against_reference(rules, reference)


@pytest.mark.slow
def test_four_of_a_kind_scoring_agrees_with_value_iteration(reference: ModuleType) -> None:
    """Doubling multiples make keeps of one number of dice score differently (four 5s: 1,000
    together, 550 as a triple and a single, 500 as a triple)."""
    check_against_reference(FarkleRules(dice=4, goal=400, scoring=FACEBOOK_SCORING), reference)


@pytest.mark.slow
def test_first_player_at_goal_10000() -> None:
    """Busche & Neller's rules: the first player's edge, and their fair compensation (komi) of
    200 points: of the second player's head starts, 200 brings the game nearest to even."""
    start = time.perf_counter()
    solution = solve(farkle_rules("farkle"))
    elapsed = time.perf_counter() - start
    print(f"P(0, 0) = {solution.p_first_player:.12f}, {elapsed:.1f} s ({solution!r})")
    assert 0.5 < solution.p_first_player < 0.6
    assert round(solution.p_first_player, 6) == 0.536953
    komi = np.argmin(np.abs(solution.values[0, :20] - 0.5)) * POINT_UNIT
    assert komi == 200
    assert solution.residual <= 1e-14
    # docs/how-to/farkle.md: at 0 against 5,000, bank from these totals with 1 to 6 dice
    found = bank_thresholds(solution, 5000)
    assert found.totals[0].tolist() == [450, 350, 700, 2800, 5850, 7350]


@pytest.fixture(scope="module")
def small() -> FarkleSolution:
    return solve(FarkleRules(dice=3, goal=600, min_bank=100))


def states(solution: FarkleSolution) -> list[tuple[tuple[int, int], int, int]]:
    """Return a spread of states of ``solution``'s game: turn totals up to past the goal."""
    rules = solution.rules
    scores = range(0, rules.goal, 150)
    return [
        ((i, j), t, n)
        for i in scores
        for j in scores
        for t in range(0, rules.goal + 200, 100)
        for n in range(1, rules.dice + 1)
    ]


def test_action_values_before_a_roll(small: FarkleSolution) -> None:
    """The best action's value is the state's; bank only where allowed."""
    for state in states(small):
        found = small.action_values(state)
        assert ("bank" in found) == (state[1] >= max(small.rules.min_bank, POINT_UNIT))
        assert max(found.values()) == small.win_probability(state)
        assert found[small.best_action(state)] == small.win_probability(state)


def test_rolling_is_worth_the_best_keep_of_each_roll(small: FarkleSolution) -> None:
    """A roll's value is the chance-weighted best of every keep of every roll (none pruned),
    a farkle worth the opponent's turn lost."""
    for state in states(small):
        (i, j), _, n = state
        farkle = 1.0 - small.win_probability(((j, i), 0, small.rules.dice))
        total = 0.0
        for counts, ways in rolls(n):
            found = small.action_values(state, roll=faces_of(counts))
            assert len(found) == len(keeps(counts, small.rules.scoring))
            total += ways * (max(found.values()) if found else farkle)
        assert total / 6**n == pytest.approx(small.action_values(state)["roll"], abs=1e-12)


def test_after_a_roll(small: FarkleSolution) -> None:
    """Keeps by their faces, each worth the next state before its roll; hot dice roll all."""
    state = ((0, 0), 0, 3)
    found = small.action_values(state, roll=(5, 1, 5))
    assert set(found) == {(1,), (5,), (1, 5), (5, 5), (1, 5, 5)}
    assert found[(1, 5)] == small.win_probability(((0, 0), 150, 1))
    assert found[(1, 5, 5)] == small.win_probability(((0, 0), 200, 3))  # hot dice
    assert small.best_action(state, roll=(5, 1, 5)) == max(found, key=found.get)
    assert small.action_values(state, roll=(2, 3, 4)) == {}
    assert small.best_action(state, roll=(2, 3, 4)) is None
    won = small.action_values(((500, 0), 50, 1), roll=(1,))  # keeping the 1 reaches the goal
    assert won == {(1,): 1.0}


def test_without_hot_dice_keeping_every_die_banks() -> None:
    solution = solve(FarkleRules(dice=2, goal=500, hot_dice=False))
    found = solution.action_values(((100, 200), 0, 2), roll=(1, 5))
    assert found[(1, 5)] == 1.0 - solution.values[4, 2 + 3]


def test_solution_repr_and_fields(small: FarkleSolution) -> None:
    text = repr(small)
    assert text.startswith("FarkleSolution(goal=600, dice=3") and len(text) < 200
    assert small.method == "layered" and small.num_iter >= 1 and small.seconds >= 0
    assert small.values.shape == (12, 12)
    assert small.win_probability(((0, 0), 0, 3)) == pytest.approx(small.p_first_player, abs=1e-14)
    assert small.win_probability(((550, 0), 100, 2)) == 1.0  # banking wins


@pytest.mark.parametrize(
    "state",
    [
        (0, 0),
        ((0, 0), 0),
        ((0, 25), 0, 3),
        ((0, 600), 0, 3),
        ((0, 0), -50, 3),
        ((0, 0), 0, 4),
        ((0, 0), 0, 0),
        ((0, 0), 0.0, 3),
        ((0, 0), True, 3),
    ],
)
def test_states_outside_the_game_are_refused(small: FarkleSolution, state: object) -> None:
    with pytest.raises(InvalidArgument):
        small.win_probability(state)


def test_rolls_of_the_wrong_size_are_refused(small: FarkleSolution) -> None:
    with pytest.raises(InvalidArgument, match="must show 3 dice"):
        small.action_values(((0, 0), 0, 3), roll=(1, 5))
    with pytest.raises(InvalidArgument):
        small.action_values(((0, 0), 0, 3), roll=(1, 5, 7))


def test_four_players_with_a_last_turn_are_refused() -> None:
    with pytest.raises(InvalidArgument, match="not solved with a last turn") as raised:
        solve(FarkleRules(dice=2, goal=500, players=4, last_turn=True))
    assert raised.value.parameter == "players"


RULES = st.builds(
    FarkleRules,
    dice=st.integers(1, 3),
    goal=st.integers(1, 12).map(lambda g: g * POINT_UNIT),
    scoring=st.sampled_from([Scoring(), Scoring(single_five=100, single_one=150)]),
    hot_dice=st.booleans(),
    min_bank=st.integers(0, 8).map(lambda m: m * POINT_UNIT),
)


@settings(max_examples=40, deadline=None)
@given(RULES)
def test_invariants(rules: FarkleRules) -> None:
    """Values are chances; more points of one's own never hurt, the opponent's never help;
    within a turn a larger total is never worse (the dominance of solver.farkle.turn); each
    turn rebuilt from the table gives back its start value (the Bellman residual, which the
    reported residual bounds)."""
    solution = solve(rules)
    p = solution.values
    assert ((p >= 0.0) & (p <= 1.0)).all()
    assert (np.diff(p, axis=0) >= -1e-12).all()  # nondecreasing in i
    assert (np.diff(p, axis=1) <= 1e-12).all()  # nonincreasing in j
    assert solution.residual <= 1e-14
    goal = rules.goal // POINT_UNIT
    for i in range(goal):
        for j in range(goal):
            value = solution.turn_rows((50 * i, 50 * j)).value
            assert (np.diff(value[:, 1:], axis=0) >= -1e-12).all()
            assert abs(value[0, rules.dice] - p[i, j]) <= max(solution.residual, 1e-15)
