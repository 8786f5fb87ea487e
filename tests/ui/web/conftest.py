"""The browser tests' app: tables computed in worker processes into the test's own data/."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")  # the `gui` extra (installed with `test`)
from starlette.testclient import TestClient

from pigsolve.ui.web.app import create_app
from pigsolve.ui.web.guard import PAGE_HEADERS
from pigsolve.ui.web.jobs import Jobs
from pigsolve.ui.web.tables import Tables


@pytest.fixture
def client(workdir) -> Iterator[TestClient]:
    """Return a client of a fresh app whose requests wait for their tables (no 202), sending
    what the page's own requests carry."""
    app = create_app(table_store=Tables(jobs=Jobs(patience=None)))
    with TestClient(app, base_url="http://127.0.0.1", headers=PAGE_HEADERS) as client:
        yield client


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, launched once for a module's pages (tests/browser_pages.py; skipped where
    Chromium is missing)."""
    from browser_pages import chromium

    with chromium() as launched:
        yield launched
