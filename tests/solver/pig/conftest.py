"""Fixtures of the Pig method tests: rules with a die of any faces, the orbit solver for any N."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.solution import PigSolution
from pigsolve.solver.pig.solve import by_orbits as by_orbits_solver


@dataclass(frozen=True)
class OtherDie(PigRules):
    """Rules whose die has the given faces: the methods must take them from the rules."""

    face_values: tuple[int, ...] = (0, 1)

    @property
    def faces(self) -> tuple[int, ...]:
        return self.face_values


@pytest.fixture
def other_die() -> Callable[[int, tuple[int, ...]], PigRules]:
    """Return a maker of rules with goal G and a die of the given faces (0: pig)."""
    return lambda goal, faces: OtherDie(goal, len(faces), face_values=faces)


@pytest.fixture(scope="session")
def by_orbits() -> Callable[[PigRules], PigSolution]:
    """Return :func:`solver.pig.solve.by_orbits`, the orbit solver for any number of players
    (two players too, which :func:`solve` gives to the pair kernel)."""
    return by_orbits_solver
