r"""The exact best response to fixed Pig players, for any number of players.

Seat 0 maximises its own win probability against fixed players in seats 1..N-1: a one-player
problem. Its row of turn totals at a score vector depends on its own value after a pig,
:math:`x = V_1(s)_0` (the values of :mod:`solver.pig.evaluation.evaluate`); per score vector, policy
iteration chooses greedily at x (a tie within :data:`solver.pig.tolerances.TIE` holds), solves
the cycle of the N turns and chooses again at the new x until the choices stand. Layers of score
sums go from the highest down, as in the evaluation, whose kernel does this work. The result is
pure and kept in the responder's own frame (its score, then the next players' scores in the
order they move), so it plays any seat, though it is the best reply only where its opponents
follow it in that order.

The player that plays it is :class:`policies.best_response.BestResponse`.

Where scores can fall (a reset), two players only: the layers no longer order the states, so
the reply is found by policy iteration over the whole table: evaluate its choices against the
opponent's table exactly (:func:`solver.pig.evaluation.pair.pair_values`, the fixed point over the
values after a reset), choose greedily at the values found (a tie within
:data:`solver.pig.tolerances.TIE` holds), and repeat until no choice changes, starting from the
opponent's own choices.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.pig.evaluation.evaluate import (
    Announce,
    check_evaluable,
    check_memory_for,
    check_no_resets,
    memory_needed,
    run_layers,
)
from pigsolve.solver.pig.evaluation.pair import pair_values, two_player_table
from pigsolve.solver.pig.seat_policy import EXPLICIT, ComputerPlayer, SeatPolicy, seat_policies
from pigsolve.solver.results import Progress


@dataclass(frozen=True, eq=False, repr=False)
class Reply:
    """The best reply to fixed opponents, who move after it in the order given.

    Attributes
    ----------
    rules : PigRules
    opponents : tuple of str
    packed : ndarray(uint8, shape=(G**N, ceil(G / 8)))
        Its choices along k (bit ``k % 8`` of byte ``k // 8``, as every packed choice in
        pigsolve) by the flat index of its frame.
    start : ndarray(float64, shape=(N, N))
        ``[m, j]``: seat j's win probability when seat m starts, it in seat 0 and the opponents
        in seats 1..N-1.
    num_iter : int
        The most linear solves (policy-iteration steps) a score vector needed.
    unsettled : int
        Score vectors whose choices had not settled (0 expected).
    seconds : float
    """

    rules: PigRules
    opponents: tuple[str, ...]
    packed: np.ndarray
    start: np.ndarray
    num_iter: int
    unsettled: int
    seconds: float

    @property
    def win_probability(self) -> float:
        """Return its win probability moving first against its opponents."""
        return float(self.start[0, 0])

    def choices(self, scores: Sequence[int]) -> np.ndarray:
        """Return its choices (True rolls) at turn totals ``0 .. G - 1 - scores[0]`` of its
        frame ``scores`` (its own score first, then the next players')."""
        goal, n = self.rules.goal, self.rules.players
        if len(scores) != n or not all(0 <= s < goal for s in scores):
            raise InvalidArgument(f"scores {tuple(scores)} are not {n} scores from 0 to {goal - 1}")
        f = int(np.ravel_multi_index(tuple(scores), (goal,) * n))
        row = np.unpackbits(self.packed[f], count=goal, bitorder="little")
        return row[: goal - scores[0]] == 1

    def seat(self, name: str) -> SeatPolicy:
        """Return its decisions, under ``name``, as the evaluation and the simulation take them."""
        return SeatPolicy(name, EXPLICIT, packed=self.packed)

    def roll_table(self) -> np.ndarray:
        """Return its choices as a two-player roll table (bool ``(1, G, G, G)``, ``[0, i, j, k]``);
        with more players its frame has more scores than a table's (i, j)."""
        goal, n = self.rules.goal, self.rules.players
        if n != 2:
            raise InvalidArgument(
                f"a best response in a {n}-player game has no two-player table; use the "
                "evaluation or simulation of any number of players"
            )
        roll = np.unpackbits(self.packed, axis=1, count=goal, bitorder="little")
        roll = roll.reshape(1, goal, goal, goal) == 1
        roll[..., 0] = True
        return roll

    def __repr__(self) -> str:
        return (
            f"<Reply to {', '.join(self.opponents)} goal={self.rules.goal} "
            f"win_probability={self.win_probability:.12f}>"
        )


def best_response(
    rules: PigRules,
    opponents: Sequence[ComputerPlayer],
    announce: Announce | None = None,
    progress: Progress | None = None,
) -> Reply:
    """Return the best reply to ``opponents``: N - 1 computer players (or their seat policies),
    in the order they move after it."""
    n = rules.players
    if len(opponents) != n - 1:
        raise InvalidArgument(
            f"a best response in a {n}-player game answers {n - 1} opponents, got {len(opponents)}"
        )
    placeholder = SeatPolicy("best-response", EXPLICIT)  # seat 0, the responder: ignored
    policies = seat_policies(rules, [placeholder, *opponents])[1:]
    check_no_resets(rules, "the best response")
    check_evaluable(rules, policies)
    needed = memory_needed(rules, policies, best=True)
    check_memory_for(rules, needed, "the best response", announce, best=True)
    if rules.resets:
        return _reply_by_policy_iteration(rules, policies[0])
    run = run_layers(rules, [placeholder, *policies], best=True, progress=progress)
    return Reply(
        rules,
        tuple(p.name for p in policies),
        run.decisions,
        run.values[:, 0, :].copy(),
        run.num_iter,
        run.unsettled,
        run.seconds,
    )


def _reply_by_policy_iteration(rules: PigRules, opponent: SeatPolicy) -> Reply:
    """Return the best reply of two players where scores can fall (module docstring)."""
    from pigsolve.solver.pig.evaluation._kernels import MAX_ITERATIONS, greedy_tables

    start_time = time.perf_counter()
    goal, chances = rules.goal, roll_counts(rules)
    table = two_player_table(rules, opponent)
    i, k = np.arange(goal)[:, None, None], np.arange(goal)[None, None, :]
    roll = np.ascontiguousarray(table[0] & (i + k < goal))  # start from the opponent's choices
    roll[..., 0] = True
    changes, rounds = 1, 0
    while changes and rounds < MAX_ITERATIONS:
        rounds += 1
        w_x, w_y = pair_values(rules, roll[None], table)
        after = np.ascontiguousarray(1.0 - w_y[:, :, 0, 0].T)  # [i, j]: it to wait at (i, j)
        changes = greedy_tables(after, chances, roll)
    packed = np.packbits(roll.reshape(goal * goal, goal), axis=1, bitorder="little")
    x, y = w_x[0, 0, 0, 0], w_y[0, 0, 0, 0]
    start = np.array([[x, 1.0 - x], [1.0 - y, y]])
    return Reply(
        rules,
        (opponent.name,),
        packed,
        start,
        rounds,
        int(changes),
        time.perf_counter() - start_time,
    )
