"""Monte Carlo games of N players: agreement with the exact evaluation (mixed states included),
a closed form, reproducibility, and the players the exact evaluation refuses."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pigsolve.policies import make_player
from pigsolve.policies.best_response import solve_best_response
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig import simulate_multi
from pigsolve.solver.pig.evaluate import first_mover_probabilities
from pigsolve.solver.pig.simulate_multi import simulate_players, simulate_seats


def test_three_players_with_mixed_states_agree_with_the_exact_evaluation(equilibrium_of) -> None:
    rules = PigRules(25, 4, players=3)
    eq = equilibrium_of(rules)
    assert len(eq.optimal_table.mixed) > 0
    hold8 = make_player("pig", "hold8", rules)
    reply = solve_best_response(rules, [hold8, eq])
    for seated in ([eq, eq, eq], [eq, reply, hold8], [reply, hold8, eq]):
        result = simulate_players(rules, seated, 300_000, seed=11)
        assert result.exact is not None and result.games == 300_000
        assert all(abs(z) < 4 for z in result.z_scores()), (result.names, result.z_scores())


def test_four_players_agree_with_the_exact_evaluation(equilibrium_of) -> None:
    rules = PigRules(12, 3, players=4)
    eq = equilibrium_of(rules)
    seated = [make_player("pig", "hold4", rules), eq, make_player("pig", "pace-race:4,2,9", rules)]
    result = simulate_players(rules, [*seated, eq], 300_000, seed=3)
    assert sum(t.wins for t in result.wins) == 300_000
    assert all(abs(z) < 4 for z in result.z_scores()), result.z_scores()


def test_goal_one_closed_form() -> None:
    """The first roll that is not a pig wins: seat m wins with p (1/6)^m / (1 - (1/6)^3)."""
    rules = PigRules(1, 6, players=3)
    hold = make_player("pig", "hold1", rules)
    result = simulate_players(rules, [hold] * 3, 200_000, seed=1)
    exact = [5 / 6 * (1 / 6) ** m / (1 - (1 / 6) ** 3) for m in range(3)]
    assert result.exact == pytest.approx(exact, abs=1e-15)
    assert all(abs(z) < 4 for z in result.z_scores())
    assert abs(result.mean_turns - 1.2) < 4 * math.sqrt(0.24 / 200_000)  # Geometric(5/6)


def test_a_seed_reproduces_the_games_in_any_chunking(monkeypatch, equilibrium_of) -> None:
    rules = PigRules(20, 6, players=3)
    eq = equilibrium_of(rules)
    seated = [eq, make_player("pig", "hold6", rules), eq]
    once = simulate_players(rules, seated, 5_000, seed=42, exact=False)
    monkeypatch.setattr(simulate_multi, "CHUNK_GAMES", 999)
    again = simulate_players(rules, seated, 5_000, seed=42, exact=False)
    assert once.wins == again.wins and once.mean_turns == again.mean_turns
    assert once.exact is None
    other = simulate_players(rules, seated, 5_000, seed=43, exact=False)
    assert other.wins != once.wins


def test_turn_counting_players_are_simulated() -> None:
    """Three players: no exact value (the evaluation refuses them); two: the pair evaluator."""
    rules = PigRules(30, 6, players=3)
    seated = [make_player("pig", name, rules) for name in ("four-turns", "turns3", "hold10")]
    result = simulate_players(rules, seated, 20_000, seed=5)
    assert result.exact is None
    assert sum(t.wins for t in result.wins) == 20_000
    with pytest.raises(InvalidArgument, match="no exact probabilities"):
        result.z_scores()
    rules = PigRules(30, 6)
    a, b = (make_player("pig", name, rules) for name in ("four-turns", "hold10"))
    result = simulate_players(rules, [a, b], 200_000, seed=5)
    first, _ = first_mover_probabilities(rules, a.table(rules), b.table(rules))
    assert result.exact == pytest.approx([first, 1 - first], abs=1e-14)
    assert all(abs(z) < 4 for z in result.z_scores())


def test_bad_arguments() -> None:
    rules = PigRules(10, 6, players=3)
    hold = make_player("pig", "hold3", rules)
    with pytest.raises(InvalidArgument, match="one per seat"):
        simulate_players(rules, [hold, hold], 10, seed=1)
    with pytest.raises(InvalidArgument, match="at least 1"):
        simulate_seats(rules, [], 0, 1)
    with pytest.raises(InvalidArgument, match="seed"):
        simulate_players(rules, [hold] * 3, 10, seed=-1)


def test_rotated_first_movers_agree_with_the_seatings_compared() -> None:
    """Each player moving first in a third of the games: the exact rate is the average of the
    three cyclic seatings compare_seatings gives, and the simulation agrees with it."""
    from pigsolve.solver.pig.evaluate_multi import compare_seatings
    from pigsolve.solver.pig.simulate_multi import simulate_rotations

    rules = PigRules(30, 4, players=3)
    players = [make_player("pig", name, rules) for name in ("hold20", "pace-race", "hold10")]
    result = simulate_rotations(rules, players, 60_000, seed=11)
    assert sum(tally.wins for tally in result.wins) == 60_000
    seatings = compare_seatings(rules, players)
    cyclic = [
        r for r, order in enumerate(seatings.orders) if order in ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    ]
    np.testing.assert_allclose(
        result.exact, seatings.probabilities[cyclic].mean(axis=0), atol=1e-12
    )
    assert all(abs(z) < 4 for z in result.z_scores())
