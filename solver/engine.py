"""Step-wise games of Pig and Hog: a session object per game, driven one action at a time.

A session holds the whole game (:class:`PigGame`, :class:`HogGame`): whose turn it is
(``player``), what the mover sees (``view``), the legal actions, and ``apply(action)``, which
plays the action, draws any chance from its dice source and returns the events that followed, up
to the next decision. Nothing waits inside a session: the terminal, a browser or a simulator
decides when to call ``apply``. :func:`play` is the one loop that runs a session to its end for
callers who have every player's answer at hand.

The rules applied are those of :mod:`solver.games.pig` and :mod:`solver.games.hog`, the same
functions the exact solvers take their outcomes from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pigsolve.solver.dice import Dice
from pigsolve.solver.games import hog
from pigsolve.solver.games.hog import HogRules, HogState
from pigsolve.solver.games.hog_dice import die_sides
from pigsolve.solver.games.hog_turns import Turn, end_turn, turn_score
from pigsolve.solver.games.pig import PigRules, Position, View, after_hold, after_roll
from pigsolve.solver.games.pig_outcomes import Effect, Outcome


@dataclass(frozen=True)
class TurnStarted:
    """Seat ``player`` begins a turn; ``scores`` are every seat's banked scores."""

    player: int
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Rolled:
    """Seat ``player`` rolled ``outcome``; ``value`` is the number drawn from the dice source
    (for Pig's die the face, 1 to D, as printed on the die: see
    :meth:`solver.games.pig_outcomes.RollOutcomes.draw`)."""

    player: int
    value: int
    outcome: Outcome


@dataclass(frozen=True)
class Pigged:
    """Seat ``player`` rolled a pig: the turn ends with nothing banked; ``score`` is unchanged."""

    player: int
    score: int


@dataclass(frozen=True)
class Reset:
    """Seat ``player`` rolled an outcome that loses the whole score (``lost`` points banked)."""

    player: int
    lost: int


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


PigEvent = TurnStarted | Rolled | Pigged | Reset | Held | Won


class PigGame:
    """A game of Pig between ``rules.players`` seats; seat 0 moves first, then 1, 2, ...

    With ``first_roll_automatic`` (documents 000/001) every turn opens with a roll nobody is
    asked about; otherwise (document 002) the mover is asked at turn total 0 too and may hold
    there, banking nothing. Actions are booleans: True rolls, False holds.
    """

    def __init__(self, rules: PigRules, dice: Dice, first_roll_automatic: bool = True) -> None:
        self.rules = rules
        self.dice = dice
        self.first_roll_automatic = first_roll_automatic
        seats = (0,) * rules.players
        self.position = Position(seats, held_turns=seats)

    @property
    def player(self) -> int:
        """Return the seat to move."""
        return self.position.player

    @property
    def view(self) -> View:
        """Return what the mover sees."""
        return self.position.view(self.rules)

    @property
    def over(self) -> bool:
        """Return True once a seat has won."""
        return self.position.winner is not None

    @property
    def winner(self) -> int | None:
        """Return the winning seat, None while the game goes on."""
        return self.position.winner

    @property
    def scores(self) -> tuple[int, ...]:
        """Return every seat's banked score."""
        return self.position.scores

    def legal_actions(self) -> tuple[bool, ...]:
        """Return the actions the mover may take: roll, and hold unless nothing is banked yet."""
        if self.over:
            return ()
        if self.position.turn_total == 0 and self.first_roll_automatic:
            return (True,)
        return (True, False)

    def start(self) -> list[PigEvent]:
        """Return the events that open the game, up to seat 0's first decision."""
        return self._begin_turns()

    def apply(self, roll: bool) -> list[PigEvent]:
        """Play the mover's action; return the events up to the next decision (or the end)."""
        if roll not in self.legal_actions():
            raise ValueError(f"{'roll' if roll else 'hold'} is not a legal action now")
        me = self.player
        if roll:
            events = self._roll()
            if self.player == me:
                return events
        else:
            banked = self.position.turn_total
            self.position = after_hold(self.rules, self.position)
            events = [Held(me, banked, self.position.scores[me])]
            if self.over:
                return [*events, Won(me)]
        return events + self._begin_turns()

    def _roll(self) -> list[PigEvent]:
        """Roll once for the mover; a pig or a reset passes the turn."""
        me = self.player
        banked = self.position.scores[me]
        value, outcome = self.rules.roll_outcomes.draw(self.dice)
        self.position = after_roll(self.position, outcome)
        rolled = Rolled(me, value, outcome)
        if outcome.effect is Effect.add:
            return [rolled]
        if outcome.effect is Effect.reset:
            return [rolled, Reset(me, banked)]
        return [rolled, Pigged(me, banked)]

    def _begin_turns(self) -> list[PigEvent]:
        """Start the mover's turn; with automatic first rolls, start the next after each pig.

        The first roll is automatic until the turn total is above 0: after a blank (a roll of
        0 points) there is still nothing to hold.
        """
        events: list[PigEvent] = []
        while True:
            me = self.player
            events.append(TurnStarted(me, self.position.scores))
            if not self.first_roll_automatic:
                return events
            events += self._roll()
            while self.player == me and self.position.turn_total == 0:  # a blank: roll again
                events += self._roll()
            if self.player == me:
                return events


@dataclass(frozen=True)
class TurnRecord:
    """One Hog turn as played: who, the state before, the dice drawn and the resulting turn."""

    who: int
    state: HogState
    num_rolls: int
    draws: tuple[int, ...]
    outcomes: tuple[int, ...]
    turn: Turn

    @property
    def events(self) -> tuple[str, ...]:
        """Return the names of the rules that fired, in order."""
        return self.turn.events


class HogGame:
    """A game of Hog between two seats; seat ``first`` moves first from ``start`` (0-0).

    An action is a number of dice; ``apply`` rolls them (a re-rolling die draws twice when its
    first value is odd), scores the turn and returns its :class:`TurnRecord`.
    """

    def __init__(
        self, rules: HogRules, dice: Dice, first: int = 0, start: HogState | None = None
    ) -> None:
        self.rules = rules
        self.dice = dice
        self.view = start or hog.initial_state()
        """The state seen by the mover."""
        self.player = first

    @property
    def over(self) -> bool:
        """Return True once a score has reached the goal."""
        return hog.is_over(self.rules, self.view)

    @property
    def scores(self) -> tuple[int, int]:
        """Return both seats' scores, seat 0 first."""
        mine, theirs = self.view.score, self.view.opponent_score
        return (mine, theirs) if self.player == 0 else (theirs, mine)

    @property
    def winner(self) -> int | None:
        """Return the winning seat, None while the game goes on."""
        if not self.over:
            return None
        return self.player if self.view.score >= self.rules.goal else 1 - self.player

    def legal_actions(self) -> tuple[int, ...]:
        """Return the numbers of dice the mover may choose."""
        return () if self.over else tuple(self.rules.actions)

    def start(self) -> list[TurnRecord]:
        """Return the events that open the game: none, Hog's first decision comes at once."""
        return []

    def apply(self, num_rolls: int) -> list[TurnRecord]:
        """Play the mover's number of dice; return the turn as one record."""
        if self.over:
            raise ValueError("the game is over")
        rules, state = self.rules, self.view
        num_rolls = hog.check_num_rolls(rules, num_rolls)
        draws, outcomes = self._roll(num_rolls)
        if num_rolls == -1:
            points, events = 1, ()
        else:
            points, events = turn_score(
                rules, num_rolls, state.score, state.opponent_score, outcomes
            )
        if num_rolls > 0 and hog.hog_wild(rules, state.score, state.opponent_score):
            events = (hog.HOG_WILD, *events)
        turn = end_turn(rules, state, num_rolls, points)
        turn = turn._replace(events=events + turn.events)
        record = TurnRecord(self.player, state, num_rolls, draws, outcomes, turn)
        self.view = turn.next_state
        self.player = self.player if turn.extra else 1 - self.player
        return [record]

    def _roll(self, num_rolls: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Return every value drawn and each die's value after re-rolling."""
        state = self.view
        sides = die_sides(self.rules, state)
        rerolling = hog.hog_wild(self.rules, state.score, state.opponent_score)
        draws, outcomes = [], []
        for _ in range(max(num_rolls, 0)):
            value = self.dice.roll(sides)
            draws.append(value)
            if rerolling and value % 2:
                value = self.dice.roll(sides)
                draws.append(value)
            outcomes.append(value)
        return tuple(draws), tuple(outcomes)


class Game(Protocol):
    """What :func:`play` needs of a session."""

    player: int

    @property
    def over(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...

    def start(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> Sequence[Any]: ...


def play(
    game: Game,
    choosers: Sequence[Callable[[Any], Any]],
    report: Callable[[Any], None] | None = None,
) -> int:
    """Run ``game`` to its end, asking ``choosers[seat](view)`` for each action; return the winner.

    Every event goes to ``report`` as it happens.
    """
    events = list(game.start())
    while True:
        if report is not None:
            for event in events:
                report(event)
        if game.over:
            return game.winner
        events = list(game.apply(choosers[game.player](game.view)))


class Play(Protocol):
    """A game in progress as the page and the terminal play it: a step-wise engine
    (:class:`solver.engine.Game`), its actions by the names requests use, the log's words."""

    game: Any
    """The engine: ``player``, ``over``, ``winner``, ``scores``, ``view``, ``start()``,
    ``apply(action)`` and ``legal_actions()``."""
    action_field: str
    """The field of a request that names the person's action (``action``, ``num_rolls``)."""

    def legal(self) -> list[Any]:
        """Return the actions the mover may take now, by name."""
        ...

    def action(self, value: Any) -> Any:
        """Return the engine's action a request's ``value`` names (InvalidArgument if none)."""
        ...

    def name(self, action: Any) -> Any:
        """Return the engine's ``action`` by name."""
        ...

    def words(self, name: Any) -> str:
        """Return an action in words (``roll``, ``Pork Chop``, ``3 dice``)."""
        ...

    def lines(self, events: Sequence[Any], names: Sequence[str]) -> list[str]:
        """Return the log's entries for ``events``, the seats named ``names``."""
        ...

    def fields(self) -> dict[str, Any]:
        """Return what the page draws besides the scores (the dice, the turn total...)."""
        ...

    def advice(self, table: Any) -> tuple[Any, dict[Any, float]]:
        """Return the optimal action and the mover's value of each legal one, by name."""
        ...
