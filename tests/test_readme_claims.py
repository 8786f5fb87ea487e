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


PAGES = [DOCS.parent / "README.md", DOCS.parent / "data" / "README.md", *sorted(DOCS.rglob("*.md"))]
NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
WORDS = {word: n for n, word in enumerate(NUMBERS, 1)}
FIGURE = re.compile(
    rf"\b(\d[\d,]*(?:\.\d+)?|{'|'.join(WORDS)})[ -]"
    r"(s|seconds?|min|minutes?|GiB|GB)\b(?!/)",  # not a speed, 245 MB/s
    flags=re.IGNORECASE,
)
SCALE = {"s": 1, "second": 1, "seconds": 1, "min": 60, "minute": 60, "minutes": 60}
FOUR = re.compile(r"four[- ]players?|--players 4|\bfour in\b|\bfor four\b", re.IGNORECASE)


def figures(text: str) -> list[tuple[str, float, int]]:
    """Return the durations (in seconds) and GiB/GB sizes in ``text``: (unit, value, decimals)."""
    found = []
    for number, unit in FIGURE.findall(text):
        number = number.lower()
        value = WORDS[number] if number in WORDS else float(number.replace(",", ""))
        decimals = len(number.partition(".")[2])
        unit = unit.lower() if unit.lower() in SCALE else unit
        if unit in SCALE:
            found.append(("s", value * SCALE[unit], decimals))
        else:
            found.append((unit, value, decimals))
    return found


def sentences(text: str) -> list[str]:
    """Return the sentences of a page's prose (a table row or a heading ends one)."""
    prose = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)  # no examples
    found = []
    for paragraph in re.split(r"\n\s*\n|\n#+ ", prose.replace("|", "\n\n")):
        flat = " ".join(paragraph.split())
        found += re.split(r"(?<=[.:;])\s+(?=[A-Z`(\[*-])", flat)
    return found


def test_the_four_player_figures_are_the_benchmarks_pages() -> None:
    """Every time or size given for four players anywhere is a figure of the dated bench run
    (``docs/reference/benchmarks.md``): no page says "under two minutes" where another says
    "six minutes". A measurement taken in other conditions names them (its load average)."""
    text = (DOCS / "reference" / "benchmarks.md").read_text()
    seconds = re.findall(r"^\|[^|]*\|[^|]*\| ([\d.]+)(?: wall)? \|", text, flags=re.MULTILINE)
    bench = figures(text) + [("s", float(value), 0) for value in seconds]
    assert ("s", 99.2, 0) in bench and ("GiB", 3.15, 2) in bench
    wrong = []
    for path in PAGES:
        if path.name == "benchmarks.md" or not path.exists():
            continue
        for sentence in sentences(path.read_text()):
            if not FOUR.search(sentence) or "load average" in sentence:
                continue
            if re.search(r"(?<!\d )(?<!\d-)\b(minutes|hours)\b", sentence):  # "takes minutes"
                wrong.append(f"{path.name}: a time without its figure in: {sentence}")
            for unit, value, decimals in figures(sentence):
                if not any(unit == u and round(v, decimals) == value for u, v, _ in bench):
                    wrong.append(f"{path.name}: {value:g} {unit} in: {sentence}")
    assert not wrong, "\n".join(wrong)


def test_a_table_file_has_one_size_on_every_page() -> None:
    """Every ``wrote FILE (SIZE)`` shown for one file on any page shows the same size (the
    docs' tests check it against the size the command prints, ``tests/test_docs.py``)."""
    sizes: dict[str, set[str]] = {}
    for path in PAGES:
        if path.exists():
            for name, size in re.findall(r"wrote (\S+) \(([^)]*)\)", path.read_text()):
                sizes.setdefault(Path(name).name, set()).add(size)
    assert sizes["pig-players2-goal100-die6.h5"] and sizes["pig-players3-goal100-die6.h5"]
    assert {name: shown for name, shown in sizes.items() if len(shown) > 1} == {}


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


MAX_LINES = 400


def test_no_module_is_over_four_hundred_lines() -> None:
    """The development page's rule: one concept to a module, at most 400 lines (``ui/report.py``
    had 430 before it was split by concern, ``cli.py`` 424 before its commands became two
    sub-apps)."""
    root = DOCS.parent
    over = {
        path.relative_to(root).as_posix()
        for path in root.rglob("*.py")
        if not path.relative_to(root).parts[0].startswith((".", "tests", "docs"))
        and len(path.read_text().splitlines()) > MAX_LINES
    }
    assert not over
    assert "a test holds every module to it" in page("reference/development.md")


def test_the_zombie_figures_of_the_readme_are_what_the_how_to_prints() -> None:
    """The README's Zombie Dice figures are printed by the how-to's commands, which
    tests/test_docs.py runs (compute, compare, tune)."""
    page = (DOCS / "how-to" / "zombie-dice.md").read_text()
    printed = {
        "0.464792": "the first player wins 0.464792",
        "0.443116": "│ coin toss  │ 0.443116  │",
        "0.448922": "│ 1    │ risk:30 │ 0.410498 │ 0.487346 │ 0.448922  │",
    }
    for figure, line in printed.items():
        assert figure in readme() and line in page
