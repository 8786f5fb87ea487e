"""Pig's family in the registry: Pig's die and every game of roll outcomes (Two-Dice Pig, Big
Pig, Pass the Pigs, a TOML file), for any number of players.

A state is every score, the mover's first, then the turn total (:mod:`solver.registry`). The
solvers, tables and evaluators are imported when first used, so registering costs nothing.
The players come a layer up (:mod:`policies.pig`): the family evaluates and simulates the
players it is handed.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import BUILT_IN
from pigsolve.solver.pig.kinds import Export, Plot
from pigsolve.solver.registry import Capabilities, Demands, register
from pigsolve.solver.results import Comparison

PARAMETERS = ("goal", "die_sides", "players", "piglet")
"""The parameters :meth:`PigFamily.rules` takes (``die_sides`` and ``piglet``: Pig's die only)."""
OPTIONS = ("method", "tolerance")
"""The solver's options: ``layered`` or ``value-iteration`` (two players), and its tolerance."""


def _verify(solution: Any, max_residual: float) -> list[Any]:
    from pigsolve.solver.pig.verify import verify_table

    return verify_table(solution, max_residual)


def _export(solution: Any, what: str, out: Path, fmt: str | None, force: bool) -> Path:
    from pigsolve.solver.pig.export import export_table

    return export_table(solution, what, out, fmt, force)


def _plot(solution: Any, kind: str, out: Path, opponent: int | None, force: bool, announce) -> Path:
    """Draw ``kind``; three players or more beside two players' table, made if missing."""
    from dataclasses import replace

    from pigsolve.solver.pig.plot import plot_table
    from pigsolve.solver.tables import table_for

    rules = solution.rules
    two = None
    if rules.players > 2 and kind == Plot.players:
        two = table_for(replace(rules, players=2), None, announce)
    return plot_table(solution, kind, out, opponent, force, two)


class PigFamily:
    """Pig and the games of its family (see :class:`solver.registry.Family`)."""

    name = "pig"
    label = "Pig"
    games = ("pig", *BUILT_IN)
    rules_type = PigRules
    can = Capabilities(
        players=(2, None),
        state="every score, the mover's first, then the turn total",
        verify=_verify,
        exports=tuple(Export),
        export=_export,
        plots=tuple(Plot),
        plot=_plot,
        store="pigsolve.solver.pig.distributed",
        options=OPTIONS,
        file_suffixes=(".toml",),
    )

    def rules(self, game: str, **params: Any) -> PigRules:
        """Return the rules of ``game`` (a built-in game or a TOML file) with ``params``.

        >>> PigFamily().rules("big-pig", goal=50).game
        'big-pig'
        """
        unknown = sorted(set(params) - set(PARAMETERS))
        if unknown:
            raise TypeError(
                f"{game} takes the parameters {', '.join(PARAMETERS)}, not {', '.join(unknown)}"
            )
        if game == "pig":
            return PigRules(**params)
        if game in BUILT_IN:
            return PigRules(outcomes=BUILT_IN[game](), **params)
        from pigsolve.solver.games.pig_files import load_game

        return PigRules(outcomes=load_game(game), **params)

    def state(self, rules: PigRules, state: Sequence[Any]) -> tuple[int, ...]:
        """Return every score, then the turn total, from ``state`` (flat or nested).

        >>> pig = PigFamily()
        >>> pig.state(PigRules(goal=50), [5, 7, 2]), pig.state(PigRules(), ((1, 2), 3))
        ((5, 7, 2), (1, 2, 3))
        """
        from pigsolve.solver.pig.query import check_state
        from pigsolve.solver.states import numbers

        scores, k = check_state(rules, list(numbers(state, "every score, then the turn total")))
        return (*scores, k)

    def solve(
        self,
        rules: PigRules,
        progress: Any = None,
        method: str = "layered",
        tolerance: float | None = None,
    ) -> Any:
        """Return the solution of ``rules`` by ``method`` (``layered``, or ``value-iteration``
        for two players to ``tolerance``), a :class:`solver.pig.solution.PigSolution`, calling
        ``progress(done, total)`` as it goes."""
        from pigsolve.solver.pig.solve import solve

        return solve(rules, method, tolerance, progress=progress)

    def load(self, path: Path, checked: bool = True) -> Any:
        """Return the :class:`solver.pig.solution.PigSolution` stored at ``path`` (a finished
        Zarr store too), its values ``checked`` before they are believed."""
        from pigsolve.solver.pig.table import load

        return load(path, checked)

    def save(self, solution: Any, path: Path, force: bool = False) -> Path:
        """Write ``solution`` to ``path`` atomically."""
        from pigsolve.solver.pig.table import save

        return save(solution, path, force=force)

    def evaluate(self, rules: PigRules, players: Sequence[Any]) -> tuple[float, ...]:
        """Return each player's exact win probability, seat 0 moving first."""
        from pigsolve.solver.pig.evaluation.evaluate import evaluate

        evaluation = evaluate(rules, list(players))
        return tuple(float(p) for p in evaluation.win_probabilities)

    def compare(self, rules: PigRules, a: Any, b: Any) -> Comparison:
        """Return the exact probabilities that ``a`` beats ``b``, A first and B first."""
        from pigsolve.solver.pig.evaluation.evaluate import evaluate

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
        self,
        rules: PigRules,
        players: Sequence[Any],
        games: int,
        seed: int | None = None,
        progress: Any = None,
    ) -> Any:
        """Return ``games`` seeded games of ``players``: a :class:`solver.results.Simulation` for
        two players, a :class:`solver.results.Tournament` for more, calling ``progress(done,
        total)`` as they are played."""
        from pigsolve.solver.pig.simulate import simulate

        tournament = simulate(rules, list(players), games, seed, progress)
        return tournament.pair() if rules.players == 2 else tournament

    def play(self, rules: PigRules, rng: Any) -> Any:
        """Return a game of ``rules`` with dice drawn from ``rng``, as the page plays it (its
        engine, actions by name, the log's words): a :class:`solver.pig.play.PigPlay`."""
        from pigsolve.solver.pig.play import PigPlay

        return PigPlay(rules, rng)

    def demands(self, rules: PigRules, method: str = "layered", **options: Any) -> Demands:
        """Return what solving ``rules`` by ``method`` demands; where a roll can lose the whole
        score, three players or more have no table."""
        from pigsolve.solver.games.pig import describe_rules
        from pigsolve.solver.pig.solve import (
            check_solvable,
            disk_needed,
            memory_needed,
            solve_seconds,
        )

        what = describe_rules(rules, die=False)
        try:
            check_solvable(rules, method)
        except InvalidArgument as err:
            return Demands(what, 0, unsolved=str(err))
        seconds, compiling = solve_seconds(rules, method)
        return Demands(
            what, memory_needed(rules, method), seconds, compiling, disk=disk_needed(rules)
        )

    def fits(self, rules: PigRules, available: int, method: str = "layered", **options: Any) -> str:
        """Return what fits ``available`` bytes instead of a solve of ``rules``: the largest
        goal, and with more players a store out of core and a simulation."""
        from pigsolve.solver.pig.fits import fits

        return fits(rules, available, method)

    def game_name(self, rules: PigRules) -> str:
        """Return ``pig`` for Pig's die, else the game's name (a file's: its ``name``)."""
        return rules.game

    def describe(self, rules: PigRules) -> str:
        """Return the table of ``rules`` in words: ``the optimal table for goal 100 and a
        6-sided die``."""
        from pigsolve.solver.games.pig import describe_rules

        return f"the optimal table for {describe_rules(rules)}"

    def table_name(self, rules: PigRules) -> str:
        """Return the file name of the table of ``rules``."""
        from pigsolve.solver.pig.paths import default_path

        return default_path(rules).name

    def command(self, rules: PigRules, path: Path | str | None = None) -> str:
        """Return the ``pigsolve compute`` command that writes the table of ``rules`` to
        ``path``."""
        from pigsolve.solver.pig.paths import compute_command

        return compute_command(rules, path)


PIG = register(PigFamily())
