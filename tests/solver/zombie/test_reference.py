"""The Zombie Dice solver against a plain value iteration written from the rules alone
(``reference.py``), and both against a game of one coin solved by hand."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from pigsolve.solver.games.zombie import Die, ZombieRules
from pigsolve.solver.zombie.laws import roll_law, turn_laws
from pigsolve.solver.zombie.solve import solve_values

COIN = (Die("coin", 1, 1, 0, 1),)
"""One die, a brain or a shotgun: with one die a roll and one shotgun, a turn rolls on until a
brain is banked or a shotgun loses it."""
THREE_DICE = (Die("green", 2, 3, 2, 1), Die("red", 1, 1, 2, 3))
FOUR_DICE = (Die("green", 2, 3, 2, 1), Die("red", 2, 1, 2, 3))
FIVE_DICE = (Die("green", 2, 3, 2, 1), Die("yellow", 2, 2, 2, 2), Die("red", 1, 1, 2, 3))


@pytest.fixture(scope="module")
def reference() -> ModuleType:
    """Return ``reference.py`` beside this file (the tests tree has no packages)."""
    spec = importlib.util.spec_from_file_location(
        "zombie_reference", Path(__file__).with_name("reference.py")
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def coin_game(finish: str, tiebreaker: bool) -> ZombieRules:
    """Return the game of one coin (``COIN``) to 1 brain."""
    return ZombieRules(dice=COIN, roll=1, shotguns=1, goal=1, finish=finish, tiebreaker=tiebreaker)


COIN_BY_HAND = [
    ("round", True, 1 / 2, 3 / 4, 1 / 2),
    ("round", False, 1 / 2, 3 / 4, None),
    ("last-turn", True, 7 / 12, 7 / 12, 1 / 2),
    ("last-turn", False, 7 / 12, 7 / 12, None),
]
"""(finish, tiebreaker, first[0, 0], second[0, 0], tiebreak) of the coin game at goal 1, by hand.

A last turn needing ``n >= 2`` brains to win reaches ``n - 1`` with chance ``2**(1 - n)``, then
ties or rolls once more, a half either way (a tie is worth a half, or ``T = 1/2``): it wins with
chance ``2**-n``. A turn's first brain is best banked. With ``"round"``,
``P = first = (Q + 3/4) / 2`` and ``Q = 1 - second = P / 2`` (seat 1's brain wins at once), so
``P = 1/2``; with ``"last-turn"``, ``Q = (P + 1/4) / 2`` (seat 0's last turn needs 2), so
``P = 7/12``. In a tiebreaker round seat 0 banks a brain or has 0; after 0 seat 1 wins with a
brain and ties with a shotgun, after 1 it wins with chance 1/4: ``T = (T/2 + 3/4) / 2 = 1/2``.
"""


@pytest.mark.parametrize(("finish", "tiebreaker", "first", "second", "tiebreak"), COIN_BY_HAND)
def test_the_reference_solves_the_coin_game_as_by_hand(
    reference: ModuleType, finish: str, tiebreaker: bool, first, second, tiebreak
) -> None:
    found = reference.value_iteration(coin_game(finish, tiebreaker), margin=3)
    assert found.first[0, 0] == pytest.approx(first, abs=1e-12)
    assert found.second[0, 0] == pytest.approx(second, abs=1e-12)
    assert found.tiebreak == (None if tiebreak is None else pytest.approx(tiebreak, abs=1e-12))


@pytest.mark.parametrize(
    ("finish", "tiebreaker", "first", "second", "tiebreak"),
    COIN_BY_HAND,
)
def test_the_solver_solves_the_coin_game_as_by_hand(
    finish: str, tiebreaker: bool, first, second, tiebreak
) -> None:
    solved = solve_values(coin_game(finish, tiebreaker), margin=3)
    assert solved.first[0, 0] == pytest.approx(first, abs=1e-12)
    assert solved.second[0, 0] == pytest.approx(second, abs=1e-12)
    assert solved.ends.tiebreak == (
        None if tiebreak is None else pytest.approx(tiebreak, abs=1e-12)
    )


def test_the_reference_rolls_as_the_laws_do(reference: ModuleType) -> None:
    """The reference draws and rolls one die at a time; the laws count draws and faces."""
    rules = ZombieRules(
        dice=(Die("green", 2, 3, 2, 1), Die("blue", 1, 1, 1, 2), Die("purple", 2, 2, 3, 0)),
        roll=2,
        shotguns=2,
    )
    lies = reference.every_lie(rules)
    assert set(lies) <= set(turn_laws(rules).lies)
    for lie in lies:
        assert reference.roll_outcomes(rules, lie) == roll_law(rules, lie)


def check_against_reference(rules: ZombieRules, margin: int, reference: ModuleType) -> None:
    """Assert that the solver's chances at every score pair and in a tiebreaker round are the
    reference's, to 1e-9."""
    expected = reference.value_iteration(rules, margin)
    solved = solve_values(rules, margin=margin)
    first, second = np.zeros(solved.first.shape), np.zeros(solved.second.shape)
    for a, b in np.ndindex(rules.goal, rules.goal):
        first[a, b], second[b, a] = expected.first[a, b], expected.second[b, a]
    np.testing.assert_allclose(solved.first, first, rtol=0, atol=1e-9)
    np.testing.assert_allclose(solved.second, second, rtol=0, atol=1e-9)
    if rules.tiebreaker:
        assert solved.ends.tiebreak == pytest.approx(expected.tiebreak, abs=1e-9)
    else:
        assert solved.ends.tiebreak is None


def setting(
    dice: tuple[Die, ...],
    roll: int,
    shotguns: int,
    goal: int,
    margin: int,
    *marks: pytest.MarkDecorator,
    **params: object,
):
    """Return one case of the comparison, ``(rules, margin)``, with an id that names them."""
    rules = ZombieRules(dice=dice, roll=roll, shotguns=shotguns, goal=goal, **params)
    name = f"{rules.cup}dice-roll{roll}-shotguns{shotguns}-goal{goal}-margin{margin}"
    flags = "-".join(f"{key}={value}" for key, value in params.items())
    return pytest.param(rules, margin, marks=marks, id=f"{name}-{flags}")


SLOW = pytest.mark.slow
SETTINGS = [
    # The ceiling is out of reach (below 1e-13) and there is no tiebreaker
    setting(FOUR_DICE, 2, 2, 3, 8, finish="round", tiebreaker=False),
    setting(FOUR_DICE, 2, 2, 3, 8, finish="last-turn", tiebreaker=False),
    setting(THREE_DICE, 2, 2, 3, 12, finish="last-turn", tiebreaker=False),
    setting(FIVE_DICE, 3, 3, 4, 16, SLOW, finish="round", tiebreaker=False),
    setting(FIVE_DICE, 3, 3, 4, 16, SLOW, finish="last-turn", tiebreaker=False),
    # A tiebreaker round
    setting(FOUR_DICE, 2, 2, 3, 8, finish="round", tiebreaker=True),
    setting(FOUR_DICE, 2, 2, 3, 8, finish="last-turn", tiebreaker=True),
    # A small margin: the ceiling is reached
    setting(FOUR_DICE, 2, 2, 3, 4, finish="round", tiebreaker=False),
    setting(FOUR_DICE, 2, 2, 3, 4, finish="last-turn", tiebreaker=False),
    setting(FIVE_DICE, 3, 3, 4, 6, SLOW, finish="round", tiebreaker=False),
    setting(FIVE_DICE, 3, 3, 5, 6, SLOW, finish="last-turn", tiebreaker=False),
    setting(FIVE_DICE, 3, 3, 4, 6, SLOW, finish="round", tiebreaker=True),
    setting(FIVE_DICE, 3, 3, 4, 6, SLOW, finish="last-turn", tiebreaker=True),
]


@pytest.mark.parametrize(("rules", "margin"), SETTINGS)
def test_the_solver_agrees_with_the_reference(
    reference: ModuleType, rules: ZombieRules, margin: int
) -> None:
    check_against_reference(rules, margin, reference)
