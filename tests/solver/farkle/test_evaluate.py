"""Exact evaluation of fixed Farkle players: against the solver, a plain iteration, each other."""

from __future__ import annotations

import numpy as np
import pytest

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.evaluate import compare, evaluate, evaluate_tables
from pigsolve.solver.farkle.policy import (
    guided,
    max_score,
    max_score_cap,
    most_points,
    thresholds,
)
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.turn import turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import keeps, rolls

SMALL = [
    FarkleRules(dice=2, goal=500),
    FarkleRules(dice=3, goal=400, hot_dice=False),
    FarkleRules(dice=3, goal=400, min_bank=150),
    FarkleRules(goal=1000),
]


@pytest.mark.parametrize("rules", SMALL)
def test_optimal_against_optimal_is_the_solvers_value(rules) -> None:
    solution = solve(rules)
    optimal = guided(rules, solution.values)
    x_a, x_b = evaluate_tables(rules, optimal, optimal)
    assert np.abs(x_a - solution.values).max() < 1e-12
    assert np.abs(x_b - solution.values).max() < 1e-12
    assert evaluate(rules, [optimal, optimal])[0] == pytest.approx(
        solution.p_first_player, abs=1e-12
    )


def test_optimal_against_optimal_in_parallel() -> None:
    """At goal 3,000 the solver and the evaluation both solve a sum's pairs in parallel
    (from :data:`solver.farkle.solve.PARALLEL_GOAL`); at 10,000 they agree too (0.0 apart)."""
    rules = FarkleRules(goal=3000)
    solution = solve(rules)
    optimal = guided(rules, solution.values)
    assert evaluate(rules, [optimal, optimal])[0] == pytest.approx(
        solution.p_first_player, abs=1e-12
    )


def iterate(rules: FarkleRules, totals: tuple[int, int], sweeps: int = 2000) -> float:
    """Return A's chance, moving first, when A banks at ``totals[0]`` and B at ``totals[1]``
    points and both keep the most points (the more dice left at a tie): plain value iteration
    over every state, every keep of every roll listed (nothing from the turn's arrays)."""
    goal, dice, min_bank = rules.goal // POINT_UNIT, rules.dice, rules.min_bank // POINT_UNIT
    limits = [total // POINT_UNIT for total in totals]
    chosen = {}
    for n in range(1, dice + 1):
        listed = []
        for counts, ways in rolls(n):
            found = [
                (points // POINT_UNIT, n - sum(kept))
                for kept, points in keeps(counts, rules.scoring)
            ]
            listed.append((ways, max(found) if found else None))
        chosen[n] = listed
    x = [dict(), dict()]

    def start(m: int, i: int, j: int) -> float:
        return x[m].get((i, j, 0, dice), 0.5)

    for _ in range(sweeps):
        change = 0.0
        for m in (0, 1):
            o = 1 - m
            for i in range(goal):
                for j in range(goal):
                    top = max(goal - i, min_bank)
                    for t in range(top - 1, -1, -1):
                        for n in range(1, dice + 1):
                            if t > 0 and t >= min_bank and t >= limits[m]:
                                v = 1.0 if i + t >= goal else 1.0 - start(o, j, i + t)
                            else:
                                total = 0.0
                                for ways, best in chosen[n]:
                                    if best is None:
                                        total += ways * (1.0 - start(o, j, i))
                                        continue
                                    p, left = best
                                    u = t + p
                                    if left == 0 and not rules.hot_dice:
                                        w = 1.0 if i + u >= goal else 1.0 - start(o, j, i + u)
                                    elif u >= top:
                                        w = 1.0
                                    else:
                                        w = x[m][(i, j, u, left or dice)]
                                    total += ways * w
                                v = total / 6**n
                            change = max(change, abs(v - x[m].get((i, j, t, n), 0.0)))
                            x[m][(i, j, t, n)] = v
        if change < 1e-14:
            return x[0][(0, 0, 0, dice)]
    raise AssertionError("the iteration did not settle")


@pytest.mark.parametrize(
    ("rules", "totals"),
    [
        (FarkleRules(dice=2, goal=250), (100, 200)),
        (FarkleRules(dice=3, goal=300, hot_dice=False), (150, 50)),
        (FarkleRules(dice=2, goal=250, min_bank=100), (0, 150)),
    ],
)
def test_thresholds_agree_with_a_plain_iteration(rules, totals) -> None:
    a, b = (thresholds(rules, (total,)) for total in totals)
    assert evaluate(rules, [a, b])[0] == pytest.approx(iterate(rules, totals), abs=1e-11)


@pytest.mark.parametrize("rules", SMALL)
def test_compare_is_both_orders_of_evaluate(rules) -> None:
    a, b = thresholds(rules, (300,)), max_score(rules)
    comparison = compare(rules, a, b)
    assert comparison.a_first == pytest.approx(evaluate(rules, [a, b])[0], abs=1e-12)
    assert comparison.b_first == pytest.approx(evaluate(rules, [b, a])[1], abs=1e-12)
    same = compare(rules, a, a)
    assert same.average == pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("rules", SMALL)
def test_nobody_beats_optimal(rules) -> None:
    optimal = guided(rules, solve(rules).values)
    for other in (thresholds(rules, (300,)), thresholds(rules, (0,)), max_score(rules)):
        assert compare(rules, other, optimal).average <= 0.5 + 1e-12


def test_most_points_keeps_the_most_points_then_the_most_dice() -> None:
    rules = FarkleRules()
    arrays = turn(rules)
    choose = most_points(arrays)
    for n in range(1, rules.dice + 1):
        for k in range(arrays.num_outcomes[n]):
            offered = [(int(p), left) for left, p in enumerate(arrays.points[n, k]) if p >= 0]
            assert (int(arrays.points[n, k, choose[n, k]]), int(choose[n, k])) == max(offered)


def test_max_score_banks_from_its_cap_and_keeps_one_1_of_a_poor_roll() -> None:
    rules = FarkleRules()
    policy = max_score(rules)
    cap = max_score_cap(rules)
    assert policy.bank.shape[0] == cap and policy.bank[cap - 1, 1:].all()
    assert not policy.bank[0].any()  # a turn total of 0 cannot be banked
    assert policy.action(((0, 0), 0, 6), (1, 5, 2, 2, 3, 4)) == (1,)
    assert policy.action(((0, 0), 300, 2)) == "bank" and policy.action(((0, 0), 300, 3)) == "roll"


def test_players_for_other_rules_are_refused() -> None:
    rules = FarkleRules(goal=1000)
    with pytest.raises(InvalidArgument, match="other rules"):
        evaluate(rules, [thresholds(FarkleRules(goal=500), (300,)), thresholds(rules, (300,))])
    with pytest.raises(InvalidArgument, match="2 players"):
        evaluate(rules, [thresholds(rules, (300,))])
    with pytest.raises(InvalidArgument, match="multiple of 50"):
        thresholds(rules, (120,))
