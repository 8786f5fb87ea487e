"""Numba kernels of the Pig solver: plain loops over arrays the caller allocates.

Imported only on the paths that compute. Modules, by what they do:

- :mod:`.pair`: two players, the pair of score vectors ``(i, j)``, ``(j, i)`` (the fast path),
  with value iteration and the full table's Bellman residual;
- :mod:`.indexing`: score vectors, orbits and layers of the N-player table;
- :mod:`.rows`: one mover's row of turn totals;
- :mod:`.orbits`: solving the orbits of a layer by policy iteration;
- :mod:`.rebuild`: residuals and choices rebuilt from the stored values.

Every kernel breaks ties by :data:`solver.pig.tolerances.TIE`.
"""

from pigsolve.solver.pig._kernels.pair import (
    _bellman_residual,
    _expand,
    _solve_sums,
    _solve_sums_parallel,
    _value_iteration_sweep,
)

__all__ = [
    "_bellman_residual",
    "_expand",
    "_solve_sums",
    "_solve_sums_parallel",
    "_value_iteration_sweep",
]
