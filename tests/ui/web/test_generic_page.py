"""The page and its API name no family: each family's own scripts come from its adapter
(ui/adapters/<family>/)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from pigsolve.ui.adapters import adapters


def test_a_family_s_own_scripts_are_served_as_its_adapter_lists_them(client: TestClient) -> None:
    families = {entry["name"]: entry for entry in client.get("/api/limits").json()["families"]}
    for adapter in adapters():
        scripts = families[adapter.family.name]["scripts"]
        assert [script.rsplit("/", 1)[-1] for script in scripts] == list(adapter.page_scripts)
        for script in scripts:
            served = client.get(script)
            assert served.status_code == 200
            assert served.text == (adapter.static / script.rsplit("/", 1)[-1]).read_text()
    assert families["pig"]["scripts"] == ["/static/families/pig/pieces.js"]
    missing = client.get("/static/families/hog/pieces.js")
    assert missing.status_code == 404
    assert missing.json() == {"error": "Hog has no page file 'pieces.js'"}
    assert client.get("/static/families/pig/..%2Fexplore.py").status_code == 404
