"""When the optimal Farkle player banks, drawn as Neller & Busche draw it: for one opponent's
score, the smallest turn total it banks at against its own score, one line per dice left
(:mod:`solver.farkle.thresholds`). Written as PNG, PDF or SVG by the suffix of the file's name;
matplotlib (the ``plot`` extra) is imported only when a figure is drawn.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.players import check_two_seats
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.farkle.thresholds import NEVER, bank_thresholds
from pigsolve.solver.pig.plot import FORMATS, new_figure, save_figure

PLOTS = ("boundary",)
"""What :func:`plot_table` draws for Farkle."""


def plot_table(
    solution: FarkleSolution, kind: str, out: Path, opponent: int | None, force: bool = False
) -> Path:
    """Draw ``kind`` (:data:`PLOTS`) of ``solution`` to ``out``, against the opponent's score
    ``opponent`` (points, default 0); return the path written."""
    check_two_seats(solution.rules, "plots")
    if kind not in PLOTS:
        raise InvalidArgument(f"unknown plot {kind!r} for Farkle; accepted: {', '.join(PLOTS)}")
    out = Path(out)
    if out.suffix.lower().lstrip(".") not in FORMATS:
        raise InvalidArgument(f"cannot tell the format from {out.name!r}; use .png, .pdf or .svg")
    found = bank_thresholds(solution, 0 if opponent is None else opponent)
    fig = new_figure(6.4, 4.0)
    ax = fig.add_subplot()
    for n in range(found.totals.shape[1], 0, -1):
        totals = found.totals[:, n - 1].astype(float)
        totals[totals == NEVER] = np.nan  # it rolls on to the goal: no total to draw
        ax.step(
            found.scores, totals, where="post", lw=1.4, label=f"{n} {'die' if n == 1 else 'dice'}"
        )
    ax.set_xlabel("player's banked score")
    ax.set_ylabel("turn total at which to bank")
    ax.set_xlim(0, solution.rules.goal)
    ax.set_ylim(bottom=0)
    ax.legend(title="dice to roll", fontsize=8)
    ax.set_title(
        f"When to bank in optimal Farkle (goal {solution.rules.goal}, "
        f"opponent at {found.opponent_score})"
    )
    return save_figure(fig, out, force)
