"""CS 61A Fall 2016 Hog: the course's functions on the ``fa16`` rules of :mod:`solver.games.hog`.

Dice, ``reroll`` and ``roll_dice`` are looked up as module globals at call time, as in the course
skeleton, so tests can replace them (``take_turn`` calls ``roll_dice``; ``select_dice`` returns
``six_sided`` / ``four_sided`` itself when Hog Wild is off).
"""

from __future__ import annotations

from pigsolve.solver.games import hog, hog_turns
from pigsolve.solver.hog61a import common
from pigsolve.solver.hog61a.common import Strategy, always_roll, make_averaged
from pigsolve.solver.hog61a.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided

__all__ = [
    "GOAL_SCORE",
    "always_roll",
    "average_win_rate",
    "bacon_strategy",
    "check_strategy",
    "check_strategy_roll",
    "final_strategy",
    "four_sided",
    "free_bacon",
    "make_averaged",
    "make_fair_dice",
    "make_test_dice",
    "max_scoring_num_rolls",
    "other",
    "play",
    "reroll",
    "roll_dice",
    "select_dice",
    "six_sided",
    "swap_strategy",
    "take_turn",
    "winner",
]

RULES = hog.hog_rules("fa16")
GOAL_SCORE = 100

######################
# Phase 1: Simulator #
######################


def roll_dice(num_rolls: int, dice: Dice = six_sided) -> int:
    """Simulate rolling the DICE exactly NUM_ROLLS > 0 times. Return the sum of the outcomes
    unless any of the outcomes is 1; then return the number of 1s rolled (Pig Out).
    """
    assert type(num_rolls) is int, "num_rolls must be an integer."
    assert num_rolls > 0, "Must roll at least once."
    return hog.pig_out(RULES, [dice() for _ in range(num_rolls)])


def free_bacon(opponent_score: int) -> int:
    """Return the points of rolling zero dice: one more than the largest digit of OPPONENT_SCORE.

    >>> free_bacon(42), free_bacon(7)
    (5, 8)
    """
    return hog.free_bacon(RULES, opponent_score)


def take_turn(num_rolls: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """Return the points of a turn rolling NUM_ROLLS dice (Free Bacon, Hogtimus Prime, cap)."""
    assert type(num_rolls) is int, "num_rolls must be an integer."
    assert num_rolls >= 0, "Cannot roll a negative number of dice in take_turn."
    assert num_rolls <= 10, "Cannot roll more than 10 dice."
    points = free_bacon(opponent_score) if num_rolls == 0 else roll_dice(num_rolls, dice)
    return hog.boost(RULES, points, num_rolls)


def reroll(dice: Dice) -> Dice:
    """Return a die that returns even outcomes and re-rolls odd outcomes of DICE once."""

    def rerolled() -> int:
        outcome = dice()
        return dice() if outcome % 2 else outcome

    return rerolled


def select_dice(score: int, opponent_score: int, dice_swapped: bool) -> Dice:
    """Return the dice for a turn: four-sided if DICE_SWAPPED, re-rolling under Hog Wild."""
    dice = four_sided if dice_swapped else six_sided
    if hog.hog_wild(RULES, score, opponent_score):
        dice = reroll(dice)
    return dice


def other(player: int) -> int:
    """Return the other player, for a player PLAYER numbered 0 or 1.

    >>> other(0)
    1
    """
    return 1 - player


def play(
    strategy0: Strategy,
    strategy1: Strategy,
    score0: int = 0,
    score1: int = 0,
    goal: int = GOAL_SCORE,
) -> tuple[int, int]:
    """Simulate a game and return the final scores of both players, Player 0's score first.

    Each strategy is called once per turn as ``strategy(own score, opponent score)``; -1 is a
    Pork Chop. The dice start six-sided; the swap is checked after every turn.
    """
    player = 0
    state = hog.HogState(score0, score1)
    scores = [score0, score1]
    while scores[0] < goal and scores[1] < goal:
        score, opponent_score = state.score, state.opponent_score
        num_rolls = (strategy0 if player == 0 else strategy1)(score, opponent_score)
        if num_rolls == -1:
            points = 1
        else:
            dice = select_dice(score, opponent_score, state.four_sided)
            points = take_turn(num_rolls, opponent_score, dice)
        state = hog_turns.end_turn(RULES, state, num_rolls, points).next_state
        scores[player], scores[other(player)] = state.opponent_score, state.score
        player = other(player)
    return scores[0], scores[1]


#######################
# Phase 2: Strategies #
#######################


def check_strategy_roll(score: int, opponent_score: int, num_rolls: int) -> None:
    """Raise an error naming the call unless NUM_ROLLS is an integer from -1 to 10."""
    common.check_strategy_roll(score, opponent_score, num_rolls, RULES.min_rolls)


def check_strategy(strategy: Strategy, goal: int = GOAL_SCORE) -> None:
    """Check that STRATEGY returns a valid number of rolls for every pair of scores below GOAL."""
    common.check_strategy(strategy, goal, RULES.min_rolls)


def max_scoring_num_rolls(dice: Dice = six_sided, num_samples: int = 1000) -> int:
    """Return the number of dice (1 to 10) with the highest average turn score; ties -> fewest."""
    averages = [make_averaged(roll_dice, num_samples)(n, dice) for n in range(1, 11)]
    return 1 + averages.index(max(averages))


def winner(strategy0: Strategy, strategy1: Strategy) -> int:
    """Return 0 if STRATEGY0 wins against STRATEGY1, and 1 otherwise."""
    score0, score1 = play(strategy0, strategy1)
    return 0 if score0 > score1 else 1


BASELINE = always_roll(4)


def average_win_rate(strategy: Strategy, baseline: Strategy = BASELINE) -> float:
    """Return the average win rate of STRATEGY against BASELINE over both seats (simulated)."""
    as_player_0 = 1 - make_averaged(winner)(strategy, baseline)
    as_player_1 = make_averaged(winner)(baseline, strategy)
    return (as_player_0 + as_player_1) / 2


def bacon_strategy(score: int, opponent_score: int, margin: int = 8, num_rolls: int = 4) -> int:
    """Return 0 if rolling zero dice scores at least MARGIN points (after Hogtimus Prime)."""
    return 0 if take_turn(0, opponent_score) >= margin else num_rolls


def swap_strategy(score: int, opponent_score: int, margin: int = 8, num_rolls: int = 4) -> int:
    """Return 0 for a beneficial swap, NUM_ROLLS to avoid a harmful one, else the bacon rule."""
    new_score = score + take_turn(0, opponent_score)
    if hog.is_swap(RULES, new_score, opponent_score) and opponent_score != new_score:
        return 0 if opponent_score > new_score else num_rolls
    return bacon_strategy(score, opponent_score, margin, num_rolls)


def final_strategy(score: int, opponent_score: int) -> int:
    """Return a strong scores-only reply to always_roll(4).

    Solved once, on the first call (see :func:`solver.hog61a.common.scores_only_reply`).
    """
    return int(common.scores_only_reply(RULES, 4)[score, opponent_score])
