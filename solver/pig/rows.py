"""The mover's row of turn totals at one score vector, rebuilt from the start-of-turn values
(pure numpy: reading a table needs no numba). See :mod:`solver.pig.solution` for the equations.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.games.pig_outcomes import Effect
from pigsolve.solver.pig.tolerances import TIE


@dataclass(frozen=True)
class Row:
    """The mover's row at one score vector: per turn total, both actions' value vectors."""

    roll: np.ndarray  # (G - s0, N)
    hold: np.ndarray  # (G - s0, N); row 0 is meaningless (no hold at k = 0)
    roll_probability: np.ndarray  # (G - s0,): 1 roll, 0 hold, else mixed

    @property
    def value(self) -> np.ndarray:
        """Return the chosen (or mixed) value vector at every turn total."""
        q = self.roll_probability[:, None]
        return q * self.roll + (1 - q) * self.hold


def rebuild_row(
    values: np.ndarray,
    rules: PigRules,
    scores: tuple[int, ...],
    mixed: tuple[int, float],
    choices: np.ndarray | None = None,
) -> Row:
    """Return the mover's row at ``scores`` rebuilt from the start-of-turn ``values``.

    Pure numpy (no numba). A turn total ``k`` with ``scores[0] + k >= goal`` is a win and is not
    in the row. ``mixed`` is the turn total at which the mover mixes there and its chance of
    rolling (:meth:`solver.pig.solution.Mixed.lookup`). ``choices`` (bool, one per turn total),
    if given, are the solver's own choices (two players' full table); else the better action is
    taken, ties holding. In a game with blank rolls (``add`` 0 points, chance ``p0``) ``roll``
    is the value of one roll, a blank coming back to the same state, and ``roll_probability``
    the chance of rolling at each visit.
    """
    goal, players = rules.goal, rules.players
    length = goal - scores[0]
    gains, counts, pigs, resets, size = roll_counts(rules)
    win = np.eye(players)[0]
    pig = np.roll(values[(*scores[1:], scores[0])], 1)
    # A reset (two players only) leaves the mover at 0 and the other to move.
    reset = np.roll(values[(*scores[1:], 0)], 1) if resets else np.zeros(players)
    mix_k, mix_q = mixed
    roll = np.empty((length, players))
    hold = np.zeros((length, players))
    chosen = np.empty((length, players))
    probability = np.empty(length)
    for k in range(length - 1, -1, -1):
        following = [
            c * (chosen[k + g] if k + g < length else win)
            for g, c in zip(gains, counts, strict=True)
        ]
        roll[k] = (pigs * pig + resets * reset + np.sum(following, axis=0)) / size
        if k == 0:
            probability[k] = 1.0
        else:
            hold[k] = np.roll(values[(*scores[1:], scores[0] + k)], 1)
            if k == mix_k:
                probability[k] = mix_q
            elif choices is not None:
                probability[k] = float(choices[k])
            else:
                probability[k] = float(roll[k, 0] > hold[k, 0] + TIE)
        q = probability[k]
        chosen[k] = q * roll[k] + (1 - q) * hold[k]
    blank = float(rules.roll_outcomes.probability(Effect.add, 0))
    if blank:  # the roll above is one that changes something; a blank comes back to this state
        roll = (1 - blank) * roll + blank * chosen
        probability /= 1 - blank + blank * probability  # per visit: the same mixture in the end
    return Row(roll, hold, probability)
