"""Transitional: the names that the table, verify and evaluation modules import from here,
re-exported from :mod:`solver.pig._kernels` until those imports are re-pointed (issue 16);
then this module goes."""

from pigsolve.solver.pig._kernels.indexing import decode, flat_index, layer, orbit_of
from pigsolve.solver.pig._kernels.orbits import cycle_values
from pigsolve.solver.pig._kernels.rebuild import choices, residuals
from pigsolve.solver.pig._kernels.rows import FIXED, GREEDY, greedy, row
from pigsolve.solver.pig.tolerances import ROUNDING, TIE

__all__ = [
    "FIXED",
    "GREEDY",
    "ROUNDING",
    "TIE",
    "choices",
    "cycle_values",
    "decode",
    "flat_index",
    "greedy",
    "layer",
    "orbit_of",
    "residuals",
    "row",
]
