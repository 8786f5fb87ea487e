"""Fixtures of the Pig method tests: rules with a die of any faces, the orbit solver for any N."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.layers import solve_layers
from pigsolve.solver.pig.solution import Mixed, PigSolution


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


def solve_orbits(rules: PigRules) -> PigSolution:
    """Return the layered solution of ``rules`` by the orbit solver whatever the number of
    players (two players too, which :func:`solve` gives to the pair kernel)."""
    values, records, num_iter, seconds = solve_layers(rules)
    shape = (rules.goal,) * rules.players + (rules.players,)
    mixed = Mixed.of(records, rules.players)
    return PigSolution(rules, values.reshape(shape), mixed, num_iter=num_iter, seconds=seconds)


@pytest.fixture(scope="session")
def by_orbits() -> Callable[[PigRules], PigSolution]:
    """Return :func:`solve_orbits`, the orbit solver for any number of players."""
    return solve_orbits
