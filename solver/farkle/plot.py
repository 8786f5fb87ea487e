"""When the optimal Farkle player banks, drawn as Neller & Busche draw it: for one opponent's
score, the smallest turn total it banks at against its own score, one line per dice left
(:mod:`solver.farkle.thresholds`); with more players one panel per seat that opponent may sit
in, the others at 0. Written as PNG, PDF or SVG by the suffix of the file's name; matplotlib
(the ``plot`` extra) is imported only when a figure is drawn.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.farkle.thresholds import NEVER, bank_thresholds
from pigsolve.solver.games.farkle import POINT_UNIT
from pigsolve.solver.pig.plot import FORMATS, new_figure, save_figure

PLOTS = ("boundary",)
"""What :func:`plot_table` draws for Farkle."""


def plot_table(
    solution: FarkleSolution, kind: str, out: Path, opponent: int | None, force: bool = False
) -> Path:
    """Draw ``kind`` (:data:`PLOTS`) of ``solution`` to ``out``, against the opponent's score
    ``opponent`` (points; default 0, with more players half the goal, where the seats differ);
    return the path written."""
    rules = solution.rules
    if kind not in PLOTS:
        raise InvalidArgument(f"unknown plot {kind!r} for Farkle; accepted: {', '.join(PLOTS)}")
    out = Path(out)
    if out.suffix.lower().lstrip(".") not in FORMATS:
        raise InvalidArgument(f"cannot tell the format from {out.name!r}; use .png, .pdf or .svg")
    if opponent is None:
        opponent = 0 if rules.players == 2 else rules.goal // 2 // POINT_UNIT * POINT_UNIT
    seats = [bank_thresholds(solution, opponent, seat) for seat in range(1, rules.players)]
    fig = new_figure(6.4 + 4.0 * (len(seats) - 1), 4.0)
    axes = fig.subplots(1, len(seats), sharey=True, squeeze=False)[0]
    for ax, found in zip(axes, seats, strict=True):
        for n in range(found.totals.shape[1], 0, -1):
            totals = found.totals[:, n - 1].astype(float)
            totals[totals == NEVER] = np.nan  # it rolls on to the goal: no total to draw
            label = f"{n} {'die' if n == 1 else 'dice'}"
            ax.step(found.scores, totals, where="post", lw=1.4, label=label)
        ax.set_xlabel("player's banked score")
        ax.set_xlim(0, rules.goal)
        ax.set_ylim(bottom=0)
        if (found.totals == NEVER).all():
            ax.set_ylim(0, rules.goal)
            ax.text(0.5, 0.5, "it never banks: it rolls on to the goal", ha="center",
                    transform=ax.transAxes)  # fmt: skip
        if len(seats) > 1:
            after = f"{found.seat} seat{'s' if found.seat > 1 else ''} after"
            ax.set_title(f"opponent at {opponent}, {after}", fontsize=10)
    axes[0].set_ylabel("turn total at which to bank")
    axes[0].legend(title="dice to roll", fontsize=8)
    if len(seats) == 1:
        axes[0].set_title(
            f"When to bank in optimal Farkle (goal {rules.goal}, opponent at {opponent})"
        )
    else:
        fig.suptitle(
            f"When to bank in optimal Farkle of {rules.players} (goal {rules.goal}, "
            f"one opponent at {opponent}, the others at 0)"
        )
    return save_figure(fig, out, force)
