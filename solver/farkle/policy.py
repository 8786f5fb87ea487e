r"""A fixed Farkle player as arrays: what the exact evaluation and the simulation read.

A player decides twice in a turn (units of 50 points, :mod:`solver.farkle.solve`): before a
roll, at scores ``(i, j)`` (mover first), turn total ``t`` and ``n`` dice to roll, whether to
bank (where the rules allow it: ``t > 0``, ``t >= min_bank``, at 0 ``t >= entry``); after a
roll, which option ``(n', p)`` of the roll's outcome ``k`` (:mod:`solver.farkle.turn`) to take,
written as the dice left ``n'``. The rules decide the rest, for every player alike: a turn
total that wins by banking (``t >= max(G - i, min_bank)``) wins at once, and with every die
kept and no hot dice the turn banks.

With the last round a guided player may roll on past the goal and plays the optimal last
turn; any other banks once a bank reaches the goal and plays its last turn by its table
(:mod:`solver.farkle.last_round`).

Two kinds
---------
``turn`` (:data:`TURN`)
    Decisions that ignore the scores: ``bank[t, n]`` for ``t`` below its rows (from there on:
    bank), ``choose[t, n, k]`` the dice left (rows past the last: the last). A threshold player
    has one ``choose`` row; the expected-points player (:func:`max_score`) about ``G`` rows.
``guided`` (:data:`GUIDED`)
    The greedy player of a table ``guide[i, j]`` of start-of-turn win probabilities (the
    solver's ``P``): at ``(i, j)`` it runs the solver's turn programme
    (:func:`solver.farkle._kernels.turn_values`) on ``guide`` and takes its choices, bank at a
    tie, the fewest dice left at a tie after a roll. With the optimal ``P`` it is the optimal
    player; its ``G x G`` floats stand for every decision at every score.
``user`` (:data:`USER`)
    A function's decisions after each roll, tabulated where the turns reach
    (:mod:`policies.farkle_user`): ``rows[i, j, t, n]`` the first row of ``moves`` for rolling
    ``n`` dice at ``t`` (-1: never reached); each row ``(ways, gain, dice, ends)`` gathers the
    rolls decided alike (the keep's points and the dice left to roll; ``ends``: the turn banks),
    a row of zeros after a state's last. Evaluated exactly; it does not play by itself.

Memory at goal 10,000 (``G = 200``): a guided player 320 kB, the expected-points player's
tables about 1 MB; no table over ``(i, j, t, n)`` is made. Once evaluated, a player keeps its
turn laws (:func:`solver.farkle.laws.laws_of`): 32 MB for a guided player there, 160 kB for a
turn one. With the three-farkle penalty a guided player's guide is the solution's
``values[a, b, i', j']`` (shifted scores from its ``floor``); its laws, one per count of farkles
in a row and pair of scores, take about 570 MB at goal 10,000
(:mod:`solver.farkle.penalty_evaluate`), and it plays by its solution, farkles in a row read.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pigsolve.solver.caches import own_cache
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.players import check_two_seats
from pigsolve.solver.farkle.turn import Turn, least_banks, outcome_index, roll_code, turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import counts_of, faces_of, keeps

TURN = 0
"""A player whose decisions ignore the scores: tables over ``(t, n)``."""
GUIDED = 1
"""The greedy player of a table of win probabilities (the optimal player of a solution)."""
USER = 2
"""A user's function tabulated after every roll its turns reach."""


@dataclass(frozen=True, eq=False)
class FarklePolicy:
    """A fixed Farkle player's decisions (see the module docstring).

    Attributes
    ----------
    rules : FarkleRules
        The rules the arrays were made for (the outcomes ``k`` are theirs).
    kind : int
        :data:`TURN`, :data:`GUIDED` or :data:`USER`.
    guide : ndarray(float64, (G, G))
        ``P(i, j)`` the guided player acts on; ``(1, 1)`` zeros for a turn player.
    bank : ndarray(bool, (R, D + 1))
        A turn player banks at ``[t, n]`` (where allowed); from ``t = R`` on it always banks.
    choose : ndarray(int64, (C, D + 1, K))
        A turn player's dice left after outcome ``k`` of ``n`` dice at turn total ``t``
        (row ``min(t, C - 1)``).
    rows : ndarray(int64, (G, G, T, D + 1)), moves : ndarray(int64, (M, 4))
        A user's decisions (:data:`USER`); one -1 and one row of zeros for the others.
    floor : int
        With the three-farkle penalty, a guided player's guide is a penalty solution's
        ``values[a, b, i - f, j - f]``, ``(3, 3, G - f, G - f)``, ``f = floor / 50``
        (:mod:`solver.farkle.solution`); 0 for every other player.
    last : ndarray(float64, (2, L)), ceiling : int
        With the last round, a guided player's count of the opponent's last turn by the lead
        to tie (row 0 the opponent at 0, under the opening score; row 1 on the board) and the
        score (points) from which its turn banks; zeros and the goal otherwise.
    """

    rules: FarkleRules
    kind: int
    guide: np.ndarray
    bank: np.ndarray
    choose: np.ndarray
    rows: np.ndarray = field(default_factory=lambda: np.full((1, 1, 1, 1), -1, np.int64))
    moves: np.ndarray = field(default_factory=lambda: np.zeros((1, 4), np.int64))
    floor: int = 0
    last: np.ndarray | None = None
    ceiling: int = 0

    def __post_init__(self) -> None:
        goal, min_bank = self.rules.goal // POINT_UNIT, self.rules.min_bank // POINT_UNIT
        if self.last is None:  # long enough for any bank of a turn that ends at the goal
            size = 2 * goal + min_bank + int(turn(self.rules).points.max()) + 2
            object.__setattr__(self, "last", np.zeros((2, size)))
        if not self.ceiling:
            object.__setattr__(self, "ceiling", self.rules.goal)
        # This policy's own caches (on the class they would keep every policy alive).
        object.__setattr__(self, "_guide_rows", own_cache(self._rebuild_rows, 64))
        object.__setattr__(self, "_last_rows", own_cache(self._rebuild_last_rows, 16))
        t = turn(self.rules)
        dice, size = self.rules.dice, t.ways.shape[1]
        if self.kind != TURN:  # a turn player ignores the scores: it plays at any table
            check_two_seats(self.rules, "Farkle's guided and user players")
        penalty_guided = self.kind == GUIDED and bool(self.rules.farkle_penalty)
        if self.floor and (not penalty_guided or self.floor > 0 or self.floor % POINT_UNIT):
            raise InvalidArgument(
                f"floor={self.floor}: only a guided player of the three-farkle penalty has a "
                f"floor (a multiple of {POINT_UNIT} at most 0)"
            )
        if penalty_guided:
            size = goal - self.floor // POINT_UNIT
            if self.guide.shape != (3, 3, size, size):
                raise InvalidArgument(
                    f"a guided player of the three-farkle penalty needs a 3 x 3 x {size} x "
                    f"{size} table (floor {self.floor})"
                )
            return
        if self.kind == GUIDED:
            if self.guide.shape != (goal, goal):
                raise InvalidArgument(f"a guided player needs a {goal} x {goal} table")
            return
        if self.kind == USER:
            if self.rows.shape[:2] != (goal, goal) or self.moves.shape[1:] != (4,):
                raise InvalidArgument(f"a user's table needs {goal} x {goal} scores")
            return
        if self.bank.ndim != 2 or self.bank.shape[1] != dice + 1 or not len(self.bank):
            raise InvalidArgument(f"bank must have shape (rows, {dice + 1})")
        if self.choose.ndim != 3 or self.choose.shape[1:] != (dice + 1, size):
            raise InvalidArgument(f"choose must have shape (rows, {dice + 1}, {size})")
        for n in range(1, dice + 1):
            k = t.num_outcomes[n]
            left = self.choose[:, n, :k]
            if left.min() < 0 or left.max() >= n:
                raise InvalidArgument(f"choose names dice left outside 0..{n - 1} for {n} dice")
            offered = np.take_along_axis(t.points[n, :k][None], left[..., None], axis=2)
            if (offered < 0).any():
                raise InvalidArgument(f"choose names an option no keep gives ({n} dice)")

    @property
    def arrays(self) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Return ``(kind, guide, bank, choose, rows, moves)``, as the kernels take them."""
        return self.kind, self.guide, self.bank, self.choose, self.rows, self.moves

    def banks(self, i: int, j: int, t: int, n: int) -> bool:
        """Return True if the player banks at ``(i, j, t, n)`` (units), where the rules let it.

        A turn total that must bank (:meth:`_top`: the goal, a guided player's ceiling, in the
        last turn, ``j`` past the goal, one that wins) banks whatever the player says."""
        if t <= 0 or t < self.rules.least_bank(i * POINT_UNIT) // POINT_UNIT:
            return False
        if t >= self._top(i, j):
            return True
        if j >= self.rules.goal // POINT_UNIT and self.kind == GUIDED:  # its last turn
            _, roll = self._last_rows(j - i)
            return (0.5 if t == j - i else 0.0) >= roll[t, n]  # bank at a tie
        if self.kind == GUIDED:
            _, roll = self._guide_rows(i, j)
            return _bank_value(self.guide, i, j, t, self.last) >= roll[t, n]
        return t >= len(self.bank) or bool(self.bank[t, n])

    def dice_left(self, i: int, j: int, t: int, n: int, k: int) -> int:
        """Return the dice left the player chooses after outcome ``k`` of ``n`` dice."""
        last_turn = j >= self.rules.goal // POINT_UNIT
        if self.kind != GUIDED:
            return int(self.choose[min(t, len(self.choose) - 1), n, k])
        arrays = turn(self.rules)
        top = self._top(i, j)
        value, _ = self._last_rows(j - i) if last_turn else self._guide_rows(i, j)
        best, chosen = -1.0, -1
        for left in range(n):
            gain = int(arrays.points[n, k, left])
            if gain < 0:
                continue
            u, m = t + gain, int(arrays.next_dice[left])
            if last_turn:
                v = 1.0 if u > j - i else 0.5 if u == j - i else 0.0
                v = v if m == 0 else 1.0 if u >= top else float(value[u, m])
            elif m == 0 or u >= top:
                v = _bank_value(self.guide, i, j, u, self.last)
            else:
                v = float(value[u, m])
            if v > best:
                best, chosen = v, left
        return chosen

    def action(self, state: tuple, roll: tuple[int, ...] | None = None) -> str | tuple[int, ...]:
        """Return the action in ``state`` ``((i, j), t, n)`` in points (farkles in a row after
        it, if any, are not read): ``"bank"`` or ``"roll"`` before a roll, the faces kept after
        ``roll`` (a keep giving the chosen option: its dice left and most points); None for a
        farkle."""
        if self.kind == USER:
            raise InvalidArgument("a user's table is evaluated, not played: ask its function")
        if self.guide.ndim == 4:  # a penalty solution's values: its farkles in a row are read
            return self._solution.best_action(state, roll=roll)
        scores, t, n = state[:3]  # j: the best other score (a last turn beats every other)
        i, j, t = scores[0] // POINT_UNIT, max(scores[1:]) // POINT_UNIT, t // POINT_UNIT
        if roll is None:
            return "bank" if self.banks(i, j, t, n) else "roll"
        counts = counts_of(roll)
        if sum(counts) != n:
            raise InvalidArgument(f"roll {tuple(roll)!r} must show {n} dice", parameter="roll")
        k = int(outcome_index(self.rules)[roll_code(counts)])
        if k < 0:
            return None
        left = self.dice_left(i, j, t, n, k)
        kept = [(c, p) for c, p in keeps(counts, self.rules.scoring) if n - sum(c) == left]
        return faces_of(max(kept, key=lambda keep: keep[1])[0])

    @functools.cached_property
    def _solution(self) -> Any:
        """The penalty solution a 4-D guide is (:meth:`action` reads its farkles in a row)."""
        from pigsolve.solver.farkle.solution import FarkleSolution

        return FarkleSolution(self.rules, self.guide, floor=self.floor)

    def _top(self, i: int, j: int) -> int:
        """Return the turn total (units) from which the mover at ``(i, j)`` must bank."""
        goal, min_bank = self.rules.goal // POINT_UNIT, self.rules.min_bank // POINT_UNIT
        cap = self.ceiling // POINT_UNIT if self.kind == GUIDED else goal
        return max((j + 1 if j >= goal else cap) - i, min_bank)  # the last turn: a win

    def _rebuild_last_rows(self, d: int) -> tuple[np.ndarray, np.ndarray]:
        """Return ``(value, roll)`` of the last turn needing ``d`` units to tie, banking from
        the minimum bank on (at 0: ``d`` is past the entry), rows the turn totals, columns the
        dice (:func:`solver.farkle._last_round_kernels.last_turn_rows`)."""
        from pigsolve.solver.farkle._last_round_kernels import last_turn_rows

        least = self.rules.min_bank // POINT_UNIT
        shape = (max(d + 1, least), self.rules.dice + 1)
        value, roll = np.zeros(shape), np.zeros(shape)
        args = (self.kind, self.bank, self.choose, value, roll)
        last_turn_rows(d, least, *turn(self.rules).arrays, *args)
        return value, roll

    def _rebuild_rows(self, i: int, j: int) -> tuple[np.ndarray, np.ndarray]:
        """Return the guide's turn at ``(i, j)``: ``value[t, n]`` and ``roll[t, n]``."""
        from pigsolve.solver.farkle._kernels import ONE_KEEP
        from pigsolve.solver.farkle._policy_kernels import guided_turn

        rules = self.rules
        (min_bank, entry), cap = least_banks(rules), self.ceiling // POINT_UNIT
        value, slope, roll = (np.zeros((max(cap, min_bank), rules.dice + 1)) for _ in range(3))
        last, arrays = self.last[min(j, 1)], turn(rules).arrays
        guided_turn(
            self.guide, i, j, min_bank, entry, cap, last, ONE_KEEP, *arrays, value, slope, roll
        )
        return value, roll


def _bank_value(values: np.ndarray, i: int, j: int, u: int, last: np.ndarray) -> float:
    """Return the mover's chance after banking ``u`` at ``(i, j)``, from the goal on by ``last``
    (its row by the opponent's score: 0 or on the board)."""
    if i + u >= values.shape[0]:
        return 1.0 - float(last[min(j, 1), i + u - j])
    return 1.0 - float(values[j, i + u])


# Builders ---------------------------------------------------------------------------------------


def guided(
    rules: FarkleRules,
    guide: np.ndarray,
    floor: int = 0,
    ceiling: int | None = None,
    last: np.ndarray | None = None,
) -> FarklePolicy:
    """Return the greedy player of ``guide[i, j]`` (a solution's ``values``: the optimal one;
    with the penalty ``guide[a, b, i - f, j - f]`` of a solution solved with ``floor``); with
    the last round its turn banks from ``ceiling`` (points, default the solver's), a bank to
    the goal worth ``1 - last[row, lead]`` (default the optimal last turn's, as the solver's,
    in both rows: the opening score does not change it)."""
    from pigsolve.solver.farkle.states import default_ceiling, last_turn_values

    guide = np.ascontiguousarray(guide, np.float64)
    dice, size = rules.dice, turn(rules).ways.shape[1]
    if rules.last_turn and not rules.farkle_penalty:
        ceiling = ceiling or default_ceiling(rules)
        if last is None:
            last = last_turn_values(rules, rules.goal // POINT_UNIT, ceiling // POINT_UNIT)
            last = np.tile(last, (2, 1))
    return FarklePolicy(
        rules,
        GUIDED,
        guide,
        np.zeros((1, dice + 1), np.bool_),
        np.zeros((1, dice + 1, size), np.int64),
        floor=floor,
        last=last,
        ceiling=ceiling or 0,
    )


def most_points(arrays: Turn) -> np.ndarray:
    """Return ``choose[n, k]``: the option of the most points, the more dice left at a tie."""
    points = arrays.points
    left = np.arange(points.shape[2])
    # Most points first, then most dice left; -1 (no option) loses.
    key = np.where(points >= 0, points * (points.shape[2] + 1) + left, -1)
    return key.argmax(axis=2).astype(np.int64)


def thresholds(rules: FarkleRules, totals: tuple[int, ...]) -> FarklePolicy:
    """Return the player that banks once the turn total is at least ``totals[n - 1]`` points
    with ``n`` dice to roll (one total: the same for every ``n``) and after a roll keeps the
    most points (the more dice left at a tie).

    >>> thresholds(FarkleRules(), (300,)).bank[5:7, 6].tolist()
    [False, True]
    """
    dice = rules.dice
    if len(totals) == 1:
        totals = totals * dice
    if len(totals) != dice:
        raise InvalidArgument(
            f"give 1 or {dice} bank totals (one per number of dice), got {totals}"
        )
    for total in totals:
        if total < 0 or total % POINT_UNIT:
            raise InvalidArgument(
                f"a bank total must be 0 or a multiple of {POINT_UNIT}, got {total}"
            )
    units = np.array([0, *(total // POINT_UNIT for total in totals)])
    rows = int(units.max()) + 1
    bank = np.arange(rows)[:, None] >= units[None, :]
    bank[:, 0] = False
    return FarklePolicy(rules, TURN, np.zeros((1, 1)), bank, most_points(turn(rules))[None])


def max_score_cap(rules: FarkleRules) -> int:
    """Return the turn total (units) from which banking maximises the turn's expected points:
    there, with ``n`` dice, rolling gains at most ``gain(n)``, the expected most points of a
    roll, and loses the total with the farkle's chance ``f(n)``, so it does not pay once
    ``f(n) t >= gain(n)``; beyond it banking is a fixed point of the expectation's equation."""
    arrays = turn(rules)
    cap = rules.min_bank // POINT_UNIT
    for n in range(1, rules.dice + 1):
        gain = float((arrays.ways[n] * arrays.points[n].max(axis=1)).sum())
        cap = max(cap, math.ceil(gain / arrays.farkle_ways[n]))
    return cap + 1


def max_score(rules: FarkleRules) -> FarklePolicy:
    r"""Return the player that maximises the turn's expected points, scores ignored (Neller &
    Busche's *max-score*): the one-player programme

    .. math:: E(t, n) = \max\Big(t,\ \sum_k \pi_k(n) \max_{(n', p) \in k} E(t + p, n')\Big)

    (a farkle scores 0; bank only where the rules allow), with :math:`E(t, n) = t` from
    :func:`max_score_cap` on. Not capped at the goal: a total that reaches it wins at once
    anyway. Bank at a tie; after a roll the most expected points, the fewest dice left at a tie.
    """
    from pigsolve.solver.farkle._policy_kernels import max_score_tables

    arrays = turn(rules)
    cap = max_score_cap(rules)
    size = arrays.ways.shape[1]
    bank = np.zeros((cap, rules.dice + 1), np.bool_)
    choose = np.zeros((cap, rules.dice + 1, size), np.int64)
    expected = np.zeros((cap, rules.dice + 1))
    max_score_tables(rules.min_bank // POINT_UNIT, *arrays.arrays, expected, bank, choose)
    return FarklePolicy(rules, TURN, np.zeros((1, 1)), bank, choose)
