"""Hog's family in the registry: CS 61A's rule sets fa16 and su20, two players.

A state is ``(score, opponent_score)`` (Pork Chop's flag and Feral Hogs' previous turn scores at
their starting values) or ``(score, opponent_score, four_sided, prev_points,
opponent_prev_points)`` in full; a :class:`solver.hog.solve.HogSolution` answers the shared
protocol. The players come a layer up (:mod:`policies.roster`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.hog import DEFAULT_GOAL, HogRules, RuleSet, hog_rules
from pigsolve.solver.registry import register
from pigsolve.solver.results import Comparison, Simulation

if TYPE_CHECKING:
    from pigsolve.solver.hog.solve import HogSolution

PREFIX = "hog-"
PARAMETERS = ("goal", "feral_hogs")
"""The parameters :meth:`HogFamily.rules` takes (``feral_hogs``: su20's rule on or off)."""


class HogFamily:
    """CS 61A's Hog (see :class:`solver.registry.Family`)."""

    name = "hog"
    names = tuple(PREFIX + rule_set for rule_set in RuleSet)
    rules_type = HogRules
    file_suffixes = ()

    def rules(
        self, name: str, goal: int = DEFAULT_GOAL, feral_hogs: bool | None = None, **params: Any
    ) -> HogRules:
        """Return the rules of ``hog-fa16`` or ``hog-su20`` with ``goal`` (and ``feral_hogs``).

        >>> HogFamily().rules("hog-su20", goal=50, feral_hogs=False).feral_hogs
        False
        """
        if params:
            raise TypeError(
                f"{name} takes the parameters {', '.join(PARAMETERS)}, not {', '.join(params)}"
            )
        return hog_rules(name.removeprefix(PREFIX), goal, feral_hogs)

    def table_name(self, rules: HogRules) -> str:
        """Return the file name of the table of ``rules`` (in ``data/`` by default)."""
        from pigsolve.solver.hog.table import default_path

        return default_path(rules).name

    def solve(self, rules: HogRules) -> HogSolution:
        """Return the optimal solution of ``rules``."""
        from pigsolve.solver.hog.solve import solve

        return solve(rules)

    def load(self, path: Path) -> HogSolution:
        """Return the solution stored at ``path``."""
        from pigsolve.solver.hog.table import load

        return load(path)

    def evaluate(self, rules: HogRules, players: Sequence[Any]) -> tuple[float, ...]:
        """Return the two players' exact win probabilities, the first moving first."""
        comparison = self.compare(rules, *self._two(players))
        return comparison.a_first, 1.0 - comparison.a_first

    def compare(self, rules: HogRules, a: Any, b: Any) -> Comparison:
        """Return the exact probabilities that ``a`` beats ``b``, A first and B first."""
        from pigsolve.solver.hog.evaluate import compare

        return compare(rules, a.table(rules), b.table(rules), a.name, b.name)

    def simulate(
        self, rules: HogRules, players: Sequence[Any], games: int, seed: int | None = None
    ) -> Simulation:
        """Return ``games`` seeded games of the two players, A starting the even ones."""
        from pigsolve.solver.hog.simulate import simulate

        a, b = self._two(players)
        return simulate(rules, a.table(rules), b.table(rules), games, seed, a.name, b.name)

    def _two(self, players: Sequence[Any]) -> Sequence[Any]:
        if len(players) != 2:
            raise InvalidArgument(f"Hog is a game of 2 players, got {len(players)}")
        return players


HOG = register(HogFamily())
