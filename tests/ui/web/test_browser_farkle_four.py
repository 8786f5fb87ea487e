"""Farkle against three computer players in a real browser (Chromium via Playwright): four score
cards, hints from the four-player table, played to the end at a phone's and a desktop's width,
then a chance line per player in the chart. Screenshots land in the test's temporary folder
(PIGSOLVE_SCREENSHOTS=DIR keeps them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_pages import (
    DESKTOP,
    PHONE,
    no_sideways_scroll,
    open_page,
    screenshot_folder,
    served,
    wait_for_log_change,
)
from playwright.sync_api import Browser, Page

import pigsolve
from pigsolve.solver.farkle.family import FarkleFamily
from pigsolve.ui.web.tables import Tables

WAIT_MS = 60_000
"""The bound on any wait for the page."""
GOAL = 500
OPPONENTS = ("optimal", "max-score", "optimal")


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve the app with Farkle's four-player goal-500 table in its table folder."""
    folder = tmp_path_factory.mktemp("data")
    rules = pigsolve.game("farkle", goal=GOAL, players=4)
    family = FarkleFamily()
    family.save(pigsolve.solve(rules), folder / family.table_name(rules))
    with served(Tables(folder)) as address:
        yield address


@pytest.fixture(params=[PHONE, DESKTOP], ids=["390px", "1280px"])
def page(browser: Browser, url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from open_page(browser, url, request.param, WAIT_MS)


@pytest.mark.slow
def test_farkle_against_three_computer_players(page: Page, tmp_path: Path) -> None:
    shots, width = screenshot_folder(tmp_path), page.viewport_size["width"]
    page.click(".tab[data-game=farkle]")
    page.fill("#setup input[name=goal]", str(GOAL))
    page.select_option("#setup select[name=count]", "3")
    for menu, name in zip(("opponent", "opponent2", "opponent3"), OPPONENTS, strict=True):
        page.select_option(f"#setup select[name={menu}]", name)
    page.select_option("#setup select[name=first]", "you")
    page.fill("#setup input[name=seed]", "3")
    page.click("#start")
    page.wait_for_selector("#board:not([hidden])")
    names = page.locator("#seats .player .name").all_text_contents()
    assert names == ["You", *OPPONENTS]
    assert page.text_content("#status") == "Your turn (player 1)."
    page.evaluate("stepMs = 0")  # the computers' turns at once
    hinted = False
    while page.is_hidden("#banner"):
        before = page.text_content("#log")
        if page.locator("#dice .pick").count():
            page.click("#hint")
            page.wait_for_function(
                "document.querySelector('#hint-text').textContent.startsWith('Best')"
            )
            if not hinted:
                assert no_sideways_scroll(page)
                page.screenshot(path=shots / f"farkle-four-hint-{width}.png", full_page=True)
                hinted = True
            for button in page.locator("#dice .pick.hinted").all():
                button.click()
            page.keyboard.press("Enter")
        else:
            total = int(page.text_content("#turn-total") or 0)
            banks = total >= 300 and page.locator("[data-action=bank]").count()
            choice = "bank" if banks else "roll"
            page.click(f"#choices [data-action={choice}]")
        wait_for_log_change(page, before)
        if page.is_visible("#skip"):
            page.keyboard.press("Escape")
            page.wait_for_selector("#board:not(.replaying)")
    scores = [int(s) for s in page.locator("#seats .score").all_text_contents()]
    winner = max(range(4), key=scores.__getitem__)
    assert scores[winner] >= GOAL and sorted(scores)[-2] < GOAL
    words = "You win!" if winner == 0 else f"{names[winner]} (player {winner + 1}) wins."
    assert page.text_content("#banner") == words
    assert page.text_content("#chart figcaption").startswith("Each player's win probability")
    legend = page.locator("#chart .legend text").all_text_contents()
    assert legend == ["You", "optimal (player 2)", "max-score (player 3)", "optimal (player 4)"]
    assert page.locator("#chart polyline").count() == 4
    for seat in range(4):  # every seat decided at least once, each point a chance
        assert page.locator(f"#chart circle.line{seat}").count() >= 1
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"farkle-four-end-{width}.png", full_page=True)
