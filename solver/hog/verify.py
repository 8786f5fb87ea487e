"""Check a Hog table against its equation: every stored value is its state's best action, valued
from the stored values alone, as :mod:`solver.pig.verify` does for Pig.

The solver's compiled pass (:func:`solver.hog.solve.sweep`) is run once more with the stored
table as the values it reads and a fresh array as the one it writes: every state is one Bellman
step from the stored values, whatever made them, and the residual is the largest gap.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.games.hog import MAX_ROLLS
from pigsolve.solver.hog.solve import HogSolution, can_stall, sweep
from pigsolve.solver.results import MAX_RESIDUAL, Check
from pigsolve.solver.table_checks import ROUNDING


def bellman_step(solution: HogSolution) -> tuple[np.ndarray, np.ndarray]:
    """Return every state's best value and choice, read from the stored values (one step).

    >>> from pigsolve.solver.games.hog import hog_rules
    >>> from pigsolve.solver.hog.solve import solve
    >>> solved = solve(hog_rules("fa16", goal=20))
    >>> values, policy = bellman_step(solved)
    >>> bool(np.array_equal(values, solved.values) and np.array_equal(policy, solved.policy))
    True
    """
    rules = solution.rules
    stored = np.ascontiguousarray(solution.values, dtype=np.float64)
    values, policy = np.zeros(rules.shape), np.zeros(rules.shape, np.int8)
    # One free seat writing ``values`` and reading ``stored``: the pass never writes ``stored``.
    sweep(rules, values, policy, False, stored, solution.policy.copy(), True, True)
    return values, policy


def verify_table(solution: HogSolution, max_residual: float = MAX_RESIDUAL) -> list[Check]:
    """Recompute the Bellman residual of the optimal table ``solution`` over every state and
    check its choices and that its values are probabilities (up to :data:`ROUNDING`: su20's
    reach 1 + 2.2e-16)."""
    rules, values, policy = solution.rules, solution.values, solution.policy
    finite = bool(np.isfinite(values).all())
    low, high = float(values.min()), float(values.max())
    legal = bool(policy.size == 0 or (rules.min_rolls <= policy.min() <= policy.max() <= MAX_ROLLS))
    optimal = solution.objective == "optimal"
    residual, wrong = np.inf, policy.size
    if finite and legal and optimal:
        best, choices = bellman_step(solution)
        residual = float(np.abs(best - values).max())
        wrong = int((choices != policy).sum())
    what = "" if optimal else f" (the table is {solution.objective}, not the optimal one)"
    return [
        Check(
            "Bellman residual",
            residual <= max_residual,
            f"max |V - best action's V| = {residual:.3g} (limit {max_residual:g}){what}",
        ),
        Check("optimal choices", wrong == 0, f"{wrong} states choose other dice than the best"),
        Check("legal dice", legal, f"policy from {policy.min()} to {policy.max()} dice"),
        Check(
            "0 <= P <= 1",
            finite and low >= -ROUNDING and high <= 1 + ROUNDING,
            f"range [{low}, {high}]",
        ),
        *([war_check(solution)] if optimal and can_stall(rules) else []),
    ]


def war_check(solution: HogSolution) -> Check:
    """Return the wars of attrition of an optimal table and the first player's chance under
    each choice of who stalls (:mod:`solver.hog.stalls`), solved again both ways."""
    from pigsolve.solver.hog.solve import STALLS, solve
    from pigsolve.solver.hog.stalls import wars

    found = wars(solution)
    if not found:
        return Check("wars of attrition", True, "none: no two positions where both would stall")
    pairs = ", ".join(f"({war.behind}, {war.ahead})" for war in found)
    chances = {stalls: solve(solution.rules, stalls).p_first_player for stalls in STALLS}
    mine = [stalls for stalls, p in chances.items() if p == solution.p_first_player]
    which = f"; this table: the {mine[0]} stalls" if mine else ""
    said = ", ".join(f"{p:.10f} if the {stalls} stalls" for stalls, p in chances.items())
    return Check(
        "wars of attrition",
        True,
        f"{len(found)} pair(s) where both would rather stall than roll: {pairs}; "
        f"the first player's chance {said}{which}",
    )
