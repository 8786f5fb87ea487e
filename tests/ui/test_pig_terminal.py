"""The classic transcript: legal for any input, and the checker that says so can fail."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from policies import make_player
from solver.dice import ListedDice, RandomDice
from solver.games.pig import PigRules
from ui.pig_terminal import play_in_terminal

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
    dice.roll = lambda sides=None: dealt.append(roll(sides)) or dealt[-1]  # type: ignore[method-assign]
    out = io.StringIO()
    winner = play_in_terminal(
        rules, make_player("pig", opponent, rules), "classic", human, dice, DrawnInput(data), out
    )
    seat, rolls, last = parse_classic_game(out.getvalue(), goal, die_sides)
    assert (seat, rolls, last) == (human, dealt, winner)


def test_the_parser_rejects_an_illegal_game():
    """The legality check can fail: a score that rises by more than the turn total."""
    rules = PigRules(goal=10)
    out = io.StringIO()
    dice = ListedDice([4, 6, 3, 3, 5])
    play_in_terminal(
        rules, make_player("pig", "hold20", rules), "classic", 1, dice, io.StringIO(), out
    )
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
