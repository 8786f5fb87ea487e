"""The step-wise Pig game: events, held turns, legal actions; one loop for every player."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from pigsolve.solver.dice import ListedDice
from pigsolve.solver.engine import Held, HogGame, PigGame, Pigged, Rolled, TurnStarted, Won, play
from pigsolve.solver.errors import GameInputError
from pigsolve.solver.games.hog import FREE_BACON, HOG_WILD, PIG_OUT, PORK_CHOP, HogState, hog_rules
from pigsolve.solver.games.pig import PigRules, View
from pigsolve.solver.games.pig_outcomes import (
    Effect,
    Outcome,
    RollOutcomes,
    big_pig,
    die,
    two_dice,
)


class Scripted:
    """A player answering from a list, recording every view it is shown."""

    def __init__(self, answers: list[bool]) -> None:
        self.answers = answers
        self.views: list[View] = []

    def choose(self, view: View) -> bool:
        self.views.append(view)
        return self.answers.pop(0)


def rolled(seat: int, face: int) -> Rolled:
    """The event of seat ``seat`` rolling ``face`` on Pig's six-sided die."""
    return Rolled(seat, face, die(6).outcomes[face - 1])


def play_game(players, rules, dice, report, first_roll_automatic=True) -> int:
    game = PigGame(rules, dice, first_roll_automatic)
    return play(game, [player.choose for player in players], report)


def test_events_of_a_short_game():
    first, second = Scripted([True, False, False]), Scripted([False, False])
    events = []
    dice = ListedDice([3, 4, 5, 1, 2, 2])
    winner = play_game([first, second], PigRules(goal=8), dice, events.append)
    # seat 0: 3 (auto), roll 4, hold 7; seat 1: 5 (auto) holds 5; seat 0: 1 pigs;
    # seat 1: 2 (auto), hold -> 7; seat 0: 2 (auto) ... hold -> 9 wins
    assert winner == 0
    assert events == [  # the scripted answers above fix this sequence
        TurnStarted(0, (0, 0)),
        rolled(0, 3),
        rolled(0, 4),
        Held(0, 7, 7),
        TurnStarted(1, (7, 0)),
        rolled(1, 5),
        Held(1, 5, 5),
        TurnStarted(0, (7, 5)),
        rolled(0, 1),
        Pigged(0, 7),
        TurnStarted(1, (7, 5)),
        rolled(1, 2),
        Held(1, 2, 7),
        TurnStarted(0, (7, 7)),
        rolled(0, 2),
        Held(0, 2, 9),
        Won(0),
    ]


def test_views_count_held_turns_and_not_pigs():
    first, second = Scripted([False] * 4), Scripted([False] * 2)
    dice = ListedDice([2, 1, 3, 4, 5, 6, 2])
    play_game([first, second], PigRules(goal=12), dice, lambda event: None)
    seen = [(v.score, v.opponent_score, v.turn_total, v.held_turns) for v in first.views]
    assert seen == [(0, 0, 2, 0), (2, 0, 3, 1), (5, 4, 5, 2), (10, 10, 2, 3)]
    seen = [(v.score, v.opponent_score, v.turn_total, v.held_turns) for v in second.views]
    assert seen == [(0, 5, 4, 0), (4, 10, 6, 1)]  # its pig did not count
    assert {v.goal for v in first.views + second.views} == {12}


def test_asked_before_the_first_roll_when_it_is_not_automatic():
    first, second = Scripted([False]), Scripted([True, False])
    events = []
    play_game([first, second], PigRules(goal=5), ListedDice([6]), events.append, False)
    assert events == [
        TurnStarted(0, (0, 0)),
        Held(0, 0, 0),
        TurnStarted(1, (0, 0)),
        rolled(1, 6),
        Held(1, 6, 6),
        Won(1),
    ]
    assert first.views == [View(0, 0, 0, 5, 0)]
    assert second.views == [View(0, 0, 0, 5, 0), View(0, 0, 6, 5, 0)]


def test_a_session_steps_without_blocking():
    """The engine is driven from outside: legal actions, apply, events, and the end."""
    game = PigGame(PigRules(goal=5), ListedDice([3, 1, 4, 2]))
    assert game.start() == [TurnStarted(0, (0, 0)), rolled(0, 3)]
    assert game.player == 0 and game.legal_actions() == (True, False)
    assert game.view == View(0, 0, 3, 5, 0)
    assert game.apply(True) == [rolled(0, 1), Pigged(0, 0), TurnStarted(1, (0, 0)), rolled(1, 4)]
    assert game.apply(True) == [rolled(1, 2)]
    assert game.apply(False) == [Held(1, 6, 6), Won(1)]
    assert game.over and game.winner == 1 and game.scores == (0, 6)
    assert game.legal_actions() == ()
    with pytest.raises(ValueError, match="roll is not a legal action"):
        game.apply(True)


def test_without_automatic_first_rolls_the_mover_may_hold_at_zero():
    """Document 002: asked at turn total 0 too; holding there banks nothing."""
    game = PigGame(PigRules(goal=5), ListedDice([6]), first_roll_automatic=False)
    assert game.start() == [TurnStarted(0, (0, 0))]
    assert game.legal_actions() == (True, False)
    assert game.apply(False) == [Held(0, 0, 0), TurnStarted(1, (0, 0))]


def test_a_blank_first_roll_rolls_again_with_nothing_to_hold():
    """A blank (0 points) on the automatic first roll left the mover asked to roll or hold at
    turn total 0, where holding is no action: the terminal's hold was an internal error."""
    third = Fraction(1, 3)
    blank = Outcome("blank", third, Effect.add)
    table = RollOutcomes(
        "blank", (Outcome("one", third, Effect.pig), blank, Outcome("four", third, Effect.add, 4))
    )
    game = PigGame(PigRules(goal=10, outcomes=table), ListedDice([2, 2, 3, 2]))  # blanks, 4
    events = game.start()
    assert [e.outcome.name for e in events if isinstance(e, Rolled)] == ["blank", "blank", "four"]
    assert game.view.turn_total == 4 and game.legal_actions() == (True, False)
    assert game.apply(True) == [Rolled(0, 2, blank)]  # a blank later: the same choice again
    assert game.player == 0 and game.view.turn_total == 4 and game.legal_actions() == (True, False)


# ----- Hog -----

DATA = Path(__file__).resolve().parent.parent / "data" / "hog"
FA16 = hog_rules("fa16")


class Stream:
    """Dice that return a recorded stream as is, whatever the number of sides."""

    def __init__(self, values: list[int]) -> None:
        self.values = iter(values)

    def roll(self, sides: int | None = None) -> int:
        return next(self.values)


def replay_game(rules, choices, dice, start=None, records=None):
    """Play a Hog game whose seats choose from the lists ``choices``; return it and its turns."""
    game = HogGame(rules, dice, start=start)
    records = [] if records is None else records
    queues = [iter(seat) for seat in choices]
    play(game, [lambda state, queue=queue: next(queue) for queue in queues], records.append)
    return game, records


def test_game_loop_replays_the_fa16_fuzz_games() -> None:
    with open(DATA / "fa16_fuzz_games.json") as f:
        fuzz = json.load(f)
    fields = fuzz["turn_fields"]
    for game in fuzz["games"][:300]:
        turns = [dict(zip(fields, row, strict=True)) for row in game["turns"]]
        choices = [[t["num_rolls"] for t in turns if t["who"] == p] for p in (0, 1)]
        # The staff harness re-rolled four-sided Hog Wild dice with a six-sided die, so the
        # stream is used as is, without ListedDice's check of the faces.
        game_over, records = replay_game(FA16, choices, Stream(game["die_stream"]))
        assert list(game_over.scores) == game["final"], game["game"]
        assert [r.draws for r in records] == [tuple(t["raw_die_values"]) for t in turns]


def test_game_loop_replays_the_su20_game_traces() -> None:
    with open(DATA / "su20.json") as f:
        cases = [c for c in json.load(f)["cases"] if c.get("category") == "game_trace"]
    for case in cases:
        kwargs, replay = case["kwargs"], case["replay"]
        rules = hog_rules("su20", kwargs["goal"], kwargs["feral_hogs"])
        choices = [replay["strategy0_num_rolls"], replay["strategy1_num_rolls"]]
        dice = ListedDice(replay["dice"]["test_dice"])
        start = HogState(kwargs["score0"], kwargs["score1"])
        game_over, records = replay_game(rules, choices, dice, start)
        assert list(game_over.scores) == case["expected"], case["id"]
        ends = []
        for record in records:
            end = [0, 0]
            end[record.who], end[1 - record.who] = (
                record.turn.roller_score,
                record.turn.other_score,
            )
            ends.append(end)
        assert ends == [t["end"] for t in case["turns"]], case["id"]


def test_turn_records_name_the_rules_that_fired() -> None:
    # 0-0 is Hog Wild: 3 dice draw 1 (odd, re-rolled: 1), 2, 1 (re-rolled: 4) -> Pig Out.
    records = []
    with pytest.raises(StopIteration):
        replay_game(FA16, [[3, -1], [0]], ListedDice([1, 1, 2, 1, 4]), records=records)
    assert records[0].events[:2] == (HOG_WILD, PIG_OUT)
    assert records[1].events[0] == FREE_BACON
    assert PORK_CHOP in records[2].events


def test_listed_dice_refuse_a_face_the_four_sided_dice_lack() -> None:
    dice = ListedDice([6])
    with pytest.raises(GameInputError, match="not a face of the 4-sided dice"):
        dice.roll(4)
    with pytest.raises(GameInputError, match="ran out"):
        dice.roll(6)


def test_only_a_roll_is_legal_before_the_automatic_first_roll() -> None:
    automatic = PigGame(PigRules(goal=8), ListedDice([3]))
    assert automatic.legal_actions() == (True,)  # turn total 0: the roll nobody is asked about
    automatic.start()
    assert automatic.legal_actions() == (True, False)
    asked = PigGame(PigRules(goal=8), ListedDice([]), first_roll_automatic=False)
    assert asked.legal_actions() == (True, False)


def test_hog_wild_is_reported_only_for_dice_rolled() -> None:
    """At 3-4 (a multiple of 7) one die re-rolls its odd value; Free Bacon rolls no dice."""
    one_die = HogGame(FA16, ListedDice([3, 2]), start=HogState(3, 4))
    (record,) = one_die.apply(1)
    assert record.draws == (3, 2) and record.turn.events[0] == HOG_WILD
    no_dice = HogGame(FA16, ListedDice([]), start=HogState(3, 4))
    (record,) = no_dice.apply(0)
    assert HOG_WILD not in record.turn.events and record.turn.events[0] == FREE_BACON


def test_a_swap_onto_the_goal_wins_for_the_other_seat() -> None:
    """93 + 7 (a 5, Hogtimus Prime) = 100 = twice 50: Swine Swap puts seat 1 on the goal."""
    game = HogGame(FA16, ListedDice([5]), start=HogState(93, 50))
    (record,) = game.apply(1)
    assert record.turn.events == ("Hogtimus Prime", "Swine Swap")
    assert game.view.score == FA16.goal and game.scores == (50, 100)
    assert game.over and game.winner == 1


def test_two_dice_double_ones_lose_the_whole_score():
    """Two-Dice Pig: a single 1 ends the turn; double 1s (number 1 of 36) zero the score."""
    events = []
    # draws of 1..36 in the outcomes' order: 36 double 6s (12), then hold; seat 1: 7 is
    # '4 and 1' (2/36 each after the 1/36 of double 1s: a pig); seat 0: 36, then 1: double 1s
    dice = ListedDice([36, 7, 36, 1, 36])
    game = PigGame(PigRules(goal=100, outcomes=two_dice()), dice)
    events += game.start()
    events += game.apply(False)
    assert game.scores == (12, 0)
    events += game.apply(True)
    assert [type(event).__name__ for event in events].count("Reset") == 1
    assert game.scores == (0, 0) and game.player == 1
    names = [event.outcome.name for event in events if isinstance(event, Rolled)]
    assert names == ["double 6s", "4 and 1", "double 6s", "double 1s", "double 6s"]


def test_big_pig_double_ones_add_25():
    game = PigGame(PigRules(goal=100, outcomes=big_pig()), ListedDice([1]))
    game.start()
    assert game.view.turn_total == 25
