"""Sources of die rolls for games and simulations: a seeded random die, or listed rolls.

A dice source is any object with ``roll(sides=None) -> int``: ``sides`` names the die in use when
it changes during a game (Hog's Pork Chop swaps six- and four-sided dice); None means the source's
own. :func:`read_rolls` reads a rolls file
(whitespace-separated integers ``1..D``, as document 002's ``rolls.txt``) and checks every value
before any game starts; :class:`ListedDice` then hands them out in order and raises once they run
out, never falling back to random dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pigsolve.solver.errors import GameInputError, MissingFile

if TYPE_CHECKING:
    import numpy as np


class Dice(Protocol):
    """A source of die rolls."""

    def roll(self, sides: int | None = None) -> int:
        """Return the next roll of a die of ``sides`` sides (None: the source's own)."""
        ...


class RandomDice:
    """A fair die of ``die_sides`` sides rolled with a numpy Generator."""

    def __init__(self, die_sides: int, rng: np.random.Generator) -> None:
        self.die_sides = die_sides
        self.rng = rng

    def roll(self, sides: int | None = None) -> int:
        """Return a uniform roll in 1..sides (default: die_sides)."""
        return int(self.rng.integers(1, (sides or self.die_sides) + 1))


class ListedDice:
    """Rolls given in advance, used in order; running out, or a face the die lacks, raises."""

    def __init__(self, rolls: Sequence[int], source: str = "the rolls") -> None:
        self.rolls = list(rolls)
        self.source = source
        self.num_used = 0

    def roll(self, sides: int | None = None) -> int:
        """Return the next listed roll; GameInputError if none is left or it exceeds ``sides``."""
        if self.num_used >= len(self.rolls):
            raise GameInputError(f"{self.source} ran out: all {self.num_used} rolls used")
        value = self.rolls[self.num_used]
        self.num_used += 1
        if sides is not None and value > sides:
            raise GameInputError(
                f"{self.source}: roll {self.num_used} is {value}, not a face of the "
                f"{sides}-sided dice in use"
            )
        return value


def parse_rolls(text: str, die_sides: int, source: str = "rolls", game: str = "pig") -> list[int]:
    """Return the rolls in ``text`` (whitespace-separated integers 1..die_sides).

    For a ``game`` of the Pig family other than Pig, ``die_sides`` is its roll table's
    denominator ``L``: a number picks an outcome as
    :meth:`solver.games.pig_outcomes.RollOutcomes.draw` does.

    >>> parse_rolls("3 1\\n6", 6)
    [3, 1, 6]
    >>> parse_rolls("3\\n7", 6)
    Traceback (most recent call last):
    ...
    pigsolve.solver.errors.GameInputError: rolls, line 2: '7' is not a roll of a 6-sided die ...
    """
    rolls = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        for token in line.split():
            value = int(token) if token.isascii() and token.isdigit() else 0
            if not 1 <= value <= die_sides:
                # Pig's die or another game of Pig's family (its outcomes): not a Hog branch
                what = f"a {die_sides}-sided die" if game == "pig" else f"the game {game}"
                order = "" if game == "pig" else ", each outcome a range in the order info lists"
                raise GameInputError(
                    f"{source}, line {line_number}: {token!r} is not a roll of {what} "
                    f"(1 to {die_sides}{order})"
                )
            rolls.append(value)
    return rolls


def read_rolls(path: Path, die_sides: int, game: str = "pig") -> ListedDice:
    """Return the rolls of the file at ``path`` as a dice source; raise GameInputError if bad.

    ``die_sides`` and ``game`` are as :func:`parse_rolls` takes them.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError) as err:  # a usage error
        raise MissingFile(f"cannot read rolls file {path}: {err.strerror}") from None
    except OSError as err:
        raise GameInputError(f"cannot read rolls file {path}: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise GameInputError(f"cannot read rolls file {path}: not a UTF-8 text file") from None
    return ListedDice(
        parse_rolls(text, die_sides, f"rolls file {path}", game), f"rolls file {path}"
    )


def seeded_streams(seed: int | None, others: int) -> list[np.random.Generator]:
    """Return the dice's generator and ``others`` independent ones, from ``seed`` (a fresh
    seed if None; checked as :func:`solver.results.check_seed` checks it).

    What the others draw (a random seat, the players' coins) never shifts the dice, so one
    ``--seed`` gives the same dice whatever else is chosen at random.
    """
    import numpy as np

    from pigsolve.solver.results import check_seed

    sequence = np.random.SeedSequence(None if seed is None else check_seed(seed))
    return [np.random.default_rng(stream) for stream in [sequence, *sequence.spawn(others)]]
