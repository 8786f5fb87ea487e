"""Plain value iteration over every state of two-player Farkle: the tests' cross-check.

Slow and obviously correct, in pure Python: it sweeps every state ``(i, j, t, n)`` (scores,
turn total in units of 50, dice to roll) in place until no value moves by more than
``tolerance``. A roll's value is the sum over every multiset of faces of its ways times the
best of *every* legal keep (:func:`solver.games.farkle_scoring.keeps`, none pruned), or the
farkle's ``1 - P(j, i)``; before a roll the mover banks (``t > 0``, ``t >= min_bank``) or rolls,
whichever is better. It shares with the solver only the scoring of one roll; the turn's arrays,
the dominance of the most points and the layers and Newton steps are the solver's alone.
"""

from __future__ import annotations

from pigsolve.solver.games.farkle import FACES, POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import keeps, rolls


def value_iteration(
    rules: FarkleRules, tolerance: float = 1e-13, max_sweeps: int = 10_000
) -> dict[tuple[int, int, int, int], float]:
    """Return the mover's value before every roll, ``{(i, j, t, n): p}`` in units, for every
    turn total ``t`` below ``max(G - i, min_bank)`` (from there banking wins), ``n`` 1 to
    ``dice``; ``P(i, j)`` is ``(i, j, 0, dice)``. Raise AssertionError if the sweeps do not
    settle in ``max_sweeps``."""
    goal, min_bank, dice = rules.goal // POINT_UNIT, rules.min_bank // POINT_UNIT, rules.dice
    # Every roll of n dice: (ways, [(units gained, dice to roll next or 0: the turn banks)]).
    chances = {}
    for n in range(1, dice + 1):
        listed = []
        for counts, ways in rolls(n):
            choices = []
            for kept, points in keeps(counts, rules.scoring):
                left = n - sum(kept)
                after = left if left else (dice if rules.hot_dice else 0)
                choices.append((points // POINT_UNIT, after))
            listed.append((ways, choices))
        chances[n] = listed

    def top(i: int) -> int:
        return max(goal - i, min_bank)

    # The states, the highest score sums and turn totals first (any order converges).
    states = sorted(
        (
            (i, j, t, n)
            for i in range(goal)
            for j in range(goal)
            for t in range(top(i))
            for n in range(1, dice + 1)
        ),
        key=lambda s: (-(s[0] + s[1]), -s[2], s[0], s[3]),
    )
    value = dict.fromkeys(states, 0.5)

    def bank(i: int, j: int, u: int) -> float:
        return 1.0 if i + u >= goal else 1.0 - value[(j, i + u, 0, dice)]

    def before_roll(i: int, j: int, u: int, n: int) -> float:
        return 1.0 if u >= top(i) else value[(i, j, u, n)]

    for _ in range(max_sweeps):
        change = 0.0
        for state in states:
            i, j, t, n = state
            farkle = 1.0 - value[(j, i, 0, dice)]
            total = 0.0
            for ways, choices in chances[n]:
                if not choices:
                    total += ways * farkle
                    continue
                total += ways * max(
                    bank(i, j, t + gain) if after == 0 else before_roll(i, j, t + gain, after)
                    for gain, after in choices
                )
            best = total / FACES**n
            if t > 0 and t >= min_bank:
                best = max(best, bank(i, j, t))
            change = max(change, abs(best - value[state]))
            value[state] = best
        if change <= tolerance:
            return value
    raise AssertionError(f"no convergence in {max_sweeps} sweeps (last change {change:.2g})")
