"""Pig strategies written as a student would, for pigsolve's tests of `file.py:function` players."""


def hold20(score, opponent_score, turn_total):
    """Hold at 20 (pigsolve holds for you once the goal is reached)."""
    return turn_total < 20


def four_turns(score, opponent_score, turn_total, held_turns):
    """Hold at (100 - score) / (4 - turns held so far)."""
    return turn_total < (100 - score) // (4 - min(held_turns, 3))


def says_roll(score, opponent_score, turn_total):
    return "roll"


def breaks(score, opponent_score, turn_total):
    if turn_total == 7:
        raise ZeroDivisionError("division by zero")
    return turn_total < 20


def too_many(score, opponent_score, turn_total, held_turns, mood):
    return True
