"""The optimal Pig players: they read the solver's table for the rules (two players: the optimal
decisions; more: the equilibrium)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from pigsolve.solver.pig.seats import SeatPolicy, threshold_seat

if TYPE_CHECKING:
    from pigsolve.solver.games.pig import PigRules, View
    from pigsolve.solver.pig.multi_table import MultiTable
    from pigsolve.solver.pig.table import PigTable


class OptimalPolicy:
    """Roll exactly where rolling maximises the probability of winning (Neller & Presser 2004)."""

    name = "optimal"
    description = "maximises the probability of winning (reads or computes the solver's table)"
    memory = 1

    def __init__(self, table: PigTable) -> None:
        self.optimal_table = table
        self.goal = table.rules.goal

    def choose(self, view: View) -> bool:
        """Return the table's decision; hold once the goal is reached."""
        if view.goal != self.goal:
            raise ValueError(f"the optimal table is for goal {self.goal}, not {view.goal}")
        if view.score + view.turn_total >= view.goal:
            return False
        return bool(
            self.optimal_table.should_roll(view.score, view.opponent_score, view.turn_total)
        )

    def table(self, rules: PigRules) -> np.ndarray:
        """Return the table's decisions.

        Returns
        -------
        ndarray of bool, shape (1, G, G, G)
            ``[0, i, j, k]`` True where rolling is optimal.
        """
        if rules != self.optimal_table.rules:
            raise ValueError(f"the optimal table is for {self.optimal_table.rules}, not {rules}")
        return np.asarray(self.optimal_table.roll_array(), dtype=bool)[np.newaxis]

    def seat_policy(self, rules: PigRules) -> SeatPolicy:
        """Return the table's decisions as the exact evaluation and the simulation take them."""
        return threshold_seat(self.name, self.table(rules), rules)

    def __repr__(self) -> str:
        return f"<OptimalPolicy goal={self.goal}>"


class EquilibriumPolicy:
    """Play the N-player equilibrium: roll where it is a best reply, flip its coin where mixed."""

    name = "optimal"
    description = "plays the equilibrium: each player maximises its own chance of winning"
    memory = 1

    def __init__(self, table: MultiTable, seed: int | None = None) -> None:
        self.optimal_table = table
        self.goal = table.rules.goal
        self.random = random.Random(seed)

    def roll_probability(self, view: View) -> float:
        """Return the probability that the equilibrium rolls in ``view`` (0 at the goal)."""
        if view.goal != self.goal:
            raise ValueError(f"the equilibrium table is for goal {self.goal}, not {view.goal}")
        if view.score + view.turn_total >= view.goal:
            return 0.0
        return float(self.optimal_table.row(view.scores).roll_probability[view.turn_total])

    def choose(self, view: View) -> bool:
        """Return True to roll; at a mixed state, with the equilibrium's probability."""
        q = self.roll_probability(view)
        return q == 1.0 or (q > 0.0 and self.random.random() < q)

    def seat_policy(self, rules: PigRules) -> SeatPolicy:
        """Return its decisions: greedy on its own values in the table, mixed where stored."""
        return self.optimal_table.greedy_seat(rules, self.name)

    def __repr__(self) -> str:
        return f"<EquilibriumPolicy players={self.optimal_table.rules.players} goal={self.goal}>"


def optimal_player(
    rules: PigRules,
    table_path: Path | None = None,
    announce: Callable[[str], None] | None = None,
) -> OptimalPolicy | EquilibriumPolicy:
    """Return the optimal player for ``rules`` (the equilibrium for three or more players),
    computing and saving its table if missing (``announce`` is told in one line)."""
    from pigsolve.solver.pig.table import load_or_compute

    table = load_or_compute(rules, path=table_path, announce=announce)
    return OptimalPolicy(table) if rules.players == 2 else EquilibriumPolicy(table)
