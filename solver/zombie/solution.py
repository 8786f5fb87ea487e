"""The solution of Zombie Dice: what :func:`solver.zombie.solve.solve` returns and a table keeps.

It keeps each seat's chance at the start of every turn below the goal, the last turns' chances
and the tiebreaker's; a turn's decisions are rebuilt from them on demand, one run of the
solver's own kernel (:class:`solver.zombie.turn.TurnRunner`), and the last :data:`KEPT_TURNS`
are kept (their decisions alone: :data:`KEPT_DECISIONS`).

States
------
A state is ``(score, opponent_score)``, the mover's first, at the start of its turn, with the
keyword ``seat`` (1, the first to move, or 2); an opponent's score at the goal or past it
makes it the mover's last turn. Within a turn the keyword ``turn`` is a :class:`TurnState`:
the turn's brains and the dice out of the cup, by colour initials (``hand="GY"``).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

from pigsolve.solver.caches import own_cache
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.zombie import ZombieRules
from pigsolve.solver.states import numbers
from pigsolve.solver.zombie.laws import Lie, turn_laws
from pigsolve.solver.zombie.solve import MARGIN, Ends, Game, Turn, solve_values
from pigsolve.solver.zombie.turn import TurnRows

KEPT_TURNS = 16
"""Turns a solution keeps once rebuilt, with every action's value (the boxed game's some 4 MB)."""
KEPT_DECISIONS = 512
"""Turns' decisions a solution keeps (the boxed game has 340 turns, each's some 0.4 MB)."""
ROLL, STOP = "roll", "stop"
KINDS = ("turn", "tiebreak")
"""The kinds of state a question asks of: a turn of the game (a last turn where the opponent
is at the goal or past it), or a tiebreaker round's."""


@dataclass(frozen=True)
class TurnState:
    """Where a turn stands after a roll: its ``brains`` and the dice out of the cup, each as
    colour initials: ``hand`` (feet, to roll again), ``aside`` (brains set aside, fewer than
    ``brains`` once they went back into the cup) and ``shotguns``. ``TurnState()`` is a turn
    before its first roll."""

    brains: int = 0
    hand: str = ""
    aside: str = ""
    shotguns: str = ""

    def lie(self, rules: ZombieRules) -> Lie:
        """Return the dice's lie (per colour: hand, brains aside, shotguns); one line if the
        dice are not ``rules``' or cannot lie so."""
        letters = rules.letters
        parts = {"hand": self.hand, "aside": self.aside, "shotguns": self.shotguns}
        for name, text in parts.items():
            if not isinstance(text, str) or any(c not in letters for c in text.upper()):
                raise InvalidArgument(
                    f"{name} is colour initials ({', '.join(letters)}), got {text!r}",
                    parameter=name,
                )
        lie = tuple(
            tuple(parts[name].upper().count(letter) for name in parts) for letter in letters
        )
        if len(self.hand) > rules.roll:
            raise InvalidArgument(f"a hand holds at most {rules.roll} dice", parameter="hand")
        for die, (h, a, s) in zip(rules.dice, lie, strict=True):
            if h + a + s > die.count:
                raise InvalidArgument(
                    f"the cup holds {die.count} {die.colour} dice, not {h + a + s}"
                )
        if len(self.shotguns) >= rules.shotguns:
            raise InvalidArgument(
                f"{rules.shotguns} shotguns end the turn: at most {rules.shotguns - 1} here",
                parameter="shotguns",
            )
        if not isinstance(self.brains, int) or not len(self.aside) <= self.brains <= 10_000:
            raise InvalidArgument(
                f"brains must count the brains set aside ({len(self.aside)}) at least, got "
                f"{self.brains!r}",
                parameter="brains",
            )
        return lie

    @property
    def started(self) -> bool:
        """Whether the turn has rolled."""
        return bool(self.brains or self.hand or self.aside or self.shotguns)


@dataclass(frozen=True, eq=False, repr=False)
class ZombieSolution:
    """The optimal play of two-player Zombie Dice.

    ``first[a, b]`` is the first seat's chance to move at the start of its turn, its score
    ``a`` and the opponent's ``b``; ``second[b, a]`` the second seat's; ``ends`` the last turns'
    and the tiebreaker's chances (:class:`solver.zombie.solve.Ends`); totals are counted to
    ``margin`` past the goal.
    """

    rules: ZombieRules
    first: np.ndarray
    second: np.ndarray
    ends: Ends
    margin: int
    method: str = "layered"
    residual: float = float("nan")
    num_iter: int = 0
    seconds: float = 0.0

    def __post_init__(self) -> None:
        goal = self.rules.goal
        for name in ("first", "second"):
            if getattr(self, name).shape != (goal, goal):
                raise InvalidArgument(f"{name} must be of shape ({goal}, {goal})")
        object.__setattr__(self, "_rows", own_cache(self._rebuild, KEPT_TURNS))
        object.__setattr__(self, "_decisions", own_cache(self._decide, KEPT_DECISIONS))
        object.__setattr__(self, "_game", Game(self.rules, self.margin, (None, None)))
        object.__setattr__(self, "_lock", threading.Lock())

    def __repr__(self) -> str:
        tiebreak = "" if self.ends.tiebreak is None else f", tiebreak={self.ends.tiebreak:.6f}"
        return (
            f"ZombieSolution(goal={self.rules.goal}, finish={self.rules.finish!r}, "
            f"P(0, 0)={self.p_first_player:.6f}{tiebreak}, method={self.method!r}, "
            f"residual={self.residual:.1e}, num_iter={self.num_iter}, "
            f"seconds={self.seconds:.2f})"
        )

    @property
    def p_first_player(self) -> float:
        """Return the first player's chance at the start of the game."""
        return float(self.first[0, 0])

    @property
    def seat_chances(self) -> np.ndarray:
        """Return each seat's chance at the start of the game, the first's first."""
        return np.array([self.p_first_player, 1.0 - self.p_first_player])

    def decisions(self, turn: Turn) -> np.ndarray:
        """Return the optimal decisions in ``turn`` (:class:`solver.zombie.solve.Turn`):
        ``rolls[lie, level]``, as the solve made them."""
        return self._decisions(turn)

    def turn_rows(self, turn: Turn) -> TurnRows:
        """Return ``turn`` played best (:class:`solver.zombie.turn.TurnRows`)."""
        return self._rows(turn)

    def place(self, kind: str, seat: int, score: int, opponent: int) -> tuple[Turn, int]:
        """Return the :class:`solver.zombie.solve.Turn` of seat ``seat`` (0 or 1) at ``score``
        against ``opponent`` and its level before a brain is won
        (:meth:`solver.zombie.solve.Game.place`)."""
        return self._game.place(kind, seat, score, opponent)

    def win_probability(
        self, *state: Any, seat: int = 1, turn: TurnState | None = None, kind: str = "turn"
    ) -> float:
        """Return the mover's chance in ``state`` (module docstring) under optimal play."""
        return max(self.action_values(*state, seat=seat, turn=turn, kind=kind).values())

    def chances(
        self, *state: Any, seat: int = 1, turn: TurnState | None = None, kind: str = "turn"
    ) -> tuple[float, float]:
        """Return the mover's chance and the opponent's."""
        p = self.win_probability(*state, seat=seat, turn=turn, kind=kind)
        return (p, 1.0 - p)

    def best_action(
        self, *state: Any, seat: int = 1, turn: TurnState | None = None, kind: str = "turn"
    ) -> str:
        """Return ``"roll"`` or ``"stop"``, the better (stopping at a tie)."""
        values = self.action_values(*state, seat=seat, turn=turn, kind=kind)
        return ROLL if values.get(ROLL, -1.0) > values.get(STOP, -1.0) else STOP

    def action_values(
        self, *state: Any, seat: int = 1, turn: TurnState | None = None, kind: str = "turn"
    ) -> dict[str, float]:
        """Return the mover's chance after each legal action: ``{"stop": p, "roll": p}``
        (before a turn's first roll only ``roll``; where a turn must stop only ``stop``);
        ``kind`` ``"tiebreak"`` asks of a tiebreaker round, the scores its brains."""
        index, score, opponent = self._state(state, seat, kind)
        where, base = self._game.place(kind, index, score, opponent)
        rows = self._rows(where)
        turn = turn or TurnState()
        if not turn.started:
            return {ROLL: float(rows.starts[base])}
        lie = turn_laws(self.rules).index(turn.lie(self.rules))
        level = min(base + turn.brains, rows.top)
        if level == rows.top:
            return {STOP: float(rows.stop[level])}
        return {STOP: float(rows.stop[level]), ROLL: float(rows.worths[lie, level])}

    def _state(self, state: tuple[Any, ...], seat: int, kind: str) -> tuple[int, int, int]:
        form = "2 numbers: score, opponent's score (e.g. 0 0)"
        given = numbers(state, form)
        if len(given) != 2:
            raise InvalidArgument(f"a Zombie Dice state is {form}, got {len(given)}")
        score, opponent = given
        if seat not in (1, 2):
            raise InvalidArgument(f"seat must be 1 or 2, got {seat!r}", parameter="seat")
        if kind not in KINDS:
            raise InvalidArgument(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
        goal, highest = self.rules.goal, self._game.highest
        if kind == "tiebreak":
            if not (score == 0 and 0 <= opponent <= highest and (seat == 2 or opponent == 0)):
                raise InvalidArgument(
                    "a tiebreaker's state is 0 0 for the first seat, 0 and the first seat's "
                    f"brains (to {highest}) for the second"
                )
            return seat - 1, score, opponent
        last = goal <= opponent <= highest and (seat == 2 or self.rules.finish == "last-turn")
        if not (0 <= score < goal and (0 <= opponent < goal or last)):
            raise InvalidArgument(
                f"scores must be 0 to {goal - 1} (the opponent's from the goal to {highest} in "
                f"seat {seat}'s last turn), got {score} and {opponent}"
            )
        return seat - 1, score, opponent

    def _decide(self, turn: Turn) -> np.ndarray:
        return self._rebuild(turn).rolls

    def _rebuild(self, turn: Turn) -> TurnRows:
        with self._lock:
            return self._game.rows(turn, self.first, self.second, self.ends)


def solve(rules: ZombieRules, progress: Any = None, margin: int = MARGIN) -> ZombieSolution:
    """Return the optimal play of ``rules`` (:func:`solver.zombie.solve.solve_values`)."""
    solved = solve_values(rules, progress, margin)
    return ZombieSolution(
        rules, solved.first, solved.second, solved.ends, margin,
        residual=solved.residual, num_iter=solved.steps, seconds=solved.seconds,
    )  # fmt: skip
