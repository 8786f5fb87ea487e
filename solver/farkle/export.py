"""Export a Farkle table as CSV, JSON or NumPy ``.npy`` files.

What can be exported (scores in points, from 0 below the goal; both players with no farkle in
a row):

``probabilities``
    ``P(i, j)``, the mover's chance at the start of a turn with ``i`` banked against ``j``;
    with more players every player's chance at each score vector ``s0, s1, ...`` (the mover's
    first, then in turn order), and the JSON lists the coins.
``boundary``
    When to bank: for each own score ``i``, opponent's score ``j`` and ``n`` dice to roll, the
    smallest turn total at which the optimal player banks (-1: it rolls on to the goal), as
    :mod:`solver.farkle.thresholds` finds it.

Every file is written atomically (:func:`solver.storage.atomic_write`) and an existing file is
kept unless ``force`` is given.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import IO

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.export_files import format_for, write_file
from pigsolve.solver.farkle.players import check_two_seats
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.farkle.thresholds import bank_thresholds
from pigsolve.solver.games.farkle import POINT_UNIT

EXPORTS = ("probabilities", "boundary")
"""What :func:`export_table` writes."""


def export_table(
    solution: FarkleSolution,
    what: str,
    out: str | Path,
    fmt: str | None = None,
    force: bool = False,
) -> Path:
    """Write ``what`` (:data:`EXPORTS`) of ``solution`` to ``out`` as ``fmt`` (csv, json or
    npy; default: the suffix of ``out``); return the path written."""
    out = Path(out)
    if what not in EXPORTS:
        raise InvalidArgument(f"unknown export {what!r} for Farkle; accepted: {', '.join(EXPORTS)}")
    if what != "probabilities":
        check_two_seats(solution.rules, f"{what} exports")
    fmt = format_for(out, fmt)
    array, axes = _array(solution, what)
    scores = list(range(0, solution.rules.goal, POINT_UNIT))

    def body(f: IO) -> None:
        if fmt == "npy":
            np.save(f, array, allow_pickle=False)
        elif fmt == "json":
            document = {
                "what": what,
                "rules": json.loads(solution.rules.to_json()),
                "axes": axes,
                "scores": scores,
                "shape": list(array.shape),
                what: array.tolist(),
            }
            if solution.rules.players > 2:
                document["coins"] = [
                    [*(POINT_UNIT * int(s) for s in seats), q] for seats, q in solution.coins
                ]
            json.dump(document, f, separators=(",", ":"), allow_nan=False)
            f.write("\n")
        else:
            _write_csv(f, what, array, scores)

    return write_file(out, fmt, body, force)


def _array(solution: FarkleSolution, what: str) -> tuple[np.ndarray, list[str]]:
    """Return the array of ``what`` and its axes' names."""
    scores = range(0, solution.rules.goal, POINT_UNIT)
    players = solution.rules.players
    if what == "probabilities" and players > 2:
        return solution.values.copy(), [*(f"s{t}" for t in range(players)), "player"]
    if what == "probabilities":
        return solution.start_values.copy(), ["score", "opponent_score"]
    totals = np.stack([bank_thresholds(solution, j).totals for j in scores], axis=1)
    return totals, ["score", "opponent_score", "dice"]


def _write_csv(f, what: str, array: np.ndarray, scores: list[int]) -> None:
    """Write one row per pair of scores: the chance, or the banking total for each dice left."""
    writer = csv.writer(f)
    if array.ndim > 2 and what == "probabilities":  # more players: a row per score vector
        n = array.shape[-1]
        writer.writerow([*(f"s{t}" for t in range(n)), *(f"p{t}" for t in range(n))])
        for index in np.ndindex(array.shape[:-1]):
            chances = map(repr, array[index].tolist())
            writer.writerow([*(scores[k] for k in index), *chances])
        return
    if what == "probabilities":
        writer.writerow(["score", "opponent_score", "win_probability"])
        rows = ([i, j, repr(float(array[s, t]))] for s, i in enumerate(scores)
                for t, j in enumerate(scores))  # fmt: skip
    else:
        dice = array.shape[2]
        names = [f"bank_from_{n}_dice" for n in range(1, dice + 1)]
        writer.writerow(["score", "opponent_score", *names])
        rows = ([i, j, *map(int, array[s, t])] for s, i in enumerate(scores)
                for t, j in enumerate(scores))  # fmt: skip
    writer.writerows(rows)
