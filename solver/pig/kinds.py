"""The names the Pig verbs take: solve methods, exports and their formats, plots.

Kept apart from the verbs (which import numpy and h5py) so that the command line can offer them
as choices without loading either.
"""

from enum import StrEnum


class Method(StrEnum):
    """The Pig solvers (:func:`solver.pig.solve.solve` also takes 'lay' and 'vi')."""

    layered = "layered"
    value_iteration = "value-iteration"


class Export(StrEnum):
    """What :func:`solver.pig.export.export_table` writes."""

    policy = "policy"
    probabilities = "probabilities"
    boundary = "boundary"


class Format(StrEnum):
    """The file formats :func:`solver.pig.export.export_table` writes."""

    csv = "csv"
    json = "json"
    npy = "npy"


class Plot(StrEnum):
    """The plots :func:`solver.pig.plot.plot_table` draws."""

    boundary = "boundary"
    slice = "slice"
    contours = "contours"
    players = "players"
