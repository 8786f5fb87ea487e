"""A game of Pig as the page plays it: the engine, its actions by name, the log's words and
the last roll drawn (the terminal's classic transcript, :mod:`solver.pig.words`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pigsolve.solver.dice import RandomDice
from pigsolve.solver.engine import PigEvent, PigGame, Rolled
from pigsolve.solver.fields import one_of
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import Effect
from pigsolve.solver.pig.words import classic_lines, roll_view

ACTIONS = ("roll", "hold")


class PigPlay:
    """One game of Pig with seeded dice; the page's actions are ``roll`` and ``hold``."""

    action_field = "action"
    """The field of a request that names the person's action."""

    def __init__(self, rules: PigRules, rng: np.random.Generator) -> None:
        self.game = PigGame(rules, RandomDice(rules.die_sides, rng))
        self.die = rules.outcomes is None
        self.roll: dict[str, Any] | None = None
        self.dice: list[int] = []

    def legal(self) -> list[str]:
        """Return the actions the mover may take now, by name."""
        return [self.name(action) for action in self.game.legal_actions()]

    def action(self, value: Any) -> bool:
        """Return the engine's action the request's ``value`` names (True rolls)."""
        return one_of(value, self.action_field, ACTIONS) == "roll"

    def name(self, action: bool) -> str:
        """Return the engine's ``action`` by name."""
        return "roll" if action else "hold"

    def words(self, name: str) -> str:
        """Return an action in the page's words."""
        return name

    def lines(self, events: Sequence[PigEvent], names: Sequence[str]) -> list[str]:
        """Return the log's lines for ``events`` (the terminal's classic transcript, each roll of
        Two-Dice Pig, Big Pig and Pass the Pigs said with its points) and keep the last roll."""
        text = []
        for event in events:
            if isinstance(event, Rolled):
                self.roll = roll_view(event.outcome, event.player, self.die)
                self.dice = [event.value] if self.die else list(event.outcome.dice)
            text.append(classic_lines(event, self.die))
        return "".join(text).splitlines()

    def fields(self) -> dict[str, Any]:
        """Return what the page draws besides the scores: the game, the die, the turn total and
        the last roll."""
        rules = self.game.rules
        return {
            "variant": rules.game,
            "die": rules.die_sides,
            "turn_total": self.game.view.turn_total,
            "roll": self.roll,
            "dice": self.dice,
        }

    def advice(self, table: Any) -> tuple[str, dict[str, float]]:
        """Return the optimal action and the mover's win probability after each legal action."""
        view = self.game.view
        if view.score + view.turn_total >= view.goal:  # hold and win; a roll risks the turn
            outcomes = self.game.rules.roll_outcomes
            after_pig = _after_turn(table, view.others, view.score)
            after_reset = _after_turn(table, view.others, 0)
            roll = float(outcomes.probability(Effect.add)) + (
                float(outcomes.probability(Effect.pig)) * after_pig
                + float(outcomes.probability(Effect.reset)) * after_reset
            )
            return "hold", {"roll": roll, "hold": 1.0}
        state = (*view.scores, view.turn_total)
        return table.best_action(*state), table.action_values(*state)


def _after_turn(table: Any, others: tuple[int, ...], score: int) -> float:
    """Return the mover's win probability once its turn has ended with ``score`` banked and
    the others' scores ``others`` (in the order they move next)."""
    return float(table.win_probabilities((*others, score), 0)[-1])
