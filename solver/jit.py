"""numba as the kernels use it: ``njit`` and ``prange``, with the compiler's context made without
its probe of scipy's BLAS.

numba builds its CPU context at the first compile or cache load, and importing its array maths
then imports ``scipy.linalg`` (about 0.2 s of a 0.6 s start) only to learn whether ``np.dot`` and
``np.linalg`` can be compiled. No kernel of pigsolve uses either, so the context is made here,
once, while ``scipy.linalg`` cannot be imported; it can be again at once (``scipy.stats`` and the
rest are unaffected). Kernel modules import ``njit`` and ``prange`` from here, never from numba.
A compile's start is reported to :func:`solver.compile_notes.compile_starts`, which says it once
where no estimate foresaw it.
"""

from __future__ import annotations

import sys

from numba import njit, prange
from numba.core import event

from pigsolve.solver.compile_notes import compile_starts

__all__ = ["njit", "prange"]


def _make_context_without_blas_probe() -> None:
    """Build numba's CPU typing and target contexts now, skipping the BLAS probe."""
    if "scipy.linalg" in sys.modules or "numba.np.arraymath" in sys.modules:
        return  # the probe is paid for, or the context is made already
    sys.modules["scipy.linalg"] = None  # type: ignore[assignment]  # the probe's import fails
    try:
        from numba.core.registry import cpu_target

        cpu_target.target_context.refresh()
        cpu_target.typing_context.refresh()
    finally:
        del sys.modules["scipy.linalg"]


_make_context_without_blas_probe()


class _CompileStarts(event.Listener):
    """Tells :func:`solver.compile_notes.compile_starts` when numba starts compiling."""

    def on_start(self, _: object) -> None:
        compile_starts()

    def on_end(self, _: object) -> None:
        pass


event.register("numba:compile", _CompileStarts())
