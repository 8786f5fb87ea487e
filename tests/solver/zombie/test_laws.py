"""Zombie Dice's roll laws against a brute force over numbered dice and sides, and the turn's
arrays against the laws."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from math import prod

import pytest

from pigsolve.solver.games.zombie import Die, ZombieRules
from pigsolve.solver.zombie.laws import Lie, roll_law, turn_laws

BOXED = ZombieRules()
CUSTOM = ZombieRules(
    dice=(Die("green", 2, 3, 2, 1), Die("blue", 1, 1, 1, 2), Die("purple", 2, 2, 3, 0)),
    roll=2,
    shotguns=2,
    goal=5,
)
"""Sides of three sizes (6, 4, 5), a die without shotguns, two dice a roll, two shotguns."""


def brute_force_law(rules: ZombieRules, lie: Lie) -> dict[tuple[Lie, int] | None, Fraction]:
    """Return the law of a roll from ``lie`` by listing every ordered draw of numbered dice from
    the cup and every side of every rolled die, all equally likely for a given draw."""
    colours = range(len(rules.dice))
    hand = [c for c in colours for _ in range(lie[c][0])]
    aside = [a for _, a, _ in lie]
    cup = [c for c in colours for _ in range(rules.dice[c].count - sum(lie[c]))]
    need = rules.roll - len(hand)
    if len(cup) < need:
        cup += [c for c in colours for _ in range(aside[c])]
        aside = [0] * len(aside)
    sides = ["B" * die.brains + "F" * die.feet + "S" * die.shotguns for die in rules.dice]

    @cache
    def sides_shown(rolled: tuple[int, ...]) -> Counter:
        """Count every side of every die of the colours ``rolled`` by where it leads."""
        ways: Counter = Counter()
        for faces in itertools.product(*(sides[c] for c in rolled)):
            shown = [[0, 0, 0] for _ in colours]
            for c, face in zip(rolled, faces, strict=True):
                shown[c]["BFS".index(face)] += 1
            shot = [s + shown[c][2] for c, (_, _, s) in enumerate(lie)]
            if sum(shot) >= rules.shotguns:
                ways[None] += 1
            else:
                after = tuple((shown[c][1], aside[c] + shown[c][0], shot[c]) for c in colours)
                ways[(after, sum(b for b, _, _ in shown))] += 1
        return ways

    draws = list(itertools.permutations(range(len(cup)), need))
    law: Counter = Counter()
    for draw in draws:
        rolled = tuple(hand + [cup[k] for k in draw])
        each = Fraction(1, len(draws) * prod(len(sides[c]) for c in rolled))
        for key, count in sides_shown(rolled).items():
            law[key] += count * each
    return dict(law)


LIES = [
    pytest.param(BOXED, ((0, 0, 0), (0, 0, 0), (0, 0, 0)), id="boxed-first-roll"),
    pytest.param(BOXED, ((1, 2, 0), (1, 0, 1), (0, 0, 1)), id="boxed-two-feet"),
    pytest.param(BOXED, ((0, 0, 1), (3, 0, 0), (0, 1, 1)), id="boxed-full-hand-of-feet"),
    pytest.param(BOXED, ((1, 4, 0), (0, 4, 0), (0, 1, 2)), id="boxed-cup-short"),
    pytest.param(BOXED, ((0, 6, 0), (0, 4, 0), (0, 2, 1)), id="boxed-cup-empty"),
    pytest.param(CUSTOM, ((0, 0, 0), (0, 0, 0), (0, 0, 0)), id="custom-first-roll"),
    pytest.param(CUSTOM, ((1, 0, 0), (0, 0, 1), (0, 1, 0)), id="custom-one-foot"),
    pytest.param(CUSTOM, ((1, 0, 0), (0, 0, 0), (1, 1, 0)), id="custom-full-hand-of-feet"),
    pytest.param(CUSTOM, ((0, 2, 0), (0, 0, 1), (0, 1, 0)), id="custom-cup-short"),
    pytest.param(CUSTOM, ((1, 1, 0), (0, 0, 1), (0, 2, 0)), id="custom-cup-empty"),
]
"""Lies of the boxed cup and of ``CUSTOM``'s: a first roll, feet in hand, a full hand (nothing
drawn), a cup short of the dice to draw and an empty one (the brains go back)."""


@pytest.mark.parametrize(("rules", "lie"), LIES)
def test_roll_law_is_the_brute_force(rules: ZombieRules, lie: Lie) -> None:
    law = roll_law(rules, lie)
    assert law == brute_force_law(rules, lie)
    assert sum(law.values()) == 1


def test_the_brute_force_puts_brains_back_when_the_cup_is_short() -> None:
    """One green in the cup for two dice: the 9 brains go back, so after the roll the brains set
    aside are the ones it showed."""
    law = brute_force_law(BOXED, ((1, 4, 0), (0, 4, 0), (0, 1, 2)))
    assert all(sum(a for _, a, _ in after) == gain for after, gain in filter(None, law))


def check_turn_laws(rules: ZombieRules) -> None:
    """Assert that ``turn_laws(rules)``'s arrays are ``roll_law`` of each lie, in an order where
    a roll gaining no brain never leads to a later lie, nor to the same one but from a full hand
    of feet."""
    laws = turn_laws(rules)
    index = {lie: i for i, lie in enumerate(laws.lies)}
    assert len(index) == laws.size
    assert laws.lies[laws.start] == ((0, 0, 0),) * len(rules.dice)
    for i, lie in enumerate(laws.lies):
        law = {key: float(p) for key, p in roll_law(rules, lie).items()}
        assert laws.bust[i] == pytest.approx(law.pop(None, 0.0), abs=1e-15)
        moves = range(laws.offsets[i], laws.offsets[i + 1])
        found = {(laws.lies[laws.target[k]], int(laws.gain[k])): laws.prob[k] for k in moves}
        assert len(found) == len(moves)
        assert found == pytest.approx(law, abs=1e-15)
        assert laws.shotguns[i] == sum(s for _, _, s in lie) < rules.shotguns
        assert laws.aside[i] == sum(a for _, a, _ in lie)
        for after, gain in law:
            assert after in index
            if gain == 0:
                assert index[after] <= i
                assert index[after] < i or sum(h for h, _, _ in lie) == rules.roll


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(CUSTOM, id="custom"),
        pytest.param(
            ZombieRules(dice=(Die("green", 2, 3, 2, 1), Die("red", 2, 1, 2, 3)), roll=2, goal=4),
            id="four-dice-roll-2",
        ),
        pytest.param(
            ZombieRules(dice=BOXED.dice[:2], roll=1, shotguns=4, goal=4), id="ten-dice-roll-1"
        ),
    ],
)
def test_turn_laws_are_the_roll_laws_in_order(rules: ZombieRules) -> None:
    check_turn_laws(rules)


@pytest.mark.slow
def test_the_boxed_games_turn_laws_are_the_roll_laws_in_order() -> None:
    check_turn_laws(BOXED)
