"""Stored equilibria of N-player Pig (the ``equilibrium`` layout of ``data/README.md``).

Datasets: ``start_values`` (float64, ``(G,) * N + (N,)``), every player's win probability at
the start of the mover's turn, scores from the mover's seat; and the mixed states
``mixed_scores`` (int64, ``(M, N)``), ``mixed_turn_total`` (int64, ``(M,)``) and
``mixed_roll_probability`` (float64, ``(M,)``). Every other value is rebuilt row by row.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import h5py
import numpy as np

from pigsolve.solver.errors import InvalidArgument, TableError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.multi import Mixed, MultiSolution, Row, row_values
from pigsolve.solver.pig.seats import GREEDY, SeatPolicy

LAYOUT = "equilibrium"


def datasets(solution: MultiSolution) -> dict[str, np.ndarray]:
    """Return the datasets that store ``solution``."""
    return {
        "start_values": solution.values,
        "mixed_scores": solution.mixed.scores,
        "mixed_turn_total": solution.mixed.turn_total,
        "mixed_roll_probability": solution.mixed.roll_probability,
    }


class MultiTable:
    """A stored N-player equilibrium, read into memory."""

    layout = LAYOUT

    def __init__(
        self,
        rules: PigRules,
        values: np.ndarray,
        mixed: Mixed,
        attrs: dict[str, Any],
        path: Path | None = None,
    ) -> None:
        self.rules, self.values, self.mixed, self.attrs, self.path = (
            rules,
            values,
            mixed,
            attrs,
            path,
        )

    @classmethod
    def read(cls, f: h5py.File, path: Path, rules: PigRules, attrs: dict[str, Any]) -> MultiTable:
        """Read the datasets of an open file whose attributes say ``rules``."""
        n, goal = rules.players, rules.goal
        values = f["start_values"][()]
        if values.shape != (goal,) * n + (n,):
            raise TableError(f"{path}: start_values has shape {values.shape}")
        mixed = Mixed(
            f["mixed_scores"][()].astype(np.int64).reshape(-1, n),
            f["mixed_turn_total"][()].astype(np.int64),
            f["mixed_roll_probability"][()],
        )
        return cls(rules, values, mixed, attrs, path)

    @functools.lru_cache(maxsize=256)  # noqa: B019 - one cache per long-lived table is intended
    def row(self, scores: tuple[int, ...]) -> Row:
        """Return the mover's row at ``scores`` (mover first, then in the order of play)."""
        self.check_scores(scores)
        return row_values(self.values, self.rules, scores, self.mixed)

    def check_scores(self, scores: tuple[int, ...]) -> None:
        """Raise TableError unless ``scores`` is a score vector of this table."""
        n, goal = self.rules.players, self.rules.goal
        if len(scores) != n or not all(0 <= s < goal for s in scores):
            raise TableError(
                f"scores {scores} are not {n} scores from 0 to {goal - 1} (the goal-{goal} table)"
            )

    def win_probabilities(self, scores: tuple[int, ...], k: int = 0) -> np.ndarray:
        """Return every player's win probability at ``scores`` and turn total ``k``."""
        if scores[0] + k >= self.rules.goal:
            return np.eye(self.rules.players)[0]
        return self.row(scores).value[k]

    def kernel_mixed(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return the mixed states as the kernels take them: sorted flat indices, k, q."""
        strides = self.rules.goal ** np.arange(self.rules.players - 1, -1, -1)
        index = self.mixed.scores @ strides
        order = np.argsort(index)
        return (
            np.ascontiguousarray(index[order], np.int64),
            np.ascontiguousarray(self.mixed.turn_total[order], np.int64),
            np.ascontiguousarray(self.mixed.roll_probability[order]),
        )

    def greedy_seat(self, rules: PigRules, name: str = "optimal") -> SeatPolicy:
        """Return the equilibrium player's decisions: greedy on its own values, mixed where
        stored."""
        if rules != self.rules:
            raise InvalidArgument(f"the equilibrium table is for {self.rules}, not {rules}")
        n = rules.players
        # after[f0, f1, ...] = values[f1, ..., f0][N - 1]: the mover is last in the next frame.
        after = np.ascontiguousarray(np.moveaxis(self.values[..., n - 1], -1, 0)).reshape(-1)
        return SeatPolicy(name, GREEDY, after=after, mixed=self.kernel_mixed())

    def choices(self, full: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
        """Return every mover's hold boundary ``(G,) * N`` and, if ``full``, the choices
        ``(G,) * (N + 1)`` (uint8: 0 hold, 1 roll, 2 mixed; 0 at and beyond the goal)."""
        from pigsolve.solver.games.pig import face_arrays
        from pigsolve.solver.pig import _multi_kernels as kernels

        goal, n = self.rules.goal, self.rules.players
        flat = np.ascontiguousarray(self.values.reshape(-1, n))
        boundary = np.empty(len(flat), np.int64)
        policy = np.empty((len(flat), goal) if full else (1, 1), np.uint8)
        kernels.choices(flat, goal, face_arrays(self.rules), self.kernel_mixed(), boundary, policy)
        shape = (goal,) * n
        return boundary.reshape(shape), policy.reshape((*shape, goal)) if full else None

    @property
    def p_first_player(self) -> float:
        return float(self.values[(0,) * self.rules.players][0])
