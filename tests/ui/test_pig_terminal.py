"""The classic transcript, for two to four players: legal for any input, and the checker that
says so can fail; hints and seats of N-player games."""

from __future__ import annotations

import io
import math
import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pigsolve.policies import make_player
from pigsolve.solver.dice import ListedDice, RandomDice
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, Position
from pigsolve.solver.tables import table_for
from pigsolve.ui.adapters.pig.play import make_opponents
from pigsolve.ui.adapters.pig.terminal import choose_seat, hint_line, play_in_terminal
from pigsolve.ui.commands.players import opponent_names

CLASSIC = re.compile(
    r"(?P<header>(?:Player \d score: \d+\n)+It is player (?P<turn>\d)'s turn\.\n)"
    r"|(?P<roll>Roll: (?P<value>\d+)\n)"
    r"|(?P<prompt>Turn total: (?P<asked>\d+) \tRoll/Hold\? )"
    r"|(?P<end>Turn total: (?P<total>\d+)\nNew score: (?P<score>\d+)\n)"
)


def parse_game(text: str, rules: PigRules) -> tuple[int, list[int], int]:
    """Check ``text`` is a legal classic game of ``rules``; return (human, rolls, winner).

    Turns go round from player 1; each starts with an automatic roll, and a person (the human
    or any opponent called "human") is asked after every roll that does not pig.
    """
    n, faces = rules.players, rules.faces
    intro = re.match(
        r"You will be player (\d)\.\n(?:Opponents: (.*)\.\n)?"
        r"Enter nothing to roll; enter anything to hold\.\n",
        text,
    )
    assert intro
    human = int(intro.group(1)) - 1
    seats = re.findall(r"player (\d) ([\w-]+)", intro.group(2) or "")
    assert n == 2 or sorted([int(seat) - 1 for seat, _ in seats] + [human]) == list(range(n))
    people = {human} | {int(seat) - 1 for seat, name in seats if name == "human"}
    scores, player, rolls, position = [0] * n, n - 1, [], intro.end()
    while position < len(text):
        header = CLASSIC.match(text, position)
        assert header and header["header"], "a turn must start with the score lines"
        assert max(scores) < rules.goal, "play continued after the goal"
        player = (player + 1) % n
        assert int(header["turn"]) == player + 1, "turns go round, player 1 first"
        shown = [int(s) for s in re.findall(r"score: (\d+)", header["header"])]
        assert shown == scores
        position, turn_total, expect = header.end(), 0, "roll"  # the first roll is automatic
        while True:
            token = CLASSIC.match(text, position)
            assert token and not token["header"], "the transcript stops inside a turn"
            position = token.end()
            if token["roll"]:
                assert expect in ("roll", "either"), "a person must be asked after a roll"
                value = int(token["value"])
                assert 1 <= value <= len(faces)
                rolls.append(value)
                pigged = faces[value - 1] == 0
                turn_total = 0 if pigged else turn_total + faces[value - 1]
                expect = "end" if pigged else ("prompt" if player in people else "either")
            elif token["prompt"]:
                assert expect == "prompt" and int(token["asked"]) == turn_total
                expect = "either"
            else:
                assert expect in ("end", "either"), "a turn ends after a roll or an answer"
                assert int(token["total"]) == turn_total
                scores[player] += turn_total
                assert int(token["score"]) == scores[player]
                break
    assert scores[player] >= rules.goal, "the game ends at the goal"
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
        rules, make_player(rules, opponent), "classic", human, dice, DrawnInput(data), out
    )
    assert parse_game(out.getvalue(), rules) == (human, dealt, winner)


def test_the_parser_rejects_an_illegal_game():
    """The legality check can fail: a score that rises by more than the turn total."""
    rules = PigRules(goal=10)
    out = io.StringIO()
    dice = ListedDice([4, 6, 3, 3, 5])
    play_in_terminal(rules, make_player(rules, "hold20"), "classic", 1, dice, io.StringIO(), out)
    transcript = out.getvalue()
    assert parse_game(transcript, rules) == (1, [4, 6], 0)
    for bad in [
        transcript.replace("New score: 10", "New score: 11"),
        transcript.replace("It is player 1's turn.", "It is player 2's turn."),
        transcript.replace("Roll: 6\n", "Roll: 7\n"),
        transcript + "Player 1 score: 10\nPlayer 2 score: 0\nIt is player 2's turn.\n",
    ]:
        with pytest.raises(AssertionError):
            parse_game(bad, rules)


# Three and four players: the transcript with a score line per player, hints, seats.

# A goal-25, four-sided game of three players: player 1 pigs, player 2 (hold2) banks 2,
# player 3 (hold7) banks 7, then player 1 rolls 3 4 4 4 4 4 4 and holds at 27.
RULES_3 = PigRules(goal=25, die_sides=4, players=3)
ROLLS = [1, 2, 3, 4, 3, 4, 4, 4, 4, 4, 4]
TOTALS = [3, 7, 11, 15, 19, 23, 27]
SCORES = "Player 1 score: {}\nPlayer 2 score: {}\nPlayer 3 score: {}\n"
PROMPT = "Turn total: {} \tRoll/Hold? "
TRANSCRIPT = (
    "You will be player 1.\n"
    "Opponents: player 2 hold2, player 3 hold7.\n"
    "Enter nothing to roll; enter anything to hold.\n"
    + SCORES.format(0, 0, 0)
    + "It is player 1's turn.\nRoll: 1\nTurn total: 0\nNew score: 0\n"
    + SCORES.format(0, 0, 0)
    + "It is player 2's turn.\nRoll: 2\nTurn total: 2\nNew score: 2\n"
    + SCORES.format(0, 2, 0)
    + "It is player 3's turn.\nRoll: 3\nRoll: 4\nTurn total: 7\nNew score: 7\n"
    + SCORES.format(0, 2, 7)
    + "It is player 1's turn.\n"
    + "".join(f"Roll: {r}\n" + PROMPT.format(t) for r, t in zip(ROLLS[4:], TOTALS, strict=True))
    + "Turn total: 27\nNew score: 27\n"
)
MIXED = "Hint: roll 81.5% of the time, else hold (win probability 42.0% either way)."


@pytest.fixture(scope="module")
def three_players_table(tmp_path_factory: pytest.TempPathFactory):
    """The goal-25, four-sided, three-player equilibrium (about a second to compute)."""
    return table_for(RULES_3, tmp_path_factory.mktemp("tables") / "three.h5")


def play_three(stdin: str, hints=None) -> tuple[int, str]:
    opponents = [make_player(RULES_3, name) for name in ("hold2", "hold7")]
    out = io.StringIO()
    dice = ListedDice(ROLLS)
    winner = play_in_terminal(
        RULES_3, opponents, "classic", 0, dice, io.StringIO(stdin), out, hints
    )
    return winner, out.getvalue()


def test_three_players_transcript_line_by_line():
    winner, out = play_three("\n" * 6 + "h\n")
    assert winner == 0
    assert out.splitlines() == TRANSCRIPT.splitlines()
    assert out == TRANSCRIPT


def test_three_players_hints_come_from_the_equilibrium(three_players_table):
    _, out = play_three("\n" * 6 + "h\n", three_players_table)
    hints = re.findall(r"^Hint: (.*)\n {6}Win chances: (.*)\.\n", out, flags=re.MULTILINE)
    assert len(hints) == 6  # the seventh decision is at the goal
    assert out.count("Hint: hold, and you win.\n") == 1
    # turn total 11 at scores (0, 2, 7) is a mixed state of the equilibrium
    assert f"Hint: {hints[2][0]}" == MIXED
    assert hints[2][1] == "you 42.0%, player 2 23.9%, player 3 34.1%"
    assert "Roll: 4\nHint: roll 81.5% of the time" in out


def test_hint_at_the_mixed_state_names_the_players_by_seat(three_players_table):
    """(0, 2, 7) from the mover's seat, turn total 11, whatever the mover's seat."""
    row = three_players_table.row((0, 2, 7))
    assert row.roll_probability[11] == pytest.approx(0.8148, abs=5e-5)  # README: 0.8148
    for seat in range(3):
        scores = [0, 0, 0]
        scores[(seat + 1) % 3], scores[(seat + 2) % 3] = 2, 7
        view = Position(tuple(scores), seat, 11, (0, 0, 0)).view(RULES_3)
        assert view.scores == (0, 2, 7)
        first, second = hint_line(view, three_players_table, seat).split("\n")
        assert (
            first == "Hint: roll 81.5% of the time, else hold (win probability 42.0% either way)."
        )
        chances = dict(re.findall(r"(you|player \d) ([\d.]+)%", second))
        assert chances.pop("you") == "42.0"
        assert chances[f"player {(seat + 1) % 3 + 1}"] == "23.9"  # the player on 2
        assert chances[f"player {(seat + 2) % 3 + 1}"] == "34.1"  # the player on 7


def test_hint_at_a_pure_state_gives_both_choices_and_chances_that_sum_to_one(three_players_table):
    view = Position((3, 10, 5), 1, 4, (0, 0, 0)).view(RULES_3)  # player 2 on 10, turn total 4
    first, second = hint_line(view, three_players_table, 1).split("\n")
    values = three_players_table.row((10, 5, 3))
    q, k = values.roll_probability[4], 4
    assert q in (0.0, 1.0)
    best = "roll" if q == 1.0 else "hold"
    assert first == (
        f"Hint: {best} (win probability {values.roll[k][0]:.1%} if you roll, "
        f"{values.hold[k][0]:.1%} if you hold)."
    )
    chances = re.findall(r"(you|player \d) ([\d.]+)%", second)
    assert [who for who, _ in chances] == ["player 1", "you", "player 3"]
    assert sum(float(p) for _, p in chances) == pytest.approx(100, abs=0.2)


def test_hint_at_turn_total_0_values_holding_as_passing_the_turn(three_players_table):
    """Holding at 0 (the rounds rule) hands the dice to the next player, scores unchanged."""
    view = Position((0, 2, 7), 0, 0, (0, 0, 0)).view(RULES_3)
    first, _ = hint_line(view, three_players_table, 0).split("\n")
    next_mover = three_players_table.win_probabilities((2, 7, 0), 0)
    assert f"{next_mover[2]:.1%} if you hold" in first


def test_equilibrium_opponents_flip_a_coin_seeded_by_the_game(three_players_table, tmp_path: Path):
    """Two optimal seats share one player; its coin comes from the game's generator."""
    (tmp_path / "data").mkdir()
    shutil.copy(three_players_table.path, tmp_path / "data" / "pig-players3-goal25-die4.h5")
    view = Position((0, 2, 7), 0, 11, (0, 0, 0)).view(RULES_3)

    flips = 2000

    def coins(seed: int) -> list[bool]:
        first, second = make_opponents(["optimal"] * 2, RULES_3, np.random.default_rng(seed))
        assert first is second
        return [first.choose(view) for _ in range(flips)]

    assert coins(5) == coins(5) != coins(6)
    p = three_players_table.row((0, 2, 7)).roll_probability[11]
    assert abs(sum(coins(5)) / flips - p) < 4 * math.sqrt(p * (1 - p) / flips)  # 0.8148 +- 0.035


@pytest.mark.parametrize(
    ("you", "style", "players", "message"),
    [
        (4, "classic", 3, "--you must be 1, 2 or 3, got 4"),
        (0, "classic", 4, "--you must be 1, 2, 3 or 4, got 0"),
        (3, "classic", 2, "--you must be 1 or 2, got 3"),
        (None, "rounds", 3, "the rounds style is for two players, not 3: use --style classic"),
    ],
)
def test_choose_seat_errors(you: int | None, style: str, players: int, message: str):
    with pytest.raises(InvalidArgument, match=re.escape(message)):
        choose_seat(you, style, np.random.default_rng(0), players)


def test_random_seats_cover_every_seat():
    rng = np.random.default_rng(1)
    assert {choose_seat(None, "classic", rng, 4) for _ in range(200)} == {0, 1, 2, 3}


@pytest.mark.parametrize(
    ("players", "opponent", "opponents", "names"),
    [
        (2, None, None, ["hold20"]),
        (3, None, None, ["hold20", "hold20"]),
        (3, "optimal", None, ["optimal", "optimal"]),
        (2, None, "optimal", ["optimal"]),
        (3, None, "optimal, hold20", ["optimal", "hold20"]),
        (3, None, "pace-race:21,8,71,hold5", ["pace-race:21,8,71", "hold5"]),
    ],
)
def test_opponent_names(players, opponent, opponents, names):
    assert opponent_names(PigRules(players=players), opponent, opponents) == names


def test_rounds_refuses_three_players():
    opponents = [make_player(RULES_3, "hold20")] * 2
    with pytest.raises(InvalidArgument, match="rounds style is for two players"):
        play_in_terminal(
            RULES_3, opponents, "rounds", 0, ListedDice([]), io.StringIO(), io.StringIO()
        )


NAMES = ["hold20", "hold3", "four-turns", "pace-race", "human"]


@settings(max_examples=40, deadline=None)
@given(
    data=st.data(),
    seed=st.integers(0, 2**32),
    players=st.integers(3, 4),
    goal=st.integers(1, 40),
    die_sides=st.integers(2, 6),
    piglet=st.booleans(),
)
def test_classic_transcript_of_n_players_is_always_a_legal_game(
    data: st.DataObject, seed: int, players: int, goal: int, die_sides: int, piglet: bool
):
    rules = PigRules(goal, die_sides, players, piglet)
    human = data.draw(st.integers(0, players - 1), label="human")
    names = data.draw(st.lists(st.sampled_from(NAMES), min_size=players - 1, max_size=players - 1))
    dealt: list[int] = []
    dice = RandomDice(die_sides, np.random.default_rng(seed))
    roll = dice.roll
    dice.roll = lambda sides=None: dealt.append(roll(sides)) or dealt[-1]  # type: ignore[method-assign]
    out = io.StringIO()
    opponents = [make_player(rules, name) for name in names]
    winner = play_in_terminal(rules, opponents, "classic", human, dice, DrawnInput(data), out)
    assert parse_game(out.getvalue(), rules) == (human, dealt, winner)
    seats = [seat + 1 for seat in range(players) if seat != human]
    opponents_line = ", ".join(f"player {s} {n}" for s, n in zip(seats, names, strict=True))
    assert f"\nOpponents: {opponents_line}.\n" in out.getvalue()


def test_the_n_player_parser_rejects_an_illegal_game():
    winner, out = play_three("\n" * 6 + "h\n")
    assert parse_game(out, RULES_3) == (0, ROLLS, winner)
    for bad in [
        out.replace("New score: 7", "New score: 8"),
        out.replace("It is player 3's turn.", "It is player 1's turn."),
        out.replace("Player 3 score: 7\n", ""),
        out + SCORES.format(27, 2, 7) + "It is player 2's turn.\n",
    ]:
        with pytest.raises(AssertionError):
            parse_game(bad, RULES_3)


def test_two_dice_hints_come_from_the_games_table() -> None:
    """Each hint gives the two-dice table's values at the state shown (not Pig's die's)."""
    from pigsolve.policies.pig.thresholds import HoldAt
    from pigsolve.solver.games.pig_outcomes import two_dice

    rules = PigRules(20, outcomes=two_dice())
    table = table_for(rules)
    out = io.StringIO()
    # you: 3 and 2, 6 and 6, 2 and 1 (a pig); hold20: 3 and 2, 6 and 6, double 2s, wins at 21
    dice = ListedDice([14, 36, 2, 14, 36, 12], "rolls")
    winner = play_in_terminal(
        rules, HoldAt(20), "classic", 0, dice, io.StringIO("\n\n"), out, table
    )
    text = out.getvalue()
    assert winner == 1 and "Roll: 2 and 2, double 2s\n" in text
    prompts = re.findall(r"Turn total: (\d+) \tRoll/Hold\? ", text)
    hints = re.findall(
        r"Hint: (roll|hold) \(win probability ([\d.]+)% if you roll, "
        r"([\d.]+)% if you hold\)",
        text,
    )
    assert prompts == ["5", "17"] and len(hints) == 2
    for k, (best, roll, hold) in zip(map(int, prompts), hints, strict=True):
        p_roll, p_hold = (
            table.action_values(0, 0, k).get("roll"),
            table.action_values(0, 0, k).get("hold"),
        )
        assert (float(roll), float(hold)) == (round(100 * p_roll, 1), round(100 * p_hold, 1))
        assert best == ("roll" if table.should_roll(0, 0, k) else "hold")
