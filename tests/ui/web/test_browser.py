"""The page in a real browser (Chromium via Playwright): whole games, the terminal's words, no
console error. Screenshots land in the test's temporary folder."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from pigsolve.ui.web.app import create_app
from pigsolve.ui.web.serve import free_port

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip("no Chromium here (.ci/run installs it)", allow_module_level=True)

from playwright.sync_api import Page, sync_playwright  # noqa: E402


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve the app in a thread from a folder of its own (tables are made in its data/)."""
    home = Path.cwd()
    os.chdir(tmp_path_factory.mktemp("gui"))
    port = free_port("127.0.0.1", 8800)
    server = uvicorn.Server(uvicorn.Config(create_app(), port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    server.should_exit = True
    thread.join()
    os.chdir(home)


@pytest.fixture
def page(url: str) -> Iterator[Page]:
    errors: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        yield page
        browser.close()
    assert errors == []


def start(page: Page, game: str, opponent: str, seed: int, **fields: str) -> None:
    page.click(f".tab[data-game={game}]")
    page.select_option("#setup select[name=opponent]", opponent)
    page.select_option("#setup select[name=first]", "you")
    page.fill("#setup input[name=seed]", str(seed))
    for name, value in fields.items():
        page.fill(f"#setup input[name={name}]", value)
    page.click("#start")
    page.wait_for_selector("#board:not([hidden])")


def test_a_pig_game_in_the_browser_logs_the_terminal_transcript(page: Page, tmp_path) -> None:
    start(page, "pig", "hold20", seed=11, goal="30")
    inputs = []
    while page.is_hidden("#banner"):
        before = page.text_content("#log")
        total = int(page.text_content("#turn-total"))
        inputs.append("" if total < 10 else "h")
        page.keyboard.press("Space" if total < 10 else "h")
        page.wait_for_function(
            "before => document.querySelector('#log').textContent !== before", arg=before
        )
    page.screenshot(path=tmp_path / "pig.png", full_page=True)
    command = [
        sys.executable,
        "-c",
        "from pigsolve import cli; cli.run()",
        "play",
        "--you",
        "1",
        "--seed",
        "11",
    ]
    done = subprocess.run(
        [*command, "--goal", "30"],
        input="".join(f"{i}\n" for i in inputs),
        capture_output=True,
        text=True,
    )
    transcript = re.sub(r"Turn total: \d+ \tRoll/Hold\? ", "", done.stdout).splitlines()[2:]
    assert page.text_content("#log").splitlines() == transcript


def test_a_hog_game_in_the_browser_is_played_to_the_end(page: Page, tmp_path) -> None:
    start(page, "hog", "bacon", seed=5)
    while page.is_hidden("#banner"):
        before = page.text_content("#log")
        page.click("#roll-hog")
        page.wait_for_function(
            "before => document.querySelector('#log').textContent !== before", arg=before
        )
    page.screenshot(path=tmp_path / "hog.png", full_page=True)
    assert page.text_content("#banner") in ("You win!", "bacon wins.")
    assert "Hog Wild" in page.text_content("#log") or "points" in page.text_content("#log")


def test_the_explorer_draws_and_answers_a_hover(page: Page, tmp_path) -> None:
    page.click(".mode[data-mode=explore]")
    page.fill("#explore-form input[name=goal]", "40")
    page.click("#explore-form button")
    page.wait_for_function("document.querySelector('#map-caption').textContent !== ''")
    box = page.locator("#slice").bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.8)
    page.wait_for_function("document.querySelector('#hover').textContent.startsWith('P(')")
    assert "optimal:" in page.text_content("#hover")
    page.wait_for_selector("#surface .main-svg")  # the 3D surface, drawn by the shipped plotly.js
    page.click(".mode[data-mode=compare]")
    page.click("#compare-form button")
    page.wait_for_selector("#matrix td")
    page.screenshot(path=tmp_path / "explore.png", full_page=True)
