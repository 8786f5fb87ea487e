"""Export a Zombie Dice table as CSV, JSON or NumPy ``.npy`` files.

``probabilities``: each seat's chance at the start of its turn, ``seat`` 1 (moving first) and
2, its score and the opponent's, below the goal: an array ``[seat, score, opponent_score]``.
Every file is written atomically and an existing file is kept unless ``force`` is given.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import IO

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.export_files import format_for, write_file
from pigsolve.solver.zombie.solution import ZombieSolution

EXPORTS = ("probabilities",)
"""What :func:`export_table` writes."""


def export_table(
    solution: ZombieSolution,
    what: str,
    out: str | Path,
    fmt: str | None = None,
    force: bool = False,
) -> Path:
    """Write ``what`` (:data:`EXPORTS`) of ``solution`` to ``out`` as ``fmt`` (csv, json or
    npy; default: the suffix of ``out``); return the path written."""
    if what not in EXPORTS:
        raise InvalidArgument(
            f"unknown export {what!r} for Zombie Dice; accepted: {', '.join(EXPORTS)}"
        )
    out = Path(out)
    fmt = format_for(out, fmt)
    array = np.stack([solution.first, solution.second])
    goal = solution.rules.goal

    def body(f: IO) -> None:
        if fmt == "npy":
            np.save(f, array, allow_pickle=False)
        elif fmt == "json":
            document = {
                "what": what,
                "rules": json.loads(solution.rules.to_json()),
                "axes": ["seat", "score", "opponent_score"],
                "seats": [1, 2],
                "scores": list(range(goal)),
                "shape": list(array.shape),
                what: array.tolist(),
            }
            json.dump(document, f, separators=(",", ":"), allow_nan=False)
            f.write("\n")
        else:
            writer = csv.writer(f)
            writer.writerow(["seat", "score", "opponent_score", "win_probability"])
            writer.writerows(
                [seat + 1, i, j, repr(float(array[seat, i, j]))]
                for seat in range(2)
                for i in range(goal)
                for j in range(goal)
            )

    return write_file(out, fmt, body, force)
