"""Fixtures of the Pig method tests: rules with a die of any faces, the orbit solver for any N."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import Effect, Outcome, RollOutcomes
from pigsolve.solver.pig.solution import PigSolution
from pigsolve.solver.pig.solve import by_orbits as by_orbits_solver


def die_of_faces(faces: tuple[int, ...]) -> RollOutcomes:
    """Return the roll of a fair die with the given faces (0: a pig, else the points it adds)."""
    chance = Fraction(1, len(faces))
    return RollOutcomes(
        "faces " + " ".join(map(str, faces)),
        tuple(
            Outcome(f"face {n}", chance, Effect.add if f else Effect.pig, f)
            for n, f in enumerate(faces, 1)
        ),
    )


@pytest.fixture
def other_die() -> Callable[[int, tuple[int, ...]], PigRules]:
    """Return a maker of rules with goal G and a die of the given faces (0: pig): the methods
    must take the roll from the rules."""
    return lambda goal, faces: PigRules(goal, outcomes=die_of_faces(faces))


@pytest.fixture(scope="session")
def by_orbits() -> Callable[[PigRules], PigSolution]:
    """Return :func:`solver.pig.solve.by_orbits`, the orbit solver for any number of players
    (two players too, which :func:`solve` gives to the pair kernel)."""
    return by_orbits_solver
