"""CS 61A Fall 2020 Hog: Free Bacon, Swine Align and Pig Pass.

Rolling zero dice scores 3 plus the digit of pi at the opponent's score, counting the 3 before
the decimal point as digit 0 (so 6 against 0, 4 against 1, 7 against 2); the course asserts an
opponent score below 100, so goals above 100 do not apply. There is no after-turn change of
score. After every turn, zero dice included, the mover takes another turn if both scores are
positive and their greatest common divisor is at least 10 (Swine Align), or if the mover is behind
by 1 or 2 (Pig Pass). Extra turns chain without limit; at or past the goal the game ends.
Source: the project's hog.py and ok tests (endpoint ``cal/cs61a/fa20/proj01``), as kept in
Infinityay/cs61a-2020fall.
"""

SEMESTERS = ("fa20",)
NAMES = {"zero_dice": "Free Bacon", "after_turn": None, "extra_turn": "Swine Align or Pig Pass"}

PI_DIGITS = (
    "31415926535897932384626433832795028841971693993751"
    "058209749445923078164062862089986280348253421170679"
)
"""The course's FIRST_101_DIGITS_OF_PI: the 3, then the first 100 decimals."""


def zero_dice(score: int, opponent_score: int) -> int:
    """Return the points of rolling zero dice: 3 + digit OPPONENT_SCORE of 3.14159...

    The course asserts an opponent score below 100, so goals above 100 have no Free Bacon.

    >>> zero_dice(0, 0), zero_dice(0, 1), zero_dice(0, 2), zero_dice(0, 13)
    (6, 4, 7, 10)
    """
    if not 0 <= opponent_score < 100:
        raise ValueError(f"Free Bacon needs an opponent score from 0 to 99, not {opponent_score}")
    return 3 + int(PI_DIGITS[opponent_score])


def after_turn(score: int, opponent_score: int) -> int:
    """Return the mover's score after the rule, SCORE already including the turn's points.

    >>> after_turn(25, 40)
    25
    """
    return score


def swine_align(score: int, opponent_score: int) -> bool:
    """Return True if both scores are positive and their greatest common divisor is >= 10.

    >>> swine_align(30, 45), swine_align(35, 45), swine_align(15, 0)
    (True, False, False)
    """
    if score <= 0 or opponent_score <= 0:
        return False
    a, b = score, opponent_score
    while b:
        a, b = b, a % b
    return a >= 10


def pig_pass(score: int, opponent_score: int) -> bool:
    """Return True if the mover is behind by less than 3 points.

    >>> pig_pass(9, 12), pig_pass(10, 12), pig_pass(11, 12), pig_pass(12, 12)
    (False, True, True, False)
    """
    return 0 < opponent_score - score < 3


def extra_turn(score: int, opponent_score: int) -> bool:
    """Return True if the mover, at SCORE after the after-turn rule, takes another turn.

    >>> extra_turn(15, 15), extra_turn(11, 12), extra_turn(12, 11)
    (True, True, False)
    """
    return swine_align(score, opponent_score) or pig_pass(score, opponent_score)
