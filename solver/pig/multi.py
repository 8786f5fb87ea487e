r"""Pig for N players, solved exactly: a stationary equilibrium, layer by layer.

State and values
----------------
A score vector ``s`` is seen from the mover's seat: the mover's score first, then the others in
the order they move next. ``V(s)`` is the vector of every player's win probability (same order)
at the start of the mover's turn, when every player maximises its own chance knowing the others
do. One such vector per score vector: :math:`G^N` vectors of N numbers.

Within the mover's row of turn totals the choices depend only on the mover's own value after a
pig, ``x``; with them fixed, every value of the row is affine in the vector after a pig. A hold
raises the sum of the scores, a pig passes the turn with the scores unchanged, to the next
rotation of ``s``. So the sums are solved from the highest down and, within a sum, each orbit of
rotations (at most N score vectors) alone: with the choices fixed its start vectors solve a
small cyclic linear system (:func:`solver.pig._multi_kernels.cycle_values`); the choices are
re-made and the system re-solved until they settle (policy iteration, as for two players).

With three or more players the choices may cycle instead: no pure equilibrium exists there.
:mod:`solver.pig.mixed` then finds a mixed one, in which a player indifferent at one turn total
rolls with a probability that the orbit's linear system determines. Such states are stored.

Ties: when roll and hold are worth the same to the mover within 1e-14 (rounding), the mover
holds. A wider tolerance, 1e-12, swamped the values near 1e-12 that long games reach: two
players at goal 1000 cycled on the orbit (41, 843).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.tolerances import TIE
from pigsolve.solver.results import Progress


@dataclass(frozen=True, repr=False)
class MultiSolution:
    """The equilibrium of N-player Pig.

    Attributes
    ----------
    rules : PigRules
    values : ndarray(float64, shape=(G,) * N + (N,))
        ``values[s]``: each player's win probability at the start of the mover's turn.
    mixed : Mixed
        The states where the mover rolls with a probability strictly between 0 and 1.
    num_iter : int
        The most linear solves any orbit needed.
    seconds : float
        Solve time, excluding JIT compilation.
    """

    rules: PigRules
    values: np.ndarray
    mixed: Mixed
    num_iter: int
    seconds: float

    @property
    def p_first_player(self) -> float:
        """Return the first player's win probability at the start of the game."""
        return float(self.values[(0,) * self.rules.players][0])

    def __repr__(self) -> str:
        rules = self.rules
        return (
            f"<MultiSolution players={rules.players} goal={rules.goal} die_sides={rules.die_sides}"
            f"{' piglet' if rules.piglet else ''} p_first_player={self.p_first_player:.12f} "
            f"mixed={len(self.mixed)}>"
        )


@dataclass(frozen=True)
class Mixed:
    """States ``(scores, k)`` where the mover rolls with probability ``roll_probability``."""

    scores: np.ndarray  # int64 (M, N), from the mover's seat
    turn_total: np.ndarray  # int64 (M,)
    roll_probability: np.ndarray  # float64 (M,)

    @classmethod
    def empty(cls, players: int) -> Mixed:
        return cls(np.zeros((0, players), np.int64), np.zeros(0, np.int64), np.zeros(0))

    def __len__(self) -> int:
        return len(self.turn_total)

    def lookup(self, scores: tuple[int, ...]) -> tuple[int, float]:
        """Return ``(k, probability)`` of the mixed state in the row of ``scores``, or (-1, 0)."""
        hits = np.flatnonzero((self.scores == np.asarray(scores)).all(axis=1))
        if len(hits) == 0:
            return -1, 0.0
        return int(self.turn_total[hits[0]]), float(self.roll_probability[hits[0]])


def memory_needed(rules: PigRules) -> int:
    """Return the bytes an N-player solve of ``rules`` needs: the table, twice while saving."""
    return 2 * 8 * rules.players * rules.goal**rules.players


def solve_multi(rules: PigRules, progress: Progress | None = None) -> MultiSolution:
    """Return the equilibrium of ``rules`` (any number of players), solved by score-sum layers.

    >>> solution = solve_multi(PigRules(goal=25, die_sides=4, players=3))
    >>> len(solution.mixed) > 0, round(float(solution.values[0, 0, 0].sum()), 12)
    (True, 1.0)
    """
    from pigsolve.solver.pig.layers import solve_layers

    goal, players = rules.goal, rules.players
    values, mixed, num_iter, seconds = solve_layers(rules, progress)
    return MultiSolution(
        rules,
        values.reshape((goal,) * players + (players,)),
        _as_mixed(mixed, players),
        num_iter,
        seconds,
    )


def _as_mixed(records: list[tuple[tuple[int, ...], int, float]], players: int) -> Mixed:
    if not records:
        return Mixed.empty(players)
    scores, turn_totals, probabilities = zip(*records, strict=True)
    return Mixed(
        np.array(scores, np.int64), np.array(turn_totals, np.int64), np.array(probabilities)
    )


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


def row_values(values: np.ndarray, rules: PigRules, scores: tuple[int, ...], mixed: Mixed) -> Row:
    """Return the mover's row at ``scores`` rebuilt from the start-of-turn ``values``.

    Pure numpy (no numba): ``query``, ``play`` and ``verify`` use it. A turn total ``k`` with
    ``scores[0] + k >= goal`` is a win and is not in the row.
    """
    goal, players = rules.goal, rules.players
    if len(scores) != players:
        raise InvalidArgument(f"give {players} scores, one per player, got {len(scores)}")
    length = goal - scores[0]
    faces = np.array(rules.faces)
    num_pigs = int(np.count_nonzero(faces == 0))
    gains = faces[faces != 0]
    win = np.zeros(players)
    win[0] = 1.0
    pig = np.roll(values[(*tuple(scores[1:]), scores[0])], 1)
    mix_k, mix_q = mixed.lookup(scores)
    roll = np.empty((length, players))
    hold = np.zeros((length, players))
    chosen = np.empty((length, players))
    probability = np.empty(length)
    for k in range(length - 1, -1, -1):
        following = [chosen[k + g] if k + g < length else win for g in gains]
        roll[k] = (num_pigs * pig + np.sum(following, axis=0)) / len(faces)
        if k == 0:
            probability[k] = 1.0
        else:
            hold[k] = np.roll(values[(*tuple(scores[1:]), scores[0] + k)], 1)
            if k == mix_k:
                probability[k] = mix_q
            else:
                probability[k] = float(roll[k, 0] > hold[k, 0] + TIE)
        q = probability[k]
        chosen[k] = q * roll[k] + (1 - q) * hold[k]
    return Row(roll, hold, probability)
