"""The Pig solvers against each other, a pure-Python reference, the paper and the invariants."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.pig.reference import value_iteration
from pigsolve.solver.pig.solve import solve


def reference_solve(rules: PigRules) -> np.ndarray:
    """Return the reference's full two-player table ``P[i, j, k]``."""
    return value_iteration(rules, tolerance=1e-13, full=True)[..., 0]


def numpy_residual(p: np.ndarray, sides: int) -> float:
    """Largest |P - max(P_roll, P_hold)| of a full table, written independently of the kernels."""
    goal = p.shape[0]
    i, j, k = np.ogrid[:goal, :goal, :goal]
    padded = np.concatenate([p, np.ones((goal, goal, sides + 1))], axis=2)
    for row in range(goal):  # values past the goal are won
        padded[row, :, goal - row :] = 1.0
    rolls = sum(padded[:, :, r : r + goal] for r in range(2, sides + 1))
    p_roll = (1.0 - p[:, :, 0].T[:, :, None] + rolls) / sides
    hold_index = np.minimum(i + k, goal - 1)
    p_hold = np.where(k >= 1, 1.0 - p[j, hold_index, 0], -1.0)
    best = np.where(i + k >= goal, 1.0, np.maximum(p_roll, p_hold))
    return float(np.abs(p - best).max())


@pytest.mark.parametrize(("players", "p_first_player"), [(2, 0.530593), (3, 0.365594)])
def test_first_player_at_goal_100(players: int, p_first_player: float) -> None:
    """The README's figures (two players: the paper's 0.5306), one solver for any N; four
    players (0.280640) take minutes and 3 GiB: `pigsolve compute --players 4` prints it."""
    assert round(solve(PigRules(100, players=players)).p_first_player, 6) == p_first_player


@pytest.fixture(scope="module")
def goal100():
    return solve(PigRules(100, 6))


def test_first_player_win_probability_matches_the_paper(goal100) -> None:
    # Neller & Presser (2004): P(0, 0, 0) = 0.5306 for goal 100 and a six-sided die.
    assert round(goal100.p_first_player, 4) == 0.5306


@pytest.mark.parametrize(
    ("goal", "sides"),
    [pytest.param(100, 6, marks=pytest.mark.slow), (37, 4), (37, 2), (20, 2), (15, 9), (1, 6)],
)
def test_layered_and_value_iteration_agree_on_every_state(goal: int, sides: int) -> None:
    rules = PigRules(goal, sides)
    layered = solve(rules, "layered")
    swept = solve(rules, "value-iteration", tolerance=1e-13)
    assert np.abs(layered.probabilities() - swept.probabilities()).max() < 1e-9
    assert layered.max_bellman_residual < 1e-12
    assert swept.max_bellman_residual < 1e-12


@settings(max_examples=15, deadline=None)
@given(goal=st.integers(1, 7), sides=st.integers(2, 5))
def test_layered_matches_the_pure_python_reference(goal: int, sides: int) -> None:
    rules = PigRules(goal, sides)
    assert np.abs(solve(rules).probabilities() - reference_solve(rules)).max() < 1e-10


@pytest.mark.parametrize(("goal", "sides"), [(100, 6), (37, 4), (12, 2)])
def test_bellman_residual_recomputed_with_numpy(goal: int, sides: int) -> None:
    solution = solve(PigRules(goal, sides))
    assert numpy_residual(solution.probabilities(), sides) < 1e-12


def test_roll_is_the_better_action(goal100) -> None:
    p, roll = goal100.probabilities(), goal100.roll_array()
    goal = 100
    for i, j, k in [(0, 0, 5), (0, 0, 25), (50, 60, 10), (90, 95, 9), (0, 99, 40)]:
        rolls = sum(p[i, j, k + r] if i + k + r < goal else 1 for r in range(2, 7))
        p_roll = (1 - p[j, i, 0] + rolls) / 6
        p_hold = 1 - p[j, i + k, 0]
        assert roll[i, j, k] == (p_roll > p_hold)
        assert p[i, j, k] == pytest.approx(max(p_roll, p_hold), abs=1e-15)


def test_probabilities_are_bounded_and_monotone(goal100) -> None:
    p = goal100.probabilities()
    assert p.min() >= 0 and p.max() <= 1
    assert (np.diff(p, axis=0) >= -1e-12).all()  # non-decreasing in i
    assert (np.diff(p, axis=1) <= 1e-12).all()  # non-increasing in j
    i, _, k = np.ogrid[:100, :100, :100]
    assert (p[np.broadcast_to(i + k >= 100, p.shape)] == 1).all()


def test_the_papers_qualitative_facts(goal100) -> None:
    roll = goal100.roll_array()
    # At i = 0 the optimal player never holds below 21, whatever the opponent's score.
    assert roll[0, :, 1:21].all()
    # At (78, 99, 20) it rolls: the opponent is about to win.
    assert roll[78, 99, 20]
    # A computer player never holds at k = 0, and nothing is decided in won states.
    assert roll[:, :, 0].all()
    assert not roll[99, :, 1:].any()


def test_without_the_full_table_rows_rebuild_the_same_choices() -> None:
    rules = PigRules(41, 6)
    full, compact = solve(rules, full=True), solve(rules, full=False)
    assert compact.full is None
    np.testing.assert_array_equal(full.v0, compact.v0)
    rebuilt = np.zeros((41, 41, 41), bool)
    for i, j in np.ndindex(41, 41):
        rebuilt[i, j, : 41 - i] = compact.row((i, j)).roll_probability == 1
    np.testing.assert_array_equal(rebuilt, full.roll_array())
    np.testing.assert_array_equal(compact.roll_array(), full.roll_array())


def test_policy_iteration_converges_in_few_solves(goal100) -> None:
    assert 1 <= goal100.num_iter <= 10


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"goal": 0}, "goal must be an integer >= 1"),
        ({"die_sides": 1}, "die sides must be an integer >= 2"),
        ({"goal": 2.5}, "goal must be an integer"),
    ],
)
def test_bad_rules_are_rejected(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        PigRules(**kwargs)


def test_bad_method_and_tolerance_are_rejected() -> None:
    with pytest.raises(ValueError, match="invalid method 'newton'"):
        solve(PigRules(5), "newton")
    with pytest.raises(ValueError, match="tolerance must be positive"):
        solve(PigRules(5), "value-iteration", tolerance=0.0)
    with pytest.raises(ValueError, match="value-iteration keeps the full table"):
        solve(PigRules(301), "vi")
    with pytest.raises(ValueError, match="value-iteration solves two players; 3 are solved by"):
        solve(PigRules(5, players=3), "vi")


def test_progress_is_reported_to_the_end() -> None:
    calls = []
    solve(PigRules(30), progress=lambda done, total: calls.append((done, total)))
    assert calls[-1][0] == calls[-1][1]
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)


def test_parallel_and_serial_pair_loops_agree() -> None:
    # Goals from PARALLEL_GOAL on spread each score sum's pairs over the cores.
    from pigsolve.solver.pig import _kernels

    goal = 60
    results = []
    for solve_sums in (_kernels._solve_sums, _kernels._solve_sums_parallel):
        v0, iterations = np.zeros((goal, goal)), np.zeros((goal, goal), np.int64)
        solve_sums(v0, 2 * goal - 2, 0, roll_counts(PigRules(goal)), np.zeros(goal), iterations)
        results.append(v0)
    np.testing.assert_array_equal(results[0], results[1])
    np.testing.assert_array_equal(results[0], solve(PigRules(goal)).v0)


def test_large_goal_keeps_only_the_start_values() -> None:
    solution = solve(PigRules(420, 6))
    assert solution.full is None and solution.values.shape == (420, 420, 2)
    assert solution.max_bellman_residual < 1e-12
    assert solution.num_iter < 10  # no pair cycles to the iteration cap
    assert 0.5 < solution.p_first_player < solve(PigRules(100)).p_first_player


@pytest.mark.parametrize(
    "faces",
    [(0, 1), (0, 0, 2, 3), (0, 1, 1, 3), (0, 5, 2)],
    ids=["piglet-coin", "two-pigs", "repeated-face", "gap-unsorted"],
)
def test_any_faces_solve_as_the_reference_does(faces: tuple[int, ...], other_die) -> None:
    """The kernels used to hard-wire "1 pigs, 2..D add": other dice are a parameter now."""
    rules = other_die(9, faces)
    expected = reference_solve(rules)
    for method in ("layered", "value-iteration"):
        solution = solve(rules, method)
        assert np.abs(solution.probabilities() - expected).max() < 1e-10, method
        assert solution.max_bellman_residual < 1e-12, method
