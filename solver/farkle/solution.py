"""The solution of two-player Farkle: what :func:`solver.farkle.solve.solve` returns.

It keeps ``values[i, j] = P(i, j)``, the mover's chance at the start of a turn (scores in units
of 50, mover first); every other value is rebuilt from them. A mover's turn at ``(i, j)``, all
turn totals and dice, is one run of the solver's own kernel
(:func:`solver.farkle._kernels.turn_values`) with the farkle worth ``1 - P(j, i)``; the last
:data:`KEPT_ROWS` turns are kept, per solution.

States
------
A state is ``((i, j), t, n)`` in points: the banked scores (mover first, multiples of 50 below
the goal), the turn total (a multiple of 50) and the dice about to be rolled (1 to ``dice``);
a turn starts at ``((i, j), 0, dice)``. After a roll the question adds the roll's faces, e.g.
``action_values(((0, 0), 0, 3), roll=(1, 5, 5))``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.turn import turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import counts_of, faces_of, keeps, score

KEPT_ROWS = 256
"""Turns a solution keeps once rebuilt."""
VALUES = "win_probability"
"""The name of the stored values (:func:`values_shape`) in a table file."""

Keep = tuple[int, ...]
"""The faces set aside, lowest first."""


@dataclass(frozen=True)
class TurnRows:
    """One mover's turn at ``(i, j)``: ``value[t, n]`` and ``roll[t, n]`` (rolling's value) for
    turn totals ``t < top`` (units) and ``n`` dice (column 0 unused); from ``top`` on banking
    wins. ``farkle`` is the value of a farkle, ``1 - P(j, i)``."""

    value: np.ndarray
    roll: np.ndarray
    top: int
    farkle: float


@dataclass(frozen=True, eq=False, repr=False)
class FarkleSolution:
    """The optimal play of two-player Farkle.

    Attributes
    ----------
    rules : FarkleRules
    values : ndarray(float64, (G, G))
        ``P(i, j)``: the mover's chance at the start of a turn, scores ``i, j`` in units of 50.
    method : str
        ``layered`` (:mod:`solver.farkle.solve`).
    residual : float
        A bound on the largest Bellman residual (the pairs' last Newton residuals).
    num_iter : int
        The most Newton steps a pair needed.
    seconds : float
        The time of the solve, JIT compilation excluded.
    """

    rules: FarkleRules
    values: np.ndarray
    method: str = "layered"
    residual: float = float("nan")
    num_iter: int = 0
    seconds: float = 0.0

    def __post_init__(self) -> None:
        # This solution's own cache (one on the class would keep every solution alive).
        object.__setattr__(self, "_rows", functools.lru_cache(KEPT_ROWS)(self._rebuild_rows))

    def __repr__(self) -> str:
        r = self.rules
        return (
            f"FarkleSolution(goal={r.goal}, dice={r.dice}, hot_dice={r.hot_dice}, "
            f"min_bank={r.min_bank}, P(0, 0)={self.p_first_player:.6f}, "
            f"method={self.method!r}, residual={self.residual:.1e}, num_iter={self.num_iter}, "
            f"seconds={self.seconds:.2f})"
        )

    @property
    def p_first_player(self) -> float:
        """Return the first player's chance at the start of the game, ``P(0, 0)``."""
        return float(self.values[0, 0])

    def turn_rows(self, scores: tuple[int, int]) -> TurnRows:
        """Return the mover's turn at ``scores`` ``(i, j)`` in points (rows in units)."""
        i, j, _, _ = self._state((scores, 0, self.rules.dice))
        return self._rows(i, j)

    def win_probability(self, state: Any, roll: Sequence[int] | None = None) -> float:
        """Return the mover's chance in ``state`` ``((i, j), t, n)`` (points) under optimal
        play, before the roll; after the roll ``roll``, that of its best keep (a farkle's:
        the opponent's turn next, ``1 - P(j, i)``)."""
        if roll is None:
            return self._value(*self._state(state))
        found = self.action_values(state, roll)
        if found:
            return max(found.values())
        i, j, _, _ = self._state(state)
        return self._rows(i, j).farkle

    def action_values(self, state: Any, roll: Sequence[int] | None = None) -> dict[Any, float]:
        """Return the mover's chance after each legal action in ``state`` ``((i, j), t, n)``.

        Before a roll (``roll`` None): ``{"bank": p, "roll": p}``, without ``bank`` where the
        turn total may not be banked. After the roll ``roll`` (``n`` faces): ``{kept faces: p}``
        for every legal keep, ``p`` the value of the state it leads to before its next roll
        (with hot dice and every die kept: all the dice; without: the turn banks). A farkle
        offers nothing: ``{}``.
        """
        i, j, t, n = self._state(state)
        if roll is None:
            return self._pre_roll(i, j, t, n)
        counts = counts_of(roll)
        if sum(counts) != n:
            raise InvalidArgument(f"roll {tuple(roll)!r} must show {n} dice", parameter="roll")
        next_dice = turn(self.rules).next_dice
        found = {}
        for kept, points in keeps(counts, self.rules.scoring):
            u = t + points // POINT_UNIT
            m = int(next_dice[n - sum(kept)])
            found[faces_of(kept)] = self._bank(i, j, u) if m == 0 else self._value(i, j, u, m)
        return found

    def best_action(self, state: Any, roll: Sequence[int] | None = None) -> str | Keep | None:
        """Return the optimal action in ``state``: ``"bank"`` or ``"roll"`` before a roll (bank
        at a tie), the kept faces after ``roll`` (the most points at a tie), None for a farkle."""
        found = self.action_values(state, roll)
        if roll is None:
            return "bank" if found.get("bank", -1.0) >= found["roll"] else "roll"
        points = {kept: keep_points(kept, self.rules) for kept in found}
        return max(found, key=lambda kept: (found[kept], points[kept]), default=None)

    # Helpers -------------------------------------------------------------------------------

    def _state(self, state: Any) -> tuple[int, int, int, int]:
        """Return ``state`` ``((i, j), t, n)`` in points as units ``(i, j, t, n)``, or raise
        InvalidArgument (:func:`state_units`)."""
        return state_units(self.rules, state)

    def _rebuild_rows(self, i: int, j: int) -> TurnRows:
        from pigsolve.solver.farkle import _kernels

        rules, goal = self.rules, self.values.shape[0]
        min_bank, dice = rules.min_bank // POINT_UNIT, rules.dice
        size = max(goal, min_bank)
        value, slope, roll = (np.zeros((size, dice + 1)) for _ in range(3))
        farkle = 1.0 - float(self.values[j, i])
        top = _kernels.turn_values(
            self.values, i, j, farkle, min_bank, *turn(rules).arrays, value, slope, roll
        )
        value, roll = value[:top], roll[:top]
        value.flags.writeable = roll.flags.writeable = False
        return TurnRows(value, roll, int(top), farkle)

    def _bank(self, i: int, j: int, u: int) -> float:
        """Return the mover's chance after banking ``u`` units at ``(i, j)``."""
        return 1.0 if i + u >= self.values.shape[0] else 1.0 - float(self.values[j, i + u])

    def _value(self, i: int, j: int, t: int, n: int) -> float:
        """Return the mover's optimal chance at ``(i, j)``, turn total ``t``, ``n`` dice (units)."""
        rows = self._rows(i, j)
        return 1.0 if t >= rows.top else float(rows.value[t, n])

    def _pre_roll(self, i: int, j: int, t: int, n: int) -> dict[str, float]:
        """Return ``{"bank": p, "roll": p}`` at ``(i, j, t, n)`` (units), bank where allowed."""
        rows = self._rows(i, j)
        found = {}
        if t > 0 and t * POINT_UNIT >= self.rules.min_bank:
            found["bank"] = self._bank(i, j, t)
        if t < rows.top:
            found["roll"] = float(rows.roll[t, n])
        else:  # every scoring roll goes on to a banked win
            farkles = turn(self.rules).farkle_ways[n] / turn(self.rules).scale[n]
            found["roll"] = float(1.0 - farkles * (1.0 - rows.farkle))
        return found


def state_units(rules: FarkleRules, state: Any) -> tuple[int, int, int, int]:
    """Return the state ``((i, j), t, n)`` of ``rules`` in points as units ``(i, j, t, n)``, or
    raise InvalidArgument in one line.

    >>> state_units(FarkleRules(), ((100, 0), 350, 3))
    (2, 0, 7, 3)
    """
    try:
        (i, j), t, n = state
    except (TypeError, ValueError):
        raise InvalidArgument(
            f"a Farkle state is ((score, opponent_score), turn_total, dice), got {state!r}",
            parameter="state",
        ) from None
    numbers = (i, j, t, n)
    if not all(isinstance(x, int | np.integer) and not isinstance(x, bool) for x in numbers):
        raise InvalidArgument(f"state {state!r} must hold integers", parameter="state")
    if not all(0 <= score < rules.goal and score % POINT_UNIT == 0 for score in (i, j)):
        raise InvalidArgument(
            f"scores in {state!r} must be multiples of {POINT_UNIT} from 0 to "
            f"{rules.goal - POINT_UNIT}",
            parameter="state",
        )
    if t < 0 or t % POINT_UNIT:
        raise InvalidArgument(
            f"turn total in {state!r} must be a multiple of {POINT_UNIT}, >= 0",
            parameter="state",
        )
    if not 1 <= n <= rules.dice:
        raise InvalidArgument(f"dice in {state!r} must be 1 to {rules.dice}", parameter="state")
    return i // POINT_UNIT, j // POINT_UNIT, t // POINT_UNIT, int(n)


def values_shape(rules: FarkleRules) -> tuple[int, ...]:
    """Return the shape of a solution's ``values`` under ``rules``: ``(G, G)``, ``G`` the goal in
    units (the one place a solver that counts farkles would change it).

    >>> values_shape(FarkleRules(goal=1000))
    (20, 20)
    """
    goal = rules.goal // POINT_UNIT
    return (goal, goal)


def keep_points(kept: Keep, rules: FarkleRules) -> int:
    """Return the points of setting aside the faces ``kept`` under ``rules``."""
    return score(counts_of(kept), rules.scoring)
