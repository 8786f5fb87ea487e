"""The wheel holds every package of the source tree (the list in pyproject.toml is explicit)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_of_the_tree_is_listed_for_the_wheel() -> None:
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {"pigsolve"} | {
        "pigsolve." + ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("solver", "policies", "ui")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert found == listed
