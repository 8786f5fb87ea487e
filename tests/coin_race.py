"""The tests' toy game family, a coin race, registered only by the fixture ``coin_race`` (a
pytest plugin of the root conftest): the registry is the only door, so the product serves it
with no change outside the registry.

The mover either steps (1 point, surely) or flips a coin (2 points on heads, nothing on tails);
the first to the goal wins. Its values are small enough to derive by hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import h5py
import numpy as np
import pytest

from pigsolve.policies.roster import ROSTERS, Roster
from pigsolve.solver import registry
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.registry import Capabilities, Demands
from pigsolve.solver.results import Comparison, Simulation, Tally
from pigsolve.ui import adapters
from pigsolve.ui.adapters.explorer import Axis, HeatMap, Picture

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

    def chances(self, state: tuple[int, int]) -> tuple[float, float]:
        return (self.win_probability(state), 1.0 - self.win_probability(state))

    def best_action(self, state: tuple[int, int]) -> str:
        return best(self.rules.goal, self.values, *state)

    def action_values(self, state: tuple[int, int]) -> dict[str, float]:
        return {a: worth(self.rules.goal, self.values, *state, a) for a in ACTIONS}


@dataclass(frozen=True)
class Coin:
    """A player: ``decide(s, o, v_next)`` gives the action; ``choose(view)`` plays it in a game
    (``values``: the solved values the optimal player reads)."""

    name: str
    decide: Any
    values: Any = None

    def choose(self, view: tuple[int, int]) -> str:
        return self.decide(*view, self.values)


class CoinFamily:
    name, label, games, rules_type = "coin", "Coin race", ("coin-race",), CoinRace
    can = Capabilities()

    def rules(self, game: str, **params: Any) -> CoinRace:
        return CoinRace(**params)

    def state(self, rules: CoinRace, state: Any) -> tuple[int, ...]:
        return tuple(state)

    def table_name(self, rules: CoinRace) -> str:
        return f"coin-race-goal{rules.goal}.h5"

    def solve(self, rules: CoinRace, progress: Any = None) -> CoinSolution:
        optimal = lambda s, o, v: best(rules.goal, v, s, o)  # noqa: E731
        return CoinSolution(rules, sweep(rules.goal, [optimal, optimal])[0])

    def save(self, solution: CoinSolution, path: Path, force: bool = False) -> Path:
        with h5py.File(path, "w") as f:
            f["values"], f.attrs["goal"] = solution.values, solution.rules.goal
        return path

    def load(self, path: Path) -> CoinSolution:
        with h5py.File(path, "r") as f:
            return CoinSolution(CoinRace(int(f.attrs["goal"])), f["values"][()])

    def evaluate(self, rules: CoinRace, players: Any) -> tuple[float, float]:
        a, b = players
        first = float(sweep(rules.goal, [a.decide, b.decide])[0][0, 0])
        return first, 1.0 - first

    def compare(self, rules: CoinRace, a: Any, b: Any) -> Comparison:
        a_first, b_first = self.evaluate(rules, [a, b])[0], self.evaluate(rules, [b, a])[1]
        return Comparison(a.name, b.name, rules.goal, 2, a_first, b_first)

    def simulate(
        self, rules: CoinRace, players: Any, games: int, seed: int | None, progress: Any = None
    ) -> Simulation:
        rng, goal, wins = np.random.default_rng(seed), rules.goal, [0, 0]
        choosers = [p.decide for p in players]
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

    def play(self, rules: CoinRace, rng: np.random.Generator) -> CoinPlay:
        return CoinPlay(CoinGame(rules, rng))

    def demands(self, rules: CoinRace) -> Demands:
        return Demands(f"goal {rules.goal}", 8 * rules.goal**2)

    def fits(self, rules: CoinRace, available: int) -> str:
        goal = math.isqrt(available // 8)
        command = f"pigsolve compute --game coin-race --goal {goal}"
        return f"the largest goal that fits is {goal}: `{command}`"

    def game_name(self, rules: CoinRace) -> str:
        return "coin-race"

    def describe(self, rules: CoinRace) -> str:
        return f"the coin race table for goal {rules.goal}"

    def command(self, rules: CoinRace, path: Any = None) -> str:
        return "pigsolve compute --game coin-race"


class CoinAdapter(adapters.Adapter):
    """The toy's words: the base adapter's, and an explorer of its table: a heat map."""

    def explore(self, solution: CoinSolution, cells: int) -> Picture:
        goal, scores = solution.rules.goal, list(range(solution.rules.goal))
        return Picture(
            heat_map=HeatMap(
                caption=f"Coin race, goal {goal}: the mover's win probability",
                x=Axis(label="your score", values=scores),
                y=Axis(label="opponent score", values=scores),
                z=solution.values.tolist(),
                scale=Axis(label="win probability"),
                key="Colours: the chance of the player to move.",
                hover="{x} vs {y}: win probability {z:.2%}",
            )
        )


class CoinGame:
    """The step-wise engine: the mover steps or flips; the first to the goal wins."""

    def __init__(self, rules: CoinRace, rng: np.random.Generator) -> None:
        self.rules, self.rng, self.scores, self.player = rules, rng, [0, 0], 0

    @property
    def over(self) -> bool:
        return max(self.scores) >= self.rules.goal

    @property
    def winner(self) -> int | None:
        return self.player if self.over else None

    @property
    def view(self) -> tuple[int, int]:
        return self.scores[self.player], self.scores[1 - self.player]

    def legal_actions(self) -> tuple[str, ...]:
        return () if self.over else tuple(ACTIONS)

    def start(self) -> list[Any]:
        return []

    def apply(self, action: str) -> list[tuple[int, str, int]]:
        outcomes = ACTIONS[action]
        points = outcomes[0][1] if len(outcomes) == 1 or self.rng.random() < 0.5 else 0
        event = (self.player, action, points)
        self.scores[self.player] += points
        if not self.over:
            self.player = 1 - self.player
        return [event]


@dataclass
class CoinPlay:
    game: CoinGame
    action_field = "action"

    def legal(self) -> list[str]:
        return list(self.game.legal_actions())

    def action(self, value: Any) -> str:
        if value not in ACTIONS:
            raise InvalidArgument("action must be step or flip")
        return value

    def name(self, action: str) -> str:
        return action

    def words(self, name: str) -> str:
        return name

    def lines(self, events: Any, names: Any) -> list[str]:
        return [f"{names[who]} {action}s: {points} points" for who, action, points in events]

    def fields(self) -> dict[str, Any]:
        return {"dice": []}

    def advice(self, table: CoinSolution) -> tuple[str, dict[str, float]]:
        view = self.game.view
        return table.best_action(view), table.action_values(view)


@pytest.fixture
def coin_race(monkeypatch: pytest.MonkeyPatch) -> CoinFamily:
    """The toy family, registered for one test only: its game, players and words."""
    registry.families()  # the built-in families first
    monkeypatch.setattr(registry, "_FAMILIES", dict(registry._FAMILIES))
    roster = Roster(coin_players, coin_player, optimal_coin, no_best_response, check_coin)
    monkeypatch.setitem(ROSTERS, "coin", roster)
    family = registry.register(CoinFamily())
    monkeypatch.setitem(adapters._ADAPTERS, "coin", CoinAdapter(family))
    return family


def coin_players(rules: Any = None) -> list[tuple[str, str]]:
    return [("step", "always steps"), ("flip", "always flips"), ("optimal", "the best")]


def coin_player(
    name: str, rules: CoinRace, table_path: Any = None, announce: Any = None, seed: Any = None
) -> Coin:
    if name == "optimal":
        return optimal_coin(CoinFamily().solve(rules))
    if name not in ACTIONS:
        raise InvalidArgument(f"unknown player {name!r}; accepted: step, flip, optimal")
    return Coin(name, lambda s, o, v: name)


def check_coin(name: str, rules: CoinRace) -> None:
    if name not in (*ACTIONS, "optimal", "human"):
        raise InvalidArgument(f"unknown player {name!r}; accepted: step, flip, optimal")


def optimal_coin(solution: CoinSolution, seed: Any = None) -> Coin:
    goal = solution.rules.goal
    return Coin("optimal", lambda s, o, v: best(goal, v, s, o), solution.values)


def no_best_response(rules: CoinRace, opponents: Any) -> Any:
    raise NotImplementedError("coin-race has no best response")
