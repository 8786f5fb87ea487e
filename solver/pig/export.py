"""Export a stored optimal Pig table as CSV, JSON or NumPy ``.npy`` files.

What can be exported (``G`` = goal, states ``(i, j, k)``: own score, opponent's score, turn
total; the formats are documented in ``docs/reference/formats.md``):

``probabilities``
    ``P(i, j, k)``, the optimal player's win probability, with the optimal action.
``policy``
    The optimal action in every state: True/"roll" where rolling is optimal.
``boundary``
    The roll/hold boundary: for each (i, j) the smallest turn total ``k >= 1`` at which the
    optimal player holds. Holding is forced once ``i + k >= G``, so a player who rolls on until
    the goal gets ``G - i`` ("holds only at the goal").

Every file is written atomically (:func:`solver.storage.atomic_write`) and an existing file is
kept unless ``force`` is given.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import numpy as np

from pigsolve.solver.checksums import plain
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.export_files import format_for, write_file
from pigsolve.solver.pig.kinds import Export

if TYPE_CHECKING:
    from pigsolve.solver.pig.solution import PigSolution


def hold_boundary(roll: np.ndarray) -> np.ndarray:
    """Return the smallest turn total k >= 1 at which the player holds, for every (i, j).

    Parameters
    ----------
    roll : ndarray(bool, shape=(G, G, G))
        ``roll[i, j, k]`` True where the player rolls.

    Returns
    -------
    ndarray(int64, shape=(G, G))
        ``min {k >= 1 : not roll[i, j, k] or i + k >= G}``; ``G - i`` when the player rolls in
        every state before the goal.
    """
    goal = roll.shape[0]
    if roll.shape != (goal, goal, goal):
        raise ValueError(f"roll array has shape {roll.shape}; expected (G, G, G)")
    i = np.arange(goal)[:, None, None]
    k = np.arange(goal + 1)[None, None, :]
    hold = np.ones((goal, goal, goal + 1), bool)  # k = G always reaches the goal
    hold[:, :, :goal] = ~roll
    hold |= i + k >= goal
    hold[:, :, 0] = False
    return hold.argmax(axis=2).astype(np.int64)


def export_table(
    table: PigSolution,
    what: str,
    out: str | Path,
    fmt: str | None = None,
    force: bool = False,
) -> Path:
    """Write ``what`` (policy, probabilities or boundary) of ``table`` to ``out``; return it.

    ``fmt`` is csv, json or npy (default: from the suffix of ``out``).
    """
    out = Path(out)
    if what not in tuple(Export):
        raise InvalidArgument(f"unknown export {what!r}; accepted: {', '.join(Export)}")
    fmt = format_for(out, fmt)
    if table.rules.players != 2:  # no (i, j, k) table: the start vectors and choices
        return _export_equilibrium(table, what, out, fmt, force)
    roll = np.asarray(table.roll_array(), dtype=bool)
    arrays: dict[str, np.ndarray] = {}
    if what == "probabilities":
        arrays["win_probability"] = np.asarray(table.probabilities(), dtype=np.float64)
    if what in ("probabilities", "policy"):
        arrays["roll"] = roll
    else:
        arrays["boundary"] = hold_boundary(roll)
    writers = {"csv": _write_csv, "json": _write_json, "npy": _write_npy}

    return write_file(out, fmt, lambda f: writers[fmt](f, what, arrays, table), force)


def _write_npy(f: IO[bytes], what: str, arrays: dict[str, np.ndarray], table: PigSolution) -> None:
    """Write the one array of ``what``: win_probability, roll or boundary."""
    name = {"probabilities": "win_probability", "policy": "roll", "boundary": "boundary"}[what]
    np.save(f, arrays[name], allow_pickle=False)


def _write_csv(f: IO[str], what: str, arrays: dict[str, np.ndarray], table: PigSolution) -> None:
    """Write one row per state (i, j, k) with i + k < G, or the boundary matrix."""
    if what == "boundary":
        boundary = arrays["boundary"]
        goal = boundary.shape[0]
        f.write("i," + ",".join(f"j={j}" for j in range(goal)) + "\n")
        for i, row in enumerate(boundary.tolist()):
            f.write(f"{i}," + ",".join(map(str, row)) + "\n")
        return
    roll = arrays["roll"]
    goal = roll.shape[0]
    p = arrays.get("win_probability", np.asarray(table.probabilities(), dtype=np.float64))
    f.write("i,j,k,win_probability,action\n")
    for i in range(goal):
        for j in range(goal):
            actions = ["roll" if r else "hold" for r in roll[i, j, : goal - i].tolist()]
            values = p[i, j, : goal - i].tolist()
            f.writelines(
                f"{i},{j},{k},{value!r},{action}\n"
                for k, (value, action) in enumerate(zip(values, actions, strict=True))
            )


def _write_json(f: IO[str], what: str, arrays: dict[str, np.ndarray], table: PigSolution) -> None:
    """Write one object: the metadata, the axes and the arrays as nested lists."""
    goal = table.rules.goal
    axes = ["i", "j"] if what == "boundary" else ["i", "j", "k"]
    document: dict[str, Any] = {
        "what": what,
        "goal": goal,
        "die": table.rules.die_sides,
        "axes": axes,
        "shape": [goal] * len(axes),
        "metadata": {key: plain(value) for key, value in table.attrs.items()},
    }
    document.update({name: array.tolist() for name, array in arrays.items()})
    json.dump(document, f, separators=(",", ":"), allow_nan=False)
    f.write("\n")


def _export_equilibrium(table: PigSolution, what: str, out: Path, fmt: str, force: bool) -> Path:
    """Write ``what`` of an N-player equilibrium; scores ``s0..`` run from the mover's seat.

    ``probabilities``: every player's win probability at the start of the mover's turn
    (``(G,) * N + (N,)``); ``boundary``: the smallest ``k >= 1`` at which the mover does not
    surely roll; ``policy``: the choice at every turn total (0 hold, 1 roll, 2 mixed; CSV and
    JSON give the mixed states' roll probabilities).
    """
    n, goal = table.rules.players, table.rules.goal
    axes = [f"s{t}" for t in range(n)]
    if what == "probabilities":
        array, axes = table.values, [*axes, "player"]
    elif what == "boundary":
        array = table.choices()[0]
    else:
        array, axes = table.choices(full=True)[1], [*axes, "k"]
    mixed = [
        [*map(int, scores), int(k), float(q)]
        for scores, k, q in zip(
            table.mixed.scores, table.mixed.turn_total, table.mixed.roll_probability, strict=True
        )
    ]

    def body(f: IO) -> None:
        if fmt == "npy":
            np.save(f, array, allow_pickle=False)
        elif fmt == "json":
            document = {
                "what": what, "goal": goal, "die": table.rules.die_sides, "players": n,
                "axes": axes, "shape": list(array.shape), what: array.tolist(),
                "mixed": mixed,
                "metadata": {key: plain(value) for key, value in table.attrs.items()},
            }  # fmt: skip
            json.dump(document, f, separators=(",", ":"), allow_nan=False)
            f.write("\n")
        else:
            _write_equilibrium_csv(f, what, array, table)

    return write_file(out, fmt, body, force)


def _write_equilibrium_csv(f: IO[str], what: str, array: np.ndarray, table: PigSolution) -> None:
    """Write one row per score vector (probabilities, boundary) or live state (policy)."""
    n, goal = table.rules.players, table.rules.goal
    scores = [f"s{t}" for t in range(n)]
    if what == "probabilities":
        grid = np.indices(array.shape[:-1]).reshape(n, -1).T
        f.write(",".join([*scores, *(f"p{t}" for t in range(n))]) + "\n")
        for index, values in zip(grid.tolist(), array.reshape(-1, n).tolist(), strict=True):
            f.write(",".join([*map(str, index), *map(repr, values)]) + "\n")
        return
    if what == "boundary":
        grid = np.indices(array.shape).reshape(n, -1).T
        f.write(",".join([*scores, "boundary"]) + "\n")
        for index, value in zip(grid.tolist(), array.ravel().tolist(), strict=True):
            f.write(",".join(map(str, [*index, value])) + "\n")
        return
    f.write(",".join([*scores, "k", "action", "roll_probability"]) + "\n")
    names = ("hold", "roll", "mixed")
    for index in np.ndindex(array.shape[:-1]):
        choices = array[index][: goal - index[0]].tolist()
        k_mixed, q = table.mixed.lookup(index) if 2 in choices else (-1, 0.0)
        prefix = ",".join(map(str, index))
        f.writelines(
            f"{prefix},{k},{names[c]},{q if k == k_mixed else float(c)!r}\n"
            for k, c in enumerate(choices)
        )
