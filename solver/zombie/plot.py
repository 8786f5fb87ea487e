"""When the optimal Zombie Dice player stops, drawn by the shotguns taken and the dice left:
for the first seat's turn at a score pair, one panel per number of shotguns, the brains so far
across and, up, the chance that the next roll brings the last shotgun (the dice in the hand and
the cup decide it); each cell is coloured by the share of the ways the dice can lie there in
which it rolls on. A rule of thumb is a line on it: ``brains:N`` a column, ``risk:P`` a row,
``shotguns:2`` the whole last panel. Written as PNG, PDF or SVG by the suffix; matplotlib (the
``plot`` extra) is imported only when a figure is drawn.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.pig.plot import FORMATS, new_figure, save_figure
from pigsolve.solver.zombie.laws import turn_laws
from pigsolve.solver.zombie.solution import ZombieSolution

PLOTS = ("stop",)
"""What :func:`plot_table` draws for Zombie Dice."""


RISK_BINS = 20
"""The rows of a panel: the chance of the last shotgun, in steps of 5 percent."""


def rolling_share(solution: ZombieSolution, opponent: int) -> np.ndarray:
    """Return ``share[shotguns, risk bin, brains]``: the share of the lies with so many
    shotguns and that chance of the last shotgun in which the first seat, at 0 against
    ``opponent``, rolls with so many brains (nan where the dice cannot lie so)."""
    rules = solution.rules
    turn, _ = solution.place("turn", 0, 0, opponent)
    rolls = solution.decisions(turn)
    laws = turn_laws(rules)
    brains = rolls.shape[1] - 1
    risk = np.minimum((laws.bust * RISK_BINS).astype(int), RISK_BINS - 1)
    counts = np.zeros((rules.shotguns, RISK_BINS, brains))
    rolled = np.zeros_like(counts)
    for level in range(brains):
        lies = laws.aside <= level  # the brains set aside are among the turn's
        np.add.at(counts, (laws.shotguns[lies], risk[lies], level), 1)
        np.add.at(rolled, (laws.shotguns[lies], risk[lies], level), rolls[lies, level])
    with np.errstate(invalid="ignore"):
        return rolled / counts


def plot_table(
    solution: ZombieSolution, kind: str, out: Path, opponent: int | None, force: bool = False
) -> Path:
    """Draw ``kind`` (:data:`PLOTS`) of ``solution`` to ``out``, the first seat at 0 against
    ``opponent`` (default 0); return the path written."""
    rules = solution.rules
    if kind not in PLOTS:
        raise InvalidArgument(
            f"unknown plot {kind!r} for Zombie Dice; accepted: {', '.join(PLOTS)}"
        )
    out = Path(out)
    if out.suffix.lower().lstrip(".") not in FORMATS:
        raise InvalidArgument(f"cannot tell the format from {out.name!r}; use .png, .pdf or .svg")
    opponent = 0 if opponent is None else opponent
    if not 0 <= opponent < rules.goal:
        raise InvalidArgument(f"opponent must be 0 to {rules.goal - 1}, got {opponent}")
    share = rolling_share(solution, opponent)
    shown = min(share.shape[2], rules.goal + 6)
    panels = rules.shotguns
    fig = new_figure(3.4 * panels + 0.8, 3.8)
    axes = fig.subplots(1, panels, sharey=True, squeeze=False)[0]
    for shot, ax in enumerate(axes):
        image = ax.imshow(
            share[shot, :, :shown], origin="lower", aspect="auto", cmap="RdYlGn", vmin=0, vmax=1,
            extent=(-0.5, shown - 0.5, 0, 100), interpolation="nearest",
        )  # fmt: skip
        ax.set_title(f"{shot} shotgun{'s' if shot != 1 else ''}", fontsize=10)
        ax.set_xlabel("brains this turn")
    axes[0].set_ylabel("chance the next roll is the last shotgun (%)")
    fig.colorbar(image, ax=list(axes), label="share of the dice's ways in which it rolls")
    fig.suptitle(
        f"When optimal Zombie Dice rolls on (goal {rules.goal}, first player at 0, "
        f"opponent at {opponent})"
    )
    return save_figure(fig, out, force)
