"""What the explorer draws of a two-player Pig table (:mod:`ui.adapters.explorer`): the turn
total at which the optimal player holds over both scores, as a heat map and as the 2004 paper's
surface, and one opponent score's slice beside "hold at 20", ``P(i, j, k)`` under the pointer.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pigsolve.solver.pig.explore import explore_grids
from pigsolve.ui.adapters.explorer import Apart, Axis, Frame, HeatMap, Line, Picture, Slice, Surface

HOLD = 20
"""The simple rule the slice draws beside the optimal player's: hold at 20."""
MIDDLE = (5, 95)
"""The percentiles of the turn totals at which the player holds short of the goal that the
colours span: the middle 90%."""


def colour_range(hold: np.ndarray, scores: np.ndarray, goal: int) -> tuple[np.ndarray, Any, Any]:
    """Return where the player rolls on to the goal (holds only at ``G - i``), and the middle
    90% of the turn totals at which it holds short of it, by the nearest rank (None, None where
    it holds short of the goal nowhere)."""
    rolls_on = hold >= goal - scores[:, None]
    short = hold[~rolls_on]
    if not short.size:
        return rolls_on, None, None
    low, high = np.percentile(short, MIDDLE, method="inverted_cdf")
    return rolls_on, int(low), int(high)


def picture(solution: Any, title: str, cells: int) -> Picture:
    """Return the explorer's picture of ``solution``, scores sampled to at most ``cells`` a
    side; ``title`` names the game."""
    grids = explore_grids(solution, cells)
    goal, step = grids["goal"], grids["step"]
    scores, hold = np.array(grids["scores"]), np.array(grids["hold_at"])
    rolls_on, low, high = colour_range(hold, scores, goal)
    key = "Colours: the turn total k at which to hold"
    if low is not None:
        key += (
            f", from {low} or less to {high} or more (the middle 90% of the states where the "
            "player holds short of the goal)"
        )
    sampled = f" (one score in {step})" if step > 1 else ""
    heat_map = HeatMap(
        caption=f"{title}: the turn total at which the optimal player holds, goal {goal}{sampled}",
        x=Axis(label="your score i", values=grids["scores"]),
        y=Axis(label="opponent score j", values=grids["scores"]),
        z=grids["hold_at"],
        scale=Axis(label="hold at turn total k", low=low, high=high),
        key=key + ".",
        hover="i = {x}, j = {y}: hold at k = {z}; P({x}, {y}, 0) = {p0:.2%}",
        layers={"p0": grids["p0"]},
    )
    if low is not None and rolls_on.any():
        heat_map["apart"] = Apart(cells=rolls_on.tolist(), words="Grey: it rolls on to the goal.")
    reference = np.minimum(HOLD, goal - scores).tolist()
    return Picture(
        heat_map=heat_map,
        slice=Slice(
            words="Turn total at which to hold, for opponent score",
            slider="opponent score j",
            x=Axis(label="your score i", values=grids["scores"], low=0, high=goal),
            y=Axis(label="turn total k", low=0),
            lines=[
                Line(name="optimal", style="main"),
                Line(name=f"hold at {HOLD}", style="reference"),
            ],
            frames=[
                Frame(at=j, high=goal, lines=[hold[:, b].tolist(), reference])
                for b, j in enumerate(grids["scores"])
            ],
            state="{x},{at},{y}",
        ),
        surface=Surface(
            caption="The roll/hold boundary (the 2004 paper's figure): the turn total at which "
            "to hold over both scores; drag to turn it",
            label="hold at k",
            hover="i = {x}, j = {y}: hold at k = {z}",
        ),
    )
