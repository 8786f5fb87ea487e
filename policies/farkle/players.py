"""Farkle players by name: optimal, max-score and the bank-at thresholds.

A Farkle computer player gives its decisions in every state as one
:class:`solver.farkle.policy.FarklePolicy` (``table(rules)``), which the exact evaluation
(:mod:`solver.farkle.evaluate`) and the simulation (:mod:`solver.farkle.simulate`) read, and
answers one state with ``action(state, roll=None)``: ``"bank"`` or ``"roll"`` before a roll,
the faces it keeps after one (states ``((score, opponent_score), turn_total, dice)`` in points,
as :class:`solver.farkle.solution.FarkleSolution` takes them).

============================  ==================================================================
``optimal``                   the solver's optimal play (:func:`solver.farkle.solve.solve`)
``max-score``                 the most expected points per turn, scores ignored (Neller and
                              Busche's comparison; :func:`solver.farkle.policy.max_score`)
``bank:T``                    bank once the turn total is at least T points; after a roll keep
                              the most points, the more dice left at a tie
``bank:T1,...,T6``            the same with a total per number of dice about to be rolled
``best-response:NAME``        the exact best reply to NAME (:mod:`solver.farkle.best_response`)
``file.py:function``          your function (:mod:`policies.farkle.user`)
============================  ==================================================================

Every player wins at once when its turn total reaches the goal (the rules, as the solver's).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules

BANK = re.compile(r"bank:(\d{1,9}(?:,\d{1,9})*)")
"""A threshold player's name: ``bank:T`` or one total per number of dice."""
BEST_RESPONSE = "best-response:"
"""The exact best reply to the player named after it (:mod:`solver.farkle.best_response`)."""


class FarklePlayer:
    """A Farkle computer player: its name, a description and its decisions for one rule set."""

    def __init__(self, name: str, rules: FarkleRules, policy: Any, description: str = "") -> None:
        self.name = name
        self.description = description
        self.rules = rules
        self.policy = policy

    def table(self, rules: FarkleRules) -> Any:
        """Return the decisions in every state (a :class:`solver.farkle.policy.FarklePolicy`)."""
        if rules != self.rules:
            raise InvalidArgument(f"{self.name} was made for {self.rules}, not {rules}")
        return self.policy

    def action(self, state: Any, roll: Any = None) -> Any:
        """Return ``"bank"`` or ``"roll"`` in ``state`` before a roll; after ``roll`` the faces
        kept (None for a farkle)."""
        return self.policy.action(state, roll)

    def choose(self, view: Any) -> Any:
        """Return the action in the game's ``view`` (:class:`solver.farkle.play.FarkleView`)."""
        return self.action(view.state, view.roll)

    def __repr__(self) -> str:
        return f"<FarklePlayer {self.name} (goal {self.rules.goal})>"


def player_names(rules: FarkleRules | None = None) -> list[tuple[str, str]]:
    """Return (name, description) for every Farkle player the interfaces accept."""
    from pigsolve.policies.human import Human

    dice = MAX_DICE if rules is None else rules.dice
    totals = ",".join(f"T{n}" for n in range(1, dice + 1))
    return [
        ("optimal", "maximises its win probability against a player who does the same"),
        ("max-score", "maximises each turn's expected points, ignoring the scores"),
        (
            "bank:T",
            "banks once the turn total is at least T points, keeps the most points, e.g. bank:300",
        ),
        (f"bank:{totals}", "the same with T_n points when n dice are left to roll"),
        ("best-response:NAME", "the exact best reply to computer player NAME, e.g. bank:300"),
        (Human.name, Human.description),
    ]


MAX_DICE = 6


def bank_totals(name: str, rules: FarkleRules) -> tuple[int, ...] | None:
    """Return the bank totals of a ``bank:`` player (InvalidArgument if they are wrong), None
    if ``name`` is not one.

    >>> bank_totals("bank:300", FarkleRules()), bank_totals("optimal", FarkleRules())
    ((300,), None)
    """
    match = BANK.fullmatch(name)
    if match is None:
        return None
    totals = tuple(int(total) for total in match.group(1).split(","))
    if len(totals) not in (1, rules.dice):
        raise InvalidArgument(
            f"{name} needs 1 bank total or {rules.dice} (one per number of dice), got {len(totals)}"
        )
    for total in totals:
        if total % POINT_UNIT:
            raise InvalidArgument(f"{name}: bank totals are multiples of {POINT_UNIT}, got {total}")
    return totals


def check_name(name: str, rules: FarkleRules) -> None:
    """Raise InvalidArgument, listing the accepted names, unless ``name`` is a Farkle player."""
    if name.startswith(BEST_RESPONSE):
        target = name.removeprefix(BEST_RESPONSE)
        if target == "human":
            raise InvalidArgument("best-response needs a computer player, not human")
        from pigsolve.policies.roster import is_user_player

        if not is_user_player(target):
            check_name(target, rules)
        return
    if name in ("optimal", "max-score", "human") or bank_totals(name, rules) is not None:
        return
    from pigsolve.solver.registry import unknown

    raise unknown("Farkle player", name, [n for n, _ in player_names(rules)])


def make_player(
    name: str,
    rules: FarkleRules,
    table_path: Path | None = None,
    announce: Callable[[str], None] | None = None,
    seed: int | None = None,
) -> FarklePlayer:
    """Return the computer Farkle player called ``name`` (checked) for ``rules``.

    ``table_path``/``announce`` concern ``optimal``: its table is read from ``table_path`` (the
    default path if None), or computed and saved there
    (:func:`solver.tables.table_for`); where its equilibrium mixes it draws its coins from
    ``seed``.
    """
    from pigsolve.policies.roster import is_user_player
    from pigsolve.solver.farkle import policy

    if is_user_player(name):
        from pigsolve.policies.farkle.user import UserFarklePlayer
        from pigsolve.solver.farkle.players import check_two_seats

        check_two_seats(rules, "your functions (score, opponent_score, ...)")
        return UserFarklePlayer(name, rules)
    check_name(name, rules)
    if name == "human":
        raise InvalidArgument("human is not a computer player")
    if name.startswith(BEST_RESPONSE):
        from pigsolve.solver.farkle.best_response import best_response

        target = make_player(name.removeprefix(BEST_RESPONSE), rules, table_path, announce)
        reply = best_response(rules, target.table(rules))
        words = f"the exact best reply to {target.name}"
        return FarklePlayer(name, rules, reply.policy, words)
    if name == "optimal":
        from pigsolve.solver.tables import table_for

        return optimal_player(table_for(rules, table_path, announce), seed)
    names = dict(player_names(rules))
    if name == "max-score":
        return FarklePlayer(name, rules, policy.max_score(rules), names[name])
    totals = bank_totals(name, rules)
    description = (
        f"banks once the turn total is at least {totals[0]} points, keeps the most points"
        if len(totals) == 1
        else "banks at " + ", ".join(f"{t} with {n} dice" for n, t in enumerate(totals, 1))
    )
    return FarklePlayer(name, rules, policy.thresholds(rules, totals), description)


def optimal_player(solution: Any, seed: int | None = None) -> FarklePlayer:
    """Return the optimal player of a :class:`solver.farkle.solution.FarkleSolution`, its coins
    (three players or more) drawn from ``seed``."""
    from pigsolve.solver.farkle.policy import guided

    rules = solution.rules
    description = player_names(rules)[0][1]
    if rules.farkle_penalty or rules.players > 2:
        return SolutionOptimalPlayer(solution, description, seed)
    policy = guided(rules, solution.values, ceiling=solution.ceiling)
    return FarklePlayer("optimal", rules, policy, description)


class SolutionOptimalPlayer(FarklePlayer):
    """The optimal player that acts by its solution: with the three-farkle penalty its actions
    read the farkles in a row, and its table (``table(rules)``) is the guided player of the
    solution's 4-D values (:func:`solver.farkle.policy.guided`), which the exact evaluation
    reads (:mod:`solver.farkle.penalty_evaluate`); with more than two players it has no table
    (their games are played, not evaluated), and where the equilibrium mixes it tosses the
    solution's coin once a turn (:meth:`FarkleSolution.coin`)."""

    def __init__(self, solution: Any, description: str, seed: int | None = None) -> None:
        from pigsolve.solver.farkle.play import SolutionPlayer
        from pigsolve.solver.farkle.policy import guided

        rules = solution.rules
        policy = guided(rules, solution.values, solution.floor) if rules.players == 2 else None
        super().__init__("optimal", rules, policy, description)
        self.solution = solution
        self.playing = SolutionPlayer(solution, seed)

    def choose(self, view: Any) -> Any:
        """Return the solution's best action in the game's ``view``, its coin tossed once a
        turn where the equilibrium mixes (:class:`solver.farkle.play.SolutionPlayer`)."""
        return self.playing.choose(view)

    def table(self, rules: FarkleRules) -> Any:
        """Return the decisions in every state; more than two players: InvalidArgument."""
        from pigsolve.solver.farkle.players import check_two_seats

        check_two_seats(rules, "exact evaluations")
        return super().table(rules)

    def action(self, state: Any, roll: Any = None) -> Any:
        """Return the solution's best action in ``state`` (farkles in a row included)."""
        return self.solution.best_action(state, roll=roll)
