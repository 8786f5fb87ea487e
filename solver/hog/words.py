"""Hog's words: each turn and choice as the terminal and the page say them."""

from __future__ import annotations

from pigsolve.solver.engine import TurnRecord
from pigsolve.solver.games.hog import FREE_BACON, HOG_WILD, HogState


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


def dice_words(num_rolls: int, zero_dice: str = FREE_BACON) -> str:
    """Return a choice of dice in words: Pork Chop, no dice (and the rule that scores them),
    or roll N dice."""
    if num_rolls == -1:
        return "Pork Chop (-1)"
    if num_rolls == 0:
        return f"roll no dice ({zero_dice})"
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


def choice_words(num_rolls: int, zero_dice: str = FREE_BACON) -> str:
    """Return a choice as the page's buttons say it: Pork Chop, Free Bacon (the zero-dice rule's
    name), 3 dice."""
    if num_rolls == -1:
        return "Pork Chop"
    if num_rolls == 0:
        return zero_dice
    return f"{num_rolls} {'die' if num_rolls == 1 else 'dice'}"
