"""What the documentation says about the commands is what they do (issue 18, item 7).

These claims were the README's; they moved with its text to the site's pages (issue 20).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app

DOCS = Path(__file__).resolve().parents[1] / "docs"
runner = CliRunner()


def page(name: str) -> str:
    """Return the text of ``docs/NAME`` with every run of whitespace one space."""
    return " ".join((DOCS / name).read_text().split())


def test_tune_prints_the_best_eleven_as_the_tune_page_says(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["tune", "hold", "--goal", "30"], terminal_width=200)
    ranked = re.findall(r"^│ (\d+) +│", result.stdout, flags=re.MULTILINE)
    assert ranked == [str(place) for place in range(1, 12)]
    assert "prints the best eleven" in page("how-to/tune.md")


def test_the_four_player_time_is_given_once() -> None:
    pages = [page(name) for name in ("reference/benchmarks.md", "how-to/more-players.md")]
    assert not any("290 s" in text for text in pages)
    assert pages[0].count("99.2 wall") == 1  # the bench row
    assert pages[1].count("99.2 s wall") == 1  # the sentence that cites it
    assert not any("368" in text for text in pages)


def test_the_rolls_file_of_the_example_is_made_by_a_command_before_it() -> None:
    text = page("tutorials/play.md")
    made = text.index("> rolls.txt")
    assert made < text.index("--rolls rolls.txt")


def test_the_plot_synopsis_says_slice_needs_an_opponent() -> None:
    for name in ("how-to/export-plot.md", "reference/formats.md"):
        assert "`pigsolve plot --kind slice --opponent J --out FILE`" in page(name)
    for markdown in DOCS.rglob("*.md"):
        assert "[--opponent J]" not in markdown.read_text(), markdown


def readme() -> str:
    return (DOCS.parent / "README.md").read_text()


@pytest.mark.parametrize("game", ["pig", "two-dice", "big-pig", "pass-the-pigs"])
def test_the_family_table_of_the_readme_is_what_tune_prints(game, tmp_path, monkeypatch) -> None:
    """Each row: the first player's chance under optimal play and the best hold-at-N."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["tune", "hold", "--game", game, "--json"])
    assert result.exit_code == 0, result.output
    tuned = json.loads(result.stdout)
    best = tuned["best"]
    row = (
        f"| `{game}` | {tuned['optimal']['a_first']:.6f} | "
        f"hold at {best['a'].removeprefix('hold')}: {best['average']:.6f} |"
    )
    assert row in readme()
