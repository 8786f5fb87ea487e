"""Plain value iteration over every state of Farkle with three players or more: a cross-check.

Pure Python, slow and plain: a state is ``(scores, t, n)`` (every banked score, the mover's
first, in units of 50; the turn total; the dice to roll) and its value every player's chance,
the mover's first. It sweeps every state in place, the highest score sums first, until no value
moves by more than ``tolerance``. A roll's value sums every multiset of faces, each with the
best of *every* legal keep for the mover (:func:`solver.games.farkle_scoring.keeps`, none
pruned; fewest dice left at a tie, as the solver), or a farkle: the next player moves at the
same scores. Before a roll the mover banks (``t > 0``, ``t >= min_bank``) where not worse.

It shares with the solver only the scoring of one roll: not the turn's arrays, the orbits, the
policy iteration or the coins (so it is for rules whose equilibrium is pure).
"""

from __future__ import annotations

import itertools

from pigsolve.solver.games.farkle import FACES, POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import keeps, rolls


def value_iteration(
    rules: FarkleRules, tolerance: float = 1e-13, max_sweeps: int = 5000
) -> dict[tuple, tuple[float, ...]]:
    """Return ``{(scores, t, n): chances}`` for every state before a roll (units); a turn's
    start is ``(scores, 0, dice)``. Raise AssertionError if the sweeps do not settle."""
    goal, min_bank, dice = rules.goal // POINT_UNIT, rules.min_bank // POINT_UNIT, rules.dice
    players = rules.players
    chances = {}
    for n in range(1, dice + 1):
        found = []
        for roll, ways in rolls(n):
            choices = []
            for kept, points in keeps(roll, rules.scoring):
                left = n - sum(kept)
                after = left or (dice if rules.hot_dice else 0)
                choices.append((left, points // POINT_UNIT, after))
            found.append((ways, sorted(choices)))
        chances[n] = found
    win = (1.0,) + (0.0,) * (players - 1)

    def top(scores: tuple[int, ...]) -> int:
        return max(goal - scores[0], min_bank)

    all_scores = sorted(itertools.product(range(goal), repeat=players), key=lambda s: -sum(s))
    states = [
        (s, t, n) for s in all_scores for t in range(top(s) - 1, -1, -1) for n in range(1, dice + 1)
    ]
    value = {state: (1.0 / players,) * players for state in states}

    def passed(scores: tuple[int, ...], u: int) -> tuple[float, ...]:
        """Every player's chance once the mover passes the turn having banked ``u``."""
        if scores[0] + u >= goal:
            return win
        after = value[((*scores[1:], scores[0] + u), 0, dice)]
        return tuple(after[(p - 1) % players] for p in range(players))

    for _ in range(max_sweeps):
        change = 0.0
        for scores, t, n in states:
            total = [0.0] * players
            for ways, choices in chances[n]:
                if not choices:
                    row = passed(scores, 0)
                else:
                    row, best = None, -1.0
                    for _, gain, after in choices:
                        u = t + gain
                        if after == 0 or u >= top(scores):
                            option = passed(scores, u)
                        else:
                            option = value[(scores, u, after)]
                        if option[0] > best:
                            row, best = option, option[0]
                total = [x + ways * y for x, y in zip(total, row, strict=True)]
            rolled = tuple(x / FACES**n for x in total)
            new = rolled
            if t > 0 and t >= min_bank:
                banked = passed(scores, t)
                if banked[0] >= rolled[0]:
                    new = banked
            old = value[(scores, t, n)]
            change = max(change, max(abs(a - b) for a, b in zip(new, old, strict=True)))
            value[(scores, t, n)] = new
        if change <= tolerance:
            return value
    raise AssertionError(f"value iteration did not settle in {max_sweeps} sweeps")
