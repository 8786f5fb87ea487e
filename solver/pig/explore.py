"""What the page's explorer draws of a Pig table: when to hold, and the chance of winning."""

from __future__ import annotations

import math
from typing import Any

import numpy as np


def hold_at(table: Any, scores: np.ndarray) -> np.ndarray:
    """Return the smallest turn total ``k >= 1`` at which the optimal player holds, over
    ``(i, j)`` in ``scores x scores`` (``G - i`` where it rolls to the goal)."""
    goal = table.rules.goal
    if not table.has_full_table:  # a large table: its sampled rows rebuilt one by one
        i, j = np.meshgrid(scores, scores, indexing="ij")
        pairs = np.stack([i.ravel(), j.ravel()], axis=1)
        return table.hold_boundaries(pairs).reshape(len(scores), len(scores))
    out = np.empty((len(scores), len(scores)), np.int64)
    for row, i in enumerate(scores):
        hold = np.ones((len(scores), goal + 1), bool)
        hold[:, :goal] = ~table.roll_array()[i][scores]
        hold[:, goal - i :] = True
        hold[:, 0] = False
        out[row] = hold.argmax(axis=1)
    return out


def explore_grids(table: Any, cells: int) -> dict[str, Any]:
    """Return the explorer's grids of a two-player Pig table: scores sampled to at most
    ``cells``, the turn total at which to hold and ``P(i, j, 0)`` at each pair of them."""
    rules = table.rules
    step = math.ceil(rules.goal / cells)
    scores = np.arange(0, rules.goal, step)
    return {
        "goal": rules.goal,
        "variant": rules.game,
        "die": rules.die_sides,
        "step": step,
        "scores": scores.tolist(),
        "hold_at": hold_at(table, scores).tolist(),
        "p0": table.v0[np.ix_(scores, scores)].tolist(),
    }
