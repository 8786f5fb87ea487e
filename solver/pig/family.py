"""Pig's family in the registry: Pig's die and every game of roll outcomes (Two-Dice Pig, Big
Pig, Pass the Pigs, a TOML file), for any number of players.

A state is ``((scores...), turn_total)`` from the mover's seat (:mod:`solver.registry`). The
solvers, tables and evaluators are imported when first used, so registering costs nothing.
The players come a layer up (:mod:`policies.roster`): the family evaluates and simulates the
players it is handed.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import BUILT_IN
from pigsolve.solver.registry import register
from pigsolve.solver.results import Comparison

PARAMETERS = ("goal", "die_sides", "players", "piglet")
"""The parameters :meth:`PigFamily.rules` takes (``die_sides`` and ``piglet``: Pig's die only)."""


class PigFamily:
    """Pig and the games of its family (see :class:`solver.registry.Family`)."""

    name = "pig"
    names = ("pig", *BUILT_IN)
    rules_type = PigRules
    file_suffixes = (".toml",)

    def rules(self, name: str, **params: Any) -> PigRules:
        """Return the rules of ``name`` (a built-in game or a TOML file) with ``params``.

        >>> PigFamily().rules("big-pig", goal=50).game
        'big-pig'
        """
        unknown = sorted(set(params) - set(PARAMETERS))
        if unknown:
            raise TypeError(
                f"{name} takes the parameters {', '.join(PARAMETERS)}, not {', '.join(unknown)}"
            )
        if name == "pig":
            return PigRules(**params)
        if name in BUILT_IN:
            return PigRules(outcomes=BUILT_IN[name](), **params)
        from pigsolve.solver.games.pig_files import load_game

        return PigRules(outcomes=load_game(name), **params)

    def table_name(self, rules: PigRules) -> str:
        """Return the file name of the table of ``rules`` (in ``data/`` by default)."""
        from pigsolve.solver.pig.table import default_path

        return default_path(rules).name

    def solve(self, rules: PigRules) -> Any:
        """Return the layered solution of ``rules`` (a :class:`solver.pig.solution.PigSolution`)."""
        from pigsolve.solver.pig.solve import solve

        return solve(rules)

    def load(self, path: Path) -> Any:
        """Return the :class:`solver.pig.solution.PigSolution` stored at ``path``."""
        from pigsolve.solver.pig.table import load

        return load(path)

    def evaluate(self, rules: PigRules, players: Sequence[Any]) -> tuple[float, ...]:
        """Return each player's exact win probability, seat 0 moving first."""
        from pigsolve.solver.pig.evaluate import evaluate

        evaluation = evaluate(rules, list(players))
        return tuple(float(p) for p in evaluation.win_probabilities)

    def compare(self, rules: PigRules, a: Any, b: Any) -> Comparison:
        """Return the exact probabilities that ``a`` beats ``b``, A first and B first."""
        from pigsolve.solver.pig.evaluate import evaluate

        if rules.players != 2:
            raise InvalidArgument(
                f"compare takes 2 players; the rules have {rules.players}: use evaluate"
            )
        seated = [a, b]
        starts = evaluate(rules, seated).starts
        a, b = (player.name for player in seated)
        first = (float(starts[0, 0]), float(starts[1, 0]))
        return Comparison(a, b, rules.goal, rules.die_sides, *first)

    def simulate(
        self, rules: PigRules, players: Sequence[Any], games: int, seed: int | None = None
    ) -> Any:
        """Return ``games`` seeded games of ``players``: a :class:`solver.results.Simulation` for
        two players, a :class:`solver.pig.simulate.Tournament` for more."""
        from pigsolve.solver.pig.simulate import simulate

        tournament = simulate(rules, list(players), games, seed)
        return tournament.pair() if rules.players == 2 else tournament


PIG = register(PigFamily())
