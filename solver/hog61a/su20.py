"""CS 61A Summer 2020 Hog: the course's functions on the ``su20`` rules of :mod:`solver.games.hog`.

``take_turn`` calls the module-level ``roll_dice``; ``play`` takes the dice, a commentary
function ``say`` and the ``feral_hogs`` switch as in the course.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pigsolve.solver.games import hog, hog_turns
from pigsolve.solver.hog61a import common
from pigsolve.solver.hog61a.common import Strategy, always_roll
from pigsolve.solver.hog61a.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided

__all__ = [
    "GOAL_SCORE",
    "always_roll",
    "announce_highest",
    "announce_lead_changes",
    "average_win_rate",
    "bacon_strategy",
    "both",
    "check_strategy",
    "final_strategy",
    "four_sided",
    "free_bacon",
    "is_swap",
    "make_averaged",
    "make_fair_dice",
    "make_test_dice",
    "max_scoring_num_rolls",
    "other",
    "play",
    "roll_dice",
    "say_scores",
    "silence",
    "six_sided",
    "swap_strategy",
    "take_turn",
    "winner",
]

RULES = hog.hog_rules("su20")
GOAL_SCORE = 100
Say = Callable[[int, int], "Say"]

######################
# Phase 1: Simulator #
######################


def roll_dice(num_rolls: int, dice: Dice = six_sided) -> int:
    """Simulate rolling the DICE exactly NUM_ROLLS > 0 times. Return the sum of the outcomes
    unless any of the outcomes is 1; then return 1 (Pig Out).
    """
    assert type(num_rolls) is int, "num_rolls must be an integer."
    assert num_rolls > 0, "Must roll at least once."
    return hog.pig_out(RULES, [dice() for _ in range(num_rolls)])


def free_bacon(score: int) -> int:
    """Return the points of rolling zero dice against SCORE: ten minus its ones digit plus its
    tens digit.

    >>> free_bacon(32), free_bacon(19), free_bacon(5)
    (11, 2, 5)
    """
    assert score < 100, "The game should be over."
    return hog.free_bacon(RULES, score)


def take_turn(num_rolls: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """Return the points of a turn rolling NUM_ROLLS dice, or Free Bacon for zero dice."""
    assert type(num_rolls) is int, "num_rolls must be an integer."
    assert num_rolls >= 0, "Cannot roll a negative number of dice in take_turn."
    assert num_rolls <= 10, "Cannot roll more than 10 dice."
    assert opponent_score < 100, "The game should be over."
    points = free_bacon(opponent_score) if num_rolls == 0 else roll_dice(num_rolls, dice)
    return hog.boost(RULES, points, num_rolls)


def is_swap(player_score: int, opponent_score: int) -> bool:
    """Return whether the scores swap: |ones digits difference| == opponent's tens digit.

    >>> is_swap(55, 23), is_swap(17, 65)
    (True, False)
    """
    return hog.is_swap(RULES, player_score, opponent_score)


def other(who: int) -> int:
    """Return the other player, for a player WHO numbered 0 or 1.

    >>> other(0)
    1
    """
    return 1 - who


def silence(score0: int, score1: int) -> Say:
    """Announce nothing."""
    return silence


def play(
    strategy0: Strategy,
    strategy1: Strategy,
    score0: int = 0,
    score1: int = 0,
    dice: Dice = six_sided,
    goal: int = GOAL_SCORE,
    say: Say = silence,
    feral_hogs: bool = True,
) -> tuple[int, int]:
    """Simulate a game and return the final scores of both players, Player 0's score first.

    Feral Hogs compares each player's number of dice with their own previous turn score
    (without the bonus, 0 before their first turn); the swap follows the bonus and can hand the
    win to the opponent. SAY is called after every turn and replaced by what it returns.
    """
    rules = RULES if feral_hogs else replace(RULES, feral_hogs=False)
    who = 0
    state = hog.HogState(score0, score1)
    scores = [score0, score1]
    while scores[0] < goal and scores[1] < goal:
        num_rolls = (strategy0 if who == 0 else strategy1)(state.score, state.opponent_score)
        points = take_turn(num_rolls, state.opponent_score, dice)
        state = hog_turns.end_turn(rules, state, num_rolls, points).next_state
        scores[who], scores[other(who)] = state.opponent_score, state.score
        say = say(scores[0], scores[1])
        who = other(who)
    return scores[0], scores[1]


#######################
# Phase 2: Commentary #
#######################


def say_scores(score0: int, score1: int) -> Say:
    """A commentary function that announces the score for each player."""
    print("Player 0 now has", score0, "and Player 1 now has", score1)
    return say_scores


def announce_lead_changes(last_leader: int | None = None) -> Say:
    """Return a commentary function that announces lead changes."""

    def say(score0: int, score1: int) -> Say:
        leader = 0 if score0 > score1 else 1 if score1 > score0 else None
        if leader is not None and leader != last_leader:
            print("Player", leader, "takes the lead by", abs(score0 - score1))
        return announce_lead_changes(leader)

    return say


def both(f: Say, g: Say) -> Say:
    """Return a commentary function that says what F says, then what G says."""

    def say(score0: int, score1: int) -> Say:
        return both(f(score0, score1), g(score0, score1))

    return say


def announce_highest(who: int, last_score: int = 0, running_high: int = 0) -> Say:
    """Return a commentary function that announces a new largest one-turn gain of player WHO."""
    assert who == 0 or who == 1, "The who argument should indicate a player."

    def say(score0: int, score1: int) -> Say:
        score = score0 if who == 0 else score1
        gain = score - last_score
        if gain > running_high:
            print(gain, "point(s)! That's the biggest gain yet for Player", who)
            return announce_highest(who, score, gain)
        return announce_highest(who, score, running_high)

    return say


#######################
# Phase 3: Strategies #
#######################


def make_averaged(original_function: Callable[..., float], trials_count: int = 1000):
    """Return a function that averages TRIALS_COUNT calls of ORIGINAL_FUNCTION."""
    return common.make_averaged(original_function, trials_count)


def max_scoring_num_rolls(dice: Dice = six_sided, trials_count: int = 1000) -> int:
    """Return the number of dice (1 to 10) with the highest average turn score; ties -> fewest."""
    averages = [make_averaged(roll_dice, trials_count)(n, dice) for n in range(1, 11)]
    return 1 + averages.index(max(averages))


def winner(strategy0: Strategy, strategy1: Strategy) -> int:
    """Return 0 if STRATEGY0 wins against STRATEGY1, and 1 otherwise."""
    score0, score1 = play(strategy0, strategy1)
    return 0 if score0 > score1 else 1


BASELINE = always_roll(6)


def average_win_rate(strategy: Strategy, baseline: Strategy = BASELINE) -> float:
    """Return the average win rate of STRATEGY against BASELINE over both seats (simulated)."""
    as_player_0 = 1 - make_averaged(winner)(strategy, baseline)
    as_player_1 = make_averaged(winner)(baseline, strategy)
    return (as_player_0 + as_player_1) / 2


def check_strategy(strategy: Strategy, goal: int = GOAL_SCORE) -> None:
    """Check that STRATEGY returns an integer from 0 to 10 for every pair of scores below GOAL."""
    common.check_strategy(strategy, goal, RULES.min_rolls)


def bacon_strategy(score: int, opponent_score: int, cutoff: int = 8, num_rolls: int = 6) -> int:
    """Return 0 if rolling zero dice gives at least CUTOFF points, and NUM_ROLLS otherwise."""
    return 0 if free_bacon(opponent_score) >= cutoff else num_rolls


def swap_strategy(score: int, opponent_score: int, cutoff: int = 8, num_rolls: int = 6) -> int:
    """Return 0 for a beneficial swap, NUM_ROLLS to avoid a harmful one, else the bacon rule."""
    new_score = score + free_bacon(opponent_score)
    if is_swap(new_score, opponent_score) and opponent_score != new_score:
        return 0 if opponent_score > new_score else num_rolls
    return bacon_strategy(score, opponent_score, cutoff, num_rolls)


def final_strategy(score: int, opponent_score: int) -> int:
    """Return a strong scores-only reply to always_roll(6).

    Solved once, on the first call (see :func:`solver.hog61a.common.scores_only_reply`).
    """
    return int(common.scores_only_reply(RULES, 6)[score, opponent_score])
