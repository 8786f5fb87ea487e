"""The mover's win probability after each number of dice in one Hog state, in pure Python:
an independent check of the compiled pass, and the source of the hints."""

from __future__ import annotations

import numpy as np

from pigsolve.solver.games.hog import HogRules, HogState, is_over
from pigsolve.solver.games.hog_dice import chance_outcomes


def action_values(rules: HogRules, v_next: np.ndarray, state: HogState) -> dict[int, float]:
    """Return the mover's win probability for each number of dice, given the opponent's values.

    ``v_next`` holds the next mover's win probabilities (the solution itself under optimal
    play; after an extra turn the next mover is the same player). Computed in pure Python from
    :func:`solver.games.hog_dice.chance_outcomes`: an independent check of the compiled pass,
    and the source of ``hog play --hints``.
    """
    values = {}
    for n in rules.actions:
        total = 0.0
        for prob, turn in chance_outcomes(rules, state, n):
            nxt = turn.next_state
            if turn.roller_score >= rules.goal:
                total += float(prob)
            elif turn.extra:
                total += float(prob) * float(v_next[nxt.index(rules)])
            elif not is_over(rules, nxt):
                total += float(prob) * (1.0 - float(v_next[nxt.index(rules)]))
        values[n] = total
    return values
