"""Pig's players, registered in :mod:`policies.roster`: the optimal (equilibrium) player, the
documents' threshold players and their kinds (:mod:`policies.pig.thresholds`), best responses
(:mod:`policies.pig.best_response`) and your function (:mod:`policies.pig.user`).

The kinds ``pigsolve tune`` searches: ``hold`` (N), ``turns`` (T), ``base-pace-race`` (base,
pace, race) and ``pace-race`` (pace, rate, race), in ranges widened for a game whose turns are
longer than Pig's (:func:`turn_scale`). Its modules import numpy when a player is made, not here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pigsolve.policies.roster import Announce, Kinds, Limits, Ranges, Roster, register_roster
from pigsolve.solver.games.pig import PigRules

RANGES: dict[str, Ranges] = {
    "hold": {"n": (20, 1, 100)},
    "turns": {"turns": (4, 1, 12)},
    "base-pace-race": {"base": (19, 19, 26), "pace": (14, 7, 47), "race": (69, 66, 76)},
    "pace-race": {"pace": (21, 14, 28), "rate": (8, 1, 15), "race": (71, 64, 78)},
}
"""Each kind (:data:`policies.pig.thresholds.KINDS`): per constant, the documents' value and the
low and high end of ``pigsolve tune``'s default search range."""
POINTS = ("base", "pace")
"""The constants that are turn totals (they scale with a game's rolls); ``race`` is a score
reached ``goal - race`` points short of 100, which scales likewise; the others are counts."""
LOWEST = {"n": 1, "turns": 1, "rate": 1}
"""The lowest value of the constants that must be positive (the others start at 0)."""
BEST_RESPONSE = "best-response:"


def player_names(rules: Any = None) -> list[tuple[str, str]]:
    """Return (name, description) for every Pig player the interfaces accept."""
    from pigsolve.policies.human import Human
    from pigsolve.policies.pig.optimal import OptimalPolicy
    from pigsolve.policies.pig.thresholds import BasePaceRace, HoldAt, PaceRace, ScoringTurns
    from pigsolve.policies.user import USER_PLAYER

    return [
        (OptimalPolicy.name, OptimalPolicy.description),
        ("hold20", HoldAt(20).description + ", the documents' computer player"),
        ("holdN", '"hold at N or goal" for any N >= 1, e.g. hold25'),
        ("four-turns", ScoringTurns(4).description),
        ("turnsT", '"T scoring turns" for any T >= 1, e.g. turns3'),
        ("base-pace-race", BasePaceRace().description),
        ("pace-race", PaceRace().description),
        ("KIND:A,B,C", "base-pace-race or pace-race with other constants, e.g. pace-race:21,8,71"),
        (
            "best-response:A,B",
            "the best reply to fixed opponents, named in the order they move after it "
            "(one per other player), e.g. best-response:hold20,hold20 for 3 players",
        ),
        USER_PLAYER,
        (Human.name, Human.description),
    ]


def check_name(name: str, rules: Any) -> None:
    """Raise InvalidArgument, listing the accepted names, unless ``name`` is a Pig player."""
    from pigsolve.policies.pig.thresholds import kind_member
    from pigsolve.policies.roster import is_user_player

    if name.startswith(BEST_RESPONSE):
        from pigsolve.policies.pig.best_response import opponent_names

        for opponent in opponent_names(name, rules):
            if not is_user_player(opponent):
                check_name(opponent, rules)
        return
    if name not in ("optimal", "human") and kind_member(name) is None:
        from pigsolve.solver.registry import unknown

        raise unknown("player", name, [n for n, _ in player_names(rules)])


def make_player(
    name: str,
    rules: Any,
    table: Path | None = None,
    announce: Announce | None = None,
    seed: int | None = None,
) -> Any:
    """Return the computer Pig player called ``name`` (checked) for ``rules``; ``table`` and
    ``announce`` concern the optimal table (:func:`policies.pig.optimal.optimal_player`),
    ``seed`` the equilibrium's coins."""
    from pigsolve.policies.roster import is_user_player

    if is_user_player(name):
        from pigsolve.policies.pig.user import UserPigPlayer

        return UserPigPlayer(name)
    if name.startswith(BEST_RESPONSE):
        from pigsolve.policies.pig.best_response import make_best_response

        return make_best_response(name, rules, table, announce)
    if name == "optimal":
        from pigsolve.policies.pig.optimal import optimal_player

        return optimal_player(rules, table, announce, seed)
    from pigsolve.policies.pig.thresholds import kind_member

    return kind_member(name)


def optimal(solution: Any, seed: int | None = None) -> Any:
    """Return the optimal player reading ``solution``, its coins drawn from ``seed``."""
    from pigsolve.policies.pig.optimal import OptimalPolicy

    return OptimalPolicy(solution, seed)


def best_response(rules: Any, opponents: Sequence[str]) -> Any:
    """Return the best reply to ``opponents`` (one per other player, in the order they move
    after it)."""
    return make_player(BEST_RESPONSE + ",".join(opponents), rules)


def kind_ranges(rules: PigRules) -> dict[str, Ranges]:
    """Return the kinds' ranges, widened for a game whose turns are longer than Pig's."""
    if rules.outcomes is None:
        return RANGES
    scale = turn_scale(rules) / turn_scale(PigRules())
    return {
        kind: {name: _scaled(name, bounds, scale) for name, bounds in ranges.items()}
        for kind, ranges in RANGES.items()
    }


def turn_scale(rules: PigRules) -> float:
    """Return the points a scoring roll brings on average over the chance a roll ends the turn:
    the turn total at which one more roll stops paying, in expectation (Pig's die: 20).

    >>> from pigsolve.solver.games.pig_outcomes import big_pig
    >>> turn_scale(PigRules()), turn_scale(PigRules(outcomes=big_pig()))
    (20.0, 26.5)
    """
    gains = rules.roll_outcomes.gains()
    mean = sum(points * p for points, p in gains)
    return float(mean / (1 - sum(p for _, p in gains)))


def _scaled(name: str, bounds: tuple[int, int, int], scale: float) -> tuple[int, int, int]:
    """Return a range widened to hold the same range for a game whose turns are ``scale``
    times Pig's (the documents' value and Pig's range kept)."""
    documents, low, high = bounds
    if name in POINTS:
        low, high = min(low, math.floor(low * scale)), max(high, math.ceil(high * scale))
    elif name == "race":
        short = [100 - (100 - value) * scale for value in (low, high)]
        low, high = min(low, math.floor(short[0])), max(high, math.ceil(short[1]))
    return documents, low, high


def kind_limits(rules: PigRules, ranges: Ranges) -> Limits:
    """Return the constants' limits: counts from 1, points from 0, no highest."""
    return {name: (LOWEST.get(name, 0), None) for name in ranges}


def kind_member_name(kind: str, values: Sequence[int]) -> str:
    """Return a kind's member's name (``hold25``, ``pace-race:21,8,71``)."""
    if kind in ("hold", "turns"):
        return f"{kind}{values[0]}"
    from pigsolve.policies.pig.thresholds import KINDS

    return KINDS[kind](*values).name


def batch(rules: Any, names: Sequence[str], against: str, opponent: Any, progress: Any) -> Any:
    """Return every named member's comparison from the batched evaluator, or None where it
    does not apply (:func:`policies.pig.batch.threshold_batch`)."""
    from pigsolve.policies.pig.batch import threshold_batch

    return threshold_batch(rules, names, against, opponent, progress)


ROSTER = register_roster(
    "pig",
    Roster(
        names=player_names,
        make=make_player,
        optimal=optimal,
        best_response=best_response,
        check=check_name,
        kinds=Kinds(kind_ranges, kind_limits, kind_member_name, PigRules, batch),
        arguments="score, opponent_score, turn_total",
        arities=(3, 4),
        opponent="hold20",
    ),
)
