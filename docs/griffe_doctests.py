"""A griffe extension for the API reference: docstrings written for reST read well in Markdown.

pigsolve's docstrings show examples as bare ``>>>`` lines (run by the test suite), parameter
tables as reST simple tables, and cross-references as Sphinx roles (``:class:`PigRules```).
Markdown would read ``[2, 3, 5]`` in a doctest's output as a link and run a table's lines
together, so before mkdocstrings renders a docstring each doctest example (``>>>`` up to a blank
line) is fenced as ``pycon``, each simple table (from its first ``===`` rule to its third) as
``text``, and each role is reduced to its code.
"""

from __future__ import annotations

import re

import griffe

ROLE = re.compile(r":(?:class|func|data|attr|mod|meth|exc|obj):`~?([^`]+)`")
RULE = re.compile(r"^\s*=+( +=+)+\s*$")


def fence(text: str) -> str:
    """Return ``text`` with its doctest examples and simple tables fenced, its roles as code."""
    out: list[str] = []
    inside, rules = "", 0
    for line in ROLE.sub(r"`\1`", text).splitlines():
        if not inside and line.lstrip().startswith(">>>"):
            out.append("```pycon")
            inside = "pycon"
        elif not inside and RULE.match(line):
            out.append("```text")
            inside, rules = "text", 0
        elif inside == "pycon" and not line.strip():
            out.append("```")
            inside = ""
        out.append(line)
        if inside == "text" and RULE.match(line):
            rules += 1
            if rules == 3:
                out.append("```")
                inside = ""
    if inside:
        out.append("```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Rewrite every docstring griffe loads with :func:`fence`."""

    def on_instance(self, *, obj: griffe.Object, **kwargs) -> None:
        """Rewrite ``obj``'s docstring, if it has one."""
        if obj.docstring is not None:
            obj.docstring.value = fence(obj.docstring.value)
