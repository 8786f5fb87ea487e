"""`pigsolve play` and `pigsolve policies` end to end: the documents' transcripts, exactly."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ui.prompt
from cli import app
from policies import player_names

runner = CliRunner()
SAMPLE = Path(__file__).parent / "data" / "pig-001-sample-transcript.txt"
PROMPT = re.compile(r"Roll/Hold\? (\(Enter\)|h)\n")
ASK = "Would you like to 'roll' or 'hold' ?\n"


def write_rolls(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rolls.txt"
    path.write_text(text)
    return path


def play(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    result = runner.invoke(app, ["play", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_sample_transcript_of_document_001_byte_for_byte(tmp_path: Path):
    """Document 001's sample, its rolls in a file, its inputs piped, comes out exactly."""
    transcript = SAMPLE.read_text()
    rolls = re.findall(r"^Roll: (\d)$", transcript, flags=re.MULTILINE)
    inputs = ["" if answer == "(Enter)" else answer for answer in PROMPT.findall(transcript)]
    # piped input is not echoed: the prompt's line continues with the next output
    expected = PROMPT.sub("Roll/Hold? ", transcript)
    assert len(rolls) == 46 and inputs.count("h") == 5 and expected.endswith("New score: 104\n")
    rolls_file = write_rolls(tmp_path, " ".join(rolls))
    command = "import cli; cli.app()"
    args = ["play", "--you", "2", "--rolls", str(rolls_file)]
    done = subprocess.run(
        [sys.executable, "-c", command, *args],
        input="".join(answer + "\n" for answer in inputs).encode(),
        capture_output=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert done.stderr == b""
    assert done.returncode == 0
    assert done.stdout == expected.encode()


def test_classic_computer_wins_by_or_goal_and_nothing_follows(tmp_path: Path):
    # goal 10: the computer (player 1) holds at 10 - 0 = 10 rather than 20
    rolls = write_rolls(tmp_path, "4 6\n")
    code, out, err = play(["--you", "2", "--goal", "10", "--rolls", str(rolls)])
    assert (code, err) == (0, "")
    assert out == (
        "You will be player 2.\n"
        "Enter nothing to roll; enter anything to hold.\n"
        "Player 1 score: 0\nPlayer 2 score: 0\nIt is player 1's turn.\n"
        "Roll: 4\nRoll: 6\nTurn total: 10\nNew score: 10\n"
    )


def test_classic_human_first_rolls_then_holds_to_win(tmp_path: Path):
    rolls = write_rolls(tmp_path, "3 4\n5\n")
    code, out, err = play(["--you", "1", "--goal", "10", "--rolls", str(rolls)], "\n\nx\n")
    assert (code, err) == (0, "")
    assert out == (
        "You will be player 1.\n"
        "Enter nothing to roll; enter anything to hold.\n"
        "Player 1 score: 0\nPlayer 2 score: 0\nIt is player 1's turn.\n"
        "Roll: 3\nTurn total: 3 \tRoll/Hold? Roll: 4\nTurn total: 7 \tRoll/Hold? Roll: 5\n"
        "Turn total: 12 \tRoll/Hold? Turn total: 12\nNew score: 12\n"
    )


def test_rolls_running_out_mid_game_is_an_error_not_random_dice(tmp_path: Path):
    rolls = write_rolls(tmp_path, "3 4")
    code, out, err = play(["--you", "1", "--rolls", str(rolls)], "\n\n\n")
    assert code == 1
    assert err == f"error: rolls file {rolls} ran out: all 2 rolls used\n"
    assert out.endswith("Roll: 4\nTurn total: 7 \tRoll/Hold? ")


def test_end_of_input_ends_the_game_with_one_line(tmp_path: Path):
    rolls = write_rolls(tmp_path, "3 4 5 6")
    code, out, err = play(["--you", "1", "--rolls", str(rolls)], "\n")
    assert code == 1
    assert err == "error: input ended before the game did\n"
    assert out.endswith("Roll: 4\nTurn total: 7 \tRoll/Hold? ")


def test_ctrl_c_ends_the_game_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    def interrupted(stream: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(ui.prompt, "read_line", interrupted)
    rolls = write_rolls(tmp_path, "3 4 5 6")
    code, _, err = play(["--you", "1", "--rolls", str(rolls)], "\n")
    assert (code, err) == (130, "interrupted\n")


def test_seed_makes_dice_and_seats_reproducible():
    runs = [play(["--seed", "7", "--goal", "30"], "\n\nh\n" * 200) for _ in range(2)]
    assert runs[0] == runs[1]
    assert runs[0][0] == 0
    seats = {play(["--seed", str(seed), "--goal", "5"], "h\n" * 50)[1][:22] for seed in range(12)}
    assert seats == {"You will be player 1.\n", "You will be player 2.\n"}


ROUNDS_HUMAN_LOSES = (
    "New round:\nUser: 0\nComputer: 0\n"
    "You have 0 points this round.\nWould you like to 'roll' or 'hold' ?\n"
    'I did not understand "jump", sorry.\n'
    "You have 0 points this round.\nWould you like to 'roll' or 'hold' ?\n"
    "You rolled a 4.\n"
    "You have 4 points this round.\nWould you like to 'roll' or 'hold' ?\n"
    "You held 4 points, bringing you to 4\n"
    "The Computer rolled a 1.\n"
    "The Computer turn is over, and they gain 0 points.\n"
    "New round:\nUser: 4\nComputer: 0\n"
    "You have 0 points this round.\nWould you like to 'roll' or 'hold' ?\n"
    "You rolled a 1.\n"
    "Sorry, your turn is over, and you gain 0 points.\n"
    "The Computer rolled a 6.\nThe Computer rolled a 6.\nThe Computer rolled a 6.\n"
    "The Computer rolled a 2.\n"
    "The Computer held 20 points, bringing you to 20\n"
    "New round:\nUser: 4\nComputer: 20\n"
    "You have 0 points this round.\nWould you like to 'roll' or 'hold' ?\n"
    "You held 0 points, bringing you to 4\n"
    "The Computer rolled a 5.\nThe Computer rolled a 3.\nThe Computer rolled a 2.\n"
    "The Computer held 10 points, bringing you to 30\n"
    "The Computer wins!\n"
)


def test_rounds_every_message_and_the_computer_winning_by_or_goal(tmp_path: Path):
    """Bad command, blank line, roll, hold, both pigs, a computer hold at 20 and at the goal."""
    rolls = write_rolls(tmp_path, "4 1\n1 6 6 6 2\n5 3 2 6 6")
    inputs = "\njump\nroll\n\n  \nhold\nroll\nhold\n"
    args = ["--style", "rounds", "--goal", "30", "--rolls", str(rolls)]
    code, out, err = play(args, inputs)
    assert (code, err) == (0, "")
    assert out == ROUNDS_HUMAN_LOSES


def test_rounds_human_wins(tmp_path: Path):
    rolls = write_rolls(tmp_path, "6 5 2 2")
    args = ["--style", "rounds", "--goal", "10", "--opponent", "pace-race", "--rolls", str(rolls)]
    code, out, err = play(args, "roll\nroll\nhold\n")
    assert (code, err) == (0, "")
    assert out == (
        "New round:\nUser: 0\nComputer: 0\n"
        "You have 0 points this round.\nWould you like to 'roll' or 'hold' ?\n"
        "You rolled a 6.\n"
        "You have 6 points this round.\nWould you like to 'roll' or 'hold' ?\n"
        "You rolled a 5.\n"
        "You have 11 points this round.\nWould you like to 'roll' or 'hold' ?\n"
        "You held 11 points, bringing you to 11\n"
        "You win!\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--opponent", "random"], "unknown player 'random'; accepted: optimal, hold20, holdN"),
        (["--opponent", "hold0"], "unknown player 'hold0'; accepted: optimal, hold20, holdN"),
        (["--you", "3"], "--you must be 1 or 2, got 3"),
        (["--style", "rounds", "--you", "2"], "the rounds style always seats you first"),
        (["--style", "rounds", "--opponent", "human"], "rounds style plays against a computer"),
        (["--goal", "0"], "goal must be an integer >= 1, got 0"),
        (["--die", "1"], "die sides must be an integer >= 2, got 1"),
    ],
)
def test_bad_options_exit_2_with_one_line(args: list[str], message: str):
    code, out, err = play(args, "\n")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err


@pytest.mark.parametrize(
    ("text", "line", "token"),
    [("3 4\n5 7\n", 2, "'7'"), ("2\n\n 3 x 4", 3, "'x'"), ("0", 1, "'0'"), ("2 4.0", 1, "'4.0'")],
)
def test_bad_rolls_file_is_reported_with_its_line_before_the_game(
    tmp_path: Path, text: str, line: int, token: str
):
    rolls = write_rolls(tmp_path, text)
    code, out, err = play(["--rolls", str(rolls)], "\n" * 20)
    assert code == 1
    assert out == ""
    expected = f"rolls file {rolls}, line {line}: {token} is not a roll of a 6-sided die (1 to 6)"
    assert err == f"error: {expected}\n"


def test_missing_rolls_file(tmp_path: Path):
    code, out, err = play(["--rolls", str(tmp_path / "nope.txt")])
    assert (code, out) == (1, "")
    assert (
        err.startswith(f"error: cannot read rolls file {tmp_path / 'nope.txt'}")
        and err.count("\n") == 1
    )


def test_die_sides_bound_the_rolls(tmp_path: Path):
    rolls = write_rolls(tmp_path, "4 5")
    assert play(["--die", "4", "--rolls", str(rolls)])[0] == 1
    code, out, _ = play(["--die", "8", "--goal", "5", "--you", "2", "--rolls", str(rolls)])
    assert code == 0 and out.endswith("Roll: 4\nRoll: 5\nTurn total: 9\nNew score: 9\n")


def test_hints_need_a_terminal(tmp_path: Path):
    rolls = write_rolls(tmp_path, "4 6")
    code, out, err = play(["--hints", "--you", "2", "--goal", "10", "--rolls", str(rolls)])
    assert code == 0
    assert err == "note: --hints needs a terminal; playing without hints\n"
    assert "Hint" not in out


def test_policies_lists_every_player():
    result = runner.invoke(app, ["policies"])
    assert result.exit_code == 0
    for name, _ in player_names("pig"):
        assert name in result.stdout


def test_rounds_end_of_input(tmp_path: Path):
    rolls = write_rolls(tmp_path, "4 5 6")
    code, out, err = play(["--style", "rounds", "--rolls", str(rolls)], "roll\n\n")
    assert (code, err) == (1, "error: input ended before the game did\n")
    assert out.endswith("You rolled a 4.\nYou have 4 points this round.\n" + ASK)


def test_optimal_opponent_computes_its_table_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    rolls = write_rolls(tmp_path, "6 6 1 " * 20)
    args = ["--opponent", "optimal", "--goal", "12", "--you", "1", "--rolls", str(rolls)]
    code, out, err = play(args, "h\n" * 20)
    assert code == 0 and out.startswith("You will be player 1.\n")
    assert err.count("\n") == 1
    assert (tmp_path / "data" / "pig-goal12-die6.h5").exists()
    assert play(args, "h\n" * 20) == (code, out, "")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_hints_at_a_terminal_precede_each_decision(tmp_path: Path):
    import os
    import pty

    rolls = write_rolls(tmp_path, "3 4 1 6 6")
    args = ["play", "--hints", "--you", "1", "--goal", "12", "--rolls", str(rolls)]
    terminal, stdin = pty.openpty()
    with subprocess.Popen(
        [sys.executable, "-c", "import cli; cli.app()", *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    ) as game:
        os.close(stdin)
        os.write(terminal, b"\n\n")
        out, err = game.communicate(timeout=120)
    os.close(terminal)
    assert game.returncode == 0
    assert err.decode().count("\n") == 1  # the table was computed, saying so once
    hints = re.findall(r"Hint: (roll|hold) \(win probability ([\d.]+)% if you roll", out.decode())
    assert [action for action, _ in hints] == ["roll", "roll"]
    assert "Roll: 3\nHint: roll" in out.decode()
    assert out.decode().endswith("Roll: 6\nRoll: 6\nTurn total: 12\nNew score: 12\n")


def test_a_rolls_folder_and_a_negative_seed_are_one_line(tmp_path: Path):
    """`play --rolls somedir` printed a raw "[Errno 21]"; `--seed -1` did not name --seed."""
    code, _, err = play(["--rolls", str(tmp_path)])
    assert code == 1 and err == f"error: cannot read rolls file {tmp_path}: Is a directory\n"
    code, _, err = play(["--seed", "-1"])
    assert code == 2 and err == "error: --seed must be in [0, 2**64), got -1\n"
