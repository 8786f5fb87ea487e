"""Check a Zombie Dice table against its equations: every start value is its turn re-solved.

Each seat's stored chance at the start of every turn is compared with the optimal turn from that
state rebuilt from the stored values alone (:meth:`solver.zombie.solve.Game.rows`, the solve's
own code); the last turns' chances and the tiebreaker's are re-solved too (the tiebreaker's a
fixed point: its round re-played with the stored chance), and the values must be probabilities.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.results import MAX_RESIDUAL, Check
from pigsolve.solver.zombie.solution import ZombieSolution
from pigsolve.solver.zombie.solve import Game


def bellman_residual(solution: ZombieSolution) -> float:
    """Return the largest ``|stored chance - its turn re-solved from the stored values|`` over
    both seats' turns at every score pair, the last turns and the tiebreaker.

    >>> from pigsolve.solver.zombie.solution import solve
    >>> from pigsolve.solver.games.zombie import ZombieRules
    >>> bellman_residual(solve(ZombieRules(goal=3), margin=6)) < 1e-14
    True
    """
    rules, goal = solution.rules, solution.rules.goal
    game = Game(rules, solution.margin, (None, None))
    ends = solution.ends
    worst = 0.0
    for a in range(goal):
        for b in range(goal):
            for seat, stored in ((0, solution.first[a, b]), (1, solution.second[a, b])):
                turn, _ = game.place("turn", seat, a, b)
                rebuilt = game.rows(turn, solution.first, solution.second, ends).start
                worst = max(worst, abs(rebuilt - float(stored)))
    lasts = [(1, ends.last_second)]
    if ends.last_first is not None:
        lasts.append((0, ends.last_first))
    for seat, stored in lasts:
        rebuilt = game.last_turn(seat, ends.tie(seat))
        worst = max(worst, float(np.abs(rebuilt - stored).max()))
    if ends.tiebreak is not None:
        turn, _ = game.place("tiebreak", 0, 0, 0)
        tiebreak = game.rows(turn, solution.first, solution.second, ends)
        worst = max(worst, abs(tiebreak.start - ends.tiebreak))
    return worst


def verify_table(solution: ZombieSolution, max_residual: float = MAX_RESIDUAL) -> list[Check]:
    """Recompute the Bellman residual of ``solution`` and check that its values are chances."""
    arrays = [solution.first, solution.second, solution.ends.last_second]
    finite = all(bool(np.isfinite(values).all()) for values in arrays)
    residual = bellman_residual(solution) if finite else np.inf
    low = min(float(values.min()) for values in arrays)
    high = max(float(values.max()) for values in arrays)
    return [
        Check(
            "Bellman residual",
            residual <= max_residual,
            f"max |V - its turn re-solved| = {residual:.3g} (limit {max_residual:g})",
        ),
        Check("0 <= P <= 1", finite and low >= 0 and high <= 1, f"range [{low}, {high}]"),
    ]
