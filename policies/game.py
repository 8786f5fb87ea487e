"""One game of Pig between two players: a single turn loop for both, reporting events.

The loop knows the rules and nothing about the screen. It asks each player through
:meth:`Policy.roll` and reports what happens as a stream of events (:class:`TurnStarted`,
:class:`Rolled`, :class:`Pigged`, :class:`Held`, :class:`Won`) to a callback; the display styles
(:mod:`policies.render`) turn events into text. Players are seats 0 and 1 ("player 1" and
"player 2"); seat 0 moves first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from policies.base import Policy, View
from solver.dice import Dice
from solver.games.pig import PigRules


@dataclass(frozen=True)
class TurnStarted:
    """Seat ``player`` begins a turn; ``scores`` are both seats' banked scores."""

    player: int
    scores: tuple[int, int]


@dataclass(frozen=True)
class Rolled:
    """Seat ``player`` rolled ``value``."""

    player: int
    value: int


@dataclass(frozen=True)
class Pigged:
    """Seat ``player`` rolled a 1: the turn ends with nothing banked; ``score`` is unchanged."""

    player: int
    score: int


@dataclass(frozen=True)
class Held:
    """Seat ``player`` banked ``turn_total``, bringing its score to ``score``."""

    player: int
    turn_total: int
    score: int


@dataclass(frozen=True)
class Won:
    """Seat ``player`` reached the goal."""

    player: int


Event = TurnStarted | Rolled | Pigged | Held | Won


def play_game(
    players: Sequence[Policy],
    rules: PigRules,
    dice: Dice,
    report: Callable[[Event], None],
    first_roll_automatic: bool = True,
) -> int:
    """Play one game and return the winning seat (0 or 1).

    Seat 0 moves first. With ``first_roll_automatic`` (documents 000/001) every turn starts with
    a roll without asking; otherwise (document 002) a player is asked at turn total 0 too, and
    may hold there, banking nothing.
    """
    scores = [0, 0]
    held_turns = [0, 0]
    player = 0
    while True:
        report(TurnStarted(player, (scores[0], scores[1])))
        turn_total = 0
        while True:
            view = View(
                scores[player], scores[1 - player], turn_total, rules.goal, held_turns[player]
            )
            if (turn_total == 0 and first_roll_automatic) or players[player].roll(view):
                value = dice.roll()
                report(Rolled(player, value))
                if value == 1:
                    report(Pigged(player, scores[player]))
                    break
                turn_total += value
            else:
                scores[player] += turn_total
                held_turns[player] += 1
                report(Held(player, turn_total, scores[player]))
                if scores[player] >= rules.goal:
                    report(Won(player))
                    return player
                break
        player = 1 - player
