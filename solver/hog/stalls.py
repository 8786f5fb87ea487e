"""Wars of attrition: positions where both players would rather stall than roll.

Where zero dice score 0 points (Spring 2022's Hefty Hogs) a player can hand the same position to
the opponent, who can hand it back. At a pair of positions ``(s, o)`` and ``(o, s)`` where both can
stall, let ``a`` and ``b`` be each mover's best chance by rolling. If ``a + b < 1`` each would
rather stall than roll, given that the other rolls next: the mover at ``(s, o)`` wins ``1 - b`` by
stalling once, more than ``a``. Both ``(a, 1 - a)`` (the first rolls, the second stalls) and
``(1 - b, b)`` are equilibria, and so optimal play is not unique there; both stalling for ever
ends no game. :func:`solver.hog.solve.solve` picks one by ``stalls`` (the leader stalls by default).
"""

from __future__ import annotations

from dataclasses import dataclass

from pigsolve.solver.games.hog import HogState
from pigsolve.solver.hog.solve import TIE, HogSolution, rule_tables
from pigsolve.solver.hog.values import action_values


@dataclass(frozen=True)
class War:
    """Two positions ``(behind, ahead)`` and ``(ahead, behind)`` where both would stall.

    ``rolls_behind`` and ``rolls_ahead`` are each mover's best chance without stalling.
    """

    behind: int
    ahead: int
    rolls_behind: float
    rolls_ahead: float


def wars(solution: HogSolution) -> list[War]:
    """Return the wars of attrition of an optimal table, lowest scores first.

    The chances of rolling are read from the table's values at higher score sums, which do not
    depend on who stalls at these positions.
    """
    rules = solution.rules
    if rules.shape[2:] != (1, 1, 1):
        return []
    zero, after, _ = rule_tables(rules)
    found = []
    for s in range(rules.goal):
        for o in range(s + 1, rules.goal):
            stalls = all(
                zero[x, y] == 0 and after[x, y, 0] + after[x, y, 1] == x + y
                for x, y in ((s, o), (o, s))
            )
            if not stalls:
                continue
            a, b = (_rolling(solution, HogState(x, y)) for x, y in ((s, o), (o, s)))
            if a + b < 1.0 - TIE:
                found.append(War(s, o, a, b))
    return found


def _rolling(solution: HogSolution, state: HogState) -> float:
    """Return the mover's best chance in ``state`` with one die or more."""
    values = action_values(solution.rules, solution.values, state)
    return max(value for num_rolls, value in values.items() if num_rolls > 0)
