"""The 2004 paper's comparison with "hold at 20", reproduced by the commands that the README
("What it reproduces") and the site's page on the paper (docs/explanations/paper.md) name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", ROOT / "docs" / "explanations" / "paper.md"]
runner = CliRunner()


@pytest.fixture(scope="module")
def compare_json(tmp_path_factory):
    """Run `pigsolve compare A B --json` in one temporary folder (one optimal table for all)."""
    folder = tmp_path_factory.mktemp("paper")

    def compare(a: str, b: str) -> dict:
        with pytest.MonkeyPatch.context() as patch:
            patch.chdir(folder)
            result = runner.invoke(app, ["compare", a, b, "--json"])
        assert result.exit_code == 0, result.stderr
        return json.loads(result.stdout)

    return compare


def test_the_papers_hold20_figures_are_the_best_response_to_hold20(compare_json) -> None:
    # Neller & Presser (2004): 58.74% moving first, hold at 20 winning 47.76% when it moves
    # first, 55.49% on a coin toss: the figures of the player maximised against hold at 20.
    result = compare_json("best-response:hold20", "hold20")
    assert result["a_first"] == pytest.approx(0.587368, abs=1e-6)
    assert 1 - result["b_first"] == pytest.approx(0.477618, abs=1e-6)
    assert result["average"] == pytest.approx(0.554875, abs=1e-6)
    figures = (result["a_first"], 1 - result["b_first"], result["average"])
    assert [round(100 * p, 2) for p in figures] == [58.74, 47.76, 55.49]
    for page in PAGES:  # the figures the pages print are these, by the command they name
        text = " ".join(page.read_text().split())
        assert "compare best-response:hold20 hold20" in text, page
        assert all(f"{100 * p:.2f}%" in text for p in figures), page


def test_the_minimax_optimal_player_wins_less_against_hold20(compare_json) -> None:
    result = compare_json("optimal", "hold20")
    assert result["a_first"] == pytest.approx(0.571498, abs=1e-6)
    assert 1 - result["b_first"] == pytest.approx(0.491658, abs=1e-6)
    assert result["average"] == pytest.approx(0.539920, abs=1e-6)
