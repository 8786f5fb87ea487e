"""Coordinate ascent over a kind's constants, for a grid too large to search whole (a total for
each number of dice, say: six constants)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pigsolve.solver.results import Comparison

GRID_LIMIT = 20_000
"""The most members a tuning evaluates one by one; a larger grid is climbed (:func:`climb`)."""


def climb(
    start: Sequence[int],
    axes: Sequence[range],
    name: Callable[[Sequence[int]], str],
    score: Callable[[str], Comparison],
    progress: Callable[[int, int], None] | None = None,
) -> list[Comparison]:
    """Return the members met on the way up from ``start``, best coin-toss win probability
    first: each constant in turn is set to its best value on its axis with the others held,
    round after round, until a round improves none. The best is then better than any member
    one constant away (a local best of the grid, not surely the global one). Of members whose
    chances are the same (a total past the goal changes nothing) the first met stands for all.

    >>> from pigsolve.solver.results import Comparison
    >>> def score(n):  # best at (3, 1)
    ...     x, y = map(int, n.split(","))
    ...     return Comparison(n, "o", 10, 6, 1 - (x - 3) ** 2 / 9, 1 - (y - 1) ** 2 / 9)
    >>> climb([0, 0], [range(5), range(5)], lambda v: f"{v[0]},{v[1]}", score)[0].a
    '3,1'
    """
    seen: dict[str, Comparison] = {}
    per_round = sum(len(axis) for axis in axes)

    def value(values: Sequence[int]) -> float:
        key = name(values)
        if key not in seen:
            seen[key] = score(key)
            if progress is not None:
                progress(len(seen), per_round * (len(seen) // per_round + 1))
        return seen[key].average

    best, improved = list(start), True
    current = value(best)
    while improved:
        improved = False
        for index, axis in enumerate(axes):
            for constant in axis:
                trial = [*best[:index], constant, *best[index + 1 :]]
                if value(trial) > current:
                    best, current, improved = trial, value(trial), True
    distinct: dict[tuple[float, float], Comparison] = {}
    for result in seen.values():
        distinct.setdefault((result.a_first, result.b_first), result)
    return sorted(distinct.values(), key=lambda result: -result.average)
