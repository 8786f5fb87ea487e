"""One registry of game families: every game pigsolve knows is reached through it.

A family (Pig's, Hog's, Farkle's) is one object, registered once with :func:`register`. Its core
(:class:`Family`) gives the rules a game's name and parameters make, reads a state, solves,
loads and saves tables, evaluates and simulates the players it is handed, plays a game step by
step and says what a solve demands; what else it can do (verify, export, plot, a store on a
cluster) is declared as data in its :class:`Capabilities`, as OpenSpiel's ``GameType`` declares
a game's properties. Everything above this module finds a family once from rules
(:func:`family_of`) and never asks which game it is.

The built-in families (:data:`BUILT_IN`) register themselves when their modules are imported,
on the first look-up, so importing the registry costs nothing. Each is the package
``solver/<name>/`` (the family in ``family.py``); its players are ``policies/<name>/`` and its
commands' and page's words ``ui/adapters/<name>/``, found there by the same name.

States
------
Every solution answers :class:`Solution` about a state in its family's one form, the numbers
``pigsolve query`` takes, given as a tuple or as separate arguments:

``pig`` (Pig, Two-Dice Pig, Big Pig, Pass the Pigs, a TOML game)
    every score, the mover's first, then the turn total: ``(0, 0, 0)``; also ``((0, 0), 0)``.
``hog`` (CS 61A's rule sets, a rules file)
    ``(score, opponent_score)``, or in full ``(score, opponent_score, four_sided, prev,
    opponent_prev)`` (Pork Chop's flag and Feral Hogs' previous turn scores).
``farkle`` (Farkle, Facebook Farkle)
    every score, the turn total and the dice to roll, in points: ``(0, 0, 350, 3)``; also
    ``((0, 0), 350, 3)``; after a roll the questions take its faces too, ``roll=(1, 5, 5)``.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from pigsolve.solver.errors import InvalidArgument, MissingTable, TableError, excerpt

if TYPE_CHECKING:
    from pigsolve.solver.engine import Play

BUILT_IN = ("pig", "hog", "farkle", "zombie")
"""The built-in families, in the order they are listed: the one place that names them."""
DEFAULT = "pig"
"""The family a command plays when no ``--game`` names another."""
STORE_SUFFIX = "-layers"
TOML = ".toml"
"""The game files several families read, told apart by their key ``base``."""
"""A family's Zarr stores record the kind ``<family>-layers``."""


@dataclass(frozen=True)
class Capabilities:
    """What a family can do beyond its core, as data: asked, never probed.

    ``players`` is the fewest and most players its solver seats (None: as many as memory
    allows); ``state`` says a state's numbers in words (:meth:`Family.state`). Each operation is
    a function, or None where the family lacks it: ``verify(solution, max_residual)`` recomputes
    a table's checks (:class:`solver.results.Check`), the table read unchecked;
    ``export(solution, what, out, fmt, force)`` writes one of ``exports`` in one of
    ``export_formats``, and ``cannot_export(rules, what)`` says why the table of ``rules``
    gives no ``what`` ('' where it does), asked before the table is made; ``plot(solution,
    kind, out, opponent, force, announce)`` draws one of ``plots``; ``store`` names the module
    that solves it into a Zarr store on a Dask cluster; ``contest(rules, tables, progress)``
    returns the exact win rates of a round robin of players that are functions of the scores,
    each given as its table of actions (``rates[i, j]``: i's chance against j, the mean of
    moving first and second; nan on the diagonal), as CS 61A's contest ranks them
    (:mod:`solver.tournament`). ``field``: with more than two players ``compare(rules, a, b)``
    seats ``b`` in every other seat (so ``tune`` searches one seat against a field).
    ``options`` are the solver's own keyword options (:meth:`Family.solve`), ``file_suffixes``
    those of the game files it reads: a suffix no other family reads is its own (Hog's ``.py``),
    a TOML file names the game it changes in its key ``base`` (:func:`family_of_game`).
    """

    players: tuple[int, int | None] = (2, 2)
    state: str = "SCORE OPPONENT_SCORE"
    verify: Callable[[Any, float], list[Any]] | None = None
    exports: tuple[str, ...] = ()
    export_formats: tuple[str, ...] = ("csv", "json", "npy")
    export: Callable[[Any, str, Path, str | None, bool], Path] | None = None
    cannot_export: Callable[[Any, str], str] | None = None
    plots: tuple[str, ...] = ()
    plot: Callable[[Any, str, Path, int | None, bool, Any], Path] | None = None
    store: str | None = None
    contest: Callable[[Any, Sequence[Any], Any], Any] | None = None
    field: bool = False
    options: tuple[str, ...] = ()
    file_suffixes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Demands:
    """What solving one game demands, and what cannot be done with it.

    ``what`` names the game in a few words (``goal 1000``), ``memory`` is the solve's peak in
    bytes, ``seconds`` and ``compiling`` its work and the first run's compiling, roughly,
    ``disk`` its table's bytes (None: not said); ``unsolved`` says why no table is made for
    it, ``inexact`` why its players are not evaluated exactly ('' where they are).
    """

    what: str
    memory: int
    seconds: float = 0.0
    compiling: float = 0.0
    disk: int | None = None
    unsolved: str = ""
    inexact: str = ""


class Rules(Protocol):
    """The frozen rules of a game, of the family that :func:`family_of` finds by their type."""

    @property
    def goal(self) -> int:
        """The points that win."""
        ...


@runtime_checkable
class Solution(Protocol):
    """What every family's solution answers, a state in its family's form (module docstring)."""

    @property
    def rules(self) -> Any:
        """The frozen rules solved."""
        ...

    @property
    def method(self) -> str:
        """How it was solved (e.g. ``layered``, ``value-iteration``)."""
        ...

    @property
    def residual(self) -> float:
        """The largest Bellman residual, as ``verify`` recomputes it."""
        ...

    @property
    def num_iter(self) -> int:
        """The iterations (sweeps or linear solves) the method needed."""
        ...

    @property
    def seconds(self) -> float:
        """The time of the solve, JIT compilation excluded."""
        ...

    def win_probability(self, *state: Any) -> float:
        """Return the mover's probability of winning in ``state`` under optimal play."""
        ...

    def chances(self, *state: Any) -> tuple[float, ...]:
        """Return every player's probability of winning in ``state``, the mover's first."""
        ...

    def best_action(self, *state: Any) -> Any:
        """Return the mover's optimal action in ``state`` (Pig: 'roll' or 'hold'; Hog: dice)."""
        ...

    def action_values(self, *state: Any) -> Any:
        """Return the mover's win probability after each action in ``state``, by action."""
        ...


class Family(Protocol):
    """One family of games: the single object every consumer asks about its games."""

    name: str
    """The family's name, also the ``kind`` its tables record (``pig``, ``hog``)."""
    label: str
    """The family as people name it (``Pig``, ``Hog``)."""
    games: tuple[str, ...]
    """The games it registers, as :func:`game` takes them."""
    rules_type: type
    """The class of its frozen rules."""
    can: Capabilities
    """What it can do beyond the core."""

    def rules(self, game: str, **params: Any) -> Any:
        """Return the frozen rules of ``game`` (a name, or a game file) with ``params``."""
        ...

    def state(self, rules: Any, state: Sequence[Any]) -> Any:
        """Return ``state`` (the numbers of the module docstring, flat or nested) in the
        family's form; InvalidArgument naming the form if it is not a state of ``rules``."""
        ...

    def solve(self, rules: Any, progress: Any = None, **options: Any) -> Solution:
        """Return the optimal (or equilibrium) solution of ``rules``, calling
        ``progress(done, total)`` as it goes; ``options`` are :attr:`Capabilities.options`."""
        ...

    def load(self, path: Path, checked: bool = True) -> Solution:
        """Return the solution stored at ``path``, ``checked`` before it is believed (``verify``
        reads it unchecked, to show every check)."""
        ...

    def save(self, solution: Any, path: Path, force: bool = False) -> Path:
        """Write ``solution`` to ``path`` atomically (an existing file only with ``force``)."""
        ...

    def evaluate(self, rules: Any, players: Sequence[Any]) -> tuple[float, ...]:
        """Return each player's exact win probability, seated in order (the first moves first)."""
        ...

    def compare(self, rules: Any, a: Any, b: Any) -> Any:
        """Return the exact :class:`solver.results.Comparison` of two players."""
        ...

    def simulate(
        self, rules: Any, players: Sequence[Any], games: int, seed: int | None, progress: Any = None
    ) -> Any:
        """Return seeded games of ``players``, the first move passing round the table: a
        :class:`solver.results.Simulation` of two, a :class:`solver.results.Tournament` of more,
        calling ``progress(done, total)`` as they are played where the family reports it."""
        ...

    def play(self, rules: Any, rng: Any) -> Play:
        """Return a game of ``rules`` with dice drawn from ``rng`` (a numpy Generator)."""
        ...

    def demands(self, rules: Any) -> Demands:
        """Return what solving ``rules`` demands, and what cannot be done with them."""
        ...

    def fits(self, rules: Any, available: int) -> str:
        """Return what fits ``available`` bytes instead of solving ``rules``, as commands."""
        ...

    def game_name(self, rules: Any) -> str:
        """Return the name :func:`game` takes for the game of ``rules`` (one of :attr:`games`,
        or the file it was read from)."""
        ...

    def describe(self, rules: Any) -> str:
        """Return the table of ``rules`` in words (``the optimal table for goal 100 ...``)."""
        ...

    def table_name(self, rules: Any) -> str:
        """Return the file name of the table of ``rules``."""
        ...

    def command(self, rules: Any, path: Path | str | None = None) -> str:
        """Return the command that computes the table of ``rules`` (to ``path``)."""
        ...


_FAMILIES: dict[str, Family] = {}
"""Every registered family by its name."""


def register(family: Family) -> Family:
    """Register ``family`` (its game names must be new); return it, to use as a decorator's."""
    taken = {name for other in _FAMILIES.values() for name in other.games}
    if family.name in _FAMILIES or taken & set(family.games):
        raise ValueError(f"the family {family.name!r} or one of its games is registered already")
    _FAMILIES[family.name] = family
    return family


def families() -> list[Family]:
    """Return every registered family, the built-in ones first in :data:`BUILT_IN`'s order,
    then the others as they were registered."""
    for name in BUILT_IN:
        importlib.import_module(f"pigsolve.solver.{name}.family")  # registers on first import

    def rank(family: Family) -> int:
        return BUILT_IN.index(family.name) if family.name in BUILT_IN else len(BUILT_IN)

    return sorted(_FAMILIES.values(), key=rank)


def names() -> list[str]:
    """Return the name of every registered game, family by family.

    >>> names()[:2], names()[-2:]
    (['pig', 'two-dice'], ['patch-farkle', 'zombie-dice'])
    """
    return [name for family in families() for name in family.games]


def unknown(what: str, name: str, accepted: Sequence[str], more: str = "") -> InvalidArgument:
    """Return the one-line error for an unknown ``what`` called ``name``: the accepted names
    (and ``more``), after the nearest one if one is near.

    >>> str(unknown("game", "farkel", ["pig", "farkle"]))
    "unknown game 'farkel' (did you mean 'farkle'?); accepted: pig, farkle"
    """
    near = difflib.get_close_matches(str(name)[:100].lower(), list(accepted), n=1, cutoff=0.6)
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    listed = ", ".join(accepted) + (f", {more}" if more else "")
    return InvalidArgument(f"unknown {what} {excerpt(name)}{hint}; accepted: {listed}")


def family_named(name: str) -> Family:
    """Return the family whose name (``pig``, ``hog``) is ``name``, as a table records it."""
    known = {family.name: family for family in families()}
    if name not in known:
        raise unknown("family", name, list(known))
    return known[name]


def family_of(rules: Any) -> Family:
    """Return the family whose rules ``rules`` are (also a game's name)."""
    if isinstance(rules, str | Path):
        return family_of_game(rules)
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
    return family.rules(text.lower() if text.lower() in family.games else text, **params)


def family_of_game(name: str | Path) -> Family:
    """Return the family of the game ``name``: a registered name, or a game file: the one
    family that reads its suffix (Hog's ``.py``), else a TOML file whose key ``base`` names the
    built-in game it changes (no ``base``: the default family's file).

    >>> family_of_game("hog-fa16").name, family_of_game("my_rules.py").name
    ('hog', 'hog')
    """
    text = str(name).strip()
    for family in families():
        if text.lower() in family.games:
            return family
    readers = [family for family in families() if text.endswith(family.can.file_suffixes)]
    if len(readers) == 1:  # the one family that reads such files (Hog's .py)
        return readers[0]
    if not (readers or Path(text).is_file()):
        every = dict.fromkeys(suffix for f in families() for suffix in f.can.file_suffixes)
        raise unknown("game", text, names(), f"or a game file ({', '.join(every)})")
    from pigsolve.solver.games.game_files import read_game_file

    base = read_game_file(Path(text)).get("base")
    if base is None:
        return family_named(DEFAULT)
    readers = [family for family in families() if TOML in family.can.file_suffixes]
    for family in readers:
        if isinstance(base, str) and base.lower() in family.games:
            return family
    games = ", ".join(name for family in readers for name in family.games)
    raise InvalidArgument(
        f"{text}: base must name a game a file can change ({games}), got {base!r}"
    )


def family_of_table(path: str | Path) -> Family:
    """Return the family whose table (an HDF5 file or a Zarr store) is at ``path``, by the kind
    it records; TableError in one line if it is none of a registered family's."""
    from pigsolve.solver.layer_store import is_store, kind_of

    if is_store(path):
        kind = kind_of(str(path))
        for family in families():
            if family.can.store is not None and kind == family.name + STORE_SUFFIX:
                return family
        raise TableError(f"{path} is a store of {kind}, which no game of this version reads")
    from pigsolve.solver.storage import open_table

    with open_table(path, None) as f:
        kind = str(f.attrs["kind"])
    known = {family.name: family for family in families()}
    if kind not in known:
        raise TableError(f"{path} holds a {kind} table, which no game of this version reads")
    return known[kind]


def require(path: str | Path, rules: Any) -> Path:
    """Return ``path`` if a file is there; else MissingTable naming the command that makes it."""
    if not Path(path).exists():
        command = family_of(rules).command(rules, path)
        raise MissingTable(f"no table at {path}; create it with `{command}`")
    return Path(path)


def load(path: str | Path) -> Solution:
    """Return the solution stored at ``path`` (an HDF5 table or a Zarr store), read and checked
    by the family its file records."""
    return family_of_table(path).load(Path(path))
