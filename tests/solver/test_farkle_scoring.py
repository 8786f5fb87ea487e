"""The chance and scoring of one Farkle roll, checked against brute force over ordered rolls and
an independent search over every way of splitting the kept dice."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.farkle import FACEBOOK_FARKLE, FARKLE, MULTIPLES, Scoring
from pigsolve.solver.games.farkle_scoring import (
    counts_of,
    faces_of,
    farkle_ways,
    keeps,
    rolls,
    score,
)

TRIPLES_ONLY = FARKLE.scoring
FACEBOOK = FACEBOOK_FARKLE.scoring


# Independent references ---------------------------------------------------------------------


def group_points(group: tuple[int, ...], scoring: Scoring) -> int | None:
    """Return the points of the dice ``group`` as ONE combination, None if it is none."""
    shape = sorted(Counter(group).values())
    found = []
    if group == (1,):
        found.append(scoring.single_one)
    if group == (5,):
        found.append(scoring.single_five)
    if len(shape) == 1 and len(group) >= 3:
        triple = scoring.three_of_a_kind[group[0] - 1]
        extra = len(group) - 3
        if extra == 0:
            found.append(triple)
        elif scoring.multiples == "doubling":
            found.append(triple * 2**extra)
        elif scoring.multiples == "additive":
            found.append(triple + extra * triple)
        elif scoring.multiples == "fixed":
            found.append(scoring.of_a_kind_points[extra - 1])
    if sorted(group) == [1, 2, 3, 4, 5, 6]:
        found.append(scoring.straight)
    if shape == [2, 2, 2] or (shape == [2, 4] and scoring.four_and_pair_is_three_pairs):
        found.append(scoring.three_pairs)
    if shape == [2, 4]:
        found.append(scoring.four_and_pair)
    if shape == [3, 3]:
        found.append(scoring.two_triplets)
    found = [points for points in found if points is not None]
    return max(found) if found else None


def best_split(faces: tuple[int, ...], scoring: Scoring) -> int | None:
    """Return the most points of any split of the dice ``faces`` into combinations (the first
    die goes in a group with some of the others), None if every split leaves a die unscored."""
    if not faces:
        return 0
    first, others = faces[0], faces[1:]
    best = None
    for size in range(len(others) + 1):
        for chosen in itertools.combinations(range(len(others)), size):
            group = (first, *(others[i] for i in chosen))
            points = group_points(tuple(sorted(group)), scoring)
            if points is None:
                continue
            rest = best_split(tuple(d for i, d in enumerate(others) if i not in chosen), scoring)
            if rest is not None and (best is None or points + rest > best):
                best = points + rest
    return best


def is_farkle_by_eye(roll: tuple[int, ...], scoring: Scoring) -> bool:
    """Return whether an ordered roll scores nothing, read off as a player would."""
    shape = sorted(Counter(roll).values())
    if 1 in roll or 5 in roll or max(shape) >= 3:
        return False
    if scoring is FACEBOOK:  # a straight has a 1; 4+2 and two triplets have three of a kind
        return shape != [2, 2, 2]
    return True


# The chance of a roll -----------------------------------------------------------------------


@pytest.mark.parametrize("num_dice", range(7))
def test_rolls_are_every_multiset_with_its_ways(num_dice: int) -> None:
    table = rolls(num_dice)
    assert len(table) == comb(num_dice + 5, 5)
    assert sum(ways for _, ways in table) == 6**num_dice  # the probabilities sum to 1
    ordered = Counter(counts_of(roll) for roll in itertools.product(range(1, 7), repeat=num_dice))
    assert dict(table) == ordered
    assert all(len(faces_of(counts)) == num_dice for counts, _ in table)


FARKLE_CHANCES = {
    # 4**n rolls without a 1 or a 5, less those with a triple of 2, 3, 4 or 6
    TRIPLES_ONLY: ["2/3", "4/9", "5/18", "17/108", "25/324", "5/162"],
    # six dice: 1440 of the above, less the 360 that are three pairs of 2, 3, 4, 6 (2.31%)
    FACEBOOK: ["2/3", "4/9", "5/18", "17/108", "25/324", "5/216"],
}


@pytest.mark.parametrize("scoring", [TRIPLES_ONLY, FACEBOOK], ids=["farkle", "facebook"])
@pytest.mark.parametrize("num_dice", range(1, 7))
def test_farkle_chance_is_brute_force_over_ordered_rolls(scoring: Scoring, num_dice: int) -> None:
    by_eye = sum(
        is_farkle_by_eye(roll, scoring) for roll in itertools.product(range(1, 7), repeat=num_dice)
    )
    assert farkle_ways(num_dice, scoring) == by_eye
    chance = Fraction(by_eye, 6**num_dice)
    assert chance == Fraction(FARKLE_CHANCES[scoring][num_dice - 1])


# Hand-worked rolls --------------------------------------------------------------------------


def kept(roll: list[int], scoring: Scoring) -> dict[tuple[int, ...], int]:
    """Return the keeps of ``roll`` as ``{kept faces: points}``."""
    return {faces_of(counts): points for counts, points in keeps(counts_of(roll), scoring)}


def test_three_ones_and_a_five() -> None:
    assert kept([1, 1, 1, 5, 2, 3], TRIPLES_ONLY) == {
        (5,): 50,
        (1,): 100,
        (1, 5): 150,
        (1, 1): 200,
        (1, 1, 5): 250,
        (1, 1, 1): 1000,
        (1, 1, 1, 5): 1050,
    }


def test_four_fives_are_a_triple_and_a_single_without_multiples() -> None:
    found = kept([5, 5, 5, 5, 2, 3], TRIPLES_ONLY)
    assert found == {(5,): 50, (5, 5): 100, (5, 5, 5): 500, (5, 5, 5, 5): 550}
    assert kept([5, 5, 5, 5, 2, 3], FACEBOOK)[(5, 5, 5, 5)] == 1000  # additive: 500 + 500


def test_extra_dice_add_the_triple_again_as_busches_scoring_page_says() -> None:
    """ "three-threes are worth 300, four-threes are worth 600, five-threes are worth 900, and
    six-threes are worth 1200" (mattbusche.org/projects/farkle/scoring.php)."""
    assert [score(counts_of([3] * n), FACEBOOK) for n in (3, 4, 5, 6)] == [300, 600, 900, 1200]


def test_four_twos_keep_three_or_four() -> None:
    assert kept([2, 2, 2, 2, 3, 4], TRIPLES_ONLY) == {(2, 2, 2): 200}  # the 4th 2 never scores
    assert kept([2, 2, 2, 2, 3, 4], FACEBOOK) == {(2, 2, 2): 200, (2, 2, 2, 2): 400}


def test_straight() -> None:
    straight = [1, 2, 3, 4, 5, 6]
    singles = {(5,): 50, (1,): 100, (1, 5): 150}
    assert kept(straight, FACEBOOK) == {**singles, (1, 2, 3, 4, 5, 6): 1500}
    assert kept(straight, TRIPLES_ONLY) == singles


def test_three_pairs() -> None:
    assert kept([2, 2, 3, 3, 6, 6], FACEBOOK) == {(2, 2, 3, 3, 6, 6): 750}
    assert kept([2, 2, 3, 3, 6, 6], TRIPLES_ONLY) == {}  # a farkle
    ones_fives = kept([1, 1, 5, 5, 4, 4], FACEBOOK)
    assert ones_fives[(1, 1, 4, 4, 5, 5)] == 750
    assert ones_fives[(1, 1, 5, 5)] == 300


def test_four_of_a_kind_and_a_pair() -> None:
    roll = counts_of([2, 2, 2, 2, 3, 3])
    counted = Scoring(multiples="additive", three_pairs=750)  # Busche's page's default
    assert score(roll, counted) == 750  # as three pairs; four 2s alone 400
    assert score(roll, FACEBOOK) is None  # Facebook's: not three pairs (explanations §2.4)
    assert kept([2, 2, 2, 2, 3, 3], FACEBOOK) == {(2, 2, 2): 200, (2, 2, 2, 2): 400}
    assert score(counts_of([1, 1, 1, 1, 5, 5]), FACEBOOK) == 2000 + 100
    assert score(roll, Scoring(four_and_pair=1500)) == 1500
    assert score(roll, Scoring(three_pairs=750, four_and_pair=1500)) == 1500  # the better
    assert score(roll, Scoring(three_pairs=1500, four_and_pair=750)) == 1500


def test_two_triplets_and_six_of_a_kind() -> None:
    assert score(counts_of([2, 2, 2, 3, 3, 3]), FACEBOOK) == 500  # two triples
    assert score(counts_of([2, 2, 2, 3, 3, 3]), Scoring(two_triplets=2500)) == 2500
    assert score(counts_of([2] * 6), Scoring(two_triplets=2500)) == 400  # one face: two triples
    assert score(counts_of([1] * 6), FACEBOOK) == 4000  # 1,000 a die from the third
    assert score(counts_of([1] * 6), TRIPLES_ONLY) == 2000


def test_single_five_or_one_and_five() -> None:
    found = kept([1, 5, 2, 2, 3, 4], TRIPLES_ONLY)
    assert found == {(5,): 50, (1,): 100, (1, 5): 150}  # keeping fewer dice is a choice


def test_score_of_dice_that_do_not_all_score() -> None:
    assert score(counts_of([1, 2]), TRIPLES_ONLY) is None
    assert score(counts_of([]), TRIPLES_ONLY) == 0
    assert keeps(counts_of([]), TRIPLES_ONLY) == ()


@pytest.mark.parametrize(
    "counts", [(1, 2, 3), (1, 1, 1, 1, 1, 1, 1), (7, 0, 0, 0, 0, 0), (-1, 0, 0, 0, 0, 1)]
)
def test_bad_counts(counts: tuple[int, ...]) -> None:
    with pytest.raises(InvalidArgument, match=r"^counts must be 6 counts of faces 1 to 6"):
        score(counts, TRIPLES_ONLY)


def test_bad_faces_and_dice() -> None:
    with pytest.raises(InvalidArgument, match="a die shows 1 to 6, got 7"):
        counts_of([1, 7])
    with pytest.raises(InvalidArgument, match="num_dice must be an integer >= 0, got -1"):
        rolls(-1)


# Every keep against the independent search ---------------------------------------------------

points = st.integers(1, 60).map(lambda n: 50 * n)
optional_points = st.none() | points


@st.composite
def scorings(draw: st.DrawFn) -> Scoring:
    multiples = draw(st.sampled_from(MULTIPLES))
    return Scoring(
        single_one=draw(points),
        single_five=draw(points),
        three_of_a_kind=tuple(draw(st.lists(points, min_size=6, max_size=6))),
        multiples=multiples,
        of_a_kind_points=(
            tuple(draw(st.lists(points, min_size=3, max_size=3))) if multiples == "fixed" else None
        ),
        straight=draw(optional_points),
        three_pairs=draw(optional_points),
        four_and_pair_is_three_pairs=draw(st.booleans()),
        four_and_pair=draw(optional_points),
        two_triplets=draw(optional_points),
    )


SHAPES = [(2, 2, 2), (4, 2), (3, 3), (6,), (5, 1), (4, 1, 1), (3, 2, 1), (2, 2, 1, 1)]
"""Six dice in patterns that a uniform roll seldom shows: three pairs, four and a pair, ..."""


@st.composite
def shaped_rolls(draw: st.DrawFn) -> list[int]:
    shape = draw(st.sampled_from(SHAPES))
    faces = draw(st.permutations(range(1, 7)))
    return [face for face, n in zip(faces, shape, strict=False) for _ in range(n)]


dice_rolls = (
    st.lists(st.integers(1, 6), min_size=1, max_size=6)
    | st.lists(st.sampled_from([1, 2, 5, 6]), min_size=1, max_size=6)
    | shaped_rolls()
)


@settings(max_examples=300, deadline=None)
@given(roll=dice_rolls, scoring=scorings() | st.sampled_from([TRIPLES_ONLY, FACEBOOK]))
def test_every_keep_is_the_best_split(roll: list[int], scoring: Scoring) -> None:
    counts = counts_of(roll)
    found = dict(keeps(counts, scoring))
    for part in itertools.product(*(range(n + 1) for n in counts)):
        if not any(part):
            continue
        expected = best_split(faces_of(part), scoring)
        assert found.get(part) == expected, (faces_of(part), found.get(part), expected)
        assert score(part, scoring) == expected
