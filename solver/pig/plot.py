"""Figures of the optimal Pig policy, after Neller & Presser (2004), written as PNG, PDF or SVG
files (by the suffix of the file's name).

``boundary``
    The roll/hold boundary surface: for each score pair (i, j), the turn total at which the
    optimal player holds (:func:`solver.pig.export.hold_boundary`), drawn over (i, j).
``slice``
    One opponent score j: the states (i, k) where the optimal player rolls, its boundary, and
    "hold at 20 or goal" beside it.
``contours``
    ``P(i, j, 0)``, the win probability at the start of a turn, with contour lines at 3%, 9%,
    27% and 81%.
``players``
    An N-player equilibrium beside the two-player optimum: the first turn total held against
    opponents tied at one score, for a few such scores.

matplotlib is an optional extra (``plot``), imported only here and only
when a figure is drawn.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from pigsolve.solver.errors import InvalidArgument, missing_extra
from pigsolve.solver.pig.export import hold_boundary
from pigsolve.solver.pig.kinds import Plot
from pigsolve.solver.storage import atomic_write

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from pigsolve.solver.games.pig import PigRules
    from pigsolve.solver.pig.solution import PigSolution


CONTOUR_LEVELS = (0.03, 0.09, 0.27, 0.81)
MIN_GOAL = 3
"""Below this the plots have no area to draw (contours need a 2 x 2 grid of scores and more)."""
HEURISTIC_HOLD = 20
DPI = 200


def new_figure(width: float, height: float) -> Figure:
    """Return a new matplotlib Figure in a paper-like style (PigsolveError without matplotlib)."""
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        raise missing_extra("plotting (matplotlib)", "plot") from None
    matplotlib.rcParams.update(
        {
            "font.family": "serif",
            "font.size": 10,
            "axes.titlesize": 11,
            "axes.labelsize": 10,
            "mathtext.fontset": "dejavuserif",
        }
    )
    return Figure(figsize=(width, height), layout="constrained")


FORMATS = ("png", "pdf", "svg")
"""The formats a plot is written in, named by the suffix of ``out``."""


def setting(rules: PigRules) -> str:
    """Return the game in a title's words: 'goal 100, die 6' for Pig, 'two-dice, goal 100'."""
    if rules.outcomes is None:
        return f"goal {rules.goal}, die {rules.die_sides}"
    return f"{rules.game}, goal {rules.goal}"


def save_figure(fig: Figure, out: Path, force: bool) -> Path:
    """Write ``fig`` to ``out`` atomically, in the format its suffix names."""
    fmt = out.suffix.lower().lstrip(".")
    return atomic_write(out, lambda tmp: fig.savefig(tmp, format=fmt, dpi=DPI), force=force)


def plot_boundary(table: PigSolution, out: Path, force: bool = False) -> Path:
    """Draw the 3D roll/hold boundary surface k = boundary(i, j)."""
    goal = table.rules.goal
    boundary = hold_boundary(np.asarray(table.roll_array(), dtype=bool)).astype(float)
    i, j = np.meshgrid(np.arange(goal), np.arange(goal), indexing="ij")
    fig = new_figure(6.4, 5.2)
    ax = fig.add_subplot(projection="3d")
    ax.plot_surface(
        i, j, boundary, cmap="viridis", rstride=1, cstride=1, linewidth=0, antialiased=True
    )
    ax.set_xlabel("player score $i$")
    ax.set_ylabel("opponent score $j$")
    ax.set_zlabel("turn total $k$ at which to hold")
    ax.set_xlim(0, goal)
    ax.set_ylim(0, goal)
    ax.set_zlim(0, boundary.max())
    ax.view_init(elev=28, azim=-125)
    ax.set_title(f"Roll/hold boundary of optimal play ({setting(table.rules)})")
    return save_figure(fig, out, force)


def plot_slice(table: PigSolution, opponent: int, out: Path, force: bool = False) -> Path:
    """Draw the roll states (i, k) for opponent score ``opponent``, with hold at 20 beside."""
    goal = table.rules.goal
    if not 0 <= opponent < goal:
        raise InvalidArgument(f"opponent score must be in 0..{goal - 1}, got {opponent}")
    roll = np.asarray(table.roll_array(), dtype=bool)
    i = np.arange(goal)
    k = np.arange(goal)
    state = np.where(i[:, None] + k[None, :] < goal, roll[:, opponent, :].astype(float), np.nan)
    boundary = hold_boundary(roll)[:, opponent]
    fig = new_figure(6.4, 4.0)
    from matplotlib.colors import ListedColormap  # importable: _figure found matplotlib
    from matplotlib.patches import Patch

    ax = fig.add_subplot()
    ax.imshow(
        state.T,
        origin="lower",
        extent=(-0.5, goal - 0.5, -0.5, goal - 0.5),
        aspect="auto",
        cmap=ListedColormap(["#ffffff", "#c6dbef"]),
        vmin=0,
        vmax=1,
        interpolation="nearest",
    )
    # Edges of the regions: the first turn total held is drawn half a cell above the last rolled.
    ax.step(i, boundary - 0.5, where="mid", color="#08306b", lw=1.6, label="optimal: first hold")
    heuristic = np.minimum(HEURISTIC_HOLD, goal - i)
    ax.step(
        i,
        heuristic - 0.5,
        where="mid",
        color="#cb181d",
        lw=1.4,
        ls="--",
        label="hold at 20 or goal",
    )
    handles, _ = ax.get_legend_handles_labels()
    handles.insert(0, Patch(facecolor="#c6dbef", edgecolor="0.7", label="optimal: roll"))
    ax.legend(handles=handles, loc="upper left", frameon=False)
    top = min(goal, 1.7 * max(int(boundary[boundary < goal - i].max(initial=0)), HEURISTIC_HOLD))
    ax.set_xlim(-0.5, goal - 0.5)
    ax.set_ylim(-0.5, top - 0.5)
    ax.set_xlabel("player score $i$")
    ax.set_ylabel("turn total $k$")
    ax.set_title(f"Roll/hold boundary at opponent score $j = {opponent}$ ({setting(table.rules)})")
    return save_figure(fig, out, force)


def plot_contours(table: PigSolution, out: Path, force: bool = False) -> Path:
    """Draw P(i, j, 0) with contour lines at 3%, 9%, 27% and 81%."""
    goal = table.rules.goal
    p0 = np.asarray(table.v0, dtype=np.float64)  # P(i, j, 0): stored as is, never the full table
    fig = new_figure(5.6, 5.0)
    ax = fig.add_subplot()
    image = ax.imshow(
        p0.T, origin="lower", cmap="Greys", vmin=0, vmax=1, alpha=0.55, interpolation="nearest"
    )
    lines = ax.contour(
        np.arange(goal), np.arange(goal), p0.T, levels=CONTOUR_LEVELS, colors="k", linewidths=1.1
    )
    ax.clabel(lines, fmt=lambda v: f"{100 * v:.0f}%", fontsize=9)
    colorbar = fig.colorbar(image, ax=ax, shrink=0.8)
    colorbar.set_label("$P(i, j, 0)$")
    ax.set_xlabel("player score $i$")
    ax.set_ylabel("opponent score $j$")
    ax.set_title(f"Win probability at the start of a turn ({setting(table.rules)})")
    return save_figure(fig, out, force)


def plot_players(
    many: PigSolution, two: PigSolution, out: Path, force: bool = False, ties: int = 4
) -> Path:
    """Draw the first hold of the N-player equilibrium and of the two-player optimum against
    opponents tied at ``ties`` scores."""
    goal, players = many.rules.goal, many.rules.players
    i = np.arange(goal)
    boundary = many.choices()[0]
    pairs = hold_boundary(np.asarray(two.roll_array(), dtype=bool))
    fig = new_figure(6.4, 4.2)
    ax = fig.add_subplot()
    colors = ["#08306b", "#2171b5", "#6baed6", "#cb181d", "#fb6a4a"]
    top = 0
    for n, j in enumerate(int(goal * t / ties) for t in range(ties)):
        tied = boundary[(slice(None),) + (j,) * (players - 1)]
        color = colors[n % len(colors)]
        ax.step(i, pairs[:, j], where="mid", color=color, lw=1.3, label=f"2 players, $j = {j}$")
        ax.step(
            i,
            tied,
            where="mid",
            color=color,
            lw=1.6,
            ls="--",
            label=f"{players} players, all at {j}",
        )
        for line in pairs[:, j], tied:
            top = max(top, int(line[line < goal - i].max(initial=0)))
    ax.set_xlim(-0.5, goal - 0.5)
    ax.set_ylim(0, min(goal, 1.5 * top))
    ax.set_xlabel("mover's score $i$")
    ax.set_ylabel("first turn total held")
    ax.set_title(f"Hold boundary: {players} players against 2 (goal {goal})")
    ax.legend(loc="upper right", frameon=False, ncol=2, fontsize=8)
    return save_figure(fig, out, force)


def plot_table(
    table: PigSolution,
    kind: str,
    out: str | Path,
    opponent: int | None = None,
    force: bool = False,
    two: PigSolution | None = None,
) -> Path:
    """Draw ``kind`` (boundary, slice, contours; players: an N-player ``table`` beside the
    two-player table ``two``) into ``out``, a PNG, PDF or SVG file by its suffix."""
    out = Path(out)
    if table.rules.goal < MIN_GOAL:
        raise InvalidArgument(
            f"goal {table.rules.goal} is too small to draw; plots need a goal of {MIN_GOAL} or more"
        )
    if kind not in tuple(Plot):
        raise InvalidArgument(f"unknown plot {kind!r}; accepted: {', '.join(Plot)}")
    if out.suffix.lower().lstrip(".") not in FORMATS:
        *others, last = (f".{fmt}" for fmt in FORMATS)
        raise InvalidArgument(
            f"out must name a {', '.join(others)} or {last} file, not {out.name!r}",
            parameter="out",
        )
    if (kind == "players") != (table.rules.players != 2):
        raise InvalidArgument(
            "kind='players' draws three or more players (players=N); the other kinds two",
            parameter=("kind", "players"),
        )
    if kind == "players":
        return plot_players(table, two, out, force)
    if kind == "slice":
        if opponent is None:
            raise InvalidArgument(
                "the slice plot needs opponent=J (the opponent's score)", parameter="opponent"
            )
        return plot_slice(table, opponent, out, force)
    if opponent is not None:
        raise InvalidArgument(
            f"opponent goes with kind='slice', not {kind}", parameter=("opponent", "kind")
        )
    if kind == "boundary":
        return plot_boundary(table, out, force)
    return plot_contours(table, out, force)
