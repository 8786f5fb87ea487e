"""CS 61A Fall 2021 Hog: Picky Piggy and Hog Pile.

Rolling zero dice scores the n-th digit after the point of 1/7 = 0.142857142857..., n being the
opponent's score; an opponent at 0 gives 7 (the digits repeat every six, so that is digit 6).
After every turn, zero dice included, a mover whose score equals the opponent's doubles it. Equal
scores both below the goal are the only ones that can meet, so the rule never acts at the goal.
There are no extra turns. Source: the project's hog.py and ok tests (endpoint
``cal/cs61a/fa21/proj01``), as kept in liukanshan1/CS61A and y1cunhui/cs61A-2021Fall.
"""

SEMESTERS = ("fa21",)
NAMES = {"zero_dice": "Picky Piggy", "after_turn": "Hog Pile", "extra_turn": None}

SEVENTH = (1, 4, 2, 8, 5, 7)
"""The repeating digits of 1/7."""


def zero_dice(score: int, opponent_score: int) -> int:
    """Return the points of rolling zero dice: digit OPPONENT_SCORE of 1/7 (7 at 0).

    >>> [zero_dice(0, n) for n in (0, 1, 2, 3, 14, 24, 439)]
    [7, 1, 4, 2, 4, 7, 1]
    """
    return SEVENTH[(opponent_score - 1) % len(SEVENTH)]


def after_turn(score: int, opponent_score: int) -> int:
    """Return the mover's score after the rule, SCORE already including the turn's points.

    >>> after_turn(7, 7), after_turn(187, 187), after_turn(25, 43), after_turn(11, 10)
    (14, 374, 25, 11)
    """
    return 2 * score if score == opponent_score else score


def extra_turn(score: int, opponent_score: int) -> bool:
    """Return True if the mover, at SCORE after the after-turn rule, takes another turn.

    >>> extra_turn(14, 7)
    False
    """
    return False
