"""Pig at the terminal: the documents' two styles of text around the step-wise game.

``classic`` follows documents 000/001 (Neller's "Pig Game" exercise), ``rounds`` document 002
(the "New round:" C++ assignment). A style prints the events of a :class:`solver.engine.PigGame`
and asks the human through its own prompt; it decides nothing about the game. Every message ends
its line except the classic prompt ``"Turn total: N \\tRoll/Hold? "``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol, TextIO

import numpy as np

from policies import Player
from policies.human import Human
from solver.dice import Dice
from solver.engine import Held, PigEvent, PigGame, Pigged, Rolled, TurnStarted, Won, play
from solver.errors import InvalidArgument
from solver.games.pig import PigRules, View
from ui import prompt


class Style(StrEnum):
    """The documents' two transcripts."""

    classic = "classic"
    rounds = "rounds"


class ClassicStyle:
    """Documents 000/001: score lines before each turn, "Roll: n", an empty line rolls."""

    first_roll_automatic = True

    def __init__(self, human: int, stdin: TextIO, stdout: TextIO) -> None:
        self.human = human
        self.stdin = stdin
        self.stdout = stdout

    def begin(self) -> None:
        """Print the seat announcement and the instructions."""
        self.stdout.write(f"You will be player {self.human + 1}.\n")
        self.stdout.write("Enter nothing to roll; enter anything to hold.\n")

    def ask(self, view: View) -> bool:
        """Prompt without a newline; an empty line rolls, any other line holds."""
        return prompt.classic_prompt(view, self.stdin, self.stdout)

    def show(self, event: PigEvent) -> None:
        """Print one event."""
        out = self.stdout.write
        match event:
            case TurnStarted(player, (score_1, score_2)):
                out(f"Player 1 score: {score_1}\nPlayer 2 score: {score_2}\n")
                out(f"It is player {player + 1}'s turn.\n")
            case Rolled(_, value):
                out(f"Roll: {value}\n")
            case Pigged(_, score):
                out(f"Turn total: 0\nNew score: {score}\n")
            case Held(_, turn_total, score):
                out(f"Turn total: {turn_total}\nNew score: {score}\n")
            case Won():
                pass
        self.stdout.flush()


class RoundsStyle:
    """Document 002: "New round:" before the human's turns, 'roll' or 'hold' typed out."""

    first_roll_automatic = False

    def __init__(self, human: int, stdin: TextIO, stdout: TextIO) -> None:
        if human != 0:
            raise ValueError("the rounds style always seats you first")
        self.human = human
        self.stdin = stdin
        self.stdout = stdout

    def begin(self) -> None:
        """Print nothing: the document's game opens with the first round."""

    def ask(self, view: View) -> bool:
        """Ask until the answer is roll or hold; skip blank lines, complain about the rest."""
        out = self.stdout.write
        while True:
            out(f"You have {view.turn_total} points this round.\n")
            out("Would you like to 'roll' or 'hold' ?\n")
            self.stdout.flush()
            answer = prompt.answer(self.stdin, self.stdout).strip()
            while not answer:
                answer = prompt.answer(self.stdin, self.stdout).strip()
            if answer in ("roll", "hold"):
                return answer == "roll"
            out(f'I did not understand "{answer}", sorry.\n')

    def show(self, event: PigEvent) -> None:
        """Print one event."""
        out = self.stdout.write
        you = event.player == self.human
        match event:
            case TurnStarted(_, scores) if you:
                out(f"New round:\nUser: {scores[self.human]}\n")
                out(f"Computer: {scores[1 - self.human]}\n")
            case Rolled(_, value):
                out(f"You rolled a {value}.\n" if you else f"The Computer rolled a {value}.\n")
            case Pigged():
                if you:
                    out("Sorry, your turn is over, and you gain 0 points.\n")
                else:
                    out("The Computer turn is over, and they gain 0 points.\n")
            case Held(_, turn_total, score):
                who = "You" if you else "The Computer"
                out(f"{who} held {turn_total} points, bringing you to {score}\n")
            case Won():
                out("You win!\n" if you else "The Computer wins!\n")
        self.stdout.flush()


class OptimalTable(Protocol):
    """The parts of :class:`solver.pig.table.PigTable` the hints read."""

    def win_probability(self, i: int, j: int, k: int) -> float: ...

    def action_values(self, i: int, j: int, k: int) -> tuple[float, float | None]: ...

    def should_roll(self, i: int, j: int, k: int) -> bool: ...


def hint_line(view: View, table: OptimalTable) -> str:
    """Return the optimal action and the win probability of each choice, for the human."""
    i, j, k = view.score, view.opponent_score, view.turn_total
    if i + k >= view.goal:
        return "Hint: hold, and you win."
    p_roll, p_hold = table.action_values(i, j, k)
    if p_hold is None:  # holding at 0 passes the turn: the opponent moves from (j, i, 0)
        p_hold = 1.0 - table.win_probability(j, i, 0)
    best = "roll" if table.should_roll(i, j, k) else "hold"
    return f"Hint: {best} (win probability {p_roll:.1%} if you roll, {p_hold:.1%} if you hold)."


def choose_seat(you: int | None, style: str, rng: np.random.Generator) -> int:
    """Return the human's seat (0 or 1): player ``you``, else random (classic) or first (rounds).

    Raises ValueError for an unknown style, ``you`` other than 1 or 2, or ``you = 2`` in the
    rounds style, where the human always goes first.
    """
    if style not in tuple(Style):
        raise InvalidArgument(f"unknown style {style!r}; accepted: {', '.join(Style)}")
    if you is not None and you not in (1, 2):
        raise InvalidArgument(f"--you must be 1 or 2, got {you}")
    if style == "rounds":
        if you == 2:
            raise InvalidArgument(
                "the rounds style always seats you first: use --you 1 or no --you"
            )
        return 0
    return you - 1 if you is not None else int(rng.integers(2))


def play_in_terminal(
    rules: PigRules,
    opponent: Player | Human,
    style: str,
    human: int,
    dice: Dice,
    stdin: TextIO,
    stdout: TextIO,
    hints: OptimalTable | None = None,
) -> int:
    """Play the human (seat ``human``, 0 or 1) against ``opponent``; return the winning seat.

    ``style`` is ``"classic"`` or ``"rounds"``; with ``hints`` (the optimal table) a hint line
    precedes each of the human's decisions. Against ``human``, two people share the prompt.
    """
    if style not in tuple(Style):
        raise ValueError(f"unknown style {style!r}; accepted: {', '.join(Style)}")
    if human not in (0, 1):
        raise ValueError(f"the human's seat must be 0 or 1, got {human}")
    screen = (ClassicStyle if style == "classic" else RoundsStyle)(human, stdin, stdout)
    if style == "rounds" and isinstance(opponent, Human):
        raise InvalidArgument("the rounds style plays against a computer player, not 'human'")

    def ask(view: View) -> bool:
        if hints is not None:
            stdout.write(hint_line(view, hints) + "\n")
        return screen.ask(view)

    choosers = [screen.ask if isinstance(opponent, Human) else opponent.choose] * 2
    choosers[human] = ask
    screen.begin()
    game = PigGame(rules, dice, screen.first_roll_automatic)
    return play(game, choosers, screen.show)
