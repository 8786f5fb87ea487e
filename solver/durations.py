"""How long a computation will take, said before it starts.

Rough models: a constant measured on this project's machine (2 cores, the runs of
``docs/reference/benchmarks.md`` of 2026-11-23) times the work, plus, on a kernel's first use,
the time numba takes to compile it (measured with an empty cache). A kernel is compiled unless
numba's cache holds it for its current source (:func:`compiled` reads numba's own index, as
numba does before it compiles). A compile no model foresaw (a kernel of the simulator, of the
tuner) is said when numba starts it (:func:`say_unforeseen_compiling`).
"""

from __future__ import annotations

import importlib
import math
from typing import TYPE_CHECKING

from pigsolve.solver.compile_notes import foresee

if TYPE_CHECKING:
    from pigsolve.solver.games.hog import HogRules
    from pigsolve.solver.games.pig import PigRules

SAY_FROM = 3.0
"""A computation expected to take this many seconds or more is announced before it starts."""
PIG_SECONDS = {
    "layered": 1.0e-9,
    "players": 8.0e-10,
    "evaluation": 2.0e-9,
    "value-iteration": 1.7e-7,
}
"""Seconds per ``goal**(N + 1)`` times the outcomes of a roll: two players' layered solve (goal
1000 in 6.1 s), more players' (three at goal 100 in 0.6 s, four in 46 s), an evaluation of fixed
players (as many players' solve was before its blocks, four at goal 100 in 99 s), value
iteration (goal 100 in 1.0 s)."""
HOG_SECONDS = {"fa16": 4.4e-6, "su20": 8.2e-7}
"""Seconds per state of a Hog solve: fa16 at goal 100 in 0.087 s, su20 in 1.6 s."""
COMPILE_SECONDS = {
    ("pigsolve.solver.pig._kernels.pair", "_solve_sums"): 10.0,
    ("pigsolve.solver.pig._kernels.pair", "_solve_sums_parallel"): 10.0,
    ("pigsolve.solver.pig._kernels.orbits", "solve_sums"): 15.0,
    ("pigsolve.solver.hog._kernels", "sweep"): 4.0,
    ("pigsolve.solver.pig.evaluation._kernels", "evaluate_layer"): 15.0,
}
"""Seconds numba takes to compile a kernel (and the kernels it calls) on its first use: the
first run's wall time less a cached run's, with an empty ``NUMBA_CACHE_DIR``, 2026-11-24, the
machine shared and busy (two players' compute 7.6 to 17.5 s against 1.1 s; three players' 17 s
against 1.0 s; Hog's 2.0 to 5.3 s against 1.2 s; ``compare best-response:hold20 hold20 --goal
30`` 17.6 s against 0.8 s)."""


def about(seconds: float) -> str:
    """Return a duration in round words.

    >>> about(4.2), about(75), about(800), about(5 * 3600)
    ('about 4 s', 'about 1 min', 'about 13 min', 'about 5 h')
    """
    if seconds < 60:
        return f"about {max(1, round(seconds))} s"
    if seconds < 3600:
        return f"about {round(seconds / 60)} min"
    return f"about {seconds / 3600:,.0f} h"


def compiled(module: str, name: str) -> bool:
    """Return False if numba will compile ``module.name`` at its next call in a fresh process:
    its cache index is missing, or was written for other source or another numba."""
    kernel = getattr(importlib.import_module(module), name)
    try:
        return bool(kernel._cache._cache_file._load_index())  # numba's own check, unexposed
    except (AttributeError, OSError, EOFError, ValueError):  # another numba: say nothing
        return True


def compile_seconds(*kernels: tuple[str, str]) -> float:
    """Return the seconds compiling those of ``kernels`` numba has not cached will take (a
    compile so foreseen is not said again when it starts)."""
    seconds = sum(COMPILE_SECONDS[kernel] for kernel in kernels if not compiled(*kernel))
    if seconds > 0:
        foresee()
    return seconds


def pig_work(rules: PigRules) -> int:
    """Return the work of solving or evaluating ``rules``: ``goal**(N + 1)`` times the number
    of a roll's outcomes (every state's turn totals, every roll)."""
    from pigsolve.solver.games.pig import roll_counts

    return (roll_counts(rules)[0].size + 1) * rules.goal ** (rules.players + 1)


def hog_solve(rules: HogRules) -> tuple[float, float]:
    """Return the seconds solving Hog's ``rules`` takes: the work, and the compiling first."""
    seconds = HOG_SECONDS.get(rules.name, max(HOG_SECONDS.values())) * math.prod(rules.shape)
    return seconds, compile_seconds(("pigsolve.solver.hog._kernels", "sweep"))


def evaluation(rules: PigRules, best: bool = False) -> tuple[float, float]:
    """Return the seconds an exact evaluation of ``rules``'s players by layers takes (twice that
    for a best response, which re-solves), and the compiling first."""
    work = PIG_SECONDS["players"] * pig_work(rules) * (2 if best else 1)
    return work, compile_seconds(("pigsolve.solver.pig.evaluation._kernels", "evaluate_layer"))


def wait_words(seconds: tuple[float, float]) -> str | None:
    """Return how long a wait of ``(work, compiling)`` seconds is, in words; None if short.

    >>> wait_words((1.0, 0.0)), wait_words((800.0, 0.0)), wait_words((0.2, 10.0))
    (None, 'about 13 min', 'about 10 s, compiling its kernels first (once)')
    """
    work, compiling = seconds
    if work + compiling < SAY_FROM:
        return None
    first = ", compiling its kernels first (once)" if compiling else ""
    return f"{about(work + compiling)}{first}"
