"""Any registered family is played in a real browser (Chromium via Playwright): the tests' toy
family, the coin race (tests/coin_race.py), gets its tab, its set-up form and a button a legal
choice from what the server says of it, and is played to the end with a hint. Its table is saved
in the server's table folder first (worker processes know only the built-in families).
Screenshots land in the test's temporary folder (PIGSOLVE_SCREENSHOTS=DIR keeps them)."""

from __future__ import annotations

import re
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
from pigsolve.ui.web.tables import Tables

WAIT_MS = 60_000
"""The bound on any wait for the page."""


@pytest.fixture
def url(coin_race, tmp_path: Path) -> Iterator[str]:
    """Serve the app in a thread, the coin race registered and its goal-5 table in the server's
    table folder."""
    folder = tmp_path / "data"
    folder.mkdir()
    rules = pigsolve.game("coin-race", goal=5)
    coin_race.save(pigsolve.solve(rules), folder / coin_race.table_name(rules))
    with served(Tables(folder)) as address:
        yield address


@pytest.fixture(params=[PHONE, DESKTOP], ids=["390px", "1280px"])
def page(browser: Browser, url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """Yield the page at each width; fail on any console error."""
    yield from open_page(browser, url, request.param, WAIT_MS)


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    return screenshot_folder(tmp_path)


@pytest.mark.slow
def test_a_tab_a_family_with_its_own_form(page: Page) -> None:
    """The tabs are the registered families; each draws its fields and its seats."""
    page.wait_for_selector(".tab[data-game=coin]")
    assert page.locator(".tab").all_text_contents() == [
        "Pig",
        "Hog",
        "Farkle",
        "Zombie Dice",
        "Coin race",
    ]
    page.click(".tab[data-game=hog]")
    semesters = page.locator("#setup select[name=rules] option").all_text_contents()
    assert semesters[:4] == ["Fall 2016", "Summer 2020", "Fall 2020", "Spring 2021"]
    assert semesters[-1] == "Spring 2026" and len(semesters) == 19
    assert page.get_attribute("#setup input[name=goal]", "max") == "200"
    assert page.locator("#setup select[name=count]").count() == 0
    page.click(".tab[data-game=coin]")
    assert page.locator("#game-fields [name]").count() == 1
    assert page.input_value("#setup input[name=goal]") == "5"
    assert page.get_attribute("#setup input[name=goal]", "max") == "30"
    assert page.text_content("#setup-limits").startswith("Coin race: goal up to 30.")
    assert page.is_visible(".mode[data-mode=explore]") and page.is_visible(
        ".mode[data-mode=compare]"
    )
    page.click(".tab[data-game=pig]")
    assert page.is_visible(".mode[data-mode=explore]") and page.is_visible(
        "#setup select[name=count]"
    )
    page.select_option("#setup select[name=variant]", "big-pig")
    assert page.is_hidden("#setup input[name=die]")  # Pig's die only


@pytest.mark.slow
def test_the_coin_race_is_played_to_the_end_with_a_hint(page: Page, shots: Path) -> None:
    width = page.viewport_size["width"]
    page.click(".tab[data-game=coin]")
    page.select_option("#setup select[name=opponent]", "optimal")
    page.select_option("#setup select[name=first]", "you")
    page.fill("#setup input[name=seed]", "3")
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"coin-set-up-{width}.png", full_page=True)
    page.click("#start")
    page.wait_for_selector("#board:not([hidden])")
    assert page.text_content("#summary") == "Coin race, goal 5, vs optimal, hints on change"
    assert page.text_content("#status") == "Your turn (player 1)."
    buttons = page.locator("#choices button")
    assert [b.get_attribute("data-action") for b in buttons.all()] == ["step", "flip"]
    assert buttons.all_text_contents() == ["Step space", "Flip F"]
    assert page.is_hidden(".turn") and page.is_hidden("#roll-words") and page.is_hidden("#in-play")
    page.click("#hint")
    page.wait_for_function("document.querySelector('#hint-text').textContent.startsWith('Best')")
    hint = page.text_content("#hint-text")
    words = r"Best: (step|flip)\. Your win probability with step: [\d.]+%, flip: [\d.]+%"
    assert re.fullmatch(words, hint)
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"coin-hint-{width}.png", full_page=True)
    moves = 0
    while page.is_hidden("#banner"):
        before = page.text_content("#log")
        if moves % 2:
            page.keyboard.press("f")  # a choice's letter plays it
        else:
            page.click("#choices [data-action=step]")
        wait_for_log_change(page, before)
        moves += 1
    assert page.text_content("#banner") in ("You win!", "optimal (player 2) wins.")
    log = page.text_content("#log").splitlines()
    assert "you steps: 1 points" in log and any(line.startswith("you flips") for line in log)
    assert page.is_visible("#review") and page.locator("#review li").count() >= 1
    assert page.locator("#chart circle").count() == moves  # a point a decision
    assert page.is_hidden("#actions") and page.is_visible("#again")
    scores = [int(s) for s in page.locator("#seats .score").all_text_contents()]
    assert max(scores) >= 5
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"coin-end-{width}.png", full_page=True)


def test_the_coin_race_is_explored_and_compared(page: Page, shots: Path) -> None:
    """The toy's Explore and Compare tabs come from what its adapter and family say: a heat map
    of its table, no slice or surface; a round robin of its players."""
    width = page.viewport_size["width"]
    page.click(".tab[data-game=coin]")
    page.click(".mode[data-mode=explore]")
    page.wait_for_selector("#map .colour-scale text")
    assert page.text_content("#map-caption") == "Coin race, goal 5: the mover's win probability"
    assert page.get_attribute("#map", "data-cells") == "5"
    assert page.is_hidden("#slice-figure") and page.is_hidden("#surface-figure")
    box = page.locator("#map").bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.2, box["y"] + box["height"] * 0.7)
    page.wait_for_function("document.querySelector('#hover').textContent.includes('vs')")
    assert re.fullmatch(r"\d vs \d: win probability [\d.]+%", page.text_content("#hover"))
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"coin-explore-{width}.png", full_page=True)
    page.click(".mode[data-mode=compare]")
    assert page.locator("#compare-players input").count() == 3
    page.click("#compare-form button[type=submit]")
    page.wait_for_selector("#matrix td")
    assert page.locator("#matrix th").all_text_contents()[1:4] == ["step", "flip", "optimal"]
    assert page.text_content("#matrix-caption").startswith("Coin race, goal 5: P(row beats")
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"coin-compare-{width}.png", full_page=True)
