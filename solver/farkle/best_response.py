r"""The exact best reply to a fixed player in two-player Farkle, by score-sum layers.

Values
------
Scores are in units of 50, ``G = goal / 50`` (:mod:`solver.farkle.solve`). The opponent plays
fixed decisions (:class:`solver.farkle.policy.FarklePolicy`); the replier maximises its own
chance. :math:`X(i, j)` is the replier's chance when it moves at ``(i, j)`` (its score first),
:math:`Y(j, i)` the opponent's when the opponent moves at ``(j, i)``. The opponent's turn ends
as its turn law says (:mod:`solver.farkle.laws`: a win at once :math:`w`, a bank of ``u``
units :math:`b(u)`, a farkle :math:`f`, at ``(j, i)``), whatever the replier does:

.. math:: Y(j, i) = w + \sum_u b(u)\,(1 - X(i, j + u)) + f\,(1 - X(i, j)).

The replier's turn at ``(i, j)`` is the solver's programme with the bank worth
:math:`1 - Y(j, i + t)` (1 where it wins) and the farkle worth :math:`c = 1 - Y(j, i)`:
:math:`X(i, j) = g_{ij}(c)`, convex, piecewise linear, nondecreasing, slope below 1.

Method
------
A bank reaches a higher score sum, so the sums are solved from the highest down, as the solver
does; within a sum each ordered pair ``(i, j)`` has one unknown: with :math:`w'` the part of
:math:`Y(j, i)` already known, :math:`x = X(i, j)` solves

.. math:: x = g_{ij}\big(1 - w' - f\,(1 - x)\big),

solved by Newton's method with the programme's slope (exact once the replier's choices settle)
until the residual is at most :data:`solver.farkle._kernels.ROUNDING` (1e-14); then
:math:`Y(j, i) = w' + f\,(1 - x)`. The pairs of a sum are independent of one another (in
parallel from :data:`solver.farkle.solve.PARALLEL_GOAL` on). The opponent's laws are found once
(:func:`solver.farkle.laws.laws_of`); each pair then costs a dot product and a turn of the
replier a Newton step, most pairs two steps from the plane through the three values above: at
goal 10,000 against ``bank:300`` 9 to 10 s on two cores, as long as a solve of the game.

The reply's decisions at ``(i, j)`` are those of its turn's programme on ``Y``: exactly the
greedy player :func:`solver.farkle.policy.guided` of the table ``Y`` (its bank and farkle values
are those above), so the exact evaluation (:mod:`solver.farkle.evaluate`) plays it back.
Against the optimal player the reply is worth the solver's own chance: optimal play is its own
best reply in a zero-sum game of two.

With the last round (:mod:`solver.farkle.last_round`) a bank of the replier reaching the goal
is worth :math:`1 - L(d)`, the opponent's last turn by its own decisions, and the replier rolls
on past the goal up to the solver's ceiling; its own last turn is the optimal one, which the
opponent's banks reaching the goal are weighed by. Two players only, without the three-farkle
penalty.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.evaluate import policy_of
from pigsolve.solver.farkle.last_round import last_turn_chances, optimal_last_turn
from pigsolve.solver.farkle.laws import laws_of
from pigsolve.solver.farkle.players import check_two_seats
from pigsolve.solver.farkle.policy import FarklePolicy, guided
from pigsolve.solver.farkle.solve import PARALLEL_GOAL, check_solvable
from pigsolve.solver.farkle.states import default_ceiling
from pigsolve.solver.farkle.turn import least_banks, turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.results import Progress


@dataclass(frozen=True, eq=False, repr=False)
class FarkleReply:
    """The best reply to a fixed Farkle player (module docstring).

    Attributes
    ----------
    rules : FarkleRules
    values : ndarray(float64, (G, G))
        ``X[i, j]``: the replier's chance when it moves at ``(i, j)`` (units, its score first).
    opponent_values : ndarray(float64, (G, G))
        ``Y[j, i]``: the opponent's chance when it moves at ``(j, i)`` (its score first).
    policy : FarklePolicy
        The reply's decisions: the greedy player of ``opponent_values``.
    residual : float
        The largest Newton residual of a pair (at most 1e-14 expected).
    steps : int
        The most Newton steps a pair took.
    seconds : float
        The time of the solve, the opponent's laws included where not found before (the
        kernels' compile not).
    """

    rules: FarkleRules
    values: np.ndarray
    opponent_values: np.ndarray
    policy: FarklePolicy
    residual: float
    steps: int
    seconds: float

    @property
    def win_probability(self) -> float:
        """Return the replier's chance moving first, ``X[0, 0]``."""
        return float(self.values[0, 0])

    @property
    def second(self) -> float:
        """Return the replier's chance moving second, ``1 - Y[0, 0]``."""
        return 1.0 - float(self.opponent_values[0, 0])

    def __repr__(self) -> str:
        return (
            f"<FarkleReply goal={self.rules.goal} dice={self.rules.dice} "
            f"first={self.win_probability:.12f} second={self.second:.12f}>"
        )


def best_response(
    rules: FarkleRules, opponent: FarklePolicy, progress: Progress | None = None
) -> FarkleReply:
    """Return the exact best reply to ``opponent``, a fixed player for ``rules``, calling
    ``progress(done, total)`` (ordered pairs of scores) as it goes.

    >>> from pigsolve.solver.farkle.policy import thresholds
    >>> rules = FarkleRules(dice=2, goal=300)
    >>> reply = best_response(rules, thresholds(rules, (100,)))
    >>> round(reply.win_probability, 6), round(reply.second, 6), reply.residual <= 1e-14
    (0.584979, 0.486051, True)
    """
    check_replyable(rules)
    opponent = policy_of(rules, opponent)
    from pigsolve.solver.farkle import _best_response_kernels as kernels

    warm_up()
    start = time.perf_counter()
    laws = laws_of(opponent)
    goal, (min_bank, entry) = rules.goal // POINT_UNIT, least_banks(rules)
    arrays = turn(rules).arrays
    ceiling = default_ceiling(rules) if rules.last_turn else rules.goal
    cap = ceiling // POINT_UNIT
    size = max(cap, goal) + min_bank + int(arrays[1].max()) + laws.reach.shape[2] + 2
    last, own_last = last_turn_chances(opponent, size), optimal_last_turn(rules, size)
    if not rules.last_turn:
        last = np.zeros((2, size))
    x, y = np.zeros((goal, goal)), np.zeros((goal, goal))
    steps, residuals = np.zeros((goal, goal), np.int64), np.zeros((goal, goal))
    sweep = kernels._reply_sums_parallel if rules.goal >= PARALLEL_GOAL else kernels._reply_sums
    highest = 2 * goal - 2
    sums = np.arange(highest + 1)
    pairs = np.minimum(sums, goal - 1) - np.maximum(0, sums - goal + 1) + 1
    solved = np.cumsum(pairs[::-1])  # ordered pairs of the sums from the highest down
    chunk = max(1, (highest + 1) // 64)
    for s_high in range(highest, -1, -chunk):
        s_low = max(0, s_high - chunk + 1)
        sweep(
            x, y, s_high, s_low, min_bank, entry, cap, last, own_last, *arrays, *laws.arrays,
            steps, residuals,
        )  # fmt: skip
        if progress is not None:
            progress(int(solved[highest - s_low]), int(solved[-1]))
    seconds = time.perf_counter() - start
    return FarkleReply(
        rules,
        x,
        y,
        guided(rules, y, ceiling=ceiling, last=last),
        float(residuals.max()),
        int(steps.max()),
        seconds,
    )


def check_replyable(rules: FarkleRules) -> None:
    """Raise :class:`InvalidArgument` in one line unless :func:`best_response` answers a player
    under ``rules``: two players, no three-farkle penalty."""
    check_solvable(rules)
    check_two_seats(rules, "best replies")
    if rules.farkle_penalty:
        raise InvalidArgument(
            "the best reply to a Farkle player is found without the three-farkle penalty yet "
            "(evaluate the players with it: pigsolve compare)",
            parameter="farkle_penalty",
        )


def warm_up() -> None:
    """Compile the kernels (or load them from numba's cache)."""
    from pigsolve.solver.farkle import _best_response_kernels as kernels

    arrays = turn(FarkleRules(dice=1, goal=100)).arrays
    win, farkle, law, reach = np.zeros((2, 1)), np.zeros((2, 1)), np.zeros(1), np.zeros((2, 1, 0))
    for sweep in (kernels._reply_sums, kernels._reply_sums_parallel):
        x, y = np.zeros((2, 2)), np.zeros((2, 2))
        steps, residuals = np.zeros((2, 2), np.int64), np.zeros((2, 2))
        sweep(
            x, y, 2, 0, 0, 0, 2, np.zeros((2, 8)), np.zeros((2, 1)), *arrays, win, farkle, law,
            reach, steps, residuals,
        )  # fmt: skip
