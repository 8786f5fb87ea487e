"""Players as families with integer constants, and the candidates of an exact search over them.

Pig: ``hold`` (N), ``turns`` (T), ``base-pace-race`` (base, pace, race) and ``pace-race`` (pace,
rate, race) of :mod:`policies.pig`. Hog: ``always`` (N) and CS 61A's ``bacon`` and ``swap``
(margin or cutoff, N dice). A member is named as the registry names it (``hold25``,
``pace-race:21,8,71``, ``bacon:9,5``), so every interface can use the winner at once.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.hog import MAX_ROLLS, HogRules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.results import Comparison, rank

Ranges = dict[str, tuple[int, int, int]]
"""Per parameter: (the documents' value, lowest, highest) searched."""


def family_ranges(game: str, family: str, rules: PigRules | HogRules) -> Ranges:
    """Return the parameters of ``family`` with the documents' values and default ranges."""
    if game == "hog":
        rolls = 4 if rules.name == "fa16" else 6
        helper = {"margin": (8, 0, 20), "num_rolls": (rolls, 1, MAX_ROLLS)}
        families = {"always": {"num_rolls": (rolls, rules.min_rolls, MAX_ROLLS)}}
        families |= {"bacon": helper, "swap": helper}
    else:
        from pigsolve.policies.pig import FAMILIES

        families = {name: ranges for name, (_, ranges) in FAMILIES.items()}
    if family not in families:
        raise InvalidArgument(f"unknown family {family!r}; accepted: {', '.join(families)}")
    return dict(families[family])


def with_ranges(defaults: Ranges, texts: Sequence[str]) -> Ranges:
    """Return ``defaults`` with ``NAME=LO:HI`` overrides; InvalidArgument for a bad one."""
    ranges = dict(defaults)
    for text in texts:
        match = re.fullmatch(r"([a-z_]+)=(-?\d+):(-?\d+)", text)
        if not match or match.group(1) not in ranges:
            names = ", ".join(ranges)
            raise InvalidArgument(
                f"--range takes NAME=LO:HI with NAME one of {names}, got {text!r}"
            )
        low, high = int(match.group(2)), int(match.group(3))
        if low > high:
            raise InvalidArgument(f"--range {text}: the low end is above the high end")
        ranges[match.group(1)] = (ranges[match.group(1)][0], low, high)
    return ranges


def member_name(game: str, family: str, values: Sequence[int]) -> str:
    """Return the registry's name of the member of ``family`` with constants ``values``."""
    if family in ("hold", "turns", "always"):
        return f"{family}{values[0]}"
    if game == "pig":
        from pigsolve.policies.pig import FAMILIES

        return FAMILIES[family][0](*values).name
    return f"{family}:{','.join(map(str, values))}"


def candidates(game: str, family: str, ranges: Ranges) -> list[str]:
    """Return the names of every member of ``family`` within ``ranges``."""
    axes = [range(low, high + 1) for _, low, high in ranges.values()]
    return [member_name(game, family, values) for values in itertools.product(*axes)]


def tune(
    game: str,
    family: str,
    rules: PigRules | HogRules,
    against: str,
    opponent: np.ndarray,
    ranges: Sequence[str] = (),
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[Comparison], Comparison]:
    """Evaluate every member of ``family`` against the table ``opponent`` (player ``against``).

    ``ranges`` are ``NAME=LO:HI`` overrides of the default ranges. Returns every member's exact
    comparison, best coin-toss win probability first, and the documents' member's.
    """
    from pigsolve.policies import make_player

    bounds = with_ranges(family_ranges(game, family, rules), ranges)
    if game == "hog":
        from pigsolve.solver.hog.evaluate import compare
    else:
        from pigsolve.solver.pig.evaluate import compare

    def score(name: str) -> Comparison:
        return compare(rules, make_player(game, name, rules).table(rules), opponent, name, against)

    results = rank(candidates(game, family, bounds), score, progress)
    return results, score(documents_member(game, family, bounds))


def documents_member(game: str, family: str, ranges: Ranges) -> str:
    """Return the name of the family's member at the documents' constants."""
    return member_name(game, family, [value for value, _, _ in ranges.values()])


def bench_tune(optimal: np.ndarray, family: str = "pace-race") -> dict[str, Any]:
    """Time tuning a three-constant Pig family over its default ranges against ``optimal``."""
    rules = PigRules()
    start = time.perf_counter()
    results, _ = tune("pig", family, rules, "optimal", optimal)
    seconds = time.perf_counter() - start
    return {
        "benchmark": f"pig tune {family} against optimal, {len(results):,} candidates",
        "goal": rules.goal,
        "seconds": seconds,
        "compile_seconds": None,
        "rate": len(results) / seconds,
        "unit": "candidates/s",
        "peak_mib": None,
    }
