"""Pig at the terminal: the documents' two styles of text around the step-wise game.

``classic`` follows documents 000/001 (Neller's "Pig Game" exercise), ``rounds`` document 002
(the "New round:" C++ assignment). A style prints the events of a :class:`solver.engine.PigGame`
and asks the human through its own prompt; it decides nothing about the game. Every message ends
its line except the classic prompt ``"Turn total: N \\tRoll/Hold? "``.

The classic style seats any number of players (``play`` takes up to four): where the documents
print "Player 1 score" and "Player 2 score" it prints a line per player, so two players read
exactly as the documents do; with more it names the opponents' seats first. The rounds style is
for two players, as its "User"/"Computer" lines are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TextIO

from pigsolve.policies import Player
from pigsolve.policies.human import Human
from pigsolve.solver.dice import Dice
from pigsolve.solver.engine import (
    Held,
    PigEvent,
    PigGame,
    Pigged,
    Reset,
    Rolled,
    TurnStarted,
    Won,
    play,
)
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, View
from pigsolve.solver.pig.words import classic_lines, roll_words
from pigsolve.ui import prompt
from pigsolve.ui.adapters.pig import Style

if TYPE_CHECKING:
    import numpy as np

    from pigsolve.solver.pig.rows import Row


ANSWERS = {"roll": True, "hold": False}
"""The rounds style's answers, exactly as document 002 has them: True rolls."""


class ClassicStyle:
    """Documents 000/001: score lines before each turn, "Roll: n", an empty line rolls.

    ``opponents`` (seat, name) pairs, given with more than two players, are announced after the
    human's seat: "Opponents: player 1 optimal, player 3 hold20."
    """

    first_roll_automatic = True

    def __init__(
        self,
        human: int,
        stdin: TextIO,
        stdout: TextIO,
        opponents: Sequence[tuple[int, str]] = (),
        die: bool = True,
    ) -> None:
        self.human = human
        self.stdin = stdin
        self.stdout = stdout
        self.opponents = tuple(opponents)
        self.die = die

    def begin(self) -> None:
        """Print the seat announcement, the opponents (more than two players), the instructions."""
        self.stdout.write(f"You will be player {self.human + 1}.\n")
        if self.opponents:
            seats = ", ".join(f"player {seat + 1} {name}" for seat, name in self.opponents)
            self.stdout.write(f"Opponents: {seats}.\n")
        self.stdout.write("Enter nothing to roll; enter anything to hold.\n")

    def ask(self, view: View) -> bool:
        """Prompt without a newline; an empty line rolls, any other line holds."""
        return classic_prompt(view, self.stdin, self.stdout)

    def show(self, event: PigEvent) -> None:
        """Print one event."""
        self.stdout.write(classic_lines(event, self.die))
        self.stdout.flush()


class RoundsStyle:
    """Document 002: "New round:" before the human's turns, 'roll' or 'hold' typed out."""

    first_roll_automatic = False

    def __init__(self, human: int, stdin: TextIO, stdout: TextIO, die: bool = True) -> None:
        if human != 0:
            raise ValueError("the rounds style always seats you first")
        self.human = human
        self.stdin = stdin
        self.stdout = stdout
        self.die = die
        self.words: list[str] = []  # typed but not yet read, as in C++'s input buffer

    def begin(self) -> None:
        """Print nothing: the document's game opens with the first round."""

    def ask(self, view: View) -> bool:
        """Ask until the answer is exactly ``roll`` or ``hold``; complain about any other word."""
        out = self.stdout.write
        while True:
            out(f"You have {view.turn_total} points this round.\n")
            out("Would you like to 'roll' or 'hold' ?\n")
            self.stdout.flush()
            word = self.next_word()
            if word in ANSWERS:
                return ANSWERS[word]
            out(f'I did not understand "{word}", sorry.\n')

    def next_word(self) -> str:
        """Return the next word typed, as C++'s ``cin >> word`` reads it: blank lines and spaces
        are skipped, and a line of several words gives them one answer at a time."""
        while not self.words:
            self.words = prompt.answer(self.stdin, self.stdout).split()
        return self.words.pop(0)

    def show(self, event: PigEvent) -> None:
        """Print one event."""
        out = self.stdout.write
        you = event.player == self.human
        match event:
            case TurnStarted(_, scores) if you:
                out(f"New round:\nUser: {scores[self.human]}\n")
                out(f"Computer: {scores[1 - self.human]}\n")
            case Rolled(_, value, _) if self.die:
                out(f"You rolled a {value}.\n" if you else f"The Computer rolled a {value}.\n")
            case Rolled(_, _, outcome):
                words = roll_words(outcome, False)
                out(f"You rolled {words}.\n" if you else f"The Computer rolled {words}.\n")
            case Reset(_, lost):
                if you:
                    out(f"Sorry, your turn is over, and you lose all {lost} points.\n")
                else:
                    out(f"The Computer turn is over, and they lose all {lost} points.\n")
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
    """The parts of :class:`solver.pig.solution.PigSolution` the two players' hints read."""

    def win_probability(self, i: int, j: int, k: int) -> float: ...

    def action_values(self, i: int, j: int, k: int) -> dict[str, float]: ...

    def should_roll(self, i: int, j: int, k: int) -> bool: ...


class EquilibriumTable(Protocol):
    """The parts of :class:`solver.pig.solution.PigSolution` the N players' hints read."""

    def row(self, scores: tuple[int, ...]) -> Row: ...

    def win_probabilities(self, scores: tuple[int, ...], k: int = 0) -> np.ndarray: ...


def hint_line(view: View, table: OptimalTable | EquilibriumTable, seat: int = 0) -> str:
    """Return the optimal action and the win probability of each choice, for the human.

    With more than two players ``table`` is the equilibrium's and ``seat`` the human's (0 is
    player 1): see :func:`equilibrium_hint_line`, whose hint takes a second line.
    """
    i, j, k = view.score, view.opponent_score, view.turn_total
    if i + k >= view.goal:
        return "Hint: hold, and you win."
    if len(view.others) > 1:
        return equilibrium_hint_line(view, table, seat)
    values = table.action_values(i, j, k)
    p_roll, p_hold = values["roll"], values.get("hold")
    if p_hold is None:  # holding at 0 passes the turn: the opponent moves from (j, i, 0)
        p_hold = 1.0 - table.win_probability(j, i, 0)
    best = "roll" if table.should_roll(i, j, k) else "hold"
    return f"Hint: {best} (win probability {p_roll:.1%} if you roll, {p_hold:.1%} if you hold)."


def equilibrium_hint_line(view: View, table: EquilibriumTable, seat: int) -> str:
    """Return the equilibrium's advice to the human in seat ``seat`` (0 is player 1): two lines.

    The first is the two-player hint: the action and the human's win probability if they roll
    and if they hold. At a mixed state the equilibrium rolls with a probability strictly between
    0 and 1, which the line gives instead of one action (the human then wins as often either
    way). The second gives every player's win probability under the advice, in seat order.
    """
    scores, k, n = view.scores, view.turn_total, len(view.scores)
    row = table.row(scores)
    q = float(row.roll_probability[k])
    roll = row.roll[k]
    if k > 0:
        hold = row.hold[k]
    else:  # holding at 0 passes the turn: the next player moves from its own seat
        import numpy as np

        hold = np.roll(table.win_probabilities((*scores[1:], scores[0]), 0), 1)
    value = q * roll + (1.0 - q) * hold  # every player's, the mover's first, under the advice
    if q in (0.0, 1.0):
        advice = "roll" if q == 1.0 else "hold"
    else:
        advice = f"roll {q:.1%} of the time, else hold"
    yours = f"{roll[0]:.1%} if you roll, {hold[0]:.1%} if you hold"
    if f"{roll[0]:.1%}" == f"{hold[0]:.1%}":
        yours = f"{roll[0]:.1%} either way"
    by_seat = sorted(((seat + t) % n, value[t]) for t in range(n))
    chances = ", ".join(
        f"{'you' if other == seat else f'player {other + 1}'} {p:.1%}" for other, p in by_seat
    )
    return f"Hint: {advice} (win probability {yours}).\n      Win chances: {chances}."


def _seat_numbers(players: int) -> str:
    """Return the player numbers in words: '1 or 2', '1, 2 or 3', ..."""
    numbers = [str(n) for n in range(1, players + 1)]
    return f"{', '.join(numbers[:-1])} or {numbers[-1]}"


def choose_seat(you: int | None, style: str, rng: np.random.Generator, players: int = 2) -> int:
    """Return the human's seat (0 to ``players - 1``): player ``you``, else random (classic) or
    first (rounds).

    Raises InvalidArgument for an unknown style, ``you`` outside 1 to ``players``, the rounds
    style with other than two players, or ``you = 2`` in the rounds style, where the human always
    goes first.
    """
    if style not in tuple(Style):
        raise InvalidArgument(f"unknown style {style!r}; accepted: {', '.join(Style)}")
    if style == "rounds" and players != 2:
        raise InvalidArgument(
            f"the rounds style is for two players, not {players}: use --style classic"
        )
    if you is not None and not 1 <= you <= players:
        raise InvalidArgument(f"--you must be {_seat_numbers(players)}, got {you}")
    if style == "rounds":
        if you == 2:
            raise InvalidArgument(
                "the rounds style always seats you first: use --you 1 or no --you"
            )
        return 0
    return you - 1 if you is not None else int(rng.integers(players))


def play_in_terminal(
    rules: PigRules,
    opponent: Player | Human | Sequence[Player | Human],
    style: str,
    human: int,
    dice: Dice,
    stdin: TextIO,
    stdout: TextIO,
    hints: OptimalTable | EquilibriumTable | None = None,
) -> int:
    """Play the human (seat ``human``, 0 first) against the others; return the winning seat.

    ``opponent`` is one player for every other seat, or a player per other seat in seat order.
    ``style`` is ``"classic"`` or ``"rounds"`` (two players); with ``hints`` (the optimal table,
    or the equilibrium's with more players) a hint line precedes each of the human's decisions.
    A ``human`` opponent is another person sharing the prompt.
    """
    n, die = rules.players, rules.outcomes is None
    if style not in tuple(Style):
        raise ValueError(f"unknown style {style!r}; accepted: {', '.join(Style)}")
    if not 0 <= human < n:
        raise ValueError(f"the human's seat must be 0 to {n - 1}, got {human}")
    others = list(opponent) if isinstance(opponent, Sequence) else [opponent] * (n - 1)
    if len(others) != n - 1:
        raise ValueError(f"{n} players need {n - 1} opponents, got {len(others)}")
    if style == "rounds":
        if n != 2:
            raise InvalidArgument(f"the rounds style is for two players, not {n}")
        if isinstance(others[0], Human):
            raise InvalidArgument("the rounds style plays against a computer player, not 'human'")
        screen: ClassicStyle | RoundsStyle = RoundsStyle(human, stdin, stdout, die)
    else:
        seats = [seat for seat in range(n) if seat != human]
        names = [(seat, player.name) for seat, player in zip(seats, others, strict=True)]
        screen = ClassicStyle(human, stdin, stdout, names if n > 2 else (), die)

    def ask(view: View) -> bool:
        if hints is not None:
            stdout.write(hint_line(view, hints, human) + "\n")
        return screen.ask(view)

    choosers = [screen.ask if isinstance(p, Human) else p.choose for p in others]
    choosers.insert(human, ask)
    screen.begin()
    game = PigGame(rules, dice, screen.first_roll_automatic)
    return play(game, choosers, screen.show)


def classic_prompt(view: View, stdin: TextIO | None = None, stdout: TextIO | None = None) -> bool:
    """Ask as documents 000/001 do: "Turn total: N \\tRoll/Hold? "; an empty line rolls."""
    import sys

    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stdout.write(f"Turn total: {view.turn_total} \tRoll/Hold? ")
    stdout.flush()
    return prompt.answer(stdin, stdout) == ""
