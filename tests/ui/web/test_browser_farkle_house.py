"""Three friends' house rules in a real browser (Chromium via Playwright): the last round on and
500 to get on the board, chosen in the set-up form, against two optimal players with hints,
played to the end at a phone's and a desktop's width. Screenshots land in the test's temporary
folder (PIGSOLVE_SCREENSHOTS=DIR keeps them)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
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
ENTRY = 250


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve the app with the house rules' three-player table in its table folder."""
    folder = tmp_path_factory.mktemp("data")
    rules = replace(pigsolve.game("farkle", goal=GOAL, players=3), last_turn=True, entry=ENTRY)
    family = FarkleFamily()
    family.save(pigsolve.solve(rules), folder / family.table_name(rules))
    with served(Tables(folder)) as address:
        yield address


@pytest.fixture(params=[PHONE, DESKTOP], ids=["390px", "1280px"])
def page(browser: Browser, url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from open_page(browser, url, request.param, WAIT_MS)


@pytest.mark.slow
def test_house_rules_against_two_optimal_players(page: Page, tmp_path: Path) -> None:
    shots, width = screenshot_folder(tmp_path), page.viewport_size["width"]
    page.click(".tab[data-game=farkle]")
    page.fill("#setup input[name=goal]", str(GOAL))
    page.select_option("#setup select[name=last_turn]", "on")
    page.fill("#setup input[name=entry]", str(ENTRY))
    page.select_option("#setup select[name=count]", "2")
    for menu in ("opponent", "opponent2"):
        page.select_option(f"#setup select[name={menu}]", "optimal")
    page.select_option("#setup select[name=first]", "you")
    page.fill("#setup input[name=seed]", "5")
    page.click("#start")
    page.wait_for_selector("#board:not([hidden])")
    assert page.locator("#seats .player .name").all_text_contents() == ["You", "optimal", "optimal"]
    page.evaluate("stepMs = 0")  # the computers' turns at once
    hinted = False
    while page.is_hidden("#banner"):
        before = page.text_content("#log")
        page.click("#hint")
        page.wait_for_function(
            "document.querySelector('#hint-text').textContent.startsWith('Best')"
        )
        if not hinted:
            page.screenshot(path=shots / f"farkle-house-hint-{width}.png", full_page=True)
            hinted = True
        hint = page.text_content("#hint-text")
        if page.locator("#dice .pick").count():
            for button in page.locator("#dice .pick.hinted").all():
                button.click()
            page.keyboard.press("Enter")
        else:
            choice = "bank" if hint.split(".")[0] == "Best: bank" else "roll"
            page.click(f"#choices [data-action={choice}]")
        wait_for_log_change(page, before)
        if page.is_visible("#skip"):
            page.keyboard.press("Escape")
            page.wait_for_selector("#board:not(.replaying)")
    page.screenshot(path=shots / f"farkle-house-end-{width}.png", full_page=True)
    scores = [int(s) for s in page.locator("#seats .score").all_text_contents()]
    assert max(scores) >= GOAL
    assert "the goal with" in page.text_content("#log")  # the last round is told
    assert page.text_content("#review li").startswith("No decision cost")  # hints followed
    assert page.locator("#chart polyline").count() == 3
    assert no_sideways_scroll(page)
