"""Hog at the terminal: each turn told in words (dice, points, the rules that fired), a prompt."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from pigsolve.policies import Player
from pigsolve.policies.human import Human
from pigsolve.solver.dice import Dice
from pigsolve.solver.engine import HogGame, TurnRecord, play
from pigsolve.solver.games.hog import HogRules, HogState, check_num_rolls, rule_names
from pigsolve.solver.hog.words import describe_turn, dice_words
from pigsolve.ui import prompt


def terminal_ask(
    rules: HogRules,
    stdin: TextIO,
    stdout: TextIO,
    hints: Callable[[HogState], tuple[float, int]] | None = None,
    who: str = "You",
) -> Callable[[HogState], int]:
    """Return a prompt asking a person (``who``) for a number of dice; bad answers are asked again.

    ``hints(state) -> (win probability, dice)`` adds the optimal choice before the question.
    End of input raises GameInputError.
    """
    accepted = f"{rules.min_rolls} to {rules.actions[-1]}"

    def ask(state: HogState) -> int:
        if hints is not None:
            p, best = hints(state)
            words = dice_words(best, rule_names(rules)[0])
            stdout.write(f"  hint: {words} (win probability {p:.4f})\n")
        dice = " on four-sided dice" if state.four_sided else ""
        while True:
            stdout.write(
                f"{who} {state.score}, opponent {state.opponent_score}{dice}. "
                f"How many dice ({accepted})? "
            )
            stdout.flush()
            answer = prompt.answer(stdin, stdout).strip()
            try:
                return check_num_rolls(rules, int(answer))
            except ValueError:
                stdout.write(f"please type a whole number from {accepted}\n")

    return ask


def play_in_terminal(
    rules: HogRules,
    opponent: Player | Human,
    opponent_name: str,
    human: int,
    dice: Dice,
    stdin: TextIO,
    stdout: TextIO,
    hints: Callable[[HogState], tuple[float, int]] | None = None,
) -> int:
    """Play the human (seat ``human``) against ``opponent``; print every turn and the result.

    Against ``human``, two people share the prompt (players "you" and "player 2").
    """
    ask = terminal_ask(rules, stdin, stdout, hints)
    if isinstance(opponent, Human):
        choosers = [terminal_ask(rules, stdin, stdout, hints, f"Player {n}:") for n in (1, 2)]
        names = ("player 1", "player 2")
    else:
        choosers = [opponent.choose, opponent.choose]
        choosers[human] = ask
        names = ("you", opponent_name) if human == 0 else (opponent_name, "you")

    def show(record: TurnRecord) -> None:
        stdout.write(describe_turn(record, names) + "\n")
        stdout.flush()

    game = HogGame(rules, dice)
    winner = play(game, choosers, show)
    scores = game.scores
    if isinstance(opponent, Human):
        outcome = f"Player {winner + 1} wins"
    else:
        outcome = "You win" if winner == human else f"{opponent_name} wins"
    stdout.write(f"{outcome}: {scores[0]} to {scores[1]}\n")
    return winner
