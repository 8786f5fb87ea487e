"""`pigsolve play --players N --opponents A,B,...`: three and four players, end to end."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run in an empty folder: tables computed here land in its data/."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write_rolls(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rolls.txt"
    path.write_text(text)
    return path


def play(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    result = runner.invoke(app, ["play", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


# Goal 20, you are player 2 between hold2 (player 1) and hold7 (player 3); player 3 wins.
THREE_PLAYER_ROLLS = "1  3 4  4 4  2  1  4 4  3  4 1  4"
THREE_PLAYER_INPUT = "\nh\n\n"
THREE_PLAYER_TRANSCRIPT = """\
You will be player 2.
Opponents: player 1 hold2, player 3 hold7.
Enter nothing to roll; enter anything to hold.
Player 1 score: 0
Player 2 score: 0
Player 3 score: 0
It is player 1's turn.
Roll: 1
Turn total: 0
New score: 0
Player 1 score: 0
Player 2 score: 0
Player 3 score: 0
It is player 2's turn.
Roll: 3
Turn total: 3 \tRoll/Hold? Roll: 4
Turn total: 7 \tRoll/Hold? Turn total: 7
New score: 7
Player 1 score: 0
Player 2 score: 7
Player 3 score: 0
It is player 3's turn.
Roll: 4
Roll: 4
Turn total: 8
New score: 8
Player 1 score: 0
Player 2 score: 7
Player 3 score: 8
It is player 1's turn.
Roll: 2
Turn total: 2
New score: 2
Player 1 score: 2
Player 2 score: 7
Player 3 score: 8
It is player 2's turn.
Roll: 1
Turn total: 0
New score: 7
Player 1 score: 2
Player 2 score: 7
Player 3 score: 8
It is player 3's turn.
Roll: 4
Roll: 4
Turn total: 8
New score: 16
Player 1 score: 2
Player 2 score: 7
Player 3 score: 16
It is player 1's turn.
Roll: 3
Turn total: 3
New score: 5
Player 1 score: 5
Player 2 score: 7
Player 3 score: 16
It is player 2's turn.
Roll: 4
Turn total: 4 \tRoll/Hold? Roll: 1
Turn total: 0
New score: 7
Player 1 score: 5
Player 2 score: 7
Player 3 score: 16
It is player 3's turn.
Roll: 4
Turn total: 4
New score: 20
"""


def test_three_player_game_from_a_rolls_file_line_by_line(workdir: Path):
    """Seats in order, every score line, the computer on 16 holding at the goal (4, not 7)."""
    rolls = write_rolls(workdir, THREE_PLAYER_ROLLS)
    args = ["--players", "3", "--opponents", "hold2,hold7", "--you", "2", "--goal", "20"]
    code, out, err = play([*args, "--die", "4", "--rolls", str(rolls)], THREE_PLAYER_INPUT)
    assert (code, err) == (0, "")
    for number, (line, expected) in enumerate(
        zip(out.splitlines(), THREE_PLAYER_TRANSCRIPT.splitlines(), strict=True), 1
    ):
        assert line == expected, f"line {number}"
    assert out == THREE_PLAYER_TRANSCRIPT


def test_two_players_by_opponents_or_opponent_are_the_same_game(workdir: Path):
    rolls = write_rolls(workdir, "3 4 5 6 2 1 6 6 6 2 5 3 2 6 6 " * 3)
    base = ["--goal", "30", "--you", "1", "--rolls", str(rolls)]
    one = play([*base, "--opponent", "pace-race"], "\n\nh\n" * 20)
    two = play([*base, "--players", "2", "--opponents", "pace-race"], "\n\nh\n" * 20)
    assert one == two and one[0] == 0
    assert "Opponents" not in one[1] and "Player 3" not in one[1]


def test_four_players_run_to_the_end(workdir: Path):
    args = ["--players", "4", "--opponents", "optimal,hold10,four-turns", "--goal", "15"]
    code, out, err = play([*args, "--die", "4", "--seed", "3"], "\n\nh\n" * 200)
    assert code == 0
    assert err == "computing the optimal table for 4 players, goal 15 and a 4-sided die ...\n"
    assert (workdir / "data" / "pig-players4-goal15-die4.h5").exists()
    seat = int(re.match(r"You will be player (\d)\.\n", out).group(1))
    names = dict(re.findall(r"player (\d) ([\w-]+)", out.splitlines()[1]))
    assert sorted(names) == sorted({"1", "2", "3", "4"} - {str(seat)})
    assert list(names.values()) == ["optimal", "hold10", "four-turns"]
    headers = re.findall(r"((?:Player \d score: \d+\n){4})It is player (\d)'s turn", out)
    assert [int(turn) for _, turn in headers[:5]] == [1, 2, 3, 4, 1]
    last_turn, final = int(headers[-1][1]), int(re.findall(r"New score: (\d+)\n", out)[-1])
    assert final >= 15 and out.endswith(f"New score: {final}\n")
    last_scores = [int(s) for s in re.findall(r"score: (\d+)", headers[-1][0])]
    assert max(last_scores) < 15 and final > last_scores[last_turn - 1]


def test_a_seed_replays_the_equilibrium_coin(workdir: Path):
    """The equilibrium flips a coin at mixed states: --seed makes that reproducible too."""
    args = ["--players", "3", "--opponents", "optimal,optimal", "--goal", "25", "--die", "4"]
    runs = [play([*args, "--seed", "11"], "\n\n\nh\n" * 100) for _ in range(2)]
    assert runs[0][0] == 0 and runs[0][1] == runs[1][1]
    assert runs[1][2] == ""  # the table was computed once, then read


def test_piglet_faces_add_one(workdir: Path):
    rolls = write_rolls(workdir, "2 2 2 2 2")
    args = ["--piglet", "--die", "2", "--goal", "3", "--you", "2", "--rolls", str(rolls)]
    code, out, err = play([*args, "--opponent", "hold3"])
    assert (code, err) == (0, "")
    assert out.endswith(
        "It is player 1's turn.\nRoll: 2\nRoll: 2\nRoll: 2\nTurn total: 3\nNew score: 3\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--players", "3", "--opponents", "optimal"],
            "error: --opponents needs 2 names for "
            "3 players, got 1 (optimal); for 2 players use --players 2",
        ),
        (
            ["--opponents", "optimal,hold20"],
            "error: --opponents needs 1 name for 2 players, "
            "got 2 (optimal,hold20); for 3 players use --players 3",
        ),
        (["--players", "4", "--opponents", "optimal,hold20"], "needs 3 names for 4 players"),
        (["--players", "3", "--opponents", "optimal,random"], "error: unknown player 'random'"),
        (
            ["--players", "3", "--style", "rounds"],
            "error: the rounds style is for two players, not 3: use --style classic",
        ),
        (["--players", "3", "--you", "4"], "error: --you must be 1, 2 or 3, got 4"),
        (["--players", "4", "--you", "0"], "error: --you must be 1, 2, 3 or 4, got 0"),
        (["--opponent", "optimal", "--opponents", "optimal"], "choose one of --opponent and"),
        (["--players", "5"], "error: play seats 2 to 4 players, got 5"),
        (["--players", "1"], "error: players must be an integer >= 2, got 1"),
    ],
)
def test_bad_options_are_one_line_exit_2_before_anything_is_computed(
    workdir: Path, args: list[str], message: str
):
    base = ["--goal", "25", "--die", "4", "--opponent", "optimal"]
    if "--opponents" in args or "--opponent" in args:
        base = base[:4]
    code, out, err = play([*base, *args], "\n")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err
    assert not (workdir / "data").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_hints_at_a_terminal_show_the_roll_probability_at_a_mixed_state(workdir: Path):
    """Player 1 at (0, 2, 7) with turn total 11: the equilibrium rolls with probability 0.815."""
    import pty

    rolls = write_rolls(workdir, "1 2 3 4 3 4 4 4 4 4 4")
    args = ["play", "--hints", "--players", "3", "--opponents", "hold2,hold7", "--you", "1"]
    args += ["--goal", "25", "--die", "4", "--rolls", str(rolls)]
    terminal, stdin = pty.openpty()
    with subprocess.Popen(
        [sys.executable, "-c", "import cli; cli.app()", *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=workdir,
    ) as game:
        os.close(stdin)
        os.write(terminal, b"\n" * 6 + b"h\n")
        out, err = game.communicate(timeout=120)
    os.close(terminal)
    text = out.decode()
    assert game.returncode == 0, err.decode()
    assert err.decode().count("\n") == 1  # the table was computed, saying so once
    assert (
        "Roll: 4\n"
        "Hint: roll 81.5% of the time, else hold (win probability 42.0% either way).\n"
        "      Win chances: you 42.0%, player 2 23.9%, player 3 34.1%.\n"
        "Turn total: 11 \tRoll/Hold? "
    ) in text
    assert len(re.findall(r"^Hint: ", text, flags=re.MULTILINE)) == 7
    assert "Roll: 4\nHint: hold, and you win.\nTurn total: 27 \tRoll/Hold? " in text
    assert text.endswith("Turn total: 27\nNew score: 27\n")
