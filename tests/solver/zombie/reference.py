"""Plain value iteration over every state of two-seat Zombie Dice: the tests' cross-check.

Written from the rules alone, slow and in pure Python: it shares with the solver only
:class:`ZombieRules`. A value is seat 0's chance of winning (a shared tie counts a half); seat 0
maximises it, seat 1 minimises it.

A *turn* is a mover, its *room* (the brains it may still count: the ceiling ``goal + margin``
less its score; a last turn counts on until it leads, never capped) and the worth of ending it
with ``t`` brains (``t = 0``: shotguns, or banking nothing). Its states are ``(lie, t)`` after
a roll: the lie of the dice (per colour: in hand, brains set aside, shotguns set aside) and the
turn's brains. There the mover banks or rolls again, and at ``t = room`` must bank. A roll
draws its dice one at a time from the cup (the brains set aside go back into it first when it
is short) and rolls each of them (:func:`roll_outcomes`).
The turns of a game are keyed ``(phase, seat, s0, s1)`` (``s0``, ``s1`` the seats' scores):

- ``("main", seat, s0, s1)``, both scores below the goal. Seat 0 banking to the goal gives
  seat 1 its last turn; seat 1 banking to it wins (``finish = "round"``) or gives seat 0 its
  last turn (``"last-turn"``).
- ``("last", seat, s0, s1)``, the last turn: then the most brains win and a tie is worth ``T``
  (a half without tiebreaker).
- ``("tiebreak", 0, 0, 0)``, seat 0's tiebreaker turn from 0 brains; banking ``x`` leads to
  seat 1's, which is the last turn ``("last", 1, x, 0)``. ``T`` is this turn's start.

Gauss-Seidel: each state is updated in place, by blocks of turns that depend only on themselves
and on earlier blocks (the tiebreaker, each last turn, then each score pair from the highest
down), each block swept until no value moves by ``tolerance``. A sweep takes a turn's states
from the most brains down, the lies in an order where a roll gaining no brain leads to an
earlier lie or, from a full hand of feet, to the same one (whose equation
``v = better(bank, roll + p v)`` is solved for ``v``); so only the cycles between turns (a bust
hands the turn on, a tie replays the tiebreaker) take more than one sweep.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import NamedTuple

from pigsolve.solver.games.zombie import Die, ZombieRules

Lie = tuple[tuple[int, int, int], ...]
"""Per colour: (in hand, brains set aside, shotguns set aside)."""
Turn = tuple[str, int, int, int]
"""(phase, seat to move, seat 0's score, seat 1's score): the module docstring."""


class Chances(NamedTuple):
    """Seat 0's chance at the start of its turn, ``first[a, b]`` (its score ``a``, seat 1's
    ``b``), seat 1's at the start of its own, ``second[b, a]``, both scores below the goal, and
    seat 0's in a tiebreaker round (None without tiebreaker)."""

    first: dict[tuple[int, int], float]
    second: dict[tuple[int, int], float]
    tiebreak: float | None


def roll_outcomes(rules: ZombieRules, lie: Lie) -> dict[tuple[Lie, int] | None, Fraction]:
    """Return the law of a roll from ``lie``: each next lie with the brains gained, and None for
    the shotguns ending the turn."""
    hand = [h for h, _, _ in lie]
    aside = [a for _, a, _ in lie]
    shot = [s for _, _, s in lie]
    cup = tuple(n - sum(dice) for n, dice in zip(rules.counts, lie, strict=True))
    need = rules.roll - sum(hand)
    if sum(cup) < need:
        cup = tuple(c + a for c, a in zip(cup, aside, strict=True))
        aside = [0] * len(aside)
    law: dict[tuple[Lie, int] | None, Fraction] = {}
    for drawn, p_draw in _draws(cup, need).items():
        rolled = tuple(h + d for h, d in zip(hand, drawn, strict=True))
        for shown, p_shown in _shown(rules.dice, rolled).items():
            if sum(shot) + sum(s for _, _, s in shown) >= rules.shotguns:
                key = None
            else:
                after = tuple(
                    (f, a + b, s + g) for (b, f, g), a, s in zip(shown, aside, shot, strict=True)
                )
                key = (after, sum(b for b, _, _ in shown))
            law[key] = law.get(key, Fraction(0)) + p_draw * p_shown
    return law


@cache
def _draws(cup: tuple[int, ...], need: int) -> dict[tuple[int, ...], Fraction]:
    """Return the dice of each colour that ``need`` dice drawn one at a time from ``cup`` are,
    with their chances."""
    if need == 0:
        return {(0,) * len(cup): Fraction(1)}
    law: dict[tuple[int, ...], Fraction] = {}
    for colour, left in enumerate(cup):
        if left:
            fewer = _replaced(cup, colour, left - 1)
            for drawn, p in _draws(fewer, need - 1).items():
                more = _replaced(drawn, colour, drawn[colour] + 1)
                law[more] = law.get(more, Fraction(0)) + Fraction(left, sum(cup)) * p
    return law


@cache
def _shown(dice: tuple[Die, ...], rolled: tuple[int, ...]) -> dict[Lie, Fraction]:
    """Return the (brains, feet, shotguns) of each colour that rolling ``rolled`` dice of each
    colour shows, one die at a time, with their chances."""
    law = {((0, 0, 0),) * len(dice): Fraction(1)}
    for colour, (die, count) in enumerate(zip(dice, rolled, strict=True)):
        for _ in range(count):
            after: dict[Lie, Fraction] = {}
            for shown, p in law.items():
                for side, ways in enumerate((die.brains, die.feet, die.shotguns)):
                    if ways:
                        faces = list(shown[colour])
                        faces[side] += 1
                        key = _replaced(shown, colour, tuple(faces))
                        after[key] = after.get(key, Fraction(0)) + p * Fraction(ways, die.sides)
            law = after
    return law


def _replaced(items: tuple, index: int, item: object) -> tuple:
    """Return ``items`` with ``items[index]`` replaced by ``item``."""
    return (*items[:index], item, *items[index + 1 :])


def every_lie(rules: ZombieRules) -> list[Lie]:
    """Return every lie a turn reaches, in sweep order: most shotguns, then fullest hand first."""
    start = ((0, 0, 0),) * len(rules.dice)
    seen, todo = {start}, [start]
    while todo:
        for key in roll_outcomes(rules, todo.pop()):
            if key is not None and key[0] not in seen:
                seen.add(key[0])
                todo.append(key[0])
    return sorted(seen, key=lambda lie: (-sum(s for *_, s in lie), -sum(h for h, *_ in lie), lie))


def value_iteration(
    rules: ZombieRules, margin: int, tolerance: float = 1e-13, max_sweeps: int = 1000
) -> Chances:
    """Return the :class:`Chances` of ``rules`` with totals counted to ``margin`` past the goal.
    Raise AssertionError if a block does not settle in ``max_sweeps`` sweeps."""
    goal, ceiling = rules.goal, rules.goal + margin
    lies = every_lie(rules)
    index = {lie: i for i, lie in enumerate(lies)}
    empty = index[((0, 0, 0),) * len(rules.dice)]
    aside = [sum(a for _, a, _ in lie) for lie in lies]
    laws = []  # per lie: (bust, [(next lie, brains, p)], p of the same lie again)
    for lie in lies:
        law = {key: float(p) for key, p in roll_outcomes(rules, lie).items()}
        bust, again = law.pop(None, 0.0), law.pop((lie, 0), 0.0)
        laws.append((bust, [(index[after], gain, p) for (after, gain), p in law.items()], again))

    start: dict[Turn, float] = {}
    values: dict[Turn, list[list[float]]] = {}

    def tie() -> float:
        return start[("tiebreak", 0, 0, 0)] if rules.tiebreaker else 0.5

    def banked(turn: Turn, t: int) -> float:
        """Seat 0's chance once the mover of ``turn`` ends it with ``t`` brains."""
        phase, seat, s0, s1 = turn
        s0, s1 = (s0 + t, s1) if seat == 0 else (s0, s1 + t)
        if phase == "tiebreak":
            return start[("last", 1, s0, 0)]
        if phase == "last":
            return 1.0 if s0 > s1 else 0.0 if s0 < s1 else tie()
        if seat == 0:
            return start[("last", 1, s0, s1)] if s0 >= goal else start[("main", 1, s0, s1)]
        if s1 < goal:
            return start[("main", 0, s0, s1)]
        return 0.0 if rules.finish == "round" else start[("last", 0, s0, s1)]

    def sweep(turn: Turn) -> float:
        """Update every state of ``turn`` once; return the largest change."""
        seat = turn[1]
        room = ceiling - turn[2 + seat]
        if turn[0] == "last":  # it counts on until it leads: no ceiling
            room = turn[3 - seat] - turn[2 + seat] + 1
        better = max if seat == 0 else min
        ends = [banked(turn, t) for t in range(room + 1)]
        table = values.setdefault(turn, [[0.0] * len(lies) for _ in range(room)])
        change = 0.0

        def roll(i: int, t: int) -> float:
            bust, moves, _ = laws[i]
            worth = bust * ends[0]
            for j, gain, p in moves:
                worth += p * (ends[room] if t + gain >= room else table[t + gain][j])
            return worth

        for t in reversed(range(room)):
            row = table[t]
            for i in range(len(lies)):
                if aside[i] <= t:
                    # v = better(bank, roll + again * v), solved for v
                    value = better(ends[t], roll(i, t) / (1 - laws[i][2]))
                    change = max(change, abs(value - row[i]))
                    row[i] = value
        first = roll(empty, 0) / (1 - laws[empty][2])
        change = max(change, abs(first - start[turn]))
        start[turn] = first
        return change

    blocks: list[list[Turn]] = []
    last = [("last", 1, a, b) for a in range(goal, ceiling + 1) for b in range(goal)]
    if rules.tiebreaker:
        blocks.append([("tiebreak", 0, 0, 0)] + [("last", 1, x, 0) for x in range(ceiling + 1)])
        last = [turn for turn in last if turn not in blocks[0]]
    if rules.finish == "last-turn":
        last += [("last", 0, a, b) for a in range(goal) for b in range(goal, ceiling + 1)]
    blocks += [[turn] for turn in last]
    pairs = sorted(((a, b) for a in range(goal) for b in range(goal)), key=sum, reverse=True)
    blocks += [[("main", 1, a, b), ("main", 0, a, b)] for a, b in pairs]
    start.update((turn, 0.0) for block in blocks for turn in block)
    for block in blocks:
        for _ in range(max_sweeps):
            if max([sweep(turn) for turn in block]) < tolerance:
                break
        else:
            raise AssertionError(f"{block[0]} did not settle in {max_sweeps} sweeps")
    return Chances(
        first={(a, b): start[("main", 0, a, b)] for a, b in pairs},
        second={(b, a): 1 - start[("main", 1, a, b)] for a, b in pairs},
        tiebreak=tie() if rules.tiebreaker else None,
    )
