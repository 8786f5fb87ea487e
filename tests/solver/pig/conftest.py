"""Fixtures of the Pig method tests: rules with a die of any faces."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from pigsolve.solver.games.pig import PigRules


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
