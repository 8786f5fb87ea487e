r"""The solution of Pig for any number of players: what ``solve`` returns and ``load`` reads.

State and values
----------------
A score vector ``s`` is seen from the mover's seat: the mover's score first, then the others in
the order they move next; ``k`` is the mover's turn total. ``values[s]`` holds every player's
win probability at the start of the mover's turn (``k = 0``), in that order: :math:`G^N`
vectors of N numbers, which determine every other value. For two players
``values[i, j] = (P(i, j, 0), 1 - P(i, j, 0))``.

The mover's row of turn totals is rebuilt from them (:func:`solver.pig.rows.rebuild_row`):
rolling is worth

.. math:: V_{roll}(s, k) = \pi_{pig}\, \rho(V(\sigma s)) + \pi_{reset}\, \rho(V(\sigma s_0))
    + \sum_{g} w_g V(s, k + g)

(the roll's chances: the counts of :func:`solver.games.pig.roll_counts` over its ``L``;
``sigma`` the next rotation, ``s_0`` the scores with the mover's set to 0, ``rho`` the vector
rotated back to the mover's seat, a turn total reaching the goal a win), holding at
``k >= 1`` is worth the rotated start vector after banking ``k``; the mover takes the better
for itself, ties (within :data:`TIE`) hold. With three or more players some states mix: the
mover rolls with a stored probability
(:class:`Mixed`).

For two players and goals up to :data:`solver.pig.solve.MAX_FULL_GOAL` the solution also keeps
the full table ``P(i, j, k)`` and its choices (``full``), made by the pair kernel.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from pigsolve.solver.caches import own_cache
from pigsolve.solver.errors import InvalidArgument, TableError
from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.pig.rows import Row, rebuild_row
from pigsolve.solver.pig.seat_policy import EXPLICIT, GREEDY, SeatPolicy
from pigsolve.solver.states import numbers


@dataclass(frozen=True)
class Mixed:
    """States ``(scores, k)`` where the mover rolls with probability ``roll_probability``."""

    scores: np.ndarray  # int64 (M, N), from the mover's seat
    turn_total: np.ndarray  # int64 (M,)
    roll_probability: np.ndarray  # float64 (M,)

    @classmethod
    def empty(cls, players: int) -> Mixed:
        """Return no mixed states for ``players`` players."""
        return cls(np.zeros((0, players), np.int64), np.zeros(0, np.int64), np.zeros(0))

    @classmethod
    def of(cls, records: list[tuple[tuple[int, ...], int, float]], players: int) -> Mixed:
        """Return the mixed states of ``(scores, k, probability)`` records."""
        if not records:
            return cls.empty(players)
        scores, turn_totals, probabilities = zip(*records, strict=True)
        return cls(
            np.array(scores, np.int64), np.array(turn_totals, np.int64), np.array(probabilities)
        )

    def __len__(self) -> int:
        return len(self.turn_total)

    def lookup(self, scores: tuple[int, ...]) -> tuple[int, float]:
        """Return ``(k, probability)`` of the mixed state in the row of ``scores``, or (-1, 0)."""
        hits = np.flatnonzero((self.scores == np.asarray(scores)).all(axis=1))
        if len(hits) == 0:
            return -1, 0.0
        return int(self.turn_total[hits[0]]), float(self.roll_probability[hits[0]])


KEPT_ROWS = 256
"""Rows a solution keeps once rebuilt (the page's and the players' recent states)."""


@dataclass(frozen=True, eq=False, repr=False)
class PigSolution:
    """The optimal (two players) or equilibrium (more) play of Pig, solved or read from a file.

    Attributes
    ----------
    rules : PigRules
    values : ndarray(float64, shape=(G,) * N + (N,))
        Every player's win probability at the start of the mover's turn, mover's seat first.
    mixed : Mixed
        The states where the mover rolls with a probability strictly between 0 and 1.
    method, tolerance, num_iter, max_bellman_residual, seconds
        How it was solved: ``num_iter`` counts sweeps (value iteration) or the most linear
        solves a pair or orbit needed (layered); the residual is nan where not computed
        (``verify`` computes it); ``seconds`` excludes JIT compilation.
    full : (ndarray(float64, (G, G, G)), ndarray(bool, (G, G, G))) or None
        Two players: ``P(i, j, k)`` (1 where ``i + k >= G``) and the choices (True = roll),
        kept where cheap.
    attrs : dict
        The file's attributes (a loaded solution), else empty.
    path : Path or None
        The file it was read from.
    """

    rules: PigRules
    values: np.ndarray
    mixed: Mixed
    method: str = "layered"
    tolerance: float = 0.0
    num_iter: int = 0
    max_bellman_residual: float = float("nan")
    seconds: float = 0.0
    full: tuple[np.ndarray, np.ndarray] | None = None
    attrs: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None

    @property
    def v0(self) -> np.ndarray:
        """Return the mover's own start-of-turn values ``(G,) * N`` (two players: P(i, j, 0))."""
        return self.values[..., 0]

    @property
    def p_first_player(self) -> float:
        """Return the first player's win probability at the start of the game."""
        return float(self.values[(0,) * self.rules.players][0])

    @property
    def has_full_table(self) -> bool:
        """Return True if the full two-player table ``P(i, j, k)`` is kept."""
        return self.full is not None

    def check_scores(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """Return ``scores`` as ints; raise TableError unless they are a score vector here."""
        n, goal = self.rules.players, self.rules.goal
        if len(scores) != n or not all(0 <= s < goal for s in scores):
            raise TableError(
                f"scores {tuple(scores)} are not {n} scores from 0 to {goal - 1} "
                f"(the goal-{goal} table)"
            )
        return tuple(int(s) for s in scores)

    @functools.cached_property
    def residual(self) -> float:
        """Return the largest Bellman residual of the start values, as ``verify`` recomputes it
        (the solve's own, where it computed one; with three players or more recomputed once)."""
        if self.max_bellman_residual == self.max_bellman_residual:  # not nan
            return self.max_bellman_residual
        from pigsolve.solver.pig.residuals import start_residual

        return start_residual(self)

    def check_state(self, state: tuple[Any, ...]) -> tuple[int, ...]:
        """Return ``state`` as every score, then the turn total; raise InvalidArgument unless it
        is a state of this game (won states allowed). ``state`` is those numbers, as separate
        arguments or one tuple, flat or nested (``((scores...), turn_total)``)."""
        n, goal = self.rules.players, self.rules.goal
        state = numbers(state, f"{n} scores, then the turn total")
        if len(state) != n + 1:
            raise InvalidArgument(f"give {n} scores and a turn total, got {len(state)} numbers")
        if not all(0 <= number < goal for number in state):
            raise InvalidArgument(
                f"state {tuple(state)} is outside the goal-{goal} table: "
                f"need scores and turn total from 0 to {goal - 1}"
            )
        return state

    def row(self, scores: tuple[int, ...]) -> Row:
        """Return the mover's row at ``scores`` (mover first, then in the order of play)."""
        return self._rows(tuple(scores))

    @functools.cached_property
    def _rows(self) -> Callable[[tuple[int, ...]], Row]:
        """The rows rebuilt so far, the last :data:`KEPT_ROWS`: a cache of this solution's own
        (a cache on the class would keep every solution it saw alive; one holding the solution
        strongly would keep it in a cycle)."""
        return own_cache(self._rebuild_row, KEPT_ROWS)

    def _rebuild_row(self, scores: tuple[int, ...]) -> Row:
        scores = self.check_scores(scores)
        choices = None if self.full is None else self.full[1][scores]
        return rebuild_row(self.values, self.rules, scores, self.mixed.lookup(scores), choices)

    def win_probabilities(self, scores: tuple[int, ...], k: int = 0) -> np.ndarray:
        """Return every player's win probability at ``scores`` and turn total ``k``."""
        if scores[0] + k >= self.rules.goal:
            return np.eye(self.rules.players)[0]
        return self.row(tuple(scores)).value[k]

    def roll_probability(self, scores: tuple[int, ...], k: int) -> float:
        """Return the probability that the mover rolls at ``scores`` and ``k`` (0 at the goal)."""
        if scores[0] + k >= self.rules.goal:
            return 0.0
        if self.full is not None:
            return float(self.full[1][(*scores, k)])
        return float(self.row(tuple(scores)).roll_probability[k])

    def should_roll(self, *state: Any) -> bool:
        """Return True where the mover rolls in ``state`` (every score, then the turn total);
        at a mixed state, where it rolls more often than not."""
        state = self.check_state(state)
        return self.roll_probability(state[:-1], state[-1]) >= 0.5

    def best_action(self, *state: Any) -> str:
        """Return ``'roll'`` or ``'hold'``, the mover's choice in ``state`` (see should_roll)."""
        return "roll" if self.should_roll(*state) else "hold"

    def win_probability(self, *state: Any) -> float:
        """Return the mover's win probability in ``state`` (every score, then the turn total,
        or ``((scores...), turn_total)``); 1 for won states."""
        state = self.check_state(state)
        if self.full is not None:
            return float(self.full[0][state])
        return float(self.win_probabilities(state[:-1], state[-1])[0])

    def chances(self, *state: Any) -> tuple[float, ...]:
        """Return every player's win probability in ``state``, the mover's first."""
        state = self.check_state(state)
        if self.full is not None:
            p = float(self.full[0][state])
            return (p, 1.0 - p)
        return tuple(float(p) for p in self.win_probabilities(state[:-1], state[-1]))

    def action_values(self, *state: Any) -> dict[str, float]:
        """Return ``{"roll": p_roll, "hold": p_hold}``, the mover's win probability after each
        action in ``state``; at ``k = 0`` only rolling is allowed. Both are 1 in a won state.
        """
        state = self.check_state(state)
        scores, k = state[:-1], state[-1]
        if scores[0] + k >= self.rules.goal:
            return {"roll": 1.0, "hold": 1.0}
        row = self.row(tuple(scores))
        values = {"roll": float(row.roll[k, 0])}
        return values if k == 0 else values | {"hold": float(row.hold[k, 0])}

    def probabilities(self) -> np.ndarray:
        """Return the full two-player table ``P[i, j, k]`` (float64, ``(G, G, G)``)."""
        return self._full()[0]

    def roll_array(self) -> np.ndarray:
        """Return the two players' optimal choices (bool, ``(G, G, G)``, True = roll)."""
        return self._full()[1]

    def _full(self) -> tuple[np.ndarray, np.ndarray]:
        if self.full is not None:
            return self.full
        if self.rules.players != 2:
            raise InvalidArgument(
                f"the table P(i, j, k) is two players'; with {self.rules.players} "
                "use the start values, rows or choices"
            )
        return self._expanded

    @functools.cached_property
    def _expanded(self) -> tuple[np.ndarray, np.ndarray]:
        """The two-player table rebuilt from the start values once (a cache, not a field)."""
        p, roll, _ = expand(self.rules, self.v0)
        return p, roll

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
        """Return the solution's decisions as a seat: greedy on its own values, mixed where
        stored; with resets (two players) its choices themselves, which know the value after a
        reset."""
        if rules != self.rules:
            raise InvalidArgument(f"the equilibrium table is for {self.rules}, not {rules}")
        n = rules.players
        if rules.resets:
            policy = self.choices(full=True)[1] == 1
            packed = np.packbits(policy, axis=-1, bitorder="little").reshape(rules.goal**n, -1)
            return SeatPolicy(name, EXPLICIT, packed=packed)
        # after[f0, f1, ...] = values[f1, ..., f0][N - 1]: the mover is last in the next frame.
        after = np.ascontiguousarray(np.moveaxis(self.values[..., n - 1], -1, 0)).reshape(-1)
        return SeatPolicy(name, GREEDY, after=after, mixed=self.kernel_mixed())

    def choices(self, full: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
        """Return every mover's hold boundary ``(G,) * N`` and, if ``full``, the choices
        ``(G,) * (N + 1)`` (uint8: 0 hold, 1 roll, 2 mixed; 0 at and beyond the goal)."""
        from pigsolve.solver.pig._kernels import rebuild as kernels

        goal, n = self.rules.goal, self.rules.players
        flat = np.ascontiguousarray(self.values.reshape(-1, n))
        boundary = np.empty(len(flat), np.int64)
        policy = np.empty((len(flat), goal) if full else (1, 1), np.uint8)
        kernels.choices(flat, goal, roll_counts(self.rules), self.kernel_mixed(), boundary, policy)
        shape = (goal,) * n
        return boundary.reshape(shape), policy.reshape((*shape, goal)) if full else None

    def hold_boundaries(self, scores: np.ndarray) -> np.ndarray:
        """Return the hold boundary (as :meth:`choices` gives it) of each score vector in
        ``scores`` (int, ``(M, N)``), row by row: a sample of a large table's rows in a moment."""
        from pigsolve.solver.pig._kernels import rebuild as kernels

        goal, n = self.rules.goal, self.rules.players
        flat = np.ascontiguousarray(self.values.reshape(-1, n))
        chances, mixed = roll_counts(self.rules), self.kernel_mixed()
        a, b, hold = np.empty(goal + 1), np.empty((goal + 1, n)), np.empty((3, n))
        roll, decoded = np.empty(goal + 1, np.int8), np.empty(n, np.int64)
        rows = np.asarray(scores, np.int64).reshape(-1, n) @ goal ** np.arange(n - 1, -1, -1)
        out = np.empty(len(rows), np.int64)
        for m, f in enumerate(rows.tolist()):
            _, mix_k = kernels.rebuild_row(flat, goal, chances, mixed, f, decoded, roll, a, b, hold)
            length = goal - int(decoded[0])
            if mix_k >= 0:
                roll[mix_k] = 2
            holds = np.flatnonzero(roll[1:length] != 1)
            out[m] = holds[0] + 1 if len(holds) else length
        return out

    def __repr__(self) -> str:
        rules = self.rules
        game = (
            f"game={rules.game!r}" if rules.outcomes is not None else f"die_sides={rules.die_sides}"
        )
        game += ", piglet=True" if rules.piglet else ""
        start = f"P(0, 0, 0)={self.p_first_player:.6f}"
        if rules.players > 2:
            seats = ", ".join(f"{p:.6f}" for p in self.values[(0,) * rules.players])
            start = f"seats=({seats}), mixed={len(self.mixed)}"
        computed = self.__dict__.get("residual", self.max_bellman_residual)  # asked already?
        residual = "" if computed != computed else f"residual={computed:.1e}, "  # nan: not yet
        return (
            f"PigSolution(goal={rules.goal}, {game}, players={rules.players}, {start}, "
            f"method={self.method!r}, {residual}num_iter={self.num_iter}, "
            f"seconds={self.seconds:.2f})"
        )


def expand(rules: PigRules, v0: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Return the two players' full table ``P[i, j, k]``, its choices and the Bellman residual.

    Every value follows from ``v0 = P(., ., 0)`` (see :mod:`solver.games.pig`).
    """
    from pigsolve.solver.pig import _kernels

    goal = rules.goal
    p = np.empty((goal, goal, goal))
    roll = np.empty((goal, goal, goal), bool)
    bits = np.empty((1, 1, 1), np.uint8)  # the kernel's packed output, not asked for here
    residual = _kernels._expand(np.ascontiguousarray(v0), roll_counts(rules), p, roll, bits)
    return p, roll, float(residual)
