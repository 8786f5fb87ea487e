"""Every seating of N fixed Pig players compared exactly (the N! orders of play).

Each seating is one :func:`solver.pig.evaluation.evaluate.evaluate`; its N rotations come from the
same evaluation (each seat's start values), so (N - 1)! evaluations suffice. Two players give the
two seatings A first and B first: the comparison of :func:`solver.pig.evaluation.evaluate.compare`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.evaluation.evaluate import Announce, evaluate
from pigsolve.solver.pig.seat_policy import ComputerPlayer, seat_policies
from pigsolve.solver.results import Comparison, Seatings


@dataclass(frozen=True, eq=False)
class SeatingComparison(Seatings):
    """Each Pig player's exact win probability in every seating order (all N!), and the average
    over them (:class:`solver.results.Seatings`), under ``rules``."""

    rules: PigRules

    def comparison(self, a: int = 0, b: int = 1) -> Comparison:
        """Return player ``a``'s chances against player ``b``: its average win probability over
        the seatings in which ``a`` moves first, and over those in which ``b`` does (with two
        players: the exact comparison, A first and B first)."""
        first = np.array([order[0] for order in self.orders])
        return Comparison(
            self.names[a],
            self.names[b],
            self.rules.goal,
            self.rules.die_sides,
            float(self.probabilities[first == a, a].mean()),
            float(self.probabilities[first == b, a].mean()),
        )

    def as_dict(self) -> dict[str, Any]:
        """Return ``{players, seatings: [{seating, win_probability}], average}`` for JSON."""
        return {
            "players": list(self.names),
            "seatings": [
                {"seating": list(seating), "win_probability": list(probabilities)}
                for seating, probabilities in self.rows()
            ],
            "average": self.average.tolist(),
        }


def compare_seatings(
    rules: PigRules,
    players: Sequence[ComputerPlayer],
    announce: Announce | None = None,
    names: Sequence[str] | None = None,
) -> SeatingComparison:
    """Return every player's exact win probability for each of the N! seating orders.

    One evaluation serves the N rotations of a seating (each seat's start values), so
    (N - 1)! evaluations suffice. ``names`` shows the players (default: their own names).
    """
    policies = seat_policies(rules, players)
    n = rules.players
    names = tuple(p.name for p in policies) if names is None else tuple(names)
    orders = tuple(itertools.permutations(range(n)))
    by_seat: dict[tuple[int, ...], np.ndarray] = {}
    probabilities = np.empty((len(orders), n))
    for r, order in enumerate(orders):
        if order not in by_seat:
            start = evaluate(rules, [policies[p] for p in order], announce).starts
            announce = None  # the memory line once
            for m in range(n):  # seat m starting is the seating rotated by m
                by_seat[order[m:] + order[:m]] = np.roll(start[m], -m)
        probabilities[r, list(order)] = by_seat[order]
    return SeatingComparison(names, orders, probabilities, rules)
