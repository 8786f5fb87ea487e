"""Farkle's players, registered in :mod:`policies.roster` (:mod:`policies.farkle.players`:
optimal, max-score, the bank-at thresholds, your function), and their kinds: ``bank`` (the total
to bank at, in fifties) and ``bank-dice`` (a total for each number of dice about to be rolled).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pigsolve.policies.roster import Announce, Kinds, Limits, Ranges, Roster, register_roster
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules

RANGES: dict[str, Ranges] = {
    "bank": {"fifties": (6, 4, 30)},
    "bank-dice": {f"dice{n}": (6, 1, 80) for n in range(1, 7)},  # one a die the rules roll
}
"""The kinds: ``bank:T``, its total in fifties (300 points, the usual minimum bank; searched
from 200 to 1,500 points), and ``bank-dice`` (``bank:T1,...,T6``), a total for each number of
dice about to be rolled, from 50 to 4,000 points each (climbed from 300 each:
:func:`policies.climb.climb`). At goal 10,000 the optimal opponent's turn laws take some 20 s,
found once (:mod:`solver.farkle.laws`); each member then some 0.04 s."""


def player_names(rules: FarkleRules | None = None) -> list[tuple[str, str]]:
    """Return (name, description) for every Farkle player the interfaces accept."""
    from pigsolve.policies.farkle import players

    return players.player_names(rules)


def check_name(name: str, rules: FarkleRules) -> None:
    """Raise InvalidArgument, listing the accepted names, unless ``name`` is a Farkle player."""
    from pigsolve.policies.farkle import players

    players.check_name(name, rules)


def make_player(
    name: str,
    rules: FarkleRules,
    table: Path | None = None,
    announce: Announce | None = None,
    seed: int | None = None,
) -> Any:
    """Return the computer Farkle player called ``name`` for ``rules``, the coins of an optimal
    player of three or more drawn from ``seed``."""
    from pigsolve.policies.farkle import players

    return players.make_player(name, rules, table, announce, seed)


def optimal(solution: Any, seed: int | None = None) -> Any:
    """Return the optimal player reading ``solution``, its coins drawn from ``seed``."""
    from pigsolve.policies.farkle.players import optimal_player

    return optimal_player(solution, seed)


def best_response(rules: FarkleRules, opponents: Sequence[str]) -> Any:
    """Return the exact best reply to the one opponent named."""
    if len(opponents) != 1:
        raise InvalidArgument(f"Farkle's best response answers 1 opponent, got {len(opponents)}")
    return make_player("best-response:" + opponents[0], rules)


def kind_ranges(rules: FarkleRules) -> dict[str, Ranges]:
    """Return the kinds' ranges: ``bank`` (the total in fifties) and ``bank-dice`` (a total for
    each number of dice the rules roll)."""
    each = RANGES["bank-dice"]["dice1"]
    dice = {f"dice{n}": each for n in range(1, rules.dice + 1)}
    return {**RANGES, "bank-dice": dice}


def kind_limits(rules: FarkleRules, ranges: Ranges) -> Limits:
    """Return the constants' limits: a total from 0 fifties, no highest."""
    return {name: (0, None) for name in ranges}


def kind_member_name(kind: str, values: Sequence[int]) -> str:
    """Return a member's name: ``bank:300`` for 6 fifties, ``bank:T1,...,T6`` for
    ``bank-dice``'s."""
    return "bank:" + ",".join(str(value * POINT_UNIT) for value in values)


ROSTER = register_roster(
    "farkle",
    Roster(
        names=player_names,
        make=make_player,
        optimal=optimal,
        best_response=best_response,
        check=check_name,
        kinds=Kinds(kind_ranges, kind_limits, kind_member_name, FarkleRules),
        arguments="score, opponent_score, turn_total, dice_left, roll",
        arities=(5,),
    ),
)
