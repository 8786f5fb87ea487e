"""A game of Hog as the page plays it: the engine, its actions (numbers of dice), the log's
words (``pigsolve hog play``'s turn lines) and the dice last rolled."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pigsolve.solver.dice import RandomDice
from pigsolve.solver.engine import HogGame, TurnRecord
from pigsolve.solver.fields import integer
from pigsolve.solver.games.hog import HogRules, rule_names
from pigsolve.solver.games.hog_dice import die_sides
from pigsolve.solver.hog.words import choice_words, describe_turn


class HogPlay:
    """One game of Hog with seeded dice; the page's actions are numbers of dice (-1: Pork
    Chop)."""

    action_field = "num_rolls"
    """The field of a request that names the person's action."""

    def __init__(self, rules: HogRules, rng: np.random.Generator) -> None:
        self.game = HogGame(rules, RandomDice(rules.die_sides, rng))
        self.dice: list[int] = []
        self.dice_sides = rules.die_sides
        self.dice_roller = ""

    def legal(self) -> list[int]:
        """Return the numbers of dice the mover may roll now."""
        return list(self.game.legal_actions())

    def action(self, value: Any) -> int:
        """Return the number of dice the request's ``value`` names."""
        rules = self.game.rules
        return integer(value, self.action_field, rules.min_rolls, rules.actions[-1])

    def name(self, action: int) -> int:
        """Return the engine's ``action`` as the page names it: the number itself."""
        return action

    def words(self, name: int) -> str:
        """Return a choice in the page's words: Pork Chop, Free Bacon, 3 dice."""
        return choice_words(name, rule_names(self.game.rules)[0])

    def lines(self, events: Sequence[TurnRecord], names: Sequence[str]) -> list[str]:
        """Return the log's entries for ``events`` (the terminal's turn lines) and keep the dice
        last rolled (they stay in view after a Free Bacon)."""
        seats = (names[0], names[1])
        for record in events:
            if record.outcomes:
                self.dice = [int(value) for value in record.outcomes]
                self.dice_sides = die_sides(self.game.rules, record.state)
                self.dice_roller = seats[record.who]
        return [describe_turn(record, seats) for record in events]

    def fields(self) -> dict[str, Any]:
        """Return what the page draws besides the scores: the rules and the dice."""
        sides = die_sides(self.game.rules, self.game.view)
        return {
            "rules": self.game.rules.name,
            "dice": self.dice,
            "dice_sides": self.dice_sides,  # the sides of the dice last rolled
            "dice_roller": self.dice_roller,  # who rolled them: "you" or the opponent
            "sides_in_play": sides,  # the mover's now
            "sides_why": "" if sides == 6 else "after a Pork Chop",  # why they are not six
        }

    def advice(self, table: Any) -> tuple[int, dict[int, float]]:
        """Return the optimal number of dice and the mover's win probability for each."""
        view = self.game.view
        return table.best_action(view), table.action_values(view)
