"""Compare with three players a game in a real browser (Chromium via Playwright): Farkle's
form seats three, the players ticked are compared in every seating, and the table reads each
player's exact chance in each and on average, the adapter's figures; a bar chart of the seats
beside it. Screenshots at a phone's and a desktop's width land in the test's temporary folder
(PIGSOLVE_SCREENSHOTS=DIR keeps them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_pages import DESKTOP, PHONE, no_sideways_scroll, open_page, screenshot_folder, served
from playwright.sync_api import Browser, Page

import pigsolve
from pigsolve.policies.roster import roster
from pigsolve.solver.farkle.family import FarkleFamily
from pigsolve.ui.adapters import adapter_of
from pigsolve.ui.web.tables import Tables

WAIT_MS = 60_000
"""The bound on any wait for the page."""
GOAL = 500
NAMES = ["optimal", "max-score", "bank:300"]


@pytest.fixture(scope="module")
def solution() -> Any:
    """Return Farkle's three-player goal-500 table."""
    return pigsolve.solve(pigsolve.game("farkle", goal=GOAL, players=3))


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory, solution) -> Iterator[str]:
    """Serve the app with the three-player table in its table folder."""
    folder = tmp_path_factory.mktemp("data")
    family = FarkleFamily()
    family.save(solution, folder / family.table_name(solution.rules))
    with served(Tables(folder)) as address:
        yield address


@pytest.fixture(scope="module")
def exact(solution) -> Any:
    """Return the seatings of NAMES, as ``pigsolve compare ... --players 3`` finds them."""
    rules, players = solution.rules, roster(solution.rules)
    made = [players.optimal(solution, None)] + [players.player(n, rules) for n in NAMES[1:]]
    return adapter_of(rules).seatings(rules, made, NAMES)


@pytest.fixture(params=[PHONE, DESKTOP], ids=["390px", "1280px"])
def page(browser: Browser, url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from open_page(browser, url, request.param, WAIT_MS)


@pytest.mark.slow
def test_three_players_are_compared_in_every_seating(page: Page, exact, tmp_path: Path) -> None:
    shots, width = screenshot_folder(tmp_path), page.viewport_size["width"]
    page.click(".tab[data-game=farkle]")
    page.click(".mode[data-mode=compare]")
    page.select_option("#compare-form select[name=seats]", "3")
    assert page.text_content("#compare-players legend") == "Players (tick 3)"
    page.fill("#compare-form input[name=goal]", str(GOAL))
    page.wait_for_selector("#compare-players input")
    for box in page.locator("#compare-players input").all():
        box.set_checked(box.get_attribute("value") in NAMES)
    assert "bank:T" in page.text_content("#compare-kinds")
    page.fill("#compare-form input[name=more]", NAMES[2])
    page.click("#compare-form button[type=submit]")
    page.wait_for_selector("#matrix tr.average")
    assert page.text_content("#matrix-caption").startswith("Farkle, goal 500, 3 players")
    rows = page.locator("#matrix tr").all()
    header = [cell.text_content() for cell in rows[0].locator("th").all()]
    assert header[1:] == NAMES
    table = [[cell.text_content() for cell in row.locator("th, td").all()] for row in rows[1:]]
    seats = [row.locator("th.seating span").all_text_contents() for row in rows[1:-1]]
    assert seats == [list(seating) for seating, _ in exact.rows()]
    for row, (_, chances) in zip(table, exact.rows(), strict=False):  # the average last
        assert row[1:] == [f"{p:.4f}" for p in chances]
    assert table[-1][1:] == [f"{p:.4f}" for p in exact.average]
    page.wait_for_selector("#seating-chart .main-svg")
    assert no_sideways_scroll(page)
    page.screenshot(path=shots / f"compare-seatings-{width}.png", full_page=True)
