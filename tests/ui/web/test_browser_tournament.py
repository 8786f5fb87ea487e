"""A tournament's ranking in a real browser (Chromium via Playwright): the file `pigsolve
tournament --json` writes, picked in the page, read there and never sent to the server, shown as
a table, a heat map and the disqualified entries; a file that is not one is refused in one line.
Screenshots land in the test's temporary folder (PIGSOLVE_SCREENSHOTS=DIR keeps them)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from browser_pages import DESKTOP, PHONE, no_sideways_scroll, open_page, screenshot_folder, served
from playwright.sync_api import Browser, Page

from pigsolve.solver.hog.family import HogFamily
from pigsolve.ui.web.tables import Tables

WAIT_MS = 30_000
"""The bound on any wait for the page: nothing is computed."""
RANKING = Path(__file__).parents[2] / "data" / "tournament-ranking.json"
"""A small ranking of eight entries and two disqualified in hog-su20, its rates exact."""


@pytest.fixture
def url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Serve the app in a thread, Hog holding contests (the view shows where a family does)."""
    contest = HogFamily.can.contest or (lambda rules, tables, progress=None: None)
    monkeypatch.setattr(HogFamily, "can", replace(HogFamily.can, contest=contest))
    with served(Tables(tmp_path / "data")) as address:
        yield address


@pytest.fixture(params=[PHONE, DESKTOP], ids=["390px", "1280px"])
def page(browser: Browser, url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from open_page(browser, url, request.param, WAIT_MS)


def pick(page: Page, name: str, content: bytes) -> None:
    file = {"name": name, "mimeType": "application/json", "buffer": content}
    page.set_input_files("#ranking-file", file)


def cells(page: Page, row: int) -> list[str]:
    return page.locator("#ranking tr").nth(row).locator("th, td").all_text_contents()


@pytest.mark.slow
def test_the_ranking_its_rates_and_the_disqualified(page: Page, tmp_path: Path) -> None:
    width = page.viewport_size["width"]
    page.wait_for_selector(".tab[data-game=pig]")
    assert page.is_hidden(".mode[data-mode=tournament]")  # Pig holds no contests
    page.click(".tab[data-game=hog]")
    page.click(".mode[data-mode=tournament]")
    pick(page, "ranking.json", RANKING.read_bytes())
    page.wait_for_selector("#rates .main-svg")
    assert page.text_content("#message") == ""
    assert page.locator("#ranking tr").count() == 9
    assert cells(page, 0) == ["Rank", "Name", "Points", "Win rate"]
    assert cells(page, 1) == ["1", "alice", "7", "84.25%"]
    assert [cells(page, row)[0] for row in range(1, 9)] == ["1", "2", "3", "4", "4", "6", "7", "7"]
    caption = page.text_content("#ranking-caption")
    assert caption.startswith("hog-su20, goal 100: 8 entries, 2 disqualified, every one against")
    assert "above 0.500001 (a tie scores none)" in caption and "by pigsolve 0.2.0" in caption
    assert page.locator("#rates .hm, #rates .heatmaplayer image").count() >= 1
    reasons = page.locator("#disqualified li").all_text_contents()
    assert reasons[0] == (
        "entries/mallory.py:final_strategy: "
        "final_strategy(3, 4) returned 11 (invalid number of rolls)"
    )
    assert len(reasons) == 2 and page.is_visible("#disqualified")
    assert no_sideways_scroll(page)
    page.screenshot(path=screenshot_folder(tmp_path) / f"tournament-{width}.png", full_page=True)


@pytest.mark.slow
def test_a_file_that_is_no_ranking_is_refused_in_one_line(page: Page) -> None:
    page.click(".tab[data-game=hog]")
    page.click(".mode[data-mode=tournament]")
    pick(page, "ranking.json", RANKING.read_bytes())
    page.wait_for_selector("#rates .main-svg")
    ranking = json.loads(RANKING.read_text())
    refused = {
        "notes.json": (b"final_strategy = 4\n", "notes.json is not JSON: choose the file that"),
        "policy.json": (
            json.dumps({"what": "policy", "goal": 100}).encode(),
            "policy.json is not a tournament's ranking: its format is not pigsolve-tournament",
        ),
        "newer.json": (
            json.dumps(ranking | {"version": 2}).encode(),
            "newer.json is a ranking of format version 2; this page reads version 1",
        ),
        "cut.json": (
            json.dumps(ranking | {"rates": ranking["rates"][:-1]}).encode(),
            "cut.json is not a ranking this page reads: rates is not 8 rows, one an entry",
        ),
    }
    for name, (content, words) in refused.items():
        pick(page, name, content)
        page.wait_for_function("document.querySelector('#message').textContent !== ''")
        assert page.text_content("#message").startswith(words)
        assert page.get_attribute("#message", "class") == "error"
        assert page.locator("#ranking tr").count() == 0 and page.is_hidden("#rates-figure")
        pick(page, "ranking.json", RANKING.read_bytes())
        page.wait_for_selector("#ranking tr")
        assert page.text_content("#message") == ""
    page.click(".tab[data-game=pig]")  # another tab: the ranking and the file are forgotten
    assert page.locator("#ranking tr").count() == 0
    assert page.eval_on_selector("#ranking-file", "input => input.files.length") == 0
