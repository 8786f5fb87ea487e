"""What the Explore and Compare pages show: the optimal policy as arrays, exact comparisons."""

from __future__ import annotations

from typing import Any

import numpy as np

from pigsolve.policies import computer_tables
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.pig import PigRules
from pigsolve.ui.web.sessions import ApiError, check_web_player

MAX_EXPLORE_GOAL = 300
"""The explorer reads full tables (goal 300: 216 MB); larger goals are for the command line."""


def explore_pig(goal: int, die: int) -> dict[str, Any]:
    """Return, over (i, j): the turn total at which the optimal player holds, P(i, j, 0)."""
    from pigsolve.solver.pig.export import hold_boundary
    from pigsolve.solver.pig.table import load_or_compute

    if goal > MAX_EXPLORE_GOAL:
        raise ApiError(400, f"the explorer draws goals up to {MAX_EXPLORE_GOAL}, not {goal}")
    table = load_or_compute(PigRules(goal, die))
    boundary = hold_boundary(np.asarray(table.roll_array(), dtype=bool))
    return {"goal": goal, "die": die, "hold_at": boundary.tolist(), "p0": table.v0.tolist()}


def pig_state(goal: int, die: int, i: int, j: int, k: int) -> dict[str, Any]:
    """Return P(i, j, k), both actions' values and the optimal action."""
    from pigsolve.solver.pig.table import load_or_compute

    rules = PigRules(goal, die)
    rules.check_state(i, j, k)
    table = load_or_compute(rules)
    p_roll, p_hold = table.action_values(i, j, k)
    best = "roll" if i + k < goal and table.should_roll(i, j, k) else "hold"
    p = table.win_probability(i, j, k)
    return {"i": i, "j": j, "k": k, "p": p, "roll": p_roll, "hold": p_hold, "best": best}


def explore_hog(rules: str, goal: int) -> dict[str, Any]:
    """Return the optimal number of dice and the win probability over (score, opponent score)."""
    from pigsolve.solver.hog.table import load_or_compute

    solution = load_or_compute(hog_rules(rules, goal))
    return {
        "rules": rules,
        "goal": goal,
        "dice": solution.policy[:, :, 0, 0, 0].tolist(),
        "p": solution.win_probability[:, :, 0, 0, 0].tolist(),
    }


def compare(game: str, names: list[str], rules: Any) -> dict[str, Any]:
    """Return the exact round robin of ``names``: P(row beats column) on a coin toss."""
    from pigsolve.solver.hog import evaluate as hog_evaluate
    from pigsolve.solver.pig import evaluate as pig_evaluate

    names = [check_web_player(name) for name in dict.fromkeys(names)]
    if not 1 <= len(names) <= 8:
        raise ApiError(400, f"compare takes 1 to 8 players, got {len(names)}")
    tables = computer_tables(game, names, rules)
    results = (hog_evaluate if game == "hog" else pig_evaluate).round_robin(rules, tables)
    return {"players": names, "results": [result.as_dict() for result in results]}
