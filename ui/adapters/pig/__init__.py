"""Pig's words at the command line and on the page: Pig's die and the games of roll outcomes.

Its options beyond every family's: ``--die`` and ``--piglet`` (Pig's die only), ``--players``,
the solver's ``--method`` and ``--tolerance``, and ``play``'s ``--style`` (documents 000/001 or
002), ``--you`` and ``--rolls``. Results read as the documents and the 2004 paper have them
(:mod:`ui.adapters.pig.words`); a game at the terminal is the documents' transcript
(:mod:`ui.adapters.pig.terminal`).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.fields import choice_field, integer, integer_field, one_of
from pigsolve.solver.games.pig_outcomes import BUILT_IN, TITLES
from pigsolve.solver.pig.kinds import Method
from pigsolve.solver.pig.tolerances import DEFAULT_TOLERANCE
from pigsolve.solver.registry import family_named
from pigsolve.ui.adapters import GOAL, PLAYERS, ROLLS, YOU, Adapter, Option, register_adapter
from pigsolve.ui.adapters.explorer import Picture

MAX_DIE_SIDES = 1000
"""The largest die the commands accept (a larger one is a typing slip, not a game)."""
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

DIE = Option(
    "die",
    Annotated[int | None, typer.Option(help="Sides of Pig's die (default 6).")],
    parameter="die_sides",
)
PIGLET = Option(
    "piglet",
    Annotated[bool | None, typer.Option("--piglet", help="Every face but the 1 adds 1 point.")],
    parameter="piglet",
)
METHOD = Option(
    "method",
    Annotated[Method | None, typer.Option(help="Solver (two players; default layered).")],
    frozenset({"compute"}),
    solver=True,
)
TOLERANCE = Option(
    "tolerance",
    Annotated[
        float | None,
        typer.Option(help=f"Tolerance of value-iteration (default {DEFAULT_TOLERANCE:g})."),
    ],
    frozenset({"compute"}),
    solver=True,
)


class Style(StrEnum):
    """The documents' two transcripts at the terminal (:mod:`ui.adapters.pig.terminal`)."""

    classic = "classic"
    rounds = "rounds"


STYLE = Option(
    "style",
    Annotated[
        Style | None,
        typer.Option(help="classic (documents 000/001) or rounds (002, two players)."),
    ],
    frozenset({"play"}),
)


class PigAdapter(Adapter):
    """Pig's family (see :class:`ui.adapters.Adapter`)."""

    options = (GOAL, DIE, PLAYERS, PIGLET, METHOD, TOLERANCE, STYLE, YOU, ROLLS)

    def parameters(self, game: str, given: dict[str, Any]) -> dict[str, Any]:
        """Return the rules' parameters; ``--die`` and ``--piglet`` go with Pig's die only."""
        die = given.get("die")
        if die is not None and die > MAX_DIE_SIDES:
            raise InvalidArgument(f"--die takes at most {MAX_DIE_SIDES:,} sides, got {die:,}")
        if game != "pig" and ("die" in given or given.get("piglet")):
            option = "--die" if "die" in given else "--piglet"
            raise InvalidArgument(
                f"{option} changes Pig's die; the game {game!r} has its own roll (leave "
                f"{option} out, or use --game pig)"
            )
        return super().parameters(game, given)

    def setting(self, rules: Any) -> str:
        """Return the game, goal and die in a few words: 'goal 100, die 6', 'two-dice, goal 100'.

        >>> from pigsolve.solver.games.pig import PigRules
        >>> PigAdapter(family_named("pig")).setting(PigRules())
        'goal 100, die 6'
        """
        if rules.outcomes is None:
            return f"goal {rules.goal}, die {rules.die_sides}"
        return f"{rules.game}, goal {rules.goal}"

    def record_fields(self, rules: Any) -> dict[str, Any]:
        """Return how a JSON record names the game: Pig's die (and ``piglet``), or the game."""
        if rules.outcomes is not None:
            return {"game": rules.game}
        return {"die": rules.die_sides} | ({"piglet": True} if rules.piglet else {})

    def show_solved(self, solution: Any, path: Path, kept: bool) -> None:
        """Print ``P(0, 0, 0)``, the solve's figures and the file (three players or more: the
        first player's chance and the mixed states)."""
        from pigsolve.ui.adapters.pig.words import solved
        from pigsolve.ui.console import console

        console.print(solved(solution, path, kept), highlight=False)

    def describe_game(self, rules: Any, asked: bool) -> list[Any]:
        """Return the game's roll outcomes and notes, where ``--game`` names one (or the table's
        game is not Pig's die)."""
        if not asked and rules.outcomes is None:
            return []
        from pigsolve.ui.adapters.pig.outcomes import game_notes, outcome_table

        return [outcome_table(rules.roll_outcomes), *game_notes(rules.roll_outcomes)]

    def show_query(
        self, solution: Any, state: tuple[int, ...], extras: dict[str, Any], as_json: bool
    ) -> None:
        """Print every player's chance in the state, the optimal action and both actions'."""
        import json

        from pigsolve.solver.pig.query import state_record
        from pigsolve.ui.adapters.pig.words import state_text

        record = state_record(solution, state[:-1], state[-1])
        if as_json:
            print(json.dumps(record, allow_nan=False))
        else:
            print(state_text(solution.rules, record))  # plain text: no rich to import

    def show_comparison(self, result: Any, rules: Any, as_json: bool) -> None:
        """Print A's chance A first, B first and on a coin toss, as a table or JSON."""
        from pigsolve.ui import result_tables
        from pigsolve.ui.console import console

        named = self.record_fields(rules)
        result_tables.print_comparison(console, result, self.setting(rules), as_json, named)

    def show_seatings(
        self, rules: Any, players: Sequence[Any], names: Sequence[str], as_json: bool
    ) -> None:
        """Print every player's exact chance in each of the N! seatings and on average."""
        from pigsolve.ui.adapters.pig.matches import show_seatings

        show_seatings(rules, players, names, as_json)

    def seatings(self, rules: Any, players: Sequence[Any], names: Sequence[str]) -> Any:
        """Return every player's exact chance in each of the N! seatings and on average
        (:func:`solver.pig.evaluation.seatings.compare_seatings`)."""
        from pigsolve.solver.pig.evaluation.seatings import compare_seatings

        return compare_seatings(rules, players, None, names)

    def show_simulation(self, result: Any, rules: Any, as_json: bool) -> None:
        """Print the win rates by starter (more players: by player) beside the exact ones."""
        from pigsolve.ui.adapters.pig.matches import show_simulation

        show_simulation(rules, result, self.setting(rules), as_json)

    def play(self, rules: Any, opponents: list[str], seed: Any, hints: bool, given: dict):
        """Play the documents' game at the terminal (:func:`ui.adapters.pig.play.play_pig`)."""
        from pigsolve.ui.adapters.pig.play import play_pig

        style = given.get("style", "classic")
        play_pig(rules, opponents, style, given.get("you"), given.get("rolls"), seed, hints)

    def benchmarks(self, large: bool, quick: bool) -> list[dict[str, Any]]:
        """Return the solvers' rows, measured side by side (:mod:`ui.adapters.pig.bench`)."""
        from pigsolve.ui.adapters.pig.bench import bench_rows

        return bench_rows(large, quick)

    # The page.

    @property
    def max_players(self) -> int:
        """Pig is played by up to four at the page."""
        return 4

    page_fields = ("variant", "goal", "die")

    def page_rules(self, fields: dict[str, Any], players: int = 2) -> Any:
        """Return the rules the page's ``fields`` name (``variant``, ``goal``, ``die``) for
        ``players``; InvalidArgument naming the field if one is wrong.

        >>> PigAdapter(family_named("pig")).page_rules({"variant": "big-pig", "goal": 50}).game
        'big-pig'
        """
        from pigsolve.solver.games.pig import PigRules

        goal = integer(fields.get("goal", 100), "goal", 1)
        variant = one_of(fields.get("variant", "pig"), "variant", tuple(TITLES))
        if variant == "pig":
            return PigRules(goal, integer(fields.get("die", 6), "die", 2, PAGE_DIE), players)
        if "die" in fields:
            raise InvalidArgument(f"die is for Pig's die; {variant} has its own roll")
        return PigRules(goal, players=players, outcomes=BUILT_IN[variant]())

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

    def page_title(self, rules: Any) -> str:
        """Return the game in the page's summary: 'Big Pig', 'Pig, 8-sided die'.

        >>> from pigsolve.solver.games.pig import PigRules
        >>> PigAdapter(family_named("pig")).page_title(PigRules(die_sides=8))
        'Pig, 8-sided die'
        """
        die = f", {rules.die_sides}-sided die" if rules.outcomes is None else ""
        return TITLES.get(rules.game, rules.game) + ("" if die == ", 6-sided die" else die)

    def title(self, rules: Any) -> str:
        """Return the game in words before a noun: '4-player Pig ', 'Big Pig ', ''."""
        seats = f"{rules.players}-player " if rules.players > 2 else ""
        if not seats and rules.outcomes is None:
            return ""
        return f"{seats}{TITLES.get(rules.game, rules.game)} "

    def page_goal(self, rules: Any) -> int:
        """Return the largest goal at which the page computes the table of ``rules``'s game."""
        if rules.players > 2:
            return PAGE_GOALS.get(rules.players, 0)
        return PAGE_GOAL if rules.outcomes is None else PAGE_FAMILY_GOAL

    def page_refusal(self, rules: Any, use: str = "the page") -> str:
        """Return why ``use`` refuses ``rules`` within its goals ('' if it does not): the work
        grows as the goal cubed times the die's sides."""
        largest = self.page_goal(rules)
        if rules.goal <= largest and rules.goal**3 * rules.die_sides > PAGE_WORK:
            return (
                f"{use} takes goal {largest} with a 6-sided die at most (the work grows as the "
                f"goal cubed times the sides): goal {rules.goal} with {rules.die_sides} sides is "
                "for `pigsolve compute`"
            )
        return ""

    page_scripts = ("pieces.js",)  # Pass the Pigs' pigs, drawn in their positions

    def explore(self, solution: Any, cells: int) -> Picture:
        """Return the explorer's picture of ``solution`` (:mod:`ui.adapters.pig.explore`),
        scores sampled to at most ``cells``."""
        from pigsolve.ui.adapters.pig.explore import picture

        return picture(solution, self.page_title(solution.rules), cells)

    def evaluation_cost(self, rules: Any, memories: Sequence[int]) -> tuple[int, float]:
        """Return the peak bytes and the seconds of a round robin of players who count
        ``memories`` held turns (1: none): each player's roll table, ``memory * G**3`` bools,
        and the largest pair's values, ``2 * G**2 * m_a * m_b`` floats, every ordered pair's
        work ``m_a * m_b`` times an evaluation's."""
        from pigsolve.solver.durations import PIG_SECONDS, pig_work

        goal = rules.goal
        tables = sum(memories) * goal**3
        pairs = [(a, b) for a in memories for b in memories]
        values = max(16 * goal**2 * a * b for a, b in pairs)
        seconds = PIG_SECONDS["evaluation"] * pig_work(rules) * sum(a * b for a, b in pairs)
        return tables + values, seconds


ADAPTER = register_adapter(PigAdapter(family_named("pig")))
