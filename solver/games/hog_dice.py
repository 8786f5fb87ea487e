"""Hog's dice: the exact distribution of a turn's score and the chance outcomes of an action.

Fractions, computed once per rule set and cached: the exact transitions every Hog solver,
evaluator and reference takes (see :mod:`solver.games.hog` for the rules).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from pigsolve.solver.games.hog import (
    HogRules,
    HogState,
    boost,
    check_num_rolls,
    hog_wild,
    zero_dice,
)
from pigsolve.solver.games.hog_turns import Turn, end_turn


def die_sides(rules: HogRules, state: HogState) -> int:
    """Return the sides of the dice the mover rolls."""
    return rules.alt_sides if state.four_sided and rules.alt_sides else rules.die_sides


def die_distribution(sides: int, rerolling: bool) -> dict[int, Fraction]:
    """Return the exact distribution of one die's value; a re-rolling die re-rolls odd once.

    >>> die_distribution(6, True)[2], die_distribution(6, True)[1]
    (Fraction(1, 4), Fraction(1, 12))
    """
    uniform = Fraction(1, sides)
    if not rerolling:
        return dict.fromkeys(range(1, sides + 1), uniform)
    odd = sum(uniform for value in range(1, sides + 1) if value % 2)
    return {v: odd * uniform + (uniform if v % 2 == 0 else 0) for v in range(1, sides + 1)}


@cache
def roll_distribution(
    rules: HogRules, num_rolls: int, sides: int, rerolling: bool
) -> dict[int, Fraction]:
    """Return the exact distribution of the points of ``num_rolls >= 1`` dice (after Pig Out).

    Tracks (number of 1s, sum of the other dice) die by die.
    """
    die = die_distribution(sides, rerolling)
    joint: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for _ in range(num_rolls):
        step: dict[tuple[int, int], Fraction] = {}
        for (ones, total), prob in joint.items():
            for value, q in die.items():
                key = (ones + 1, total) if value == 1 else (ones, total + value)
                step[key] = step.get(key, Fraction(0)) + prob * q
        joint = step
    out: dict[int, Fraction] = {}
    for (ones, total), prob in joint.items():
        points = total if ones == 0 else (ones if rules.pig_out == "count" else 1)
        out[points] = out.get(points, Fraction(0)) + prob
    return out


def turn_distribution(rules: HogRules, state: HogState, num_rolls: int) -> dict[int, Fraction]:
    """Return the exact distribution of the turn score (before any Feral Hogs bonus)."""
    check_num_rolls(rules, num_rolls)
    if num_rolls == -1:
        return {1: Fraction(1)}
    if num_rolls == 0:
        return {boost(rules, zero_dice(rules, state.score, state.opponent_score), 0): Fraction(1)}
    rolled = roll_distribution(
        rules,
        num_rolls,
        die_sides(rules, state),
        hog_wild(rules, state.score, state.opponent_score),
    )
    out: dict[int, Fraction] = {}
    for points, prob in rolled.items():
        final = boost(rules, points, num_rolls)
        out[final] = out.get(final, Fraction(0)) + prob
    return out


def chance_outcomes(
    rules: HogRules, state: HogState, num_rolls: int
) -> list[tuple[Fraction, Turn]]:
    """Return the exact ``(probability, turn)`` pairs of choosing ``num_rolls`` in ``state``."""
    return [
        (prob, end_turn(rules, state, num_rolls, points))
        for points, prob in sorted(turn_distribution(rules, state, num_rolls).items())
    ]
