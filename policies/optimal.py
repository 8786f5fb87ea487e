"""The optimal Pig player: it reads the solver's table of optimal decisions for the rules."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from solver.games.pig import PigRules, View
    from solver.pig.table import PigTable


class OptimalPolicy:
    """Roll exactly where rolling maximises the probability of winning (Neller & Presser 2004)."""

    name = "optimal"
    description = "maximises the probability of winning (reads or computes the solver's table)"
    memory = 1

    def __init__(self, table: PigTable) -> None:
        self.optimal_table = table
        self.goal = table.rules.goal

    @classmethod
    def for_rules(
        cls,
        rules: PigRules,
        table_path: Path | None = None,
        announce: Callable[[str], None] | None = None,
    ) -> OptimalPolicy:
        """Return the optimal player for ``rules``, computing and saving its table if missing."""
        from solver.pig.table import load_or_compute

        return cls(load_or_compute(rules, path=table_path, announce=announce))

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

    def __repr__(self) -> str:
        return f"<OptimalPolicy goal={self.goal}>"
