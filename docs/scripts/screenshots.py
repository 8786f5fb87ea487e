"""Make the browser screenshots of the documentation: docs/gui-pig.png and docs/gui-explore.png.

Run from the repository's top level, with the ``gui`` and ``test`` extras installed and the
system's Chromium (``apt-get install chromium``)::

    python docs/scripts/screenshots.py

The app is served in a thread from a temporary folder (its tables are computed there), and the
page is driven as a person would: a Pig game against the optimal player with a fixed seed,
stopped after a few decisions with a hint shown; then the explorer at goal 100.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import Page, sync_playwright

from pigsolve.ui.web.app import create_app
from pigsolve.ui.web.serve import free_port

DOCS = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
VIEWPORT = {"width": 1100, "height": 900}
SEED = 7
DECISIONS = 4


def pig_game(page: Page) -> None:
    """Start a game against the optimal player, make a few decisions, then ask for a hint."""
    page.click(".tab[data-game=pig]")
    page.select_option("#setup select[name=opponent]", "optimal")
    page.select_option("#setup select[name=first]", "you")
    page.fill("#setup input[name=seed]", str(SEED))
    page.click("#start")
    page.wait_for_selector("#board:not([hidden])")
    for _ in range(DECISIONS):
        if not page.is_hidden("#banner"):
            break
        before = page.text_content("#log")
        page.keyboard.press("Space" if int(page.text_content("#turn-total")) < 20 else "h")
        page.wait_for_function(
            "before => document.querySelector('#log').textContent !== before", arg=before
        )
    page.click("#hint")
    page.wait_for_function("document.querySelector('#hint-text').textContent !== ''")
    page.screenshot(path=DOCS / "gui-pig.png")


def explorer(page: Page) -> None:
    """Draw the explorer at goal 100 and point at one opponent score's slice."""
    page.click(".mode[data-mode=explore]")
    page.fill("#explore-form input[name=goal]", "100")
    page.click("#explore-form button")
    page.wait_for_function("document.querySelector('#map-caption').textContent !== ''")
    page.wait_for_selector("#surface .main-svg")
    box = page.locator("#slice").bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.6)
    page.wait_for_function("document.querySelector('#hover').textContent.startsWith('P(')")
    page.screenshot(path=DOCS / "gui-explore.png", full_page=True)


def main() -> int:
    """Serve the app, take both screenshots, stop the server."""
    if not Path(CHROMIUM).exists():
        print("error: no Chromium (apt-get install chromium)", file=sys.stderr)
        return 1
    home = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        port = free_port("127.0.0.1", 8800)
        server = uvicorn.Server(uvicorn.Config(create_app(), port=port, log_level="warning"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.05)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=["--no-sandbox"]
                )
                for take in (pig_game, explorer):
                    page = browser.new_page(viewport=VIEWPORT)
                    page.goto(f"http://127.0.0.1:{port}/")
                    take(page)
                    page.close()
                browser.close()
        finally:
            server.should_exit = True
            thread.join()
            os.chdir(home)
    print(f"wrote {DOCS / 'gui-pig.png'} and {DOCS / 'gui-explore.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
