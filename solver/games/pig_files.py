"""A Pig-family game from a TOML file (``--game FILE.toml``): one ``[[outcome]]`` table per
outcome, each with a probability or a count, an effect and, for ``add``, the points::

    name = "lucky die"
    [[outcome]]
    name = "one"
    probability = "1/6"     # or: count = 1 (counts are divided by their total)
    effect = "pig"
    [[outcome]]
    name = "six"
    probability = "5/6"
    effect = "add"
    points = 6
"""

from __future__ import annotations

import reprlib
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.game_files import check_keys, read_game_file
from pigsolve.solver.games.pig_outcomes import (
    KERN_COUNTS,
    KERN_TOUCHING,
    Effect,
    Outcome,
    RollOutcomes,
    pass_the_pigs,
)

GAME_KEYS = ("name", "outcome", "game", "counts", "touching")
OUTCOME_KEYS = ("name", "probability", "count", "effect", "points")


def load_game(path: str | Path) -> RollOutcomes:
    """Return the game described by the TOML file at ``path`` (see the module docstring).

    A file may instead say ``game = "pass-the-pigs"`` with a ``[counts]`` table (and optionally
    ``touching = "23/6000"``) to play Pass the Pigs with its own frequencies.
    """
    path = Path(path)
    data = read_game_file(path)
    try:
        return replace(_from_toml(data, path.stem), source=str(path))
    except InvalidArgument as err:
        raise InvalidArgument(f"{path}: {err}") from None


def _from_toml(data: dict, default_name: str) -> RollOutcomes:
    check_keys("", data, GAME_KEYS)
    name = data.get("name", default_name)
    if not isinstance(name, str):
        raise InvalidArgument(f"name must be a string, got {reprlib.repr(name)}")
    if data.get("game") == "pass-the-pigs":
        touching = _fraction(data.get("touching", str(KERN_TOUCHING)), "touching")
        counts = data.get("counts", KERN_COUNTS)
        if not isinstance(counts, dict):
            raise InvalidArgument(
                f"counts must be a table ([counts]) of each position's count, got "
                f"{reprlib.repr(counts)}"
            )
        return pass_the_pigs(counts, touching)
    if "game" in data:
        raise InvalidArgument(f"unknown game {data['game']!r}: a file can name 'pass-the-pigs'")
    rows = data.get("outcome")
    if not isinstance(rows, list) or not rows or not all(isinstance(row, dict) for row in rows):
        raise InvalidArgument("list the outcomes as [[outcome]] tables")
    for number, row in enumerate(rows, 1):
        check_keys(f"outcome {number}: ", row, OUTCOME_KEYS)
    given = {("probability" in row, "count" in row) for row in rows}
    if given != {(True, False)} and given != {(False, True)}:
        raise InvalidArgument("give every outcome either a probability or a count, not a mix")
    counted = given == {(False, True)}
    total = sum(_count(row) for row in rows) if counted else None
    if total == 0:
        raise InvalidArgument("the counts total 0: give some outcome a count of at least 1")
    outcomes = []
    for number, row in enumerate(rows, 1):
        effect = row.get("effect")
        if effect not in Effect.__members__:
            raise InvalidArgument(
                f"outcome {number}: unknown effect {effect!r}: choose 'add', 'pig' or 'reset'"
            )
        points = row.get("points", 0)
        if not isinstance(points, int) or isinstance(points, bool):
            raise InvalidArgument(f"outcome {number}: points must be a whole number")
        if Effect(effect) is Effect.add and "points" not in row:
            raise InvalidArgument(f"outcome {number}: an 'add' outcome needs its points")
        chance = (
            Fraction(_count(row), total)
            if total is not None
            else _fraction(row["probability"], f"outcome {number}")
        )
        outcomes.append(Outcome(str(row.get("name", number)), chance, Effect(effect), points))
    return RollOutcomes(name, tuple(outcomes))


def _count(row: dict) -> int:
    count = row.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise InvalidArgument(f"a count must be a whole number >= 0, got {reprlib.repr(count)}")
    return count


def _fraction(value: object, what: str) -> Fraction:
    """Return ``value`` ("1/6", 0.1 or 1) as an exact fraction (0.1 is one tenth)."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise InvalidArgument(f"{what}: a probability is a number or a fraction like '1/6'")
    try:
        return Fraction(str(value) if isinstance(value, float) else value)
    except (ValueError, ZeroDivisionError):
        raise InvalidArgument(f"{what}: {reprlib.repr(value)} is not a probability") from None
