"""The field's last round (:mod:`solver.farkle.field_last_round`): fixed players' last turns
played out roll by roll in pure Python, two players the pair evaluation, the games agree."""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest

from pigsolve.policies import make_player
from pigsolve.solver.farkle.evaluate import evaluate_tables
from pigsolve.solver.farkle.field import evaluate_field
from pigsolve.solver.farkle.field_last_round import last_rounds
from pigsolve.solver.farkle.policy import FarklePolicy, max_score, thresholds
from pigsolve.solver.farkle.simulate import tournament
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import counts_of, score


def round_by_hand(
    rules: FarkleRules, seats: list[FarklePolicy], scores: tuple[int, ...], banker: int
) -> np.ndarray:
    """Return every seat's chance once seat ``banker`` has banked to ``scores[banker]`` (points,
    by seat, at the goal or past it): the others' last turns in seat order, every roll
    enumerated, each decision the player's own ``action``; the highest score wins, level
    scores share."""
    n = len(scores)
    order = [(banker + k) % n for k in range(1, n)]

    def after(scores: tuple[int, ...], k: int) -> np.ndarray:
        if k == len(order):
            best = [p for p in range(n) if scores[p] == max(scores)]
            return np.array([1 / len(best) if p in best else 0.0 for p in range(n)])
        return turn(scores, k, 0, rules.dice)

    @functools.cache
    def turn(scores: tuple[int, ...], k: int, total: int, dice: int) -> np.ndarray:
        seat = order[k]
        view = (tuple(scores[(seat + q) % n] for q in range(n)), total, dice)
        if seats[seat].action(view) == "bank":
            return after(tuple(s + total * (p == seat) for p, s in enumerate(scores)), k + 1)
        found = np.zeros(n)
        for roll in itertools.product(range(1, 7), repeat=dice):
            kept = seats[seat].action(view, roll)
            if kept is None:
                found += after(scores, k + 1)
                continue
            left = dice - len(kept) or (rules.dice if rules.hot_dice else 0)
            gained = total + score(counts_of(kept), rules.scoring)
            if left:
                found += turn(scores, k, gained, left)
            else:
                found += after(tuple(s + gained * (p == seat) for p, s in enumerate(scores)), k + 1)
        return found / 6**dice

    return after(scores, 0)


@pytest.mark.parametrize(
    "rules",
    [
        FarkleRules(dice=2, goal=300, players=3, last_turn=True),
        FarkleRules(dice=2, goal=300, players=3, last_turn=True, entry=150, min_bank=100),
    ],
)
def test_the_last_round_by_hand(rules: FarkleRules) -> None:
    seats = [thresholds(rules, (100,)), max_score(rules), thresholds(rules, (200,))]
    reaches, rounds = last_rounds(rules, seats)
    goal = rules.goal // POINT_UNIT
    for m, a, b, c in itertools.product(range(3), range(goal, goal + 3), range(goal), range(goal)):
        scores = [0, 0, 0]
        scores[m], scores[(m + 1) % 3], scores[(m + 2) % 3] = a, b, c
        found = rounds[m, int(b > 0), int(c > 0), a - b, a - c]
        expected = round_by_hand(rules, seats, tuple(POINT_UNIT * s for s in scores), m)
        assert found == pytest.approx(np.roll(expected, -m), abs=1e-13), (m, a, b, c)
    assert reaches.shape[2] > 0 and reaches.sum(axis=2).max() > 0


@pytest.mark.parametrize("entry", [0, 200])
def test_two_players_are_the_pair_evaluation(entry: int) -> None:
    rules = FarkleRules(dice=3, goal=800, last_turn=True, entry=entry)
    a, b = thresholds(rules, (150,)), max_score(rules)
    x_a, x_b = evaluate_tables(rules, a, b)
    found = evaluate_field(rules, [a, b]).values.reshape(2, *x_a.shape, 2)
    assert np.abs(found[0, ..., 0] - x_a).max() < 1e-12
    assert np.abs(found[1, ..., 1] - x_b.T).max() < 1e-12


def test_a_fixed_field_agrees_with_its_games() -> None:
    """bank:200, max-score and bank:350 at 3 dice, goal 1,000, with an opening score: each
    seat's wins by the first mover beside the exact chances (|z| < 4)."""
    rules = FarkleRules(dice=3, goal=1000, players=3, last_turn=True, entry=150)
    players = [make_player(rules, name) for name in ("bank:200", "max-score", "bank:350")]
    starts = evaluate_field(rules, players).starts
    assert np.abs(starts.sum(axis=1) - 1).max() < 1e-12
    played = tournament(rules, players, 3000, 7)
    for first in range(3):
        n = played.started[first]
        rates = played.wins[first] / n
        z = (rates - starts[first]) / np.sqrt(starts[first] * (1 - starts[first]) / n)
        assert np.abs(z).max() < 4, (first, rates, starts[first])
