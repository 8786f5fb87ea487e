"""The registry is the only door: a toy family registered here, and nowhere in the package, is
served by ``pigsolve.game``, ``solve``, ``evaluate``, ``compare`` and ``simulate`` unchanged.

The toy is a coin race: the mover either steps (1 point, surely) or flips a coin (2 points on
heads, nothing on tails); the first to the goal wins. Its values are small enough to derive by
hand (see the tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

import pigsolve
from pigsolve.policies.roster import ROSTERS, Roster
from pigsolve.solver import registry
from pigsolve.solver.results import Comparison, Simulation, Tally

ACTIONS = {"step": ((1.0, 1),), "flip": ((0.5, 2), (0.5, 0))}
"""Each action's (probability, points) outcomes."""


@dataclass(frozen=True)
class CoinRace:
    goal: int = 5


def worth(goal: int, v_next: np.ndarray, s: int, o: int, action: str) -> float:
    """Return the mover's win probability after ``action`` at (s, o), the next mover's values
    being ``v_next``."""
    return sum(p * (1.0 if s + g >= goal else 1.0 - v_next[o, s + g]) for p, g in ACTIONS[action])


def best(goal: int, v_next: np.ndarray, s: int, o: int) -> str:
    return max(ACTIONS, key=lambda a: worth(goal, v_next, s, o, a))


def sweep(goal: int, choosers: list[Any]) -> list[np.ndarray]:
    """Return each seat's values when seat m chooses by ``choosers[m](s, o, v_next)``."""
    v = [np.zeros((goal, goal)), np.zeros((goal, goal))]
    for _ in range(200):
        for m in (0, 1):
            v[m] = np.array(
                [
                    [worth(goal, v[1 - m], s, o, choosers[m](s, o, v[1 - m])) for o in range(goal)]
                    for s in range(goal)
                ]
            )
    return v


@dataclass(frozen=True)
class CoinSolution:
    rules: CoinRace
    values: np.ndarray
    method: str = "value-iteration"
    residual: float = float("nan")
    num_iter: int = 200
    seconds: float = 0.0

    def win_probability(self, state: tuple[int, int]) -> float:
        return float(self.values[state])

    def best_action(self, state: tuple[int, int]) -> str:
        return best(self.rules.goal, self.values, *state)

    def action_values(self, state: tuple[int, int]) -> dict[str, float]:
        return {a: worth(self.rules.goal, self.values, *state, a) for a in ACTIONS}


@dataclass(frozen=True)
class Coin:
    name: str
    choose: Any  # (s, o, v_next) -> action


class CoinFamily:
    name, names, rules_type, file_suffixes = "coin", ("coin-race",), CoinRace, ()

    def rules(self, name: str, **params: Any) -> CoinRace:
        return CoinRace(**params)

    def table_name(self, rules: CoinRace) -> str:
        return f"coin-race-goal{rules.goal}.h5"

    def solve(self, rules: CoinRace) -> CoinSolution:
        optimal = lambda s, o, v: best(rules.goal, v, s, o)  # noqa: E731
        return CoinSolution(rules, sweep(rules.goal, [optimal, optimal])[0])

    def load(self, path: Any) -> CoinSolution:
        raise NotImplementedError("coin-race keeps no tables")

    def evaluate(self, rules: CoinRace, players: Any) -> tuple[float, float]:
        a, b = players
        first = float(sweep(rules.goal, [a.choose, b.choose])[0][0, 0])
        return first, 1.0 - first

    def compare(self, rules: CoinRace, a: Any, b: Any) -> Comparison:
        a_first, b_first = self.evaluate(rules, [a, b])[0], self.evaluate(rules, [b, a])[1]
        return Comparison(a.name, b.name, rules.goal, 2, a_first, b_first)

    def simulate(self, rules: CoinRace, players: Any, games: int, seed: int | None) -> Simulation:
        rng, goal, wins = np.random.default_rng(seed), rules.goal, [0, 0]
        choosers = [p.choose for p in players]
        v = self.solve(rules).values  # what the optimal player consults
        for number in range(games):
            scores, mover = [0, 0], number % 2
            while max(scores) < goal:
                outcomes = ACTIONS[choosers[mover](scores[mover], scores[1 - mover], v)]
                scores[mover] += outcomes[0][1] if len(outcomes) == 1 or rng.random() < 0.5 else 0
                mover = 1 - mover
            wins[number % 2] += scores[0] >= goal
        a_games = (games + 1) // 2
        exact = self.compare(rules, *players)
        a_first, b_first = Tally(a_games, wins[0]), Tally(games - a_games, wins[1])
        a, b = (p.name for p in players)
        return Simulation(a, b, goal, 2, seed or 0, a_first, b_first, 0.0, 0.0, exact)


@pytest.fixture
def coin_race(monkeypatch: pytest.MonkeyPatch) -> CoinFamily:
    """The toy family, registered for one test only."""
    registry.families()  # the built-in families first
    monkeypatch.setattr(registry, "_FAMILIES", dict(registry._FAMILIES))
    monkeypatch.setitem(ROSTERS, "coin", Roster(coin_players, coin_player, no_best_response))
    return registry.register(CoinFamily())


def coin_players() -> list[tuple[str, str]]:
    return [("step", "always steps"), ("flip", "always flips"), ("optimal", "the best")]


def coin_player(name: str, rules: CoinRace) -> Coin:
    if name == "optimal":
        return Coin(name, lambda s, o, v: best(rules.goal, v, s, o))
    return Coin(name, lambda s, o, v: name)


def no_best_response(rules: CoinRace, opponents: Any) -> Any:
    raise NotImplementedError("coin-race has no best response")


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
