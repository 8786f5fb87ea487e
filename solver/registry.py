"""One registry of game families: every game pigsolve knows is reached through it.

A family (Pig's, Hog's) is one object, registered once with :func:`register`, that answers
everything a front end needs without knowing the game: its game names, the rules a name and
parameters give, the table's file name, solve and load, and exact evaluation and simulation
of players (their names and makers are a layer up: :mod:`policies.roster`); a family solved
into a Zarr store on a cluster names that module in ``stores``. It is OpenSpiel's
``REGISTER_SPIEL_GAME``: the public API, the command line and the page consult only this module.

The built-in families register themselves when their modules are imported; those modules are
imported on the first look-up (:data:`BUILT_IN`), so importing the registry costs nothing.

States
------
Every solution answers :class:`Solution` about a state in its family's form:

``pig`` (Pig, Two-Dice Pig, Big Pig, Pass the Pigs, a TOML game)
    ``((scores...), turn_total)``: the scores from the mover's seat (the mover's first, then
    the next players' in the order they move) and the turn total, e.g. ``((0, 0), 0)``.
``hog`` (CS 61A's fa16 and su20)
    ``(score, opponent_score)``, with the Pork Chop flag and the previous turn scores (Feral
    Hogs) at their starting values 0; ``(score, opponent_score, flag, mine, theirs)`` in full.
``farkle`` (Farkle, Facebook Farkle)
    ``((score, opponent_score), turn_total, dice)`` in points, before a roll, e.g.
    ``((0, 0), 350, 3)``; after a roll the questions take its faces too, ``roll=(1, 5, 5)``.

A command line names a state by numbers: :meth:`Family.parse_state` reads them (and the
options of :attr:`Family.query_options`, such as Farkle's ``--roll``).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from pigsolve.solver.errors import InvalidArgument

BUILT_IN = (
    "pigsolve.solver.pig.family",
    "pigsolve.solver.hog.family",
    "pigsolve.solver.farkle.family",
)
"""The modules whose import registers the built-in families."""
DEFAULT = "pig"
"""The family a command plays when no ``--game`` names another (its options are the top-level
commands')."""


@runtime_checkable
class Solution(Protocol):
    """What every family's solution answers, in the family's state form (module docstring)."""

    @property
    def rules(self) -> Any:
        """The frozen rules solved."""
        ...

    @property
    def method(self) -> str:
        """How it was solved (e.g. ``layered``, ``optimal``, ``value-iteration``)."""
        ...

    @property
    def residual(self) -> float:
        """The largest Bellman residual (nan where not computed)."""
        ...

    @property
    def num_iter(self) -> int:
        """The iterations (sweeps or linear solves) the method needed."""
        ...

    @property
    def seconds(self) -> float:
        """The time of the solve, JIT compilation excluded."""
        ...

    def win_probability(self, state: Any) -> float:
        """Return the mover's probability of winning in ``state`` under optimal play."""
        ...

    def chances(self, state: Any) -> tuple[float, ...]:
        """Return every player's probability of winning in ``state``, the mover's first."""
        ...

    def best_action(self, state: Any) -> Any:
        """Return the mover's optimal action in ``state`` (Pig: 'roll' or 'hold'; Hog: dice)."""
        ...

    def action_values(self, state: Any) -> Any:
        """Return the mover's win probability after each action in ``state`` (family's form)."""
        ...


class Play(Protocol):
    """A game in progress as the page (and the terminal) play it: a step-wise engine
    (:class:`solver.engine.Game`), its actions by the names requests use, the log's words."""

    game: Any
    """The engine: ``player``, ``over``, ``winner``, ``scores``, ``view``, ``start()``,
    ``apply(action)`` and ``legal_actions()``."""
    action_field: str
    """The field of a request that names the person's action (``action``, ``num_rolls``)."""

    def legal(self) -> list[Any]:
        """Return the actions the mover may take now, by name."""
        ...

    def action(self, value: Any) -> Any:
        """Return the engine's action a request's ``value`` names (InvalidArgument if none)."""
        ...

    def name(self, action: Any) -> Any:
        """Return the engine's ``action`` by name."""
        ...

    def words(self, name: Any) -> str:
        """Return an action in words (``roll``, ``Pork Chop``, ``3 dice``)."""
        ...

    def lines(self, events: Sequence[Any], names: Sequence[str]) -> list[str]:
        """Return the log's entries for ``events``, the seats named ``names``."""
        ...

    def fields(self) -> dict[str, Any]:
        """Return what the page draws besides the scores (the dice, the turn total...)."""
        ...

    def advice(self, table: Any) -> tuple[Any, dict[Any, float]]:
        """Return the optimal action and the mover's value of each legal one, by name."""
        ...


class Family(Protocol):
    """One family of games: the single object every consumer asks about its games."""

    name: str
    """The family's name, also the ``kind`` its tables record (``pig``, ``hog``)."""
    names: tuple[str, ...]
    """The games it registers, as :func:`game` takes them."""
    rules_type: type
    """The class of its frozen rules."""
    file_suffixes: tuple[str, ...]
    """Suffixes of game files it reads (``.toml``); empty if none. A file names the game it
    changes in its key ``base`` (Farkle's ``base = "facebook-farkle"``), and without one it is
    the default family's (:func:`family_of_game`)."""

    def rules(self, name: str, **params: Any) -> Any:
        """Return the frozen rules of game ``name`` (or a game file) with ``params``."""
        ...

    def table_name(self, rules: Any) -> str:
        """Return the file name of the table of ``rules``."""
        ...

    def solve(self, rules: Any, progress: Any = None) -> Solution:
        """Return the optimal (or equilibrium) solution of ``rules``, calling
        ``progress(done, total)`` as it goes where the solver reports."""
        ...

    def load(self, path: Path) -> Solution:
        """Return the solution stored at ``path``."""
        ...

    def evaluate(self, rules: Any, players: Sequence[Any]) -> tuple[float, ...]:
        """Return each player's exact win probability, seated in order (the first moves first)."""
        ...

    def compare(self, rules: Any, a: Any, b: Any) -> Any:
        """Return the exact :class:`solver.results.Comparison` of two players."""
        ...

    def check_exact(self, rules: Any) -> None:
        """Raise :class:`solver.errors.InvalidArgument` (one line) if fixed players of
        ``rules`` are not evaluated exactly: asked before a compare or a tune makes any table."""
        ...

    def simulate(self, rules: Any, players: Sequence[Any], games: int, seed: int | None) -> Any:
        """Return the seeded Monte Carlo :class:`solver.results.Simulation` of two players."""
        ...

    def play(self, rules: Any, rng: Any) -> Play:
        """Return a game of ``rules`` with dice drawn from ``rng`` (a numpy Generator)."""
        ...

    # The command line's questions (the built-in families' own fronts ask them).

    query_options: tuple[str, ...]
    """The options ``pigsolve query`` takes for the family beyond the state (Farkle: ``roll``,
    the dice just rolled); :meth:`parse_state` reads them."""

    def parse_state(
        self, rules: Any, numbers: Sequence[int], **options: str
    ) -> tuple[Any, dict[str, Any]]:
        """Return the state the command line's ``numbers`` name, in the family's form, and the
        keyword arguments the solution's questions take from ``options`` (those of
        :attr:`query_options` given, as typed); InvalidArgument in one line if one is wrong."""
        ...

    def require(self, path: Path, rules: Any) -> Path:
        """Return ``path`` if a file is there; else MissingTable naming the command making it."""
        ...

    def record_fields(self, rules: Any) -> dict[str, Any]:
        """Return how a JSON record names the game of ``rules``."""
        ...

    def compare_tables(self, rules: Any, a: Any, b: Any, name_a: str, name_b: str) -> Any:
        """Return the exact :class:`solver.results.Comparison` of two decision tables."""
        ...

    # The page's questions (``pigsolve gui``): its forms, limits and words for the family.

    label: str
    """The family as people name it (``Pig``, ``Hog``)."""
    max_players: int
    """The most players a game of the family seats."""
    page_fields: tuple[str, ...]
    """The fields the page names a game by (:meth:`page_rules` reads them)."""

    def page_rules(self, fields: dict[str, Any], players: int = 2) -> Any:
        """Return the rules ``fields`` name for ``players`` (InvalidArgument names a wrong one)."""
        ...

    def save(self, solution: Solution, path: Path) -> Path:
        """Write ``solution`` to ``path`` atomically."""
        ...

    def describe(self, rules: Any) -> str:
        """Return the table of ``rules`` in words (``the optimal table for goal 100 ...``)."""
        ...

    def title(self, rules: Any, players: bool = True) -> str:
        """Return the game in words before a noun where the family has several ('Big Pig ')."""
        ...

    def memory_bytes(self, rules: Any) -> int:
        """Return the bytes solving ``rules`` needs at its peak."""
        ...

    def fits(self, rules: Any, available: int) -> str:
        """Return what fits ``available`` bytes instead of solving ``rules``, as commands."""
        ...

    def solve_seconds(self, rules: Any) -> tuple[float, float]:
        """Return the seconds solving ``rules`` takes, roughly: the work, the compiling first."""
        ...

    def unsolved(self, rules: Any) -> str:
        """Return why ``rules`` have no table, or ''."""
        ...

    def page_goal(self, rules: Any) -> int:
        """Return the largest goal at which the page computes the table of ``rules``'s game."""
        ...

    def page_refusal(self, rules: Any, use: str = "the page") -> str:
        """Return why the page refuses ``rules`` within its goal, or ''."""
        ...

    def command(self, rules: Any) -> str:
        """Return the command that computes the table of ``rules`` at the command line."""
        ...

    def explore(self, solution: Solution, cells: int) -> dict[str, Any]:
        """Return the explorer's grids of ``solution``, scores sampled to at most ``cells``."""
        ...

    def page_limits(self) -> dict[str, Any]:
        """Return the sizes the page accepts for the family (``GET /api/limits``)."""
        ...

    def page_form(self) -> dict[str, Any]:
        """Return the page's set-up form of the family (``GET /api/limits``' ``families``):
        ``fields``, one :func:`integer_field` or :func:`choice_field` a name of
        :attr:`page_fields`, in order, and ``note``, its limits in words."""
        ...

    def page_title(self, rules: Any) -> str:
        """Return the game of ``rules`` in the page's one-line summary (``Big Pig``, ``Hog
        fa16``); the goal and the players are said apart."""
        ...

    def evaluation_cost(self, rules: Any, memories: Sequence[int]) -> tuple[int, float]:
        """Return the peak bytes and seconds of an exact round robin of players who count
        ``memories`` turns (1: none), for the page's budget before the job starts."""
        ...


_FAMILIES: dict[str, Family] = {}
"""Every registered family by its name."""


def register(family: Family) -> Family:
    """Register ``family`` (its game names must be new); return it, to use as a decorator's."""
    taken = {name for other in _FAMILIES.values() for name in other.names}
    if family.name in _FAMILIES or taken & set(family.names):
        raise ValueError(f"the family {family.name!r} or one of its games is registered already")
    _FAMILIES[family.name] = family
    return family


def families() -> list[Family]:
    """Return every registered family, the built-in ones first in :data:`BUILT_IN`'s order
    (whichever module was imported first), then the others as they were registered."""
    for module in BUILT_IN:
        importlib.import_module(module)  # registers on first import

    def rank(family: Family) -> int:
        module = type(family).__module__
        return BUILT_IN.index(module) if module in BUILT_IN else len(BUILT_IN)

    return sorted(_FAMILIES.values(), key=rank)


def names() -> list[str]:
    """Return the name of every registered game, family by family.

    >>> names()[:2], names()[-2:]
    (['pig', 'two-dice'], ['farkle', 'facebook-farkle'])
    """
    return [name for family in families() for name in family.names]


def family_named(name: str) -> Family:
    """Return the family whose name (``pig``, ``hog``) is ``name``."""
    known = {family.name: family for family in families()}
    if name not in known:
        raise InvalidArgument(f"unknown family {name!r}; accepted: {', '.join(known)}")
    return known[name]


def family_of(rules: Any) -> Family:
    """Return the family whose rules ``rules`` are."""
    for family in families():
        if isinstance(rules, family.rules_type):
            return family
    raise InvalidArgument(f"{rules!r} are not the rules of a registered game")


def game(name: str | Path, **params: Any) -> Any:
    """Return the frozen rules of the game ``name`` (a registered name or a game file).

    >>> game("pig", goal=50).goal, game("hog-su20").name
    (50, 'su20')
    """
    text = str(name).strip()
    family = family_of_game(text)
    return family.rules(text.lower() if text.lower() in family.names else text, **params)


def family_of_game(name: str | Path) -> Family:
    """Return the family of the game ``name``: a registered name, or a game file, whose key
    ``base`` names the built-in game it changes (no ``base``: the default family's file).

    >>> family_of_game("hog-fa16").name
    'hog'
    """
    text = str(name).strip()
    for family in families():
        if text.lower() in family.names:
            return family
    suffixes = tuple({suffix for family in families() for suffix in family.file_suffixes})
    if not (text.endswith(suffixes) or Path(text).is_file()):
        raise InvalidArgument(
            f"unknown game {text!r}; accepted: {', '.join(names())}, or a game file (.toml)"
        )
    from pigsolve.solver.games.game_files import read_game_file

    base = read_game_file(Path(text)).get("base")
    if base is None:
        return family_named(DEFAULT)
    for family in families():
        if family.file_suffixes and isinstance(base, str) and base.lower() in family.names:
            return family
    readers = [name for family in families() if family.file_suffixes for name in family.names]
    raise InvalidArgument(
        f"{text}: base must name a game a file can change ({', '.join(readers)}), got {base!r}"
    )


def load(path: Path) -> Solution:
    """Return the solution stored at ``path``, read by the family its file records."""
    from pigsolve.solver.storage import open_table

    with open_table(path, None) as f:
        kind = str(f.attrs["kind"])
    return family_named(kind).load(path)


def page_families() -> list[dict[str, Any]]:
    """Return what the page draws of each family: its tab (name, label, most players) and its
    set-up form (:meth:`Family.page_form`)."""
    return [
        {"name": family.name, "label": family.label, "max_players": family.max_players}
        | family.page_form()
        for family in families()
    ]
