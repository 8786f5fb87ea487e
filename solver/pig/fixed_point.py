"""The fixed point of the values after a reset, where a roll can lose the whole score.

A reset sends the mover back to a lower score sum, so the layers of the score sum no longer order
the states. The solver and the evaluators take those values ``R`` as given constants, solve the
layers exactly, and so get new values ``F(R)``; :func:`fixed_point` iterates ``R <- F(R)`` with
Anderson's acceleration until no value moves by more than :data:`RESTART_ROUNDING`.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pigsolve.solver.errors import PigsolveError

ANDERSON_MEMORY = 5
"""Rounds of the reset fixed point that Anderson's acceleration remembers."""
RESTART_ROUNDING = 1e-14
"""The reset fixed point stops when no value after a reset moves by more than this."""
MAX_ROUNDS = 200
"""Rounds of the reset fixed point before giving up (an error)."""


def fixed_point(
    step: Callable[[np.ndarray], np.ndarray],
    start: np.ndarray,
    report: Callable[[float], None] | None = None,
    accelerate: bool = True,
) -> np.ndarray:
    """Return ``x`` with ``step(x) = x`` to :data:`RESTART_ROUNDING`, by Anderson's acceleration
    of ``x <- step(x)`` (memory :data:`ANDERSON_MEMORY`), or by plain rounds if not
    ``accelerate``; the last call of ``step`` was at ``x``. ``report`` receives the largest
    change of each round.

    ``start`` is one vector, or a batch of independent ones (a row each, accelerated each on its
    own: the threshold players tuned together, :mod:`solver.pig.evaluation.thresholds`).

    >>> round(float(fixed_point(lambda x: 0.5 * x + 0.25, np.array([0.0]))[0]), 12)
    0.5
    >>> fixed_point(lambda x: x * [[0.5], [0.25]] + 0.25, np.zeros((2, 1))).round(12).tolist()
    [[0.5], [0.333333333333]]

    Raises PigsolveError if the values have not settled in :data:`MAX_ROUNDS` rounds.
    """
    restart = start
    steps: list[np.ndarray] = []
    moves: list[np.ndarray] = []
    last: tuple[np.ndarray, np.ndarray] | None = None
    for _ in range(MAX_ROUNDS):
        change = step(restart) - restart
        largest = float(np.abs(change).max())
        if report is not None:
            report(largest)
        if largest <= RESTART_ROUNDING:
            return restart
        if last is not None and accelerate:
            steps.append(restart - last[0])
            moves.append(change - last[1])
            del steps[:-ANDERSON_MEMORY], moves[:-ANDERSON_MEMORY]
        last = (restart, change)
        restart = restart + change
        if steps:
            dx, dg = np.stack(steps, axis=-1), np.stack(moves, axis=-1)  # (..., n, memory)
            cutoff = np.finfo(float).eps * max(dg.shape[-2:])  # as numpy's lstsq with rcond=None
            gamma = np.linalg.pinv(dg, rcond=cutoff) @ change[..., None]
            restart = np.clip(restart - ((dx + dg) @ gamma)[..., 0], 0.0, 1.0)
    raise PigsolveError(
        f"the values after a reset did not settle in {MAX_ROUNDS} rounds "
        f"(largest change {largest:.2g})"
    )
