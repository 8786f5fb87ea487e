"""Monte Carlo Hog tournaments on the step-wise engine, to set beside the exact evaluation."""

from __future__ import annotations

import time

import numpy as np

from pigsolve.solver.dice import RandomDice
from pigsolve.solver.engine import HogGame, play
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.hog import HogRules
from pigsolve.solver.hog.evaluate import compare
from pigsolve.solver.hog.solve import check_policy
from pigsolve.solver.results import Simulation, Tally, check_seed, fresh_seed


def simulate(
    rules: HogRules,
    policy_a: np.ndarray,
    policy_b: np.ndarray,
    games: int,
    seed: int | None = None,
    a: str = "A",
    b: str = "B",
) -> Simulation:
    """Play ``games`` games of A against B with seeded random dice; A starts the even games.

    The result carries the exact probabilities of the same policies for the z-scores.
    """
    if games < 1:
        raise InvalidArgument(f"games must be >= 1, got {games}")
    seed = fresh_seed() if seed is None else check_seed(seed)
    policies = [check_policy(rules, policy_a), check_policy(rules, policy_b)]
    choosers = [lambda state, p=p: int(p[state.index(rules)]) for p in policies]
    dice = RandomDice(rules.die_sides, np.random.default_rng(seed))
    wins = [0, 0]
    turns = 0
    start = time.perf_counter()
    for number in range(games):
        first = number % 2  # 0: A starts
        game = HogGame(rules, dice, first=first)
        records: list = []
        wins[first] += play(game, choosers, records.append) == 0
        turns += len(records)
    seconds = time.perf_counter() - start
    a_games = (games + 1) // 2
    a_first, b_first = Tally(a_games, wins[0]), Tally(games - a_games, wins[1])
    exact = compare(rules, policy_a, policy_b, a, b)
    return Simulation(
        a, b, rules.goal, rules.die_sides, seed, a_first, b_first, turns / games, seconds, exact
    )
