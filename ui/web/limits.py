"""The sizes the page computes, in the API's words: every refusal names the memory needed.

The machine's own limit is ``pigsolve compute``'s memory check; the page's are the goals each
family's adapter gives (:meth:`ui.adapters.Adapter.page_goal`; a larger table is for the
command line).
"""

from __future__ import annotations

from typing import Any

from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.registry import family_of
from pigsolve.solver.resources import check_memory, memory_words
from pigsolve.ui.adapters import Adapter, adapter_of
from pigsolve.ui.web.jobs import JobFailed

USE_GOALS = {"explore": 1000, "compare": 300}
"""The largest goal of the explorer's grids and of an exact round robin, unless the family
sets its own (``use_goals``: a family whose goals are in points)."""


class SizeError(JobFailed):
    """A table too large for this machine or for the page: a 413."""

    def __init__(self, message: str) -> None:
        super().__init__(413, message)


class NoTable(JobFailed):
    """A game the solver does not solve (scores that can fall, with three or more players): a
    409."""

    def __init__(self, message: str) -> None:
        super().__init__(409, message)


def use_goals(adapter: Adapter) -> dict[str, int]:
    """Return the largest goal of the explorer and of compare for ``adapter``'s family: its own
    (in its points), else the page's."""
    return USE_GOALS | adapter.use_goals


def largest_goal(rules: Any, use: str = "table") -> int:
    """Return the largest goal at which the page computes ``use`` (``table``, ``explore``,
    ``compare``) for ``rules``'s game."""
    adapter = adapter_of(rules)
    largest = adapter.page_goal(rules)
    return min(largest, use_goals(adapter).get(use, largest))


def check_solvable(rules: Any) -> None:
    """Raise NoTable if the solver has no table for ``rules`` (the family says why)."""
    reason = family_of(rules).demands(rules).unsolved
    if reason:
        raise NoTable(reason)


def memory_needed(rules: Any) -> int:
    """Return the bytes solving ``rules`` needs at its peak (what ``pigsolve compute`` checks)."""
    return family_of(rules).demands(rules).memory


def check_size(rules: Any, use: str = "table", words: str = "the page") -> None:
    """Raise SizeError (413) naming the memory needed if ``rules`` cannot be solved here.

    First the machine (``pigsolve compute``'s own check), then the family's limits for ``use``
    (``table``, ``explore``, ``compare``), which ``words`` names.
    """
    family, adapter = family_of(rules), adapter_of(rules)
    needed = family.demands(rules).memory
    try:
        check_memory(needed, f"goal {rules.goal}")
    except PigsolveError as err:
        raise SizeError(str(err)) from None
    refusal = adapter.page_refusal(rules, words)
    if refusal:
        raise SizeError(refusal)
    largest = largest_goal(rules, use)
    if rules.goal > largest:
        raise SizeError(
            f"{words} takes {adapter.title(rules)}goals up to {largest}; goal {rules.goal} needs "
            f"about {memory_words(needed)} of memory: use `pigsolve compute` at the command line"
        )
