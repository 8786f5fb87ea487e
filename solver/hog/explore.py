"""What the page's explorer draws of a Hog table: the optimal dice, and the chance of winning."""

from __future__ import annotations

from typing import Any


def explore_grids(solution: Any, cells: int) -> dict[str, Any]:
    """Return the optimal number of dice and the win probability over both scores (no bonus
    state: six-sided dice, no previous turn), every score (``cells`` is not needed: the page
    takes goals up to 200)."""
    rules = solution.rules
    return {
        "rules": rules.name,
        "goal": rules.goal,
        "scores": list(range(rules.goal)),
        "dice": solution.policy[:, :, 0, 0, 0].astype(int).tolist(),
        "p": solution.values[:, :, 0, 0, 0].tolist(),
    }
