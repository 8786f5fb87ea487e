"""The command-line options shared by several commands, defined once, and the rules they give.

The rules' options (``--goal``, ``--die``, ``--players``, ``--piglet``; Hog's ``--rules`` and
``--goal``) default to None, so that :func:`pig_rules` and :func:`hog_game` can tell an option
given from one left out: a named table supplies its own rules, and an option given explicitly
that disagrees with it is a usage error.
"""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Annotated, Any

import typer

from pigsolve.policies import families, time_limit
from pigsolve.solver import registry
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.hog import DEFAULT_GOAL, HogRules, RuleSet, hog_rules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_files import load_game
from pigsolve.solver.games.pig_outcomes import BUILT_IN, RollOutcomes
from pigsolve.solver.storage import open_table, read_attrs

PIG = "pig"
"""The name ``--game`` takes for Pig's die (``--die``, ``--piglet``)."""
GAME_NAMES = registry.names()
"""Every registered game's name, as ``--game`` takes it (the registry's one list)."""

Goal = Annotated[
    int | None, typer.Option("--goal", help="Points needed to win (default 100, or the table's).")
]
Die = Annotated[int | None, typer.Option("--die", help="Sides of the die (default 6).")]
Players = Annotated[
    int | None,
    typer.Option(
        "--players", help="Number of players (default 2; up to 4, more if memory allows)."
    ),
]
Piglet = Annotated[bool | None, typer.Option("--piglet", help="Every face but the 1 adds 1 point.")]
Game = Annotated[
    str | None,
    typer.Option(
        "--game",
        metavar="NAME|PATH",
        help=f"The game: {', '.join(GAME_NAMES)} (default pig, or the table's), or a TOML file "
        "of roll outcomes (see `info --game`).",
    ),
]
Force = Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")]
Quiet = Annotated[bool, typer.Option("--quiet", help="Print nothing but errors.")]
Json = Annotated[bool, typer.Option("--json", help="Print JSON.")]
Seed = Annotated[int | None, typer.Option(help="Seed (default: fresh, and printed).")]
Games = Annotated[
    int,
    typer.Option(
        metavar="N",
        parser=lambda text: game_count(text),
        help="Number of games (100000, 1e6, 1_000_000); A starts every other one.",
    ),
]
Player = Annotated[str, typer.Argument(help="A player (see `policies`).", show_default=False)]
Rolls = Annotated[
    Path | None,
    typer.Option(
        help="A file of rolls, used in order: faces 1 to D (another game: numbers 1 to L, each "
        "outcome a range in the order `info --game` lists them)."
    ),
]
Hints = Annotated[bool, typer.Option("--hints", help="Show the optimal choice, win chances.")]
TableFile = Annotated[
    Path | None, typer.Argument(help="Table file (default: data/, by the rules).")
]
Table = Annotated[
    Path | None,
    typer.Option(help="Optimal table, which gives the rules (default: data/, made if absent)."),
]
Rules = Annotated[RuleSet | None, typer.Option("--rules", help="Rule set (default fa16).")]
Family = Annotated[str, typer.Argument(help="The family to tune.", show_default=False)]
Against = Annotated[str, typer.Option(help="The player to beat.")]
Range = Annotated[
    list[str] | None,
    typer.Option(
        "--range", help=f"NAME=LO:HI (repeatable); the names: {families.parameter_names('pig')}."
    ),
]
HogRange = Annotated[
    list[str] | None,
    typer.Option(
        "--range", help=f"NAME=LO:HI (repeatable); the names: {families.parameter_names('hog')}."
    ),
]

Timeout = Annotated[
    float | None,
    typer.Option(
        "--timeout",
        metavar="SECONDS",
        min=0.0,
        callback=time_limit.set_timeout,  # applied as it is parsed: the command need not pass it
        help="Seconds each call of a strategy from a file may take (default: "
        f"{time_limit.UNATTENDED:g} when input is not a terminal, else no limit; 0: no limit).",
    ),
]


MAX_DIE_SIDES = 1000
"""The largest die the commands accept (a larger one is a typing slip, not a game)."""


def game_count(text: str | int) -> int:
    """Return ``--games`` as a whole number: ``100000``, ``1e6``, ``1_000_000`` or ``1,000,000``.

    >>> game_count("1e6"), game_count("2,500")
    (1000000, 2500)
    """
    try:
        value = Decimal(str(text).replace("_", "").replace(",", ""))  # the default is an int
    except InvalidOperation:
        value = None
    if value is None or not value.is_finite() or value != value.to_integral_value():
        raise typer.BadParameter(f"{text!r} is not a whole number of games (e.g. 100000 or 1e6)")
    return int(value)


def game_outcomes(game: str | None) -> RollOutcomes | None:
    """Return the roll outcomes ``--game`` names: None for Pig's die (``pig`` or no option), a
    built-in game's table, or the game of a TOML file (a name with a ``.toml`` suffix or a ``/``).

    Raises InvalidArgument, in one line, for an unknown name or a bad file.

    >>> game_outcomes("two-dice").name, game_outcomes("pig")
    ('two-dice', None)
    """
    if game is None or game.strip().lower() == PIG:
        return None
    name = game.strip().lower()
    if name in BUILT_IN:
        return BUILT_IN[name]()
    if game.endswith(".toml") or "/" in game or Path(game).is_file():
        return load_game(game)
    raise InvalidArgument(
        f"unknown game {game!r}; accepted: {', '.join(registry.names())}, or a .toml file of "
        "outcomes"
    )


def pig_rules(
    table: Path | None = None,
    goal: int | None = None,
    die: int | None = None,
    players: int | None = None,
    piglet: bool | None = None,
    game: str | None = None,
) -> PigRules:
    """Return the rules of a Pig command: a named table's, else the options' (or the defaults).

    ``game`` is ``--game`` (see :func:`game_outcomes`); ``--die`` and ``--piglet`` go with Pig's
    die only.

    Raises
    ------
    InvalidArgument
        If an option is bad, or given and disagrees with the named table's rules.
    TableError
        If the named table is missing (with the command that makes it) or not a Pig table.
    """
    if die is not None and die > MAX_DIE_SIDES:
        raise InvalidArgument(f"--die takes at most {MAX_DIE_SIDES:,} sides, got {die:,}")
    outcomes = game_outcomes(game)
    _check_die_options(outcomes, die, piglet)
    default = PigRules()
    options = PigRules(
        default.goal if goal is None else goal,
        default.die_sides if die is None else die,
        default.players if players is None else players,
        bool(piglet),
        outcomes,
    )
    if table is None:
        return options
    from pigsolve.solver.pig import table as pig_tables

    attrs = _stored_attrs(pig_tables.require(table, options), "pig")
    rules = _stored_rules(attrs)
    _check_die_options(rules.outcomes, die, piglet)
    description = pig_tables.describe_rules(rules)
    if game is not None and outcomes != rules.outcomes:
        _check_agrees(table, description, {"--game": (game, None)})
    given = {
        "--goal": (goal, rules.goal),
        "--die": (die, rules.die_sides),
        "--players": (players, rules.players),
        "--piglet": (piglet, rules.piglet),
    }
    _check_agrees(table, description, given)
    return rules


def setting(rules: PigRules) -> str:
    """Return the game, goal and die in a few words, for a comparison's title.

    >>> setting(PigRules()), setting(PigRules(outcomes=game_outcomes("two-dice")))
    ('goal 100, die 6', 'two-dice, goal 100')
    """
    if rules.outcomes is None:
        return f"goal {rules.goal}, die {rules.die_sides}"
    return f"{rules.game}, goal {rules.goal}"


def _check_die_options(outcomes: RollOutcomes | None, die: int | None, piglet: bool | None) -> None:
    """Raise InvalidArgument if ``--die`` or ``--piglet`` is given for a game with its own roll."""
    if outcomes is not None and (die is not None or piglet):
        option = "--die" if die is not None else "--piglet"
        raise InvalidArgument(
            f"{option} changes Pig's die; the game {outcomes.name!r} has its own roll (leave "
            f"{option} out, or use --game pig)"
        )


def _stored_rules(attrs: dict[str, Any]) -> PigRules:
    """Return the rules a Pig table stores (older tables: only goal and die in the attributes)."""
    given = {name: attrs[name] for name in ("goal", "die_sides") if name in attrs}
    return PigRules.from_json(given | json.loads(attrs.get("rules", "{}")))


def hog_game(
    table: Path | None = None, rule_set: RuleSet | None = None, goal: int | None = None
) -> HogRules:
    """Return the rules of a Hog command: a named table's, else the options' (fa16, goal 100).

    Raises InvalidArgument if ``--rules`` or ``--goal`` given disagrees with the named table.
    """
    options = hog_rules(rule_set or RuleSet.fa16, DEFAULT_GOAL if goal is None else goal)
    if table is None:
        return options
    from pigsolve.solver.hog import table as hog_tables

    attrs = _stored_attrs(hog_tables.require(table, options), "hog")
    rules = HogRules.from_json(str(attrs["rules"]))
    given = {"--rules": (rule_set, rules.name), "--goal": (goal, rules.goal)}
    _check_agrees(table, f"{rules.name} goal {rules.goal}", given)
    return rules


def _stored_attrs(path: Path, kind: str) -> dict[str, Any]:
    from pigsolve.solver.layer_store import is_store
    from pigsolve.solver.pig import store

    if kind == "pig" and is_store(path):
        return dict(store.open_store(str(path))[0].attrs)
    with open_table(path, kind) as f:
        return read_attrs(f)


def _check_agrees(table: Path, rules: str, given: dict[str, tuple[Any, Any]]) -> None:
    """Raise InvalidArgument naming the first option given whose value is not the table's."""
    for option, (value, stored) in given.items():
        if value is not None and value != stored:
            shown = option if isinstance(value, bool) else f"{option} {value}"
            raise InvalidArgument(
                f"{table} is for {rules}; {shown} disagrees (leave it out: the table gives it)"
            )
