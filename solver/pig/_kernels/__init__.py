"""Numba kernels of the Pig solver: plain loops over arrays the caller allocates.

Imported only on the paths that compute. Modules, by what they do:

- :mod:`.pair`: two players, the pair of score vectors ``(i, j)``, ``(j, i)`` (the fast path),
  with value iteration and the full table's Bellman residual;
- :mod:`.indexing`: score vectors, orbits and layers of the N-player table;
- :mod:`.rows`: one mover's row of turn totals;
- :mod:`.orbits`: solving the orbits of a layer by policy iteration;
- :mod:`.rebuild`: residuals and choices rebuilt from the stored values.

Every kernel breaks ties by :data:`solver.pig.tolerances.TIE`.

Importing this package asks OpenMP (numba's threading layer here) to put its threads to sleep
between parallel regions (``OMP_WAIT_POLICY=PASSIVE``, unless set otherwise): by default they spin,
and on a machine whose cores are shared the spinning threads slow the serial work between the
layers (three players, goal 100: 3.5 s instead of 1.3 s). The setting takes effect only if no
parallel kernel has run yet in the process.
"""

import os

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

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
