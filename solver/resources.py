"""What a computation will ask of the machine, said before it starts."""

from __future__ import annotations

import os
from collections.abc import Callable
from decimal import Decimal

from pigsolve.solver.errors import PigsolveError

GIB = 2**30
LARGE = 2 * GIB
"""Computations above this are announced before they start."""


def memory_words(size: int) -> str:
    """Return a number of bytes in words: GiB from 1 GiB up, else MiB.

    >>> memory_words(3 * GIB // 2), memory_words(5 * 2**20), memory_words(1000)
    ('1.5 GiB', '5 MiB', '1 MiB')
    """
    if size >= 10**6 * GIB:  # a size may be any integer (``G**N`` bytes), past any float
        return f"{Decimal(int(size) // GIB):.1e} GiB"
    if size >= GIB:
        return f"{size / GIB:.1f} GiB"
    return f"{max(1, round(size / 2**20))} MiB"


def physical_memory() -> int:
    """Return the machine's physical memory in bytes."""
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def check_memory(
    needed: int,
    what: str,
    available: int | None = None,
    way_out: Callable[[int], str] | None = None,
    wait: str | None = None,
    whose: str = "this machine has",
) -> str | None:
    """Raise PigsolveError if ``what`` needs more memory than the machine has; the refusal ends
    with ``way_out(available)``, what fits instead.

    Returns a line announcing a large computation, ending with ``wait``, how long it takes
    (``None`` for a small one). ``whose`` says whose ``available`` bytes they are.

    >>> check_memory(3 * GIB, "goal 1000", available=24 * GIB)
    'goal 1000 needs about 3.0 GiB of memory (this machine has 24 GiB); this may take a while'
    """
    available = physical_memory() if available is None else available
    if needed > available:
        instead = f"; {way_out(available)}" if way_out is not None else ""
        raise PigsolveError(
            f"{what} needs about {_rounded(needed)} of memory; {whose} {_rounded(available)}"
            f"{instead}"
        )
    if needed > LARGE:
        return (
            f"{what} needs about {needed / GIB:.1f} GiB of memory "
            f"({whose} {available / GIB:.0f} GiB); {wait or 'this may take a while'}"
        )
    return None


def _rounded(size: int) -> str:
    """Return a number of bytes in whole GiB from 1 GiB up, else in MiB; past a million GiB
    as a power of ten (a size may be any integer: ``G**N`` bytes).

    >>> _rounded(373 * GIB + 2**29), _rounded(GIB // 10), _rounded(10**400 * GIB)
    ('374 GiB', '102 MiB', '1.0e+400 GiB')
    """
    if size >= 10**6 * GIB:
        return memory_words(size)
    return f"{size / GIB:,.0f} GiB" if size >= GIB else memory_words(size)


def largest_goal(needed_at: Callable[[int], int], goal: int, available: int) -> int:
    """Return the largest goal below ``goal`` whose computation, needing ``needed_at(goal)``
    bytes (more for a larger goal), fits in ``available`` bytes; 0 if none does.

    >>> largest_goal(lambda goal: 8 * goal**3, 10**6, available=GIB)
    512
    """
    fits, too_large = 0, goal  # a binary search: needed_at(fits) <= available < needed_at(...)
    while too_large - fits > 1:
        middle = (fits + too_large) // 2
        if needed_at(middle) <= available:
            fits = middle
        else:
            too_large = middle
    return fits


def held_bytes(obj: object, depth: int = 4) -> int:
    """Return the bytes of the numpy arrays ``obj`` holds: its fields, cached attributes and
    their containers, and this package's objects among them, ``depth`` levels down (each array
    once; a view counts its base).

    >>> import numpy as np
    >>> from pigsolve.solver.pig.solution import Mixed
    >>> held_bytes(Mixed.empty(2)), held_bytes((np.zeros(4), {"a": np.zeros((2, 2))}))
    (0, 64)
    """
    import numpy as np  # not at import: the command line's start reads this module

    seen: set[int] = set()

    def walk(item: object, depth: int) -> int:
        if isinstance(item, np.ndarray):
            while isinstance(item.base, np.ndarray):
                item = item.base
            if id(item) in seen:
                return 0
            seen.add(id(item))
            return int(item.nbytes)
        if depth == 0 or id(item) in seen:
            return 0
        seen.add(id(item))
        if isinstance(item, tuple | list):
            return sum(walk(part, depth - 1) for part in item)
        if isinstance(item, dict):
            return sum(walk(part, depth - 1) for part in item.values())
        if type(item).__module__.startswith("pigsolve."):
            return walk(getattr(item, "__dict__", {}), depth)
        return 0

    return walk(obj, depth)
