"""Zombie Dice players by name: optimal, the rules of thumb, your function.

A player decides from the view of the game (:class:`solver.zombie.view.ZombieView`) with
``choose(view)``: ``"roll"`` or ``"stop"``; the exact evaluation reads its decisions in a whole
turn, ``decide(turn)`` (:mod:`solver.zombie.evaluate`). A computer player's answers are read from
those decisions, so it plays as it is evaluated.

=====================  ============================================================================
``optimal``            the solver's optimal play (:mod:`solver.zombie.solve`)
``shotguns:K``         stops at K shotguns (``shotguns:2``: the players' "stop at two shotguns")
``brains:N``           stops at N brains this turn
``risk:P``             stops when the next roll's chance of the last shotgun exceeds P percent
``file.py:function``   your function (score, opponent_score, brains, shotguns, hand, cup)
=====================  ============================================================================

The rules of thumb also stop once their total reaches the goal, and in a last turn roll until
they lead (:mod:`solver.zombie.thumbs`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.games.zombie import ZombieRules

THUMB = re.compile(r"(shotguns|brains|risk):(\d{1,4})")
"""A rule of thumb's name: its kind and constant."""
ROLL_WORDS = {"roll": True, "stop": False}


class ZombiePlayer:
    """A computer player: its ``name``, a ``description`` and its decisions, ``decide(turn)``
    (:data:`solver.zombie.solve.Decide`)."""

    def __init__(self, name: str, rules: ZombieRules, decide: Any, description: str) -> None:
        self.name = name
        self.rules = rules
        self.decide = decide
        self.description = description

    def table(self, rules: ZombieRules) -> Any:
        """Return its decisions (``decide``), as every family's players give them."""
        if rules != self.rules:
            raise InvalidArgument(f"{self.name} was made for other rules than {rules}")
        return self.decide

    def choose(self, view: Any) -> str:
        """Return ``"roll"`` or ``"stop"`` in ``view``, as its decisions say."""
        from pigsolve.solver.zombie.view import situation

        if not view.turn.started:
            return "roll"
        turn, lie, level = situation(self.rules, view)
        return "roll" if bool(self.decide(turn)[lie, level]) else "stop"

    def __repr__(self) -> str:
        return f"<ZombiePlayer {self.name} (goal {self.rules.goal})>"


class UserZombiePlayer:
    """Your function ``strategy(score, opponent_score, brains, shotguns, hand, cup)``, asked
    after every roll: the scores (in a tiebreaker its round's brains), the turn's brains and
    shotguns, and the dice in hand and in the cup as colour initials (``"GGY"``); it returns
    ``"roll"`` or ``"stop"`` (or True to roll). The rules overrule it where they decide."""

    description = (
        "your function (score, opponent_score, brains, shotguns, hand, cup) -> 'roll' or 'stop'"
    )

    def __init__(self, spec: str, rules: ZombieRules) -> None:
        from pigsolve.policies.user import StrategyFunction

        self.name = spec
        self.rules = rules
        self.function = StrategyFunction(spec, (6,))

    def choose(self, view: Any) -> str:
        """Return what your function says in ``view``."""
        if not view.turn.started:
            return "roll"
        turn, rules = view.turn, self.rules
        lie = turn.lie(rules)
        cup = "".join(
            letter * (die.count - sum(counts))
            for letter, die, counts in zip(rules.letters, rules.dice, lie, strict=True)
        )
        args = (
            view.score,
            view.opponent,
            turn.brains,
            len(turn.shotguns),
            "".join(sorted(turn.hand)),
            cup,
        )
        answer = self.function.ask(args)
        roll = _roll(answer)
        if roll is None:
            from pigsolve.solver.sandbox.function import call_words

            raise PigsolveError(
                f"{call_words(self.name, args)} returned {answer!r}: say 'roll' or 'stop'"
            )
        return "roll" if roll else "stop"

    def table(self, rules: ZombieRules) -> Any:
        """Your function is played, not evaluated exactly: InvalidArgument."""
        return self.decide(None)

    def decide(self, turn: Any) -> Any:
        """Your function is played, not evaluated exactly: InvalidArgument."""
        raise InvalidArgument(
            f"{self.name} is played, not evaluated exactly (its answers in every state of a turn "
            "would take millions of calls): use `pigsolve simulate`"
        )


def _roll(answer: Any) -> bool | None:
    import numpy as np

    if isinstance(answer, str):
        return ROLL_WORDS.get(answer.strip().lower())
    if isinstance(answer, bool | np.bool_ | int | np.integer) and answer in (0, 1):
        return bool(answer)
    return None


def player_names(rules: ZombieRules | None = None) -> list[tuple[str, str]]:
    """Return (name, description) for every Zombie Dice player the interfaces accept."""
    from pigsolve.policies.human import Human
    from pigsolve.solver.zombie.thumbs import KINDS

    return [
        ("optimal", "maximises its win probability against a player who does the same"),
        *((f"{kind}:{'KNP'[i]}", words) for i, (kind, words) in enumerate(KINDS.items())),
        (Human.name, Human.description),
    ]


def check_name(name: str, rules: ZombieRules) -> None:
    """Raise InvalidArgument, listing the accepted names, unless ``name`` is a Zombie Dice
    player (a rule of thumb's constant checked too)."""
    if name in ("optimal", "human"):
        return
    match = THUMB.fullmatch(name)
    if match is not None:
        from pigsolve.solver.zombie.thumbs import RuleOfThumb

        RuleOfThumb(rules, match.group(1), int(match.group(2)))
        return
    from pigsolve.solver.registry import unknown

    raise unknown("Zombie Dice player", name, [n for n, _ in player_names(rules)])


def make_player(
    name: str,
    rules: ZombieRules,
    table_path: Path | None = None,
    announce: Callable[[str], None] | None = None,
    seed: int | None = None,
) -> Any:
    """Return the Zombie Dice player called ``name`` for ``rules`` (``optimal``: its table read
    at ``table_path``, or the data folder's, computed and saved first if missing)."""
    from pigsolve.policies.roster import is_user_player

    if is_user_player(name):
        return UserZombiePlayer(name, rules)
    check_name(name, rules)
    if name == "human":
        raise InvalidArgument("human is not a computer player")
    if name == "optimal":
        from pigsolve.solver.tables import table_for

        return optimal_player(table_for(rules, table_path, announce))
    from pigsolve.solver.zombie.thumbs import KINDS, RuleOfThumb

    kind, value = THUMB.fullmatch(name).groups()  # type: ignore[union-attr]
    words = (
        KINDS[kind]
        .split(", e.g.")[0]
        .replace("K", value)
        .replace("N", value)
        .replace("P ", f"{value} ")
    )
    return ZombiePlayer(name, rules, RuleOfThumb(rules, kind, int(value)), words)


def optimal_player(solution: Any) -> ZombiePlayer:
    """Return the optimal player of a :class:`solver.zombie.solution.ZombieSolution`."""
    description = player_names(solution.rules)[0][1]
    return ZombiePlayer("optimal", solution.rules, solution.decisions, description)
