"""The examples in every module's docstrings run and print what they show."""

import doctest
import importlib
import pkgutil

import pytest

import pigsolve

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(pigsolve.__path__, "pigsolve.")
    if info.name != "pigsolve.__main__"
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert failed == 0, f"{failed} docstring example(s) of {name} failed (printed above)"
