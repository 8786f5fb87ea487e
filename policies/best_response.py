"""The best response: the exact best reply to fixed Pig players, for any number of players.

``best-response:A,B`` names the player that maximises its own probability of winning against A
and B (N - 1 computer players), who move after it in that order. Against fixed players this is
a one-player problem, solved exactly and pure (ties hold within 1e-12) by
:func:`solver.pig.evaluate_multi.run_layers`. Its choices are kept in its own frame (its score,
then the next players' scores, in the order they move, and the turn total), so it plays any seat
of any seating, though it is the best reply only where the players it answers follow it in that
order.

>>> from pigsolve.solver.games.pig import View
>>> rules = PigRules(goal=10, die_sides=4, players=3)
>>> player = make_best_response("best-response:hold4,hold6", rules)
>>> player.name, player.choose(View(0, 0, 8, 10, others=(0, 0)))
('best-response:hold4,hold6', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, View
from pigsolve.solver.pig.evaluate_multi import (
    check_evaluable,
    check_memory_for,
    memory_needed,
    run_layers,
    seat_policies,
)
from pigsolve.solver.pig.seats import EXPLICIT, ComputerPlayer, SeatPolicy

PREFIX = "best-response:"


class BestResponse:
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

    memory = 1

    def __init__(
        self,
        rules: PigRules,
        opponents: tuple[str, ...],
        packed: np.ndarray,
        start: np.ndarray,
        num_iter: int = 0,
        unsettled: int = 0,
        seconds: float = 0.0,
    ) -> None:
        self.rules, self.opponents, self.packed, self.start = rules, opponents, packed, start
        self.num_iter, self.unsettled, self.seconds = num_iter, unsettled, seconds
        self.goal = rules.goal
        self.name = PREFIX + ",".join(opponents)
        self.description = (
            f"the exact best reply to {', '.join(opponents)}, who move after it in that order"
        )

    @property
    def win_probability(self) -> float:
        """Return its win probability moving first against its opponents."""
        return float(self.start[0, 0])

    def choices(self, scores: Sequence[int]) -> np.ndarray:
        """Return its choices (True rolls) at turn totals ``0 .. G - 1 - scores[0]`` of its
        frame ``scores`` (its own score first, then the next players')."""
        if len(scores) != self.rules.players or not all(0 <= s < self.goal for s in scores):
            raise InvalidArgument(
                f"scores {tuple(scores)} are not {self.rules.players} scores from 0 to "
                f"{self.goal - 1}"
            )
        f = int(np.ravel_multi_index(tuple(scores), (self.goal,) * self.rules.players))
        return (
            np.unpackbits(self.packed[f], count=self.goal, bitorder="little")[
                : self.goal - scores[0]
            ]
            == 1
        )

    def roll_probability(self, view: View) -> float:
        """Return 1.0 where it rolls in ``view``, else 0.0 (0 at the goal)."""
        if view.goal != self.goal:
            raise ValueError(f"the best response is for goal {self.goal}, not {view.goal}")
        if view.score + view.turn_total >= view.goal:
            return 0.0
        return float(view.turn_total == 0 or self.choices(view.scores)[view.turn_total])

    def choose(self, view: View) -> bool:
        """Return True to roll, from its decisions at ``view.scores``."""
        return self.roll_probability(view) == 1.0

    def seat_policy(self, rules: PigRules) -> SeatPolicy:
        """Return its decisions as the exact evaluation and the simulation take them."""
        self._check_rules(rules)
        return SeatPolicy(self.name, EXPLICIT, packed=self.packed)

    def table(self, rules: PigRules) -> np.ndarray:
        """Return its two-player roll table (bool ``(1, G, G, G)``); only for two players."""
        self._check_rules(rules)
        if rules.players != 2:
            raise InvalidArgument(
                f"{self.name} has no two-player table in a {rules.players}-player game; "
                "use the N-player evaluation or simulation"
            )
        goal = self.goal
        roll = (
            np.unpackbits(self.packed, axis=1, count=goal, bitorder="little").reshape(
                1, goal, goal, goal
            )
            == 1
        )
        roll[..., 0] = True
        return roll

    def _check_rules(self, rules: PigRules) -> None:
        if rules != self.rules:
            raise InvalidArgument(f"{self.name} was computed for {self.rules}, not {rules}")

    def __repr__(self) -> str:
        return (
            f"<BestResponse to {', '.join(self.opponents)} goal={self.goal} "
            f"win_probability={self.win_probability:.12f}>"
        )


def solve_best_response(
    rules: PigRules,
    opponents: Sequence[ComputerPlayer],
    announce: Callable[[str], None] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> BestResponse:
    """Return the best reply to ``opponents``: N - 1 computer players, or their
    :class:`~solver.pig.seats.SeatPolicy`, in the order they move after it."""
    n = rules.players
    if len(opponents) != n - 1:
        raise InvalidArgument(
            f"a best response in a {n}-player game answers {n - 1} opponents, got {len(opponents)}"
        )
    placeholder = SeatPolicy(PREFIX, EXPLICIT)  # seat 0, the best responder: ignored
    policies = seat_policies(rules, [placeholder, *opponents])[1:]
    check_evaluable(rules, policies)
    needed = memory_needed(rules, policies, best=True)
    check_memory_for(rules, needed, "the best response", announce)
    run = run_layers(rules, [placeholder, *policies], best=True, progress=progress)
    return BestResponse(
        rules,
        tuple(p.name for p in policies),
        run.decisions,
        run.values[:, 0, :].copy(),
        run.num_iter,
        run.unsettled,
        run.seconds,
    )


def opponent_names(name: str, rules: PigRules) -> list[str]:
    """Return the opponents' names in ``best-response:A,B``; there must be N - 1 of them.

    >>> opponent_names("best-response:hold20,pace-race", PigRules(players=3))
    ['hold20', 'pace-race']
    """
    if not name.startswith(PREFIX):
        raise InvalidArgument(f"{name!r} is not a best response (best-response:A,B)")
    names = [part.strip() for part in name[len(PREFIX) :].split(",")]
    wanted = rules.players - 1
    if len(names) != wanted or not all(names):
        example = PREFIX + ",".join(["hold20"] * wanted)
        raise InvalidArgument(
            f"{name} names {len(names)} opponents; with {rules.players} players give "
            f"{wanted}, in the order they move after it, e.g. {example}"
        )
    return names


def make_best_response(
    name: str,
    rules: PigRules,
    table_path: Path | None = None,
    announce: Callable[[str], None] | None = None,
) -> BestResponse:
    """Return the player ``best-response:A,B`` for ``rules``, its opponents made by
    :func:`policies.make_player` (``table_path`` and ``announce`` go to ``optimal``)."""
    from pigsolve.policies import make_player

    names = opponent_names(name, rules)
    if "human" in names:
        raise InvalidArgument("a best response needs computer players, not human")
    made: dict[str, Any] = {}
    for opponent in names:
        if opponent not in made:
            made[opponent] = make_player("pig", opponent, rules, table_path, announce)
    return solve_best_response(rules, [made[n] for n in names], announce)
