"""The exact chance and scoring of one Farkle roll.

A roll of ``n`` dice is a multiset of faces, written as its *counts*: a tuple of six numbers,
how many dice show 1, 2, ..., 6 (``(3, 1, 1, 0, 1, 0)`` is 1-1-1-2-3-5). Of the ``6**n``
ordered rolls, ``n! / (c1! ... c6!)`` give the counts ``c``.

A *keep* is a choice of dice to set aside: a non-empty part of the roll in which every die
belongs to a combination of :class:`~solver.games.farkle.Scoring`. Its points are the most any
split of it into combinations gives (four 5s without ``multiples`` are a triple and a single,
550). A roll with no keep is a farkle. Every keep is listed, dominated ones too: choosing among
them is the solver's business.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from functools import cache
from math import factorial, prod

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.farkle import FACES, MAX_DICE, Scoring

Counts = tuple[int, int, int, int, int, int]
"""How many dice show each face 1 to 6."""


def counts_of(faces: Iterable[int]) -> Counts:
    """Return the counts of the dice ``faces``.

    >>> counts_of([1, 1, 1, 5, 2, 3])
    (3, 1, 1, 0, 1, 0)
    """
    counts = [0] * FACES
    for face in faces:
        if not isinstance(face, int) or not 1 <= face <= FACES:
            raise InvalidArgument(f"a die shows 1 to {FACES}, got {face!r}", parameter="faces")
        counts[face - 1] += 1
    return tuple(counts)


def faces_of(counts: Sequence[int]) -> tuple[int, ...]:
    """Return the faces of ``counts``, lowest first.

    >>> faces_of((3, 1, 1, 0, 1, 0))
    (1, 1, 1, 2, 3, 5)
    """
    return tuple(face for face, n in enumerate(_counts(counts), 1) for _ in range(n))


@cache
def rolls(num_dice: int) -> tuple[tuple[Counts, int], ...]:
    """Return every roll of ``num_dice`` dice as ``(counts, ways)``: ``ways`` of the ``6**n``
    ordered rolls give ``counts`` (the ways sum to ``6**n``).

    >>> rolls(1)[0], len(rolls(6)), sum(ways for _, ways in rolls(3))
    (((1, 0, 0, 0, 0, 0), 1), 462, 216)
    """
    if not isinstance(num_dice, int) or isinstance(num_dice, bool) or num_dice < 0:
        raise InvalidArgument(
            f"num_dice must be an integer >= 0, got {num_dice!r}", parameter="num_dice"
        )
    return tuple(
        (counts, factorial(num_dice) // prod(map(factorial, counts)))
        for counts in _multisets(num_dice)
    )


def score(counts: Sequence[int], scoring: Scoring) -> int | None:
    """Return the points of setting aside the dice ``counts`` together, None unless every one
    of them scores.

    >>> score((3, 0, 0, 0, 1, 0), Scoring()), score((1, 1, 0, 0, 0, 0), Scoring())
    (1050, None)
    """
    return _best(_counts(counts), scoring)


def keeps(counts: Sequence[int], scoring: Scoring) -> tuple[tuple[Counts, int], ...]:
    """Return every legal keep of the roll ``counts`` as ``(kept counts, points)``, in the
    order of :func:`itertools.product` over the kept counts; none for a farkle.

    >>> keeps(counts_of([1, 5, 2, 2, 3, 4]), Scoring())
    (((0, 0, 0, 0, 1, 0), 50), ((1, 0, 0, 0, 0, 0), 100), ((1, 0, 0, 0, 1, 0), 150))
    """
    return _keeps(_counts(counts), scoring)


def farkle_ways(num_dice: int, scoring: Scoring) -> int:
    """Return how many of the ``6**num_dice`` ordered rolls are farkles.

    >>> farkle_ways(1, Scoring()), farkle_ways(2, Scoring())
    (4, 16)
    """
    return sum(ways for counts, ways in rolls(num_dice) if not _keeps(counts, scoring))


def _counts(counts: Sequence[int]) -> Counts:
    """Return ``counts`` as a tuple of six counts of at most :data:`MAX_DICE` dice in all."""
    counts = tuple(counts)
    if (
        len(counts) != FACES
        or not all(isinstance(n, int) and n >= 0 for n in counts)
        or sum(counts) > MAX_DICE
    ):
        raise InvalidArgument(
            f"counts must be {FACES} counts of faces 1 to {FACES}, at most {MAX_DICE} dice in all, "
            f"got {counts!r}",
            parameter="counts",
        )
    return counts


def _multisets(num_dice: int) -> Iterable[Counts]:
    """Yield the counts of every multiset of ``num_dice`` faces, in a fixed order."""
    for faces in itertools.combinations_with_replacement(range(FACES), num_dice):
        counts = [0] * FACES
        for face in faces:
            counts[face] += 1
        yield tuple(counts)


@cache
def _keeps(counts: Counts, scoring: Scoring) -> tuple[tuple[Counts, int], ...]:
    found = []
    for kept in itertools.product(*(range(n + 1) for n in counts)):
        points = _best(kept, scoring) if any(kept) else None
        if points is not None:
            found.append((kept, points))
    return tuple(found)


@cache
def _combinations(scoring: Scoring) -> dict[Counts, int]:
    """Return every combination of ``scoring`` as ``{counts: points}`` (the most, where two
    rules cover the same dice)."""
    found: dict[Counts, int] = {}

    def add(faces: dict[int, int], points: int | None) -> None:
        if points is not None:
            counts = tuple(faces.get(face, 0) for face in range(1, FACES + 1))
            found[counts] = max(points, found.get(counts, 0))

    add({1: 1}, scoring.single_one)
    add({5: 1}, scoring.single_five)
    for face in range(1, FACES + 1):
        for count in range(3, MAX_DICE + 1):
            add({face: count}, scoring.of_a_kind(face, count))
    add(dict.fromkeys(range(1, FACES + 1), 1), scoring.straight)
    for a, b, c in itertools.combinations(range(1, FACES + 1), 3):
        add({a: 2, b: 2, c: 2}, scoring.three_pairs)
    for a, b in itertools.permutations(range(1, FACES + 1), 2):
        if scoring.four_and_pair_is_three_pairs:
            add({a: 4, b: 2}, scoring.three_pairs)
        add({a: 4, b: 2}, scoring.four_and_pair)
    for a, b in itertools.combinations(range(1, FACES + 1), 2):
        add({a: 3, b: 3}, scoring.two_triplets)
    return found


@cache
def _best(counts: Counts, scoring: Scoring) -> int | None:
    """Return the most points of a split of ``counts`` into combinations, None if none."""
    if not any(counts):
        return 0
    best = None
    for combination, points in _combinations(scoring).items():
        rest = tuple(n - m for n, m in zip(counts, combination, strict=True))
        if min(rest) < 0:
            continue
        rest_points = _best(rest, scoring)
        if rest_points is not None and (best is None or points + rest_points > best):
            best = points + rest_points
    return best
