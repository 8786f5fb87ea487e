"""A game of Farkle, step by step, as the terminal and the page play it.

The engine (:class:`FarkleGame`) holds the whole game and is driven one choice at a time, as
:mod:`solver.engine`'s Pig and Hog games are. Before a roll the mover banks (once the turn total
may be banked) or rolls; after a roll the mover sets aside a legal keep, named by its faces
(``(1, 5)``, by name ``"1 5"``: :func:`solver.games.farkle_scoring.keeps` lists them). A roll
with no keep is a farkle: the turn total is lost and the turn passes at once. Where rolling is
the only choice (a turn's first roll, a turn total below ``min_bank``, or below ``entry`` before
the player's first bank) the dice are rolled with
no question, and a roll's only keep is set aside with none. With hot dice, a keep of every die
rolls them all again; without, it banks.

What a player sees (:attr:`FarkleGame.view`) is a :class:`FarkleView`: the solution's state
``((score, opponent_score), turn_total, dice)`` in points, the roll showing (None before a
roll) and the turn's last roll, so ``solution.best_action(view.state, roll=view.roll)`` is the
optimal choice. A player's ``choose(view)`` answers ``"bank"``, ``"roll"`` or the kept faces;
the engine also takes a keep by name or as a list (:func:`solver.farkle.words.parse_choice`).

The rules applied are :mod:`solver.games.farkle`'s, the penalty for three farkles in a row and
the last round included: a bank reaching the goal gives every other seat one more turn, then
the highest score wins; level scores are a draw (:attr:`FarkleGame.drawn`, no winner).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from pigsolve.solver.dice import Dice, RandomDice
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.shown import TableShown
from pigsolve.solver.farkle.words import (
    Drawn,
    Farkled,
    FarkleEvent,
    Held,
    HotDice,
    Kept,
    LastRound,
    Rolled,
    TurnStarted,
    Won,
    choice_words,
    event_lines,
    keep_name,
    parse_choice,
)
from pigsolve.solver.games.farkle import FACES, FarkleRules
from pigsolve.solver.games.farkle_scoring import counts_of, faces_of, keeps, score

Choice = str | tuple[int, ...]
"""``"bank"``, ``"roll"`` or the kept faces, lowest first."""


_TURNS = itertools.count()
"""The turns begun in this process, numbered."""


class FarkleView(NamedTuple):
    """What the mover sees: the solution's ``state`` ``((scores...), turn_total, dice)`` (the
    mover's score first, then the next seats'; with the three-farkle penalty each seat's
    farkles in a row after them, in the same order), the ``roll`` showing (None before a roll)
    and ``rolled``, the turn's last roll (the one showing, or the one just set aside, with no
    question if it had one keep; None before the turn's first)."""

    state: tuple
    roll: tuple[int, ...] | None
    rolled: tuple[int, ...] | None = None
    turn: int = -1
    """The turn's number, no two turns alike in this process (a player that decides once a
    turn, as a coin, knows a new one by it)."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Every banked score, the mover's first."""
        return self.state[0]

    @property
    def turn_total(self) -> int:
        """The points at stake this turn."""
        return self.state[1]

    @property
    def dice(self) -> int:
        """The dice the next roll throws (or the roll showing threw)."""
        return self.state[2]


class FarkleGame:
    """A game of Farkle between ``rules.players`` seats; seat 0 moves first (see the module
    docstring)."""

    def __init__(self, rules: FarkleRules, dice: Dice) -> None:
        self.rules = rules
        self.dice = dice
        self.player = 0
        self._scores = [0] * rules.players
        self.turn_total = 0
        self.to_roll = rules.dice
        """The dice the next roll throws (or the roll showing threw)."""
        self.roll: tuple[int, ...] | None = None
        """The roll showing, lowest face first; None before a roll."""
        self.rolled: tuple[int, ...] | None = None
        """The turn's last roll (showing or set aside); None before its first."""
        self.kept: list[int] = []
        """The faces set aside since the turn's last full roll."""
        self.farkles = [0] * rules.players
        """Each seat's farkles in a row."""
        self.winner: int | None = None
        self.drawn: tuple[int, ...] = ()
        """The seats that share the highest score when the last round ends level (a draw)."""
        self._last_round_from: int | None = None
        self.turn = -1
        """The turn's number (:attr:`FarkleView.turn`)."""

    @property
    def over(self) -> bool:
        """Return True once a seat has won or the last round has ended in a draw."""
        return self.winner is not None or bool(self.drawn)

    @property
    def scores(self) -> tuple[int, ...]:
        """Return every seat's banked score."""
        return tuple(self._scores)

    @property
    def view(self) -> FarkleView:
        """Return what the mover sees."""
        seats = len(self._scores)
        order = [(self.player + k) % seats for k in range(seats)]
        scores = tuple(self._scores[seat] for seat in order)
        if not self.rules.farkle_penalty:
            state = (scores, self.turn_total, self.to_roll)
            return FarkleView(state, self.roll, self.rolled, self.turn)
        counts = tuple(self.farkles[seat] for seat in order)  # farkles in a row matter
        state = (scores, self.turn_total, self.to_roll, counts)
        return FarkleView(state, self.roll, self.rolled, self.turn)

    def may_bank(self) -> bool:
        """Return True if the turn total may be banked now (before a roll)."""
        least = self.rules.least_bank(self._scores[self.player])
        return self.turn_total > 0 and self.turn_total >= least

    def legal_actions(self) -> tuple[Choice, ...]:
        """Return the mover's choices: bank (where allowed) and roll before a roll, the legal
        keeps after one."""
        if self.over:
            return ()
        if self.roll is not None:
            found = keeps(counts_of(self.roll), self.rules.scoring)
            return tuple(faces_of(kept) for kept, _ in found)
        return ("bank", "roll") if self.may_bank() else ("roll",)

    def start(self) -> list[FarkleEvent]:
        """Return the events that open the game, up to seat 0's first decision."""
        return self._begin_turn()

    def apply(self, action: Any) -> list[FarkleEvent]:
        """Play the mover's choice; return the events up to the next decision (or the end)."""
        choice = parse_choice(action)
        if choice not in self.legal_actions():
            raise InvalidArgument(
                f"{choice_words(_name(choice))} is not a legal choice now", parameter="action"
            )
        if choice == "bank":
            return self._bank()
        if choice == "roll":
            return self._roll()
        return self._keep(choice)

    # Steps ----------------------------------------------------------------------------------

    def _begin_turn(self) -> list[FarkleEvent]:
        """Start the mover's turn with its first roll (nothing may be banked before it)."""
        self.turn_total, self.to_roll, self.roll, self.kept = 0, self.rules.dice, None, []
        self.rolled, self.turn = None, next(_TURNS)
        return [TurnStarted(self.player, self.scores), *self._roll()]

    def _roll(self) -> list[FarkleEvent]:
        """Roll the dice not set aside; a farkle passes the turn."""
        me = self.player
        self.roll = self.rolled = tuple(sorted(self.dice.roll(FACES) for _ in range(self.to_roll)))
        events: list[FarkleEvent] = [Rolled(me, self.roll)]
        found = keeps(counts_of(self.roll), self.rules.scoring)
        if len(found) == 1:  # no choice: the one keep is set aside
            return events + self._keep(faces_of(found[0][0]))
        if found:
            return events
        lost, penalty = self.turn_total, 0
        self.farkles[me] += 1
        if self.rules.farkle_penalty and self.farkles[me] >= 3:
            penalty, self.farkles[me] = self.rules.farkle_penalty, 0
            self._scores[me] -= penalty
        events.append(Farkled(me, lost, penalty, self._scores[me]))
        return events + self._next_turn()

    def _keep(self, faces: tuple[int, ...]) -> list[FarkleEvent]:
        """Set ``faces`` aside; with every die scored roll them all again (hot dice) or bank;
        roll at once where banking is not allowed."""
        me, rules = self.player, self.rules
        points = score(counts_of(faces), rules.scoring) or 0
        self.turn_total += points
        left = self.to_roll - len(faces)
        self.roll = None
        self.kept += faces
        events: list[FarkleEvent] = [Kept(me, faces, points, self.turn_total, left)]
        if left == 0:
            if not rules.hot_dice:
                return events + self._bank()
            self.to_roll, self.kept = rules.dice, []
            events.append(HotDice(me, rules.dice))
        else:
            self.to_roll = left
        if not self.may_bank():
            events += self._roll()
        return events

    def _bank(self) -> list[FarkleEvent]:
        """Bank the turn total; reaching the goal wins (with ``last_turn``, after one more turn
        of every other seat)."""
        me = self.player
        self._scores[me] += self.turn_total
        self.farkles[me] = 0
        events: list[FarkleEvent] = [Held(me, self.turn_total, self._scores[me])]
        if self._scores[me] >= self.rules.goal and self._last_round_from is None:
            if not self.rules.last_turn:
                self.winner, self.roll = me, None
                return [*events, Won(me)]
            self._last_round_from = me
            events.append(LastRound(me, self._scores[me]))
        return events + self._next_turn()

    def _next_turn(self) -> list[FarkleEvent]:
        """Pass the turn to the next seat (or end the last round)."""
        self.player = (self.player + 1) % len(self._scores)
        if self.player == self._last_round_from:
            best = max(self._scores)  # the highest score wins; level is a draw
            tied = tuple(seat for seat, score in enumerate(self._scores) if score == best)
            self.roll = None
            if len(tied) > 1:
                self.drawn = tied
                return [Drawn(tied[0], tied)]
            self.winner = tied[0]
            return [Won(self.winner)]
        return self._begin_turn()


def _name(choice: Choice) -> str:
    return choice if isinstance(choice, str) else keep_name(choice)


class FarklePlay:
    """One game of Farkle with seeded dice, as the page and the terminal play it: the choices
    by name (``bank``, ``roll``, ``1 5``), the log's words, the dice to draw and the advice."""

    action_field = "action"
    """The field of a request that names the person's choice."""

    def __init__(self, rules: FarkleRules, rng: np.random.Generator) -> None:
        self.game = FarkleGame(rules, RandomDice(FACES, rng))
        self.dice: list[int] = []
        """The dice last rolled (they stay in view after a farkle)."""
        self.dice_roller = ""
        self.shown = TableShown(rules.players, rules.dice)

    def legal(self) -> list[str]:
        """Return the mover's choices now, by name."""
        return [self.name(action) for action in self.game.legal_actions()]

    def action(self, value: Any) -> Choice:
        """Return the engine's choice ``value`` names (a name or its first letter, ``keep 1
        5``, faces; nothing, as the page's Enter: the first choice before a roll); raise
        InvalidArgument if it names none or one not legal now."""
        legal = self.legal()
        choices = ", ".join(choice_words(name) for name in legal)
        if value == "" and self.game.roll is None and legal:
            return parse_choice(legal[0])
        try:
            choice = parse_choice(value)
        except InvalidArgument:
            raise InvalidArgument(
                f"{value!r} is not a choice; choose {choices}", parameter=self.action_field
            ) from None
        if choice not in self.game.legal_actions():
            raise InvalidArgument(
                f"{choice_words(_name(choice))} is not a legal choice now; choose {choices}",
                parameter=self.action_field,
            )
        return choice

    def name(self, action: Choice) -> str:
        """Return the engine's ``action`` by name: ``bank``, ``roll``, ``1 5``."""
        return _name(parse_choice(action))

    def words(self, name: str) -> str:
        """Return a choice in the page's words: ``bank``, ``roll``, ``keep 1 5``."""
        return choice_words(name)

    def lines(self, events: Sequence[FarkleEvent], names: Sequence[str]) -> list[str]:
        """Return the log's lines for ``events`` and keep the dice last rolled."""
        text = []
        for event in events:
            if isinstance(event, Rolled):
                self.dice, self.dice_roller = list(event.faces), names[event.player]
            text += event_lines(event, names)
        self.shown.follow(events, names)
        return text

    def fields(self) -> dict[str, Any]:
        """Return what the page draws besides the scores: the dice last rolled (six-sided),
        who rolled them, the turn total, the dice set aside and the dice the next roll
        throws; and ``pick``, the dice to pick from when the choices are which to keep (each
        keep named by its faces, lowest first), else empty. ``set_aside`` and ``rolling`` say
        which dice lie aside and which roll next, ``steps`` the table after each event since
        the person's last choice (:class:`solver.farkle.shown.TableShown`)."""
        from pigsolve.solver.games.farkle import rule_set_name

        game = self.game
        keeping = not game.over and any(isinstance(a, tuple) for a in game.legal_actions())
        return (
            {
                "pick": list(self.dice) if keeping else [],
                "rules": rule_set_name(game.rules),
                "dice": self.dice,
                "dice_sides": FACES,
                "dice_roller": self.dice_roller,
                "turn_total": 0 if game.over else game.turn_total,  # the winner banked it
                "kept": list(game.kept),
                "dice_to_roll": 0 if game.over else game.to_roll,
                "farkles": list(game.farkles),
            }
            | self.shown.fields()
            | {"steps": self.shown.steps}
        )

    def advice(self, table: Any) -> tuple[str, dict[str, float]]:
        """Return the optimal choice and the mover's win probability after each legal one, by
        name, from the solution ``table`` (:class:`solver.farkle.solution.FarkleSolution`)."""
        from pigsolve.solver.farkle.last_round import (
            last_turn_actions,
            last_turn_choice,
            last_turn_lead,
        )

        state, roll = self.game.view[:2]
        lead = last_turn_lead(self.game.rules, state)
        if lead is None:
            values = table.action_values(state, roll=roll)
            best = table.best_action(state, roll=roll)
        else:  # the last turn: a one-player problem, the table not asked
            values = last_turn_actions(self.game.rules, state[0], *state[1:3], roll)
            best = last_turn_choice(self.game.rules, state[0], *state[1:3], roll)
        return self.name(best), {self.name(action): p for action, p in values.items()}


class SolutionPlayer:
    """The optimal player reading a solution already in memory: ``choose(view)`` is
    ``solution.best_action(view.state, roll=view.roll)``; where the equilibrium mixes (three players
    or more) it tosses the solution's coin at the turn's first decision
    (:meth:`FarkleSolution.coin`) and plays that side for the turn (a view of no turn, -1: the
    tie-breaks' side)."""

    name = "optimal"
    description = "maximizes the probability of winning (the solution in memory)"

    def __init__(self, solution: Any, seed: int | None = None) -> None:
        self.solution = solution
        self.random = random.Random(seed)
        self._turn, self._side = -1, 0

    def choose(self, view: FarkleView) -> Choice:
        """Return the optimal choice in ``view``."""
        if view.turn != self._turn:
            self._turn, q = view.turn, self.solution.coin(view.scores)
            tossed = q is not None and view.turn >= 0
            self._side = (1 if self.random.random() < q else -1) if tossed else 0
        from pigsolve.solver.farkle.last_round import last_turn_choice, last_turn_lead

        rules = self.solution.rules
        if last_turn_lead(rules, view.state) is not None:
            return last_turn_choice(rules, view.state[0], view.turn_total, view.dice, view.roll)
        return self.solution.best_action(view.state, roll=view.roll, side=self._side)
