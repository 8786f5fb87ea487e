"""Fixtures of the Farkle solver tests: the pure-Python reference, loaded from its file (the
tests tree has no packages)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture(scope="session")
def reference() -> ModuleType:
    """Return ``reference.py`` beside this file: :func:`value_iteration` over every state."""
    path = Path(__file__).with_name("reference.py")
    spec = importlib.util.spec_from_file_location("farkle_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
