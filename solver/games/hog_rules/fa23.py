"""CS 61A Fall 2023 Hog: Boar Brawl and Sus Fuss.

Rolling zero dice scores three times the absolute difference between the tens digit of the
opponent's score and the ones digit of the mover's own score, or 1 if that is 0 (scores of 100 and
more count only their last two digits). After every turn, zero dice included, a mover whose score
has exactly 3 or 4 factors (a "sus" number) moves up to the next prime above it: 21 becomes 23,
64 and 67 stay. The rule looks at the mover's score only, once per turn, also at or past the goal.
There are no extra turns. Every semester from Fall 2023 to Spring 2026 played these rules (Summer
2023 had Fuzzy Factors instead, see :mod:`su23`). Source: the project's hog.py and ok tests
(endpoints ``cal/cs61a/fa23/proj01`` to ``cal/cs61a/sp26/hog``), as kept in evevevbs/cs61a-fa23
and the other copies listed in tests/data/hog/fa23.json.
"""

SEMESTERS = ("fa23", "sp24", "su24", "fa24", "sp25", "su25", "fa25", "sp26")
NAMES = {"zero_dice": "Boar Brawl", "after_turn": "Sus Fuss", "extra_turn": None}


def zero_dice(score: int, opponent_score: int) -> int:
    """Return the points of rolling zero dice: max(3 * |opponent's tens - own ones|, 1).

    >>> zero_dice(21, 46), zero_dice(45, 52), zero_dice(7, 2), zero_dice(99, 121)
    (9, 1, 21, 21)
    """
    return max(3 * abs(opponent_score // 10 % 10 - score % 10), 1)


def _factor_count(n: int) -> int:
    """Return the number of factors of N > 0, 1 and N included."""
    count, d = 0, 1
    while d * d <= n:
        if n % d == 0:
            count += 1 if d * d == n else 2
        d += 1
    return count


def after_turn(score: int, opponent_score: int) -> int:
    """Return the mover's score after the rule, SCORE already including the turn's points.

    >>> after_turn(21, 0), after_turn(64, 0), after_turn(67, 0), after_turn(4, 0), after_turn(1, 0)
    (23, 64, 67, 5, 1)
    """
    if _factor_count(score) not in (3, 4):
        return score
    prime = score + 1
    while _factor_count(prime) != 2:
        prime += 1
    return prime


def extra_turn(score: int, opponent_score: int) -> bool:
    """Return True if the mover, at SCORE after the after-turn rule, takes another turn.

    >>> extra_turn(23, 0)
    False
    """
    return False
