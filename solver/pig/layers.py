"""The layer loop of the N-player solver: score sums from the highest down, orbit by orbit.

:func:`solve_layers` fills the start-of-turn values of every score vector and collects the mixed
states; :func:`solver.pig.multi.solve_multi` wraps them in a solution.
"""

from __future__ import annotations

import time

import numpy as np

from pigsolve.solver.games.pig import PigRules, face_arrays
from pigsolve.solver.results import Progress

PARALLEL_ORBITS = 4096
"""Layers with fewer orbits are solved on one thread: waking the others costs more."""

MixedRecord = tuple[tuple[int, ...], int, float]
"""A mixed state: the scores from the mover's seat, the turn total, the roll probability."""


def solve_layers(
    rules: PigRules, progress: Progress | None = None
) -> tuple[np.ndarray, list[MixedRecord], int, float]:
    """Return ``(values, mixed, num_iter, seconds)``: the equilibrium of ``rules``, by layers.

    ``values`` has shape ``(G**N, N)``, scores from the mover's seat in row-major order;
    ``num_iter`` is the most linear solves any orbit needed; ``seconds`` excludes compilation.
    """
    import numba

    from pigsolve.solver.pig._kernels import indexing, orbits
    from pigsolve.solver.pig.mixed import solve_unsettled

    goal, players = rules.goal, rules.players
    faces = face_arrays(rules)
    values = np.zeros((goal**players, players))
    warm_up(faces)
    start = time.perf_counter()
    mixed: list[MixedRecord] = []
    num_iter = 0
    highest = players * (goal - 1)
    done, total = 0, goal**players
    for layer in range(highest, -1, -1):
        members = indexing.layer_members(goal, players, layer)
        counts = np.zeros(len(members), np.int64)
        if len(members) >= PARALLEL_ORBITS:
            orbits.solve_layer(values, goal, members, faces, counts, numba.get_num_threads())
        else:
            orbits.solve_orbits(values, goal, members, faces, counts, 0, 1)
        num_iter = max(num_iter, int(counts.max(initial=0)))
        for member in members[counts < 0]:
            mixed += solve_unsettled(values, rules, tuple(int(s) for s in member), layer)
        if progress is not None:
            done += _layer_size(goal, players, layer)
            progress(done, total)
    seconds = time.perf_counter() - start
    return values, mixed, num_iter, seconds


def warm_up(faces: tuple | None = None) -> float:
    """Compile the kernels (or load them from numba's cache); return the seconds it took."""
    from pigsolve.solver.pig._kernels import indexing, orbits

    start = time.perf_counter()
    faces = face_arrays(PigRules(2)) if faces is None else faces
    values = np.zeros((4, 2))
    members = indexing.layer_members(2, 2, 1)
    counts = np.zeros(len(members), np.int64)
    orbits.solve_orbits(values, 2, members, faces, counts, 0, 1)
    orbits.solve_layer(values, 2, members, faces, counts, 1)
    return time.perf_counter() - start


def _layer_size(goal: int, players: int, total: int) -> int:
    """Return how many score vectors (0..G-1 each) sum to ``total``."""
    ways = np.zeros(total + 1, np.int64)
    ways[0] = 1
    for _ in range(players):
        ways = np.convolve(ways, np.ones(goal, np.int64))[: total + 1]
    return int(ways[total])
