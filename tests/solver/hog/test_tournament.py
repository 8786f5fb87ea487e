"""CS 61A's contest computed exactly: the ranking rule, and the win rates against the exact
comparison and against a plain recursion over the games."""

from __future__ import annotations

import itertools
from dataclasses import replace
from functools import cache

import numpy as np
import pytest

from pigsolve.solver.games.hog import HogState, hog_rules
from pigsolve.solver.games.hog_turns import end_turn, turn_score
from pigsolve.solver.hog.evaluate import compare
from pigsolve.solver.hog.tournament import win_rates
from pigsolve.solver.tournament import THRESHOLD, ranking, record

NAN = np.nan


def test_a_tie_and_a_win_at_the_threshold_give_no_point() -> None:
    rates = np.array(
        [
            [NAN, 0.5, THRESHOLD],  # a tie, then exactly the threshold: no point
            [0.5, NAN, THRESHOLD + 1e-7],  # just above: a point
            [1 - THRESHOLD, 1 - THRESHOLD - 1e-7, NAN],
        ]
    )
    found = ranking(rates)
    assert found.points.tolist() == [0, 1, 0]
    assert found.ranks.tolist() == [2, 1, 2]
    assert found.order.tolist() == [1, 0, 2]  # equal points: the higher mean rate first


def test_equal_points_share_a_rank_and_the_next_rank_skips() -> None:
    """0 beats 1, 1 beats 2, 2 beats 0, and each beats 3: three share the first rank."""
    rates = np.full((4, 4), NAN)
    beats = {(0, 1): 0.6, (0, 2): 0.4, (1, 2): 0.7, (0, 3): 0.95, (1, 3): 0.8, (2, 3): 0.7}
    for (i, j), rate in beats.items():
        rates[i, j], rates[j, i] = rate, 1 - rate
    found = ranking(rates)
    assert found.points.tolist() == [2, 2, 2, 0]
    assert found.ranks.tolist() == [1, 1, 1, 4]
    assert found.win_rates.tolist() == pytest.approx([0.65, 1.9 / 3, 1.6 / 3, 0.55 / 3])
    assert found.order.tolist() == [0, 1, 2, 3]  # equal points: by the mean rate


@pytest.mark.parametrize("name", ["fa16", "su20"])
def test_the_rates_are_the_exact_comparisons_of_each_pair(name: str) -> None:
    rules = hog_rules(name, goal=25)
    always = [np.full((25, 25), n, np.int8) for n in (2, 5, 7)]
    rates = win_rates(rules, always)
    assert np.isnan(np.diag(rates)).all()
    for i, j in itertools.combinations(range(3), 2):
        full = [np.full(rules.shape, n, np.int8) for n in (2, 5, 7)]
        assert rates[i, j] == compare(rules, full[i], full[j]).average
        assert rates[j, i] == pytest.approx(1 - rates[i, j], abs=1e-15)


def exact_rate(rules, first, second) -> float:
    """Return the chance that ``first`` (a function of the scores) beats ``second`` on a coin
    toss for the first move: a plain recursion over every roll of the dice."""

    @cache
    def mover_wins(state: HogState, mover_is_first: bool) -> float:
        strategy = first if mover_is_first else second
        n = strategy(state.score, state.opponent_score)
        rolls = [()] if n == 0 else list(itertools.product(range(1, 7), repeat=n))
        total = 0.0
        for outcome in rolls:
            points, _ = turn_score(rules, n, state.score, state.opponent_score, outcome)
            turn = end_turn(rules, state, n, points)
            if turn.roller_score >= rules.goal:
                total += 1
            elif turn.other_score < rules.goal:
                total += 1 - mover_wins(turn.next_state, not mover_is_first)
        return total / len(rolls)

    start = HogState(0, 0)
    return (mover_wins(start, True) + 1 - mover_wins(start, False)) / 2


def test_the_rates_agree_with_a_plain_recursion_over_the_games() -> None:
    """Two strategies of the scores in su20 (Free Bacon, Feral Hogs, the digits' swap) at goal
    15, every roll enumerated."""
    rules = hog_rules("su20", goal=15)

    def careful(score: int, opponent_score: int) -> int:
        return 0 if 10 - opponent_score % 10 + opponent_score // 10 % 10 >= 9 else 2

    def bold(score: int, opponent_score: int) -> int:
        return 3 if opponent_score > score else 1

    tables = [
        np.array([[f(s, o) for o in range(15)] for s in range(15)], np.int8)
        for f in (careful, bold)
    ]
    rates = win_rates(rules, tables)
    assert rates[0, 1] == pytest.approx(exact_rate(rules, careful, bold), abs=1e-14)


def test_the_record_lists_the_entries_by_rank_and_the_rates_in_that_order() -> None:
    rates = np.array([[NAN, 0.3], [0.7, NAN]])
    found = record(
        "hog-su20", 100, rates, ["a", "b"], ["a.py:f", "b.py:f"], [("c.py:f", "no")], 1.5
    )
    assert [entry["name"] for entry in found["entries"]] == ["b", "a"]
    assert found["entries"][0] == {
        "rank": 1,
        "name": "b",
        "entry": "b.py:f",
        "points": 1,
        "win_rate": 0.7,
    }
    assert found["rates"] == [[None, 0.7], [0.3, None]]
    assert found["disqualified"] == [{"entry": "c.py:f", "reason": "no"}]
    assert found["format"] == "pigsolve-tournament" and found["version"] == 1
    assert found["threshold"] == THRESHOLD and found["seconds"] == 1.5


def test_a_table_of_the_scores_and_a_full_policy_give_the_same_rates() -> None:
    rules = replace(hog_rules("fa16"), goal=20)
    rng = np.random.default_rng(3)
    tables = [rng.integers(-1, 11, (20, 20)).astype(np.int8) for _ in range(3)]
    full = [np.broadcast_to(t[:, :, None, None, None], rules.shape) for t in tables]
    np.testing.assert_array_equal(win_rates(rules, tables), win_rates(rules, full))
