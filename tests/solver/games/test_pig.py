"""The rules of Pig as data: defaults, validation, states, chance outcomes, whose turn."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from pigsolve.solver.dice import ListedDice
from pigsolve.solver.engine import PigGame, TurnStarted, play
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import (
    PigRules,
    Position,
    View,
    after_roll,
    die_outcomes,
    roll_counts,
)
from pigsolve.solver.games.pig_outcomes import Effect, big_pig, die, pass_the_pigs, two_dice


def test_defaults_are_the_classic_game() -> None:
    rules = PigRules()
    assert (rules.goal, rules.die_sides, rules.players, rules.piglet) == (100, 6, 2, False)
    assert rules.faces == (0, 2, 3, 4, 5, 6)  # the 1 pigs
    assert PigRules(die_sides=2, piglet=True).faces == (0, 1)  # Neller's coin
    assert Position() == Position((0, 0), 0, 0, (0, 0), None)
    view = View(3, 4, 5, 100)
    assert (view.held_turns, view.others, view.scores) == (0, (4,), (3, 4))


@pytest.mark.parametrize(
    ("goal", "die_sides", "players", "message"),
    [
        (0, 6, 2, "goal must be an integer >= 1, got 0"),
        (10, 1, 2, "die sides must be an integer >= 2, got 1"),
        (10, 6, 1, "players must be an integer >= 2, got 1"),
        (2.5, 6, 2, "goal must be an integer >= 1, got 2.5"),
    ],
)
def test_rules_refuse_what_is_no_game(goal, die_sides, players, message) -> None:
    with pytest.raises(InvalidArgument, match=message):
        PigRules(goal, die_sides, players)
    assert PigRules(1, 2, 2).goal == 1  # the smallest game is allowed


@pytest.mark.parametrize("goal", [1, 2, 7])
def test_num_states_counts_every_state_before_the_goal(goal: int) -> None:
    rules = PigRules(goal)
    states = [s for s in itertools.product(range(goal), repeat=3) if s[0] + s[2] < goal]
    assert rules.num_states == len(states)
    for i, j, k in itertools.product(range(goal), repeat=3):
        rules.check_state(i, j, k)
    for bad in [(goal, 0, 0), (0, goal, 0), (0, 0, goal), (-1, 0, 0)]:
        with pytest.raises(InvalidArgument, match=f"outside the goal-{goal} table"):
            rules.check_state(*bad)


@pytest.mark.parametrize(("die_sides", "piglet"), [(2, False), (4, False), (6, True), (3, True)])
def test_die_outcomes_enumerate_the_faces(die_sides: int, piglet: bool) -> None:
    rules = PigRules(die_sides=die_sides, piglet=piglet)
    expected: dict[int, Fraction] = {}
    for face in range(1, die_sides + 1):
        points = 0 if face == 1 else (1 if piglet else face)
        expected[points] = expected.get(points, Fraction(0)) + Fraction(1, die_sides)
    outcomes = die_outcomes(rules)
    assert {points: p for p, points in outcomes} == expected
    assert [points for _, points in outcomes] == sorted(expected)


def test_turns_go_round_three_seats() -> None:
    """Everyone holds after the automatic roll: seats 0, 1, 2, then 0 again, who reaches 4."""
    events = []
    game = PigGame(PigRules(goal=4, players=3), ListedDice([2, 3, 2, 2]))
    winner = play(game, [lambda view: False] * 3, events.append)
    starts = [(e.player, e.scores) for e in events if isinstance(e, TurnStarted)]
    assert starts == [(0, (0, 0, 0)), (1, (2, 0, 0)), (2, (2, 3, 0)), (0, (2, 3, 2))]
    assert winner == 0


@pytest.mark.parametrize(("die_sides", "piglet"), [(2, False), (6, False), (4, True)])
def test_roll_counts_of_a_die_are_its_faces(die_sides: int, piglet: bool) -> None:
    """A die's roll is a fair draw of its D faces (a piglet's faces all add 1), one a pig."""
    rules = PigRules(die_sides=die_sides, piglet=piglet)
    gains, counts, pigs, resets, size = roll_counts(rules)
    scoring = [points for points in rules.faces if points != 0]
    assert gains.tolist() == sorted(set(scoring))
    assert counts.tolist() == [scoring.count(points) for points in sorted(set(scoring))]
    assert (pigs, resets, size) == (1, 0, die_sides)


def test_a_view_lists_the_others_in_the_order_they_move() -> None:
    rules = PigRules(goal=10, players=3)
    assert Position((1, 2, 3), 0, 0, (0, 0, 0)).view(rules).others == (2, 3)
    assert Position((1, 2, 3), 1, 0, (0, 0, 0)).view(rules).scores == (2, 3, 1)
    assert (
        Position((1, 2, 3), 2, 0, (0, 0, 0)).view(rules).opponent_score == 2
    )  # the leader of the others


def test_a_family_game_has_its_own_roll_not_a_die():
    for bad in ({"die_sides": 4}, {"piglet": True}, {"die_sides": 4, "piglet": True}):
        with pytest.raises(InvalidArgument, match="own roll"):
            PigRules(outcomes=two_dice(), **bad)
    assert PigRules(die_sides=4, piglet=True).roll_outcomes == die(4, piglet=True)
    assert PigRules(outcomes=big_pig()).roll_outcomes == big_pig()
    assert (PigRules().game, PigRules(outcomes=two_dice()).game) == ("pig", "two-dice")
    assert [PigRules(outcomes=t).resets for t in (two_dice(), big_pig(), pass_the_pigs())] == [
        True,
        False,
        True,
    ]
    assert not PigRules().resets


def test_rules_stored_and_read_back():
    family = PigRules(30, players=3, outcomes=pass_the_pigs())
    assert family.as_json == {"goal": 30, "players": 3, "game": pass_the_pigs().as_json}
    assert PigRules.from_json(family.as_json) == family
    piglet = PigRules(12, 3, 4, piglet=True)
    assert piglet.as_json == {
        "goal": 12,
        "die_sides": 3,
        "players": 4,
        "piglet": True,
        "faces": (0, 1, 1),
    }
    assert PigRules.from_json(piglet.as_json) == piglet
    # tables of format version 1 stored neither players nor piglet
    assert PigRules.from_json({"goal": 50, "die_sides": 4}) == PigRules(50, 4, 2, False)


def test_a_reset_zeroes_only_the_movers_score_and_passes_the_turn():
    double_ones, six_and_five = two_dice().outcomes[0], two_dice().outcomes[-2]
    assert (double_ones.effect, six_and_five.points) == (Effect.reset, 11)
    for mover, scores in ((0, (0, 10, 7)), (1, (30, 0, 7)), (2, (30, 10, 0))):
        after = after_roll(Position((30, 10, 7), mover, 5, (0, 0, 0)), double_ones)
        assert (after.scores, after.player, after.turn_total) == (scores, (mover + 1) % 3, 0)
    pig = after_roll(Position((30, 10), 1, 5), two_dice().outcomes[1])
    assert (pig.scores, pig.player, pig.turn_total) == ((30, 10), 0, 0)
    added = after_roll(Position((30, 10), 1, 5), six_and_five)
    assert (added.scores, added.player, added.turn_total) == ((30, 10), 1, 16)


def test_roll_counts_of_two_dice_pig():
    """Two dice without a 1 add their sum (4 to 12); one 1: a pig (10 of 36); two: a reset."""
    gains, counts, pigs, resets, size = roll_counts(PigRules(outcomes=two_dice()))
    sums = [a + b for a in range(2, 7) for b in range(2, 7)]
    assert gains.tolist() == list(range(4, 13))
    assert counts.tolist() == [sums.count(total) for total in range(4, 13)]
    assert (pigs, resets, size) == (10, 1, 36)
