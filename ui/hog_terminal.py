"""Hog at the terminal: each turn told in words (dice, points, the rules that fired), a prompt."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from pigsolve.policies import Player
from pigsolve.policies.human import Human
from pigsolve.solver.dice import Dice
from pigsolve.solver.engine import HogGame, TurnRecord, play
from pigsolve.solver.games.hog import HOG_WILD, HogRules, HogState, check_num_rolls
from pigsolve.ui import prompt


def dice_text(record: TurnRecord) -> str:
    """Return the dice of a turn as text; a re-rolled die shows as ``first>second``."""
    wild = HOG_WILD in record.events
    parts, i = [], 0
    for _ in record.outcomes:
        first = record.draws[i]
        if wild and first % 2:
            parts.append(f"{first}>{record.draws[i + 1]}")
            i += 2
        else:
            parts.append(str(first))
            i += 1
    return " ".join(parts)


def state_words(state: HogState) -> str:
    """Return a Hog state in words, e.g. ``10 vs 20, four-sided dice``."""
    words = f"{state.score} vs {state.opponent_score}"
    if state.four_sided:
        words += ", four-sided dice"
    if state.prev_points or state.opponent_prev_points:
        words += f", previous turns {state.prev_points} and {state.opponent_prev_points}"
    return words


def dice_words(num_rolls: int) -> str:
    """Return a choice of dice in words: Pork Chop, Free Bacon, or roll N dice."""
    if num_rolls == -1:
        return "Pork Chop (-1)"
    if num_rolls == 0:
        return "roll no dice (Free Bacon)"
    return f"roll {num_rolls} {'die' if num_rolls == 1 else 'dice'}"


def describe_turn(record: TurnRecord, names: tuple[str, str]) -> str:
    """Return two lines: what the mover did and scored (and which rules fired), then the scores."""
    who, n, turn = names[record.who], record.num_rolls, record.turn
    verb = "roll" if who == "you" else "rolls"
    action = f"{who} {verb} {n} {'die' if n == 1 else 'dice'}"
    if n > 0:
        action += f" [{dice_text(record)}]"
    gained = f"{turn.points} point{'s' if turn.points != 1 else ''}"
    if turn.bonus:
        gained += f" + {turn.bonus} bonus"
    fired = f" ({', '.join(record.events)})" if record.events else ""
    scores = [0, 0]
    scores[record.who], scores[1 - record.who] = turn.roller_score, turn.other_score
    return f"{action}: {gained}{fired}\n  {names[0]} {scores[0]}, {names[1]} {scores[1]}"


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
            stdout.write(f"  hint: {dice_words(best)} (win probability {p:.4f})\n")
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
