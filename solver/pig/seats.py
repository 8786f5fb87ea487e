"""Players as the N-player kernels take them: one seat's decisions, of one of a few kinds.

Shared by :mod:`solver.pig.evaluate_multi`, :mod:`solver.pig.simulate_multi` and their kernels
(:mod:`solver.pig._evaluate_multi_kernels`), so that the kernels import nothing above them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

THRESHOLD, GREEDY, EXPLICIT, BEST = 0, 1, 2, 3
"""Seat kinds, as :mod:`solver.pig._evaluate_multi_kernels` takes them."""


@dataclass(frozen=True, eq=False)
class SeatPolicy:
    """One player's decisions as the kernels take them (one of three kinds).

    Attributes
    ----------
    name : str
    kind : int
        :data:`THRESHOLD`, :data:`GREEDY` or :data:`EXPLICIT`.
    roll : ndarray(bool, shape=(memory, G, G, G)) or None
        THRESHOLD: ``[t, i, j, k]``, j the leader among the others, t the held turns.
    after : ndarray(float64, shape=(G**N,)) or None
        GREEDY: the mover's own win probability when its turn has ended (the next mover's
        start), by the flat index of its frame (own score, then the next players').
    mixed : (ndarray, ndarray, ndarray) or None
        GREEDY: the mixed states, sorted flat indices of frames, turn totals, roll probabilities.
    packed : ndarray(uint8, shape=(G**N, ceil(G / 8))) or None
        EXPLICIT: the choices along k of each frame, packed as ``np.packbits`` does.
    """

    name: str
    kind: int
    roll: np.ndarray | None = None
    after: np.ndarray | None = None
    mixed: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
    packed: np.ndarray | None = None

    @property
    def memory(self) -> int:
        """Return how many held-turn counts the player tells apart (1: none)."""
        return 1 if self.roll is None else int(self.roll.shape[0])
