"""CS 61A Summer 2023 Hog: Boar Brawl and Fuzzy Factors.

Rolling zero dice scores three times the absolute difference between the tens digit of the
opponent's score and the ones digit of the mover's own score, or 1 if that is 0. After every turn,
zero dice included, a mover whose score shares a greatest common divisor above 10 with 100 (a
"fuzzy" number: a multiple of 20 or 25) gains twice the tens digit of that divisor: 50 becomes
60, 25 becomes 29, 80 becomes 84, while 100 (divisor 100, tens digit 0) stays. The rule looks at
the mover's score only, once per turn, also at or past the goal. There are no extra turns. Only
Summer 2023 played these rules; Fall 2023 on replaced Fuzzy Factors with Sus Fuss (:mod:`fa23`).
Source: the project's hog.py and ok tests (endpoint ``cal/cs61a/su23/proj01``), as kept in
Stray36/CS-61A-Summer-2023 and Nyalian/CS61A-2023-Summer.
"""

SEMESTERS = ("su23",)
NAMES = {"zero_dice": "Boar Brawl", "after_turn": "Fuzzy Factors", "extra_turn": None}


def zero_dice(score: int, opponent_score: int) -> int:
    """Return the points of rolling zero dice: max(3 * |opponent's tens - own ones|, 1).

    >>> zero_dice(21, 46), zero_dice(52, 79), zero_dice(0, 5), zero_dice(727, 939)
    (9, 15, 1, 12)
    """
    return max(3 * abs(opponent_score // 10 % 10 - score % 10), 1)


def after_turn(score: int, opponent_score: int) -> int:
    """Return the mover's score after the rule, SCORE already including the turn's points.

    >>> after_turn(50, 0), after_turn(25, 0), after_turn(80, 0), after_turn(100, 0)
    (60, 29, 84, 100)
    >>> after_turn(30, 0), after_turn(39, 0)
    (30, 39)
    """
    divisor, rest = score, 100
    while rest:
        divisor, rest = rest, divisor % rest
    return score + 2 * (divisor // 10 % 10) if divisor > 10 else score


def extra_turn(score: int, opponent_score: int) -> bool:
    """Return True if the mover, at SCORE after the after-turn rule, takes another turn.

    >>> extra_turn(60, 0)
    False
    """
    return False
