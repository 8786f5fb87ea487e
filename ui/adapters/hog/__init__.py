"""Hog's words at the command line and on the page: CS 61A's rule sets, two players.

A state reads ``fa16 goal 100: 37 vs 92`` with a table of the dice; a game at the terminal
tells each turn in words (:mod:`ui.adapters.hog.terminal`). ``play`` takes ``--you`` and
``--rolls``. The older group ``pigsolve hog COMMAND --rules fa16`` is an alias of the same
commands (:mod:`ui.adapters.hog.alias`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.fields import choice_field, integer, integer_field, one_of
from pigsolve.solver.registry import family_named
from pigsolve.ui.adapters import GOAL, ROLLS, YOU, Adapter, Option, register_adapter
from pigsolve.ui.adapters.explorer import Axis, HeatMap, Picture

PAGE_GOAL = 200
"""The largest Hog goal the page computes."""
TERMS = {"fa": "Fall", "sp": "Spring", "su": "Summer"}


def semester_words(semester: str) -> str:
    """Return a semester as the page's form names it: ``sp22`` is 'Spring 2022'."""
    return f"{TERMS[semester[:2]]} 20{semester[2:]}"


RULE_SET = Option(
    "rules",
    Annotated[
        str | None,
        typer.Option(metavar="SEMESTER", help="Hog's semester: --rules sp22 is --game hog-sp22."),
    ],
    parameter="name",
)
"""``--rules``: the rule set, an alias of ``--game hog-RULES`` (the rules' ``name``)."""


class HogAdapter(Adapter):
    """Hog's family (see :class:`ui.adapters.Adapter`)."""

    options = (GOAL, RULE_SET, YOU, ROLLS)
    page_goal_limit = PAGE_GOAL

    def named_game(self, given: dict[str, Any]) -> tuple[str, str] | None:
        """Return ``hog-RULES`` for ``--rules RULES`` (a rule set, else refused in one line)."""
        if "rules" not in given:
            return None
        from pigsolve.solver.games.hog import RuleSet

        rule_set = str(given["rules"])
        if rule_set not in tuple(map(str, RuleSet)):
            accepted = ", ".join(map(str, RuleSet))
            raise InvalidArgument(f"--rules takes {accepted}, got {rule_set!r}")
        return f"hog-{rule_set}", f"--rules {rule_set}"

    def parameters(self, game: str, given: dict[str, Any]) -> dict[str, Any]:
        """Return the rules' parameters: ``--rules`` names the game instead."""
        return super().parameters(game, {k: v for k, v in given.items() if k != "rules"})

    def setting(self, rules: Any) -> str:
        """Return ``fa16, goal 100``."""
        return f"{rules.name}, goal {rules.goal}"

    def record_fields(self, rules: Any) -> dict[str, Any]:
        """Return how a JSON record names the game: its rule set."""
        return {"rules": rules.name}

    def show_solved(self, solution: Any, path: Path, kept: bool) -> None:
        """Print the first player's chance, its opening move and the file."""
        from pigsolve.ui.console import console
        from pigsolve.ui.table_files import kept_words

        rules = solution.rules
        console.print(
            f"{rules.name} goal {rules.goal}: the first player wins "
            f"{solution.p_first_player:.12f} opening with {solution.opening_move} dice; solved "
            f"in {solution.seconds:.2f} s\n" + (kept_words(path) if kept else f"wrote {path}"),
            highlight=False,
        )

    def show_query(
        self, solution: Any, state: tuple[int, ...], extras: dict[str, Any], as_json: bool
    ) -> None:
        """Print every number of dice's win probability in ``state``, the optimal one marked."""
        from pigsolve.solver.hog.solve import hog_state
        from pigsolve.solver.hog.words import state_words

        rules, hog = solution.rules, hog_state(state)
        p, best = solution.at(hog)
        values = solution.action_values(hog)
        if as_json:
            record = {
                "rules": rules.name,
                "goal": rules.goal,
                "score": hog.score,
                "opponent_score": hog.opponent_score,
                "four_sided": hog.four_sided,
                "prev": hog.prev_points,
                "opponent_prev": hog.opponent_prev_points,
                "win_probability": p,
                "num_rolls": best,
                "action_values": {str(n): v for n, v in values.items()},
            }
            print(json.dumps(record, allow_nan=False))
            return
        from pigsolve.ui.console import console
        from pigsolve.ui.result_tables import new_table

        out = new_table(
            "dice", "P(win)", title=f"{rules.name} goal {rules.goal}: {state_words(hog)}"
        )
        for n, value in values.items():
            out.add_row(f"{n}{' (optimal)' if n == best else ''}", f"{value:.6f}")
        console.print(out)

    def show_comparison(self, result: Any, rules: Any, as_json: bool) -> None:
        """Print A's chance A first, B first and on a coin toss, as a table or JSON."""
        from pigsolve.ui import result_tables
        from pigsolve.ui.console import console

        named = self.record_fields(rules)
        result_tables.print_comparison(console, result, self.setting(rules), as_json, named)

    def show_simulation(self, result: Any, rules: Any, as_json: bool) -> None:
        """Print the win rates by starter beside the exact values, as a table or JSON."""
        from pigsolve.ui import result_tables, simulation_record
        from pigsolve.ui.console import console

        if as_json:
            record = simulation_record.pair_record(result, self.record_fields(rules))
            print(simulation_record.dumps(record))
            return
        console.print(result_tables.simulation(result, self.setting(rules)))
        console.print(result_tables.simulation_footer(result), highlight=False)

    def play(self, rules: Any, opponents: list[str], seed: Any, hints: bool, given: dict):
        """Play Hog at the terminal: ``--you`` 1 or 2, dice from ``--rolls`` or seeded."""
        import sys

        from pigsolve.policies import make_player
        from pigsolve.solver.dice import RandomDice, read_rolls, seeded_streams
        from pigsolve.solver.errors import InvalidArgument
        from pigsolve.ui.adapters.hog.terminal import play_in_terminal
        from pigsolve.ui.console import note, terminal_hints

        you, rolls = given.get("you", 1), given.get("rolls")
        if you not in (1, 2):
            raise InvalidArgument(f"--you must be 1 or 2, got {you}")
        (opponent,) = opponents
        dice = (
            read_rolls(rolls, 6) if rolls is not None else RandomDice(6, seeded_streams(seed, 0)[0])
        )
        player = make_player(rules, opponent, None, note, seed)
        hint = None
        if terminal_hints(hints):
            from pigsolve.solver.tables import table_for

            hint = table_for(rules, None, note).at
        play_in_terminal(rules, player, opponent, you - 1, dice, sys.stdin, sys.stdout, hint)

    def benchmarks(self, large: bool, quick: bool) -> list[dict[str, Any]]:
        """Return Hog's rows: a contest of 132 entries (:mod:`ui.adapters.hog.bench`)."""
        from pigsolve.ui.adapters.hog.bench import bench_rows

        return bench_rows(large, quick)

    # The page.

    page_fields = ("rules", "goal")

    def page_rules(self, fields: dict[str, Any], players: int = 2) -> Any:
        """Return the rules the page's ``fields`` name (``rules``, ``goal``); InvalidArgument
        naming the field if one is wrong."""
        from pigsolve.solver.games.hog import RuleSet, hog_rules

        goal = integer(fields.get("goal", 100), "goal", 1)
        return hog_rules(
            one_of(fields.get("rules", "fa16"), "rules", tuple(map(str, RuleSet))), goal
        )

    def page_form(self) -> dict[str, Any]:
        """Return the page's set-up form: the rule set and the goal."""
        from pigsolve.solver.games.hog import DEFAULT_GOAL, RuleSet

        rule_sets = {str(r): semester_words(str(r)) for r in RuleSet}
        fields = [
            choice_field("rules", "Rules", rule_sets, "fa16"),
            integer_field("goal", "Goal", 1, PAGE_GOAL, DEFAULT_GOAL),
        ]
        return {"fields": fields, "note": f"Hog: goal up to {PAGE_GOAL}."}

    def page_limits(self) -> dict[str, Any]:
        """Return the sizes the page accepts, for ``GET /api/limits``."""
        from pigsolve.solver.games.hog import RuleSet

        return {"goal": [1, PAGE_GOAL], "rules": [str(rule_set) for rule_set in RuleSet]}

    def page_title(self, rules: Any) -> str:
        """Return the game in the page's summary: 'Hog fa16'."""
        return f"Hog {rules.name}"

    def title(self, rules: Any) -> str:
        """Return nothing: Hog's page names its rules."""
        return ""

    def explore(self, solution: Any, cells: int) -> Picture:
        """Return the explorer's picture of ``solution``: the optimal number of dice over both
        scores, with six-sided dice and no previous turn (every score: ``cells`` is not needed,
        the page takes goals up to 200)."""
        from pigsolve.solver.hog.explore import explore_grids

        grids = explore_grids(solution, cells)
        return Picture(
            heat_map=HeatMap(
                caption=f"Optimal number of dice, {grids['rules']} rules, goal {grids['goal']}, "
                "six-sided dice and no previous turn",
                x=Axis(label="your score", values=grids["scores"]),
                y=Axis(label="opponent score", values=grids["scores"]),
                z=grids["dice"],
                scale=Axis(label="number of dice (-1: Pork Chop, 0: Free Bacon)"),
                key="Colours: the number of dice to roll.",
                hover="{x} vs {y}: {z} dice; win probability {p:.2%}",
                layers={"p": grids["p"]},
            )
        )

    def evaluation_cost(self, rules: Any, memories: Sequence[int]) -> tuple[int, float]:
        """Return the peak bytes and the seconds of a round robin of ``len(memories)`` players:
        a policy table each (int8 over ``rules.shape``) and a solve's memory; every ordered
        pair one backward pass."""
        import math

        demands = self.family.demands(rules)
        size = math.prod(rules.shape)
        return len(memories) * size + demands.memory, demands.seconds * len(memories) ** 2

    def add_commands(self, app: Any) -> None:
        """Add the group ``pigsolve hog``, an alias of the commands with ``--rules``."""
        from pigsolve.ui.adapters.hog.alias import hog_app

        app.add_typer(hog_app, name="hog")


ADAPTER = register_adapter(HogAdapter(family_named("hog")))
