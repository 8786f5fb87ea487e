"""The Hog semesters since Fall 2020, cross-checked by means other than the compiled pass.

docs/explanations/hog-semesters.md prints each rule set's figures; here they are played out on
the step-wise engine, the compiled pass is set beside the pure-Python reference, Spring 2022's
war of attrition is taken apart, and a chain of extra turns is valued by hand.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import pigsolve
from pigsolve.solver.dice import ListedDice
from pigsolve.solver.engine import HogGame, play
from pigsolve.solver.games.hog import HogState
from pigsolve.solver.games.hog_rules import RULE_SETS
from pigsolve.solver.hog.evaluate import evaluate
from pigsolve.solver.hog.reference import reference_solve
from pigsolve.solver.hog.simulate import simulate
from pigsolve.solver.hog.solve import (
    STALLS,
    HogSolution,
    outcome_probabilities,
    rule_tables,
    solve,
)
from pigsolve.solver.hog.stalls import wars
from pigsolve.solver.hog.verify import verify_table

FIGURES = {
    # rule set: first player's chance, opening dice; optimal against always6: A first, B first
    "fa20": (0.531915246142, 7, 0.696310, 0.636687),
    "sp21": (0.501635198422, 10, 0.727531, 0.723669),
    "su21": (0.523074451316, 3, 0.781891, 0.734421),
    "fa21": (0.534434726268, 6, 0.628952, 0.566550),
    "sp22": (0.516823451935, 2, 0.780407, 0.751250),
    "su22": (0.542198975250, 5, 0.651013, 0.570506),
    "fa22": (0.517357435145, 3, 0.717217, 0.661711),
    "su23": (0.568738330842, 2, 0.767395, 0.675499),
    "fa23": (0.569240345216, 4, 0.768779, 0.674531),
}
"""What ``pigsolve compute --game hog-X`` and ``pigsolve compare optimal always6 --game hog-X``
print, as the page shows them."""
WAR = (72, 75)
"""Spring 2022's war of attrition at goal 100: (behind, ahead)."""
WAR_CHANCES = {"leader": 0.5168234519, "trailer": 0.5168230514}
"""The first player's chance as ``pigsolve verify --game hog-sp22`` prints it, by who stalls."""
SP22 = pigsolve.game("hog-sp22")


def test_the_figures_cover_every_rule_set() -> None:
    assert tuple(FIGURES) == RULE_SETS


@pytest.mark.slow
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_optimal_against_always6_by_simulation(rule_set: str) -> None:
    """The page's figures are the exact values, and 4,000 seeded games on the step-wise engine
    agree with them within 4 standard errors (about 0.03 each seat)."""
    rules = pigsolve.game(f"hog-{rule_set}")
    first, opening, a_first, b_first = FIGURES[rule_set]
    solution = solve(rules)
    assert solution.p_first_player == pytest.approx(first, abs=5e-13)
    assert solution.opening_move == opening
    result = pigsolve.simulate(rules, ["optimal", "always6"], games=4000, seed=61)
    exact = result.exact
    assert (exact.a_first, exact.b_first) == pytest.approx((a_first, b_first), abs=5e-7)
    z = result.z_scores(exact)
    assert all(abs(value) < 4 for value in z.values()), z


@pytest.mark.parametrize(
    ("rule_set", "goal"),
    [(r, 12) for r in RULE_SETS] + [pytest.param(r, 30, marks=pytest.mark.slow) for r in RULE_SETS],
)
def test_compiled_pass_equals_the_pure_python_reference(rule_set: str, goal: int) -> None:
    rules = pigsolve.game(f"hog-{rule_set}", goal=goal)
    v, policy = reference_solve(rules)
    solution = solve(rules)
    np.testing.assert_allclose(solution.values, v, rtol=0, atol=1e-13)
    np.testing.assert_array_equal(solution.policy, policy)


def test_a_chain_of_extra_turns_valued_by_hand() -> None:
    """fa20, goal 100: A at 95 rolls one die against B at 98, who wins on any turn of its own
    (zero dice score at least 3). A's turns go on while A is 1 or 2 behind (Pig Pass) or at 98
    (Swine Align: gcd(98, 98) >= 10); a 1 scores 1 point (Pig Out), 99 hands B the turn.

    W(98) = 5/6; W(97) = 4/6 + W(98)/6; W(96) = 3/6 + (W(97) + W(98))/6;
    W(95) = 2/6 + (W(96) + W(97) + W(98))/6 = 953/1296.
    """
    rules = pigsolve.game("hog-fa20")
    one_die, zero_dice = np.ones(rules.shape, np.int8), np.zeros(rules.shape, np.int8)
    x_a, _, e_a, _ = evaluate(rules, one_die, zero_dice)
    sixth = Fraction(1, 6)
    w98 = 5 * sixth
    w97 = 4 * sixth + sixth * w98
    w96 = 3 * sixth + sixth * (w97 + w98)
    w95 = 2 * sixth + sixth * (w96 + w97 + w98)
    assert w95 == Fraction(953, 1296)
    for score, chance in ((95, w95), (96, w96), (97, w97), (98, w98)):
        assert x_a[score, 98, 0, 0, 0] == pytest.approx(float(chance), abs=1e-15)
    assert e_a.max() == 0.0
    # The chain itself: three extra turns in a row, then the win.
    game = HogGame(rules, ListedDice([1, 1, 1, 3]), start=HogState(95, 98))
    turns = []
    winner = play(game, [lambda state: 1, lambda state: 0], turns.append)
    assert winner == 0
    assert [(t.who, t.state.score) for t in turns] == [(0, 95), (0, 96), (0, 97), (0, 98)]


@pytest.fixture(scope="module")
def sp22_tables() -> dict[str, HogSolution]:
    """The two optimal tables of Spring 2022, by who stalls in the war."""
    return {stalls: solve(SP22, stalls) for stalls in STALLS}


@pytest.mark.slow
def test_the_war_of_spring_2022_and_its_two_tables(sp22_tables) -> None:
    """One war, at (72, 75); each table is an equilibrium there and passes verify, which prints
    the two chances; the leader's table is the one `pigsolve compute` writes."""
    for stalls, solution in sp22_tables.items():
        (war,) = wars(solution)
        assert (war.behind, war.ahead) == WAR
        assert war.rolls_behind + war.rolls_ahead < 1
        assert solution.p_first_player == pytest.approx(WAR_CHANCES[stalls], abs=5e-11)
        checks = verify_table(solution)
        assert all(check.passed for check in checks), checks
        detail = checks[-1].detail
        assert f"(72, 75); the first player's chance {WAR_CHANCES['leader']:.10f}" in detail
        assert f"this table: the {stalls} stalls" in detail
        # The staller wins 1 - (the other's chance by rolling); the roller takes its own.
        behind, ahead = solution.at(HogState(*WAR)), solution.at(HogState(*WAR[::-1]))
        if stalls == "leader":
            assert ahead == (pytest.approx(1 - war.rolls_behind, abs=1e-15), 0)
            assert behind[0] == pytest.approx(war.rolls_behind, abs=1e-15) and behind[1] > 0
        else:
            assert behind == (pytest.approx(1 - war.rolls_ahead, abs=1e-15), 0)
            assert ahead[0] == pytest.approx(war.rolls_ahead, abs=1e-15) and ahead[1] > 0
    assert sp22_tables["leader"].p_first_player == pytest.approx(FIGURES["sp22"][0], abs=5e-13)


@pytest.mark.slow
def test_optimal_self_play_always_ends(sp22_tables) -> None:
    """Whoever stalls, the other rolls: the exact probability of a game without end is 0."""
    for solution in sp22_tables.values():
        _, _, e_a, e_b = evaluate(SP22, solution.policy, solution.policy)
        assert e_a.max() == 0.0 and e_b.max() == 0.0


def toward_the_war() -> tuple[np.ndarray, np.ndarray]:
    """Return a policy with which both players steer for the war and both stall there, and
    the probability of reaching it from each state (mover's score, opponent's score).

    Its own backward pass over decreasing score sums, from the rule tables (sp22 has no extra
    turns): elsewhere zero dice are taken only when they score.
    """
    goal = SP22.goal
    zero, after, _ = rule_tables(SP22)
    rolled = outcome_probabilities(SP22)[0]  # [n, points], row 0 unused
    reach, policy = np.zeros((goal, goal)), np.zeros(SP22.shape, np.int8)
    for total in range(2 * goal - 2, -1, -1):
        for s in range(max(0, total - goal + 1), min(total, goal - 1) + 1):
            o = total - s
            if (s, o) in (WAR, WAR[::-1]):
                reach[s, o] = 1.0  # both stall: policy 0
                continue
            ends = after[s + np.arange(rolled.shape[1]), o, 0]
            values = rolled @ np.where(ends < goal, reach[o, np.minimum(ends, goal - 1)], 0.0)
            end = after[s + zero[s, o], o, 0]
            values[0] = -1.0 if zero[s, o] == 0 else reach[o, end] if end < goal else 0.0
            n = int(np.argmax(values))
            reach[s, o], policy[s, o] = values[n], n
    return policy, reach


@pytest.mark.slow
def test_two_players_who_both_stall_never_end() -> None:
    """Both stall at the war: from there the game never ends, and from 0-0 it never ends with
    the probability of reaching the war (0.64, steering for it). Simulation does not hang: it
    counts those games as won by neither, as the exact evaluation does."""
    policy, reach = toward_the_war()
    x_a, x_b, e_a, e_b = evaluate(SP22, policy, policy)
    for e in (e_a, e_b):
        assert e[WAR][0, 0, 0] == 1.0 and e[WAR[::-1]][0, 0, 0] == 1.0
        np.testing.assert_allclose(e[:, :, 0, 0, 0], reach, rtol=0, atol=1e-12)
    assert 0.6 < e_a[0, 0, 0, 0, 0] < 0.7
    # Both stalling at the war and rolling as before elsewhere: the war still never ends.
    stalling = solve(SP22).policy.copy()
    stalling[WAR], stalling[WAR[::-1]] = 0, 0
    _, _, e_war, _ = evaluate(SP22, stalling, stalling)
    assert e_war[WAR][0, 0, 0] == 1.0 and 0 < e_war[0, 0, 0, 0, 0] < 1e-3
    result = simulate(SP22, policy, policy, games=2000, seed=22)
    exact = result.exact
    assert exact.a_first == pytest.approx(x_a[0, 0, 0, 0, 0], abs=1e-15)
    assert exact.b_first == pytest.approx(1 - x_b[0, 0, 0, 0, 0] - e_b[0, 0, 0, 0, 0], abs=1e-15)
    z = result.z_scores(exact)
    assert all(abs(value) < 4 for value in z.values()), z
    # Counting a game without end as a win would put A's wins near 1,000 more.
    assert result.total.wins < 2000 * (1 - e_a[0, 0, 0, 0, 0])


@pytest.mark.slow
def test_the_reference_settles_a_war_as_the_leader_stalling() -> None:
    """At goal 47 Spring 2022 has one war, at (35, 36): the pure-Python value iteration, which
    sweeps each score sum from the highest mover's score down, lands on the leader's table."""
    rules = pigsolve.game("hog-sp22", goal=47)
    leader, trailer = (solve(rules, stalls) for stalls in STALLS)
    assert [(w.behind, w.ahead) for w in wars(leader)] == [(35, 36)]
    v, policy = reference_solve(rules)
    np.testing.assert_allclose(leader.values, v, rtol=0, atol=1e-13)
    np.testing.assert_array_equal(leader.policy, policy)
    assert trailer.policy[35, 36, 0, 0, 0] == 0 and policy[35, 36, 0, 0, 0] > 0
