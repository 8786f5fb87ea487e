"""Figures: the data each kind draws, against the pure-Python reference; each is a PNG of
sensible size; errors are one clear line."""

from __future__ import annotations

import itertools
import struct
import sys
from pathlib import Path

import numpy as np
import pytest

from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig import plot
from pigsolve.solver.pig.export import hold_boundary
from pigsolve.solver.pig.plot import plot_table
from pigsolve.solver.pig.reference import value_iteration
from pigsolve.solver.tables import table_for

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    path = tmp_path_factory.mktemp("tables") / "pig-goal40-die6.h5"
    return table_for(PigRules(goal=40), path=path)


def png_size(path: Path) -> tuple[int, int]:
    """Return (width, height) from a PNG's IHDR chunk, checking the signature."""
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("kind, opponent", [("boundary", None), ("slice", 10), ("contours", None)])
def test_each_kind_is_a_png_of_sensible_size(table, tmp_path: Path, kind, opponent) -> None:
    out = plot_table(table, kind, tmp_path / f"{kind}.png", opponent)
    width, height = png_size(out)
    assert 800 <= width <= 2000 and 600 <= height <= 1600
    assert 10_000 < out.stat().st_size < 3_000_000


SMALL = PigRules(goal=20, die_sides=3)  # a die whose boundary moves with both scores


@pytest.fixture(scope="module")
def reference() -> dict[str, np.ndarray]:
    """Return P(i, j, 0), the rolls and the hold boundary of SMALL by the pure-Python reference."""
    p = value_iteration(SMALL, tolerance=1e-13, full=True)[..., 0]
    goal = SMALL.goal
    roll = np.zeros((goal, goal, goal), bool)
    boundary = np.zeros((goal, goal), int)
    for i, j in itertools.product(range(goal), repeat=2):
        for k in range(1, goal - i):
            roll[i, j, k] = p[i, j, k] > 1 - p[j, i + k, 0] + 1e-9  # rolling is better
        boundary[i, j] = next(k for k in range(1, goal - i + 1) if not roll[i, j, k % goal])
    return {"p0": p[:, :, 0], "roll": roll, "boundary": boundary}


@pytest.fixture
def drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    """Record what the next plot hands to matplotlib: its figure and any 3D surface."""
    from mpl_toolkits.mplot3d import Axes3D

    seen: dict = {}
    save, surface = plot.save_figure, Axes3D.plot_surface

    def saved(fig, out, force):
        seen["figure"] = fig
        return save(fig, out, force)

    def plotted(self, x, y, z, *args, **kwargs):
        seen["surface"] = (x, y, z)
        return surface(self, x, y, z, *args, **kwargs)

    monkeypatch.setattr(plot, "save_figure", saved)
    monkeypatch.setattr(Axes3D, "plot_surface", plotted)
    return seen


def test_boundary_draws_the_reference_boundary(drawn, reference, tmp_path: Path) -> None:
    plot_table(table_for(SMALL, path=tmp_path / "t.h5"), "boundary", tmp_path / "b.png")
    i, j, k = drawn["surface"]
    np.testing.assert_array_equal(i[:, 0], np.arange(SMALL.goal))
    np.testing.assert_array_equal(j[0], np.arange(SMALL.goal))
    np.testing.assert_array_equal(k, reference["boundary"])


def test_slice_draws_the_rolls_the_boundary_and_hold_at_20(drawn, reference, tmp_path) -> None:
    opponent, goal = 7, SMALL.goal
    roll = reference["roll"]
    assert np.any(roll[:, opponent] != roll[:, opponent - 1])  # a slice of its own
    assert np.any(roll[:, opponent] != roll[:, opponent + 1])
    plot_table(table_for(SMALL, path=tmp_path / "t.h5"), "slice", tmp_path / "s.png", 7)
    ax = drawn["figure"].axes[0]
    shown = np.ma.filled(ax.images[0].get_array().astype(float), np.nan).T  # (i, k)
    for i in range(goal):
        np.testing.assert_array_equal(shown[i, 1 : goal - i], roll[i, opponent, 1 : goal - i])
        assert np.all(np.isnan(shown[i, goal - i :]))
    optimal, heuristic = (line.get_ydata() for line in ax.lines)
    np.testing.assert_array_equal(optimal, reference["boundary"][:, opponent] - 0.5)
    np.testing.assert_array_equal(heuristic, np.minimum(20, goal - np.arange(goal)) - 0.5)


def test_contours_draw_the_reference_probabilities(drawn, reference, tmp_path: Path) -> None:
    plot_table(table_for(SMALL, path=tmp_path / "t.h5"), "contours", tmp_path / "c.png")
    ax = drawn["figure"].axes[0]
    np.testing.assert_allclose(ax.images[0].get_array().T, reference["p0"], rtol=0, atol=1e-10)
    (lines,) = [c for c in ax.collections if hasattr(c, "levels")]
    assert list(lines.levels) == [0.03, 0.09, 0.27, 0.81]


def test_players_draws_the_first_holds_of_both_tables(drawn, table, tmp_path: Path) -> None:
    """Four ties j = 0, 10, 20, 30: the two-player boundary at j, the equilibrium's at (j, j)."""
    three = table_for(PigRules(40, players=3), path=tmp_path / "three.h5")
    plot_table(three, "players", tmp_path / "players.png", two=table)
    lines = drawn["figure"].axes[0].lines
    pairs = hold_boundary(np.asarray(table.roll_array(), dtype=bool))
    first_holds = three.choices()[0]
    assert len(lines) == 8
    for n, j in enumerate((0, 10, 20, 30)):
        np.testing.assert_array_equal(lines[2 * n].get_ydata(), pairs[:, j])
        np.testing.assert_array_equal(lines[2 * n + 1].get_ydata(), first_holds[:, j, j])


def test_without_matplotlib_the_error_says_how_to_install(table, tmp_path, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes `import matplotlib` fail
    with pytest.raises(PigsolveError, match=r"needs the plot extra: pip install .*\[plot\]'"):
        plot_table(table, "contours", tmp_path / "c.png")
    assert not (tmp_path / "c.png").exists()


@pytest.mark.parametrize(
    "kind, name, opponent, message",
    [
        ("surface", "x.png", None, "unknown plot 'surface'"),
        ("slice", "x.png", None, "needs opponent=J"),
        ("slice", "x.png", 40, "opponent score must be in 0..39, got 40"),
        ("contours", "x.png", 3, "^opponent goes with kind='slice'"),
        ("contours", "x.jpg", None, "^out must name a .png, .pdf or .svg file"),
    ],
)
def test_bad_arguments(table, tmp_path: Path, kind, name, opponent, message) -> None:
    with pytest.raises(ValueError, match=message):
        plot_table(table, kind, tmp_path / name, opponent)


def test_existing_file_is_kept_without_force(table, tmp_path: Path) -> None:
    out = tmp_path / "b.png"
    out.write_bytes(b"mine")
    with pytest.raises(PigsolveError, match="force=True"):
        plot_table(table, "boundary", out)
    assert out.read_bytes() == b"mine"
    png_size(plot_table(table, "boundary", out, force=True))


@pytest.mark.parametrize("goal", [1, 2])
@pytest.mark.parametrize("kind", ["boundary", "contours"])
def test_goals_too_small_to_draw_are_refused(tmp_path: Path, goal: int, kind: str) -> None:
    """`--kind contours --goal 1` was a matplotlib traceback, `boundary` an empty picture."""
    small = table_for(PigRules(goal), path=tmp_path / "t.h5")
    with pytest.raises(ValueError, match=f"goal {goal} is too small to draw"):
        plot_table(small, kind, tmp_path / "p.png")
    assert not (tmp_path / "p.png").exists()


def test_contours_read_p_at_k_0_only(tmp_path: Path, monkeypatch) -> None:
    """`plot --kind contours --goal 1000` built the full 8 GB table to use one slice of it."""
    compact = table_for(PigRules(goal=301), path=tmp_path / "t.h5")  # start values only
    assert not compact.has_full_table

    def refuse(solution) -> None:
        raise AssertionError("the full table was built")

    monkeypatch.setattr(type(compact), "_expanded", property(refuse))
    assert png_size(plot_table(compact, "contours", tmp_path / "c.png"))[0] > 0


def test_players_draws_an_equilibrium_beside_two_players(table, tmp_path: Path) -> None:
    three = table_for(PigRules(40, players=3), path=tmp_path / "three.h5")
    out = plot_table(three, "players", tmp_path / "players.png", two=table)
    width, height = png_size(out)
    assert 800 <= width <= 2000 and 600 <= height <= 1600
    with pytest.raises(PigsolveError, match=r"^kind='players' draws three or more players"):
        plot_table(table, "players", tmp_path / "x.png", two=table)
    with pytest.raises(PigsolveError, match="the other kinds two"):
        plot_table(three, "contours", tmp_path / "x.png")


def test_titles_name_the_game() -> None:
    from pigsolve.solver.games.pig_outcomes import pass_the_pigs

    assert plot.setting(PigRules(40, die_sides=4)) == "goal 40, die 4"
    assert plot.setting(PigRules(40, outcomes=pass_the_pigs())) == "pass-the-pigs, goal 40"
