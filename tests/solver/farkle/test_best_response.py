"""The best reply to a fixed Farkle player: against the solver, a plain value iteration that asks
the opponent its every action, the exact evaluation, every fixed player, and its refusals."""

from __future__ import annotations

import numpy as np
import pytest

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.best_response import FarkleReply, best_response
from pigsolve.solver.farkle.evaluate import compare_tables, evaluate_tables
from pigsolve.solver.farkle.policy import FarklePolicy, guided, max_score, thresholds
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.games.farkle import FACES, POINT_UNIT, FarkleRules, farkle_rules
from pigsolve.solver.games.farkle_scoring import counts_of, faces_of, keeps, rolls


@pytest.mark.parametrize(
    "rules",
    [
        FarkleRules(dice=3, goal=1000),
        FarkleRules(dice=3, goal=600, min_bank=150, hot_dice=False),
        FarkleRules(goal=2000),  # the sums' pairs in parallel (PARALLEL_GOAL)
    ],
    ids=["3 dice, goal 1000", "min bank 150, no hot dice", "6 dice, goal 2000"],
)
def test_the_reply_to_the_optimal_player_is_the_solvers_value(rules: FarkleRules) -> None:
    """Optimal play is its own best reply in a zero-sum game of two: both tables are ``P``."""
    solution = solve(rules)
    reply = best_response(rules, guided(rules, solution.values))
    assert reply.win_probability == pytest.approx(solution.p_first_player, abs=1e-12)
    assert reply.second == pytest.approx(1.0 - solution.p_first_player, abs=1e-12)
    assert np.abs(reply.values - solution.values).max() < 1e-12
    assert np.abs(reply.opponent_values - solution.values).max() < 1e-12
    assert reply.residual <= 1e-14


def reply_iteration(
    rules: FarkleRules, opponent: FarklePolicy, tolerance: float = 1e-13, max_sweeps: int = 2000
) -> tuple[dict[tuple, float], dict[tuple, float]]:
    """Return ``(x, y)``: the replier's chance before every roll ``x[(i, j, t, n)]`` (its score
    first) and the opponent's ``y[(j, i, t, n)]`` (its own first), in units, by plain value
    iteration over every state. The replier takes the best of banking (``t > 0``, ``t >=
    min_bank``) and rolling, and after a roll the best of *every* legal keep; the opponent does
    what ``opponent.action`` says, asked once in every state and after every roll. A turn total
    of ``max(G - i, min_bank)`` wins; a keep of every die rolls them all again with hot dice,
    else banks. Nothing of the solver's but the scoring of a roll."""
    goal, dice, min_bank = rules.goal // POINT_UNIT, rules.dice, rules.min_bank // POINT_UNIT
    listed = {
        n: [
            (
                counts,
                ways,
                {kept: points // POINT_UNIT for kept, points in keeps(counts, rules.scoring)},
            )
            for counts, ways in rolls(n)
        ]
        for n in range(1, dice + 1)
    }

    def top(i: int) -> int:
        return max(goal - i, min_bank)

    def after(n: int, kept: tuple[int, ...]) -> int:
        """The dice to roll after keeping ``kept`` of ``n``, 0 where the turn banks."""
        left = n - sum(kept)
        return left or (dice if rules.hot_dice else 0)

    # The opponent's decisions: (j, i, t, n) -> banks?, (j, i, t, n, counts) -> (gain, dice).
    banks, chosen = {}, {}
    for j in range(goal):
        for i in range(goal):
            for t in range(top(j)):
                for n in range(1, dice + 1):
                    state = ((POINT_UNIT * j, POINT_UNIT * i), POINT_UNIT * t, n)
                    banks[(j, i, t, n)] = opponent.action(state) == "bank"
                    for counts, _, options in listed[n]:
                        if options:
                            kept = counts_of(opponent.action(state, faces_of(counts)))
                            chosen[(j, i, t, n, counts)] = (options[kept], after(n, kept))
    # Every state of both, the highest score sums and turn totals first (any order converges):
    # (replier moves?, mover's score, other's score, t, n).
    order = sorted(
        (
            (mine, a, b, t, n)
            for mine in (True, False)
            for a in range(goal)
            for b in range(goal)
            for t in range(top(a))
            for n in range(1, dice + 1)
        ),
        key=lambda s: (-(s[1] + s[2]), -s[3], s[4]),
    )
    x = {state[1:]: 0.5 for state in order}
    y = dict(x)

    def update(mine: dict, theirs: dict, i: int, j: int, t: int, n: int, fixed: bool) -> float:
        """Return the new value of the mover at ``(i, j, t, n)`` in ``mine`` (the other's start
        values in ``theirs``), deciding by the opponent's actions where ``fixed``."""

        def bank(u: int) -> float:
            return 1.0 if i + u >= goal else 1.0 - theirs[(j, i + u, 0, dice)]

        def go_on(u: int, m: int) -> float:
            return bank(u) if m == 0 or u >= top(i) else mine[(i, j, u, m)]

        if t > 0 and t >= min_bank and fixed and banks[(i, j, t, n)]:
            return bank(t)
        total = 0.0
        for counts, ways, options in listed[n]:
            if not options:
                total += ways * (1.0 - theirs[(j, i, 0, dice)])
            elif fixed:
                gain, m = chosen[(i, j, t, n, counts)]
                total += ways * go_on(t + gain, m)
            else:
                total += ways * max(
                    go_on(t + gain, after(n, kept)) for kept, gain in options.items()
                )
        rolled = total / FACES**n
        if t > 0 and t >= min_bank and not fixed:
            return max(rolled, bank(t))
        return rolled

    for _ in range(max_sweeps):
        change = 0.0
        for mine, a, b, t, n in order:
            values = x if mine else y
            new = update(values, y if mine else x, a, b, t, n, fixed=not mine)
            change = max(change, abs(new - values[(a, b, t, n)]))
            values[(a, b, t, n)] = new
        if change <= tolerance:
            return x, y
    raise AssertionError(f"no convergence in {max_sweeps} sweeps (last change {change:.2g})")


def skewed(rules: FarkleRules) -> FarklePolicy:
    """Return a guided player of a table that is no game's values: greedy on ``P**3``."""
    return guided(rules, solve(rules).values ** 3)


@pytest.mark.parametrize(
    ("rules", "opponent"),
    [
        (FarkleRules(dice=2, goal=400), lambda rules: thresholds(rules, (150,))),
        pytest.param(
            FarkleRules(dice=3, goal=400),
            lambda rules: thresholds(rules, (100, 150, 50)),
            marks=pytest.mark.slow,
        ),
        (FarkleRules(dice=3, goal=300), lambda rules: thresholds(rules, (100, 150, 50))),
        (FarkleRules(dice=2, goal=300, min_bank=150, hot_dice=False), max_score),
        (FarkleRules(dice=3, goal=350), skewed),
    ],
    ids=[
        "bank:150",
        "bank by dice",
        "bank by dice, goal 300",
        "max-score, min bank, no hot dice",
        "greedy on P cubed",
    ],
)
def test_agrees_with_value_iteration(rules: FarkleRules, opponent) -> None:
    """Every state of both players, the opponent's every action asked of it: the turn laws, the
    turn's arrays and the layers are the solver's alone."""
    opponent = opponent(rules)
    x, y = reply_iteration(rules, opponent)
    reply = best_response(rules, opponent)
    goal, dice = rules.goal // POINT_UNIT, rules.dice
    start_x = np.array([[x[(i, j, 0, dice)] for j in range(goal)] for i in range(goal)])
    start_y = np.array([[y[(j, i, 0, dice)] for i in range(goal)] for j in range(goal)])
    np.testing.assert_allclose(reply.values, start_x, rtol=0, atol=1e-9)
    np.testing.assert_allclose(reply.opponent_values, start_y, rtol=0, atol=1e-9)


@pytest.mark.parametrize(
    ("rules", "opponent"),
    [
        (FarkleRules(dice=3, goal=1000), lambda rules: thresholds(rules, (300,))),
        (FarkleRules(dice=3, goal=800, min_bank=200), max_score),
        (FarkleRules(dice=4, goal=600), skewed),
    ],
    ids=["bank:300", "max-score, min bank 200", "greedy on P cubed"],
)
def test_the_exact_evaluation_plays_the_reply_back(rules: FarkleRules, opponent) -> None:
    """The reply as a fixed player (greedy on the opponent's values) against the opponent, by
    the evaluation's 2 x 2 systems: the same tables, both seats."""
    opponent = opponent(rules)
    reply = best_response(rules, opponent)
    x_a, x_b = evaluate_tables(rules, reply.policy, opponent)
    assert np.abs(x_a - reply.values).max() < 1e-12
    assert np.abs(x_b - reply.opponent_values).max() < 1e-12
    comparison = compare_tables(rules, reply.policy, opponent)
    assert comparison.a_first == pytest.approx(reply.win_probability, abs=1e-12)
    assert comparison.b_first == pytest.approx(reply.second, abs=1e-12)


@pytest.mark.parametrize(
    "rules", [FarkleRules(dice=3, goal=1000), FarkleRules(goal=1500)], ids=["3 dice", "6 dice"]
)
def test_no_fixed_player_does_better_against_bank_300(rules: FarkleRules) -> None:
    """Against ``bank:300`` no threshold player, nor max-score, nor the optimal player wins
    more often, moving first or second, nor from any scores; the best of them comes close."""
    bank = thresholds(rules, (300,))
    reply = best_response(rules, bank)
    players = [thresholds(rules, (total,)) for total in range(50, 1550, 50)]
    players += [max_score(rules), guided(rules, solve(rules).values)]
    best_first = best_second = 0.0
    for player in players:
        x_a, x_b = evaluate_tables(rules, player, bank)
        assert (x_a <= reply.values + 1e-12).all()
        assert (x_b >= reply.opponent_values - 1e-12).all()
        best_first, best_second = max(best_first, x_a[0, 0]), max(best_second, 1.0 - x_b[0, 0])
    assert best_first <= reply.win_probability + 1e-12
    assert best_second <= reply.second + 1e-12
    assert reply.win_probability - best_first < 0.05
    assert reply.win_probability > 0.5 and reply.second > 0.5


def test_reply_reports_progress_and_its_fields() -> None:
    rules = FarkleRules(dice=2, goal=500)
    calls = []
    reply = best_response(
        rules, thresholds(rules, (200,)), lambda done, total: calls.append((done, total))
    )
    assert isinstance(reply, FarkleReply)
    assert calls[-1] == (100, 100)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    assert reply.values.shape == reply.opponent_values.shape == (10, 10)
    assert reply.policy.rules == rules
    assert reply.steps >= 1 and reply.seconds >= 0.0
    assert "FarkleReply goal=500" in repr(reply)


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (farkle_rules("facebook-farkle"), "three-farkle penalty"),
        (FarkleRules(dice=3, goal=500, players=3), "2 players"),
    ],
    ids=["penalty", "3 players"],
)
def test_refuses_what_it_does_not_answer(rules: FarkleRules, words: str) -> None:
    with pytest.raises(InvalidArgument, match=words) as caught:
        best_response(rules, thresholds(rules, (300,)))
    assert "\n" not in str(caught.value)


def test_refuses_a_player_made_for_other_rules() -> None:
    rules = FarkleRules(dice=3, goal=500)
    with pytest.raises(InvalidArgument, match="other rules") as caught:
        best_response(rules, thresholds(FarkleRules(dice=3, goal=600), (300,)))
    assert "\n" not in str(caught.value)
