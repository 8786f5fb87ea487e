"""pigsolve: exact solutions of the jeopardy dice games Pig, Hog and Farkle, from Python.

>>> import pigsolve
>>> pigsolve.games()
['pig', 'two-dice', 'big-pig', 'pass-the-pigs', 'hog-fa16', 'hog-su20', 'farkle', 'facebook-farkle']
>>> pigsolve.game("pig", goal=50)
PigRules(goal=50, die_sides=6, players=2, piglet=False, outcomes=None)

Every game is reached through one registry of game families (:mod:`solver.registry`), which
also documents the form of a state in each family; this module only forwards to it. Nothing
heavy (numpy, numba, h5py) is imported until a function needs it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pigsolve.solver import __version__

if TYPE_CHECKING:
    from pigsolve.solver.registry import Solution
    from pigsolve.solver.results import Comparison

__all__ = [
    "__version__",
    "best_response",
    "compare",
    "evaluate",
    "game",
    "games",
    "load",
    "player",
    "players",
    "simulate",
    "solve",
]


def games() -> list[str]:
    """Return the name of every game :func:`game` takes, family by family."""
    from pigsolve.solver import registry

    return registry.names()


def game(name: str | Path, **params: Any) -> Any:
    """Return the frozen rules of game ``name`` with ``params``.

    ``name`` is one of :func:`games` or a path to a TOML game of roll outcomes. The Pig family
    takes ``goal``, ``die_sides``, ``players`` and ``piglet`` (the last two sides and piglet for
    Pig's die only); Hog takes ``goal`` and ``feral_hogs``; Farkle takes ``goal`` and its rules'
    fields (``dice``, ``hot_dice``, ``min_bank``, ...: :data:`solver.farkle.family.PARAMETERS`).
    Bad values raise ``ValueError`` naming the parameter, unknown parameters ``TypeError``.
    """
    from pigsolve.solver import registry

    return registry.game(name, **params)


def solve(rules: Any, **options: Any) -> Solution:
    """Return the optimal (or, for three or more players, equilibrium) solution of ``rules``.

    ``options`` are the family's solver's: Pig takes ``method`` (``layered`` or
    ``value-iteration``, two players) and ``tolerance``; a family refuses those it lacks
    (TypeError naming them). The solution answers ``win_probability(state)``,
    ``best_action(state)`` and ``action_values(state)``, and tells its ``rules``, ``method``,
    ``residual``, ``num_iter`` and ``seconds`` (:class:`solver.registry.Solution`).
    """
    from pigsolve.solver import registry

    return registry.family_of(rules).solve(rules, **options)


def load(path: str | Path) -> Solution:
    """Return the solution stored in the table file ``path`` (made by ``pigsolve compute``)."""
    from pigsolve.solver import registry

    return registry.load(Path(path))


def players(rules: Any) -> list[tuple[str, str]]:
    """Return ``(name, description)`` of every player of the game of ``rules`` (rules, or a
    game's name such as ``"hog-fa16"``)."""
    return _roster(game(rules) if isinstance(rules, str) else rules).names()


def player(name: str, rules: Any) -> Any:
    """Return the computer player ``name`` (one of :func:`players`) for ``rules``.

    ``optimal`` reads its table from ``data/`` under the current folder, solving and saving it
    there first if it is missing.
    """
    return _roster(rules).player(name, rules)


def evaluate(rules: Any, players: Sequence[Any]) -> tuple[float, ...]:
    """Return each player's exact win probability, seated in order: the first moves first.

    ``players`` are names (see :func:`players`) or players, one per seat.
    """
    from pigsolve.solver import registry

    return registry.family_of(rules).evaluate(rules, _seated(rules, players))


def compare(rules: Any, a: Any, b: Any) -> Comparison:
    """Return the exact probabilities that player ``a`` beats ``b``: A first, B first, average."""
    from pigsolve.solver import registry

    a, b = _seated(rules, [a, b])
    return registry.family_of(rules).compare(rules, a, b)


def simulate(rules: Any, players: Sequence[Any], games: int, seed: int | None = None) -> Any:
    """Play ``games`` games of ``players`` with seeded dice (a fresh seed if None), the first
    move passing round the table.

    Two players give a :class:`solver.results.Simulation` (each player's wins by who started,
    beside the exact values where they are cheap); more a :class:`solver.results.Tournament`.
    """
    from pigsolve.solver import registry

    return registry.family_of(rules).simulate(rules, _seated(rules, players), games, seed)


def best_response(rules: Any, opponents: Sequence[str]) -> Any:
    """Return the player that best answers the named ``opponents`` (who move after it)."""
    return _roster(rules).best_response(rules, opponents)


def _roster(rules: Any) -> Any:
    """Return the players of the family of ``rules`` (:mod:`policies.roster`)."""
    from pigsolve.policies.roster import roster
    from pigsolve.solver import registry

    return roster(registry.family_of(rules).name)


def _seated(rules: Any, players: Sequence[Any]) -> list[Any]:
    """Return ``players`` with each name made a player of the game of ``rules``."""
    return [player(p, rules) if isinstance(p, str) else p for p in players]
