"""Pig's threshold players tuned in batches: every candidate's hold values held at once by the
evaluator of :mod:`solver.pig.evaluation.thresholds` (:func:`policies.kinds.tune`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from pigsolve.solver.results import Comparison

if TYPE_CHECKING:
    pass


BATCH = 128
"""Candidates evaluated per call of the batched evaluator (their hold values held at once)."""


def threshold_batch(
    rules: Any,
    names: Sequence[str],
    against: str,
    opponent: Any,
    progress: Callable[[int, int], None] | None,
) -> list[Comparison] | None:
    """Return every named member's exact comparison from the batched evaluator of
    :mod:`solver.pig.evaluation.thresholds`, or None where it does not apply (players that
    remember their turns, an opponent that does, more players, goals above 300)."""
    from pigsolve.policies import make_player
    from pigsolve.policies.pig.thresholds import ThresholdPolicy

    first = make_player(rules, names[0])  # a kind's members are of one class
    if not (isinstance(first, ThresholdPolicy) and first.memory == 1):
        return None  # not threshold players with no memory (ones that count their turns)
    if rules.players != 2 or rules.goal > 300:
        return None
    opponent = opponent.table(rules)
    if opponent.shape[0] != 1:
        return None
    players = [first, *(make_player(rules, name) for name in names[1:])]
    if not all(isinstance(p, ThresholdPolicy) and p.memory == 1 for p in players):
        return None
    import numpy as np

    from pigsolve.solver.pig.evaluation.thresholds import first_mover_probabilities
    from pigsolve.solver.pig.seat_policy import check_roll_table

    goal = rules.goal
    opponent = check_roll_table(opponent, goal, against)
    t, i, j = np.zeros((1, 1), np.int64), np.arange(goal)[:, None], np.arange(goal)[None, :]
    results = []
    for start in range(0, len(players), BATCH):
        batch = players[start : start + BATCH]
        hold = np.stack(
            [np.broadcast_to(p.hold_at_grid(t, i, j, goal), (goal, goal)) for p in batch]
        )
        a_first, b_first = first_mover_probabilities(rules, hold, opponent)
        results += [
            Comparison(p.name, against, goal, rules.die_sides, float(a), float(b))
            for p, a, b in zip(batch, a_first, b_first, strict=True)
        ]
        if progress is not None:
            progress(len(results), len(players))
    return results
