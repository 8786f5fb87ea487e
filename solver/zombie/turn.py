"""One Zombie Dice turn played backwards: the kernel's pass with its arrays, and what it finds.

:class:`TurnRunner` runs :func:`solver.zombie._kernels.turn_pass` over a turn's levels and lies
(:class:`solver.zombie.laws.TurnLaws`) with its arrays allocated once; :class:`TurnRows` is a
turn played best, as a solution answers questions of it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pigsolve.solver.zombie.laws import TurnLaws


class TurnRunner:
    """One turn's backward pass, with its arrays allocated once: ``run(stop, slope, shot)``
    fills them (:func:`solver.zombie._kernels.turn_pass`) at levels ``0..len(stop) - 1``;
    :attr:`rolls` and :attr:`worths` read them ``[lie, level]``."""

    def __init__(self, laws: TurnLaws, levels: int) -> None:
        self.laws = laws
        self._value = np.empty((levels, laws.size))
        self._dvalue = np.empty((levels, laws.size))
        self._rolls = np.empty((levels, laws.size), dtype=np.bool_)
        self._worths = np.empty((levels, laws.size))
        self._levels = levels

    @property
    def rolls(self) -> np.ndarray:
        """Whether the last run rolls, ``[lie, level]`` (a view)."""
        return self._rolls[: self._levels].T

    @property
    def worths(self) -> np.ndarray:
        """Rolling's chance in the last run, ``[lie, level]`` (a view)."""
        return self._worths[: self._levels].T

    def run(
        self, stop: np.ndarray, slope: np.ndarray, shot: float, rolls: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Return the worth of a turn's first roll at every level and its derivative in
        ``shot``, the value of the turn ending in shotguns (or with nothing); the mover plays
        best, or rolls where ``rolls[lie, level]`` (a given player's decisions)."""
        from pigsolve.solver.zombie._kernels import start_rolls, turn_pass

        laws, n = self.laws, len(stop)
        self._levels = n
        arrays = (laws.offsets, laws.target, laws.gain, laws.prob, laws.bust)
        value, dvalue, decided = self._value[:n], self._dvalue[:n], self._rolls[:n]
        if rolls is not None:
            decided[...] = rolls.T
        turn_pass(
            *arrays, stop, slope, shot, value, dvalue, decided, self._worths[:n], rolls is not None
        )
        return start_rolls(*arrays, shot, value, dvalue, laws.start)


@dataclass(frozen=True)
class TurnRows:
    """One turn played best: after a roll left lie ``i`` at level ``l``, ``rolls[i, l]`` says
    whether rolling is better and ``worths[i, l]`` is rolling's chance; ``stop[l]`` is
    stopping's (from the top level on the turn stops: it wins, or its total reaches the
    ceiling); ``starts[l]`` is the turn's chance before its first roll at level ``l``."""

    rolls: np.ndarray
    worths: np.ndarray
    stop: np.ndarray
    starts: np.ndarray

    @property
    def start(self) -> float:
        """The turn's chance before its first roll, at level 0."""
        return float(self.starts[0])

    @property
    def top(self) -> int:
        """The level from which the turn stops."""
        return len(self.stop) - 1
