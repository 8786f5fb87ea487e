"""Every game family's players, by the family's name: the list, the maker and the best reply.

The solvers' registry (:mod:`solver.registry`) knows games and solutions, not players, since
players sit a layer above it; the front door (``import pigsolve``) asks this module for them. A
family registered elsewhere (the tests' toy) registers its roster here with
:func:`register_roster`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pigsolve.solver.errors import InvalidArgument


@dataclass(frozen=True)
class Roster:
    """A family's players: ``names()`` lists ``(name, description)``; ``make(name, rules,
    table_path=None, announce=None)`` makes one (its optimal table at ``table_path``);
    ``best_response(rules, opponents)`` makes the best reply to named opponents;
    ``optimal(solution)`` the optimal player reading a solution already in memory;
    ``check(name, rules)`` refuses a name before anything is computed (None: :meth:`make`
    refuses it)."""

    names: Callable[[], list[tuple[str, str]]]
    make: Callable[[str, Any], Any]
    best_response: Callable[[Any, Sequence[str]], Any]
    optimal: Callable[[Any], Any] | None = None
    check: Callable[[str, Any], None] | None = None

    def player(self, name: str, rules: Any, table_path: Any = None, announce: Any = None) -> Any:
        """Return the player ``name`` for ``rules``, the name checked first (``human``: the
        person at the keyboard; a ``file.py:function``: checked when made)."""
        from pigsolve.policies.human import Human
        from pigsolve.policies.user import is_user_player

        if not is_user_player(name):
            self.check_name(name, rules)
        if name == Human.name:
            return Human()
        return self.make(name, rules, table_path, announce)

    def check_name(self, name: str, rules: Any) -> None:
        """Raise InvalidArgument unless ``name`` is one of these players for ``rules``."""
        if self.check is not None:
            self.check(name, rules)


ROSTERS: dict[str, Roster] = {}
"""Every registered roster by its family's name (:attr:`solver.registry.Family.name`)."""


def register_roster(family: str, roster: Roster) -> Roster:
    """Register ``roster`` as the players of ``family``; return it."""
    ROSTERS[family] = roster
    return roster


def roster(family: str) -> Roster:
    """Return the players of ``family``."""
    if family not in ROSTERS:
        raise InvalidArgument(f"the {family} family has no players registered")
    return ROSTERS[family]


def _optimal_pig(solution: Any) -> Any:
    from pigsolve.policies.optimal import OptimalPolicy

    return OptimalPolicy(solution)


def _optimal_hog(solution: Any) -> Any:
    from pigsolve.policies.hog import TableStrategy

    return TableStrategy("optimal", solution.rules, solution.policy)


def _optimal_farkle(solution: Any) -> Any:
    from pigsolve.policies.farkle import optimal_player

    return optimal_player(solution)


def _built_in(game: str, opponents_at_most: int | None, optimal: Callable[[Any], Any]) -> Roster:
    """Return a built-in family's roster: its players' module, ``policies.{game}``, is imported
    at the first call (``--version`` and ``--help`` import no numpy)."""
    import importlib

    def players() -> Any:
        return importlib.import_module(f"pigsolve.policies.{game}")

    def best_response(rules: Any, opponents: Sequence[str]) -> Any:
        from pigsolve.policies import make_player
        from pigsolve.policies.best_response import PREFIX

        if opponents_at_most is not None and len(opponents) > opponents_at_most:
            raise InvalidArgument(
                f"{game}'s best response answers {opponents_at_most} opponent, got {len(opponents)}"
            )
        return make_player(game, PREFIX + ",".join(opponents), rules)

    return Roster(
        names=lambda: players().player_names(),
        make=lambda *args: players().make_player(*args),
        best_response=best_response,
        optimal=optimal,
        check=lambda name, rules: players().check_name(name, rules),
    )


register_roster("pig", _built_in("pig", None, _optimal_pig))
register_roster("hog", _built_in("hog", 1, _optimal_hog))
register_roster("farkle", _built_in("farkle", 1, _optimal_farkle))
