"""Figures: each kind is a valid PNG of sensible size; errors are one clear line."""

from __future__ import annotations

import struct
import sys
from pathlib import Path

import pytest

from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.plot import plot_table
from pigsolve.solver.pig.table import load_or_compute

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    path = tmp_path_factory.mktemp("tables") / "pig-goal40-die6.h5"
    return load_or_compute(PigRules(goal=40), path=path)


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


def test_without_matplotlib_the_error_says_how_to_install(table, tmp_path, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes `import matplotlib` fail
    with pytest.raises(PigsolveError, match=r"pip install 'pigsolve\[plot\]'"):
        plot_table(table, "contours", tmp_path / "c.png")
    assert not (tmp_path / "c.png").exists()


@pytest.mark.parametrize(
    "kind, name, opponent, message",
    [
        ("surface", "x.png", None, "unknown plot 'surface'"),
        ("slice", "x.png", None, "needs --opponent"),
        ("slice", "x.png", 40, "opponent score must be in 0..39, got 40"),
        ("contours", "x.png", 3, "--opponent goes with --kind slice"),
        ("contours", "x.jpg", None, "give --out such a name"),
    ],
)
def test_bad_arguments(table, tmp_path: Path, kind, name, opponent, message) -> None:
    with pytest.raises(ValueError, match=message):
        plot_table(table, kind, tmp_path / name, opponent)


def test_existing_file_is_kept_without_force(table, tmp_path: Path) -> None:
    out = tmp_path / "b.png"
    out.write_bytes(b"mine")
    with pytest.raises(PigsolveError, match="--force"):
        plot_table(table, "boundary", out)
    assert out.read_bytes() == b"mine"
    png_size(plot_table(table, "boundary", out, force=True))


@pytest.mark.parametrize("goal", [1, 2])
@pytest.mark.parametrize("kind", ["boundary", "contours"])
def test_goals_too_small_to_draw_are_refused(tmp_path: Path, goal: int, kind: str) -> None:
    """`--kind contours --goal 1` was a matplotlib traceback, `boundary` an empty picture."""
    small = load_or_compute(PigRules(goal), path=tmp_path / "t.h5")
    with pytest.raises(ValueError, match=f"goal {goal} is too small to draw"):
        plot_table(small, kind, tmp_path / "p.png")
    assert not (tmp_path / "p.png").exists()


def test_contours_read_p_at_k_0_only(tmp_path: Path, monkeypatch) -> None:
    """`plot --kind contours --goal 1000` built the full 8 GB table to use one slice of it."""
    compact = load_or_compute(PigRules(goal=301), path=tmp_path / "t.h5")  # compact layout
    assert compact.layout == "compact"

    def refuse() -> None:
        raise AssertionError("the full table was built")

    monkeypatch.setattr(compact, "probabilities", refuse)
    assert png_size(plot_table(compact, "contours", tmp_path / "c.png"))[0] > 0


def test_players_draws_an_equilibrium_beside_two_players(table, tmp_path: Path) -> None:
    three = load_or_compute(PigRules(40, players=3), path=tmp_path / "three.h5")
    out = plot_table(three, "players", tmp_path / "players.png", two=table)
    width, height = png_size(out)
    assert 800 <= width <= 2000 and 600 <= height <= 1600
    with pytest.raises(PigsolveError, match="--kind players draws three or more players"):
        plot_table(table, "players", tmp_path / "x.png", two=table)
    with pytest.raises(PigsolveError, match="the other kinds two"):
        plot_table(three, "contours", tmp_path / "x.png")
