"""Kinds of players: threshold players with integer constants, and the exact search over them.

A family's roster declares its kinds (:class:`policies.roster.Kinds`), each a threshold
player with integer constants. A member is named as the roster names it, so every interface can
use the winner at once. ``pigsolve tune`` (and :func:`pigsolve.tune`) evaluates every member
within the ranges exactly against one player; a grid too large to search whole is climbed
(:mod:`policies.climb`).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from pigsolve.policies.climb import GRID_LIMIT, climb
from pigsolve.policies.roster import Kinds, Limits, Ranges, roster
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.results import Comparison, Tuning, rank

EDGE_GAIN = 1e-12
"""A member just past a range's edge is reported (widen the range) only if it beats the best by
more than this; a smaller gain is rounding."""


def kinds_of(rules: Any) -> Kinds:
    """Return the kinds of players of the game of ``rules``; InvalidArgument if it has none."""
    from pigsolve.solver.registry import family_of

    kinds = roster(rules).kinds
    if kinds is None:
        raise InvalidArgument(f"the {family_of(rules).name} family has no players to tune")
    return kinds


def kind_ranges(rules: Any, kind: str) -> Ranges:
    """Return the constants of ``kind`` with the documents' values and default ranges."""
    from pigsolve.solver.registry import unknown

    ranges = kinds_of(rules).ranges(rules)
    if kind not in ranges:
        raise unknown("kind", kind, list(ranges))
    return dict(ranges[kind])


def constant_names(rules: Any = None) -> str:
    """Return each kind's constants, for ``--range``'s help: the game's of ``rules``, else
    every family's."""
    from pigsolve.policies.roster import roster_of
    from pigsolve.solver.registry import families

    if rules is None:
        named = []
        for family in families():
            try:
                kinds = roster_of(family.name).kinds
            except InvalidArgument:
                continue
            if kinds is not None:
                named.append(f"{family.label}'s {constant_names(kinds.example())}")
        return "; ".join(named)
    kinds = kinds_of(rules)
    ranges = kinds.ranges(kinds.example())
    return "; ".join(f"{name}: {', '.join(constants)}" for name, constants in ranges.items())


def with_ranges(defaults: Ranges, texts: Sequence[str], limits: Limits | None = None) -> Ranges:
    """Return ``defaults`` with ``NAME=LO:HI`` overrides (NAME in any case); InvalidArgument for
    a bad one, or one outside ``limits``."""
    ranges = dict(defaults)
    for text in texts:
        match = re.fullmatch(r"([a-z_0-9]+)=(-?\d+):(-?\d+)", text.strip().lower())
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


def checked_ranges(rules: Any, kind: str, ranges: Sequence[str] = ()) -> Ranges:
    """Return the ranges searched: the kind's defaults with the ``NAME=LO:HI`` overrides."""
    defaults = kind_ranges(rules, kind)
    return with_ranges(defaults, ranges, kinds_of(rules).limits(rules, defaults))


def member_name(rules: Any, kind: str, values: Sequence[int]) -> str:
    """Return the roster's name of the member of ``kind`` with constants ``values``."""
    return kinds_of(rules).member(kind, values)


def grid_size(ranges: Ranges) -> int:
    """Return how many members ``ranges`` hold."""
    return math.prod(high - low + 1 for _, low, high in ranges.values())


def candidates(rules: Any, kind: str, ranges: Ranges) -> list[str]:
    """Return the names of every member of ``kind`` within ``ranges``."""
    axes = [range(low, high + 1) for _, low, high in ranges.values()]
    return [member_name(rules, kind, values) for values in itertools.product(*axes)]


def documents_member(rules: Any, kind: str, ranges: Ranges) -> str:
    """Return the name of the kind's member at the documents' constants."""
    return member_name(rules, kind, [value for value, _, _ in ranges.values()])


def tune(
    rules: Any,
    kind: str,
    against: str,
    opponent: Any,
    ranges: Sequence[str] = (),
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[Comparison], Comparison]:
    """Evaluate every member of ``kind`` against the player ``opponent`` (named ``against``).

    ``ranges`` are ``NAME=LO:HI`` overrides of the default ranges. Returns every member's exact
    comparison, best coin-toss win probability first, and the documents' member's.
    """
    bounds = checked_ranges(rules, kind, ranges)
    score = _scorer(rules, against, opponent)
    documents = documents_member(rules, kind, bounds)
    if grid_size(bounds) > GRID_LIMIT:  # six totals, say: climbed, not searched whole
        axes = [range(low, high + 1) for _, low, high in bounds.values()]
        start = [value for value, _, _ in bounds.values()]
        name = functools.partial(member_name, rules, kind)
        return climb(start, axes, name, score, progress), score(documents)
    names = candidates(rules, kind, bounds)
    batch = kinds_of(rules).batch
    batched = None if batch is None else batch(rules, names, against, opponent, progress)
    if batched is not None:
        results = sorted(batched, key=lambda result: -result.average)  # ties keep their order
    else:
        results = rank(names, score, progress)
    return results, score(documents)


def tuning(
    rules: Any,
    kind: str,
    against: str | Sequence[str] = "optimal",
    ranges: Sequence[str] = (),
    table: Any = None,
    announce: Callable[[str], None] | None = None,
    progress: Callable[[int, int], None] | None = None,
    optimal: Any = None,
) -> Tuning:
    """Return ``kind`` searched exactly against the player ``against`` (or, for a family that
    evaluates a field, a list of the other seats' players), beside optimal play against it:
    every player made here (the optimal table at ``table``, or ``optimal``, the optimal player
    already made), every range checked before any table is made."""
    from pigsolve.policies import computer_players
    from pigsolve.solver.registry import family_of

    family = family_of(rules)
    checked_ranges(rules, kind, ranges)  # a bad range before any table is made
    inexact = family.demands(rules).inexact
    if inexact:
        raise InvalidArgument(inexact)
    field = [against] if isinstance(against, str) else list(against)
    against = ", ".join(field)
    wanted = list(dict.fromkeys([*field, "optimal"]))
    made = {} if optimal is None else {"optimal": optimal}
    made |= computer_players(rules, [n for n in wanted if n not in made], table, announce)
    opponent = made[field[0]] if len(field) == 1 else [made[name] for name in field]
    results, documents = tune(rules, kind, against, opponent, ranges, progress)
    warnings = edge_warnings(rules, kind, against, opponent, ranges, results[0])
    best = replace(family.compare(rules, made["optimal"], opponent), a="optimal", b=against)
    return Tuning(kind, against, tuple(results), documents, best, tuple(warnings))


def _scorer(rules: Any, against: str, opponent: Any) -> Callable[[str], Comparison]:
    """Return the function giving a named member's exact comparison with ``opponent``; members
    whose decision tables coincide (fa16's swap: 210 members, 110 tables) are evaluated once."""
    import numpy as np

    from pigsolve.policies import make_player
    from pigsolve.solver.registry import family_of

    compare = family_of(rules).compare
    seen: dict[bytes, Comparison] = {}

    def score(name: str) -> Comparison:
        player = make_player(rules, name)
        table = player.table(rules)
        if not isinstance(table, np.ndarray):
            return replace(compare(rules, player, opponent), a=name, b=against)
        key = hashlib.blake2b(table.tobytes(), digest_size=16).digest()
        if key not in seen:
            seen[key] = replace(compare(rules, player, opponent), a=name, b=against)
        return replace(seen[key], a=name)

    return score


def edge_warnings(
    rules: Any,
    kind: str,
    against: str,
    opponent: Any,
    ranges: Sequence[str],
    best: Comparison,
) -> list[str]:
    """Return a warning for each range the best member sits on the edge of, where the member
    just outside does better (so the range hides a better one): widen it, as the parameter
    ``ranges=[...]`` (the command line shows ``--range``, :func:`ui.console.in_options`)."""
    bounds = checked_ranges(rules, kind, ranges)
    if grid_size(bounds) > GRID_LIMIT:  # climbed: its best beats every member one step away
        return []
    limits = kinds_of(rules).limits(rules, bounds)
    axes = [range(low, high + 1) for _, low, high in bounds.values()]
    values = next(
        list(v) for v in itertools.product(*axes) if member_name(rules, kind, v) == best.a
    )
    score = _scorer(rules, against, opponent)
    warnings = []
    for index, (name, (_, low, high)) in enumerate(bounds.items()):
        lowest, highest = limits[name]
        for edge, step, where in ((low, -1, "bottom"), (high, 1, "top")):
            outside = edge + step
            if values[index] != edge or low == high or outside < lowest:
                continue
            if highest is not None and outside > highest:
                continue
            neighbour = member_name(rules, kind, [*values[:index], outside, *values[index + 1 :]])
            if score(neighbour).average <= best.average + EDGE_GAIN:
                continue
            wider = (max(low - 10, lowest), high) if step < 0 else (low, high + 10)
            warnings.append(
                f"warning: the best, {best.a}, has {name} = {edge}, the {where} of its range "
                f"{low}:{high}, and {neighbour} does better: widen it, e.g. "
                f"ranges=['{name}={wider[0]}:{wider[1]}']"
            )
    return warnings
