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
from pigsolve.solver.fields import choice_field, integer, integer_field, one_of
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import BUILT_IN, TITLES
from pigsolve.solver.registry import register
from pigsolve.solver.results import Comparison

PARAMETERS = ("goal", "die_sides", "players", "piglet")
"""The parameters :meth:`PigFamily.rules` takes (``die_sides`` and ``piglet``: Pig's die only)."""

PAGE_GOAL = 2500
"""The largest two-player Pig goal the page computes (about 2 GiB and a minute or two)."""
PAGE_GOALS = {3: 200, 4: 50}
"""The largest goal the page computes for 3 and 4 players: measured on this project's 2-core
machine, 3 players at goal 200 take 23 s and 383 MiB, 4 players at goal 50 5 s and 390 MiB (at
goal 100 four players need 3.2 GB)."""
PAGE_FAMILY_GOAL = 300
"""The largest two-player goal of Two-Dice Pig, Big Pig and Pass the Pigs the page computes."""
PAGE_DIE = 100
"""The most sides of Pig's die the page takes."""
PAGE_WORK = PAGE_GOAL**3 * 6
"""Larger dice take longer: goal cubed times the sides may not pass goal 2500's with a d6."""


class PigFamily:
    """Pig and the games of its family (see :class:`solver.registry.Family`)."""

    name = "pig"
    names = ("pig", *BUILT_IN)
    rules_type = PigRules
    file_suffixes = (".toml",)
    label = "Pig"
    """The family as people name it."""
    max_players = 4
    page_fields = ("variant", "goal", "die")
    """The fields the page names a game by (:meth:`page_rules`)."""
    stores = "pigsolve.solver.pig.distributed"
    """Its solve into a Zarr store on a Dask cluster (three players or more)."""

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

    def save(self, solution: Any, path: Path) -> Path:
        """Write ``solution`` to ``path`` atomically (an existing file is replaced)."""
        from pigsolve.solver.pig.table import save

        return save(solution, path, force=True)

    def load(self, path: Path) -> Any:
        """Return the :class:`solver.pig.solution.PigSolution` stored at ``path``."""
        from pigsolve.solver.pig.table import load

        return load(path)

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
        self, rules: PigRules, players: Sequence[Any], games: int, seed: int | None = None
    ) -> Any:
        """Return ``games`` seeded games of ``players``: a :class:`solver.results.Simulation` for
        two players, a :class:`solver.results.Tournament` for more."""
        from pigsolve.solver.pig.simulate import simulate

        tournament = simulate(rules, list(players), games, seed)
        return tournament.pair() if rules.players == 2 else tournament

    def play(self, rules: Any, rng: Any) -> Any:
        """Return a game of ``rules`` with dice drawn from ``rng``, as the page plays it (its
        engine, actions by name, the log's words): a :class:`solver.pig.play.PigPlay`."""
        from pigsolve.solver.pig.play import PigPlay

        return PigPlay(rules, rng)

    # The command line's questions: its tables, a query's state, how JSON names a game, pairs
    # of tables.

    query_options: tuple[str, ...] = ()
    """``pigsolve query``'s options beyond the state: none."""

    def parse_state(
        self, rules: PigRules, numbers: Sequence[int], **options: str
    ) -> tuple[Any, dict[str, Any]]:
        """Return the state ``((scores...), turn_total)`` the command line's ``numbers`` name
        (every score, the mover's first, then the turn total).

        >>> PigFamily().parse_state(PigRules(goal=50), [5, 7, 2])
        (((5, 7), 2), {})
        """
        from pigsolve.solver.pig.query import check_state

        _no_options(options, rules.game)
        return check_state(rules, list(numbers)), {}

    def check_exact(self, rules: Any) -> None:
        """Every Pig game's players are evaluated exactly (their own sizes are checked apart)."""

    def require(self, path: Path, rules: Any) -> Path:
        """Return ``path`` if a file is there; else MissingTable naming the command that makes
        it."""
        from pigsolve.solver.pig.table import require

        return require(path, rules)

    def record_fields(self, rules: Any) -> dict[str, Any]:
        """Return how a JSON record names the game of ``rules``."""
        if rules.outcomes is not None:
            return {"game": rules.game}
        return {"die": rules.die_sides} | ({"piglet": True} if rules.piglet else {})

    def compare_tables(self, rules: Any, a: Any, b: Any, name_a: str, name_b: str) -> Comparison:
        """Return the exact comparison of two players' decision tables (their ``table(rules)``)."""
        from pigsolve.solver.pig.evaluation.evaluate import compare

        return compare(rules, a, b, name_a, name_b)

    def evaluation_cost(self, rules: PigRules, memories: Sequence[int]) -> tuple[int, float]:
        """Return the peak bytes and the seconds of a round robin of players who count
        ``memories`` held turns (1: none): each player's roll table, ``memory * G**3`` bools,
        and the largest pair's values, ``2 * G**2 * m_a * m_b`` floats, every ordered pair's
        work ``m_a * m_b`` times an evaluation's."""
        from pigsolve.solver.durations import PIG_SECONDS, pig_work

        goal = rules.goal
        tables = sum(memories) * goal**3
        pairs = [(a, b) for a in memories for b in memories]
        values = max(16 * goal**2 * a * b for a, b in pairs)
        seconds = PIG_SECONDS["players"] * pig_work(rules) * sum(a * b for a, b in pairs)
        return tables + values, seconds

    # The page's questions: its limits, the memory a table needs, the words for a game.

    def describe(self, rules: PigRules) -> str:
        """Return the table of ``rules`` in words: ``the optimal table for goal 100 and a
        6-sided die``."""
        from pigsolve.solver.games.pig import describe_rules

        return f"the optimal table for {describe_rules(rules)}"

    def title(self, rules: PigRules, players: bool = True) -> str:
        """Return the game (and ``players``) in words before a noun: '4-player Pig ', 'Big Pig '.

        >>> PigFamily().title(PigRules(players=4)), PigFamily().title(PigRules())
        ('4-player Pig ', '')
        """
        seats = f"{rules.players}-player " if players and rules.players > 2 else ""
        if not seats and rules.outcomes is None:
            return ""
        return f"{seats}{TITLES.get(rules.game, rules.game)} "

    def memory_bytes(self, rules: PigRules) -> int:
        """Return the bytes solving ``rules`` needs at its peak (``pigsolve compute`` checks it)."""
        from pigsolve.solver.pig.solve import memory_needed

        return memory_needed(rules)

    def fits(self, rules: PigRules, available: int) -> str:
        """Return what fits ``available`` bytes instead of a layered solve of ``rules``: the
        largest goal, and with more players a store out of core and a simulation."""
        from pigsolve.solver.pig.fits import fits

        return fits(rules, available)

    def solve_seconds(self, rules: PigRules) -> tuple[float, float]:
        """Return the seconds a layered solve of ``rules`` takes: the work, the compiling."""
        from pigsolve.solver.pig.solve import solve_seconds

        return solve_seconds(rules)

    def unsolved(self, rules: PigRules) -> str:
        """Return why ``rules`` have no table ('' if they have one): where a roll loses the whole
        score, only two players' games are solved."""
        if rules.resets and rules.players > 2:
            return (
                f"{self.title(rules, players=False)}can lose a player's whole score, and such "
                f"games are solved for two players only, not {rules.players}"
            )
        return ""

    def page_goal(self, rules: PigRules) -> int:
        """Return the largest goal at which the page computes the table of ``rules``'s game."""
        if rules.players > 2:
            return PAGE_GOALS.get(rules.players, 0)
        return PAGE_GOAL if rules.outcomes is None else PAGE_FAMILY_GOAL

    def page_refusal(self, rules: PigRules, use: str = "the page") -> str:
        """Return why the page refuses ``rules`` within its goals ('' if it does not): the work
        grows as the goal cubed times the die's sides."""
        largest = self.page_goal(rules)
        if rules.goal <= largest and rules.goal**3 * rules.die_sides > PAGE_WORK:
            return (
                f"{use} takes goal {largest} with a 6-sided die at most (the work grows as the "
                f"goal cubed times the sides): goal {rules.goal} with {rules.die_sides} sides is "
                "for `pigsolve compute`"
            )
        return ""

    def command(self, rules: PigRules) -> str:
        """Return the command that computes the table of ``rules`` at the command line (its
        options are the command's to explain: the page's words name no flag)."""
        return "pigsolve compute"

    def explore(self, solution: Any, cells: int) -> dict[str, Any]:
        """Return the explorer's grids of ``solution``, scores sampled to at most ``cells``."""
        from pigsolve.solver.pig.explore import explore_grids

        return explore_grids(solution, cells)

    def page_rules(self, fields: dict[str, Any], players: int = 2) -> PigRules:
        """Return the rules the page's ``fields`` name (``variant``, ``goal``, ``die``) for
        ``players``; InvalidArgument naming the field if one is wrong.

        >>> PigFamily().page_rules({"variant": "big-pig", "goal": 50}).game
        'big-pig'
        """
        goal = integer(fields.get("goal", 100), "goal", 1)
        variant = one_of(fields.get("variant", "pig"), "variant", tuple(TITLES))
        if variant == "pig":
            return PigRules(goal, integer(fields.get("die", 6), "die", 2, PAGE_DIE), players)
        if "die" in fields:
            raise InvalidArgument(f"die is for Pig's die; {variant} has its own roll")
        return PigRules(goal, players=players, outcomes=BUILT_IN[variant]())

    def page_limits(self) -> dict[str, Any]:
        """Return the sizes the page accepts, for ``GET /api/limits``."""
        return {
            "goal": [1, PAGE_GOAL],
            "die": [2, PAGE_DIE],
            "goal_cubed_times_sides": PAGE_WORK,
            "family_goal": PAGE_FAMILY_GOAL,
            "goal_by_players": {str(n): goal for n, goal in PAGE_GOALS.items()},
            "variants": TITLES,
            "opponents": [1, self.max_players - 1],
        }

    def page_form(self) -> dict[str, Any]:
        """Return the page's set-up form: the game, the goal and (Pig's die only) the die."""
        by = PAGE_GOALS
        note = (
            f"Pig: goal 1 to {PAGE_GOAL}, die 2 to {PAGE_DIE} sides (larger dice, smaller "
            f"goals); the other games up to goal {PAGE_FAMILY_GOAL}; 3 players up to goal "
            f"{by[3]}, 4 players up to {by[4]} (hints and the optimal player need the game's "
            "table; larger games are played without them)."
        )
        fields = [
            choice_field("variant", "Game", TITLES, "pig"),
            integer_field("goal", "Goal", 1, PAGE_GOAL, 100),
            integer_field("die", "Die", 2, PAGE_DIE, 6, only={"variant": ["pig"]}),
        ]
        return {"fields": fields, "note": note}

    def page_title(self, rules: PigRules) -> str:
        """Return the game in the page's summary: 'Big Pig', 'Pig, 8-sided die'.

        >>> PigFamily().page_title(PigRules(die_sides=8)), PigFamily().page_title(PigRules())
        ('Pig, 8-sided die', 'Pig')
        """
        die = f", {rules.die_sides}-sided die" if rules.outcomes is None else ""
        return TITLES.get(rules.game, rules.game) + ("" if die == ", 6-sided die" else die)


def _no_options(options: dict[str, Any], game: str) -> None:
    """Raise InvalidArgument naming the first of ``options`` given: the family takes none."""
    if options:
        flag = "--" + next(iter(options)).replace("_", "-")
        raise InvalidArgument(f"{flag} is not an option of {game}")


PIG = register(PigFamily())
