"""CS 61A Fall 2022 Hog: Pig Tail and Square Swine.

Rolling zero dice scores 2 * |tens - ones| + 1, the tens and ones digits taken from the
opponent's score. After every turn, zero dice included, a mover whose score is a perfect square
moves up to the next higher perfect square (1 becomes 4, 81 becomes 100, 100 becomes 121). The
rule looks at the mover's score only, once per turn, also at or past the goal. There are no extra
turns. Spring 2023 played the same rules. Source: the project's hog.py and ok tests (endpoints
``cal/cs61a/fa22/proj01`` and ``cal/cs61a/sp23/proj01``), as kept in E1PsyCongroo/CS61A-FA22 and
yifu-deng/cs61a-sp23.
"""

SEMESTERS = ("fa22", "sp23")
NAMES = {"zero_dice": "Pig Tail", "after_turn": "Square Swine", "extra_turn": None}


def zero_dice(score: int, opponent_score: int) -> int:
    """Return the points of rolling zero dice: 2 * |tens - ones| + 1 of OPPONENT_SCORE.

    >>> zero_dice(0, 46), zero_dice(0, 73), zero_dice(0, 0), zero_dice(0, 584)
    (5, 9, 1, 9)
    """
    tens, ones = opponent_score // 10 % 10, opponent_score % 10
    return 2 * abs(tens - ones) + 1


def after_turn(score: int, opponent_score: int) -> int:
    """Return the mover's score after the rule, SCORE already including the turn's points.

    >>> after_turn(25, 0), after_turn(24, 0), after_turn(1, 0), after_turn(81, 0)
    (36, 24, 4, 100)
    """
    root = round(score**0.5)
    return (root + 1) ** 2 if root * root == score else score


def extra_turn(score: int, opponent_score: int) -> bool:
    """Return True if the mover, at SCORE after the after-turn rule, takes another turn.

    >>> extra_turn(36, 0)
    False
    """
    return False
