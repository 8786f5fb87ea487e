"""CS 61A Spring 2021 Hog: Piggy Points and More Boar.

Rolling zero dice scores 3 plus the smallest digit of the opponent's score squared (3 against 0,
4 against 4 as 16 has a 1, 3 against 10 as 100 has a 0). There is no after-turn change of score.
After every turn, zero dice included, the mover takes another turn if the first digit of their
score is smaller than the first digit of the opponent's, and the second digit smaller than the
second; a one-digit score counts as 0 and that digit, a three-digit score by its first two digits.
Extra turns chain without limit; at or past the goal the game ends. Source: the project's hog.py
and ok tests (endpoint ``cal/cs61a/sp21/proj01``), as kept in ikventure/cs61a-sp21.
"""

SEMESTERS = ("sp21",)
NAMES = {"zero_dice": "Piggy Points", "after_turn": None, "extra_turn": "More Boar"}


def zero_dice(score: int, opponent_score: int) -> int:
    """Return the points of rolling zero dice: 3 + the smallest digit of OPPONENT_SCORE squared.

    >>> zero_dice(0, 0), zero_dice(0, 4), zero_dice(0, 10), zero_dice(0, 94)
    (3, 4, 3, 6)
    """
    return 3 + int(min(str(opponent_score**2)))


def after_turn(score: int, opponent_score: int) -> int:
    """Return the mover's score after the rule, SCORE already including the turn's points.

    >>> after_turn(25, 40)
    25
    """
    return score


def extra_turn(score: int, opponent_score: int) -> bool:
    """Return True if the mover, at SCORE after the after-turn rule, takes another turn.

    >>> extra_turn(21, 43), extra_turn(22, 43), extra_turn(12, 12), extra_turn(7, 18)
    (True, True, False, True)
    """
    mine, theirs = f"{score:02d}", f"{opponent_score:02d}"
    return mine[0] < theirs[0] and mine[1] < theirs[1]
