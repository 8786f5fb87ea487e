"""CS 61A Summer 2022 Hog: Oink Points and Pigs on Prime.

Rolling zero dice scores twice the tens digit of the opponent's score minus its ones digit, or 1
if that is less. After every turn, zero dice included, a mover whose score is prime moves up to
the next prime; the course's ``is_prime`` counts 1 as prime, so 1 becomes 2. The rule looks at
the mover's score only, once per turn, also at or past the goal. There are no extra turns.
Source: the project's hog.py and ok tests (endpoint ``cal/cs61a/su22/proj01``), as kept in
songmuhan/cs61a-su22.
"""

SEMESTERS = ("su22",)
NAMES = {"zero_dice": "Oink Points", "after_turn": "Pigs on Prime", "extra_turn": None}


def zero_dice(score: int, opponent_score: int) -> int:
    """Return the points of rolling zero dice: max(2 * tens - ones, 1) of OPPONENT_SCORE.

    >>> zero_dice(0, 46), zero_dice(0, 73), zero_dice(0, 27), zero_dice(0, 7)
    (2, 11, 1, 1)
    """
    tens, ones = opponent_score // 10 % 10, opponent_score % 10
    return max(2 * tens - ones, 1)


def _is_prime(n: int) -> bool:
    """Return True if N is prime."""
    return n > 1 and all(n % d for d in range(2, int(n**0.5) + 1))


def after_turn(score: int, opponent_score: int) -> int:
    """Return the mover's score after the rule, SCORE already including the turn's points.

    >>> after_turn(5, 0), after_turn(7, 7), after_turn(1, 0), after_turn(25, 43)
    (7, 11, 2, 25)
    """
    if score != 1 and not _is_prime(score):
        return score
    score += 1
    while not _is_prime(score):
        score += 1
    return score


def extra_turn(score: int, opponent_score: int) -> bool:
    """Return True if the mover, at SCORE after the after-turn rule, takes another turn.

    >>> extra_turn(7, 0)
    False
    """
    return False
