r"""Pig: the rules as data, the state a player sees, the exact chance outcomes and the step.

Rules
-----
Two players race to a goal of ``G`` points. On a turn a player rolls a die as often as they
like. The die's faces are point values: a face worth 0 ("pig", the 1 of an ordinary die) ends
the turn with nothing banked; any other face adds its points to the turn total. Holding banks the
turn total and passes the turn. The first player whose banked score reaches ``G`` wins. Holding
before the first roll (turn total 0) only passes the turn and is never better than rolling, so
the solvers do not offer it (document 002's game allows it: see :class:`solver.engine.PigGame`).

=============  ====  ==========================================  =======
parameter      type  meaning                                     default
=============  ====  ==========================================  =======
``goal``       int   points needed to win, ``G >= 1``             100
``die_sides``  int   sides of the die, ``D >= 2``                 6
``players``    int   players ``N >= 2``, seat 0 moves first         2
``piglet``     bool  every face but the pig adds 1 point          False
=============  ====  ==========================================  =======

The faces of a ``D``-sided die are ``(0, 2, 3, ..., D)``, or ``(0, 1, ..., 1)`` with ``piglet``
(``D = 2`` is Neller's coin Piglet): :attr:`PigRules.faces` is the one place that says so.
Every solver, evaluator, simulator and the game engine take the faces from there (the numba
kernels receive them as arrays), so another die is a change of this one property.

States
------
``(i, j, k)``: the mover's score ``i``, the opponent's score ``j``, the turn total ``k``, with
``0 <= i, j < G`` and ``0 <= k < G - i``; ``G * G * (G + 1) / 2`` states (505,000 for G = 100).

Optimality equations
--------------------
With ``P(i, j, k) = 1`` whenever ``i + k >= G``, faces ``F`` (``|F| = D``) of which ``F_0`` are
worth 0, the probability that the mover wins under optimal play by both players satisfies
(Neller & Presser 2004)

.. math::

    P(i, j, k) = \max(P_{roll}, P_{hold}),\qquad
    P_{roll} = \frac{1}{|F|}\Big[|F_0|\,(1 - P(j, i, 0)) + \sum_{f \in F \setminus F_0}
        P(i, j, k + f)\Big],\qquad
    P_{hold} = 1 - P(j, i + k, 0) \quad (k \ge 1).

Every value of a row ``P(i, j, .)`` follows from the row's own higher turn totals, from
``P(j, i, 0)`` and from ``P(j, i + k, 0)`` with a higher score sum. The whole table is therefore
determined by the matrix ``P(i, j, 0)`` (:func:`solver.pig.solution.rebuild_row`).

References
----------
T. W. Neller and C. G. M. Presser, "Optimal Play of the Dice Game Pig", The UMAP Journal 25(1),
2004. Rules: http://cs.gettysburg.edu/projects/pig/
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from numbers import Integral
from typing import TYPE_CHECKING

from pigsolve.solver.errors import InvalidArgument, brief
from pigsolve.solver.games.pig_outcomes import Effect, Outcome, RollOutcomes, die, table_from_json

if TYPE_CHECKING:
    import numpy as np

DEFAULT_GOAL = 100
DEFAULT_DIE_SIDES = 6
MAX_PLAYERS = 100
"""The most players at one game (a table of ``N`` players has ``G**N`` score vectors)."""
PIG = 0
"""The point value of a face that ends the turn with nothing banked."""


@dataclass(frozen=True)
class PigRules:
    """The parameters of a game of Pig (see the module docstring for their table)."""

    goal: int = DEFAULT_GOAL
    die_sides: int = DEFAULT_DIE_SIDES
    players: int = 2
    piglet: bool = False
    outcomes: RollOutcomes | None = None
    """Another game of the family (Two-Dice Pig, Big Pig, Pass the Pigs, a TOML file); None is
    Pig's die of ``die_sides`` sides (Piglet with ``piglet``)."""

    def __post_init__(self) -> None:
        if not isinstance(self.goal, Integral) or self.goal < 1:
            raise InvalidArgument(f"goal must be an integer >= 1, got {self.goal!r}")
        if not isinstance(self.die_sides, Integral) or self.die_sides < 2:
            raise InvalidArgument(f"die sides must be an integer >= 2, got {self.die_sides!r}")
        if not isinstance(self.players, Integral) or self.players < 2:
            raise InvalidArgument(f"players must be an integer >= 2, got {self.players!r}")
        if self.players > MAX_PLAYERS:
            raise InvalidArgument(f"players must be at most {MAX_PLAYERS}, got {self.players}")
        if self.outcomes is not None and (self.die_sides != DEFAULT_DIE_SIDES or self.piglet):
            raise InvalidArgument(
                f"die_sides or piglet=True changes Pig's die; the game {self.outcomes.name!r} has "
                "its own roll",
                parameter=("die_sides", "piglet"),
            )

    @property
    def roll_outcomes(self) -> RollOutcomes:
        """Return the outcomes of one roll: ``outcomes``, or Pig's die.

        >>> [o.name for o in PigRules(die_sides=3).roll_outcomes.outcomes]
        ['1', '2', '3']
        """
        return self.outcomes or die(self.die_sides, self.piglet)

    @property
    def solved_roll(self) -> RollOutcomes:
        """Return the roll as the solvers, evaluators and simulators take it: a game's points
        capped at the goal and its blanks conditioned out (:meth:`RollOutcomes.solved_as`); Pig's
        die as it is (no blanks, at most ``--die`` points)."""
        return self.roll_outcomes if self.outcomes is None else self.outcomes.solved_as(self.goal)

    @property
    def game(self) -> str:
        """Return the game's name: 'pig' for Pig's die (and Piglet), else the table's name."""
        return "pig" if self.outcomes is None else self.outcomes.name

    @property
    def resets(self) -> bool:
        """Return whether a roll can lose the whole score (scores can then fall)."""
        return self.outcomes is not None and self.outcomes.resets

    @property
    def faces(self) -> tuple[int, ...]:
        """Return the point value of each face of the die, :data:`PIG` (0) for a pig.

        >>> PigRules(die_sides=6).faces, PigRules(die_sides=3, piglet=True).faces
        ((0, 2, 3, 4, 5, 6), (0, 1, 1))
        """
        if self.outcomes is not None:
            raise ValueError(f"the game {self.game!r} has no die faces: use roll_outcomes")
        if self.piglet:
            return (PIG,) + (1,) * (self.die_sides - 1)
        return (PIG, *range(2, self.die_sides + 1))

    @property
    def die_name(self) -> str:
        """Return the die in words, e.g. 'a 6-sided die' or 'a 2-sided piglet die'."""
        return f"a {self.die_sides}-sided {'piglet die' if self.piglet else 'die'}"

    @property
    def as_json(self) -> dict:
        """Return the rules as stored in a table's ``rules`` attribute (:meth:`from_json`)."""
        if self.outcomes is not None:
            return {"goal": self.goal, "players": self.players, "game": self.outcomes.as_json}
        return {
            "goal": self.goal,
            "die_sides": self.die_sides,
            "players": self.players,
            "piglet": self.piglet,
            "faces": self.faces,
        }

    @classmethod
    def from_json(cls, stored: dict) -> PigRules:
        """Return the rules :attr:`as_json` stored (older tables: no players, no piglet).

        >>> from pigsolve.solver.games.pig_outcomes import two_dice
        >>> rules = PigRules(30, players=3, outcomes=two_dice())
        >>> PigRules.from_json(rules.as_json) == rules
        True
        """
        try:
            if "game" in stored:
                game = table_from_json(stored["game"])
                return cls(int(stored["goal"]), players=int(stored["players"]), outcomes=game)
            return cls(
                int(stored["goal"]),
                int(stored["die_sides"]),
                int(stored.get("players", 2)),
                bool(stored.get("piglet", False)),
            )
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as err:
            raise InvalidArgument(f"not Pig rules ({brief(err)})", parameter="rules") from None

    @property
    def num_states(self) -> int:
        """Return the number of non-terminal states ``(i, j, k)``."""
        return self.goal * self.goal * (self.goal + 1) // 2

    def check_state(self, i: int, j: int, k: int) -> None:
        """Raise InvalidArgument unless ``(i, j, k)`` is a state of this game (won states allowed).

        >>> PigRules(goal=10).check_state(3, 4, 20)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pigsolve.solver.errors.InvalidArgument: state (3, 4, 20) is outside the goal-10 table: ...
        """
        goal = self.goal
        if not (0 <= i < goal and 0 <= j < goal and 0 <= k < goal):
            raise InvalidArgument(
                f"state ({i}, {j}, {k}) is outside the goal-{goal} table: "
                f"need 0 <= i, j, k < {goal}"
            )


def roll_counts(rules: PigRules) -> tuple[np.ndarray, np.ndarray, float, float, float]:
    """Return one roll as the kernels take it: counts of a fair ``L``-sided draw,
    ``(gains, counts, pigs, resets, L)``.

    ``L`` is the common denominator of the roll's probabilities; ``gains`` are the distinct
    points a roll can add (int64, ascending, none 0), ``counts`` how many of the ``L`` sides add
    each (float64), ``pigs`` how many lose the turn total and ``resets`` how many the whole score
    (0 unless ``rules.resets``). The kernels sum counts and divide by ``L`` once, as Pig always
    summed its faces and divided by D: Pig's values stay the printed ones to the last digit. The
    roll is :attr:`PigRules.solved_roll`'s: blanks conditioned out, points capped at the goal.

    >>> gains, counts, pigs, resets, size = roll_counts(PigRules(die_sides=4))
    >>> gains.tolist(), counts.tolist(), pigs, resets, size
    ([2, 3, 4], [1.0, 1.0, 1.0], 1.0, 0.0, 4.0)
    """
    import numpy as np

    table = rules.solved_roll
    size = table.denominator
    scoring = table.gains()
    return (
        np.array([points for points, _ in scoring], np.int64),
        np.array([float(p * size) for _, p in scoring], np.float64),
        float(table.probability(Effect.pig) * size),
        float(table.probability(Effect.reset) * size),
        float(size),
    )


def die_outcomes(rules: PigRules) -> list[tuple[Fraction, int]]:
    """Return the exact ``(probability, points)`` of one roll, ``points = 0`` for a pig.

    >>> [(str(p), points) for p, points in die_outcomes(PigRules(die_sides=3))]
    [('1/3', 0), ('1/3', 2), ('1/3', 3)]
    """
    counts: dict[int, int] = {}
    for points in rules.faces:
        counts[points] = counts.get(points, 0) + 1
    return [(Fraction(n, len(rules.faces)), points) for points, n in sorted(counts.items())]


@dataclass(frozen=True)
class View:
    """What the mover sees: its score, the opponent's, the turn total, the goal, its holds.

    ``others`` holds every other player's score in the order they move next; with more than
    two players ``opponent_score`` is the leader's, the highest of them.
    """

    score: int
    opponent_score: int
    turn_total: int
    goal: int
    held_turns: int = 0
    others: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.others:
            object.__setattr__(self, "others", (self.opponent_score,))

    @property
    def scores(self) -> tuple[int, ...]:
        """Return every score from the mover's seat: the mover's, then in the order of play."""
        return (self.score, *self.others)


@dataclass(frozen=True)
class Position:
    """A whole game of Pig between turns or mid-turn: every seat's score and who moves.

    ``held_turns[seat]`` counts that seat's turns ended by a hold (some players use it);
    ``winner`` is the seat that reached the goal, None while the game goes on.
    """

    scores: tuple[int, ...] = (0, 0)
    player: int = 0
    turn_total: int = 0
    held_turns: tuple[int, ...] = (0, 0)
    winner: int | None = None

    def view(self, rules: PigRules) -> View:
        """Return what the mover sees; the opponent's score is the leading other player's."""
        me, n = self.player, len(self.scores)
        others = tuple(self.scores[(me + t) % n] for t in range(1, n))
        return View(
            self.scores[me], max(others), self.turn_total, rules.goal, self.held_turns[me], others
        )


def after_roll(position: Position, outcome: Outcome) -> Position:
    """Return the position after the mover rolls ``outcome``: an ``add`` adds its points to the
    turn total; a ``pig`` passes the turn; a ``reset`` also zeroes the mover's score.

    >>> six, one = die(6).outcomes[5], die(6).outcomes[0]
    >>> after_roll(Position(), six).turn_total, after_roll(Position(), one).player
    (6, 1)
    """
    if outcome.effect is Effect.add:
        return replace(position, turn_total=position.turn_total + outcome.points)
    scores = position.scores
    if outcome.effect is Effect.reset:
        scores = tuple(0 if seat == position.player else s for seat, s in enumerate(scores))
    return replace(position, scores=scores, player=_next(position), turn_total=0)


def after_hold(rules: PigRules, position: Position) -> Position:
    """Return the position after the mover banks the turn total; it wins at the goal.

    >>> after_hold(PigRules(goal=10), Position((7, 0), 0, 3)).winner
    0
    """
    me = position.player
    scores = list(position.scores)
    scores[me] += position.turn_total
    held = list(position.held_turns)
    held[me] += 1
    won = scores[me] >= rules.goal
    return Position(
        tuple(scores),
        me if won else _next(position),
        0,
        tuple(held),
        me if won else None,
    )


def _next(position: Position) -> int:
    return (position.player + 1) % len(position.scores)


def describe_rules(rules: PigRules, die: bool = True) -> str:
    """Return the rules in words (without Pig's die if not ``die``; another game is named).

    >>> describe_rules(PigRules(10, 2, players=3, piglet=True))
    '3 players, goal 10 and a 2-sided piglet die'
    >>> from pigsolve.solver.games.pig_outcomes import big_pig
    >>> describe_rules(PigRules(50, players=3, outcomes=big_pig()), die=False)
    'big-pig, 3 players, goal 50'
    """
    players = "" if rules.players == PigRules().players else f"{rules.players} players, "
    if rules.outcomes is not None:
        return f"{rules.game}, {players}goal {rules.goal}"
    return f"{players}goal {rules.goal}" + (f" and {rules.die_name}" if die else "")
