"""What is said when numba compiles a kernel that no estimate foresaw (5 to 20 s, in silence).

:mod:`solver.jit` reports each compile's start to :func:`compile_starts`; the first one is said
once, unless an estimate (:func:`solver.durations.compile_seconds`) already said that the
kernels compile first. A module of its own, below the kernels, so that the estimates (which know
the solvers) and the kernels (which the solvers import) stay out of each other's way.
"""

from __future__ import annotations

from collections.abc import Callable

UNFORESEEN = "compiling numba kernels on first use: about 10 s, once (cached for later runs)"
"""What is said when numba starts a compile no model foresaw (5 to 20 s on this machine: the
first exact comparison 5 s, simulation 7 s, tune 18 s)."""
_compiling = {"foreseen": False, "say": None}


def say_unforeseen_compiling(say: Callable[[str], None] | None) -> None:
    """Have ``say`` told :data:`UNFORESEEN` once, when numba starts compiling in this process
    unless a model has foreseen a compile (None: say nothing)."""
    _compiling["say"] = say


def foresee() -> None:
    """Note that an estimate has said the kernels compile first: no compile is said again."""
    _compiling["foreseen"] = True


def compile_starts() -> None:
    """Say :data:`UNFORESEEN` if due (numba's compile event calls this, :mod:`solver.jit`)."""
    say = _compiling["say"]
    if say is not None and not _compiling["foreseen"]:
        _compiling["foreseen"] = True
        say(UNFORESEEN)
