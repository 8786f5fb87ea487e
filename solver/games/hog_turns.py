"""One Hog turn: its score from the dice or the zero-dice rule, then the rules after it.

The engine (:class:`solver.engine.HogGame`), the exact chance outcomes
(:mod:`solver.games.hog_dice`) and the 61A conformance tests all score turns here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pigsolve.solver.games.hog import (
    FERAL_HOGS,
    HOGTIMUS_PRIME,
    PIG_OUT,
    PORK_CHOP,
    WHEN_PIGS_FLY,
    HogRules,
    HogState,
    after_turn,
    extra_turn,
    feral_bonus,
    hogtimus_prime,
    pig_out,
    pigs_fly,
    rule_names,
    zero_dice,
)


class Turn(NamedTuple):
    """The result of one turn: its score, the bonus, what fired and the state that follows."""

    points: int
    bonus: int
    swapped: bool
    events: tuple[str, ...]
    next_state: HogState
    """The state seen by the next mover: the roller again after an extra turn, else the other."""
    extra: bool = False
    """True if the roller takes another turn."""

    @property
    def roller_score(self) -> int:
        """Return the roller's score at the end of the turn."""
        return self.next_state.score if self.extra else self.next_state.opponent_score

    @property
    def other_score(self) -> int:
        """Return the other player's score at the end of the turn."""
        return self.next_state.opponent_score if self.extra else self.next_state.score


def turn_score(
    rules: HogRules, num_rolls: int, score: int, opponent_score: int, outcomes: Sequence[int]
) -> tuple[int, tuple[str, ...]]:
    """Return the turn score of ``num_rolls >= 0`` dice showing ``outcomes`` and the rules fired.

    >>> from pigsolve.solver.games.hog import hog_rules
    >>> turn_score(hog_rules("fa16"), 5, 0, 0, [3, 4, 3, 4, 5])
    (20, ('Hogtimus Prime', 'When Pigs Fly'))
    """
    events: list[str] = []
    if num_rolls == 0:
        points = zero_dice(rules, score, opponent_score)
        events.append(rule_names(rules)[0])
    else:
        points = pig_out(rules, outcomes)
        if 1 in outcomes:
            events.append(PIG_OUT)
    bumped = hogtimus_prime(rules, points)
    if bumped != points:
        events.append(HOGTIMUS_PRIME)
    capped = pigs_fly(rules, bumped, num_rolls)
    if capped != bumped:
        events.append(WHEN_PIGS_FLY)
    return capped, tuple(events)


def end_turn(rules: HogRules, state: HogState, num_rolls: int, points: int) -> Turn:
    """Return the turn after the mover in ``state`` chose ``num_rolls`` and scored ``points``.

    Applies Pork Chop (``num_rolls == -1``, ``points`` must be 1), Feral Hogs, the after-turn
    rule (Swine Swap in fa16 and su20; ``swapped`` says it changed a score) and the extra turn.

    >>> from pigsolve.solver.games.hog import hog_rules
    >>> turn = end_turn(hog_rules("fa16"), HogState(37, 92), 2, 9)
    >>> turn.swapped, turn.roller_score, turn.other_score
    (True, 92, 46)
    """
    events: list[str] = []
    four_sided = state.four_sided
    if num_rolls == -1:
        four_sided = not four_sided
        events.append(PORK_CHOP)
    bonus = feral_bonus(rules, num_rolls, state.prev_points)
    if bonus:
        events.append(FERAL_HOGS)
    scored = state.score + points + bonus
    roller, other = after_turn(rules, scored, state.opponent_score)
    swapped = roller != scored
    if swapped:
        events.append(rule_names(rules)[1])
    if extra_turn(rules, roller, other):
        events.append(rule_names(rules)[2])
        again = HogState(roller, other, four_sided, points, state.opponent_prev_points)
        return Turn(points, bonus, swapped, tuple(events), again, extra=True)
    next_state = HogState(other, roller, four_sided, state.opponent_prev_points, points)
    return Turn(points, bonus, swapped, tuple(events), next_state)
