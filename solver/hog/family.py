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
from pigsolve.solver.fields import choice_field, integer, integer_field, one_of
from pigsolve.solver.games.hog import DEFAULT_GOAL, HogRules, RuleSet, hog_rules
from pigsolve.solver.registry import register
from pigsolve.solver.results import Comparison, Simulation

if TYPE_CHECKING:
    from pigsolve.solver.hog.solve import HogSolution

PREFIX = "hog-"
PAGE_GOAL = 200
"""The largest Hog goal the page computes."""
RULE_SET_WORDS = {"fa16": "Fall 2016", "su20": "Summer 2020"}
"""Each rule set as the page's form names it."""
PARAMETERS = ("goal", "feral_hogs")
"""The parameters :meth:`HogFamily.rules` takes (``feral_hogs``: su20's rule on or off)."""


class HogFamily:
    """CS 61A's Hog (see :class:`solver.registry.Family`)."""

    name = "hog"
    names = tuple(PREFIX + rule_set for rule_set in RuleSet)
    rules_type = HogRules
    file_suffixes = ()
    label = "Hog"
    """The family as people name it."""
    max_players = 2
    page_fields = ("rules", "goal")
    """The fields the page names a game by (:meth:`page_rules`)."""

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

    def solve(self, rules: HogRules, progress: Any = None) -> HogSolution:
        """Return the optimal solution of ``rules`` (one pass: no ``progress`` is reported)."""
        from pigsolve.solver.hog.solve import solve

        return solve(rules)

    def save(self, solution: HogSolution, path: Path) -> Path:
        """Write ``solution`` to ``path`` atomically (an existing file is replaced)."""
        from pigsolve.solver.hog.table import save

        return save(solution, path, force=True)

    def load(self, path: Path) -> HogSolution:
        """Return the solution stored at ``path``."""
        from pigsolve.solver.hog.table import load

        return load(path)

    def evaluate(self, rules: HogRules, players: Sequence[Any]) -> tuple[float, ...]:
        """Return the two players' exact win probabilities, the first moving first."""
        comparison = self.compare(rules, *self._two(players))
        return comparison.a_first, 1.0 - comparison.a_first

    def check_exact(self, rules: HogRules) -> None:
        """Both Hog rule sets' players are evaluated exactly."""

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

    def play(self, rules: Any, rng: Any) -> Any:
        """Return a game of ``rules`` with dice drawn from ``rng``, as the page plays it (its
        engine, actions by name, the log's words): a :class:`solver.hog.play.HogPlay`."""
        from pigsolve.solver.hog.play import HogPlay

        return HogPlay(rules, rng)

    # The command line's questions: its tables, a query's state, how JSON names a game, pairs
    # of tables.

    query_options: tuple[str, ...] = ()
    """``pigsolve query``'s options beyond the state: none."""

    def parse_state(
        self, rules: HogRules, numbers: Sequence[int], **options: str
    ) -> tuple[Any, dict[str, Any]]:
        """Return the state the command line's ``numbers`` name: ``score opponent_score``, or
        five numbers with the four-sided flag and both previous turn scores.

        >>> HogFamily().parse_state(hog_rules("fa16"), [10, 20])
        ((10, 20), {})
        """
        if options:
            flag = "--" + next(iter(options)).replace("_", "-")
            raise InvalidArgument(f"{flag} is not an option of Hog")
        if len(numbers) not in (2, 5):
            raise InvalidArgument(
                "a Hog state is SCORE OPPONENT_SCORE (or five numbers with the four-sided flag "
                f"and both previous turn scores), got {len(numbers)} numbers",
                parameter="state",
            )
        return tuple(int(x) for x in numbers), {}

    def require(self, path: Path, rules: Any) -> Path:
        """Return ``path`` if a file is there; else MissingTable naming the command that makes
        it."""
        from pigsolve.solver.hog.table import require

        return require(path, rules)

    def record_fields(self, rules: Any) -> dict[str, Any]:
        """Return how a JSON record names the game of ``rules``."""
        return {"rules": rules.name}

    def compare_tables(self, rules: Any, a: Any, b: Any, name_a: str, name_b: str) -> Comparison:
        """Return the exact comparison of two players' decision tables (their ``table(rules)``)."""
        from pigsolve.solver.hog.evaluate import compare

        return compare(rules, a, b, name_a, name_b)

    def evaluation_cost(self, rules: HogRules, memories: Sequence[int]) -> tuple[int, float]:
        """Return the peak bytes and the seconds of a round robin of ``len(memories)`` players:
        a policy table each (int8 over ``rules.shape``) and a solve's memory; every ordered
        pair one backward pass."""
        import math

        from pigsolve.solver.durations import hog_solve
        from pigsolve.solver.hog.solve import memory_needed

        size = math.prod(rules.shape)
        return len(memories) * size + memory_needed(rules), hog_solve(rules)[0] * len(memories) ** 2

    # The page's questions: its limits, the memory a table needs, the words for a game.

    def describe(self, rules: HogRules) -> str:
        """Return the table of ``rules`` in words."""
        return f"the optimal {rules.name} Hog table for goal {rules.goal}"

    def title(self, rules: HogRules, players: bool = True) -> str:
        """Return the game in words before a noun: nothing, Hog's page names its rules."""
        return ""

    def memory_bytes(self, rules: HogRules) -> int:
        """Return the bytes a solve of ``rules`` needs at its peak, roughly."""
        from pigsolve.solver.hog.solve import memory_needed

        return memory_needed(rules)

    def fits(self, rules: HogRules, available: int) -> str:
        """Return the largest goal of ``rules`` whose solve fits ``available`` bytes, as the
        command that computes it."""
        from pigsolve.solver.hog.table import fits

        return fits(rules, available)

    def solve_seconds(self, rules: HogRules) -> tuple[float, float]:
        """Return the seconds a solve of ``rules`` takes: the work, the compiling first."""
        from pigsolve.solver.durations import hog_solve

        return hog_solve(rules)

    def unsolved(self, rules: HogRules) -> str:
        """Return '': every Hog game of two players is solved."""
        return ""

    def page_goal(self, rules: HogRules) -> int:
        """Return the largest goal at which the page computes a Hog table."""
        return PAGE_GOAL

    def page_refusal(self, rules: HogRules, use: str = "the page") -> str:
        """Return '': within its goal the page computes every Hog table."""
        return ""

    def command(self, rules: HogRules) -> str:
        """Return the command that computes the table of ``rules`` at the command line (its
        options are the command's to explain: the page's words name no flag)."""
        return "pigsolve hog compute"

    def explore(self, solution: Any, cells: int) -> dict[str, Any]:
        """Return the explorer's grids of ``solution``, scores sampled to at most ``cells``."""
        from pigsolve.solver.hog.explore import explore_grids

        return explore_grids(solution, cells)

    def page_rules(self, fields: dict[str, Any], players: int = 2) -> HogRules:
        """Return the rules the page's ``fields`` name (``rules``, ``goal``); InvalidArgument
        naming the field if one is wrong."""
        goal = integer(fields.get("goal", 100), "goal", 1)
        return hog_rules(
            one_of(fields.get("rules", "fa16"), "rules", tuple(map(str, RuleSet))), goal
        )

    def page_limits(self) -> dict[str, Any]:
        """Return the sizes the page accepts, for ``GET /api/limits``."""
        return {"goal": [1, PAGE_GOAL], "rules": [str(rule_set) for rule_set in RuleSet]}

    def page_form(self) -> dict[str, Any]:
        """Return the page's set-up form: the rule set and the goal."""
        rule_sets = {
            str(rule_set): RULE_SET_WORDS.get(str(rule_set), str(rule_set)) for rule_set in RuleSet
        }
        fields = [
            choice_field("rules", "Rules", rule_sets, "fa16"),
            integer_field("goal", "Goal", 1, PAGE_GOAL, DEFAULT_GOAL),
        ]
        return {"fields": fields, "note": f"Hog: goal up to {PAGE_GOAL}."}

    def page_title(self, rules: HogRules) -> str:
        """Return the game in the page's summary: 'Hog fa16'."""
        return f"Hog {rules.name}"


HOG = register(HogFamily())
