"""The best response: the exact best reply to fixed Pig players, for any number of players.

``best-response:A,B`` names the player that maximises its own probability of winning against A
and B (N - 1 computer players), who move after it in that order. Against fixed players this is
a one-player problem, solved exactly and pure (a tie within :data:`solver.pig.tolerances.TIE`
holds) by
:func:`solver.pig.best_response.best_response`; this module names the player and plays it. Its
choices are kept in its own frame (its score, then the next players' scores, in the order they
move, and the turn total), so it plays any seat of any seating, though it is the best reply only
where the players it answers follow it in that order.

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
from pigsolve.solver.pig.best_response import Reply, best_response
from pigsolve.solver.pig.seat_policy import ComputerPlayer, SeatPolicy

PREFIX = "best-response:"


class BestResponse:
    """The player that plays a :class:`solver.pig.best_response.Reply` (its choices, values and
    provenance are the reply's: ``packed``, ``start``, ``num_iter``, ``unsettled``, ...)."""

    memory = 1

    def __init__(self, reply: Reply) -> None:
        self.reply = reply
        self.rules, self.goal = reply.rules, reply.rules.goal
        self.opponents, self.start = reply.opponents, reply.start
        self.packed, self.num_iter, self.unsettled = reply.packed, reply.num_iter, reply.unsettled
        self.name = PREFIX + ",".join(reply.opponents)
        self.description = (
            f"the exact best reply to {', '.join(reply.opponents)}, who move after it in that order"
        )

    @property
    def win_probability(self) -> float:
        """Return its win probability moving first against its opponents."""
        return self.reply.win_probability

    def choices(self, scores: Sequence[int]) -> np.ndarray:
        """Return its choices (True rolls) at turn totals ``0 .. G - 1 - scores[0]`` of its
        frame ``scores`` (its own score first, then the next players')."""
        return self.reply.choices(scores)

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
        return self.reply.seat(self.name)

    def table(self, rules: PigRules) -> np.ndarray:
        """Return its two-player roll table (bool ``(1, G, G, G)``); only for two players."""
        self._check_rules(rules)
        return self.reply.roll_table()

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
    """Return the player of the best reply to ``opponents`` (N - 1 computer players, in the order
    they move after it), solved by :func:`solver.pig.best_response.best_response`."""
    return BestResponse(best_response(rules, opponents, announce, progress))


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
            made[opponent] = make_player(rules, opponent, table_path, announce)
    return solve_best_response(rules, [made[n] for n in names], announce)
