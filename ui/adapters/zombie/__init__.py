"""Zombie Dice's words at the command line and on the page: the boxed game ``zombie-dice`` and
a TOML game's.

``query`` asks of a turn after a roll with ``--brains``, ``--hand``, ``--aside`` and
``--shotguns`` (the dice out of the cup, by colour initials: ``--hand GY``), of the second seat
with ``--seat 2`` and of a tiebreaker round with ``--tiebreak``. The page draws the last roll and
the cup (``static/cup.js``) and explores each seat's chance at the start of its turn.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.fields import choice_field, integer, integer_field, one_of
from pigsolve.solver.games.zombie import FILES, ZOMBIE_DICE, rules_in_words
from pigsolve.solver.registry import family_named
from pigsolve.ui.adapters import GOAL, Adapter, Option, register_adapter
from pigsolve.ui.adapters.explorer import Axis, Frame, HeatMap, Line, Picture, Slice, Surface

PAGE_GOAL = ZOMBIE_DICE.goal
"""The largest goal the page computes: the boxed game's 13 takes about a minute the first time
(goal 6 some 20 s)."""
FINISH_WORDS = {"round": "at the end of the round", "last-turn": "a last turn for the other"}
"""The page's ways to end the game (:data:`solver.games.zombie.FINISHES`)."""
TIE_WORDS = {"tiebreaker": "a tiebreaker round", "shared": "a shared win"}
"""The page's ties: the rules sheet's tiebreaker round, or a win shared."""

QUERY = frozenset({"query"})
SEAT = Option(
    "seat",
    Annotated[int | None, typer.Option(help="The mover's seat: 1 (moves first; default) or 2.")],
    QUERY,
)
BRAINS = Option(
    "brains",
    Annotated[
        int | None,
        typer.Option(help="The turn's brains so far (default: the dice of --aside)."),
    ],
    QUERY,
)
HAND = Option(
    "hand",
    Annotated[
        str | None,
        typer.Option(help="Feet dice in hand to roll again, by colour initials: GY."),
    ],
    QUERY,
)
ASIDE = Option(
    "aside",
    Annotated[str | None, typer.Option(help="Brain dice set aside, by colour initials: GG.")],
    QUERY,
)
SHOTGUNS = Option(
    "shotguns",
    Annotated[str | None, typer.Option(help="Shotgun dice set aside, by colour initials: R.")],
    QUERY,
)
TIEBREAK = Option(
    "tiebreak",
    Annotated[
        bool | None,
        typer.Option("--tiebreak", help="A tiebreaker round's turn: the scores are its brains."),
    ],
    QUERY,
)


def turn_words(turn: Any) -> str:
    """Return where a turn (:class:`solver.zombie.solution.TurnState`) stands in words.

    >>> from pigsolve.solver.zombie.solution import TurnState
    >>> turn_words(TurnState(3, "GY", "G", "R"))
    '3 brains this turn (aside G), hand GY, shotguns R'
    >>> turn_words(TurnState())
    "before the turn's first roll"
    """
    if not turn.started:
        return "before the turn's first roll"
    said = [f"{turn.brains} brain{'s' * (turn.brains != 1)} this turn"]
    said[0] += f" (aside {turn.aside.upper()})" if turn.aside else ""
    said += [f"hand {turn.hand.upper()}"] * bool(turn.hand)
    said += [f"shotguns {turn.shotguns.upper()}"] * bool(turn.shotguns)
    return ", ".join(said)


def rules_words(rules: Any) -> list[str]:
    """Return the rules of a game in a few sentences, as ``info --game`` shows them."""
    end = (
        "at the end of the round (the second player's turn is the round's last)"
        if rules.finish == "round"
        else "once the other player has had one last turn"
    )
    tie = (
        "a tie goes to tiebreaker rounds between the tied players"
        if rules.tiebreaker
        else "a tie is a shared win"
    )
    return [
        f"A turn draws {rules.roll} dice at random from the cup and rolls them: brains and "
        "shotguns are set aside, feet stay in the hand to be rolled again with new dice from the "
        "cup. After each roll the player stops, banking the turn's brains, or rolls again; "
        f"{rules.shotguns} shotguns end the turn with nothing. When the cup runs short, the "
        "brains set aside go back into it (still counted).",
        f"Once a player has {rules.goal} brains the game ends {end}; the most brains win, and "
        f"{tie}.",
    ]


class ZombieAdapter(Adapter):
    """Zombie Dice's family (see :class:`ui.adapters.Adapter`)."""

    options = (GOAL, SEAT, BRAINS, HAND, ASIDE, SHOTGUNS, TIEBREAK)
    page_goal_limit = PAGE_GOAL

    def setting(self, rules: Any) -> str:
        """Return the game in a few words: 'zombie-dice, goal 13', with what differs.

        >>> from pigsolve.solver.games.zombie import ZombieRules
        >>> ZombieAdapter(family_named("zombie")).setting(ZombieRules(goal=8, tiebreaker=False))
        'zombie-dice (ties shared), goal 8'
        """
        differs = rules_in_words(rules, goal=False)
        name = FILES.get(rules, self.family.games[0])  # a game file, else the boxed game's
        return f"{name}{f' ({differs})' if differs else ''}, goal {rules.goal}"

    def show_solved(self, solution: Any, path: Path, kept: bool) -> None:
        """Print the first player's chance, the tiebreaker's and the file."""
        from pigsolve.ui.console import console
        from pigsolve.ui.table_files import kept_words

        p = solution.p_first_player
        tiebreak = solution.ends.tiebreak
        after = "" if tiebreak is None else f"; the first in a tiebreaker round {tiebreak:.6f}"
        console.print(
            f"{self.setting(solution.rules)}: the first player wins {p:.6f}, the second "
            f"{1 - p:.6f}{after}; solved in {solution.seconds:.2f} s\n"
            + (kept_words(path) if kept else f"wrote {path}"),
            highlight=False,
            soft_wrap=True,
        )

    def describe_game(self, rules: Any, asked: bool) -> list[Any]:
        """Return the cup's dice (their faces) and the rules, where ``--game`` names the game
        (or the table's game is not the boxed one)."""
        if not asked and self.family.game_name(rules) in self.family.games:
            return []
        from pigsolve.ui.result_tables import new_table

        out = new_table(
            "colour", "dice", "brains", "feet", "shotguns", "sides",
            title=f"{self.family.game_name(rules)}: the cup's {rules.cup} dice",
            show_edge=False,
        )  # fmt: skip
        for die in rules.dice:
            faces = (die.count, die.brains, die.feet, die.shotguns, die.sides)
            out.add_row(f"{die.colour} ({die.letter})", *map(str, faces))
        out.caption = "each die's sides showing a brain, feet and a shotgun"
        return [out, *rules_words(rules)]

    def query_extras(self, rules: Any, state: tuple[int, ...], given: dict[str, Any]) -> dict:
        """Return ``seat``, ``turn`` (a :class:`TurnState`, checked against the cup) and
        ``kind`` from the query's options."""
        from pigsolve.solver.zombie.solution import TurnState

        seat = given.get("seat", 1)
        if seat not in (1, 2):
            raise InvalidArgument(f"--seat must be 1 or 2, got {seat}")
        aside = given.get("aside", "")
        turn = TurnState(
            given.get("brains", len(aside)), given.get("hand", ""), aside, given.get("shotguns", "")
        )
        turn.lie(rules)  # a hand the cup cannot hold: one line, before the table is read
        return {"seat": seat, "turn": turn, "kind": "tiebreak" if given.get("tiebreak") else "turn"}

    def show_query(
        self, solution: Any, state: tuple[int, ...], extras: dict[str, Any], as_json: bool
    ) -> None:
        """Print the mover's chance, the best action and each action's (stop at a tie)."""
        values = solution.action_values(*state, **extras)
        best = max(values, key=values.__getitem__)  # stop first: it wins a tie
        p, turn = values[best], extras["turn"]
        if as_json:
            record = {
                "state": list(state),
                "seat": extras["seat"],
                "kind": extras["kind"],
                "turn": {
                    "brains": turn.brains,
                    **{name: getattr(turn, name).upper() for name in ("hand", "aside", "shotguns")},
                },
                "win_probability": p,
                "chances": [p, 1.0 - p],
                "best_action": best,
                "action_values": values,
            }
            print(json.dumps(record, allow_nan=False))
            return
        where = "a tiebreaker round: " if extras["kind"] == "tiebreak" else ""
        score, opponent = state
        print(f"{where}seat {extras['seat']} at {score} vs {opponent}, {turn_words(turn)}")
        print(f"win probability {p:.6f}; best: {best}")
        for action, value in values.items():
            print(f"  {action}: {value:.6f}")

    def show_comparison(self, result: Any, rules: Any, as_json: bool) -> None:
        """Print A's chance A first, B first and on a coin toss, as a table or JSON."""
        from pigsolve.ui import result_tables
        from pigsolve.ui.console import console

        named = self.record_fields(rules)
        result_tables.print_comparison(console, result, self.setting(rules), as_json, named)

    # The page.

    page_fields = ("goal", "finish", "ties")

    def page_rules(self, fields: dict[str, Any], players: int = 2) -> Any:
        """Return the boxed dice's rules the page's ``fields`` name (``goal``, ``finish``,
        ``ties``); InvalidArgument naming the field if one is wrong.

        >>> adapter = ZombieAdapter(family_named("zombie"))
        >>> rules = adapter.page_rules({"goal": 6, "finish": "last-turn", "ties": "shared"})
        >>> rules.goal, rules.finish, rules.tiebreaker
        (6, 'last-turn', False)
        """
        goal = integer(fields.get("goal", PAGE_GOAL), "goal", 1, PAGE_GOAL)
        finish = one_of(fields.get("finish", ZOMBIE_DICE.finish), "finish", tuple(FINISH_WORDS))
        ties = one_of(fields.get("ties", "tiebreaker"), "ties", tuple(TIE_WORDS))
        return self.family.rules(
            self.family.games[0], goal=goal, finish=finish, tiebreaker=ties == "tiebreaker"
        )

    def page_form(self) -> dict[str, Any]:
        """Return the page's set-up form: the goal, how the game ends and a tie."""
        fields = [
            integer_field("goal", "Goal (brains)", 1, PAGE_GOAL, PAGE_GOAL),
            choice_field("finish", "The game ends", FINISH_WORDS, ZOMBIE_DICE.finish),
            choice_field("ties", "A tie", TIE_WORDS, "tiebreaker"),
        ]
        note = (
            f"Zombie Dice with the boxed game's 13 dice: goal 1 to {PAGE_GOAL} brains (the "
            f"table takes about a minute the first time at {PAGE_GOAL}, seconds at 6)."
        )
        return {"fields": fields, "note": note}

    def page_limits(self) -> dict[str, Any]:
        """Return the sizes the page accepts (``GET /api/limits``), and the shotguns that end a
        turn (the drawing of the cup says "2 of 3 shotguns")."""
        return {
            "goal": [1, PAGE_GOAL],
            "finish": list(FINISH_WORDS),
            "ties": list(TIE_WORDS),
            "shotguns": ZOMBIE_DICE.shotguns,
        }

    def page_title(self, rules: Any) -> str:
        """Return the game in the page's summary: 'Zombie Dice', with what differs.

        >>> from pigsolve.solver.games.zombie import ZombieRules
        >>> ZombieAdapter(family_named("zombie")).page_title(ZombieRules(finish="last-turn"))
        'Zombie Dice (a last turn each)'
        """
        differs = rules_in_words(rules, goal=False)
        return f"Zombie Dice ({differs})" if differs else "Zombie Dice"

    def title(self, rules: Any) -> str:
        """Return '' for the boxed rules, else the game in words before a noun."""
        words = self.page_title(rules)
        return "" if words == self.label else f"{words} "

    page_scripts = ("cup.js",)  # the last roll's dice, the cup, the hand and what is set aside

    def explore(self, solution: Any, cells: int) -> Picture:
        """Return the explorer's picture of ``solution``: the first player's chance at the start
        of its turn over both scores (the second's under the pointer; a heat map and a surface),
        and both seats' by own score, a slider for the opponent's."""
        goal = solution.rules.goal
        step = max(1, -(-goal // max(cells, 1)))
        scores = list(range(0, goal, step))
        first = solution.first[::step, ::step]
        second = solution.second[::step, ::step]  # second[a, b]: its score a, the first's b
        sampled = f" (one score in {step})" if step > 1 else ""
        return Picture(
            heat_map=HeatMap(
                caption=f"{self.page_title(solution.rules)}, goal {goal}: the first player's "
                f"win probability at the start of its turn, optimal play{sampled}",
                x=Axis(label="your score", values=scores),
                y=Axis(label="opponent score", values=scores),
                z=first.tolist(),
                scale=Axis(label="win probability"),
                key="Colours: the first player's chance at the start of its turn.",
                hover="{x} vs {y}: {z:.2%} for the first player, {second:.2%} for the second, "
                "at the start of the turn",
                layers={"second": second.tolist()},
            ),
            slice=Slice(
                words="Win probability at the start of your turn as player 1 (moving first) "
                "and as player 2, for opponent score",
                slider="opponent score",
                x=Axis(label="your score", values=scores, low=0, high=goal),
                y=Axis(label="win probability", low=0),
                lines=[Line(name="player 1", style="main"), Line(name="player 2")],
                frames=[
                    Frame(at=b, high=1.0, lines=[first[:, n].tolist(), second[:, n].tolist()])
                    for n, b in enumerate(scores)
                ],
            ),
            surface=Surface(
                caption="The first player's win probability at the start of its turn over "
                "both scores; drag to turn it",
                label="win probability",
                hover="{x} vs {y}: win probability {z:.2%}",
            ),
        )


ADAPTER = register_adapter(ZombieAdapter(family_named("zombie")))
