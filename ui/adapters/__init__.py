"""What the commands and the page say of each game family: one adapter a family.

The command bodies (:mod:`ui.commands`) and the page (:mod:`ui.web`) are the same for every
family. An adapter gives what is a family's own: its options (:class:`Option`) and the rules
they make, how its results read (a table's summary, a state's answer, a game at the terminal),
and the page's forms and pictures. The base :class:`Adapter` says everything in words any family
fits, so a family with no adapter of its own (the tests' toy) is served by it alone; a built-in
family's adapter is the package ``ui/adapters/<family>/``, found by the family's name, and says
what differs in its own words.
"""

from __future__ import annotations

import importlib
import inspect
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, ClassVar

import typer

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.fields import choice_field, integer, integer_field, one_of
from pigsolve.solver.registry import Family, family_of, unknown
from pigsolve.ui.adapters.explorer import Picture

RULES = frozenset(
    {
        "compute",
        "info",
        "query",
        "verify",
        "export",
        "plot",
        "play",
        "compare",
        "simulate",
        "tune",
        "tournament",
    }
)
"""The commands that play a game's rules: a rules option is theirs."""


@dataclass(frozen=True)
class Option:
    """One command-line option a family takes: ``name`` its Python parameter, ``annotation`` its
    type and typer option, ``commands`` those that take it, ``parameter`` the rules' parameter
    it sets (None: the command's own, e.g. the dice just rolled); a ``solver`` option is passed
    to the family's solve (a method)."""

    name: str
    annotation: Any
    commands: frozenset[str] = RULES
    parameter: str | None = None
    solver: bool = False

    @property
    def flag(self) -> str:
        """The option as typed: ``--die``."""
        return "--" + self.name.replace("_", "-")


GOAL = Option(
    "goal",
    Annotated[
        int | None,
        typer.Option("--goal", help="Points needed to win (default: the game's, or the table's)."),
    ],
    parameter="goal",
)
PLAYERS = Option(
    "players",
    Annotated[
        int | None,
        typer.Option("--players", help="Number of players (default 2, or the table's)."),
    ],
    RULES - {"play", "compare", "simulate"},
    parameter="players",
)
"""``--players N``: the rules' players. ``play``, ``compare`` and ``simulate`` declare it
themselves (the seats they fill)."""
YOU = Option(
    "you",
    Annotated[
        int | None, typer.Option(help="Your player number (default: the game's: 1, or random).")
    ],
    frozenset({"play"}),
)
ROLLS = Option(
    "rolls",
    Annotated[
        Path | None,
        typer.Option(
            help="A file of rolls, used in order: faces 1 to D (another game: numbers 1 to L, "
            "each outcome a range in the order `info --game` lists them)."
        ),
    ],
    frozenset({"play"}),
)
"""``play``'s seat and dice from a file, where a family's terminal game takes them."""


class Adapter:
    """A family's words and options, in the forms every family fits (module docstring)."""

    options: tuple[Option, ...] = (GOAL,)
    """The options the family takes beyond every command's own."""
    page_goal_limit = 30
    """The largest goal the page computes (a family says its own)."""

    def __init__(self, family: Family) -> None:
        self.family = family

    # The command line: rules from options, and how results read.

    def taken(self, command: str) -> dict[str, Option]:
        """Return the family's options that ``command`` takes, by name (``tournament``: none
        where the family holds no contest, :attr:`solver.registry.Capabilities.contest`)."""
        if command == "tournament" and self.family.can.contest is None:
            return {}
        return {option.name: option for option in self.options if command in option.commands}

    def parameters(self, game: str, given: dict[str, Any]) -> dict[str, Any]:
        """Return the rules' parameters the options ``given`` (of :meth:`taken`) set."""
        named = {option.name: option.parameter for option in self.options}
        return {named[name]: value for name, value in given.items() if named.get(name)}

    def named_game(self, given: dict[str, Any]) -> tuple[str, str] | None:
        """Return the game an option of the family's in ``given`` names (an alias of
        ``--game``), with the option as typed; None if none does."""
        return None

    def rules(self, game: str, parameters: dict[str, Any]) -> Any:
        """Return the rules of ``game`` with ``parameters``; a bad value in one line."""
        try:
            return self.family.rules(game, **parameters)
        except TypeError as err:
            raise InvalidArgument(str(err)) from None

    def setting(self, rules: Any) -> str:
        """Return the game in a few words for a result's title: ``goal 100, die 6``."""
        return f"{self.family.game_name(rules)}, goal {rules.goal}"

    def record_fields(self, rules: Any) -> dict[str, Any]:
        """Return how a JSON record names the game of ``rules``: ``{"game": name}``."""
        return {"game": self.family.game_name(rules)}

    def show_solved(self, solution: Any, path: Path, kept: bool) -> None:
        """Print what ``compute`` made (or kept) at ``path``."""
        print(f"{self.family.describe(solution.rules)}: {path}\n{solution!r}")

    def describe_game(self, rules: Any, asked: bool) -> list[Any]:
        """Return what ``info`` shows of the game before its table (``asked``: ``--game``
        given); nothing here."""
        return []

    def query_extras(self, rules: Any, state: tuple[int, ...], given: dict[str, Any]) -> dict:
        """Return the solution's keyword arguments the query's own options give."""
        return {}

    def show_query(
        self, solution: Any, state: tuple[int, ...], extras: dict[str, Any], as_json: bool
    ) -> None:
        """Print the mover's chance in ``state`` (with more than two players every player's),
        the best action and each action's value, as text or one JSON record."""
        from pigsolve.ui import records
        from pigsolve.ui.adapters.query import query_record

        record = query_record(solution, state, extras)
        if as_json:
            print(json.dumps(record, allow_nan=False))
            return
        best = record["best_action"]
        chosen = "none (no action to choose)" if best is None else records.action_text(best)
        print(f"win probability {record['win_probability']:.6f}; best: {chosen}")
        if len(record["chances"]) > 2:
            seats = ", ".join(f"{p:.6f}" for p in record["chances"])
            print(f"every player's chance, the mover's first: {seats}")
        for action, value in record["action_values"].items():
            print(f"  {action}: {value:.6f}")

    def show_players(self, rules: Any) -> None:
        """Print the family's players and what they do."""
        from pigsolve.policies import player_names
        from pigsolve.ui import result_tables
        from pigsolve.ui.console import console

        console.print(result_tables.named_rows(("name", "player"), player_names(rules)))

    def show_comparison(self, result: Any, rules: Any, as_json: bool) -> None:
        """Print an exact comparison of two players, A first and B first."""
        from pigsolve.ui import records

        if as_json:
            print(json.dumps(records.record(result, self.record_fields(rules)), allow_nan=False))
            return
        print(
            f"{result.a} beats {result.b}: {result.a_first:.6f} moving first, "
            f"{result.b_first:.6f} moving second"
        )

    def seatings(self, rules: Any, players: Sequence[Any], names: Sequence[str]) -> Any:
        """Return every player's exact chance in each of the N! seatings of more than two
        players, and on average (:class:`solver.results.Seatings`); the base: none."""
        raise InvalidArgument(
            f"compare takes players A and B: {self.label} with {rules.players} players is "
            "simulated, not compared"
        )

    @property
    def compares_seatings(self) -> bool:
        """Whether the family compares more than two players exactly: its adapter says how."""
        return type(self).seatings is not Adapter.seatings

    def show_seatings(
        self, rules: Any, players: Sequence[Any], names: Sequence[str], as_json: bool
    ) -> None:
        """Print every player's exact chance in each seating of more than two players
        (:meth:`seatings`), as a table or one JSON record."""
        from pigsolve.ui import result_tables
        from pigsolve.ui.console import console

        result = self.seatings(rules, players, names)
        if as_json:
            record = {"goal": rules.goal} | self.record_fields(rules) | result.as_dict()
            print(json.dumps(record, allow_nan=False))
            return
        title = f"{rules.players} players, {self.setting(rules)}: P(win), exact"
        console.print(result_tables.seatings(result, title))

    def show_simulation(self, result: Any, rules: Any, as_json: bool) -> None:
        """Print a simulation beside the exact values (:func:`ui.simulation_record.text`)."""
        from pigsolve.ui import simulation_record

        fields = self.record_fields(rules) if as_json else {}
        print(simulation_record.text(result, fields, as_json))

    def play(
        self, rules: Any, opponents: list[str], seed: int | None, hints: bool, given: dict
    ) -> None:
        """Play at the terminal: the person first, ``opponents`` in the other seats, the
        family's engine and words (:meth:`solver.registry.Family.play`); with ``hints`` the
        optimal table's advice before each of the person's moves."""
        from pigsolve.ui.adapters.terminal import play_at_terminal

        play_at_terminal(self.family, rules, opponents, seed, hints)

    def add_commands(self, app: Any) -> None:
        """Add the family's own command groups to ``app`` (the base: none)."""

    def benchmarks(self, large: bool, quick: bool) -> list[dict[str, Any]]:
        """Return the family's rows of ``pigsolve bench`` (the base: none)."""
        return []

    # The page: its set-up form, its limits, its pictures.

    @property
    def label(self) -> str:
        """The family as people name it."""
        return self.family.label

    @property
    def max_players(self) -> int:
        """The most players the page seats at a game of the family."""
        return 2

    @property
    def page_fields(self) -> tuple[str, ...]:
        """The fields the page names a game by."""
        return ("game", "goal") if len(self.family.games) > 1 else ("goal",)

    def page_rules(self, fields: dict[str, Any], players: int = 2) -> Any:
        """Return the rules the page's ``fields`` name; InvalidArgument naming a wrong one."""
        game = one_of(fields.get("game", self.family.games[0]), "game", self.family.games)
        goal = integer(fields.get("goal", self.default_goal()), "goal", 1, self.page_goal_limit)
        return self.family.rules(game, goal=goal)

    def default_goal(self) -> int:
        """Return the goal of the family's first game."""
        return int(self.family.rules(self.family.games[0]).goal)

    def page_form(self) -> dict[str, Any]:
        """Return the page's set-up form: ``fields`` (:func:`solver.fields.integer_field`,
        :func:`solver.fields.choice_field`) and ``note``, its limits in words."""
        games = {game: game for game in self.family.games}
        fields = [choice_field("game", "Game", games, self.family.games[0])] * (len(games) > 1)
        fields.append(integer_field("goal", "Goal", 1, self.page_goal_limit, self.default_goal()))
        return {"fields": fields, "note": f"{self.label}: goal up to {self.page_goal_limit}."}

    def page_limits(self) -> dict[str, Any]:
        """Return the sizes the page accepts (``GET /api/limits``)."""
        return {"goal": [1, self.page_goal_limit]}

    def page_title(self, rules: Any) -> str:
        """Return the game in the page's one-line summary (the goal and players said apart)."""
        return self.label

    def title(self, rules: Any) -> str:
        """Return the game in words before a noun where the family has several."""
        return f"{self.label} "

    def page_goal(self, rules: Any) -> int:
        """Return the largest goal at which the page computes the table of ``rules``."""
        return self.page_goal_limit

    def page_refusal(self, rules: Any, use: str = "the page") -> str:
        """Return why ``use`` refuses ``rules`` within its goals ('' if it does not)."""
        return ""

    use_goals: ClassVar[dict[str, int]] = {}
    """The family's own bounds of the explorer's and compare's goals (in its points)."""
    page_scripts: tuple[str, ...] = ()
    """The page's scripts of the family's own (what lies on its table), in :attr:`static`."""

    @property
    def static(self) -> Path:
        """The folder of the family's page files: ``static/`` beside its adapter's module."""
        return Path(inspect.getfile(type(self))).parent / "static"

    def explore(self, solution: Any, cells: int) -> Picture | None:
        """Return what the explorer draws of ``solution``, scores sampled to at most ``cells``
        a side (:mod:`ui.adapters.explorer`; None: the family has no explorer)."""
        return None

    @property
    def explores(self) -> bool:
        """Whether the page has an explorer of the family: its adapter draws one."""
        return type(self).explore is not Adapter.explore

    @property
    def compares(self) -> bool:
        """Whether the page compares the family's players: exactly, at its default rules."""
        family = self.family
        return not family.demands(family.rules(family.games[0])).inexact

    def evaluation_cost(self, rules: Any, memories: Sequence[int]) -> tuple[int, float]:
        """Return the peak bytes and seconds of an exact round robin of players who count
        ``memories`` turns, for the page's budget before the job starts: every player's
        solve-sized tables, roughly."""
        demands = self.family.demands(rules)
        players = len(memories)
        return demands.memory * max(players, 1), demands.seconds * players**2


_ADAPTERS: dict[str, Adapter] = {}
"""Every family's adapter by the family's name, made on first use."""


def register_adapter(adapter: Adapter) -> Adapter:
    """Register ``adapter`` as the words of its family; return it."""
    _ADAPTERS[adapter.family.name] = adapter
    return adapter


def adapter_of(rules: Any) -> Adapter:
    """Return the adapter of the family of ``rules`` (rules, or a game's name)."""
    family = family_of(rules)
    return next(adapter for adapter in adapters() if adapter.family is family)


def adapter_named(name: str) -> Adapter:
    """Return the adapter of the family named ``name``."""
    known = adapters()
    for adapter in known:
        if adapter.family.name == name:
            return adapter
    raise unknown("family", name, [adapter.family.name for adapter in known])


def adapters() -> list[Adapter]:
    """Return every registered family's adapter, in the registry's order: its own package's
    (``ui/adapters/<family>/``, imported on first use), else the base."""
    from pigsolve.solver.registry import families

    every = []
    for family in families():
        name = family.name
        if name in _ADAPTERS and _ADAPTERS[name].family is not family:
            del _ADAPTERS[name]  # a family registered again (the tests' toy)
        if name not in _ADAPTERS:
            module = f"pigsolve.ui.adapters.{name}"
            try:
                importlib.import_module(module)
            except ModuleNotFoundError as err:
                if err.name != module:
                    raise
        if name not in _ADAPTERS:
            _ADAPTERS[name] = Adapter(family)
        every.append(_ADAPTERS[name])
    return every
