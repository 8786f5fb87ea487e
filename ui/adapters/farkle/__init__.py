"""Farkle's words at the command line and on the page: the rule sets ``farkle``,
``facebook-farkle`` and ``patch-farkle`` and a TOML file's.

``query`` takes ``--roll`` (the dice just rolled: each keep's value); ``--players`` seats more
players. Its results read in the words any family fits (:class:`ui.adapters.Adapter`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Annotated, Any

import typer

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.fields import choice_field, integer, integer_field, one_of
from pigsolve.solver.games.farkle import (
    DEFAULT_GOAL,
    POINT_UNIT,
    RULE_SET_WORDS,
    RULE_SETS,
    farkle_rules,
    rule_set_name,
    rules_in_words,
)
from pigsolve.solver.registry import family_named
from pigsolve.ui.adapters import GOAL, PLAYERS, Adapter, Option, register_adapter
from pigsolve.ui.adapters.explorer import Axis, Frame, HeatMap, Line, Picture, Slice, Surface

PAGE_GOAL = DEFAULT_GOAL
"""The largest goal the page computes: 10,000 takes some 11 s on two cores, 15,000 some 40 s."""
PENALTY_PAGE_GOAL = 1000
"""The page's largest goal with the penalty: under a minute on two cores (10,000: 41 minutes)."""
PAGE_GOALS = {3: 2000, 4: 1000}
"""The largest goal the page computes for 3 and 4 players: 3 players at goal 2,000 take some 9 s
on two cores, 4 players at goal 1,000 a few seconds (1,500: 105 s beside other jobs)."""
LAST_ROUND_WORDS = {"rules": "as the rules say", "on": "on", "off": "off"}
"""The page's last round: the rule set's (on in ``patch-farkle``), or on or off."""
COMPARE_GOAL = 1000
"""The largest goal of the page's exact round robin: three players in some 6 s on two cores
(2,000: some 20 s); Pig's bound, 300, is a single Farkle turn."""
EXPLORE_STEP = 500
"""The explorer's step between opponents' scores above goal 2,000 (below, 50): 20 at 10,000."""
BANK_AXIS = 50
"""The least top of the banking totals' axis (where the player banks nowhere)."""

ROLL = Option(
    "roll",
    Annotated[
        str | None,
        typer.Option(help="The dice just rolled, e.g. 1,5,5 (each keep's value)."),
    ],
    frozenset({"query"}),
)


class FarkleAdapter(Adapter):
    """Farkle's family (see :class:`ui.adapters.Adapter`)."""

    options = (GOAL, PLAYERS, ROLL)
    page_goal_limit = PAGE_GOAL

    def record_fields(self, rules: Any) -> dict[str, Any]:
        """Return how a JSON record names the game: its rule set (or its rules)."""
        name = rule_set_name(rules)
        return {"rules": name} if name in RULE_SETS else {"rules": rules.to_json()}

    def query_extras(self, rules: Any, state: tuple[int, ...], given: dict[str, Any]) -> dict:
        """Return ``roll``, the faces of ``--roll``, where it is given."""
        from pigsolve.solver.farkle.family import parse_roll

        return {} if "roll" not in given else {"roll": parse_roll(given["roll"], state[-1])}

    def seatings(self, rules: Any, players: Sequence[Any], names: Sequence[str]) -> Any:
        """Return every player's exact chance in each of the N! seatings and on average
        (:func:`solver.farkle.field.compare_seatings`)."""
        from pigsolve.solver.farkle.field import compare_seatings

        return compare_seatings(rules, players, names)

    # The page.

    @property
    def max_players(self) -> int:
        """Farkle is played by up to four at the page."""
        return 4

    page_fields = ("rules", "goal", "last_turn", "entry")
    use_goals = {"explore": PAGE_GOAL, "compare": COMPARE_GOAL}  # noqa: RUF012 (in points)

    def page_rules(self, fields: dict[str, Any], players: int = 2) -> Any:
        """Return the rules the page's ``fields`` name (``rules``, ``goal``, ``last_turn``:
        ``rules``, ``on`` or ``off``, ``entry``: the opening score) for ``players``;
        InvalidArgument naming the field if one is wrong.

        >>> adapter = FarkleAdapter(family_named("farkle"))
        >>> rules = adapter.page_rules({"goal": 1000, "last_turn": "on", "entry": 500}, 3)
        >>> rules.players, rules.last_turn, rules.entry
        (3, True, 500)
        """
        name = one_of(fields.get("rules", "farkle"), "rules", tuple(RULE_SETS))
        if players > 2 and RULE_SETS[name].farkle_penalty:
            raise InvalidArgument(
                f"{RULE_SET_WORDS[name]} is played by 2 players here (its penalty for three "
                f"farkles in a row is solved for two), not {players}",
                parameter="rules",
            )
        goal = integer(fields.get("goal", DEFAULT_GOAL), "goal", POINT_UNIT, PAGE_GOAL)
        if goal % POINT_UNIT:
            raise InvalidArgument(f"goal must be a multiple of {POINT_UNIT}", parameter="goal")
        rules = replace(farkle_rules(name), goal=goal, players=players)
        last = one_of(fields.get("last_turn", "rules"), "last_turn", tuple(LAST_ROUND_WORDS))
        if last != "rules":
            rules = replace(rules, last_turn=last == "on")
        entry = integer(fields.get("entry", rules.entry), "entry", 0, goal)
        if entry % POINT_UNIT:
            raise InvalidArgument(f"entry must be a multiple of {POINT_UNIT}", parameter="entry")
        return replace(rules, entry=entry)

    def page_form(self) -> dict[str, Any]:
        """Return the page's set-up form: the rule set and the goal."""
        fields = [
            choice_field("rules", "Rules", RULE_SET_WORDS, "farkle"),
            integer_field("goal", "Goal", POINT_UNIT, PAGE_GOAL, DEFAULT_GOAL),
            choice_field("last_turn", "Last round", LAST_ROUND_WORDS, "rules"),
            integer_field("entry", "Opening score", 0, PAGE_GOAL, 0),
        ]
        note = (
            f"Farkle: goal {POINT_UNIT} to {PAGE_GOAL:,} in steps of {POINT_UNIT}; Facebook "
            f"Farkle to {PENALTY_PAGE_GOAL:,} (its penalty for three farkles in a row makes "
            f"the table take minutes); 3 players up to goal {PAGE_GOALS[3]:,}, 4 players up to "
            f"{PAGE_GOALS[4]:,} (hints and the optimal player need the game's table)."
        )
        return {"fields": fields, "note": note}

    def page_limits(self) -> dict[str, Any]:
        """Return the sizes the page accepts, for ``GET /api/limits``."""
        return {
            "goal": [POINT_UNIT, PAGE_GOAL],
            "goal_step": POINT_UNIT,
            "rules": list(RULE_SETS),
            "goal_by_players": {str(n): goal for n, goal in PAGE_GOALS.items()},
            "opponents": [1, self.max_players - 1],
        }

    def page_title(self, rules: Any) -> str:
        """Return 'Farkle', 'Facebook Farkle', 'Patch Farkle' or 'custom Farkle', the house
        rules the page sets named after a custom game.

        >>> adapter = FarkleAdapter(family_named("farkle"))
        >>> adapter.page_title(adapter.page_rules({"last_turn": "on", "entry": 500}))
        'custom Farkle (last round, 500 to get on the board)'
        """
        words = rules_in_words(rules)
        house = ["last round"] if rules.last_turn else []
        house += [f"{rules.entry} to get on the board"] if rules.entry else []
        return f"{words} ({', '.join(house)})" if house and words == "custom Farkle" else words

    def title(self, rules: Any) -> str:
        """Return '' for Farkle, 'Facebook Farkle ' for the other rule set."""
        words = self.page_title(rules)
        return "" if words == "Farkle" else f"{words} "

    def page_goal(self, rules: Any) -> int:
        """Return the largest goal at which the page computes a Farkle table."""
        if rules.players > 2:
            return PAGE_GOALS.get(rules.players, 0)
        return PENALTY_PAGE_GOAL if rules.farkle_penalty else PAGE_GOAL

    def page_refusal(self, rules: Any, use: str = "the page") -> str:
        """Return why ``use`` does not compute the table of ``rules`` ('' if it does): with the
        three-farkle penalty a goal past :data:`PENALTY_PAGE_GOAL` takes too long, not too
        much memory."""
        if not rules.farkle_penalty or rules.goal <= PENALTY_PAGE_GOAL:
            return ""
        return (
            f"{use} takes goals up to {PENALTY_PAGE_GOAL:,} with the penalty for three farkles "
            f"in a row; goal {rules.goal:,} takes far longer to compute: use `pigsolve compute` "
            "at the command line"
        )

    def explore(self, solution: Any, cells: int) -> Picture:
        """Return the explorer's picture of ``solution``: the mover's chance at the start of a
        turn over both scores (at most ``cells`` a side; a heat map and a surface), and when to
        bank (the smallest turn total, by own score and dice to roll) against opponents every
        :data:`EXPLORE_STEP` points (every 50 up to goal 2,000)."""
        from pigsolve.solver.farkle.thresholds import bank_thresholds

        rules = solution.rules
        step = max(1, -(-rules.goal // POINT_UNIT // max(cells, 1)))
        scores = list(range(0, rules.goal, step * POINT_UNIT))
        every = max(POINT_UNIT, EXPLORE_STEP * (rules.goal > 2000))
        frames = []
        for opponent in range(0, rules.goal, every):
            totals = bank_thresholds(solution, opponent).totals  # NEVER (-1): it rolls on
            lines = [[t if t >= 0 else None for t in column] for column in totals.T.tolist()]
            high = max(int(totals.max()), BANK_AXIS)
            frames.append(Frame(at=opponent, high=high, lines=lines[::-1]))
        dice = [Line(name=f"{n} {'die' if n == 1 else 'dice'}") for n in range(rules.dice, 0, -1)]
        return Picture(
            heat_map=HeatMap(
                caption=f"{self.page_title(rules)}, goal {rules.goal}: the mover's win probability "
                "under optimal play",
                x=Axis(label="your score", values=scores),
                y=Axis(label="opponent score", values=scores),
                z=solution.start_values[::step, ::step].tolist(),
                scale=Axis(label="win probability"),
                key="Colours: the chance of the player to move, at the start of a turn.",
                hover="{x} vs {y}: win probability {z:.2%} at the start of a turn",
            ),
            slice=Slice(
                words="Turn total at which to bank (no line: it rolls on to the goal), by dice to "
                "roll, for opponent score",
                slider="opponent score",
                x=Axis(
                    label="your score",
                    values=list(range(0, rules.goal, POINT_UNIT)),
                    low=0,
                    high=rules.goal,
                ),
                y=Axis(label="bank at turn total", low=0),
                lines=dice,
                frames=frames,
            ),
            surface=Surface(
                caption="The mover's win probability at the start of a turn over both scores; "
                "drag to turn it",
                label="win probability",
                hover="{x} vs {y}: win probability {z:.2%}",
            ),
        )

    def evaluation_cost(self, rules: Any, memories: Sequence[int]) -> tuple[int, float]:
        """Return the peak bytes and the seconds of a round robin of ``len(memories)`` players:
        each player's turn laws found once (:mod:`solver.farkle.laws`), at most a solve's time
        and an optimal player's laws' memory each (with the penalty, the laws of every count of
        farkles in a row from the default floor), then a dot product of two a pair."""
        from pigsolve.solver.farkle.laws import law_bytes
        from pigsolve.solver.farkle.penalty_evaluate import penalty_law_bytes
        from pigsolve.solver.farkle.policy import GUIDED
        from pigsolve.solver.farkle.states import DEFAULT_FLOOR

        players = len(memories)
        laws = (
            penalty_law_bytes(rules, DEFAULT_FLOOR, GUIDED)
            if rules.farkle_penalty
            else law_bytes(rules, GUIDED)
        )
        demands = self.family.demands(rules)
        return demands.memory + players * laws, demands.seconds * players


ADAPTER = register_adapter(FarkleAdapter(family_named("farkle")))
