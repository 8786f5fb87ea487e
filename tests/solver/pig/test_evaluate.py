"""Exact two-policy evaluation against a brute-force reference and published figures."""

from __future__ import annotations

import numpy as np
import pytest

from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.evaluation.evaluate import compare
from pigsolve.solver.pig.evaluation.pair import evaluate_tables
from pigsolve.solver.pig.seat_policy import check_roll_table
from pigsolve.solver.pig.solve import PigSolution, solve
from pigsolve.solver.results import Comparison


def first_mover_probabilities(
    rules: PigRules, roll_a: np.ndarray, roll_b: np.ndarray
) -> tuple[float, float]:
    """Return (P(A wins | A starts), P(A wins | B starts)) from :func:`compare`."""
    result = compare(rules, roll_a, roll_b)
    return result.a_first, result.b_first


def hold_at_table(goal: int, n: int) -> np.ndarray:
    """Return the (1, G, G, G) roll table of "hold at n or goal"."""
    k = np.arange(goal)
    i = np.arange(goal)[:, None]
    roll = ((k < n) & (i + k < goal)) | (k == 0)
    return np.broadcast_to(roll[None, :, None, :], (1, goal, goal, goal)).copy()


def brute_force(roll_x: np.ndarray, roll_y: np.ndarray, die: int) -> dict[tuple, float]:
    """Return W(mover, i, j, k, t_mover, t_other) by Gauss-Seidel value iteration, pure Python.

    Independent of the layered method: sweeps every state with no ordering argument until the
    largest change is below 1e-15.
    """
    goal = roll_x.shape[1]
    rolls = (roll_x.tolist(), roll_y.tolist())
    memory = (roll_x.shape[0], roll_y.shape[0])
    states = [
        (p, i, j, k, a, b)
        for p in (0, 1)
        for i in range(goal)
        for j in range(goal)
        for k in range(goal - i)
        for a in range(memory[p])
        for b in range(memory[1 - p])
    ]
    w = dict.fromkeys(states, 0.5)
    change = 1.0
    while change > 1e-15:
        change = 0.0
        for state in states:
            p, i, j, k, a, b = state
            if k == 0 or rolls[p][a][i][j][k]:
                total = 1.0 - w[1 - p, j, i, 0, b, a]
                for r in range(2, die + 1):
                    total += 1.0 if i + k + r >= goal else w[p, i, j, k + r, a, b]
                value = total / die
            else:
                value = 1.0 - w[1 - p, j, i + k, 0, b, min(a + 1, memory[p] - 1)]
            change = max(change, abs(value - w[state]))
            w[state] = value
    return w


def random_table(rng: np.random.Generator, memory: int, goal: int, p_roll: float) -> np.ndarray:
    """Return a random (memory, G, G, G) roll table that rolls at k = 0."""
    roll = rng.random((memory, goal, goal, goal)) < p_roll
    roll[..., 0] = True
    return roll


def turns_table(goal: int, turns: int) -> np.ndarray:
    """Return "hold at floor((G - i) / (turns - t))", the memory policy of document 001."""
    t = np.arange(turns)[:, None, None, None]
    i = np.arange(goal)[None, :, None, None]
    k = np.arange(goal)[None, None, None, :]
    roll = np.broadcast_to(k < (goal - i) // (turns - t), (turns, goal, goal, goal)).copy()
    roll[..., 0] = True
    return roll


PAIRS = {
    "hold3-hold5": (lambda rng, g: hold_at_table(g, 3), lambda rng, g: hold_at_table(g, 5)),
    "turns3-hold4": (lambda rng, g: turns_table(g, 3), lambda rng, g: hold_at_table(g, 4)),
    "random-memory": (
        lambda rng, g: random_table(rng, 2, g, 0.7),
        lambda rng, g: random_table(rng, 3, g, 0.6),
    ),
}
"""Pairs of roll-table makers ``(rng, goal) -> table``, by name."""
SLOW_PAIRS = {("random-memory", 2)}
"""The pair and die whose brute force takes seconds (the fast set keeps random memory on a d4)."""


@pytest.mark.parametrize(
    "make_x, make_y, die",
    [
        pytest.param(
            *pair, die, id=f"{name}-{die}", marks=[pytest.mark.slow] * ((name, die) in SLOW_PAIRS)
        )
        for die in (2, 4)
        for name, pair in PAIRS.items()
    ],
)
def test_layered_evaluation_matches_brute_force(make_x, make_y, die: int, rules_of) -> None:
    goal = 10
    rng = np.random.default_rng(4)
    roll_x, roll_y = make_x(rng, goal), make_y(rng, goal)
    w_x, w_y = evaluate_tables(rules_of(roll_x, die), roll_x, roll_y)
    reference = brute_force(roll_x, roll_y, die)
    for (p, i, j, k, a, b), value in reference.items():
        if k == 0:
            exact = w_x[i, j, a, b] if p == 0 else w_y[i, j, a, b]
            assert exact == pytest.approx(value, abs=1e-10), (p, i, j, a, b)


def test_hold20_against_itself_matches_neller(rules_of) -> None:
    # Neller's published first-mover advantage for "hold at 20 or goal" self-play: 0.5347.
    roll = hold_at_table(100, 20)
    a_first, b_first = first_mover_probabilities(rules_of(roll, 6), roll, roll)
    assert round(a_first, 4) == 0.5347
    assert a_first + b_first == pytest.approx(1.0, abs=1e-12)


def test_swapping_players_swaps_the_probabilities(rules_of) -> None:
    roll_a, roll_b = turns_table(60, 4), hold_at_table(60, 15)
    forward = Comparison(
        "a", "b", 60, 6, *first_mover_probabilities(rules_of(roll_a, 6), roll_a, roll_b)
    )
    backward = Comparison(
        "b", "a", 60, 6, *first_mover_probabilities(rules_of(roll_b, 6), roll_b, roll_a)
    )
    assert backward.a_first == pytest.approx(forward.swapped().a_first, abs=1e-12)
    assert backward.b_first == pytest.approx(forward.swapped().b_first, abs=1e-12)
    assert forward.a_first > forward.b_first  # moving first helps


def test_goal_one_is_won_by_the_first_roll_that_is_not_a_pig(rules_of) -> None:
    # w = (D - 1)/D + (1 - w)/D, so w = D/(D + 1) for the mover.
    roll = hold_at_table(1, 1)
    a_first, b_first = first_mover_probabilities(rules_of(roll, 6), roll, roll)
    assert a_first == pytest.approx(6 / 7, abs=1e-15)
    assert b_first == pytest.approx(1 / 7, abs=1e-15)


def test_comparison_json_keys() -> None:
    result = Comparison("optimal", "hold20", 100, 6, 0.6, 0.5)
    assert list(result.as_dict()) == ["a", "b", "goal", "die", "a_first", "b_first", "average"]
    assert result.average == pytest.approx(0.55, abs=1e-15)


def test_bad_tables_are_rejected() -> None:
    good = hold_at_table(10, 4)
    with pytest.raises(ValueError, match="expected"):
        check_roll_table(good[:, :5], 10)
    with pytest.raises(ValueError, match="dtype"):
        check_roll_table(good.astype(np.int8), 10)
    bad = good.copy()
    bad[0, 3, 2, 0] = False
    with pytest.raises(ValueError, match="turn total 0 in state t=0, i=3, j=2"):
        check_roll_table(bad, 10)
    with pytest.raises(ValueError, match="die sides must be an integer >= 2"):
        evaluate_tables(PigRules(10, 1), good, good)
    with pytest.raises(ValueError, match=r"expected \(memory, 12, 12, 12\)"):
        evaluate_tables(PigRules(12), good, good)


@pytest.fixture(scope="module")
def optimal() -> tuple[PigSolution, np.ndarray]:
    solution = solve(PigRules(goal=100, die_sides=6))
    return solution, solution.roll_array()[np.newaxis]


def test_optimal_against_itself_is_the_solvers_first_player_probability(optimal, rules_of) -> None:
    solution, roll = optimal
    a_first, b_first = first_mover_probabilities(rules_of(roll, 6), roll, roll)
    assert a_first == pytest.approx(solution.v0[0, 0], abs=1e-9)
    assert round(a_first, 4) == 0.5306  # Neller & Presser (2004)
    assert b_first == pytest.approx(1 - a_first, abs=1e-12)


def test_no_player_beats_the_optimal_value(optimal, rules_of) -> None:
    # Minimax: against the optimal player nobody wins more than P(0,0,0) when moving first, nor
    # more than 1 - P(0,0,0) when moving second; the optimal player wins at least that much.
    solution, roll = optimal
    v = solution.v0[0, 0]
    for other in (hold_at_table(100, 20), hold_at_table(100, 25), turns_table(100, 4)):
        other_first, other_second = first_mover_probabilities(rules_of(other, 6), other, roll)
        assert other_first < v and other_second < 1 - v
        optimal_first, optimal_second = first_mover_probabilities(rules_of(roll, 6), roll, other)
        assert optimal_first > v and optimal_second > 1 - v


def test_optimal_against_hold20(optimal, rules_of) -> None:
    # The minimax-optimal player; the 2004 paper's 58.74% / 47.76% are the best response's
    # (tests/test_paper_figures.py). Simulation agrees: tests/solver/pig/test_simulate.py.
    _, roll = optimal
    a_first, b_first = first_mover_probabilities(rules_of(roll, 6), roll, hold_at_table(100, 20))
    assert (round(a_first, 4), round(b_first, 4)) == (0.5715, 0.5083)


def test_other_faces_evaluate_as_they_solve(other_die) -> None:
    """The optimal player against itself wins P(0, 0, 0) moving first, for any die."""
    rules = other_die(15, (0, 5, 2))
    solution = solve(rules)
    roll = solution.roll_array()[np.newaxis]
    a_first, b_first = first_mover_probabilities(rules, roll, roll)
    assert a_first == pytest.approx(solution.p_first_player, abs=1e-12)
    assert b_first == pytest.approx(1 - solution.p_first_player, abs=1e-12)
