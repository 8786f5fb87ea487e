"""Monte Carlo games of any number of players: agreement with the exact evaluation (mixed states
included), closed forms, reproducibility, statistics, and the players the evaluation refuses."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pigsolve.policies import make_player
from pigsolve.policies.pig.best_response import solve_best_response
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.games.pig_outcomes import RollOutcomes, two_dice
from pigsolve.solver.pig import simulate as simulate_module
from pigsolve.solver.pig.evaluation.evaluate import compare
from pigsolve.solver.pig.evaluation.seatings import compare_seatings
from pigsolve.solver.pig.seat_policy import pack_seats, threshold_seat
from pigsolve.solver.pig.simulate import play, roll_draws, simulate
from pigsolve.solver.pig.solve import solve
from pigsolve.solver.results import Comparison, Simulation, Tally, Tournament


def table(name: str, rules: PigRules) -> np.ndarray:
    """Return a player's roll table; ``optimal`` straight from the solver."""
    if name == "optimal":
        return solve(rules).roll_array()[np.newaxis]
    return make_player(rules, name).table(rules)


def seated(rules: PigRules, *names: str) -> list:
    """Return the named players as threshold seats (their roll tables)."""
    return [threshold_seat(name, table(name, rules), rules) for name in names]


@pytest.mark.parametrize(
    "a, b, goal, die, games",
    [
        ("hold20", "optimal", 100, 6, 400_000),
        ("four-turns", "pace-race", 100, 6, 200_000),
        ("base-pace-race", "hold25", 100, 6, 200_000),
        ("four-turns", "hold4", 12, 4, 200_000),
        ("hold3", "hold2", 8, 2, 200_000),
    ],
)
def test_two_players_agree_with_exact_evaluation(
    a: str, b: str, goal: int, die: int, games: int
) -> None:
    rules = PigRules(goal=goal, die_sides=die)
    result = simulate(rules, seated(rules, a, b), games, seed=2024).pair()
    exact = compare(rules, table(a, rules), table(b, rules), a, b)
    assert result.exact == exact
    for part, z in result.z_scores(exact).items():
        assert abs(z) < 4, (part, z)


def test_goal_one_game_lengths_are_geometric(rules_of) -> None:
    # The first roll that is not a pig wins: turns ~ Geometric(5/6), mean 6/5, variance 6/25.
    roll = np.ones((1, 1, 1, 1), bool)
    rules = rules_of(roll, 6)
    games = 200_000
    wins, mean_turns = play(rules, [threshold_seat("A", roll, rules)] * 2, games, seed=7)
    assert abs(mean_turns - 1.2) < 4 * math.sqrt(0.24 / games)
    assert wins.sum(axis=1).tolist() == [100_000, 100_000]  # A starts the even games
    assert abs(wins[0, 0] / 100_000 - 6 / 7) < 4 * math.sqrt((6 / 49) / 100_000)


def test_goal_one_closed_form_for_three_players() -> None:
    """The first roll that is not a pig wins: seat m wins with p (1/6)^m / (1 - (1/6)^3)."""
    rules = PigRules(1, 6, players=3)
    hold = make_player(rules, "hold1")
    result = simulate(rules, [hold] * 3, 200_001, seed=1)
    exact = [5 / 6 * (1 / 6) ** m / (1 - (1 / 6) ** 3) for m in range(3)]
    assert result.exact[0] == pytest.approx(exact, abs=1e-15)
    assert result.exact[1] == pytest.approx(np.roll(exact, 1), abs=1e-15)
    assert result.started.tolist() == [66_667, 66_667, 66_667]
    assert all(abs(z) < 4 for z in result.z_scores())
    assert abs(result.mean_turns - 1.2) < 4 * math.sqrt(0.24 / 200_001)  # Geometric(5/6)


def test_a_seed_reproduces_the_games_in_any_chunking(monkeypatch, equilibrium_of) -> None:
    rules = PigRules(goal=30)
    players = seated(rules, "hold20", "four-turns")
    first = simulate(rules, players, 5001, seed=11, exact=False)
    monkeypatch.setattr(simulate_module, "CHUNK_GAMES", 1000)
    again = simulate(rules, players, 5001, seed=11, exact=False)
    assert np.array_equal(again.wins, first.wins) and again.mean_turns == first.mean_turns
    assert not np.array_equal(simulate(rules, players, 5001, seed=12).wins, first.wins)
    assert first.started.tolist() == [2501, 2500]  # A starts the even games
    assert first.exact is None
    rules = PigRules(20, 6, players=3)
    eq = equilibrium_of(rules)
    players = [eq, make_player(rules, "hold6"), eq]
    once = play(rules, [p.seat_policy(rules) for p in players], 5_000, seed=42)
    monkeypatch.setattr(simulate_module, "CHUNK_GAMES", 999)
    again = play(rules, [p.seat_policy(rules) for p in players], 5_000, seed=42)
    assert np.array_equal(once[0], again[0]) and once[1] == again[1]


def test_three_players_with_mixed_states_agree_with_the_exact_evaluation(equilibrium_of) -> None:
    rules = PigRules(25, 4, players=3)
    eq = equilibrium_of(rules)
    assert len(eq.optimal_table.mixed) > 0
    hold8 = make_player(rules, "hold8")
    reply = solve_best_response(rules, [hold8, eq])
    for players in ([eq, eq, eq], [eq, reply, hold8], [reply, hold8, eq]):
        result = simulate(rules, players, 300_000, seed=11)
        assert result.exact is not None and result.games == 300_000
        assert all(abs(z) < 4 for z in result.z_scores()), (result.names, result.z_scores())


def test_four_players_agree_with_the_exact_evaluation(equilibrium_of) -> None:
    rules = PigRules(12, 3, players=4)
    eq = equilibrium_of(rules)
    players = [make_player(rules, "hold4"), eq, make_player(rules, "pace-race:4,2,9")]
    result = simulate(rules, [*players, eq], 300_000, seed=3)
    assert sum(t.wins for t in result.tallies) == 300_000
    assert all(abs(z) < 4 for z in result.z_scores()), result.z_scores()


def test_turn_counting_players_are_simulated() -> None:
    """Three players: no exact value (the evaluation refuses them); two: the pair evaluator."""
    rules = PigRules(30, 6, players=3)
    players = [make_player(rules, name) for name in ("four-turns", "turns3", "hold10")]
    result = simulate(rules, players, 20_000, seed=5)
    assert result.exact is None and result.expected_rates is None
    assert sum(t.wins for t in result.tallies) == 20_000
    with pytest.raises(InvalidArgument, match="no exact probabilities"):
        result.z_scores()
    rules = PigRules(30, 6)
    a, b = (make_player(rules, name) for name in ("four-turns", "hold10"))
    result = simulate(rules, [a, b], 200_000, seed=5)
    exact = compare(rules, a.table(rules), b.table(rules))
    assert result.exact[0] == pytest.approx([exact.a_first, 1 - exact.a_first], abs=1e-14)
    assert all(abs(z) < 4 for z in result.z_scores())


def test_first_movers_rotating_agree_with_the_seatings_compared() -> None:
    """Each player moving first in a third of the games: the exact rate is the average of the
    three cyclic seatings compare_seatings gives, and the simulation agrees with it."""
    rules = PigRules(30, 4, players=3)
    players = [make_player(rules, name) for name in ("hold20", "pace-race", "hold10")]
    result = simulate(rules, players, 60_000, seed=11)
    assert sum(tally.wins for tally in result.tallies) == 60_000
    seatings = compare_seatings(rules, players)
    cyclic = [
        r for r, order in enumerate(seatings.orders) if order in ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    ]
    np.testing.assert_allclose(
        result.expected_rates, seatings.probabilities[cyclic].mean(axis=0), atol=1e-12
    )
    assert all(abs(z) < 4 for z in result.z_scores())


def test_bad_arguments_are_rejected(rules_of) -> None:
    roll = np.ones((1, 1, 1, 1), bool)
    rules = rules_of(roll, 6)
    pair = [threshold_seat("A", roll, rules)] * 2
    with pytest.raises(ValueError, match="games must be at least 1"):
        play(rules, pair, 0, seed=1)
    with pytest.raises(ValueError, match="seed must be in"):
        play(rules, pair, 10, seed=-1)
    rules = PigRules(10, 6, players=3)
    hold = make_player(rules, "hold3")
    with pytest.raises(InvalidArgument, match="one per seat"):
        simulate(rules, [hold, hold], 10, seed=1)
    with pytest.raises(InvalidArgument, match="at least 3, one per first mover"):
        simulate(rules, [hold] * 3, 2, seed=1)
    with pytest.raises(InvalidArgument, match="seed"):
        simulate(rules, [hold] * 3, 10, seed=-1)


def test_other_faces_simulate_as_they_evaluate(other_die) -> None:
    """Simulation and exact evaluation take the die from the rules, not from "1 pigs"."""
    from pigsolve.policies.pig.thresholds import HoldAt

    rules = other_die(20, (0, 1, 1, 3))
    players = [HoldAt(5), HoldAt(9)]
    result = simulate(rules, players, games=20_000, seed=5).pair()
    assert all(abs(z) < 4 for z in result.z_scores(result.exact).values())


def test_wilson_interval_matches_the_formula() -> None:
    wins, games, z = 37, 90, 1.959963984540054
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games**2)) / (1 + z * z / games)
    low, high = Tally(games, wins).wilson()
    assert (low, high) == pytest.approx((centre - half, centre + half), abs=1e-12)


def test_z_scores_use_each_starters_exact_value() -> None:
    exact = Comparison("a", "b", 100, 6, 0.5, 0.2)
    result = Simulation("a", "b", 100, 6, 0, Tally(100, 60), Tally(100, 20), 10.0, 0.0)
    z = result.z_scores(exact)
    assert z["a_first"] == pytest.approx(2.0, abs=1e-12)
    assert z["b_first"] == pytest.approx(0.0, abs=1e-12)
    assert z["total"] == pytest.approx(10 / math.sqrt(25 + 16), abs=1e-12)
    assert result.total == Tally(200, 80)


def test_tournament_z_scores_count_each_first_mover_apart() -> None:
    rules = PigRules(100)
    exact = np.array([[0.5, 0.5], [0.2, 0.8]])
    wins = np.array([[60, 40], [20, 80]])
    result = Tournament(rules, ("a", "b"), 6, 0, np.array([100, 100]), wins, 10.0, 0.0, exact)
    assert result.z_scores()[0] == pytest.approx(10 / math.sqrt(25 + 16), abs=1e-12)
    assert result.z_scores()[1] == pytest.approx(-10 / math.sqrt(25 + 16), abs=1e-12)
    assert result.expected_rates.tolist() == pytest.approx([0.35, 0.65], abs=1e-15)
    pair = result.pair()
    assert (pair.a_first, pair.b_first) == (Tally(100, 60), Tally(100, 20))
    assert pair.exact == Comparison("a", "b", 100, 6, 0.5, 0.2)
    assert pair.z_scores(pair.exact)["total"] == pytest.approx(result.z_scores()[0], abs=1e-12)


@pytest.mark.parametrize("game", [None, two_dice()], ids=["die", "two-dice"])
def test_the_pair_kernel_plays_the_same_games_as_the_general_one(game: RollOutcomes | None) -> None:
    """Two threshold tables take the fast path; it must play exactly the general kernel's games
    (held turns counted by four-turns included; resets too)."""
    from pigsolve.solver.pig._simulate_kernels import play_games, play_pair

    rules = PigRules(goal=40, outcomes=game) if game else PigRules(goal=40, die_sides=5)
    players = seated(rules, "four-turns", "hold12")
    draws = roll_draws(rules)
    outputs = []
    for general in (True, False):
        winner, turns = np.empty(20_001, np.int8), np.empty(20_001, np.int32)
        if general:
            seats = pack_seats(rules, players)
            play_games(seats, 40, roll_counts(rules), draws, np.uint64(9), 5, winner, turns, 64)
        else:
            play_pair(players[0].roll, players[1].roll, draws, np.uint64(9), 5, winner, turns)
        outputs.append((winner, turns))
    assert np.array_equal(outputs[0][0], outputs[1][0])
    assert np.array_equal(outputs[0][1], outputs[1][1])
    assert 0 < outputs[0][0].mean() < 1  # both players win some games
