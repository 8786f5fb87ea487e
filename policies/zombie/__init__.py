"""Zombie Dice's players, registered in :mod:`policies.roster` (:mod:`policies.zombie.players`:
optimal, the rules of thumb, your function), and their kinds: ``shotguns`` (stop at K
shotguns), ``brains`` (stop at N brains) and ``risk`` (stop when the last shotgun's chance
exceeds P percent), each tuned by ``pigsolve tune``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pigsolve.policies.roster import Kinds, Limits, Ranges, Roster, register_roster
from pigsolve.policies.zombie.players import check_name, make_player, optimal_player, player_names
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.zombie import ZombieRules

RANGES: dict[str, Ranges] = {
    "shotguns": {"shotguns": (2, 1, 2)},
    "brains": {"brains": (4, 1, 12)},
    "risk": {"fives": (5, 2, 12)},
}
"""The kinds' constants: the players' usual values and the ranges searched (``risk`` in steps
of 5 percent: 10 to 60)."""


def optimal(solution: Any, seed: int | None = None) -> Any:
    """Return the optimal player reading ``solution`` (it tosses no coins: ``seed`` unused)."""
    return optimal_player(solution)


def best_response(rules: ZombieRules, opponents: Sequence[str]) -> Any:
    """Zombie Dice's best response is not offered as a player yet: InvalidArgument."""
    raise InvalidArgument("Zombie Dice has no best-response player")


def kind_ranges(rules: ZombieRules) -> dict[str, Ranges]:
    """Return the kinds' ranges (:data:`RANGES`), shotguns up to one less than end a turn."""
    low = rules.shotguns - 1
    return {**RANGES, "shotguns": {"shotguns": (min(2, low), 1, low)}}


def kind_limits(rules: ZombieRules, ranges: Ranges) -> Limits:
    """Return the constants' limits."""
    highest = {"shotguns": rules.shotguns, "brains": None, "fives": 20}
    return {name: (0 if name == "fives" else 1, highest[name]) for name in ranges}


def kind_member_name(kind: str, values: Sequence[int]) -> str:
    """Return a member's name: ``shotguns:2``, ``brains:4``, ``risk:25`` (5 fives)."""
    return f"{kind}:{values[0] * 5 if kind == 'risk' else values[0]}"


ROSTER = register_roster(
    "zombie",
    Roster(
        names=player_names,
        make=make_player,
        optimal=optimal,
        best_response=best_response,
        check=check_name,
        kinds=Kinds(kind_ranges, kind_limits, kind_member_name, ZombieRules),
        arguments="score, opponent_score, brains, shotguns, hand, cup",
        arities=(6,),
    ),
)
