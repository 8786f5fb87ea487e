"""Players as families with integer constants, and the candidates of an exact search over them.

Pig: ``hold`` (N), ``turns`` (T), ``base-pace-race`` (base, pace, race) and ``pace-race`` (pace,
rate, race) of :mod:`policies.pig`. Hog: ``always`` (N) and CS 61A's ``bacon`` and ``swap``
(margin or cutoff, N dice). Farkle: ``bank`` (the bank total in fifties) and ``bank-dice`` (a
total for each number of dice) of :mod:`policies.farkle`. A member is named as the registry
names it (``hold25``, ``pace-race:21,8,71``, ``bacon:9,5``), so every interface can use the
winner at once. A grid too large to search whole is climbed (:mod:`policies.climb`).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from pigsolve.policies.climb import GRID_LIMIT, climb
from pigsolve.policies.threshold_batch import threshold_batch
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.games.hog import MAX_ROLLS, HogRules, hog_rules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.results import Comparison, rank

if TYPE_CHECKING:
    import numpy as np

Ranges = dict[str, tuple[int, int, int]]
"""Per parameter: (the documents' value, lowest, highest) searched."""

Limits = dict[str, tuple[int, int | None]]
"""Per parameter: the lowest and highest value (None: no highest) a member accepts."""

LOWEST = {"n": 1, "turns": 1, "rate": 1}
"""The lowest value of the parameters that must be positive (the others start at 0)."""

EDGE_GAIN = 1e-12
"""A member just past a range's edge is reported (widen the range) only if it beats the best by
more than this; a smaller gain is rounding."""


def family_ranges(game: str, family: str, rules: Any) -> Ranges:
    """Return the parameters of ``family`` with the documents' values and default ranges."""
    families = _families(game, rules)
    if family not in families:
        raise InvalidArgument(f"unknown family {family!r}; accepted: {', '.join(families)}")
    return dict(families[family])


PIG_RANGES: dict[str, Ranges] = {
    "hold": {"n": (20, 1, 100)},
    "turns": {"turns": (4, 1, 12)},
    "base-pace-race": {"base": (19, 19, 26), "pace": (14, 7, 47), "race": (69, 66, 76)},
    "pace-race": {"pace": (21, 14, 28), "rate": (8, 1, 15), "race": (71, 64, 78)},
}
"""Each Pig family (:data:`policies.pig.FAMILIES`): per integer parameter, the documents' value
and the low and high end of ``pigsolve tune``'s default search range."""


def _families(game: str, rules: Any) -> dict[str, Ranges]:
    """Return every family of ``game`` with its parameters' documents' values and ranges."""
    return _tuning(game).ranges(rules)


@dataclass(frozen=True)
class Tuning:
    """A game family's tunable players (:data:`TUNINGS` holds one per game family):
    ``ranges(rules)`` each family's parameters with the documents' values and default ranges,
    ``limits(rules, ranges)`` each parameter's accepted values, ``member(family, values)`` a
    member's name, ``example()`` rules to name the parameters by."""

    ranges: Callable[[Any], dict[str, Ranges]]
    limits: Callable[[Any, Ranges], Limits]
    member: Callable[[str, Sequence[int]], str]
    example: Callable[[], Any]


def _tuning(game: str) -> Tuning:
    if game not in TUNINGS:
        raise InvalidArgument(f"the {game} family has no players to tune")
    return TUNINGS[game]


def pig_ranges(rules: PigRules) -> dict[str, Ranges]:
    """Return Pig's families' ranges, widened for a game whose turns are longer than Pig's."""
    if rules.outcomes is None:
        return PIG_RANGES
    scale = turn_scale(rules) / turn_scale(PigRules())
    return {
        family: {name: _scaled(name, bounds, scale) for name, bounds in ranges.items()}
        for family, ranges in PIG_RANGES.items()
    }


def hog_ranges(rules: HogRules) -> dict[str, Ranges]:
    """Return Hog's families' ranges (CS 61A's always, bacon and swap strategies)."""
    rolls = 4 if rules.name == "fa16" else 6
    helper = {"margin": (8, 0, 20), "num_rolls": (rolls, 1, MAX_ROLLS)}
    families = {"always": {"num_rolls": (rolls, rules.min_rolls, MAX_ROLLS)}}
    return families | {"bacon": helper, "swap": helper}


POINTS = ("base", "pace")
"""The parameters that are turn totals (they scale with a game's rolls); ``race`` is a score
reached ``goal - race`` points short of 100, which scales likewise; the others are counts."""


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
    """Return a Pig range widened to hold the same range for a game whose turns are ``scale``
    times Pig's (the documents' value and Pig's range kept)."""
    documents, low, high = bounds
    if name in POINTS:
        low, high = min(low, math.floor(low * scale)), max(high, math.ceil(high * scale))
    elif name == "race":
        short = [100 - (100 - value) * scale for value in (low, high)]
        low, high = min(low, math.floor(short[0])), max(high, math.ceil(short[1]))
    return documents, low, high


def family_limits(game: str, rules: Any, ranges: Ranges) -> Limits:
    """Return the lowest and highest value each parameter of ``ranges`` accepts."""
    return _tuning(game).limits(rules, ranges)


def pig_limits(rules: PigRules, ranges: Ranges) -> Limits:
    """Return Pig's parameters' limits: counts from 1, points from 0, no highest."""
    return {name: (LOWEST.get(name, 0), None) for name in ranges}


def hog_limits(rules: HogRules, ranges: Ranges) -> Limits:
    """Return Hog's parameters' limits: a margin from 0, dice within the rules."""
    return {
        name: (0, None) if name == "margin" else (rules.min_rolls, MAX_ROLLS) for name in ranges
    }


def parameter_names(game: str) -> str:
    """Return each family's parameter names, for ``--range``'s help.

    >>> parameter_names("hog")
    'always: num_rolls; bacon: margin, num_rolls; swap: margin, num_rolls'
    """
    tuning = _tuning(game)
    families = tuning.ranges(tuning.example())
    return "; ".join(f"{name}: {', '.join(ranges)}" for name, ranges in families.items())


def with_ranges(defaults: Ranges, texts: Sequence[str], limits: Limits | None = None) -> Ranges:
    """Return ``defaults`` with ``NAME=LO:HI`` overrides (NAME in any case); InvalidArgument for
    a bad one, or one outside ``limits``."""
    ranges = dict(defaults)
    for text in texts:
        match = re.fullmatch(r"([a-z_]+)=(-?\d+):(-?\d+)", text.strip().lower())
        if not match or match.group(1) not in ranges:
            names = ", ".join(ranges)
            raise InvalidArgument(
                f"ranges takes NAME=LO:HI with NAME one of {names}, got {text!r}",
                parameter="ranges",
            )
        name, low, high = match.group(1), int(match.group(2)), int(match.group(3))
        if low > high:
            raise InvalidArgument(
                f"ranges=[{text!r}]: the low end is above the high end", parameter="ranges"
            )
        lowest, highest = (limits or {}).get(name, (None, None))
        if (lowest is not None and low < lowest) or (highest is not None and high > highest):
            accepted = f"from {lowest}" + ("" if highest is None else f" to {highest}")
            raise InvalidArgument(
                f"ranges=[{text!r}]: {name} takes values {accepted}", parameter="ranges"
            )
        ranges[name] = (ranges[name][0], low, high)
    return ranges


def member_name(game: str, family: str, values: Sequence[int]) -> str:
    """Return the registry's name of the member of ``family`` with constants ``values``."""
    return _tuning(game).member(family, values)


def pig_member(family: str, values: Sequence[int]) -> str:
    """Return a Pig family member's name (``hold25``, ``pace-race:21,8,71``)."""
    if family in ("hold", "turns"):
        return f"{family}{values[0]}"
    from pigsolve.policies.pig import FAMILIES

    return FAMILIES[family](*values).name


def hog_member(family: str, values: Sequence[int]) -> str:
    """Return a Hog family member's name (``always4``, ``bacon:9,5``)."""
    if family == "always":
        return f"{family}{values[0]}"
    return f"{family}:{','.join(map(str, values))}"


FARKLE_RANGES: dict[str, Ranges] = {
    "bank": {"fifties": (6, 4, 30)},
    "bank-dice": {f"dice{n}": (6, 1, 80) for n in range(1, 7)},  # one a die the rules roll
}
"""Farkle's threshold families (:mod:`policies.farkle`): ``bank:T``, its total in fifties (300
points, the usual minimum bank; searched from 200 to 1,500 points), and ``bank-dice``
(``bank:T1,...,T6``), a total for each number of dice about to be rolled, from 50 to 4,000
points each (climbed from 300 each: :func:`policies.climb.climb`). At goal 10,000 the optimal
opponent's turn laws take some 20 s, found once (:mod:`solver.farkle.laws`); each member then
some 0.04 s."""


def farkle_ranges(rules: FarkleRules) -> dict[str, Ranges]:
    """Return Farkle's families' ranges: ``bank`` (the total in fifties) and ``bank-dice`` (a
    total for each number of dice the rules roll)."""
    each = FARKLE_RANGES["bank-dice"]["dice1"]
    dice = {f"dice{n}": each for n in range(1, rules.dice + 1)}
    return {**FARKLE_RANGES, "bank-dice": dice}


def farkle_limits(rules: FarkleRules, ranges: Ranges) -> Limits:
    """Return Farkle's parameters' limits: a total from 0 fifties, no highest."""
    return {name: (0, None) for name in ranges}


def farkle_member(family: str, values: Sequence[int]) -> str:
    """Return a Farkle family member's name: ``bank:300`` for 6 fifties, ``bank:T1,...,T6``
    for ``bank-dice``'s."""
    return "bank:" + ",".join(str(value * POINT_UNIT) for value in values)


TUNINGS = {
    "pig": Tuning(pig_ranges, pig_limits, pig_member, PigRules),
    "hog": Tuning(hog_ranges, hog_limits, hog_member, lambda: hog_rules("fa16")),
    "farkle": Tuning(farkle_ranges, farkle_limits, farkle_member, FarkleRules),
}
"""Each game family's tunable players, by the family's name (a family registered elsewhere
adds its own)."""


def grid_size(ranges: Ranges) -> int:
    """Return how many members ``ranges`` hold."""
    return math.prod(high - low + 1 for _, low, high in ranges.values())


def candidates(game: str, family: str, ranges: Ranges) -> list[str]:
    """Return the names of every member of ``family`` within ``ranges``."""
    axes = [range(low, high + 1) for _, low, high in ranges.values()]
    return [member_name(game, family, values) for values in itertools.product(*axes)]


def tune(
    game: str,
    family: str,
    rules: Any,
    against: str,
    opponent: np.ndarray,
    ranges: Sequence[str] = (),
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[Comparison], Comparison]:
    """Evaluate every member of ``family`` against the table ``opponent`` (player ``against``).

    ``ranges`` are ``NAME=LO:HI`` overrides of the default ranges. Returns every member's exact
    comparison, best coin-toss win probability first, and the documents' member's.
    """
    bounds = checked_ranges(game, family, rules, ranges)
    score = _scorer(game, rules, against, opponent)
    if grid_size(bounds) > GRID_LIMIT:  # six totals, say: climbed, not searched whole
        axes = [range(low, high + 1) for _, low, high in bounds.values()]
        start = [value for value, _, _ in bounds.values()]
        name = functools.partial(member_name, game, family)
        results = climb(start, axes, name, score, progress)
        return results, score(documents_member(game, family, bounds))
    names = candidates(game, family, bounds)
    batched = threshold_batch(game, rules, names, against, opponent, progress)
    if batched is not None:
        results = sorted(batched, key=lambda result: -result.average)  # ties keep their order
    else:
        results = rank(names, score, progress)
    return results, score(documents_member(game, family, bounds))


def checked_ranges(game: str, family: str, rules: Any, ranges: Sequence[str] = ()) -> Ranges:
    """Return the ranges searched: the family's defaults with the ``NAME=LO:HI`` overrides."""
    defaults = family_ranges(game, family, rules)
    return with_ranges(defaults, ranges, family_limits(game, rules, defaults))


def _scorer(
    game: str, rules: Any, against: str, opponent: np.ndarray
) -> Callable[[str], Comparison]:
    """Return the function giving a named member's exact comparison with ``opponent``."""
    import numpy as np

    from pigsolve.policies import make_player
    from pigsolve.solver.registry import family_of

    compare = family_of(rules).compare_tables
    seen: dict[bytes, Comparison] = {}

    def score(name: str) -> Comparison:
        table = make_player(game, name, rules).table(rules)
        if not isinstance(table, np.ndarray):
            return compare(rules, table, opponent, name, against)
        key = hashlib.blake2b(table.tobytes(), digest_size=16).digest()
        if key not in seen:  # members whose decisions coincide (fa16's swap: 210 tables, 110 apart)
            seen[key] = compare(rules, table, opponent, name, against)
        return replace(seen[key], a=name)

    return score


def edge_warnings(
    game: str,
    family: str,
    rules: Any,
    against: str,
    opponent: np.ndarray,
    ranges: Sequence[str],
    best: Comparison,
) -> list[str]:
    """Return a warning for each range the best member sits on the edge of, where the member
    just outside does better (so the range hides a better one): widen it, as the parameter
    ``ranges=[...]`` (the command line shows ``--range``, :func:`ui.console.in_options`)."""
    bounds = checked_ranges(game, family, rules, ranges)
    if grid_size(bounds) > GRID_LIMIT:  # climbed: its best beats every member one step away
        return []
    limits = family_limits(game, rules, bounds)
    axes = [range(low, high + 1) for _, low, high in bounds.values()]
    values = next(
        list(v) for v in itertools.product(*axes) if member_name(game, family, v) == best.a
    )
    score = _scorer(game, rules, against, opponent)
    warnings = []
    for index, (name, (_, low, high)) in enumerate(bounds.items()):
        lowest, highest = limits[name]
        for edge, step, where in ((low, -1, "bottom"), (high, 1, "top")):
            outside = edge + step
            if values[index] != edge or low == high or outside < lowest:
                continue
            if highest is not None and outside > highest:
                continue
            neighbour = member_name(game, family, [*values[:index], outside, *values[index + 1 :]])
            if score(neighbour).average <= best.average + EDGE_GAIN:
                continue
            wider = (max(low - 10, lowest), high) if step < 0 else (low, high + 10)
            warnings.append(
                f"warning: the best, {best.a}, has {name} = {edge}, the {where} of its range "
                f"{low}:{high}, and {neighbour} does better: widen it, e.g. "
                f"ranges=['{name}={wider[0]}:{wider[1]}']"
            )
    return warnings


def documents_member(game: str, family: str, ranges: Ranges) -> str:
    """Return the name of the family's member at the documents' constants."""
    return member_name(game, family, [value for value, _, _ in ranges.values()])
