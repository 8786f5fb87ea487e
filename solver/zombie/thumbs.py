"""The rules of thumb players use, as decisions the exact evaluation reads.

Each gives ``rolls[lie, level]`` for a :class:`solver.zombie.solve.Turn`: stop at ``k`` shotguns
(``shotguns``), stop at ``n`` brains this turn (``brains``), stop when the chance that the next
roll ends the turn exceeds ``p`` percent (``risk``: the chance of the third shotgun, from the
cup's dice and the hand's). Each also stops once its total reaches the goal (in a tiebreaker
round, once the round's brains do), and in a last turn (or a tiebreaker's second turn) rolls
until it leads.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.zombie import ZombieRules
from pigsolve.solver.zombie.laws import turn_laws
from pigsolve.solver.zombie.solve import Turn

KINDS = {
    "shotguns": "stops at K shotguns, e.g. shotguns:2",
    "brains": "stops at N brains this turn, e.g. brains:4",
    "risk": "stops when the next roll's chance of the last shotgun exceeds P percent, e.g. risk:25",
}
"""The rules of thumb by kind, in words."""


@dataclass(frozen=True)
class RuleOfThumb:
    """A rule of thumb: ``kind`` (:data:`KINDS`) with its constant ``value``."""

    rules: ZombieRules
    kind: str
    value: int

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InvalidArgument(
                f"a rule of thumb is one of {', '.join(KINDS)}, got {self.kind!r}"
            )
        low, high = (1, self.rules.shotguns) if self.kind == "shotguns" else (0, 1000)
        if self.kind == "risk":
            high = 100
        if not low <= self.value <= high:
            raise InvalidArgument(f"{self.kind}:N takes N from {low} to {high}, got {self.value}")

    def __call__(self, turn: Turn) -> np.ndarray:
        """Return the decisions in ``turn``: ``rolls[lie, level]`` (read-only, kept: they
        depend on the turn's kind, score and levels alone)."""
        return _rolls(self, turn.kind, turn.score, turn.levels)


@functools.lru_cache(maxsize=256)
def _rolls(thumb: RuleOfThumb, kind: str, score: int, levels: int) -> np.ndarray:
    laws = turn_laws(thumb.rules)
    steps = np.arange(levels)
    if kind == "last":
        rolls = np.broadcast_to(steps < levels - 1, (laws.size, levels)).copy()
    else:
        if thumb.kind == "shotguns":
            rolls = np.broadcast_to((laws.shotguns < thumb.value)[:, None], (laws.size, levels))
        elif thumb.kind == "brains":
            rolls = np.broadcast_to(steps < thumb.value, (laws.size, levels))
        else:
            rolls = np.broadcast_to((laws.bust * 100 <= thumb.value)[:, None], (laws.size, levels))
        rolls = rolls.copy()
        rolls[:, max(0, thumb.rules.goal - score) :] = False  # a tiebreaker's: from 0
    rolls.flags.writeable = False
    return rolls
