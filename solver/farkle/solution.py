"""The solution of two-player Farkle: what :func:`solver.farkle.solve.solve` returns.

It keeps the mover's chance at the start of every turn (scores in units of 50, mover first);
every other value is rebuilt from them. A mover's turn, all turn totals and dice, is one run
of the solver's own kernel (:func:`solver.farkle._kernels.turn_values`) with the farkle's value;
the last :data:`KEPT_ROWS` turns are kept, per solution.

Values
------
:func:`values_shape` gives the table's shape. Without the three-farkle penalty it is
``values[i, j] = P(i, j)``, ``(G, G)``, scores ``0 <= i, j < G`` (units). With it the state adds
each player's farkles in a row ``a`` (the mover's) and ``b`` (0 to 2) and scores go down to the
solve's ``floor``: ``values[a, b, i - f, j - f]``, ``(3, 3, G - f, G - f)``, ``f = floor / 50``.
With a last turn the table is the same (a bank reaching the goal ends in the opponent's last
turn, a function of the lead alone: :func:`last_turn_values`).

States
------
A state is ``((i, j), t, n)`` in points: the banked scores (mover first, multiples of 50 below
the goal, from the floor with the penalty), the turn total (a multiple of 50) and the dice about
to be rolled (1 to ``dice``); a turn starts at ``((i, j), 0, dice)``. With the penalty a state
may add the farkles in a row ``((i, j), t, n, (a, b))``; without them they are ``(0, 0)``.
After a roll the question adds the roll's faces, e.g.
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

DEFAULT_FLOOR = -2500
"""The lowest banked score (points) kept with the three-farkle penalty, Busche's (2016) bound:
a penalty ends no lower. The first player's chance converges geometrically as it is lowered
(``tests/solver/farkle/test_penalty.py``)."""
FARKLE_COUNTS = 3
"""Farkles in a row a player can have at the start of a turn: 0, 1 or 2."""
DEFAULT_CEILING_LEAD = 10_000
"""With a last turn, the default ceiling is the goal plus this (points); see
:func:`default_ceiling`. The chance of making up a lead of 10,000 in one last turn is 2.4e-8
under ``farkle``'s scoring and 9.5e-6 under ``facebook-farkle``'s (5,000: 1.7e-4, 1.9e-3)."""


def values_shape(rules: FarkleRules, floor: int = DEFAULT_FLOOR) -> tuple[int, ...]:
    """Return the shape of the values table of ``rules`` solved with ``floor`` (points): ``(G,
    G)`` without the penalty, ``(3, 3, G - f, G - f)`` with it (units of 50).

    >>> values_shape(FarkleRules(goal=1000))
    (20, 20)
    >>> values_shape(FarkleRules(goal=1000, farkle_penalty=500))
    (3, 3, 70, 70)
    """
    goal = rules.goal // POINT_UNIT
    if not rules.farkle_penalty:
        return (goal, goal)
    size = goal - floor // POINT_UNIT
    return (FARKLE_COUNTS, FARKLE_COUNTS, size, size)


def num_states(rules: FarkleRules, floor: int = DEFAULT_FLOOR) -> int:
    """Return the states before a roll of ``rules`` solved with ``floor``: every start of a turn
    (:func:`values_shape`) times each turn total below ``max(G - i, min_bank)`` (from there
    banking wins) times the dice to roll, 1 to ``dice``; a last turn's states not counted.

    Busche (2016) reports 423,765,000 states for Facebook Farkle with his floor of -2,500:
    exactly this count with a minimum bank of 300, not with none (423,562,500). His state is
    then ours: dice 1 to 6, both players' farkles in a row, scores in steps of 50 from -2,500.

    >>> from dataclasses import replace
    >>> from pigsolve.solver.games.farkle import FACEBOOK_FARKLE
    >>> num_states(FACEBOOK_FARKLE), num_states(replace(FACEBOOK_FARKLE, min_bank=0))
    (423765000, 423562500)
    """
    shape = values_shape(rules, floor)
    goal, min_bank = rules.goal // POINT_UNIT, rules.min_bank // POINT_UNIT
    lowest = goal - shape[-1]
    turn_totals = sum(max(goal - i, min_bank) for i in range(lowest, goal))
    return int(np.prod(shape[:-2])) * shape[-1] * turn_totals * rules.dice


def default_ceiling(rules: FarkleRules) -> int:
    """Return the highest banked score (points) kept with a last turn: the goal plus
    :data:`DEFAULT_CEILING_LEAD`. A turn total reaching it banks; rolling on could gain at most
    the chance that the opponent's last turn makes up the lead, below ``last[ceiling - goal]``
    (:func:`last_turn_values`), and only in the rare turns that reach it."""
    return rules.goal + DEFAULT_CEILING_LEAD


def last_turn_values(rules: FarkleRules, goal: int, cap: int) -> np.ndarray:
    """Return ``last[d]``: the chance of the player whose last turn needs ``d`` units to tie
    (:func:`solver.farkle._kernels.last_turn`), long enough for every bank of a table whose
    goal's index is ``goal`` and whose turns bank from the index ``cap``; all zeros without a
    last turn (banking to the goal wins at once).

    The last turn's rule: the other player wins by finishing strictly above the leader; level
    is a draw, counted as half a win, so the two players' chances still add up to 1 (as
    timpalpant/go-farkle splits a tie; Busche's rules page only says that some variants offer
    the others "a final turn").
    """
    arrays = turn(rules).arrays
    most = int(arrays[1].max())
    size = max(cap, goal + rules.min_bank // POINT_UNIT) + most + 1
    last = np.zeros(size)
    if rules.last_turn:
        from pigsolve.solver.farkle import _kernels

        _kernels.last_turn(last, rules.min_bank // POINT_UNIT, *arrays)
    return last


KEPT_ROWS = 256
"""Turns a solution keeps once rebuilt."""
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
    """The optimal play of two-player Farkle.

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
    """

    rules: FarkleRules
    values: np.ndarray
    method: str = "layered"
    residual: float = float("nan")
    num_iter: int = 0
    seconds: float = 0.0
    floor: int = 0
    ceiling: int | None = None

    def __post_init__(self) -> None:
        if self.ceiling is None:
            object.__setattr__(self, "ceiling", self.rules.goal)
        expected = values_shape(self.rules, self.floor)
        if self.values.shape != expected:
            raise InvalidArgument(
                f"values of shape {self.values.shape} do not fit the rules: expected {expected}",
                parameter="values",
            )
        # This solution's own cache (one on the class would keep every solution alive).
        object.__setattr__(self, "_rows", functools.lru_cache(KEPT_ROWS)(self._rebuild_rows))

    def __repr__(self) -> str:
        r = self.rules
        extra = f"farkle_penalty={r.farkle_penalty}, floor={self.floor}, " if self._counts else ""
        if r.last_turn:
            extra += f"last_turn=True, ceiling={self.ceiling}, "
        return (
            f"FarkleSolution(goal={r.goal}, dice={r.dice}, hot_dice={r.hot_dice}, "
            f"min_bank={r.min_bank}, {extra}P(0, 0)={self.p_first_player:.6f}, "
            f"method={self.method!r}, residual={self.residual:.1e}, num_iter={self.num_iter}, "
            f"seconds={self.seconds:.2f})"
        )

    @property
    def p_first_player(self) -> float:
        """Return the first player's chance at the start of the game, ``P(0, 0)``."""
        return self._start(0, 0, self._offset, self._offset)

    def turn_rows(self, scores: tuple[int, int], counts: tuple[int, int] = (0, 0)) -> TurnRows:
        """Return the mover's turn at ``scores`` ``(i, j)`` in points and farkles in a row
        ``counts`` (rows in units)."""
        a, b, i, j, _, _ = self._state((scores, 0, self.rules.dice, counts))
        return self._rows(a, b, i, j)

    def win_probability(self, state: Any, roll: Sequence[int] | None = None) -> float:
        """Return the mover's chance in ``state`` ``((i, j), t, n)`` or ``((i, j), t, n, (a,
        b))`` (points; ``a, b`` the farkles in a row) under optimal play, before the roll; after
        the roll ``roll``, that of its best keep (a farkle's: the opponent's turn next)."""
        if roll is None:
            return self._value(*self._state(state))
        found = self.action_values(state, roll)
        if found:
            return max(found.values())
        a, b, i, j, _, _ = self._state(state)
        return self._rows(a, b, i, j).farkle

    def action_values(self, state: Any, roll: Sequence[int] | None = None) -> dict[Any, float]:
        """Return the mover's chance after each legal action in ``state`` ``((i, j), t, n)``
        (or with the farkles in a row, ``((i, j), t, n, (a, b))``).

        Before a roll (``roll`` None): ``{"bank": p, "roll": p}``, without ``bank`` where the
        turn total may not be banked (and with a last turn without ``roll`` from the ceiling
        on). After the roll ``roll`` (``n`` faces): ``{kept faces: p}`` for every legal keep,
        ``p`` the value of the state it leads to before its next roll (with hot dice and every
        die kept: all the dice; without: the turn banks). A farkle offers nothing: ``{}``.
        """
        a, b, i, j, t, n = self._state(state)
        if roll is None:
            return self._pre_roll(a, b, i, j, t, n)
        counts = counts_of(roll)
        if sum(counts) != n:
            raise InvalidArgument(f"roll {tuple(roll)!r} must show {n} dice", parameter="roll")
        next_dice = turn(self.rules).next_dice
        found = {}
        for kept, points in keeps(counts, self.rules.scoring):
            u = t + points // POINT_UNIT
            m = int(next_dice[n - sum(kept)])
            found[faces_of(kept)] = (
                self._bank(b, i, j, u) if m == 0 else self._value(a, b, i, j, u, m)
            )
        return found

    def best_action(self, state: Any, roll: Sequence[int] | None = None) -> str | Keep | None:
        """Return the optimal action in ``state``: ``"bank"`` or ``"roll"`` before a roll (bank
        at a tie), the kept faces after ``roll`` (the most points at a tie), None for a farkle."""
        found = self.action_values(state, roll)
        if roll is None:
            return "bank" if found.get("bank", -1.0) >= found.get("roll", -1.0) else "roll"
        points = {kept: keep_points(kept, self.rules) for kept in found}
        return max(found, key=lambda kept: (found[kept], points[kept]), default=None)

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
    def _last(self) -> np.ndarray:
        rules = self.rules
        goal = rules.goal // POINT_UNIT + self._offset
        cap = (self.ceiling - self.floor) // POINT_UNIT
        return last_turn_values(rules, goal, cap)

    def _start(self, a: int, b: int, i: int, j: int) -> float:
        """Return the mover's chance at the start of a turn (indices)."""
        if self._counts:
            return float(self.values[a, b, i, j])
        return float(self.values[i, j])

    def _table(self, b: int) -> np.ndarray:
        """Return the 2-D table a bank reaches: the opponent to move with ``b`` farkles in a
        row, the banker with none."""
        return self.values[b, 0] if self._counts else self.values

    def _farkle(self, a: int, b: int, i: int, j: int) -> float:
        """Return the mover's chance after a farkle (indices)."""
        if not self._counts:
            return 1.0 - float(self.values[j, i])
        if a < 2:
            return 1.0 - float(self.values[b, a + 1, j, i])
        penalty = self.rules.farkle_penalty // POINT_UNIT
        return 1.0 - float(self.values[b, 0, j, max(i - penalty, 0)])

    def _state(self, state: Any) -> tuple[int, int, int, int, int, int]:
        """Return ``state`` as indices (:func:`state_indices`), or raise InvalidArgument."""
        return state_indices(self.rules, state, self.floor)

    def _rebuild_rows(self, a: int, b: int, i: int, j: int) -> TurnRows:
        from pigsolve.solver.farkle import _kernels

        rules = self.rules
        min_bank, dice = rules.min_bank // POINT_UNIT, rules.dice
        cap = (self.ceiling - self.floor) // POINT_UNIT
        size = max(cap, min_bank)
        value, slope, roll = (np.zeros((size, dice + 1)) for _ in range(3))
        farkle = self._farkle(a, b, i, j)
        table = np.ascontiguousarray(self._table(b))
        top = _kernels.turn_values(
            table, i, j, farkle, min_bank, cap, self._last, *turn(rules).arrays, value, slope, roll
        )
        value, roll = value[:top], roll[:top]
        value.flags.writeable = roll.flags.writeable = False
        return TurnRows(value, roll, int(top), farkle)

    def _bank(self, b: int, i: int, j: int, u: int) -> float:
        """Return the mover's chance after banking ``u`` units at ``(i, j)`` (indices)."""
        table = self._table(b)
        if i + u >= table.shape[0]:  # the goal: a win, or the opponent's last turn
            last = self._last
            return 1.0 - float(last[min(i + u - j, last.shape[0] - 1)])
        return 1.0 - float(table[j, i + u])

    def _value(self, a: int, b: int, i: int, j: int, t: int, n: int) -> float:
        """Return the mover's optimal chance at ``(a, b, i, j)``, turn total ``t``, ``n`` dice
        (indices)."""
        rows = self._rows(a, b, i, j)
        return self._bank(b, i, j, t) if t >= rows.top else float(rows.value[t, n])

    def _pre_roll(self, a: int, b: int, i: int, j: int, t: int, n: int) -> dict[str, float]:
        """Return ``{"bank": p, "roll": p}`` at ``(a, b, i, j, t, n)`` (indices), bank where
        allowed."""
        rows = self._rows(a, b, i, j)
        found = {}
        if t > 0 and t * POINT_UNIT >= self.rules.min_bank:
            found["bank"] = self._bank(b, i, j, t)
        if t < rows.top:
            found["roll"] = float(rows.roll[t, n])
        elif not self.rules.last_turn:  # every scoring roll goes on to a banked win
            farkles = turn(self.rules).farkle_ways[n] / turn(self.rules).scale[n]
            found["roll"] = float(1.0 - farkles * (1.0 - rows.farkle))
        return found


def state_indices(
    rules: FarkleRules, state: Any, floor: int | None = None
) -> tuple[int, int, int, int, int, int]:
    """Return ``state`` ``((i, j), t, n[, (a, b)])`` of ``rules`` in points as indices ``(a, b,
    i, j, t, n)`` (scores from ``floor``, units; ``floor`` 0 without the penalty), or raise
    InvalidArgument in one line (``floor`` None: :data:`DEFAULT_FLOOR` with the penalty).

    >>> state_indices(FarkleRules(), ((100, 0), 350, 3))
    (0, 0, 2, 0, 7, 3)
    """
    if floor is None:
        floor = DEFAULT_FLOOR if rules.farkle_penalty else 0
    try:
        if len(state) == 4:
            (i, j), t, n, (a, b) = state
        else:
            (i, j), t, n = state
            a = b = 0
    except (TypeError, ValueError):
        raise InvalidArgument(
            "a Farkle state is ((score, opponent_score), turn_total, dice) or with the "
            f"farkles in a row ((score, opponent_score), turn_total, dice, (a, b)), got "
            f"{state!r}",
            parameter="state",
        ) from None
    numbers = (i, j, t, n, a, b)
    if not all(isinstance(x, int | np.integer) and not isinstance(x, bool) for x in numbers):
        raise InvalidArgument(f"state {state!r} must hold integers", parameter="state")
    if not all(floor <= x < rules.goal and x % POINT_UNIT == 0 for x in (i, j)):
        raise InvalidArgument(
            f"scores in {state!r} must be multiples of {POINT_UNIT} from {floor} to "
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
    most = FARKLE_COUNTS - 1 if rules.farkle_penalty else 0
    if not (0 <= a <= most and 0 <= b <= most):
        raise InvalidArgument(
            f"farkles in a row in {state!r} must be 0 to {most}", parameter="state"
        )
    offset = -floor // POINT_UNIT
    return (
        int(a), int(b), i // POINT_UNIT + offset, j // POINT_UNIT + offset, t // POINT_UNIT,
        int(n),
    )  # fmt: skip


def keep_points(kept: Keep, rules: FarkleRules) -> int:
    """Return the points of setting aside the faces ``kept`` under ``rules``."""
    return score(counts_of(kept), rules.scoring)
