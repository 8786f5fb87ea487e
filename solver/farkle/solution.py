"""The solution of Farkle: what :func:`solver.farkle.solve.solve` returns.

It keeps the mover's chance at the start of every turn (scores in units of 50, mover first);
every other value is rebuilt from them. A mover's turn, all turn totals and dice, is one run
of the solver's own kernel (:func:`solver.farkle._kernels.turn_values`) with the farkle's value;
the last :data:`KEPT_ROWS` turns are kept, per solution, in a cache that holds it weakly.

Values
------
:func:`values_shape` gives the table's shape. Without the three-farkle penalty it is
``values[i, j] = P(i, j)``, ``(G, G)``, scores ``0 <= i, j < G`` (units). With it the state adds
each player's farkles in a row ``a`` (the mover's) and ``b`` (0 to 2) and scores go down to the
solve's ``floor``: ``values[a, b, i - f, j - f]``, ``(3, 3, G - f, G - f)``, ``f = floor / 50``.
With a last turn the table is the same (a bank reaching the goal ends in the opponent's last
turn, a function of the lead alone: :func:`last_turn_values`). With ``N > 2`` players it is
every player's chance at every score vector, ``values[s_0, ..., s_{N-1}, p]`` (the mover's
score and chance first, :mod:`solver.farkle.players`); its mixed states are :attr:`coins`.

States
------
A state is ``(i, j, t, n)`` in points (also nested, ``((i, j), t, n)``; one tuple or separate
arguments): the banked scores (mover first, multiples of 50 below the goal, from the floor with
the penalty), the turn total (a multiple of 50) and the dice about to be rolled (1 to
``dice``); a turn starts at ``(i, j, 0, dice)``. With the penalty a state may add the farkles in
a row ``(i, j, t, n, a, b)``; without them they are 0. With more players the scores are every
player's, ``(s_0, ..., s_{N-1}, t, n)``; a mover's own turn is then a one-player problem given
its banks' values, solved by the same kernel. After a roll the question adds the roll's faces,
e.g. ``action_values((0, 0, 0, 3), roll=(1, 5, 5))``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pigsolve.solver.caches import own_cache
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle import last_round_three as last3
from pigsolve.solver.farkle.states import last_turn_values, state_indices, values_shape
from pigsolve.solver.farkle.turn import least_banks, turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import counts_of, faces_of, keeps, score

KEPT_ROWS = 256
"""Turns a solution keeps once rebuilt."""
NUDGE = 1e-9
"""How far a coin's side moves the mover's chance after a farkle from its breakpoint: past the
values' rounding (1e-14), short of any other breakpoint."""
VALUES = "win_probability"
"""The name of the stored values (:func:`values_shape`) in a table file."""

Keep = tuple[int, ...]
"""The faces set aside, lowest first."""


@dataclass(frozen=True)
class TurnRows:
    """One mover's turn: ``value[t, n]`` and ``roll[t, n]`` (rolling's value) for turn totals
    ``t < top`` (units) and ``n`` dice (column 0 unused); from ``top`` on the turn banks (and
    without a last turn wins). ``farkle`` is the value of a farkle to the mover."""

    value: np.ndarray
    roll: np.ndarray
    top: int
    farkle: float


@dataclass(frozen=True, eq=False, repr=False)
class FarkleSolution:
    """The optimal play of Farkle (with three players or more, an equilibrium).

    Attributes
    ----------
    rules : FarkleRules
    values : ndarray(float64, values_shape(rules, floor))
        The mover's chance at the start of a turn (module docstring).
    method : str
        ``layered`` or, with the penalty, ``layered rounds`` (:mod:`solver.farkle.solve`).
    residual : float
        A bound on the largest Bellman residual (the pairs' last Newton residuals; with the
        penalty the last round's largest change).
    num_iter : int
        The most Newton steps a pair needed; with the penalty the rounds of layers.
    seconds : float
        The time of the solve, JIT compilation excluded.
    floor : int
        The lowest banked score kept (points): 0 without the penalty.
    ceiling : int | None
        The highest banked score kept (points), where a turn banks: the goal (None) without a
        last turn.
    coins : tuple
        With three players or more, the mixed states: ``(scores, q)``, scores in units (the
        mover's first), ``q`` the chance its mover plays the policy best above its breakpoint
        (:mod:`solver.farkle.mixed`). Its hints name either policy: both are best.
    """

    rules: FarkleRules
    values: np.ndarray
    method: str = "layered"
    residual: float = float("nan")
    num_iter: int = 0
    seconds: float = 0.0
    floor: int = 0
    ceiling: int | None = None
    coins: tuple[tuple[tuple[int, ...], float], ...] = ()

    def __post_init__(self) -> None:
        if self.ceiling is None:
            object.__setattr__(self, "ceiling", self.rules.goal)
        expected = values_shape(self.rules, self.floor)
        if self.values.shape != expected:
            raise InvalidArgument(
                f"values of shape {self.values.shape} do not fit the rules: expected {expected}",
                parameter="values",
            )
        object.__setattr__(self, "_rows", own_cache(self._rebuild_rows, KEPT_ROWS))

    def __repr__(self) -> str:
        r = self.rules
        extra = f"entry={r.entry}, " if r.entry else ""
        extra += f"farkle_penalty={r.farkle_penalty}, floor={self.floor}, " if self._counts else ""
        if r.last_turn:
            extra += f"last_turn=True, ceiling={self.ceiling}, "
        start = f"P(0, 0)={self.p_first_player:.6f}"
        if r.players > 2:
            seats = ", ".join(f"{p:.6f}" for p in self.seat_chances)
            start = f"players={r.players}, seats=({seats}), coins={len(self.coins)}"
        return (
            f"FarkleSolution(goal={r.goal}, dice={r.dice}, hot_dice={r.hot_dice}, "
            f"min_bank={r.min_bank}, {extra}{start}, "
            f"method={self.method!r}, residual={self.residual:.1e}, num_iter={self.num_iter}, "
            f"seconds={self.seconds:.2f})"
        )

    @property
    def p_first_player(self) -> float:
        """Return the first player's chance at the start of the game, ``P(0, 0)``."""
        return self._start(0, 0, self._offset, self._offset)

    @property
    def seat_chances(self) -> np.ndarray:
        """Return each seat's chance at the start of the game, the first player's first."""
        if self.rules.players > 2:
            return self.values[(0,) * self.rules.players].copy()
        return np.array([self.p_first_player, 1.0 - self.p_first_player])

    @property
    def start_values(self) -> np.ndarray:
        """Return ``P(i, j)`` at the start of a turn for banked scores from 0 below the goal
        (rows the mover's, in units of 50), neither player with a farkle in a row."""
        values = self.values[0, 0] if self._counts else self.values
        return values[self._offset :, self._offset :]

    def turn_rows(self, scores: tuple[int, ...], counts: tuple[int, int] = (0, 0)) -> TurnRows:
        """Return the mover's turn at ``scores`` ``(i, j)`` in points (with more players every
        score, the mover's first) and farkles in a row ``counts`` (rows in units)."""
        extra = (counts,) if self.rules.players == 2 else ()
        state = (scores, 0, self.rules.dice, *extra)
        key, _, _ = self._state((state,))
        return self._rows(key)

    def win_probability(self, *state: Any, roll: Sequence[int] | None = None) -> float:
        """Return the mover's chance in ``state`` ``(i, j, t, n)`` or ``(i, j, t, n, a, b)``
        (points; ``a, b`` the farkles in a row; also nested, ``((i, j), t, n)``) under optimal
        play, before the roll; after the roll ``roll``, that of its best keep (a farkle's: the
        opponent's turn next)."""
        if roll is None:
            return self._value(*self._state(state))
        found = self.action_values(*state, roll=roll)
        if found:
            return max(found.values())
        return self._rows(self._state(state)[0]).farkle

    def action_values(
        self, *state: Any, roll: Sequence[int] | None = None, side: int = 0
    ) -> dict[Any, float]:
        """Return the mover's chance after each legal action in ``state`` ``(i, j, t, n)``
        (or with the farkles in a row, ``(i, j, t, n, a, b)``).

        Before a roll (``roll`` None): ``{"bank": p, "roll": p}``, without ``bank`` where the
        turn total may not be banked (and with a last turn without ``roll`` from the ceiling
        on). After the roll ``roll`` (``n`` faces): ``{kept faces: p}`` for every legal keep,
        ``p`` the value of the state it leads to before its next roll (with hot dice and every
        die kept: all the dice; without: the turn banks). A farkle offers nothing: ``{}``.
        ``side`` is :meth:`best_action`'s.
        """
        key, t, n = self._state(state)
        if roll is None:
            return self._pre_roll(key, t, n, side)
        counts = counts_of(roll)
        if sum(counts) != n:
            raise InvalidArgument(f"roll {tuple(roll)!r} must show {n} dice", parameter="roll")
        next_dice = turn(self.rules).next_dice
        found = {}
        for kept, points in keeps(counts, self.rules.scoring):
            u = t + points // POINT_UNIT
            m = int(next_dice[n - sum(kept)])
            found[faces_of(kept)] = self._bank(key, u) if m == 0 else self._value(key, u, m, side)
        return found

    def coin(self, scores: Sequence[int]) -> float | None:
        """Return the chance ``q`` that the mover at ``scores`` (points, the mover's first)
        plays the policy best above its coin's breakpoint (``side=1`` of :meth:`best_action`),
        or None where the mover's policy is pure."""
        return self._coins.get(tuple(s // POINT_UNIT for s in scores))

    def chances(self, *state: Any, roll: Sequence[int] | None = None) -> tuple[float, ...]:
        """Return every player's chance in ``state``, the mover's first, then in turn order:
        before the roll, or after ``roll`` where the mover keeps :meth:`best_action`'s dice.

        With more than two players a turn's totals are rebuilt with every player's chance
        (:func:`solver.farkle._orbit_kernels.turn_vectors`); at the start of a turn they are
        the table's. Where the mover tosses a coin (:attr:`coins`) its own chance is that of
        either policy, and the others' within the turn are those of the one policy the
        solver's tie-breaks pick (bank at a tie, the fewest dice left), not the coin's mixture.
        """
        if self.rules.players == 2:
            p = self.win_probability(*state, roll=roll)
            return (p, 1.0 - p)
        key, t, n = self._state(state)
        if roll is None and (t, n) == (0, self.rules.dice) and max(key) < self.values.shape[0]:
            return tuple(float(p) for p in self.values[key])
        value, bank, top, farkle = self._vector_rows(key)
        if roll is not None:
            best = self.best_action(*state, roll=roll)
            if best is None:
                return tuple(float(p) for p in farkle)
            t += keep_points(best, self.rules) // POINT_UNIT
            n = int(turn(self.rules).next_dice[n - len(best)])
        if t >= top:  # the turn banks: a win, or with the last turn the round's
            return tuple(float(p) for p in last3.banked(self.rules, key, t, self.ceiling))
        return tuple(float(p) for p in (bank[t] if n == 0 else value[t, n]))

    def best_action(
        self, *state: Any, roll: Sequence[int] | None = None, side: int = 0
    ) -> str | Keep | None:
        """Return the optimal action in ``state``: ``"bank"`` or ``"roll"`` before a roll (bank
        at a tie), the kept faces after ``roll`` (at a tie the fewest dice left, then the most
        points, as the solver chooses), None for a farkle. Where the mover tosses a coin
        (:meth:`coin`), ``side`` 1 plays the policy best above its breakpoint and -1 the one
        below (the mover's chance after a farkle moved by :data:`NUDGE`); 0 the tie-breaks'."""
        found = self.action_values(*state, roll=roll, side=side)
        if roll is None:
            return "bank" if found.get("bank", -1.0) >= found.get("roll", -1.0) else "roll"
        order = {kept: (found[kept], len(kept), keep_points(kept, self.rules)) for kept in found}
        return max(found, key=order.__getitem__, default=None)

    # Helpers -------------------------------------------------------------------------------

    @property
    def _counts(self) -> bool:
        """Whether the state has farkle counts (the penalty)."""
        return bool(self.rules.farkle_penalty)

    @property
    def _offset(self) -> int:
        """The index of a score of 0 (units above the floor)."""
        return -self.floor // POINT_UNIT

    @functools.cached_property
    def _coins(self) -> dict[tuple[int, ...], float]:
        return {tuple(scores): q for scores, q in self.coins}

    @functools.cached_property
    def _last(self) -> np.ndarray:
        rules = self.rules
        goal = rules.goal // POINT_UNIT + self._offset
        cap = (self.ceiling - self.floor) // POINT_UNIT
        return last_turn_values(rules, goal, cap)

    def _start(self, a: int, b: int, i: int, j: int) -> float:
        """Return the mover's chance at the start of a turn (indices)."""
        if self.rules.players > 2:
            return float(self.values[(i,) * self.rules.players + (0,)])
        if self._counts:
            return float(self.values[a, b, i, j])
        return float(self.values[i, j])

    def _state(self, state: tuple[Any, ...]) -> tuple[tuple[int, ...], int, int]:
        """Return ``state`` (its numbers as given: one tuple or several) as ``(key, t, n)`` in
        units, ``key`` the start of its turn: ``(a, b, i, j)`` (indices), with more players
        every score; or raise InvalidArgument."""
        state = state[0] if len(state) == 1 else state
        if self.rules.players > 2:
            return state_indices(self.rules, state)
        a, b, i, j, t, n = state_indices(self.rules, state, self.floor)
        return (a, b, i, j), t, n

    def _table(self, b: int) -> np.ndarray:
        """Return the 2-D table a bank reaches: the opponent to move with ``b`` farkles in a
        row, the banker with none."""
        return self.values[b, 0] if self._counts else self.values

    def _farkle(self, key: tuple[int, ...]) -> float:
        """Return the mover's chance after a farkle at ``key``."""
        if self.rules.players > 2:
            last_round = max(key) >= self.values.shape[0]  # there: as a bank of nothing
            return self._bank(key, 0) if last_round else float(self.values[(*key[1:], key[0], -1)])
        a, b, i, j = key
        if not self._counts:
            return 1.0 - float(self.values[j, i])
        if a < 2:
            return 1.0 - float(self.values[b, a + 1, j, i])
        penalty = self.rules.farkle_penalty // POINT_UNIT
        return 1.0 - float(self.values[b, 0, j, max(i - penalty, 0)])

    def _rebuild_rows(self, key: tuple[int, ...], side: int = 0) -> TurnRows:
        from pigsolve.solver.farkle import _kernels

        rules = self.rules
        if rules.players > 2 and rules.last_turn and max(key) < self.values.shape[0]:
            return TurnRows(*last3.main_rows(rules, self.values, key, self.ceiling, side * NUDGE))
        banks = least_banks(rules)
        cap = width = (self.ceiling - self.floor) // POINT_UNIT
        if rules.players > 2 and rules.last_turn:  # banks from the ceiling, the last round's
            cap, width = last3.turn_span(rules, key, self.ceiling)
        size = max(cap, banks[0])
        value, slope, roll = (np.zeros((size, rules.dice + 1)) for _ in range(3))
        farkle = self._farkle(key) + side * NUDGE
        if rules.players > 2:  # the mover's turn alone: a two-player table of its banks
            i, j = key[0], 0
            table = np.zeros((width, width))
            table[0, i:] = [1.0 - self._bank(key, u) for u in range(width - i)]
        else:
            _, b, i, j = key
            table = np.ascontiguousarray(self._table(b))
        top = _kernels.turn_values(
            table, i, j, farkle, *banks, cap, self._last, *turn(rules).arrays, value, slope, roll
        )
        value, roll = value[:top], roll[:top]
        value.flags.writeable = roll.flags.writeable = False
        return TurnRows(value, roll, int(top), farkle)

    def _vector_rows(self, key: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, int, np.ndarray]:
        """Return ``(value, bank, top, farkle)`` of the mover's turn at ``key`` (more than two
        players): every player's chance at each turn total and dice, after each bank below
        ``top`` (with the last turn, a roll past it) and after a farkle."""
        if max(key) >= self.values.shape[0]:
            return last3.last_round_vectors(self.rules, key, self.ceiling)
        return last3.main_vectors(self.rules, self.values, key, self.ceiling)

    def _bank(self, key: tuple[int, ...], u: int) -> float:
        """Return the mover's chance after banking ``u`` units at ``key``."""
        if self.rules.players > 2:
            first, goal = key[0] + u, self.values.shape[0]
            if max(*key, first) >= goal:  # a win, or with the last turn the round's
                return float(last3.banked(self.rules, key, u, self.ceiling)[0])
            return float(self.values[(*key[1:], first, -1)])
        _, b, i, j = key
        table = self._table(b)
        if i + u >= table.shape[0]:  # the goal: a win, or the opponent's last turn
            last = self._last
            return 1.0 - float(last[min(i + u - j, last.shape[0] - 1)])
        return 1.0 - float(table[j, i + u])

    def _value(self, key: tuple[int, ...], t: int, n: int, side: int = 0) -> float:
        """Return the mover's optimal chance at ``key``, turn total ``t``, ``n`` dice (units)."""
        rows = self._rows(key, side)
        return self._bank(key, t) if t >= rows.top else float(rows.value[t, n])

    def _pre_roll(self, key: tuple[int, ...], t: int, n: int, side: int = 0) -> dict[str, float]:
        """Return ``{"bank": p, "roll": p}`` at ``key``, ``t``, ``n`` (units), bank where
        allowed."""
        rows = self._rows(key, side)
        found = {}
        mover = key[0] if self.rules.players > 2 else key[2]
        if t > 0 and t * POINT_UNIT >= self.rules.least_bank(mover):
            found["bank"] = self._bank(key, t)
        if t < rows.top:
            found["roll"] = float(rows.roll[t, n])
        elif not self.rules.last_turn:  # every scoring roll goes on to a banked win
            farkles = turn(self.rules).farkle_ways[n] / turn(self.rules).scale[n]
            found["roll"] = float(1.0 - farkles * (1.0 - rows.farkle))
        return found


def keep_points(kept: Keep, rules: FarkleRules) -> int:
    """Return the points of setting aside the faces ``kept`` under ``rules``."""
    return score(counts_of(kept), rules.scoring)


def coins_array(coins: tuple, players: int) -> np.ndarray:
    """Return the mixed states as rows: the scores (units), then the coin's chance."""
    rows = [[*scores, q] for scores, q in coins]
    return np.array(rows, dtype=np.float64).reshape(len(rows), players + 1)
