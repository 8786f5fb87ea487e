"""Plain value iteration over every state of two-player Farkle: the tests' cross-check.

Slow and obviously correct, in pure Python: it sweeps every state in place until no value moves
by more than ``tolerance``. A state is ``(i, j, t, n)`` (scores, turn total in units of 50, dice
to roll), with the three-farkle penalty ``(i, j, t, n, a, b)`` (``a``, ``b`` the mover's and the
opponent's farkles in a row). A roll's value is the sum over every multiset of faces of its ways
times the best of *every* legal keep (:func:`solver.games.farkle_scoring.keeps`, none pruned), or
the farkle's value; before a roll the mover banks (``t > 0``, ``t >= min_bank``, and at score 0
``t >= entry``) or rolls, whichever is better.

A farkle passes the turn with the mover's count one higher; a third in a row costs the penalty
(the score ends no lower than ``floor``) and clears the count, as a bank does. With a last turn,
a bank reaching the goal gives the opponent one more turn, keyed here by the points ``d`` it
needs to tie: ``("last", d, t, n)``; above wins, level is half a win, below or a farkle loses.
A turn total reaching ``ceiling`` banks.

It shares with the solver only the scoring of one roll; the turn's arrays, the dominance of the
most points, the layers, the Newton steps and the rounds of the penalty are the solver's alone.
"""

from __future__ import annotations

from pigsolve.solver.games.farkle import FACES, POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import keeps, rolls


def value_iteration(
    rules: FarkleRules,
    tolerance: float = 1e-13,
    max_sweeps: int = 10_000,
    floor: int = 0,
    ceiling: int | None = None,
) -> dict[tuple, float]:
    """Return the mover's value before every roll, ``{state: p}`` in units (module docstring),
    for every turn total ``t`` below ``max(C - i, min_bank)`` (``C`` the goal, or with a last
    turn ``ceiling``; from there the turn banks), ``n`` 1 to ``dice``; ``P(i, j)`` is ``(i, j, 0,
    dice)`` (with counts ``(i, j, 0, dice, 0, 0)``); with a last turn also its states
    ``("last", d, t, n)``. ``floor`` and ``ceiling`` are points.
    Raise AssertionError if the sweeps do not settle in ``max_sweeps``."""
    goal, min_bank, dice = rules.goal // POINT_UNIT, rules.min_bank // POINT_UNIT, rules.dice
    penalty, entry = rules.farkle_penalty // POINT_UNIT, rules.entry // POINT_UNIT
    low = floor // POINT_UNIT if penalty else 0
    cap = ceiling // POINT_UNIT if rules.last_turn else goal
    counts = range(3) if penalty else range(1)
    # Every roll of n dice: [(ways, {(units gained, dice to roll next or 0: the turn banks)})],
    # rolls with the same choices merged.
    chances = {}
    for n in range(1, dice + 1):
        merged: dict[frozenset, int] = {}
        for roll, ways in rolls(n):
            choices = set()
            for kept, points in keeps(roll, rules.scoring):
                left = n - sum(kept)
                choices.add((points // POINT_UNIT, left or (dice if rules.hot_dice else 0)))
            merged[frozenset(choices)] = merged.get(frozenset(choices), 0) + ways
        chances[n] = list(merged.items())

    def top(i: int) -> int:
        return max(cap - i, min_bank)

    def key(i: int, j: int, t: int, n: int, a: int, b: int) -> tuple:
        return (i, j, t, n, a, b) if penalty else (i, j, t, n)

    # The last turn first: it depends on nothing else, so one sweep from the top solves it.
    most = max(gain for n in chances for choices, _ in chances[n] for gain, _ in choices)
    last = {}
    if rules.last_turn:
        for d in range(1, max(cap, goal + min_bank) + most - low + 1):
            ends = max(d + 1, min_bank)  # from here banking wins
            for t in range(ends - 1, -1, -1):
                for n in range(1, dice + 1):
                    total = 0.0
                    for choices, ways in chances[n]:
                        best = 0.0
                        for gain, after in choices:
                            u = t + gain
                            if after == 0:
                                v = 1.0 if u > d else 0.5 if u == d else 0.0
                            elif u >= ends:
                                v = 1.0
                            else:
                                v = last[("last", d, u, after)]
                            best = max(best, v)
                        total += ways * best
                    bank = 0.5 if t == d and t > 0 and t >= min_bank else 0.0
                    last[("last", d, t, n)] = max(bank, total / FACES**n)

    # The states, the highest score sums, counts and turn totals first (any order converges).
    states = sorted(
        (
            (i, j, t, n, a, b)
            for i in range(low, goal)
            for j in range(low, goal)
            for a in counts
            for b in counts
            for t in range(top(i))
            for n in range(1, dice + 1)
        ),
        key=lambda s: (-(s[0] + s[1]), -(s[4] + s[5]), -s[2], s[0], s[3]),
    )
    value = {key(*state): 0.5 for state in states}

    def bank(i: int, j: int, u: int, b: int) -> float:
        if i + u >= goal:
            return 1.0 - last[("last", i + u - j, 0, dice)] if rules.last_turn else 1.0
        return 1.0 - value[key(j, i + u, 0, dice, b, 0)]

    def before_roll(i: int, j: int, u: int, n: int, a: int, b: int) -> float:
        return bank(i, j, u, b) if u >= top(i) else value[key(i, j, u, n, a, b)]

    def farkle(i: int, j: int, a: int, b: int) -> float:
        if not penalty:
            return 1.0 - value[key(j, i, 0, dice, 0, 0)]
        if a < 2:
            return 1.0 - value[key(j, i, 0, dice, b, a + 1)]
        return 1.0 - value[key(j, max(i - penalty, low), 0, dice, b, 0)]

    for _ in range(max_sweeps):
        change = 0.0
        for state in states:
            i, j, t, n, a, b = state
            lost = farkle(i, j, a, b)
            total = 0.0
            for choices, ways in chances[n]:
                if not choices:
                    total += ways * lost
                    continue
                total += ways * max(
                    bank(i, j, t + gain, b)
                    if after == 0
                    else before_roll(i, j, t + gain, after, a, b)
                    for gain, after in choices
                )
            best = total / FACES**n
            if t > 0 and t >= min_bank and (i > 0 or t >= entry):
                best = max(best, bank(i, j, t, b))
            k = key(*state)
            change = max(change, abs(best - value[k]))
            value[k] = best
        if change <= tolerance:
            return value | last
    raise AssertionError(f"no convergence in {max_sweeps} sweeps (last change {change:.2g})")
