"""Hog's players, registered in :mod:`policies.roster` (:mod:`policies.hog.players`: optimal,
best-response:NAME, alwaysN, CS 61A's bacon and swap, your function), and their kinds:
``always`` (N dice) and ``bacon`` and ``swap`` (a margin or cutoff, N dice)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pigsolve.policies.roster import Announce, Kinds, Limits, Ranges, Roster, register_roster
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.hog import MAX_ROLLS, OLD_RULE_SETS, HogRules, hog_rules

BEST_RESPONSE = "best-response:"


def player_names(rules: Any = None) -> list[tuple[str, str]]:
    """Return (name, description) for every Hog player the interfaces accept."""
    from pigsolve.policies.hog import players

    return players.player_names(rules)


def check_name(name: str, rules: HogRules) -> None:
    """Raise InvalidArgument, listing the accepted names, unless ``name`` is a Hog player."""
    from pigsolve.policies.hog import players

    players.check_name(name, rules)


def make_player(
    name: str,
    rules: HogRules,
    table: Path | None = None,
    announce: Announce | None = None,
    seed: int | None = None,
) -> Any:
    """Return the computer Hog player called ``name`` for ``rules`` (``seed``: no Hog player
    tosses coins)."""
    from pigsolve.policies.hog import players

    return players.make_player(name, rules, table, announce)


def score_table(spec: str, rules: HogRules) -> Any:
    """Return the function ``spec`` (``file.py:function``) at every pair of scores, checked."""
    from pigsolve.policies.hog import players

    return players.score_table(spec, rules)


def optimal(solution: Any, seed: int | None = None) -> Any:
    """Return the optimal player reading ``solution`` (``seed``: it tosses no coins)."""
    from pigsolve.policies.hog.players import TableStrategy

    return TableStrategy("optimal", solution.rules, solution.policy)


def best_response(rules: HogRules, opponents: Sequence[str]) -> Any:
    """Return the exact best reply to the one opponent named."""
    if len(opponents) != 1:
        raise InvalidArgument(f"Hog's best response answers 1 opponent, got {len(opponents)}")
    return make_player(BEST_RESPONSE + opponents[0], rules)


def kind_ranges(rules: HogRules) -> dict[str, Ranges]:
    """Return the kinds' ranges (CS 61A's always, bacon and swap strategies)."""
    rolls = 4 if rules.name == "fa16" else 6
    helper = {"margin": (8, 0, 20), "num_rolls": (rolls, 1, MAX_ROLLS)}
    kinds = {"always": {"num_rolls": (rolls, rules.min_rolls, MAX_ROLLS)}}
    if rules.name not in OLD_RULE_SETS:  # bacon and swap are fa16's and su20's helpers
        return kinds
    return kinds | {"bacon": helper, "swap": helper}


def kind_limits(rules: HogRules, ranges: Ranges) -> Limits:
    """Return the constants' limits: a margin from 0, dice within the rules."""
    return {
        name: (0, None) if name == "margin" else (rules.min_rolls, MAX_ROLLS) for name in ranges
    }


def kind_member_name(kind: str, values: Sequence[int]) -> str:
    """Return a kind's member's name (``always4``, ``bacon:9,5``)."""
    if kind == "always":
        return f"{kind}{values[0]}"
    return f"{kind}:{','.join(map(str, values))}"


ROSTER = register_roster(
    "hog",
    Roster(
        names=player_names,
        make=make_player,
        optimal=optimal,
        best_response=best_response,
        check=check_name,
        kinds=Kinds(kind_ranges, kind_limits, kind_member_name, lambda: hog_rules("fa16")),
        arguments="score, opponent_score",
        arities=(2,),
        tabulate=score_table,
    ),
)
