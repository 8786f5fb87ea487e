"""What the browser tests share (tests/ui/web/test_browser*.py): the app served in a thread,
Chromium's pages at a phone's and a desktop's width, checks of a page. Importing it skips a
module where Chromium is missing (outside CI)."""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip("no Chromium here (.ci/run installs it)", allow_module_level=True)

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from pigsolve.ui.web.app import create_app  # noqa: E402
from pigsolve.ui.web.serve import address, bind, server  # noqa: E402
from pigsolve.ui.web.tables import Tables  # noqa: E402

START_SECONDS = 60
"""The bound on the server's start."""
PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 900}


@contextlib.contextmanager
def served(tables: Tables) -> Iterator[str]:
    """Serve the app on ``tables`` in a thread, as ``pigsolve gui`` does (its connections'
    limits, :func:`ui.web.serve.server`); yield its address; close the tables after."""
    sock = bind("127.0.0.1", 0)
    running = server(create_app(table_store=tables))
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_SECONDS
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield address(sock)
    running.should_exit = True
    thread.join(timeout=START_SECONDS)
    tables.close()


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    """Launch Chromium once for a module's pages (:func:`open_page` gives each its own
    context: no cookie or storage is shared)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


def open_page(browser: Browser, url: str, viewport: dict[str, int], wait_ms: int) -> Iterator[Page]:
    """Yield the page at ``viewport`` in a fresh context of ``browser``, any wait bounded by
    ``wait_ms``; fail on a console error."""
    errors: list[str] = []
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(wait_ms)
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    yield page
    context.close()
    assert errors == [], errors


def screenshot_folder(tmp_path: Path) -> Path:
    """Return the folder for screenshots: PIGSOLVE_SCREENSHOTS, else the test's own."""
    folder = Path(os.environ.get("PIGSOLVE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def no_sideways_scroll(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def wait_for_log_change(page: Page, before: str) -> None:
    page.wait_for_function(
        "before => document.querySelector('#log').textContent !== before", arg=before
    )
