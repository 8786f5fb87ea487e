"""What ``verify`` finds in a Pig table's start values, added up box by box: a table's whole,
or a store's blocks one after another (:mod:`solver.pig.store_checks`)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

MAX_FALL = 1e-12
"""How much a player's win probability may fall as its own score rises (rounding); a larger
fall is counted, and fails the check for two players, where none is possible."""


@dataclass
class Scan:
    """What ``verify`` finds in start values, added up over the blocks it reads: the largest
    Bellman residual, whether every value is finite, the least and largest, how far the
    players' chances sum from 1, and for each player the largest fall of its chance as its own
    score rises and at how many score vectors it falls by more than :data:`MAX_FALL`."""

    residual: float = 0.0
    finite: bool = True
    low: float = np.inf
    high: float = -np.inf
    total: float = 0.0
    falls: list[float] = field(default_factory=list)
    where: list[int] = field(default_factory=list)

    def add(self, values: np.ndarray, residual: float, own: tuple[int, ...] | None = None) -> None:
        """Add the start values ``(..., N)`` of a box of score vectors and their largest
        residual. The box's own vectors are its first ``own[t]`` scores in each seat (all: None);
        the rest, the next block's first scores, is only compared with them."""
        n = values.shape[-1]
        mine = values if own is None else values[tuple(slice(0, w) for w in own)]
        self.residual = max(self.residual, residual)
        self.extremes(mine)
        if mine.size:
            self.total = max(self.total, float(np.abs(mine.sum(axis=-1) - 1).max()))
        self.falls, self.where = self.falls or [0.0] * n, self.where or [0] * n
        for j in range(n):
            drop = -np.diff(values[..., j], axis=j)
            if own is not None:
                drop = drop[tuple(slice(0, w) for w in own)]
            self.falls[j] = max(self.falls[j], max(float(drop.max(initial=0.0)), 0.0) + 0.0)
            self.where[j] += int((drop > MAX_FALL).sum())

    def extremes(self, values: np.ndarray) -> None:
        """Add ``values`` to the least, the largest and whether all are finite."""
        self.finite &= bool(np.isfinite(values).all())
        if values.size:
            self.low, self.high = (
                min(self.low, float(values.min())),
                max(self.high, float(values.max())),
            )
