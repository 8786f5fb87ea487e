"""Your own Farkle player: ``strategy(score, opponent_score, turn_total, dice_left, roll)``.

The function is asked after every roll that scores: ``roll`` is the dice just thrown (a tuple
of faces, lowest first), ``dice_left`` how many they are, ``turn_total`` the points of the
turn before this roll, the scores banked, all in points. It returns ``(keep, decision)``:
``keep`` the faces it sets aside (a list or tuple, in any order: a legal keep of ``roll``) and
``decision`` ``"bank"`` or ``"roll"`` (any case; True banks, False rolls), what to do next.
The rules overrule it where they decide: below ``min_bank`` (and before the first bank below
``entry``) the dice are rolled, a turn total that reaches the goal banks and wins, and without
hot dice keeping every die banks.

Exact evaluation needs its answer after every roll of every state its turns reach, from every
pair of scores: :data:`MAX_CALLS` calls at most (each state asked twice, as Pig's functions
are), so goals of a few thousand points; past that the evaluation is refused in one line
(:class:`solver.errors.TooManyCalls`) and ``simulate`` plays the function as it goes
(:mod:`solver.farkle.simulate`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pigsolve.policies.user import StrategyFunction
from pigsolve.solver.errors import InvalidArgument, PigsolveError, TooManyCalls
from pigsolve.solver.farkle.policy import USER, FarklePolicy
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import Counts, counts_of, faces_of, keeps, rolls
from pigsolve.solver.sandbox.function import call_words, tabulating

MAX_CALLS = 4_000_000
"""The most calls of a function an exact evaluation makes (some 20 s of Python)."""
BANK_WORDS = {"bank": True, "roll": False}
"""The decisions by name (True and False are accepted too)."""


class UserFarklePlayer:
    """A Farkle player that asks your function after every roll (module docstring)."""

    description = (
        "your function (score, opponent_score, turn_total, dice_left, roll) -> (keep, 'bank' "
        "or 'roll')"
    )

    def __init__(self, spec: str, rules: FarkleRules) -> None:
        self.name = spec
        self.rules = rules
        self.function = StrategyFunction(spec, (5,))
        self._next: tuple[Any, bool] | None = None  # the state a keep leads to, and to bank
        self._table: FarklePolicy | None = None

    def decide(self, rules: FarkleRules, args: tuple[Any, ...]) -> tuple[Counts, int, bool]:
        """Return the function's keep (counts), its points and whether to bank after it, at
        ``args`` ``(score, opponent_score, turn_total, dice_left, roll)``; one line naming the
        call if the answer is not a legal keep and a decision."""
        return self.checked(rules, args, self.function.ask(args))

    def checked(
        self, rules: FarkleRules, args: tuple[Any, ...], answer: Any
    ) -> tuple[Counts, int, bool]:
        """Return ``answer`` at ``args`` as :meth:`decide` does."""
        roll = args[4]
        legal = dict(keeps(counts_of(roll), rules.scoring))
        faces: list[Any] | None = None
        try:
            keep, decision = answer
            faces = None if isinstance(keep, str) else list(keep)
            kept = counts_of(faces) if faces else None
        except (TypeError, ValueError, InvalidArgument):
            kept = decision = None
        why = ""
        if kept not in legal:
            why = f"keep {faces_of(kept) if kept else 'nothing'} is not a legal keep of {roll}"
            if faces == []:
                why = f"the keep is empty: set aside at least one scoring die of {roll}"
            elif kept is None:
                why = "give (keep, 'bank' or 'roll'), keep the faces set aside"
        elif _bank(decision) is None:
            why = f"decide 'bank' or 'roll' (or True to bank), not {decision!r}"
        if why:
            raise PigsolveError(f"{call_words(self.name, args)} returned {answer!r}: {why}")
        return kept, legal[kept], bool(_bank(decision))

    def choose(self, view: Any) -> Any:
        """Return the faces your function keeps after a roll, and before one what it said with
        that keep (after a roll set aside with no question, it is asked about that roll)."""
        rules = self.rules
        state = view.state[:3]  # farkles in a row, under the penalty, are not asked
        (score, opponent), total, dice = state
        if view.roll is not None:
            kept, points, bank = self.decide(rules, (score, opponent, total, dice, view.roll))
            left = dice - sum(kept) or (rules.dice if rules.hot_dice else 0)
            self._next = (((score, opponent), total + points, left), bank)
            return faces_of(kept)
        if score + total >= rules.goal:
            return "bank"
        if self._next is not None and self._next[0] == state:
            bank = self._next[1]
        else:  # a roll with one keep, set aside with no question: ask about it now
            rolled = view.rolled
            ((_, points),) = keeps(counts_of(rolled), rules.scoring)
            _, _, bank = self.decide(rules, (score, opponent, total - points, len(rolled), rolled))
        self._next = None
        return "bank" if bank else "roll"

    def table(self, rules: FarkleRules) -> FarklePolicy:
        """Return your function's decisions wherever its turns reach (:data:`MAX_CALLS` at
        most; TooManyCalls past it)."""
        if rules != self.rules:
            raise InvalidArgument(f"{self.name} was made for {self.rules}, not {rules}")
        if rules.farkle_penalty:
            raise InvalidArgument(
                f"{self.name}: a user's function is not evaluated exactly under the three-farkle "
                "penalty (its table counts no farkles in a row): simulate it (pigsolve simulate)"
            )
        if self._table is None:
            self._table = tabulate(self, rules)
        return self._table


def _bank(decision: Any) -> bool | None:
    """Return True for a decision to bank, False to roll, None for neither."""
    if isinstance(decision, str):
        return BANK_WORDS.get(decision.strip().lower())
    if isinstance(decision, bool | np.bool_ | int | np.integer) and decision in (0, 1):
        return bool(decision)
    return None


def tabulate(player: UserFarklePlayer, rules: FarkleRules) -> FarklePolicy:
    """Return ``player``'s decisions after every roll that scores in every state its turns
    reach from every pair of scores, as :data:`solver.farkle.policy.USER` arrays."""
    goal, min_bank, dice = rules.goal // POINT_UNIT, rules.min_bank // POINT_UNIT, rules.dice
    scoring = {
        n: [(faces_of(c), ways) for c, ways in rolls(n) if keeps(c, rules.scoring)]
        for n in range(1, dice + 1)
    }
    least = 2 * goal * goal * len(scoring[dice])
    if least > MAX_CALLS:
        raise TooManyCalls(_too_many(player.name, rules, f"at least {least:,}"))
    rows = np.full((goal, goal, max(goal, min_bank), dice + 1), -1, np.int64)
    moves: list[tuple[int, int, int, int]] = []
    calls = 0

    def check(args: tuple[Any, ...], answer: Any) -> tuple[Counts, int, bool]:
        return player.checked(rules, args, answer)

    with tabulating(player.function, goal) as progress:
        for i in range(goal):
            progress(i)
            top = max(goal - i, min_bank)
            least = rules.least_bank(i * POINT_UNIT) // POINT_UNIT
            waiting = [(j, 0, dice) for j in range(goal)]
            while waiting:  # the states a wave of answers leads to, asked in one round trip
                wave = list(dict.fromkeys(s for s in waiting if rows[i, s[0], s[1], s[2]] < 0))
                calls += 2 * sum(len(scoring[n]) for _, _, n in wave)
                if calls > MAX_CALLS:
                    raise TooManyCalls(_too_many(player.name, rules, "more than that"))
                states = [
                    (i * POINT_UNIT, j * POINT_UNIT, t * POINT_UNIT, n, faces)
                    for j, t, n in wave
                    for faces, _ in scoring[n]
                ]
                decided = iter(player.function.ask_all(states, check))
                waiting = []
                for j, t, n in wave:
                    alike: dict[tuple[int, int, int], int] = {}
                    for _, ways in scoring[n]:
                        kept, points, bank = next(decided)
                        u, left = t + points // POINT_UNIT, n - sum(kept)
                        m = left or (dice if rules.hot_dice else 0)
                        ends = m == 0 or (bank and u >= least)
                        if u < top and not ends:
                            waiting.append((j, u, m))
                        key = (u - t, m, int(ends))
                        alike[key] = alike.get(key, 0) + ways
                    rows[i, j, t, n] = len(moves)
                    moves += [(ways, *key) for key, ways in alike.items()]
                    moves.append((0, 0, 0, 0))
    empty = np.zeros((1, 1)), np.zeros((1, 1), np.bool_), np.zeros((1, 1, 1), np.int64)
    return FarklePolicy(rules, USER, *empty, rows, np.array(moves, np.int64))


def _too_many(name: str, rules: FarkleRules, calls: str) -> str:
    return (
        f"the exact evaluation of {name} at goal {rules.goal:,} needs {calls} calls of it "
        f"(every roll of every state its turns reach, asked twice), over the {MAX_CALLS:,} "
        "it may make: use `simulate`, which asks it as it plays, or a smaller --goal"
    )
