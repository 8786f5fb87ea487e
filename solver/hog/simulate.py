"""Monte Carlo Hog tournaments on the step-wise engine, to set beside the exact evaluation."""

from __future__ import annotations

import contextlib
import time

import numpy as np

from pigsolve.solver.dice import RandomDice
from pigsolve.solver.engine import HogGame, TurnRecord, play
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.hog import HogRules, HogState
from pigsolve.solver.hog.evaluate import compare
from pigsolve.solver.hog.solve import check_policy
from pigsolve.solver.results import Simulation, Tally, check_seed, fresh_seed


class Endless(Exception):
    """Both players stall for ever: a position came back, and computer players are
    deterministic."""


class Records(list):
    """A game's turns, kept to count them; a position that comes back raises :class:`Endless`
    (only 0-point turns keep the score sum, and they are the same choice again and again)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[tuple[int, HogState]] = set()
        self.total = -1

    def append(self, record: TurnRecord) -> None:
        total = record.state.score + record.state.opponent_score
        if total != self.total:
            self.total, self.seen = total, set()
        if (record.who, record.state) in self.seen:
            raise Endless
        self.seen.add((record.who, record.state))
        super().append(record)


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

    The result carries the exact probabilities of the same policies for the z-scores. A game
    where both players stall for ever (Spring 2022) is won by neither.
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
        records = Records()
        with contextlib.suppress(Endless):  # an endless game: A did not win
            wins[first] += play(game, choosers, records.append) == 0
        turns += len(records)
    seconds = time.perf_counter() - start
    a_games = (games + 1) // 2
    a_first, b_first = Tally(a_games, wins[0]), Tally(games - a_games, wins[1])
    exact = compare(rules, policy_a, policy_b, a, b)
    return Simulation(
        a, b, rules.goal, rules.die_sides, seed, a_first, b_first, turns / games, seconds, exact
    )
