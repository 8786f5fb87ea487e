r"""A round robin of fixed players ranked by CS 61A's contest rule, and its files.

Every entry plays every other; ``rates[i, j]`` is entry i's exact chance of beating entry j,
the mean of moving first and moving second (the family computes it:
:attr:`solver.registry.Capabilities.contest`). Entry i takes a point from j when

.. math::

    r_{ij} > \tau, \qquad \tau = 0.500001,

so a tie, or a win by less than the threshold, gives neither a point. Entries are ranked by
points (equal points share a rank: 1, 1, 3); the mean rate against the others orders equals on
the page and breaks no tie.

The ``--json`` file (``"format": "pigsolve-tournament"``, version 1) holds the entries by rank,
the matrix of rates in that order, the entries disqualified and why; the ``--csv`` file holds
the ranking's rows.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from pigsolve.solver import __version__
from pigsolve.solver.storage import atomic_write

THRESHOLD = 0.500001
"""A match point needs a win rate above this (CS 61A's contest: 50.0001%); ties lose."""
FORMAT = "pigsolve-tournament"
VERSION = 1
"""The ``--json`` file's format and its version."""
CSV_FIELDS = ("rank", "name", "entry", "points", "win_rate")
"""The ``--csv`` file's columns."""


@dataclass(frozen=True)
class Ranking:
    """The entries ranked: ``order[k]`` is the entry ranked k-th (best first), ``points[i]``
    entry i's points, ``ranks[i]`` its rank (1 best, shared by equal points) and
    ``win_rates[i]`` its mean rate against the others (entries in the order of ``rates``)."""

    order: np.ndarray
    points: np.ndarray
    ranks: np.ndarray
    win_rates: np.ndarray


def ranking(rates: np.ndarray, threshold: float = THRESHOLD) -> Ranking:
    """Return the entries of ``rates`` (square, nan on the diagonal) ranked by points: a point
    for each rate above ``threshold``.

    >>> rates = np.array([[np.nan, 0.5, 0.7], [0.5, np.nan, 0.6], [0.3, 0.4, np.nan]])
    >>> found = ranking(rates)
    >>> found.points.tolist(), found.ranks.tolist(), found.order.tolist()
    ([1, 1, 0], [1, 1, 3], [0, 1, 2])
    """
    rates = np.asarray(rates, dtype=float)
    if rates.ndim != 2 or rates.shape[0] != rates.shape[1] or len(rates) < 2:
        raise ValueError(f"rates must be a square matrix of two entries or more, got {rates.shape}")
    points = np.sum(rates > threshold, axis=1)  # nan > threshold is False
    win_rates = np.nanmean(rates, axis=1)
    order = np.lexsort((-win_rates, -points))  # by points, then the mean rate; stable
    ranks = 1 + np.sum(points[None, :] > points[:, None], axis=1)
    return Ranking(order, points, ranks, win_rates)


def rows(ranking: Ranking, names: Sequence[str], entries: Sequence[str]) -> list[dict[str, Any]]:
    """Return one row a ranked entry, best first: :data:`CSV_FIELDS`."""
    return [
        {
            "rank": int(ranking.ranks[i]),
            "name": names[i],
            "entry": entries[i],
            "points": int(ranking.points[i]),
            "win_rate": float(ranking.win_rates[i]),
        }
        for i in ranking.order
    ]


def record(
    game: str,
    goal: int,
    rates: np.ndarray,
    names: Sequence[str],
    entries: Sequence[str],
    disqualified: Sequence[tuple[str, str]],
    seconds: float,
    threshold: float = THRESHOLD,
) -> dict[str, Any]:
    """Return the ``--json`` file's object: the entries by rank and the rates in that order
    (None on the diagonal), ``disqualified`` as (entry, reason) pairs."""
    found = ranking(rates, threshold)
    order = found.order
    ordered = np.asarray(rates, dtype=float)[np.ix_(order, order)]
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "goal": goal,
        "threshold": threshold,
        "entries": rows(found, names, entries),
        "rates": [[None if np.isnan(x) else float(x) for x in row] for row in ordered],
        "disqualified": [{"entry": entry, "reason": reason} for entry, reason in disqualified],
        "seconds": seconds,
        "pigsolve": __version__,
    }


def write_json(path: Path, tournament: dict[str, Any], force: bool = False) -> Path:
    """Write the record ``tournament`` (:func:`record`) to ``path`` atomically (an existing
    file only with ``force``)."""
    text = json.dumps(tournament, allow_nan=False) + "\n"
    return atomic_write(path, lambda tmp: tmp.write_text(text), force=force)


def write_csv(path: Path, tournament: dict[str, Any], force: bool = False) -> Path:
    """Write the ranking's rows of ``tournament`` (:func:`record`) to ``path`` atomically."""

    def write(tmp: Path) -> None:
        with open(tmp, "w", newline="") as f:
            writer = csv.DictWriter(f, CSV_FIELDS)
            writer.writeheader()
            writer.writerows(tournament["entries"])

    return atomic_write(path, write, force=force)
