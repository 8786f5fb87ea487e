"""Where a score vector's row is: in the whole table, or in a window of a few layers.

The out-of-core solve (:mod:`solver.pig.distributed`) keeps only the layers a layer's holds
reach; :func:`window` lays them out from the highest down and says how the kernels find a row
in it (:func:`solver.pig._kernels.indexing.row_of`). No numba here: the commands that read a
store import this module.
"""

from __future__ import annotations

import numpy as np

Lookup = tuple[int, np.ndarray, np.ndarray]
"""How the kernels find a score vector's row (:func:`solver.pig._kernels.indexing.row_of`)."""


def window(goal: int, players: int, low: int, high: int) -> tuple[Lookup, np.ndarray]:
    """Return the lookup of a compact table of the layers ``low..high`` laid out from the
    highest down, and where each layer's rows begin and end (``bounds[d]``, ``bounds[d + 1]``
    for layer ``high - d``).

    >>> lookup, bounds = window(3, 2, 2, 3)  # (0, 2), (1, 1), (2, 0); then (1, 2), (2, 1)
    >>> bounds.tolist(), lookup[1].tolist()
    ([0, 2, 5], [2, 0])
    """
    sizes = layer_sizes(goal, players)[low : high + 1][::-1]
    bounds = np.concatenate([[0], np.cumsum(sizes)])
    below = np.zeros((players, players * (goal - 1) + 2), np.int64)
    ways = np.ones(1, np.int64)  # ways[s]: vectors of m scores summing to s
    for m in range(players):
        below[m, 1 : len(ways) + 1] = np.cumsum(ways)
        below[m, len(ways) + 1 :] = ways.sum()
        ways = np.convolve(ways, np.ones(goal, np.int64))
    return (low, bounds[:-1][::-1].copy(), below), bounds


def layer_sizes(goal: int, players: int) -> np.ndarray:
    """Return how many score vectors (0..G-1 each) sum to each total 0..N(G-1).

    >>> layer_sizes(3, 2).tolist()
    [1, 2, 3, 2, 1]
    """
    ways = np.ones(1, np.int64)
    for _ in range(players):
        ways = np.convolve(ways, np.ones(goal, np.int64))
    return ways
