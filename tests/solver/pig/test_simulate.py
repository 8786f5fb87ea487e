"""Monte Carlo tournaments: reproducibility, statistics, and agreement with exact evaluation."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pigsolve.policies import make_player
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig import simulate as simulate_module
from pigsolve.solver.pig.evaluate import first_mover_probabilities
from pigsolve.solver.pig.simulate import simulate_tables
from pigsolve.solver.pig.solve import solve
from pigsolve.solver.results import Comparison, Simulation, Tally


def table(name: str, rules: PigRules) -> np.ndarray:
    """Return a player's roll table; ``optimal`` straight from the solver."""
    if name == "optimal":
        return solve(rules).roll_array()[np.newaxis]
    return make_player("pig", name, rules).table(rules)


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
def test_simulation_agrees_with_exact_evaluation(
    a: str, b: str, goal: int, die: int, games: int, rules_of
):
    rules = PigRules(goal=goal, die_sides=die)
    roll_a, roll_b = table(a, rules), table(b, rules)
    exact = Comparison(
        a, b, goal, die, *first_mover_probabilities(rules_of(roll_a, die), roll_a, roll_b)
    )
    a_first, b_first, _ = simulate_tables(rules_of(roll_a, die), roll_a, roll_b, games, seed=2024)
    result = Simulation(a, b, goal, die, 2024, a_first, b_first, 0.0, 0.0)
    for part, z in result.z_scores(exact).items():
        assert abs(z) < 4, (part, z)


def test_goal_one_game_lengths_are_geometric(rules_of) -> None:
    # The first roll that is not a pig wins: turns ~ Geometric(5/6), mean 6/5, variance 6/25.
    roll = np.ones((1, 1, 1, 1), bool)
    games = 200_000
    a_first, b_first, mean_turns = simulate_tables(rules_of(roll, 6), roll, roll, games, seed=7)
    assert abs(mean_turns - 1.2) < 4 * math.sqrt(0.24 / games)
    assert (a_first.games, b_first.games) == (100_000, 100_000)
    assert abs(a_first.rate - 6 / 7) < 4 * math.sqrt((6 / 49) / a_first.games)


def test_seed_reproduces_the_games_whatever_the_chunking(monkeypatch, rules_of) -> None:
    rules = PigRules(goal=30)
    roll_a, roll_b = table("hold20", rules), table("four-turns", rules)
    first = simulate_tables(rules_of(roll_a, 6), roll_a, roll_b, 5001, seed=11)
    monkeypatch.setattr(simulate_module, "CHUNK_GAMES", 1000)
    assert simulate_tables(rules_of(roll_a, 6), roll_a, roll_b, 5001, seed=11) == first
    assert simulate_tables(rules_of(roll_a, 6), roll_a, roll_b, 5001, seed=12) != first
    assert (first[0].games, first[1].games) == (2501, 2500)  # A starts the even games


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


def test_bad_arguments_are_rejected(rules_of) -> None:
    roll = np.ones((1, 1, 1, 1), bool)
    with pytest.raises(ValueError, match="games must be at least 1"):
        simulate_tables(rules_of(roll, 6), roll, roll, 0, seed=1)
    with pytest.raises(ValueError, match="seed must be in"):
        simulate_tables(rules_of(roll, 6), roll, roll, 10, seed=-1)


def test_other_faces_simulate_as_they_evaluate(other_die) -> None:
    """Simulation and exact evaluation take the die from the rules, not from "1 pigs"."""
    from pigsolve.policies.pig import HoldAt

    rules = other_die(20, (0, 1, 1, 3))
    roll_a, roll_b = HoldAt(5).table(rules), HoldAt(9).table(rules)
    result = simulate_module.simulate(rules, roll_a, roll_b, games=20_000, seed=5)
    assert all(abs(z) < 4 for z in result.z_scores(result.exact).values())
