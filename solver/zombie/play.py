"""A game of Zombie Dice, step by step, as the terminal, the page and the simulation play it.

The engine (:class:`ZombieGame`) holds the whole game and is driven one choice at a time, as
:mod:`solver.engine`'s games are. A turn draws ``roll`` dice, less the feet in hand, from the
cup without replacement (when the cup holds too few, the brains set aside this turn go back into
it first, their count kept) and rolls them with the hand: brains and shotguns are set aside,
feet stay in the hand. ``shotguns`` shotguns end the turn with nothing; otherwise the mover
stops (banking the turn's brains) or rolls. A turn's first roll is made with no question, and
a turn stops with none once stopping wins outright: the second seat reaching the goal in a game
that ends with the round, or a last turn (or a tiebreaker's second turn) that leads.

The end is the rules' ``finish``: with ``"round"`` the first seat reaching the goal gives the
second one last turn, and the second reaching it ends the game; with ``"last-turn"`` whoever
reaches it first gives the other one last turn. The most brains win; level scores go to
tiebreaker rounds (seat 0 from nothing, then seat 1, the round's brains deciding) or, without
``tiebreaker``, are a draw (:attr:`ZombieGame.drawn`, no winner). These are the rules
:mod:`solver.zombie.solve` solves: what a player sees (:attr:`ZombieGame.view`) is a
:class:`solver.zombie.view.ZombieView`; :meth:`ZombiePlay.advice` asks a solution of it.
"""

from __future__ import annotations

import reprlib
from collections.abc import Sequence
from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.zombie import ZombieRules
from pigsolve.solver.zombie.solution import TurnState
from pigsolve.solver.zombie.view import ZombieView
from pigsolve.solver.zombie.words import (
    ACTIONS,
    FACES,
    Drawn,
    Drew,
    LastRound,
    Rolled,
    Shotgunned,
    Stopped,
    Tiebreaker,
    TurnStarted,
    Won,
    ZombieEvent,
    event_lines,
    roll_name,
)

BRAIN, FEET, SHOTGUN = range(3)
"""A face by its index in :data:`solver.zombie.words.FACES`."""


class ZombieGame:
    """A game of two-player Zombie Dice, its dice drawn from the numpy Generator ``rng``; seat 0
    moves first (see the module docstring). Actions are ``"roll"`` and ``"stop"``."""

    def __init__(self, rules: ZombieRules, rng: np.random.Generator) -> None:
        self.rules = rules
        self.rng = rng
        self.player = 0
        self._scores = [0, 0]
        self.phase = "turn"
        """``"turn"``, ``"last"`` (the mover's last turn) or ``"tiebreak"``."""
        self.cup = list(rules.counts)
        """The dice in the cup, by colour (the rules' order)."""
        self.hand: list[int] = []
        """The feet to roll again, by colour index."""
        self.aside: list[int] = []
        """The brains set aside (not those put back into the cup), by colour index."""
        self.shot: list[int] = []
        """The shotguns set aside, by colour index."""
        self.brains = 0
        """The turn's brains, those put back into the cup included."""
        self.roll: tuple[tuple[int, int], ...] | None = None
        """The last roll, ``(colour index, face index)`` each; None before the turn's first."""
        self.tiebreak = [0, 0]
        """The brains of the tiebreaker round under way (or last played), by seat."""
        self.tiebreaks = 0
        """The tiebreaker rounds begun."""
        self.winner: int | None = None
        self.drawn: tuple[int, ...] = ()
        """Both seats when the game ended level with no tiebreaker (a draw)."""
        self._colours = [d.colour for d in rules.dice]
        self._sides = [d.sides for d in rules.dice]
        self._edges = [(d.brains, d.brains + d.feet) for d in rules.dice]

    @property
    def over(self) -> bool:
        """Return True once a seat has won or the game has ended in a draw."""
        return self.winner is not None or bool(self.drawn)

    @property
    def scores(self) -> tuple[int, ...]:
        """Return both seats' banked scores, seat 0's first."""
        return tuple(self._scores)

    @property
    def to_beat(self) -> int | None:
        """Return the score to beat in a last turn (the other's) or the brains to beat in a
        tiebreaker's second turn (the first seat's); None otherwise."""
        if self.phase == "last":
            return self._scores[1 - self.player]
        if self.phase == "tiebreak" and self.player == 1:
            return self.tiebreak[0]
        return None

    @property
    def view(self) -> ZombieView:
        """Return what the mover sees."""
        me, letters = self.player, self.rules.letters
        turn = TurnState(
            self.brains,
            "".join(letters[c] for c in self.hand),
            "".join(letters[c] for c in self.aside),
            "".join(letters[c] for c in self.shot),
        )
        if self.phase == "tiebreak":
            return ZombieView("tiebreak", me, 0, self.tiebreak[0] if me else 0, turn)
        return ZombieView("turn", me, self._scores[me], self._scores[1 - me], turn)

    def legal_actions(self) -> tuple[str, ...]:
        """Return the mover's choices: roll and stop, none once the game is over."""
        return () if self.over else ACTIONS

    def start(self) -> list[ZombieEvent]:
        """Return the events that open the game, up to seat 0's first decision."""
        return self._begin_turn()

    def apply(self, action: str) -> list[ZombieEvent]:
        """Play the mover's ``"roll"`` or ``"stop"``; return the events up to the next decision
        (or the end)."""
        if action not in self.legal_actions():
            said = "the game is over" if self.over else "choose roll or stop"
            raise InvalidArgument(
                f"{reprlib.repr(action)} is not a legal action now: {said}", parameter="action"
            )
        return self._roll() if action == "roll" else self._stop(automatic=False)

    # Steps ----------------------------------------------------------------------------------

    def _begin_turn(self) -> list[ZombieEvent]:
        """Start the mover's turn, every die in the cup, with its first roll."""
        self.cup = list(self.rules.counts)
        self.hand, self.aside, self.shot, self.brains, self.roll = [], [], [], 0, None
        if self.phase == "tiebreak":
            self.tiebreak[self.player] = 0
        started = TurnStarted(self.player, self.scores, self.phase, self.to_beat)
        return [started, *self._roll()]

    def _roll(self) -> list[ZombieEvent]:
        """Draw and roll; the shotguns end the turn, a roll that wins outright stops it."""
        me, colours = self.player, self._colours
        held = tuple(colours[c] for c in self.hand)
        new, returned = self._draw()
        events: list[ZombieEvent] = [Drew(me, tuple(colours[c] for c in new), held, returned)]
        dice = sorted(self.hand + new)
        sides = self.rng.integers(0, [self._sides[c] for c in dice])
        self.roll = tuple(
            (c, self._face(c, int(side))) for c, side in zip(dice, sides, strict=True)
        )
        self.hand = [c for c, face in self.roll if face == FEET]
        gained = [c for c, face in self.roll if face == BRAIN]
        self.aside += gained
        self.shot += [c for c, face in self.roll if face == SHOTGUN]
        self.brains += len(gained)
        rolled = tuple((colours[c], FACES[face]) for c, face in self.roll)
        events.append(Rolled(me, rolled, self.brains, len(self.shot)))
        if len(self.shot) >= self.rules.shotguns:
            events.append(Shotgunned(me, len(self.shot), self.brains, self._scores[me]))
            return events + self._end_turn()
        if self._wins_outright():
            events += self._stop(automatic=True)
        return events

    def _draw(self) -> tuple[list[int], int]:
        """Draw the dice the roll needs from the cup, without replacement; return them (colour
        indices, in order) and the brains put back into the cup first (0: none)."""
        cup, need, returned = self.cup, self.rules.roll - len(self.hand), 0
        if sum(cup) < need:  # the brains set aside go back into the cup
            returned = len(self.aside)
            for colour in self.aside:
                cup[colour] += 1
            self.aside = []
        drawn = self.rng.multivariate_hypergeometric(cup, need) if need else [0] * len(cup)
        new = [colour for colour, count in enumerate(drawn) for _ in range(int(count))]
        for colour in new:
            cup[colour] -= 1
        return new, returned

    def _face(self, colour: int, side: int) -> int:
        brains, feet = self._edges[colour]
        return BRAIN if side < brains else FEET if side < feet else SHOTGUN

    def _wins_outright(self) -> bool:
        """Return True if stopping now wins the game (or the tiebreaker) outright."""
        me = self.player
        if self.phase == "tiebreak":
            return me == 1 and self.brains > self.tiebreak[0]
        total = self._scores[me] + self.brains
        if self.phase == "last":
            return total > self._scores[1 - me]
        return me == 1 and self.rules.finish == "round" and total >= self.rules.goal

    def _stop(self, automatic: bool) -> list[ZombieEvent]:
        """Bank the turn's brains (in a tiebreaker, count them for the round)."""
        me = self.player
        if self.phase == "tiebreak":
            self.tiebreak[me] = self.brains
        else:
            self._scores[me] += self.brains
        tiebreak = self.phase == "tiebreak"
        stopped = Stopped(me, self.brains, self._scores[me], tiebreak, automatic)
        return [stopped, *self._end_turn()]

    def _end_turn(self) -> list[ZombieEvent]:
        """Pass the turn, begin the last round, or end the game (or a tiebreaker round)."""
        me, other = self.player, 1 - self.player
        if self.phase == "tiebreak":
            if me == 0:
                self.player = 1
                return self._begin_turn()
            return self._settle(self.tiebreak)
        if self.phase == "last":
            return self._settle(self._scores)
        score = self._scores[me]
        if score >= self.rules.goal:
            if self.rules.finish == "round" and me == 1:
                return self._settle(self._scores)
            self.phase, self.player = "last", other
            return [LastRound(me, score, other), *self._begin_turn()]
        self.player = other
        return self._begin_turn()

    def _settle(self, brains: Sequence[int]) -> list[ZombieEvent]:
        """End the game on ``brains`` (the scores, or a tiebreaker round's), or go on to a
        tiebreaker round where they are level."""
        first, second = brains
        tiebreak = tuple(self.tiebreak) if self.phase == "tiebreak" else None
        if first != second:
            self.winner = 0 if first > second else 1
            return [Won(self.winner, self.scores, tiebreak)]
        if not self.rules.tiebreaker:
            self.drawn = (0, 1)
            return [Drawn(self.scores)]
        self.phase, self.player = "tiebreak", 0
        self.tiebreaks += 1
        return [Tiebreaker(first, self.tiebreaks), *self._begin_turn()]


def parse_action(value: Any) -> str:
    """Return the action ``value`` names: ``"roll"`` or ``"stop"``, or a first letter of one
    (``"r"``, ``"S"``); InvalidArgument if none.

    >>> parse_action(" Roll "), parse_action("s")
    ('roll', 'stop')
    """
    text = value.strip().lower() if isinstance(value, str) else ""
    named = [action for action in ACTIONS if text and action.startswith(text)]
    if len(named) != 1:
        raise InvalidArgument(
            f"{reprlib.repr(value)} is not a move: roll or stop", parameter="action"
        )
    return named[0]


class ZombiePlay:
    """One game of Zombie Dice with seeded dice, as the page and the terminal play it
    (:class:`solver.engine.Play`): the actions ``roll`` and ``stop``, the log's words, the dice
    to draw and the advice."""

    action_field = "action"
    """The field of a request that names the person's action."""

    def __init__(self, rules: ZombieRules, rng: np.random.Generator) -> None:
        self.game = ZombieGame(rules, rng)

    def legal(self) -> list[str]:
        """Return the mover's actions now, by name."""
        return list(self.game.legal_actions())

    def action(self, value: Any) -> str:
        """Return the action ``value`` names (:func:`parse_action`); InvalidArgument if it names
        none or the game is over."""
        action = parse_action(value)
        if self.game.over:
            raise InvalidArgument("the game is over: no move is legal", parameter="action")
        return action

    def name(self, action: str) -> str:
        """Return the engine's ``action`` by name: itself."""
        return action

    def words(self, name: str) -> str:
        """Return an action in words: its name."""
        return name

    def lines(self, events: Sequence[ZombieEvent], names: Sequence[str]) -> list[str]:
        """Return the log's lines for ``events``, the seats named ``names``."""
        return [line for event in events for line in event_lines(event, names)]

    def fields(self) -> dict[str, Any]:
        """Return what the page draws besides the scores: the last roll (None before the turn's
        first; with who rolled it, its faces and the turn so far in words), the cup's dice by
        colour, the feet in hand, the brains and shotguns set aside,
        the turn's brains, the phase and the score (or tiebreaker brains) to beat."""
        game, dice = self.game, self.game.rules.dice
        roll = None
        if game.roll is not None:
            shown = [{"colour": dice[c].colour, "face": FACES[face]} for c, face in game.roll]
            named = roll_name([(die["colour"], die["face"]) for die in shown])
            shotguns = len(game.shot)
            so_far = (
                f"{game.brains} brain{'s' * (game.brains != 1)}, {shotguns} "
                f"shotgun{'s' * (shotguns != 1)} this turn"
            )
            roll = {
                "kind": "zombie",
                "name": named,
                "dice": shown,
                "player": game.player,
                "faces": [named],  # the page joins faces with "and": one phrase
                "words": so_far,
            }
        return {
            "dice": [],
            "roll": roll,
            "cup": [{"colour": d.colour, "count": n} for d, n in zip(dice, game.cup, strict=True)],
            "hand": [dice[c].colour for c in game.hand],
            "brains": [dice[c].colour for c in game.aside],
            "shotguns": [dice[c].colour for c in game.shot],
            "turn_brains": game.brains,
            "phase": game.phase,
            "to_beat": game.to_beat,
        }

    def advice(self, table: Any) -> tuple[str, dict[str, float]]:
        """Return the optimal action and the mover's win probability after each legal one, from
        the solution ``table`` (:class:`solver.zombie.solution.ZombieSolution`): stopping where
        rolling is no better."""
        scores, asked = self.game.view.question()
        values = table.action_values(scores, **asked)
        best = "roll" if values.get("roll", -1.0) > values.get("stop", -1.0) else "stop"
        return best, values
