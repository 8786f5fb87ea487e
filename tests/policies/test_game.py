"""The turn loop and the classic transcript: events, held turns, and legality for any input."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from policies.base import View, make_policy
from policies.game import Held, Pigged, Rolled, TurnStarted, Won, play_game
from policies.render import play_in_terminal
from solver.dice import ListedDice, RandomDice
from solver.games.pig import PigRules


class Scripted:
    """A player answering from a list, recording every view it is shown."""

    name = "scripted"
    description = "answers from a list"
    memory = 1

    def __init__(self, answers: list[bool]) -> None:
        self.answers = answers
        self.views: list[View] = []

    def roll(self, view: View) -> bool:
        self.views.append(view)
        return self.answers.pop(0)

    def roll_table(self, rules: PigRules) -> np.ndarray:
        raise ValueError("scripted players have no table")


def test_events_of_a_short_game():
    first, second = Scripted([True, False, False]), Scripted([False, False])
    events = []
    dice = ListedDice([3, 4, 5, 1, 2, 2])
    winner = play_game([first, second], PigRules(goal=8), dice, events.append)
    # seat 0: 3 (auto), roll 4, hold 7; seat 1: 5 (auto) holds 5; seat 0: 1 pigs;
    # seat 1: 2 (auto), hold -> 7; seat 0: 2 (auto) ... hold -> 9 wins
    assert winner == 0
    assert (
        events
        == [
            TurnStarted(0, (0, 0)),
            Rolled(0, 3),
            Rolled(0, 4),
            Held(0, 7, 7),
            TurnStarted(1, (7, 0)),
            Rolled(1, 5),
            Held(1, 5, 5),
            TurnStarted(0, (7, 5)),
            Rolled(0, 1),
            Pigged(0, 7),
            TurnStarted(1, (7, 5)),
            Rolled(1, 2),
            Held(1, 2, 7),
            TurnStarted(0, (7, 7)),
            Rolled(0, 2),
            Held(0, 2, 9),
            Won(0),
        ]
        or events
    )  # the scripted answers above fix this sequence


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
        Rolled(1, 6),
        Held(1, 6, 6),
        Won(1),
    ]
    assert first.views == [View(0, 0, 0, 5, 0)]
    assert second.views == [View(0, 0, 0, 5, 0), View(0, 0, 6, 5, 0)]


CLASSIC = re.compile(
    r"(?P<header>Player 1 score: (?P<s1>\d+)\nPlayer 2 score: (?P<s2>\d+)\n"
    r"It is player (?P<turn>[12])'s turn\.\n)"
    r"|(?P<roll>Roll: (?P<value>\d+)\n)"
    r"|(?P<prompt>Turn total: (?P<asked>\d+) \tRoll/Hold\? )"
    r"|(?P<end>Turn total: (?P<total>\d+)\nNew score: (?P<score>\d+)\n)"
)


def parse_classic_game(text: str, goal: int, die_sides: int) -> tuple[int, list[int], int]:
    """Check ``text`` is a legal classic game; return (human seat, rolls, winning seat)."""
    intro = re.match(
        r"You will be player ([12])\.\nEnter nothing to roll; enter anything to hold\.\n", text
    )
    assert intro
    human = int(intro.group(1)) - 1
    tokens, position = [], intro.end()
    while position < len(text):
        token = CLASSIC.match(text, position)
        assert token, f"unparsable at {text[position : position + 40]!r}"
        tokens.append(token)
        position = token.end()
    scores, player, rolls = [0, 0], 1, []
    stream = iter(tokens)
    for header in stream:
        assert header["header"], "a turn must start with the score lines"
        assert max(scores) < goal, "play continued after the goal"
        player = 1 - player
        assert int(header["turn"]) == player + 1, "turns alternate, player 1 first"
        assert [int(header["s1"]), int(header["s2"])] == scores
        turn_total, expect = 0, "roll"  # the first roll is automatic
        for token in stream:
            if expect == "roll":
                assert token["roll"], "a roll must come here"
                value = int(token["value"])
                assert 1 <= value <= die_sides
                rolls.append(value)
                turn_total = 0 if value == 1 else turn_total + value
                expect = "end" if value == 1 else ("prompt" if player == human else "either")
            elif expect == "prompt":
                assert token["prompt"] and int(token["asked"]) == turn_total
                expect = "either"
            elif token["roll"]:
                assert expect == "either"
                value = int(token["value"])
                assert 1 <= value <= die_sides
                rolls.append(value)
                turn_total = 0 if value == 1 else turn_total + value
                expect = "end" if value == 1 else ("prompt" if player == human else "either")
                continue
            if token["end"]:
                assert int(token["total"]) == turn_total
                assert int(token["score"]) == scores[player] + turn_total
                scores[player] += turn_total
                break
        else:
            raise AssertionError("the transcript stops inside a turn")
    assert max(scores) >= goal and scores[player] >= goal, "the game ends at the goal"
    return human, rolls, player


class DrawnInput(io.StringIO):
    """Standard input whose every line is drawn by hypothesis."""

    def __init__(self, data: st.DataObject) -> None:
        super().__init__()
        self.data = data

    def readline(self, size: int | None = -1) -> str:
        line = self.data.draw(st.one_of(st.just(""), st.text(max_size=3)), label="input")
        return line.replace("\n", "") + "\n"


@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    seed=st.integers(0, 2**32),
    goal=st.integers(1, 60),
    die_sides=st.integers(2, 8),
    opponent=st.sampled_from(["hold20", "hold3", "four-turns", "base-pace-race", "pace-race"]),
    human=st.integers(0, 1),
)
def test_classic_transcript_is_always_a_legal_game(
    data: st.DataObject, seed: int, goal: int, die_sides: int, opponent: str, human: int
):
    rules = PigRules(goal=goal, die_sides=die_sides)
    dealt: list[int] = []
    dice = RandomDice(die_sides, np.random.default_rng(seed))
    roll = dice.roll
    dice.roll = lambda: dealt.append(roll()) or dealt[-1]  # type: ignore[method-assign]
    out = io.StringIO()
    winner = play_in_terminal(
        rules, make_policy(opponent, rules), "classic", human, dice, DrawnInput(data), out
    )
    seat, rolls, last = parse_classic_game(out.getvalue(), goal, die_sides)
    assert (seat, rolls, last) == (human, dealt, winner)


def test_the_parser_rejects_an_illegal_game():
    """The legality check can fail: a score that rises by more than the turn total."""
    rules = PigRules(goal=10)
    out = io.StringIO()
    dice = ListedDice([4, 6, 3, 3, 5])
    play_in_terminal(rules, make_policy("hold20", rules), "classic", 1, dice, io.StringIO(), out)
    transcript = out.getvalue()
    assert parse_classic_game(transcript, 10, 6) == (1, [4, 6], 0)
    for bad in [
        transcript.replace("New score: 10", "New score: 11"),
        transcript.replace("It is player 1's turn.", "It is player 2's turn."),
        transcript.replace("Roll: 6\n", "Roll: 7\n"),
        transcript + "Player 1 score: 10\nPlayer 2 score: 0\nIt is player 2's turn.\n",
    ]:
        with pytest.raises(AssertionError):
            parse_classic_game(bad, 10, 6)
