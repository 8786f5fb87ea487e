"""CS 61A Spring 2022 Hog: Hefty Hogs and Hog Pile.

Rolling zero dice against an opponent at 0 scores 1. Otherwise the digits of the opponent's score,
ones digit first, each apply the course's function of that digit (``digit_fn``, below as
:data:`DIGIT_FUNCTIONS`) to a value that starts at the mover's own score; the points are the
result modulo 30, so they can be 0 and a game can stall. After every turn, zero dice included, a
mover whose ones digit equals the opponent's gains that digit, also at or past the goal. There are
no extra turns. Source: the project's hog.py and ok tests (endpoint ``cal/cs61a/sp22/proj01``),
as kept in csfive/CS61A.
"""

SEMESTERS = ("sp22",)
NAMES = {"zero_dice": "Hefty Hogs", "after_turn": "Hog Pile", "extra_turn": None}

DIGIT_FUNCTIONS = (
    lambda value: value + 1,
    lambda value: value**2,
    lambda value: value * 3,
    lambda value: value // 4,
    lambda value: value - 5,
    lambda value: value % 6,
    lambda value: int((value % 7) * 8),
    lambda value: int(value * 8.8),
    lambda value: int(value / 99 * 15) + 10,
    lambda value: value,
)
"""The course's ``f0`` to ``f9``, term for term (its float steps and ``int`` truncation too)."""


def zero_dice(score: int, opponent_score: int) -> int:
    """Return the points of rolling zero dice (Hefty Hogs).

    >>> zero_dice(5, 123), zero_dice(5, 456), zero_dice(3, 56), zero_dice(10, 32), zero_dice(4, 0)
    (9, 29, 0, 7, 1)
    """
    if opponent_score == 0:
        return 1
    value = score
    while opponent_score:
        opponent_score, digit = divmod(opponent_score, 10)
        value = DIGIT_FUNCTIONS[digit](value)
    return value % 30


def after_turn(score: int, opponent_score: int) -> int:
    """Return the mover's score after the rule, SCORE already including the turn's points.

    >>> after_turn(5, 5), after_turn(439, 709), after_turn(70, 10), after_turn(25, 43)
    (10, 448, 70, 25)
    """
    ones = score % 10
    return score + ones if ones == opponent_score % 10 else score


def extra_turn(score: int, opponent_score: int) -> bool:
    """Return True if the mover, at SCORE after the after-turn rule, takes another turn.

    >>> extra_turn(10, 5)
    False
    """
    return False
