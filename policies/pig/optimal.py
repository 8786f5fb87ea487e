"""The optimal Pig player, for any number of players: it reads the solver's solution for the
rules (two players: the optimal decisions; more: the equilibrium, flipping its coin where the
equilibrium mixes)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from pigsolve.solver.pig.seat_policy import SeatPolicy, threshold_seat

if TYPE_CHECKING:
    from pigsolve.solver.games.pig import PigRules, View
    from pigsolve.solver.pig.solution import PigSolution


class OptimalPolicy:
    """Roll where the solution rolls (Neller & Presser 2004 for two players; the equilibrium,
    each player maximising its own chance, for more), flipping a coin where it mixes."""

    name = "optimal"
    description = "maximises the probability of winning (reads or computes the solver's table)"
    memory = 1

    def __init__(self, table: PigSolution, seed: int | None = None) -> None:
        self.optimal_table = table
        self.goal = table.rules.goal
        self.random = random.Random(seed)

    def roll_probability(self, view: View) -> float:
        """Return the probability that the solution rolls in ``view`` (0 at the goal)."""
        if view.goal != self.goal:
            raise ValueError(f"the optimal table is for goal {self.goal}, not {view.goal}")
        return self.optimal_table.roll_probability(view.scores, view.turn_total)

    def choose(self, view: View) -> bool:
        """Return True to roll; at a mixed state, with the equilibrium's probability."""
        q = self.roll_probability(view)
        return q == 1.0 or (q > 0.0 and self.random.random() < q)

    def table(self, rules: PigRules) -> np.ndarray:
        """Return the two players' decisions.

        Returns
        -------
        ndarray of bool, shape (1, G, G, G)
            ``[0, i, j, k]`` True where rolling is optimal.
        """
        if rules != self.optimal_table.rules:
            raise ValueError(f"the optimal table is for {self.optimal_table.rules}, not {rules}")
        return np.asarray(self.optimal_table.roll_array(), dtype=bool)[np.newaxis]

    def seat_policy(self, rules: PigRules) -> SeatPolicy:
        """Return its decisions as the exact evaluation and the simulation take them: the
        solver's own choices where the full two-player table is at hand, else greedy on its
        values in the table (mixed where stored)."""
        if self.optimal_table.has_full_table:
            return threshold_seat(self.name, self.table(rules), rules)
        return self.optimal_table.greedy_seat(rules, self.name)

    def __repr__(self) -> str:
        return f"<OptimalPolicy players={self.optimal_table.rules.players} goal={self.goal}>"


EquilibriumPolicy = OptimalPolicy
"""The name the callers of three or more players used (the same player)."""


def optimal_player(
    rules: PigRules,
    table_path: Path | None = None,
    announce: Callable[[str], None] | None = None,
    seed: int | None = None,
) -> OptimalPolicy:
    """Return the optimal player for ``rules`` (the equilibrium for three or more players, its
    coins drawn from ``seed``), computing and saving its table if missing (``announce`` is told
    in one line)."""
    from pigsolve.solver.tables import table_for

    return OptimalPolicy(table_for(rules, table_path, announce), seed)
