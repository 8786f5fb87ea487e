"""The Hog rules of solver.games.hog: exact turn distributions, transitions and rule functions."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from pigsolve.solver.dice import ListedDice
from pigsolve.solver.engine import HogGame
from pigsolve.solver.games import hog, hog_dice, hog_turns
from pigsolve.solver.games.hog import HogState, hog_rules
from pigsolve.solver.hog61a import fa16, su20

FA16, SU20 = hog_rules("fa16"), hog_rules("su20")


def enumerate_turns(rules: hog.HogRules, num_rolls: int, sides: int, rerolling: bool) -> dict:
    """Return the turn-score distribution by listing every sequence of die draws.

    Each die is one draw, or two draws when re-rolling (the second is used if the first is
    odd); all draw sequences are equally likely. Independent of roll_distribution's recursion.
    """
    draws_per_die = 2 if rerolling else 1
    faces = range(1, sides + 1)
    weight = Fraction(1, sides ** (draws_per_die * num_rolls))
    out: dict[int, Fraction] = {}
    for draws in product(faces, repeat=draws_per_die * num_rolls):
        dice = [draws[i : i + draws_per_die] for i in range(0, len(draws), draws_per_die)]
        values = [d[1] if rerolling and d[0] % 2 else d[0] for d in dice]
        ones = values.count(1)
        points = (ones if rules.pig_out == "count" else 1) if ones else sum(values)
        points = min(
            hog.hogtimus_prime(rules, points), 10**9 if rules.cap is None else 25 - num_rolls
        )
        out[points] = out.get(points, Fraction(0)) + weight
    return out


DICE_KINDS = [
    pytest.param(FA16, 6, False, id="fa16-six"),
    pytest.param(FA16, 6, True, id="fa16-six-wild"),
    pytest.param(FA16, 4, False, id="fa16-four"),
    pytest.param(FA16, 4, True, id="fa16-four-wild"),
    pytest.param(SU20, 6, False, id="su20-six"),
]


@pytest.mark.parametrize(("rules", "sides", "rerolling"), DICE_KINDS)
@pytest.mark.parametrize("num_rolls", [1, 2, 3])
def test_turn_distribution_matches_enumeration(rules, sides, rerolling, num_rolls) -> None:
    score = 7 if rerolling else 1  # Hog Wild iff the score sum is a multiple of 7
    state = HogState(score, 0, four_sided=sides == 4)
    exact = hog_dice.turn_distribution(rules, state, num_rolls)
    assert exact == enumerate_turns(rules, num_rolls, sides, rerolling)
    assert sum(exact.values()) == 1


def test_four_dice_hog_wild_four_sided_enumeration() -> None:
    state = HogState(14, 0, four_sided=True)
    assert hog_dice.turn_distribution(FA16, state, 4) == enumerate_turns(FA16, 4, 4, True)


@pytest.mark.parametrize("num_rolls", range(1, 11))
def test_distributions_sum_to_one_for_every_number_of_dice(num_rolls) -> None:
    for rules, four in ((FA16, False), (FA16, True), (SU20, False)):
        for score in (0, 1):
            dist = hog_dice.turn_distribution(rules, HogState(score, 0, four), num_rolls)
            assert sum(dist.values()) == 1
            assert min(dist) >= 1


@pytest.mark.parametrize(("module", "rules"), [(fa16, FA16), (su20, SU20)], ids=["fa16", "su20"])
def test_turn_score_agrees_with_61a_take_turn_on_test_dice(module, rules) -> None:
    rng = np.random.default_rng(5)
    for _ in range(400):
        num_rolls = int(rng.integers(0, 11))
        opponent_score = int(rng.integers(0, 100))
        outcomes = [int(v) for v in rng.integers(1, 7, size=max(num_rolls, 1))]
        expected = module.take_turn(num_rolls, opponent_score, module.make_test_dice(*outcomes))
        points, _ = hog_turns.turn_score(rules, num_rolls, 0, opponent_score, outcomes[:num_rolls])
        assert points == expected, (num_rolls, opponent_score, outcomes)


def test_support_of_the_exact_distribution_is_what_take_turn_can_return() -> None:
    # Every value take_turn returns on all 6**2 two-dice sequences is in the exact support.
    for a, b in product(range(1, 7), repeat=2):
        points = fa16.take_turn(2, 0, fa16.make_test_dice(a, b))
        assert points in hog_dice.turn_distribution(FA16, HogState(1, 0), 2)


def _supports(rules: hog.HogRules) -> dict:
    out = {}
    for f, w, n in product((False, True), (False, True), range(1, 11)):
        sides = rules.alt_sides if f and rules.alt_sides else rules.die_sides
        out[f, w, n] = {
            hog.boost(rules, p, n) for p in hog_dice.roll_distribution(rules, n, sides, w)
        }
    return out


@pytest.mark.slow
def test_every_fa16_transition_raises_the_score_sum() -> None:
    """The claim behind the one-pass solver, for every state, action and outcome at goal 100."""
    rules, supports = FA16, _supports(FA16)
    for s, o, f in product(range(rules.goal), range(rules.goal), (False, True)):
        state = HogState(s, o, f)
        wild = hog.hog_wild(rules, s, o)
        for n in rules.actions:
            if n == -1:
                points_set = {1}
            elif n == 0:
                points_set = {hog.boost(rules, hog.free_bacon(rules, o), 0)}
            else:
                points_set = supports[f, wild, n]
            for points in points_set:
                nxt = hog_turns.end_turn(rules, state, n, points).next_state
                assert nxt.score + nxt.opponent_score >= s + o + 1, (state, n, points)


@pytest.mark.slow
def test_every_su20_transition_raises_the_score_sum() -> None:
    """The same claim for su20 at goal 100.

    A su20 transition depends on the action only through the turn score and whether the
    Feral Hogs bonus applies, so every (state, points, bonus) with points in the union of all
    supports and of all Free Bacon values covers every transition.
    """
    rules = SU20
    points_union = set().union(*_supports(rules).values())
    points_union |= {hog.free_bacon(rules, o) for o in range(rules.goal)}
    assert min(points_union) >= 1
    for s, o in product(range(rules.goal), range(rules.goal)):
        for prev in (2, 13):  # rolling 0 dice: bonus with prev 2, none with prev 13
            state = HogState(s, o, False, prev, 0)
            for points in points_union:
                nxt = hog_turns.end_turn(rules, state, 0, points).next_state
                assert nxt.score + nxt.opponent_score >= s + o + 1, (state, points)


def test_state_index_merges_previous_points_and_rejects_finished_scores() -> None:
    assert HogState(3, 4, False, 40, 13).index(SU20) == (3, 4, 0, 13, 13)
    assert HogState(3, 4, True, 40, 13).index(FA16) == (3, 4, 1, 0, 0)
    assert HogState(0, 0).index(FA16) == HogState(0, 0).index(SU20) == (0, 0, 0, 0, 0)
    assert HogState(99, 99).index(FA16) == (99, 99, 0, 0, 0)
    for scores in [(100, 4), (4, 100), (-1, 4), (4, -1)]:
        with pytest.raises(ValueError, match="outside the goal-100 table"):
            HogState(*scores).index(FA16)


def test_su20_swaps_by_the_tens_digit_past_100() -> None:
    """At goal 200 the opponent's tens digit of 105 is 0, not 10."""
    rules = hog_rules("su20", goal=200)
    assert hog.is_swap(rules, 45, 105) and not hog.is_swap(rules, 45, 115)
    assert hog.is_swap(rules, 46, 115)  # |6 - 5| = 1, the tens digit of 115


def test_dice_need_two_sides_or_more() -> None:
    assert hog.HogRules("fa16-like", die_sides=2, alt_sides=2).die_sides == 2
    for sides in [1, 0, 2.5, "6"]:
        with pytest.raises(ValueError, match="die sides must be an integer >= 2"):
            hog.HogRules("x", die_sides=sides)
        with pytest.raises(ValueError, match="die sides must be an integer >= 2"):
            hog.HogRules("x", alt_sides=sides)


def test_a_state_is_checked_against_the_rule_set() -> None:
    """Four-sided dice only with Pork Chop, previous turn scores only with Feral Hogs, never
    negative; every state that can occur passes."""
    for state, rules in [
        (HogState(3, 4), FA16),
        (HogState(3, 4, True), FA16),
        (HogState(3, 4), SU20),
        (HogState(3, 4, False, 0, 7), SU20),
        (HogState(3, 4, False, 40, 0), SU20),
    ]:
        assert state.check(rules) is state
    with pytest.raises(ValueError, match="su20 has no four-sided dice"):
        HogState(3, 4, True).check(SU20)
    with pytest.raises(ValueError, match="fa16 keeps no previous turn scores"):
        HogState(3, 4, False, 0, 5).check(FA16)
    with pytest.raises(ValueError, match=r"cannot be negative, got \(-1, 0\)"):
        HogState(3, 4, False, -1, 0).check(SU20)


def test_rules_validation_and_json_round_trip() -> None:
    with pytest.raises(ValueError, match="goal must be an integer >= 1"):
        hog_rules("fa16", goal=0)
    assert hog_rules("fa16", goal=1).goal == 1  # the smallest goal
    with pytest.raises(ValueError, match="unknown semester 'sp19'"):
        hog_rules("sp19")
    with pytest.raises(ValueError, match="number of dice must be an integer from 0 to 10"):
        hog.check_num_rolls(SU20, -1)
    assert hog.HogRules.from_json(FA16.to_json()) == FA16
    assert FA16.shape == (100, 100, 2, 1, 1) and SU20.shape == (100, 100, 1, 14, 14)


def test_rule_events_are_named() -> None:
    _, events = hog_turns.turn_score(FA16, 3, 0, 0, [1, 1, 4])
    assert events == (hog.PIG_OUT, hog.HOGTIMUS_PRIME)  # two 1s -> 2 -> 3
    turn = hog_turns.end_turn(SU20, HogState(20, 4, False, 0, 0), 2, 7)
    assert turn.bonus == 3 and hog.FERAL_HOGS in turn.events
    turn = hog_turns.end_turn(FA16, HogState(10, 50), -1, 1)
    assert turn.next_state.four_sided and hog.PORK_CHOP in turn.events


def test_free_bacon_generalises_to_three_digit_scores() -> None:
    # Goals above 100 need scores of three digits: the largest digit / the tens digit.
    assert hog.free_bacon(FA16, 190) == 10
    assert hog.free_bacon(SU20, 123) == 10 - 3 + 2


@pytest.mark.parametrize("rules", [FA16, SU20], ids=["fa16", "su20"])
def test_no_dice_and_pork_chop_score_for_certain_what_a_turn_scores(rules) -> None:
    """Free Bacon's points are the turn's, whatever the opponent's score; Pork Chop's one."""
    for opponent_score in range(rules.goal):
        state = HogState(0, opponent_score)
        points, _ = hog_turns.turn_score(rules, 0, 0, opponent_score, [])
        assert hog_dice.turn_distribution(rules, state, 0) == {points: Fraction(1)}
    if -1 in rules.actions:
        assert hog_dice.turn_distribution(rules, HogState(3, 4), -1) == {1: Fraction(1)}
        game = HogGame(rules, ListedDice([]), start=HogState(3, 4))
        (record,) = game.apply(-1)
        assert record.turn.points == 1
