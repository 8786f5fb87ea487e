"""What a Zombie Dice player sees when it decides, and where that is in the solver's turns.

A :class:`ZombieView` is the game as the mover sees it after a roll: the kind of turn, its seat,
the scores and the turn (:class:`solver.zombie.solution.TurnState`). :func:`situation` places it
in the solver's terms, a :class:`solver.zombie.solve.Turn`, a lie and a level, so that a player
whose decisions are arrays (``rolls[lie, level]``, as the exact evaluation reads them) answers a
game's question from the same arrays.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pigsolve.solver.games.zombie import ZombieRules
from pigsolve.solver.zombie.laws import turn_laws
from pigsolve.solver.zombie.solution import TurnState
from pigsolve.solver.zombie.solve import MARGIN, Game, Turn


@dataclass(frozen=True)
class ZombieView:
    """The mover's view: ``kind`` ``"turn"`` (a last turn where the opponent is at the goal or
    past it) or ``"tiebreak"``; ``seat`` 0 moves first; ``score`` and ``opponent`` the scores
    (in a tiebreaker, that round's brains); ``turn`` the turn so far."""

    kind: str
    seat: int
    score: int
    opponent: int
    turn: TurnState

    def question(self) -> tuple[tuple[int, int], dict]:
        """Return the view as a solution's question: ``scores, asked = view.question()``,
        then ``solution.action_values(scores, **asked)``."""
        return (self.score, self.opponent), {
            "seat": self.seat + 1,
            "turn": self.turn,
            "kind": self.kind,
        }


@cache
def _game(rules: ZombieRules, margin: int) -> Game:
    return Game(rules, margin, (None, None))


def situation(rules: ZombieRules, view: ZombieView, margin: int = MARGIN) -> tuple[Turn, int, int]:
    """Return the turn of ``view``, its lie's index and its level."""
    game = _game(rules, margin)
    turn, base = game.place(view.kind, view.seat, view.score, view.opponent)
    lie = turn_laws(rules).index(view.turn.lie(rules))
    return turn, lie, min(base + view.turn.brains, turn.levels - 1)
