"""Farkle in a real browser (Chromium via Playwright): the dice rolled are drawn, the person
clicks the dice to keep (or types their faces), a keep that does not score is refused on the
button, the hint marks the best dice, the dice kept lie aside with their points and those that
roll next are framed, the computer's turns are played out step by step (Skip ends them), and a
game at goal 1,000 is played to its end at a phone's and a desktop's width. Screenshots land
in the test's temporary folder (PIGSOLVE_SCREENSHOTS=DIR keeps them)."""

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
GOAL = 1000


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve the app in a thread with Farkle's goal-1,000 table in its table folder."""
    folder = tmp_path_factory.mktemp("data")
    rules = pigsolve.game("farkle", goal=GOAL)
    family = FarkleFamily()
    family.save(pigsolve.solve(rules), folder / family.table_name(rules))
    with served(Tables(folder)) as address:
        yield address


@pytest.fixture(params=[PHONE, DESKTOP], ids=["390px", "1280px"])
def page(browser: Browser, url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from open_page(browser, url, request.param, WAIT_MS)


def start(page: Page, first: str = "you") -> None:
    page.click(".tab[data-game=farkle]")
    page.fill("#setup input[name=goal]", str(GOAL))
    page.select_option("#setup select[name=opponent]", "optimal")
    page.select_option("#setup select[name=first]", first)
    page.fill("#setup input[name=seed]", "4")
    page.click("#start")
    page.wait_for_selector("#board:not([hidden])")


def faces(page: Page, dice: str = "#dice .pick svg") -> list[int]:
    """The faces of the dice to pick from (or of other ``dice``), as drawn."""
    labels = [svg.get_attribute("aria-label") for svg in page.locator(dice).all()]
    return [int(label.split()[0]) for label in labels]


SEEN = """() => {  // every step's words, and every reason shown, as they are drawn
    window.seen = [];
    const note = () => {
        const words = document.querySelector("#roll-words").textContent;
        if (replaying && seen[seen.length - 1] !== words) seen.push(words);
        const reasons = document.querySelectorAll("#set-aside .why");
        reasons.forEach((why) => seen.includes(why.textContent) || seen.push(why.textContent));
    };
    const everything = { childList: true, subtree: true };
    new MutationObserver(note).observe(document.querySelector("#board"), everything);
}"""


def replaying(page: Page) -> bool:
    return page.evaluate("replaying !== null")


@pytest.mark.slow
def test_farkle_is_played_by_clicking_dice(page: Page, tmp_path: Path) -> None:
    shots, width = screenshot_folder(tmp_path), page.viewport_size["width"]
    start(page)
    page.evaluate("stepMs = 3_600_000")  # the computer's turns stay at their first step
    assert page.locator("#dice .pick").count() == 6  # the first roll: six dice to pick from
    assert page.text_content("#keep").startswith("Pick the dice to keep")
    assert page.is_disabled("#keep")
    refused = checked_hint = skipped = False
    while page.is_hidden("#banner"):
        before = page.text_content("#log")
        if page.locator("#dice .pick").count():
            shown = faces(page)
            lone = next(
                (n for n, f in enumerate(shown) if f not in (1, 5) and shown.count(f) < 3), None
            )
            if lone is not None and not refused:  # a die that scores nothing alone
                page.click(f"#dice .pick[data-die='{lone}']")
                assert page.is_disabled("#keep")
                assert page.text_content("#keep").startswith(f"{shown[lone]} does not score alone")
                page.click(f"#dice .pick[data-die='{lone}']")  # put back
                refused = True
            page.click("#hint")
            page.wait_for_function(
                "document.querySelector('#hint-text').textContent.startsWith('Best')"
            )
            hinted = page.locator("#dice .pick.hinted")
            assert hinted.count() >= 1
            if not checked_hint:
                assert no_sideways_scroll(page)
                page.screenshot(path=shots / f"farkle-hint-{width}.png", full_page=True)
                checked_hint = True
            for button in hinted.all():
                button.click()
            best = page.text_content("#hint-text").removeprefix("Best: keep ").split(".")[0]
            assert page.text_content("#keep").startswith(f"Keep {best}")
            assert page.is_enabled("#keep")
            page.keyboard.press("Enter")
        else:
            total = int(page.text_content("#turn-total") or 0)
            choice = (
                "bank" if total >= 300 and page.locator("[data-action=bank]").count() else "roll"
            )
            page.click(f"#choices [data-action={choice}]")
        wait_for_log_change(page, before)
        if replaying(page):  # the computer's turn, at its first step until skipped
            assert page.is_visible("#skip") and page.is_hidden("#actions")
            page.keyboard.press("Escape")
            page.wait_for_selector("#board:not(.replaying)")
            skipped = True
    assert refused and checked_hint and skipped
    assert page.text_content("#banner") in ("You win!", "optimal (player 2) wins.")
    assert page.is_visible("#review") and page.locator("#chart circle").count() >= 1
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"farkle-end-{width}.png", full_page=True)


def test_a_face_s_key_picks_a_die(page: Page) -> None:
    start(page)
    shown = faces(page)
    page.keyboard.press(str(shown[0]))
    assert page.locator("#dice .pick.picked").count() == 1
    assert page.get_attribute("#dice .pick.picked", "aria-pressed") == "true"
    page.keyboard.press(str(shown[0]))  # the next die of that face, if any, else put back
    assert page.locator("#dice .pick.picked").count() == (2 if shown.count(shown[0]) > 1 else 0)


@pytest.mark.slow
def test_explore_draws_when_to_bank(page: Page, tmp_path: Path) -> None:
    """Explore draws the mover's chance over both scores (a heat map and a surface) and, for the
    opponent's score the slider picks, a line of banking totals for each number of dice;
    Compare plays Farkle's round robin up to goal 1,000."""
    shots, width = screenshot_folder(tmp_path), page.viewport_size["width"]
    page.click(".tab[data-game=farkle]")
    # the goal set before the view opens, which draws at once (no goal-10,000 table here)
    page.eval_on_selector("#explore-form input[name=goal]", f"goal => goal.value = {GOAL}")
    page.click(".mode[data-mode=explore]")
    page.wait_for_selector("#slice .legend")
    assert (
        page.text_content("#map-caption")
        == f"Farkle, goal {GOAL}: the mover's win probability under optimal play"
    )
    assert page.text_content("#slice-words").startswith("Turn total at which to bank")
    assert page.locator("#slice .legend text").all_text_contents() == [
        "6 dice", "5 dice", "4 dice", "3 dice", "2 dice", "1 die"
    ]  # fmt: skip
    page.wait_for_selector("#surface .main-svg")  # the chances as a surface, as Pig's
    assert page.text_content("#surface-caption").startswith("The mover's win probability")
    page.fill("#slice-at", "10")  # the opponent at 500
    page.dispatch_event("#slice-at", "input")
    assert page.text_content("#slice-at-value") == "500"
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"farkle-explore-{width}.png", full_page=True)
    page.click(".mode[data-mode=compare]")
    assert page.get_attribute("#compare-form input[name=goal]", "max") == "1000"
    page.fill("#compare-form input[name=goal]", "500")
    page.click("#compare-form button[type=submit]")
    page.wait_for_selector("#matrix td")
    assert page.text_content("#matrix-caption").startswith("Farkle, goal 500: P(row beats column)")
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"farkle-compare-{width}.png", full_page=True)


@pytest.mark.slow
def test_kept_dice_lie_aside_and_the_computer_s_turn_is_played_out(
    page: Page, tmp_path: Path
) -> None:
    """Seed 4: the person keeps 5 6 6 6 of 4 5 6 6 6 6 (650) and banks; the optimal player
    rolls 1 2 3 3 4 6, keeps its 1 with no choice, and farkles two rolls later: each step is
    drawn in turn, the 1 set aside with its reason."""
    shots, width = screenshot_folder(tmp_path), page.viewport_size["width"]
    start(page)
    assert faces(page) == [4, 5, 6, 6, 6, 6]
    for face in "5666":
        page.keyboard.press(face)
    page.keyboard.press("Enter")
    page.wait_for_selector("#set-aside .kept")
    assert page.text_content("#set-aside .kept .points") == "+650"
    assert faces(page, "#set-aside .kept svg") == [5, 6, 6, 6]
    assert faces(page, "#dice.to-roll svg") == [4, 6]  # the two dice left: framed, to roll
    assert page.text_content("#rolling-words") == "2 dice to roll next"
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"farkle-set-aside-{width}.png", full_page=True)
    page.evaluate(SEEN)
    page.evaluate("stepMs = 20")
    page.click("#choices [data-action=bank]")
    page.wait_for_function("replaying === null && seen.length > 0")
    seen = page.evaluate("seen")
    turn = [
        "optimal's turn (you 650, optimal 0)",
        "optimal rolls 6 dice: 1 2 3 3 4 6",
        "optimal keeps 1 for 100: turn total 100, 5 dice left",
        "kept automatically: the only scoring die",
    ]
    assert [words for words in seen if words in turn] == turn
    assert "farkle: no scoring dice, the turn total 150 is lost" in seen
    assert page.text_content("#status") == "Your turn (player 1)."
    assert page.is_hidden("#set-aside") and page.locator("#dice .pick").count() == 6


@pytest.mark.slow
def test_the_computer_s_opening_turn_is_played_out_until_skipped(page: Page) -> None:
    page.evaluate("stepMs = 3_600_000")  # the first step stays until skipped
    start(page, first="computer")
    assert page.text_content("#status") == "optimal is playing."
    assert page.is_visible("#skip") and page.is_hidden("#actions")
    page.click("#skip")
    page.wait_for_selector("#board:not(.replaying)")
    assert page.text_content("#status") == "Your turn (player 2)."
    assert page.is_visible("#actions") and page.is_hidden("#skip")
