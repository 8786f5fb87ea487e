"""The registry is the only door: the tests' toy family (tests/coin_race.py), registered by the
fixture ``coin_race`` and nowhere in the package, is served by ``pigsolve.game``, ``solve``,
``evaluate``, ``compare`` and ``simulate`` unchanged."""

from __future__ import annotations

import pytest
from coin_race import CoinFamily

import pigsolve
from pigsolve.solver import registry


def test_the_toy_is_a_registered_game_for_its_test_only(coin_race) -> None:
    assert pigsolve.games()[-1] == "coin-race"
    assert registry.family_of(pigsolve.game("coin-race", goal=5)) is coin_race


def test_the_toy_is_not_registered_outside_its_tests() -> None:
    assert "coin-race" not in pigsolve.games()


def test_the_toy_is_solved_through_the_front_door(coin_race) -> None:
    solution = pigsolve.solve(pigsolve.game("coin-race", goal=2))
    assert isinstance(solution, registry.Solution)
    # By hand: at (0, 1) stepping loses (the opponent then steps home) and flipping wins 1/2;
    # at (0, 0) flipping gives W = 1/2 + (1 - W) / 2, so W = 2/3, above stepping's 1/2.
    assert solution.win_probability((0, 1)) == pytest.approx(0.5, abs=1e-15)
    assert solution.win_probability((0, 0)) == pytest.approx(2 / 3, abs=1e-15)
    assert solution.best_action((0, 0)) == "flip"
    assert solution.action_values((0, 0))["step"] == pytest.approx(0.5, abs=1e-15)


def test_the_toy_is_evaluated_compared_and_simulated_through_the_front_door(coin_race) -> None:
    rules = pigsolve.game("coin-race", goal=2)
    # By hand: A flips home on heads; on tails B steps to 1, and A flips home with 1/2 more.
    assert pigsolve.evaluate(rules, ["flip", "step"]) == pytest.approx((0.75, 0.25), abs=1e-15)
    assert pigsolve.evaluate(rules, ["step", "step"]) == (1.0, 0.0)
    comparison = pigsolve.compare(rules, "optimal", "step")
    assert comparison.a_first == pytest.approx(pigsolve.evaluate(rules, ["optimal", "step"])[0])
    simulation = pigsolve.simulate(rules, ["flip", "step"], 4000, seed=5)
    assert simulation.exact.a_first == pytest.approx(0.75, abs=1e-15)
    assert abs(simulation.a_first.rate - 0.75) < 5 * (0.75 * 0.25 / 2000) ** 0.5
    with pytest.raises(NotImplementedError, match="coin-race has no best response"):
        pigsolve.best_response(rules, ["step"])


def test_a_family_cannot_take_a_registered_name(coin_race) -> None:
    with pytest.raises(ValueError, match="registered already"):
        registry.register(CoinFamily())
