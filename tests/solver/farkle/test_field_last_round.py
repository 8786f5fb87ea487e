"""The field's last round (:mod:`solver.farkle.field_last_round`): fixed players' last turns
played out roll by roll in pure Python, two players the pair evaluation, the games agree."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable

import numpy as np
import pytest

from pigsolve.policies import make_player
from pigsolve.policies.roster import roster
from pigsolve.solver.farkle.evaluate import evaluate_tables
from pigsolve.solver.farkle.field import evaluate_field, seat_of
from pigsolve.solver.farkle.field_last_round import last_rounds
from pigsolve.solver.farkle.last_round_three import optimal_last_rows
from pigsolve.solver.farkle.policy import guided, max_score, thresholds
from pigsolve.solver.farkle.simulate import tournament
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.turn import outcome_index, roll_code
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import counts_of, faces_of, keeps, score


class LastRows:
    """The optimal player of the last round as ``action(state, roll)``: the rows of
    :func:`optimal_last_rows` at the state's scores."""

    def __init__(self, rules: FarkleRules, ceiling: int) -> None:
        self.rules = rules
        self.rows = functools.cache(lambda scores: optimal_last_rows(rules, scores, ceiling))

    def action(self, state: tuple, roll: tuple[int, ...] | None = None) -> object:
        scores, t, n = tuple(s // POINT_UNIT for s in state[0]), state[1] // POINT_UNIT, state[2]
        bank, choose = self.rows(scores)
        if roll is None:
            allowed = t > 0 and t * POINT_UNIT >= self.rules.least_bank(state[0][0])
            return "bank" if allowed and (t >= len(bank) or bank[t, n]) else "roll"
        k = int(outcome_index(self.rules)[roll_code(counts_of(roll))])
        if k < 0:
            return None
        left = choose[t, n, k]
        kept = [(c, p) for c, p in keeps(counts_of(roll), self.rules.scoring) if n - sum(c) == left]
        return faces_of(max(kept, key=lambda keep: keep[1])[0])


def rounds_by_hand(rules: FarkleRules, seats: list) -> Callable[..., np.ndarray]:
    """Return ``chances(scores, banker)``: every seat's chance once seat ``banker`` has banked
    to ``scores[banker]`` (points, by seat, at the goal or past it), the others' last turns in
    seat order, every roll enumerated, each decision the player's own ``action``; the highest
    score wins, level scores share."""
    n = len(seats)

    def after(scores: tuple[int, ...], banker: int, k: int) -> np.ndarray:
        if k == n - 1:
            best = [p for p in range(n) if scores[p] == max(scores)]
            return np.array([1 / len(best) if p in best else 0.0 for p in range(n)])
        return turn(scores, banker, k, 0, rules.dice)

    @functools.cache
    def turn(scores: tuple[int, ...], banker: int, k: int, total: int, dice: int) -> np.ndarray:
        seat = (banker + 1 + k) % n

        def banked(points: int) -> tuple[int, ...]:
            return tuple(s + points * (p == seat) for p, s in enumerate(scores))

        view = (tuple(scores[(seat + q) % n] for q in range(n)), total, dice)
        if seats[seat].action(view) == "bank":
            return after(banked(total), banker, k + 1)
        found = np.zeros(n)
        for roll in itertools.product(range(1, 7), repeat=dice):
            kept = seats[seat].action(view, roll)
            if kept is None:
                found += after(scores, banker, k + 1)
                continue
            left = dice - len(kept) or (rules.dice if rules.hot_dice else 0)
            gained = total + score(counts_of(kept), rules.scoring)
            if left:
                found += turn(scores, banker, k, gained, left)
            else:
                found += after(banked(gained), banker, k + 1)
        return found / 6**dice

    return lambda scores, banker: after(scores, banker, 0)


def check_rounds(rules: FarkleRules, seats: list, hands: list, tops: tuple[int, ...]) -> None:
    """Check :func:`last_rounds` of ``seats`` at every banker, its score ``a`` in ``tops``
    (units) and the others' below the goal, by :func:`rounds_by_hand` of ``hands``."""
    _, rounds = last_rounds(rules, seats)
    chances = rounds_by_hand(rules, hands)
    below = range(rules.goal // POINT_UNIT)
    for m, a, b, c in itertools.product(range(3), tops, below, below):
        scores = [0, 0, 0]
        scores[m], scores[(m + 1) % 3], scores[(m + 2) % 3] = a, b, c
        found = rounds[m, int(b > 0), int(c > 0), a - b, a - c]
        expected = np.roll(chances(tuple(POINT_UNIT * s for s in scores), m), -m)
        assert found == pytest.approx(expected, abs=1e-12), (m, a, b, c)


@pytest.mark.parametrize(
    "rules",
    [
        FarkleRules(dice=2, goal=300, players=3, last_turn=True),
        FarkleRules(dice=2, goal=300, players=3, last_turn=True, entry=150, min_bank=100),
    ],
)
def test_the_last_round_by_hand(rules: FarkleRules) -> None:
    seats = [thresholds(rules, (100,)), max_score(rules), thresholds(rules, (200,))]
    goal = rules.goal // POINT_UNIT
    check_rounds(rules, seats, seats, (goal, goal + 3))


@pytest.mark.parametrize("entry", [pytest.param(0, marks=pytest.mark.slow), 150])
def test_the_optimal_last_round_by_hand(entry: int) -> None:
    """An optimal seat beside turn players: its round read from its rows, roll by roll."""
    rules = FarkleRules(dice=2, goal=300, players=3, last_turn=True, entry=entry)
    solution = solve(rules, ceiling=600)
    by_name = {"optimal": solution, "bank": thresholds(rules, (100,)), "max": max_score(rules)}
    optimal = LastRows(rules, solution.ceiling)
    goal = rules.goal // POINT_UNIT
    for names in (("optimal", "bank", "max"), ("bank", "optimal", "max")):
        seats = [seat_of(rules, by_name[name]) for name in names]
        hands = [optimal if name == "optimal" else by_name[name] for name in names]
        check_rounds(rules, seats, hands, (goal, goal + 3))


@pytest.mark.parametrize("entry", [0, 200])
def test_two_players_are_the_pair_evaluation(entry: int) -> None:
    rules = FarkleRules(dice=3, goal=800, last_turn=True, entry=entry)
    optimal = guided(rules, solve(rules).values)
    for a, b in (
        (thresholds(rules, (150,)), max_score(rules)),
        (optimal, thresholds(rules, (200,))),
    ):
        x_a, x_b = evaluate_tables(rules, a, b)
        found = evaluate_field(rules, [a, b]).values.reshape(2, *x_a.shape, 2)
        assert np.abs(found[0, ..., 0] - x_a).max() < 1e-12
        assert np.abs(found[1, ..., 1] - x_b.T).max() < 1e-12


@pytest.mark.slow
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


@pytest.mark.slow
def test_an_optimal_seat_agrees_with_its_games() -> None:
    """The optimal player, bank:300 and max-score at 3 dice, goal 600 (about 30 s of games)."""
    rules = FarkleRules(dice=3, goal=600, players=3, last_turn=True, entry=150)
    optimal = roster(rules).optimal(solve(rules), 5)
    players = [optimal, make_player(rules, "bank:300"), make_player(rules, "max-score")]
    starts = evaluate_field(rules, players).starts
    played = tournament(rules, players, 3000, 5)
    for first in range(3):
        n = played.started[first]
        rates = played.wins[first] / n
        z = (rates - starts[first]) / np.sqrt(starts[first] * (1 - starts[first]) / n)
        assert np.abs(z).max() < 4, (first, rates, starts[first])
