"""Zombie Dice in a real browser (Chromium via Playwright): a game at goal 5 against the optimal
player with hints, the last roll's dice drawn with their faces and beside them the cup, the hand
and the dice set aside, rolled and stopped to its end at a phone's and a desktop's width; the
explorer draws each seat's chance. Screenshots land in the test's temporary folder
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
from pigsolve.solver.registry import family_named
from pigsolve.ui.web.tables import Tables

WAIT_MS = 60_000
"""The bound on any wait for the page."""
GOAL = 5


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve the app in a thread with the boxed game's goal-5 table in its table folder."""
    folder = tmp_path_factory.mktemp("data")
    rules = pigsolve.game("zombie-dice", goal=GOAL)
    family = family_named("zombie")
    family.save(pigsolve.solve(rules), folder / family.table_name(rules))
    with served(Tables(folder)) as address:
        yield address


@pytest.fixture(params=[PHONE, DESKTOP], ids=["390px", "1280px"])
def page(browser: Browser, url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from open_page(browser, url, request.param, WAIT_MS)


def start(page: Page) -> None:
    page.click(".tab[data-game=zombie]")
    page.fill("#setup input[name=goal]", str(GOAL))
    page.select_option("#setup select[name=opponent]", "optimal")
    page.select_option("#setup select[name=first]", "you")
    page.fill("#setup input[name=seed]", "5")
    page.click("#start")
    page.wait_for_selector("#board:not([hidden])")


def check_the_drawing(page: Page) -> None:
    """The last roll's dice are drawn as the state has them, and the tally beside them counts
    the cup, the hand, the brains and the shotguns of the state."""
    state = page.evaluate("state")
    labels = page.locator("#dice .cup-roll svg").evaluate_all(
        "dice => dice.map((die) => die.getAttribute('aria-label'))"
    )
    assert labels == [f"{d['colour']} die: {d['face']}" for d in state["roll"]["dice"]]
    cup = page.locator("#dice .cup-tally .in-cup").all_text_contents()
    assert cup == [f"{left['colour'][0].upper()}×{left['count']}" for left in state["cup"]]
    for name, face in (("hand", "feet"), ("brains", "brain"), ("shotguns", "shotgun")):
        drawn = page.locator(f"#dice .cup-tally .{name} dd svg").count()
        assert drawn == len(state[name]), name
        if drawn:
            first = page.get_attribute(f"#dice .cup-tally .{name} dd svg", "aria-label")
            assert first == f"{state[name][0]} die: {face}"
    shotguns = page.text_content("#dice .cup-tally .shotguns dt span")
    assert shotguns == f"{len(state['shotguns'])} of 3"


@pytest.mark.slow
def test_a_game_is_rolled_and_stopped_to_its_end(page: Page, tmp_path: Path) -> None:
    shots, width = screenshot_folder(tmp_path), page.viewport_size["width"]
    start(page)
    assert page.locator("#dice .cup-roll svg").count() == 3  # the turn's first roll, made
    hinted = stopped = False
    while page.is_hidden("#banner"):
        check_the_drawing(page)
        before = page.text_content("#log")
        page.click("#hint")
        page.wait_for_function(
            "document.querySelector('#hint-text').textContent.startsWith('Best')"
        )
        if not hinted:
            assert no_sideways_scroll(page)
            page.screenshot(path=shots / f"zombie-hint-{width}.png", full_page=True)
            hinted = True
        brains = page.evaluate("state.turn_brains")
        choice = "stop" if brains >= 2 and page.locator("[data-action=stop]").count() else "roll"
        if choice == "stop" and not stopped:
            page.screenshot(path=shots / f"zombie-stop-{width}.png", full_page=True)
            stopped = True
        page.click(f"#choices [data-action={choice}]")
        wait_for_log_change(page, before)
    assert hinted and stopped
    assert page.text_content("#banner") in ("You win!", "optimal (player 2) wins.")
    assert page.locator("#dice .cup-phase").count() == 0  # no last turn's words once over
    assert page.is_visible("#chart") and no_sideways_scroll(page)
    page.screenshot(path=shots / f"zombie-end-{width}.png", full_page=True)


@pytest.mark.slow
def test_explore_draws_each_seat_s_chance(page: Page, tmp_path: Path) -> None:
    shots, width = screenshot_folder(tmp_path), page.viewport_size["width"]
    page.click(".tab[data-game=zombie]")
    page.eval_on_selector("#explore-form input[name=goal]", f"goal => goal.value = {GOAL}")
    page.click(".mode[data-mode=explore]")
    page.wait_for_selector("#slice .legend")
    assert page.text_content("#map-caption").startswith(
        f"Zombie Dice, goal {GOAL}: the first player's win probability"
    )
    assert page.locator("#slice .legend text").all_text_contents() == [
        "player 1",
        "player 2",
    ]
    page.wait_for_selector("#surface .main-svg")
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"zombie-explore-{width}.png", full_page=True)
