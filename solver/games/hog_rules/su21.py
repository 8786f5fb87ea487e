"""CS 61A Summer 2021 Hog: Piggy Points and More Boar, Summer's own versions.

Rolling zero dice scores 4 + |tens - ones|, the tens and ones digits taken from the opponent's
score (a one-digit score has tens 0; past 99 the hundreds are ignored). There is no after-turn
change of score. After every turn, zero dice included, the mover takes another turn if the
smallest digit of their score is smaller than the opponent's smallest digit and their largest
digit larger than the opponent's largest (digits as written, a one-digit score has no leading 0).
Extra turns chain without limit; at or past the goal the game ends. Source: the project's hog.py
and ok tests (endpoint ``cal/cs61a/su21/proj01``), as kept in xxxhol1c/cs61a-su2021.
"""

SEMESTERS = ("su21",)
NAMES = {"zero_dice": "Piggy Points", "after_turn": None, "extra_turn": "More Boar"}


def zero_dice(score: int, opponent_score: int) -> int:
    """Return the points of rolling zero dice: 4 + |tens - ones| of OPPONENT_SCORE.

    >>> zero_dice(0, 0), zero_dice(0, 7), zero_dice(0, 14), zero_dice(0, 91)
    (4, 11, 7, 12)
    """
    tens, ones = opponent_score // 10 % 10, opponent_score % 10
    return 4 + abs(tens - ones)


def after_turn(score: int, opponent_score: int) -> int:
    """Return the mover's score after the rule, SCORE already including the turn's points.

    >>> after_turn(25, 40)
    25
    """
    return score


def extra_turn(score: int, opponent_score: int) -> bool:
    """Return True if the mover, at SCORE after the after-turn rule, takes another turn.

    >>> extra_turn(38, 44), extra_turn(22, 43), extra_turn(28, 5), extra_turn(7, 8)
    (True, False, True, False)
    """
    mine, theirs = str(score), str(opponent_score)
    return min(mine) < min(theirs) and max(mine) > max(theirs)
