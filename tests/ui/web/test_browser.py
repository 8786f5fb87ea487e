"""The page in a real browser (Chromium via Playwright): whole games, the terminal's words, charts
with axes and scales, no sideways scrolling on a phone, no console error. Screenshots land in the
test's temporary folder (PIGSOLVE_SCREENSHOTS=DIR keeps them)."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
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
from PIL import Image  # with matplotlib, of the test extra
from playwright.sync_api import Browser, Page

from pigsolve.ui.web.guard import PAGE_HEADERS
from pigsolve.ui.web.tables import Tables

WAIT_MS = 120_000
"""The bound on any wait for the page (tables are computed on first use)."""


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve the app in a thread; its tables go to a folder of its own."""
    with served(Tables(tmp_path_factory.mktemp("gui") / "data")) as address:
        yield address


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    return screenshot_folder(tmp_path)


@pytest.fixture
def page(browser: Browser, url: str) -> Iterator[Page]:
    yield from open_page(browser, url, DESKTOP, WAIT_MS)


@pytest.fixture
def phone(browser: Browser, url: str) -> Iterator[Page]:
    yield from open_page(browser, url, PHONE, WAIT_MS)


@pytest.fixture(params=[PHONE, DESKTOP], ids=["390px", "1280px"])
def any_page(browser: Browser, url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from open_page(browser, url, request.param, WAIT_MS)


def start(page: Page, game: str, opponent: str, seed: int, **fields: str) -> None:
    page.click(f".tab[data-game={game}]")
    page.select_option("#setup select[name=opponent]", opponent)
    page.select_option("#setup select[name=first]", "you")
    page.fill("#setup input[name=seed]", str(seed))
    for name, value in fields.items():
        page.fill(f"#setup input[name={name}]", value)
    page.click("#start")
    page.wait_for_selector("#board:not([hidden])")
    # the players' list, asked for when the tab was clicked, must not undo the choice
    assert f"vs {opponent}," in page.text_content("#summary")


def in_view(page: Page, selector: str) -> bool:
    """Return whether ``selector``'s box lies within the viewport, seen without scrolling."""
    box, screen = page.locator(selector).bounding_box(), page.viewport_size
    if box is None:
        return False
    right, bottom = box["x"] + box["width"], box["y"] + box["height"]
    return min(box["x"], box["y"]) >= 0 and right <= screen["width"] and bottom <= screen["height"]


@pytest.mark.slow
def test_a_pig_game_in_the_browser_logs_the_terminal_transcript(
    page: Page, shots: Path, pigsolve
) -> None:
    start(page, "pig", "hold20", seed=11, goal="30")
    inputs = []
    while page.is_hidden("#banner"):
        before = page.text_content("#log")
        total = int(page.text_content("#turn-total"))
        inputs.append("" if total < 10 else "h")
        page.keyboard.press("Space" if total < 10 else "h")
        wait_for_log_change(page, before)
    page.screenshot(path=shots / "pig.png", full_page=True)
    stdin = "".join(f"{line}\n" for line in inputs)
    done = pigsolve("play", "--you", "1", "--seed", "11", "--goal", "30", stdin=stdin)
    transcript = re.sub(r"Turn total: \d+ \tRoll/Hold\? ", "", done.stdout).splitlines()[2:]
    assert page.text_content("#log").splitlines() == transcript
    assert page.locator("#chart .y-axis text").first.text_content() == "0%"
    assert "50%: even chances" in page.text_content("#chart")
    even = float(page.get_attribute("#chart .even", "y1"))
    label = float(page.get_attribute("#chart .even-label", "y"))
    last = float(page.locator("#chart circle").last.get_attribute("cy"))
    assert (label > even) == (last <= even)  # the label is away from the latest point


@pytest.mark.slow
def test_a_hog_game_rolls_the_dice_chosen_and_shows_them(page: Page, shots: Path) -> None:
    start(page, "hog", "bacon", seed=5)
    options = page.locator("#choice option").all_text_contents()
    assert options[:3] == ["Pork Chop", "Free Bacon", "1 die"] and options[-1] == "10 dice"
    assert "Dice in play for the next roll: six-sided" in page.text_content("#in-play")
    drawn = []
    while page.is_hidden("#banner"):
        before = page.text_content("#log")
        page.select_option("#choice", "3")
        page.click("#play-choice")
        wait_for_log_change(page, before)
        drawn.append(page.locator("#dice svg").count())
    page.screenshot(path=shots / "hog.png", full_page=True)
    mine = [line for line in page.text_content("#log").splitlines() if line.startswith("you ")]
    assert mine and all(line.startswith("you roll 3 dice [") for line in mine)
    assert all(count >= 1 for count in drawn)  # the last dice rolled, always in view
    assert page.text_content("#banner") in ("You win!", "bacon (player 2) wins.")


@pytest.mark.slow
def test_explore_is_drawn_on_arrival_with_axes_and_a_scale(page: Page, shots: Path) -> None:
    page.click(".mode[data-mode=explore]")
    page.wait_for_selector("#map .colour-scale text")
    assert page.text_content("#map .x-axis .label") == "your score i"
    assert page.text_content("#map .y-axis .label") == "opponent score j"
    assert page.text_content("#map .colour-scale .label") == "hold at turn total k"
    low, high = (int(page.get_attribute("#map", f"data-{end}")) for end in ("low", "high"))
    explore = f"{page.url}api/pig/explore?variant=pig&goal=100&die=6"
    explored = page.request.get(explore, headers=PAGE_HEADERS).json()  # as the page asks
    hold, scores = (
        np.array(explored["heat_map"]["z"]),
        np.array(explored["heat_map"]["x"]["values"]),
    )
    short = hold[hold < 100 - scores[:, None]]  # where it holds before the goal
    assert [low, high] == np.percentile(short, [5, 95], method="inverted_cdf").tolist()
    assert low <= 15 and high >= 30 and high - low <= 30  # the decisions' band fills the scale
    scale = page.locator("#map .colour-scale text").all_text_contents()
    assert f"≤ {low}" in scale and f"≥ {high}" in scale
    assert "Grey: it rolls on to the goal" in page.text_content("#map-key")
    ticks = page.locator("#map .x-axis text").all_text_contents()
    assert ticks[:3] == ["0", "20", "40"]  # goal 100, the form's default
    assert page.text_content("#slice .x-axis .label") == "your score i"
    assert page.text_content("#slice .y-axis .label") == "turn total k"
    assert page.locator("#slice .legend text").all_text_contents() == ["optimal", "hold at 20"]
    box = page.locator("#slice").bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.8)
    page.wait_for_function("document.querySelector('#hover').textContent.startsWith('P(')")
    said = page.text_content("#hover")  # P(i, 0, k) = ..%: roll ..%, hold ..%; optimal: roll
    i, j, k = map(int, re.match(r"P\((\d+), (\d+), (\d+)\)", said).groups())
    asked = f"{page.url}api/pig/state?goal=100&state={i},{j},{k}"
    state = page.request.get(asked, headers=PAGE_HEADERS).json()
    values = ", ".join(f"{a} {100 * p:.2f}%" for a, p in state["action_values"].items())
    assert j == 0 and said.endswith(f": {values}; optimal: {state['best_action']}")
    page.wait_for_selector("#surface .main-svg")  # the 3D surface, drawn by the shipped plotly.js
    page.screenshot(path=shots / "explore.png", full_page=True)


@pytest.mark.slow
def test_every_view_fits_the_screen(any_page: Page, shots: Path) -> None:
    """At 390 px (a phone) and 1280 px: no sideways scrolling in any view."""
    page = any_page
    width = page.viewport_size["width"]
    start(page, "pig", "optimal", seed=3, goal="40")
    page.keyboard.press("Space")
    page.wait_for_selector("#chart:not([hidden])")
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"play-{width}.png", full_page=True)
    start(page, "hog", "optimal", seed=3)
    page.select_option("#choice", "10")
    page.click("#play-choice")
    page.wait_for_selector("#chart:not([hidden])")
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"hog-{width}.png", full_page=True)
    page.click(".mode[data-mode=explore]")
    page.wait_for_selector("#map .colour-scale text")
    assert page.text_content("#map .x-axis .label") == "your score"
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"hog-explore-{width}.png", full_page=True)
    page.click(".mode[data-mode=play]")
    page.click(".tab[data-game=pig]")
    page.click(".mode[data-mode=explore]")
    page.wait_for_selector("#map .colour-scale text")
    page.wait_for_selector("#surface .main-svg")
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"explore-{width}.png", full_page=True)
    page.click(".mode[data-mode=compare]")
    page.click("#compare-form button")
    page.wait_for_selector("#matrix td")
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"compare-{width}.png", full_page=True)


@pytest.mark.slow
def test_a_table_being_computed_shows_its_progress(page: Page, shots: Path) -> None:
    """A game whose table takes a while: the page says what it computes, with a progress bar,
    and starts the game when it is done."""
    page.click(".tab[data-game=pig]")
    page.select_option("#setup select[name=opponent]", "hold20")
    page.fill("#setup input[name=goal]", "600")
    page.click("#start")
    page.wait_for_function(
        "document.querySelector('#message').textContent"
        ".startsWith('computing the optimal table for goal 600')"
    )
    assert page.is_visible("#progress")
    busy = page.eval_on_selector("#message", "m => getComputedStyle(m).color")
    page.screenshot(path=shots / "progress.png", full_page=True)
    page.wait_for_selector("#board:not([hidden])")
    assert page.is_hidden("#progress") and page.text_content("#message") == ""
    page.evaluate("say('an error')")  # as every failed request is said (not logged: no 4xx here)
    error = page.eval_on_selector("#message", "m => getComputedStyle(m).color")
    assert error == "rgb(162, 65, 47)" and busy != error  # work under way is not an error


@pytest.mark.slow
def test_two_dice_pig_against_two_computer_players_to_the_end(any_page: Page, shots: Path) -> None:
    """Two-Dice Pig with hold20 and four-turns: three seats shown, two dice drawn, no hints (and
    why), the rolls said in words, played to the end without sideways scrolling."""
    page, width = any_page, any_page.viewport_size["width"]
    page.click(".tab[data-game=pig]")
    page.select_option("#setup select[name=variant]", "two-dice")
    assert page.is_hidden("#setup input[name=die]")  # two dice: no die to choose
    page.select_option("#setup select[name=count]", "2")
    page.select_option("#setup select[name=opponent]", "hold20")
    page.select_option("#setup select[name=opponent2]", "four-turns")
    page.select_option("#setup select[name=first]", "you")
    page.fill("#setup input[name=goal]", "50")
    page.fill("#setup input[name=seed]", "4")
    page.click("#start")
    page.wait_for_selector("#board:not([hidden])")
    names = page.locator("#seats .player .name").all_text_contents()
    assert names == ["You", "hold20", "four-turns"]
    assert page.text_content("#status") == "Your turn (player 1)."
    assert page.is_disabled("#hint") and "two players only" in page.text_content("#hint-text")
    assert page.locator("#dice svg").count() == 2
    page.screenshot(path=shots / f"two-dice-start-{width}.png", full_page=True)
    while page.is_hidden("#banner"):
        before = page.text_content("#log")
        total = int(page.text_content("#turn-total"))
        page.keyboard.press("Space" if total < 15 else "h")
        wait_for_log_change(page, before)
        assert page.locator("#dice svg").count() == 2
        assert page.locator("#seats .to-move").count() == (0 if page.is_visible("#banner") else 1)
    assert no_sideways_scroll(page) and in_view(page, "#banner") and in_view(page, "#again")
    page.screenshot(path=shots / f"two-dice-end-{width}.png", full_page=True)
    rolls = [line for line in page.text_content("#log").splitlines() if line.startswith("Roll:")]
    words = r"Roll: (\d) and (\d)(, double \1s(: score lost, back to 0)?)?"
    assert rolls and all(re.fullmatch(words, r) for r in rolls)
    scores = [int(s) for s in page.locator("#seats .score").all_text_contents()]
    winner = max(range(3), key=scores.__getitem__)
    assert scores[winner] >= 50 and sorted(scores)[-2] < 50
    expected = "You win!" if winner == 0 else f"{names[winner]} (player {winner + 1}) wins."
    assert page.text_content("#banner") == expected
    page.click("#again button")  # the same set-up again
    page.wait_for_selector("#banner", state="hidden")
    assert page.text_content("#status") == "Your turn (player 1)."


@pytest.mark.slow
def test_compare_plays_the_game_chosen(page: Page, pigsolve) -> None:
    """Compare on Big Pig: no die to choose, the caption names the game, and the figures are
    ``pigsolve compare --game big-pig``'s."""
    done = pigsolve("compare", "hold20", "pace-race", "--game", "big-pig", "--goal", "50", "--json")
    exact = json.loads(done.stdout)
    page.click(".tab[data-game=pig]")
    page.click(".mode[data-mode=compare]")
    page.select_option("#compare-form select[name=variant]", "big-pig")
    assert page.is_hidden("#compare-form input[name=die]")
    page.fill("#compare-form input[name=goal]", "50")
    for box in page.locator("#compare-players input").all():
        box.set_checked(box.get_attribute("value") in ("hold20", "pace-race"))
    page.click("#compare-form button")
    page.wait_for_selector("#matrix td")
    assert page.text_content("#matrix-caption").startswith("Big Pig, goal 50: P(row beats")
    cell = page.locator("#matrix tr", has_text="hold20").locator("td").nth(1)
    assert cell.text_content() == f"{exact['average']:.4f}"
    colours = [background(cell) for cell in page.locator("#matrix td").all()]
    red, _, blue = colours[1]  # hold20 against pace-race
    assert colours[0] == colours[3] == (247, 247, 247)  # 0.5 exactly: the middle, near white
    assert (red > blue) == (exact["average"] > 0.5) != (colours[2][0] > colours[2][2])
    cell.click()
    said = f"{exact['a_first']:.6f} moving first, {exact['b_first']:.6f} second"
    assert said in page.text_content("#pair")


@pytest.mark.slow
def test_compare_takes_a_family_with_its_constants(page: Page, pigsolve) -> None:
    """A player typed with its constants is compared (was: the players were split on commas,
    so 'pace-race:21' was unknown); the figure is ``pigsolve compare``'s."""
    done = pigsolve("compare", "hold20", "pace-race:21,8,71", "--goal", "40", "--json")
    exact = json.loads(done.stdout)
    page.click(".tab[data-game=pig]")
    page.click(".mode[data-mode=compare]")
    page.select_option("#compare-form select[name=variant]", "pig")
    page.fill("#compare-form input[name=goal]", "40")
    for box in page.locator("#compare-players input").all():
        box.set_checked(box.get_attribute("value") == "hold20")
    page.get_by_label("More players").fill("pace-race:21,8,71")
    page.click("#compare-form button")
    page.wait_for_selector("#matrix td")
    assert page.locator("#matrix th").all_text_contents()[-1] == "pace-race:21,8,71"
    cell = page.locator("#matrix tr", has_text="hold20").locator("td").nth(1)
    assert cell.text_content() == f"{exact['average']:.4f}"


def background(cell) -> tuple[int, ...]:
    """Return a table cell's background colour as (red, green, blue)."""
    words = cell.evaluate("c => getComputedStyle(c).backgroundColor")
    return tuple(int(n) for n in re.findall(r"\d+", words)[:3])


PAPER = (251, 250, 247)
"""The page's background (--paper)."""


def drawn(pixels: np.ndarray) -> np.ndarray:
    """Return where ``pixels`` (rows, columns, RGB) differ from the page's background."""
    return np.abs(pixels.astype(int) - PAPER).max(axis=-1) > 8


def surface_drawn(page: Page, tries: int = 100) -> np.ndarray:
    """Return a picture (RGB) of the 3-D surface once WebGL has drawn it (a bounded wait)."""
    for _ in range(tries):
        picture = np.asarray(Image.open(io.BytesIO(page.locator("#surface").screenshot())))[..., :3]
        height, width = picture.shape[:2]
        if drawn(picture[height // 3 : 2 * height // 3, width // 3 : 2 * width // 3]).any():
            return picture
        page.wait_for_timeout(100)
    raise AssertionError("the surface was not drawn")


@pytest.mark.slow
def test_a_game_on_a_phone_folds_the_set_up_and_fits_the_screen(phone: Page) -> None:
    """At 390 x 844: during a game the set-up is one line (it opens again when clicked), and the
    buttons and the hint are in view without scrolling, in Pig and in Hog."""
    start(phone, "pig", "optimal", seed=3, goal="40")
    assert phone.is_hidden("#setup")
    assert phone.text_content("#summary") == "Pig, goal 40, vs optimal, hints on change"
    roll, hold = "[data-action=roll]", "[data-action=hold]"
    assert all(in_view(phone, button) for button in (roll, hold, "#hint"))
    phone.click("#hint")
    phone.wait_for_function("document.querySelector('#hint-text').textContent.startsWith('Best')")
    assert all(in_view(phone, shown) for shown in (roll, hold, "#hint", "#hint-text"))
    phone.click("#summary")
    assert phone.is_visible("#setup") and phone.get_attribute("#summary", "aria-expanded") == "true"
    phone.click("#summary")
    assert phone.is_hidden("#setup")
    start(phone, "hog", "optimal", seed=3)
    assert phone.text_content("#summary") == "Hog fa16, goal 100, vs optimal, hints on change"
    phone.click("#hint")
    phone.wait_for_function("document.querySelector('#hint-text').textContent.startsWith('Best')")
    assert all(in_view(phone, shown) for shown in ("#choice", "#play-choice", "#hint-text"))


@pytest.mark.slow
def test_the_surface_keeps_its_words_inside_on_a_phone(phone: Page, shots: Path) -> None:
    """At 390 px the 3-D surface draws nothing at its edges: its axes' words lie inside it."""
    phone.click(".mode[data-mode=explore]")
    phone.fill("#explore-form input[name=goal]", "40")
    phone.click("#explore-form button")
    phone.wait_for_function(
        "document.querySelector('#map-caption').textContent.includes('goal 40')"
    )
    phone.wait_for_selector("#surface .main-svg")
    picture = surface_drawn(phone)
    phone.screenshot(path=shots / "surface-390.png", full_page=True)
    edges = np.concatenate([picture[:, :2], picture[:, -2:]], axis=1)
    assert not drawn(edges).any()  # the words that touched the edges were cut there


@pytest.mark.slow
def test_the_round_robin_caption_fits_a_phone(phone: Page, shots: Path) -> None:
    """At 390 px the caption of a round robin wider than the screen fits the screen."""
    phone.click(".mode[data-mode=compare]")
    phone.fill("#compare-form input[name=goal]", "40")
    for box in phone.locator("#compare-players input").all():
        box.set_checked(True)
    phone.click("#compare-form button")
    phone.wait_for_selector("#matrix td")
    phone.screenshot(path=shots / "compare-390.png", full_page=True)
    assert phone.eval_on_selector("#matrix-caption", "c => c.scrollWidth <= c.clientWidth")
    assert in_view(phone, "#matrix-caption") and no_sideways_scroll(phone)
