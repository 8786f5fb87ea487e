"""Exact evaluation of any number of players: the general kernel against the pair kernel, a
sparse linear solve over every state, the equilibrium's own table, and every seating compared."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

import numpy as np
import pytest
import scipy.sparse as sp
from scipy.sparse.linalg import spsolve

from pigsolve.policies import make_player
from pigsolve.policies.pig.best_response import solve_best_response
from pigsolve.policies.pig.optimal import OptimalPolicy
from pigsolve.solver import resources
from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.games.pig import PigRules, View
from pigsolve.solver.games.pig_outcomes import Effect, pass_the_pigs, two_dice
from pigsolve.solver.pig.evaluation.evaluate import compare, evaluate, run_layers
from pigsolve.solver.pig.evaluation.pair import evaluate_tables
from pigsolve.solver.pig.evaluation.seatings import compare_seatings
from pigsolve.solver.pig.seat_policy import SeatPolicy, seat_policies, threshold_seat
from pigsolve.solver.pig.solve import solve


class Table:
    """A player given by its roll table (e.g. the two-player optimal one)."""

    def __init__(self, name: str, roll: np.ndarray) -> None:
        self.name, self.roll = name, roll

    def table(self, rules: PigRules) -> np.ndarray:
        return self.roll

    def seat_policy(self, rules: PigRules) -> SeatPolicy:
        return threshold_seat(self.name, self.roll, rules)


class GreedyOptimal(OptimalPolicy):
    """The optimal player seated greedy on its values (the kernels then make its choices)."""

    def seat_policy(self, rules: PigRules) -> SeatPolicy:
        return self.optimal_table.greedy_seat(rules)


def player(name: str, rules: PigRules):
    if name == "optimal" and rules.players == 2:
        return Table(name, solve(rules).roll_array()[np.newaxis])
    return make_player(rules, name)


def roll_probability(someone, frame: tuple[int, ...], k: int, goal: int) -> float:
    """Ask the player itself, through its View (no kernel involved)."""
    view = View(frame[0], max(frame[1:]), k, goal, 0, frame[1:])
    if hasattr(someone, "roll_probability"):
        return float(someone.roll_probability(view))
    return float(someone.choose(view))


def reference_values(rules: PigRules, players: list) -> np.ndarray:
    """Return ``[m][s][j]`` by one sparse linear solve over every state (mover, scores, k),
    the roll read from the rules' outcome table (a reset zeroes the mover's score)."""
    goal, n = rules.goal, rules.players
    outcomes = [(float(o.probability), o.effect, o.points) for o in rules.roll_outcomes.outcomes]
    index = {}
    for m in range(n):
        for s in itertools.product(range(goal), repeat=n):
            for k in range(goal - s[m]):
                index[m, s, k] = len(index)
    rows, cols, vals = [], [], []
    rhs = np.zeros((len(index), n))

    def add(r: int, c: int, v: float) -> None:
        rows.append(r)
        cols.append(c)
        vals.append(v)

    for (m, s, k), r in index.items():
        frame = tuple(s[(m + t) % n] for t in range(n))
        q = 1.0 if k == 0 else roll_probability(players[m], frame, k, goal)
        following = (m + 1) % n
        add(r, r, 1.0)
        for p, effect, g in outcomes if q > 0 else ():
            if effect is Effect.pig:
                add(r, index[following, s, 0], -q * p)
            elif effect is Effect.reset:
                zeroed = tuple(0 if t == m else score for t, score in enumerate(s))
                add(r, index[following, zeroed, 0], -q * p)
            elif s[m] + k + g >= goal:
                rhs[r, m] += q * p
            else:
                add(r, index[m, s, k + g], -q * p)
        if q < 1:
            held = tuple(score + k * (t == m) for t, score in enumerate(s))
            add(r, index[following, held, 0], -(1 - q))
    matrix = sp.csc_matrix((vals, (rows, cols)), shape=(len(index), len(index)))
    x = spsolve(matrix, rhs)
    out = np.empty((n,) + (goal,) * n + (n,))
    for m in range(n):
        for s in itertools.product(range(goal), repeat=n):
            out[(m, *s)] = x[index[m, s, 0]]
    return out


@pytest.mark.parametrize(
    ("a", "b", "goal", "die", "piglet"),
    [
        ("hold20", "pace-race", 100, 6, False),
        ("optimal", "base-pace-race", 40, 6, False),
        ("hold7", "optimal", 25, 4, False),
        ("hold5", "hold9", 20, 3, True),
    ],
)
def test_the_general_kernel_agrees_with_the_pair_kernel(a, b, goal, die, piglet) -> None:
    """Two threshold tables: evaluate's fast path (the pair kernel) and the general kernel."""
    rules = PigRules(goal, die, piglet=piglet)
    x, y = player(a, rules), player(b, rules)
    values = run_layers(rules, seat_policies(rules, [x, y])).values.reshape(2, goal, goal, 2)
    w_x, w_y = evaluate_tables(rules, x.table(rules), y.table(rules))
    np.testing.assert_allclose(values[0][..., 0], w_x[..., 0, 0], rtol=0, atol=1e-13)
    np.testing.assert_allclose(values[1][..., 1], w_y[..., 0, 0].T, rtol=0, atol=1e-13)
    np.testing.assert_allclose(evaluate(rules, [x, y]).values, values, rtol=0, atol=1e-13)


@pytest.mark.parametrize(
    ("players", "goal", "die", "piglet"),
    [
        (2, 15, 4, False),
        (2, 14, 3, True),
        (3, 12, 4, False),
        pytest.param(3, 15, 6, False, marks=pytest.mark.slow),
        (3, 14, 3, True),
        (4, 8, 3, False),
        (4, 9, 2, True),
    ],
)
def test_any_number_of_players_agrees_with_a_sparse_linear_solve(
    players, goal, die, piglet, equilibrium_of
) -> None:
    rules = PigRules(goal, die, players=players, piglet=piglet)
    seated = [
        equilibrium_of(rules),
        make_player(rules, "hold4"),
        make_player(rules, "pace-race:4,2,9"),
        make_player(rules, "base-pace-race:3,1,8"),
    ]
    # two players: two threshold tables, the pair kernel
    seated = [seated[1], seated[2]] if players == 2 else seated[:players]
    if players == 3:  # and a best response, against the next two
        seated[2] = solve_best_response(rules, [seated[0], seated[1]])
    values = evaluate(rules, seated).values
    np.testing.assert_allclose(values, reference_values(rules, seated), rtol=0, atol=1e-10)
    np.testing.assert_allclose(values.sum(axis=-1), 1.0, rtol=0, atol=1e-12)


@pytest.mark.parametrize("game", [two_dice, pass_the_pigs], ids=["two-dice", "pass-the-pigs"])
def test_two_players_where_scores_fall(game) -> None:
    """Resets: the optimal player, a threshold player and a best response, two at a time."""
    rules = PigRules(12, outcomes=game())
    optimal = GreedyOptimal(solve(rules))
    hold = make_player(rules, "hold4")
    reply = solve_best_response(rules, [hold])
    for seated in ([optimal, hold], [reply, hold], [hold, optimal]):
        values = evaluate(rules, seated).values
        np.testing.assert_allclose(values, reference_values(rules, seated), rtol=0, atol=1e-12)


def test_a_die_of_any_faces(other_die) -> None:
    rules = replace(other_die(11, (0, 0, 1, 3, 4)), players=3)  # two pigs, no 2
    seated = [make_player(rules, name) for name in ("hold3", "hold5", "pace-race:4,2,7")]
    values = evaluate(rules, seated).values
    np.testing.assert_allclose(values, reference_values(rules, seated), rtol=0, atol=1e-10)


@pytest.mark.parametrize(
    ("players", "goal", "die", "piglet"),
    [(3, 25, 4, False), (3, 20, 6, False), (3, 16, 3, True), (4, 10, 4, False)],
)
def test_the_equilibrium_in_every_seat_reproduces_its_table(
    players, goal, die, piglet, equilibrium_of
) -> None:
    rules = PigRules(goal, die, players=players, piglet=piglet)
    eq = equilibrium_of(rules)
    table = eq.optimal_table.values
    if (goal, die) == (25, 4):
        assert len(eq.optimal_table.mixed) > 0  # the game without a pure equilibrium
    evaluation = evaluate(rules, [eq] * players)
    np.testing.assert_allclose(evaluation.values[0], table, rtol=0, atol=1e-12)
    start = table[(0,) * players]
    for first in range(players):
        np.testing.assert_allclose(
            evaluation.start(first), np.roll(start, first), rtol=0, atol=1e-12
        )


def test_turn_counting_players_are_refused_for_three_players() -> None:
    rules = PigRules(20, 6, players=3)
    seated = [make_player(rules, name) for name in ("four-turns", "hold5", "hold6")]
    with pytest.raises(InvalidArgument, match="simulate"):
        evaluate(rules, seated)
    with pytest.raises(InvalidArgument, match="3 players, one per seat"):
        evaluate(rules, seated[:2])


def test_four_players_at_goal_100_are_refused_before_allocating(monkeypatch) -> None:
    monkeypatch.setattr(resources, "physical_memory", lambda: 8 * resources.GIB)
    rules = PigRules(100, 6, players=4)
    hold = make_player(rules, "hold20")
    with pytest.raises(PigsolveError, match=r"needs about 1\d GiB of memory") as err:
        evaluate(rules, [hold] * 4)
    assert "\n" not in str(err.value)
    # the values alone are 8 N**2 G**N bytes: the goal named is the last that fits
    goal = int(re.search(r"the largest goal that fits is (\d+) \(--goal \1\)", str(err.value))[1])
    assert 60 < goal < 100 and "`pigsolve simulate` the same players" in str(err.value)


def test_every_seating_compared() -> None:
    rules = PigRules(20, 6, players=3)
    seated = [make_player(rules, name) for name in ("hold10", "hold15", "pace-race:9,4,15")]
    comparison = compare_seatings(rules, seated)
    assert comparison.names == ("hold10", "hold15", "pace-race:9,4,15")
    assert len(comparison.orders) == 6 == len(set(comparison.orders))
    np.testing.assert_allclose(comparison.probabilities.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    for seating, by_player in comparison.rows():
        order = [comparison.names.index(name) for name in seating]
        start = evaluate(rules, [seated[p] for p in order]).start()
        np.testing.assert_allclose([by_player[p] for p in order], start, rtol=0, atol=1e-13)
    assert comparison.average == pytest.approx(comparison.probabilities.mean(axis=0), abs=1e-15)
    assert comparison.as_dict()["average"] == comparison.average.tolist()


def test_two_seatings_of_two_players_are_the_two_player_comparison() -> None:
    rules = PigRules(30, 6)
    a, b = make_player(rules, "four-turns"), make_player(rules, "hold15")
    comparison = compare_seatings(rules, [a, b])  # four-turns counts: the pair kernel
    exact = compare(rules, a.table(rules), b.table(rules), "four-turns", "hold15")
    assert comparison.comparison() == exact  # the same pair kernel, to the last digit
    assert comparison.orders == ((0, 1), (1, 0))
    assert comparison.probabilities[:, 0] == pytest.approx(
        [exact.a_first, exact.b_first], abs=1e-12
    )
    assert comparison.average[0] == pytest.approx(exact.average, abs=1e-12)


def test_explicit_choices_take_the_pair_kernel_as_they_take_the_general_one() -> None:
    """A two-player best response (explicit choices) is unpacked into a table for the pair
    kernel; the general kernel reads its bits: the same values."""
    rules = PigRules(25, 5)
    hold = make_player(rules, "hold9")
    reply = solve_best_response(rules, [hold])
    fast = evaluate(rules, [reply, hold]).values
    general = run_layers(rules, seat_policies(rules, [reply, hold])).values
    np.testing.assert_allclose(fast, general.reshape(fast.shape), rtol=0, atol=1e-13)
    np.testing.assert_allclose(fast[0][0, 0], reply.start[0], rtol=0, atol=1e-13)
