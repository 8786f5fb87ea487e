"""The last round for fixed players: the exact evaluation and the best reply against the solver,
a plain iteration of threshold players and the games; a level last round is a draw."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest

from pigsolve.solver.dice import ListedDice
from pigsolve.solver.farkle.best_response import best_response
from pigsolve.solver.farkle.evaluate import compare_tables, evaluate, evaluate_tables
from pigsolve.solver.farkle.last_round import last_turn_chances, optimal_last_turn
from pigsolve.solver.farkle.play import FarkleGame, FarklePlay, SolutionPlayer
from pigsolve.solver.farkle.policy import guided, max_score, thresholds
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.states import last_turn_values
from pigsolve.solver.farkle.words import Drawn
from pigsolve.solver.games.farkle import FACES, POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import keeps, rolls

SMALL = [
    FarkleRules(dice=3, goal=500, last_turn=True),
    FarkleRules(dice=2, goal=300, last_turn=True, min_bank=150, hot_dice=False),
    FarkleRules(dice=3, goal=500, last_turn=True, min_bank=100, entry=300),
]
IDS = ["3 dice", "min bank, no hot dice", "opening score"]


@pytest.mark.parametrize("rules", SMALL, ids=IDS)
def test_optimal_against_optimal_is_the_solvers_value(rules: FarkleRules) -> None:
    solution = solve(rules)
    optimal = guided(rules, solution.values, ceiling=solution.ceiling)
    x_a, x_b = evaluate_tables(rules, optimal, optimal)
    assert np.abs(x_a - solution.values).max() < 1e-12
    assert np.abs(x_b - solution.values).max() < 1e-12


@pytest.mark.parametrize("rules", SMALL, ids=IDS)
def test_the_best_reply_to_optimal_is_the_solvers_value(rules: FarkleRules) -> None:
    solution = solve(rules)
    reply = best_response(rules, guided(rules, solution.values, ceiling=solution.ceiling))
    assert reply.win_probability == pytest.approx(solution.p_first_player, abs=1e-12)
    assert reply.second == pytest.approx(1 - solution.p_first_player, abs=1e-12)


def test_the_best_reply_plays_back_its_value_and_beats_optimal() -> None:
    rules = SMALL[0]
    solution = solve(rules)
    optimal = guided(rules, solution.values, ceiling=solution.ceiling)
    for opponent in (thresholds(rules, (300,)), max_score(rules)):
        reply = best_response(rules, opponent)
        played = compare_tables(rules, reply.policy, opponent)
        assert played.a_first == pytest.approx(reply.win_probability, abs=1e-12)
        assert played.b_first == pytest.approx(reply.second, abs=1e-12)
        assert reply.win_probability >= compare_tables(rules, optimal, opponent).a_first - 1e-12


def test_the_optimal_last_turn_is_the_solvers() -> None:
    rules = FarkleRules(dice=3, goal=500, min_bank=100, last_turn=True)
    expected = last_turn_values(rules, 10, 10)
    assert np.array_equal(optimal_last_turn(rules, len(expected)), [expected, expected])


def test_a_threshold_player_banks_its_last_turn_by_its_table() -> None:
    """One die, 50 to tie: ``bank:50`` banks the 5 (a draw) where the optimal rolls on only
    when rolling is worth more; ``bank:100`` banks neither below 100: a 5 then rolls again."""
    rules = FarkleRules(dice=1, goal=100, last_turn=True)
    chances = [last_turn_chances(thresholds(rules, (t,)), 3)[1, 1] for t in (50, 100)]
    # A 1 (100) wins at once; a 5 ties: bank:50 draws, bank:100 rolls again (a 1 or a 5 wins).
    assert chances == pytest.approx([1 / 6 + 1 / 6 * 0.5, 1 / 6 + 1 / 6 * 1 / 3])


def plain_iteration(rules: FarkleRules, totals: tuple[int, int], sweeps: int = 3000) -> float:
    """Return A's chance, moving first, when A banks at ``totals[0]`` and B at ``totals[1]``
    points and both keep the most points (the more dice left at a tie), with the last round:
    a bank reaching the goal gives the other one turn, played by the same threshold (it banks
    a turn total that wins, and at its threshold even short of the target). A player at 0 banks
    only from the opening score, in its last turn too. Every state swept in place, every roll's
    keeps listed; nothing from the turn's arrays or the kernels."""
    goal, dice, min_bank = rules.goal // POINT_UNIT, rules.dice, rules.min_bank // POINT_UNIT
    entry = rules.least_bank(0) // POINT_UNIT
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

    def last_turn(m: int, d: int, least: int) -> float:
        """Player ``m``'s chance in its last turn needing ``d`` units to tie, banking from
        ``least`` on."""
        top, value = max(d + 1, least), {}
        for t in range(top - 1, -1, -1):
            for n in range(1, dice + 1):
                if t > 0 and t >= least and t >= limits[m]:
                    value[t, n] = 0.5 if t == d else 0.0
                    continue
                total = 0.0
                for ways, best in chosen[n]:
                    if best is not None:
                        u, left = t + best[0], best[1]
                        if left == 0 and not rules.hot_dice:
                            total += ways * (1.0 if u > d else 0.5 if u == d else 0.0)
                        else:
                            total += ways * (1.0 if u >= top else value[u, left or dice])
                value[t, n] = total / FACES**n
        return value[0, dice]

    most = max(t for t in limits) + goal + 40
    lasts = [
        [[last_turn(m, d, least) for d in range(most + goal)] for least in (entry, min_bank)]
        for m in (0, 1)
    ]
    x = [{}, {}]

    def banked(m: int, i: int, j: int, u: int) -> float:
        o = 1 - m
        if i + u >= goal:
            return 1.0 - lasts[o][min(j, 1)][i + u - j]
        return 1.0 - x[o].get((j, i + u, 0, dice), 0.5)

    for _ in range(sweeps):
        change = 0.0
        for m in (0, 1):
            for i in range(goal):
                for j in range(goal):
                    top, least = max(goal - i, min_bank), entry if i == 0 else min_bank
                    for t in range(top - 1, -1, -1):
                        for n in range(1, dice + 1):
                            if t > 0 and t >= least and t >= limits[m]:
                                v = banked(m, i, j, t)
                            else:
                                total = 0.0
                                for ways, best in chosen[n]:
                                    if best is None:
                                        total += ways * (1.0 - x[1 - m].get((j, i, 0, dice), 0.5))
                                        continue
                                    u, left = t + best[0], best[1]
                                    if (left == 0 and not rules.hot_dice) or u >= top:
                                        total += ways * banked(m, i, j, u)
                                    else:
                                        total += ways * x[m][(i, j, u, left or dice)]
                                v = total / FACES**n
                            change = max(change, abs(v - x[m].get((i, j, t, n), 0.0)))
                            x[m][(i, j, t, n)] = v
        if change < 1e-14:
            return x[0][(0, 0, 0, dice)]
    raise AssertionError("the iteration did not settle")


@pytest.mark.parametrize(
    ("rules", "totals"),
    [
        (FarkleRules(dice=2, goal=250, last_turn=True), (100, 200)),
        (FarkleRules(dice=3, goal=300, hot_dice=False, last_turn=True), (150, 50)),
        (FarkleRules(dice=2, goal=250, min_bank=100, last_turn=True), (0, 150)),
        (FarkleRules(dice=2, goal=250, min_bank=50, last_turn=True, entry=200), (100, 50)),
    ],
)
def test_thresholds_agree_with_a_plain_iteration(rules: FarkleRules, totals) -> None:
    a, b = (thresholds(rules, (total,)) for total in totals)
    assert evaluate(rules, [a, b])[0] == pytest.approx(plain_iteration(rules, totals), abs=1e-11)


@pytest.mark.slow
def test_three_dice_goal_1000_agrees_with_value_iteration(reference: ModuleType) -> None:
    """The issue's setting: the solver, and the exact evaluation of optimal against optimal,
    against the pure-Python value iteration (:mod:`reference`), ceiling 1,300."""
    rules = FarkleRules(dice=3, goal=1000, last_turn=True)
    expected = reference.value_iteration(rules, ceiling=1300)
    solution = solve(rules, ceiling=1300)
    worst = max(
        abs(p - solution.win_probability(((50 * i, 50 * j), 50 * t, n)))
        for (i, j, t, n), p in ((s, p) for s, p in expected.items() if s[0] != "last")
    )
    assert worst < 1e-9
    optimal = guided(rules, solution.values, ceiling=1300)
    first, _ = evaluate(rules, [optimal, optimal])
    assert first == pytest.approx(expected[(0, 0, 0, 3)], abs=1e-9)


def test_the_opening_score_holds_in_the_last_turn() -> None:
    """``bank:50`` needing 250 to tie: on the board it banks its first keep and loses (a roll
    makes at most 200); at 0 it may not bank below the opening score of 200, so a 1 and a 5
    (150, hot dice) roll on and may reach the target."""
    rules = FarkleRules(dice=2, goal=250, min_bank=50, last_turn=True, entry=200)
    at_zero, on_board = last_turn_chances(thresholds(rules, (50,)), 10)
    assert on_board[5] == 0.0 and at_zero[5] > 0.0
    plain = FarkleRules(dice=2, goal=250, min_bank=50, last_turn=True)
    with_entry = evaluate(rules, [thresholds(rules, (50,)), thresholds(rules, (100,))])
    assert with_entry != evaluate(plain, [thresholds(plain, (50,)), thresholds(plain, (100,))])


def test_a_level_last_round_is_a_draw() -> None:
    """One die, goal 200: seat 0 banks 200, seat 1 rolls two 1s and banks 200 too."""
    game = FarkleGame(FarkleRules(dice=1, goal=200, last_turn=True), ListedDice([1, 1, 1, 1]))
    game.start()
    game.apply("roll")
    game.apply("bank")
    game.apply("roll")
    assert game.apply("bank")[-1] == Drawn(0, (0, 1))
    assert game.over and game.winner is None and game.drawn == (0, 1)


@pytest.mark.parametrize("rules", [SMALL[0], SMALL[2]], ids=["3 dice", "opening score"])
def test_seeded_optimal_games_with_hints_play_the_last_round(rules: FarkleRules) -> None:
    """The optimal player and the hints answer every state, the last turns included."""
    solution = solve(rules)
    player, last_turns = SolutionPlayer(solution), 0
    for seed in range(8):
        play = FarklePlay(rules, np.random.default_rng(seed))
        play.game.start()
        while not play.game.over:
            best, values = play.advice(solution)
            assert best in play.legal() and set(values) == set(play.legal())
            action = player.choose(play.game.view)
            assert play.name(action) == best
            last_turns += max(play.game.scores) >= rules.goal
            play.game.apply(action)
    assert last_turns > 0


@pytest.mark.slow
def test_simulation_agrees_with_the_exact_evaluation() -> None:
    """Seeded games of the last round against the exact chances: |z| < 4 in both seatings."""
    from pigsolve.solver.farkle.simulate import simulate

    rules = FarkleRules(dice=3, goal=500, last_turn=True)
    solution = solve(rules)
    optimal = guided(rules, solution.values, ceiling=solution.ceiling)
    for players in ([thresholds(rules, (200,)), max_score(rules)], [optimal, max_score(rules)]):
        result = simulate(rules, players, 3000, seed=46)
        z_scores = result.z_scores(result.exact)
        assert max(abs(z) for z in z_scores.values()) < 4, z_scores
