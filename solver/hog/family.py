"""Hog's family in the registry: CS 61A's rule sets, every semester since Fall 2016 but two,
and a rules file of your own (``--game my_rules.py``, :mod:`solver.games.hog_files`).

A state is ``(score, opponent_score)`` (Pork Chop's flag and Feral Hogs' previous turn scores at
their starting values) or ``(score, opponent_score, four_sided, prev, opponent_prev)`` in full;
a :class:`solver.hog.solve.HogSolution` answers the shared protocol. The players come a layer up
(:mod:`policies.hog`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.hog import (
    DEFAULT_GOAL,
    PREFIX,
    RULES_FILE,
    SEMESTERS,
    HogRules,
    hog_rules,
)
from pigsolve.solver.registry import Capabilities, Demands, register
from pigsolve.solver.results import Comparison, Simulation

if TYPE_CHECKING:
    from pigsolve.solver.hog.solve import HogSolution

PARAMETERS = ("goal", "feral_hogs")
"""The parameters :meth:`HogFamily.rules` takes (``feral_hogs``: su20's rule on or off)."""


def _verify(solution: HogSolution, max_residual: float) -> list[Any]:
    from pigsolve.solver.hog.verify import verify_table

    return verify_table(solution, max_residual)


def _export(solution: HogSolution, what: str, out: Path, fmt: str | None, force: bool) -> Path:
    from pigsolve.solver.hog.export import export_strategy

    return export_strategy(solution, what, out, fmt, force)


def _cannot_export(rules: HogRules, what: str) -> str:
    from pigsolve.solver.hog.export import cannot_export

    return cannot_export(rules, what)


def _contest(rules: HogRules, tables: Sequence[Any], progress: Any = None) -> Any:
    from pigsolve.solver.hog.tournament import win_rates

    return win_rates(rules, tables, progress)


class HogFamily:
    """CS 61A's Hog (see :class:`solver.registry.Family`)."""

    name = "hog"
    label = "Hog"
    games = tuple(PREFIX + semester for semester in SEMESTERS)
    rules_type = HogRules
    can = Capabilities(
        players=(2, 2),
        state="score, opponent's score (or five: the four-sided flag, both previous turns)",
        verify=_verify,
        exports=("strategy",),
        export_formats=("py",),
        export=_export,
        cannot_export=_cannot_export,
        contest=_contest,
        file_suffixes=(RULES_FILE,),
    )

    def rules(
        self, game: str, goal: int = DEFAULT_GOAL, feral_hogs: bool | None = None, **params: Any
    ) -> HogRules:
        """Return the rules of ``hog-SEMESTER`` with ``goal`` (and ``feral_hogs``, su20's), or
        of the rules file ``game`` (``my_rules.py``) tabulated for ``goal``.

        >>> HogFamily().rules("hog-su20", goal=50, feral_hogs=False).feral_hogs
        False
        """
        if params:
            raise TypeError(
                f"{game} takes the parameters {', '.join(PARAMETERS)}, not {', '.join(params)}"
            )
        if game.endswith(RULES_FILE):
            from pigsolve.solver.games.hog_files import rules_from_file

            if feral_hogs is not None:
                raise TypeError(f"{game} takes the parameter goal, not feral_hogs (su20's rule)")
            return rules_from_file(game, goal)
        return hog_rules(game.removeprefix(PREFIX), goal, feral_hogs)

    def state(self, rules: HogRules, state: Sequence[Any]) -> tuple[int, ...]:
        """Return ``score opponent_score``, or the five numbers with the four-sided flag and
        both previous turn scores, checked against ``rules``.

        >>> HogFamily().state(hog_rules("fa16"), [10, 20])
        (10, 20)
        """
        from pigsolve.solver.hog.solve import HOG_FORM, hog_state
        from pigsolve.solver.states import numbers

        given = numbers(state, HOG_FORM)
        if len(given) not in (2, 5):
            raise InvalidArgument(
                f"a Hog state is {HOG_FORM}, got {len(given)} numbers", parameter="state"
            )
        hog_state(given).check(rules)
        return given

    def solve(self, rules: HogRules, progress: Any = None) -> HogSolution:
        """Return the optimal solution of ``rules`` (one pass: no ``progress`` is reported)."""
        from pigsolve.solver.hog.solve import solve

        return solve(rules)

    def load(self, path: Path, checked: bool = True) -> HogSolution:
        """Return the solution stored at ``path``, ``checked`` before it is believed (``verify``
        reads it unchecked, to show every check)."""
        from pigsolve.solver.hog.table import load

        return load(path, checked)

    def save(self, solution: HogSolution, path: Path, force: bool = False) -> Path:
        """Write ``solution`` to ``path`` atomically."""
        from pigsolve.solver.hog.table import save

        return save(solution, path, force=force)

    def evaluate(self, rules: HogRules, players: Sequence[Any]) -> tuple[float, ...]:
        """Return the two players' exact win probabilities, the first moving first."""
        comparison = self.compare(rules, *_two(players))
        return comparison.a_first, 1.0 - comparison.a_first

    def compare(self, rules: HogRules, a: Any, b: Any) -> Comparison:
        """Return the exact probabilities that ``a`` beats ``b``, A first and B first."""
        from pigsolve.solver.hog.evaluate import compare

        return compare(rules, a.table(rules), b.table(rules), a.name, b.name)

    def simulate(
        self,
        rules: HogRules,
        players: Sequence[Any],
        games: int,
        seed: int | None = None,
        progress: Any = None,
    ) -> Simulation:
        """Return ``games`` seeded games of the two players, A starting the even ones (at once:
        no ``progress`` is reported)."""
        from pigsolve.solver.hog.simulate import simulate

        a, b = _two(players)
        return simulate(rules, a.table(rules), b.table(rules), games, seed, a.name, b.name)

    def play(self, rules: HogRules, rng: Any) -> Any:
        """Return a game of ``rules`` with dice drawn from ``rng``, as the page plays it (its
        engine, actions by name, the log's words): a :class:`solver.hog.play.HogPlay`."""
        from pigsolve.solver.hog.play import HogPlay

        return HogPlay(rules, rng)

    def demands(self, rules: HogRules) -> Demands:
        """Return what solving ``rules`` demands: one backward pass, every game solved."""
        from pigsolve.solver.durations import hog_solve
        from pigsolve.solver.hog.solve import memory_needed

        return Demands(f"{rules.name} goal {rules.goal}", memory_needed(rules), *hog_solve(rules))

    def fits(self, rules: HogRules, available: int) -> str:
        """Return the largest goal of ``rules`` whose solve fits ``available`` bytes, as the
        command that computes it."""
        from pigsolve.solver.hog.table import fits

        return fits(rules, available)

    def game_name(self, rules: HogRules) -> str:
        """Return ``hog-`` and the rule set's first semester (``hog-fa22`` for Spring 2023's), or
        the rules file the rules were read from."""
        if not rules.from_file:
            return PREFIX + rules.name
        from pigsolve.solver.games.hog_files import game_file

        return game_file(rules)

    def describe(self, rules: HogRules) -> str:
        """Return the table of ``rules`` in words."""
        return f"the optimal {rules.name} Hog table for goal {rules.goal}"

    def table_name(self, rules: HogRules) -> str:
        """Return the file name of the table of ``rules``."""
        from pigsolve.solver.hog.table import default_path

        return default_path(rules).name

    def command(self, rules: HogRules, path: Path | str | None = None) -> str:
        """Return the ``pigsolve compute`` command that writes the table of ``rules``."""
        from pigsolve.solver.hog.table import compute_command

        return compute_command(rules, path)


def _two(players: Sequence[Any]) -> Sequence[Any]:
    if len(players) != 2:
        raise InvalidArgument(f"Hog is a game of 2 players, got {len(players)}")
    return players


HOG = register(HogFamily())
