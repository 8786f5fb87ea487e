"""The examples in every module's docstrings run and print what they show."""

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import pigsolve

MODULES = [
    "pigsolve",  # the public API's own examples
    *sorted(
        info.name
        for info in pkgutil.walk_packages(pigsolve.__path__, "pigsolve.")
        if info.name != "pigsolve.__main__"
    ),
]
ROOT = Path(importlib.import_module("pigsolve.cli").__file__).parent
"""The package's top level (the repository's, where ``pigsolve.cli`` is ``cli.py``)."""


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert failed == 0, f"{failed} docstring example(s) of {name} failed (printed above)"


def found_examples(name: str) -> int:
    """Return how many docstring examples doctest finds (and the test above runs) in ``name``."""
    tests = doctest.DocTestFinder().find(importlib.import_module(name))
    return sum(len(test.examples) for test in tests)


def written_examples(path: Path) -> int:
    """Return how many ``>>>`` lines the source file ``path`` holds."""
    return len(re.findall(r"^\s*>>> ", path.read_text(), flags=re.MULTILINE))


def package_files() -> dict[Path, str]:
    """Return every Python file of the package (tests, docs and .git aside): path -> module."""
    files = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[0] in {"tests", "docs", "build", "site"} or parts[0].startswith("."):
            continue  # not the package: its tests, docs, builds and hidden folders (.ci-venv)
        if (ROOT / Path(*parts[:-1]) / "__init__.py").exists() or len(parts) == 1:
            dotted = ".".join(part for part in parts if part != "__init__")
            files[path] = f"pigsolve.{dotted}" if dotted else "pigsolve"
    return files


def test_every_example_written_is_one_that_runs() -> None:
    """Each ``>>>`` in the package's source is run above: no module is missed by the walk and
    no example sits where doctest does not look (a nested function, a module not imported)."""
    files = package_files()
    assert sorted(set(files.values()) - {"pigsolve.__main__"}) == MODULES
    assert written_examples(ROOT / "__main__.py") == 0  # not imported: it runs the command
    missed = {
        module: (written_examples(path), found_examples(module))
        for path, module in files.items()
        if module in MODULES and written_examples(path) != found_examples(module)
    }
    assert not missed, f"examples written, found: {missed}"
    assert sum(found_examples(module) for module in MODULES) > 50
