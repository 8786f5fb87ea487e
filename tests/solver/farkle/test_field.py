"""One Farkle player against a field (:mod:`solver.farkle.field`): optimal in every seat is
the table, two players are the pair evaluation, the games agree, the seatings add up."""

from __future__ import annotations

import numpy as np
import pytest

from pigsolve.policies import make_player
from pigsolve.policies.roster import roster
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.evaluate import evaluate_tables
from pigsolve.solver.farkle.field import compare_seatings, evaluate_field
from pigsolve.solver.farkle.policy import guided, max_score, thresholds
from pigsolve.solver.farkle.simulate import simulate
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.games.farkle import FarkleRules
from pigsolve.solver.registry import family_of


def table_by_seat(solution, seat: int) -> np.ndarray:
    """Return the table's values ``[s, p]`` with seat ``seat`` to move, ``s`` and ``p`` by
    seat (the table's are in the mover's frame)."""
    n, goal = solution.rules.players, solution.values.shape[0]
    index = np.arange(goal**n)
    digits = [(index // goal ** (n - 1 - k)) % goal for k in range(n)]
    frame = sum(digits[(seat + k) % n] * goal ** (n - 1 - k) for k in range(n))
    by_frame = solution.values.reshape(-1, n)[frame]
    return by_frame[:, [(p - seat) % n for p in range(n)]]


@pytest.mark.parametrize(
    "rules",
    [
        FarkleRules(dice=3, goal=1000, players=3),
        FarkleRules(dice=3, goal=600, min_bank=150, players=3),
        FarkleRules(dice=2, goal=300, players=4, entry=100),
        pytest.param(
            FarkleRules(dice=3, goal=600, players=3, last_turn=True), marks=pytest.mark.slow
        ),
        FarkleRules(dice=3, goal=500, players=3, last_turn=True, entry=150, min_bank=100),
    ],
)
def test_optimal_in_every_seat_is_the_table(rules: FarkleRules) -> None:
    solution = solve(rules)
    found = evaluate_field(rules, [solution] * rules.players)
    for seat in range(rules.players):
        assert np.abs(found.values[seat] - table_by_seat(solution, seat)).max() < 1e-9


@pytest.mark.slow
def test_optimal_tosses_the_tables_coins() -> None:
    """Goal 2,000 with three players mixes at two score vectors (about 50 s)."""
    rules = FarkleRules(goal=2000, players=3)
    solution = solve(rules)
    assert len(solution.coins) == 2
    found = evaluate_field(rules, [solution] * 3)
    for seat in range(3):
        assert np.abs(found.values[seat] - table_by_seat(solution, seat)).max() < 1e-9


@pytest.mark.parametrize(
    "rules", [FarkleRules(dice=3, goal=1000), FarkleRules(dice=3, goal=800, entry=200)]
)
def test_two_players_are_the_pair_evaluation(rules: FarkleRules) -> None:
    optimal = guided(rules, solve(rules).values)
    for a, b in (
        (thresholds(rules, (150,)), max_score(rules)),
        (optimal, thresholds(rules, (200,))),
    ):
        x_a, x_b = evaluate_tables(rules, a, b)
        found = evaluate_field(rules, [a, b]).values.reshape(2, *x_a.shape, 2)
        assert np.abs(found[0, ..., 0] - x_a).max() < 1e-12
        assert np.abs(found[1, ..., 1] - x_b.T).max() < 1e-12


def test_every_seat_adds_up_and_the_seatings_rotate() -> None:
    rules = FarkleRules(dice=3, goal=600, players=3)
    players = [thresholds(rules, (t,)) for t in (100, 200, 300)]
    found = evaluate_field(rules, players)
    assert np.abs(found.values.sum(axis=-1) - 1).max() < 1e-12
    seatings = compare_seatings(rules, players, ["a", "b", "c"])
    assert len(seatings.orders) == 6 and np.allclose(seatings.probabilities.sum(axis=1), 1)
    row = seatings.orders.index((1, 2, 0))  # b, c, a: the seating above turned once
    assert seatings.probabilities[row] == pytest.approx(found.start(1), abs=1e-15)


def test_one_player_against_a_field() -> None:
    rules = FarkleRules(dice=3, goal=600, players=3)
    a, b = thresholds(rules, (150,)), thresholds(rules, (300,))
    found = family_of(rules).compare(rules, a, b)
    seats = [evaluate_field(rules, [b] * k + [a] + [b] * (2 - k)).start()[k] for k in range(3)]
    assert found.seats == pytest.approx(seats, abs=1e-15)
    assert found.a_first == seats[0] and found.b_first == pytest.approx(np.mean(seats[1:]))
    assert found.average == pytest.approx(np.mean(seats))
    assert found.as_dict()["seats"] == pytest.approx(seats)


@pytest.mark.slow
def test_the_games_agree() -> None:
    """Optimal, max-score and bank:300 at a table of three: each seat's wins by the first
    mover beside the exact chances (|z| < 4)."""
    rules = FarkleRules(dice=3, goal=1000, players=3)
    solution = solve(rules)
    players = [
        make_player(rules, "max-score"),
        roster(rules).optimal(solution, 5),
        make_player(rules, "bank:300"),
    ]
    games = 6000
    played = simulate(rules, players, games, 11)
    starts = evaluate_field(rules, players).starts
    for first in range(3):
        n = played.started[first]
        rates = played.wins[first] / n
        z = (rates - starts[first]) / np.sqrt(starts[first] * (1 - starts[first]) / n)
        assert np.abs(z).max() < 4, (first, rates, starts[first])


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (FarkleRules(goal=1000, players=3, farkle_penalty=500), "penalty"),
        (FarkleRules(goal=1000, players=4, last_turn=True), "last turn"),
    ],
)
def test_refused_rules(rules: FarkleRules, words: str) -> None:
    with pytest.raises(InvalidArgument, match=words):
        evaluate_field(rules, [thresholds(FarkleRules(goal=1000), (300,))] * rules.players)


def test_refused_players() -> None:
    rules = FarkleRules(dice=3, goal=600, players=3)
    other = FarkleRules(dice=3, goal=600)
    with pytest.raises(InvalidArgument, match="give 3 players"):
        evaluate_field(rules, [thresholds(rules, (100,))] * 2)
    with pytest.raises(InvalidArgument, match="other rules"):
        evaluate_field(rules, [thresholds(other, (100,))] * 3)
