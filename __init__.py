"""pigsolve: exact solutions of the jeopardy dice games Pig, Hog, Farkle and Zombie Dice, from
Python.

>>> import pigsolve
>>> len(pigsolve.games()), pigsolve.games()[:4], pigsolve.games()[-2:]
(27, ['pig', 'two-dice', 'big-pig', 'pass-the-pigs'], ['patch-farkle', 'zombie-dice'])
>>> pigsolve.game("pig", goal=50)
PigRules(goal=50, die_sides=6, players=2, piglet=False, outcomes=None)

Every game is reached through one registry of game families (:mod:`solver.registry`), which
also gives the form of a state in each family (the numbers ``pigsolve query`` takes, as one tuple
or as separate arguments); the functions here work alike for every game. Nothing heavy (numpy,
numba, h5py) is imported until a function needs it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pigsolve.solver import __version__

if TYPE_CHECKING:
    from pigsolve.policies import Player
    from pigsolve.solver.registry import Rules, Solution
    from pigsolve.solver.results import Comparison, Simulation, Tournament, Tuning

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
    "tune",
]


def games() -> list[str]:
    """Return the name of every game :func:`game` takes, family by family."""
    from pigsolve.solver import registry

    return registry.names()


def game(name: str | Path, **params: Any) -> Rules:
    """Return the frozen rules of game ``name`` with ``params``.

    ``name`` is one of :func:`games`, a path to a TOML game file or to a Hog rules file (``.py``:
    its code runs, docs/how-to/hog-rules-file.md). The Pig family takes ``goal``, ``die_sides``,
    ``players`` and ``piglet`` (the last two sides and piglet for Pig's die only); Hog takes
    ``goal`` and ``feral_hogs`` (su20's; a rules file only ``goal``); Farkle takes ``goal`` and
    its rules' fields (``dice``, ``hot_dice``, ``min_bank``, ...:
    :data:`solver.farkle.family.PARAMETERS`).
    Bad values raise ``ValueError`` naming the parameter, unknown parameters ``TypeError``, an
    unknown game ``ValueError`` naming the nearest.
    """
    from pigsolve.solver import registry

    rules: Rules = registry.game(name, **params)
    return rules


def solve(rules: Rules | str, **options: Any) -> Solution:
    """Return the optimal (or, for three or more players, equilibrium) solution of ``rules``.

    ``options`` are the family's solver's: Pig takes ``method`` (``layered`` or
    ``value-iteration``, two players) and ``tolerance``; a family refuses those it lacks
    (TypeError naming them). The solution answers ``win_probability(state)``,
    ``chances(state)``, ``best_action(state)`` and ``action_values(state)``, and tells its
    ``rules``, ``method``, ``residual``, ``num_iter`` and ``seconds``
    (:class:`solver.registry.Solution`).
    """
    from pigsolve.solver import registry

    rules = _rules(rules)
    return registry.family_of(rules).solve(rules, **options)


def load(path: str | Path) -> Solution:
    """Return the solution stored at ``path``: a table ``pigsolve compute`` wrote, or a Zarr
    store ``pigsolve compute --store`` filled; it is checked before it is believed."""
    from pigsolve.solver import registry

    return registry.load(Path(path))


def players(rules: Rules | str) -> list[tuple[str, str]]:
    """Return ``(name, description)`` of every player of the game of ``rules`` (rules, or a
    game's name such as ``"hog-fa16"``)."""
    from pigsolve.policies import player_names

    return player_names(game(rules) if isinstance(rules, str) else rules)


def player(
    name: str, rules: Rules | str, table: str | Path | None = None, seed: int | None = None
) -> Player:
    """Return the computer player ``name`` (one of :func:`players`) for ``rules``.

    ``optimal`` reads its table at ``table``, else in the data folder (``data/`` under the
    current folder, or ``$PIGSOLVE_DATA``), solving and saving it there first if it is missing;
    where its equilibrium mixes (three players or more) it draws its coins from ``seed``. An
    unknown name raises ``ValueError`` naming the nearest.
    """
    from pigsolve.policies import make_player

    path = None if table is None else Path(table)
    made: Player = make_player(_rules(rules), name, path, None, seed)
    return made


def evaluate(rules: Rules | str, players: Sequence[str | Player]) -> tuple[float, ...]:
    """Return each player's exact win probability, seated in order: the first moves first.

    ``players`` are names (see :func:`players`) or players, one per seat.
    """
    from pigsolve.solver import registry

    rules = _rules(rules)
    return registry.family_of(rules).evaluate(rules, _seated(rules, players))


def compare(rules: Rules | str, a: str | Player, b: str | Player) -> Comparison:
    """Return the exact probabilities that player ``a`` beats ``b``: A first, B first, and on a
    coin toss (``average``)."""
    from pigsolve.solver import registry

    rules = _rules(rules)
    seated = _seated(rules, [a, b])
    result: Comparison = registry.family_of(rules).compare(rules, *seated)
    return result


def simulate(
    rules: Rules | str, players: Sequence[str | Player], games: int, seed: int | None = None
) -> Simulation | Tournament:
    """Play ``games`` games of ``players`` with seeded dice (a fresh seed if None), the first
    move passing round the table; the players named toss their coins (where they toss any) from
    the same seed, so one seed replays the games.

    Two players give a :class:`solver.results.Simulation` (each player's wins by who started,
    beside the exact values where they are cheap); more a :class:`solver.results.Tournament`.
    """
    from pigsolve.solver import registry
    from pigsolve.solver.results import check_seed, fresh_seed

    rules = _rules(rules)
    family = registry.family_of(rules)
    seed = fresh_seed() if seed is None else check_seed(seed)
    seated = _seated(rules, players, seed)
    result: Simulation | Tournament = family.simulate(rules, seated, games, seed)
    return result


def best_response(rules: Rules | str, opponents: str | Sequence[str]) -> Player:
    """Return the player that best answers the named opponents (one name, or a list of one a
    seat, in the order they move after it)."""
    from pigsolve.policies.roster import roster

    rules = _rules(rules)
    named = [opponents] if isinstance(opponents, str) else list(opponents)
    reply: Player = roster(rules).best_response(rules, named)
    return reply


def tune(
    rules: Rules | str, kind: str, against: str = "optimal", ranges: Sequence[str] = ()
) -> Tuning:
    """Return the players of ``kind`` (Pig's ``hold``, Hog's ``bacon``, Farkle's ``bank``...)
    evaluated exactly against the player ``against``: the best member (``best.a``), its chance
    on a coin toss (``chance``), every member ranked (``ranked``) and optimal play's chance
    against the same player (``optimal``). ``ranges`` are ``NAME=LO:HI`` overrides of the
    kind's default ranges."""
    from pigsolve.policies.kinds import tuning

    return tuning(_rules(rules), kind, against, ranges)


def _rules(rules: Rules | str) -> Rules:
    """Return ``rules``, or the rules of the game it names (:func:`game` with its defaults)."""
    return game(rules) if isinstance(rules, str) else rules


def _seated(rules: Rules, players: Sequence[str | Player], seed: int | None = None) -> list[Any]:
    """Return ``players`` with each name made a player of the game of ``rules``, each seat's
    coins drawn from its own stream of ``seed``."""
    from pigsolve.solver.results import seat_seeds

    if isinstance(players, str):
        players = [players]
    seeds = seat_seeds(seed, len(players))
    return [
        player(p, rules, seed=s) if isinstance(p, str) else p
        for p, s in zip(players, seeds, strict=True)
    ]
