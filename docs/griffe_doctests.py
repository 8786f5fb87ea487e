"""A griffe extension for the API reference: doctest examples in docstrings become code blocks.

pigsolve's docstrings show examples as bare ``>>>`` lines (run by the test suite). Markdown would
read ``[2, 3, 5]`` in their output as a link, so each run of ``>>>`` lines with its output is
fenced as a ``pycon`` block before mkdocstrings renders the docstring.
"""

from __future__ import annotations

import griffe


def fence(text: str) -> str:
    """Return ``text`` with every doctest example (``>>>`` up to a blank line) fenced."""
    lines, out, inside = text.splitlines(), [], False
    for line in lines:
        starts = line.lstrip().startswith(">>>")
        if starts and not inside:
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Fence the doctest examples of every docstring griffe loads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs) -> None:
        """Rewrite ``obj``'s docstring, if it has one."""
        if obj.docstring is not None:
            obj.docstring.value = fence(obj.docstring.value)
