"""A turn's dice as data: every way the dice can lie out of the cup, and one roll's exact law.

A *lie* of the dice is, for each colour, how many are in the hand (feet to roll again), set aside
as brains and set aside as shotguns; the cup holds the rest. A turn's state after a roll is a
lie and the turn's brains (more than the brains set aside once they went back into the cup).
:func:`turn_laws` lists every lie with fewer shotguns than end a turn and, for each, the law of
the next roll: the dice drawn from the cup (a multivariate hypergeometric draw, the brains
first put back when the cup is short) and their sides (a multinomial per colour), as the
probability of each next lie with the brains it gains, and of the shotgun that ends the turn.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, factorial

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.zombie import ZombieRules

Lie = tuple[tuple[int, int, int], ...]
"""Per colour: (in hand, brains set aside, shotguns set aside)."""


@dataclass(frozen=True, eq=False)
class TurnLaws:
    """Every lie of a turn and the law of a roll from each (arrays for the kernels).

    ``lies[i]`` is lie i; the lies are ordered so that a roll gaining no brain leads to an
    earlier lie or to the same one (``order``: most shotguns, then fullest hand first);
    ``start`` is the empty lie (every die in the cup). From lie i a roll leads, for ``k`` in
    ``offsets[i]:offsets[i + 1]``, to lie ``target[k]`` gaining ``gain[k]`` brains with
    probability ``prob[k]``, and ends the turn with probability ``bust[i]``.
    """

    lies: tuple[Lie, ...]
    start: int
    offsets: np.ndarray
    target: np.ndarray
    gain: np.ndarray
    prob: np.ndarray
    bust: np.ndarray
    shotguns: np.ndarray
    aside: np.ndarray

    @property
    def size(self) -> int:
        """The number of lies."""
        return len(self.lies)

    def index(self, lie: Lie) -> int:
        """Return the index of ``lie``; InvalidArgument if the dice cannot lie so after a roll."""
        found = self._index.get(lie)
        if found is None:
            raise InvalidArgument(f"the dice cannot lie so ({lie}) after a roll")
        return found

    @functools.cached_property
    def _index(self) -> dict[Lie, int]:
        return {lie: i for i, lie in enumerate(self.lies)}


def every_lie(rules: ZombieRules) -> list[Lie]:
    """Return every lie of ``rules``' dice with fewer shotguns than end a turn and at most a
    roll's dice in hand."""
    per_colour = [
        [(h, a, s) for h in range(n + 1) for a in range(n + 1 - h) for s in range(n + 1 - h - a)]
        for n in rules.counts
    ]
    return [
        lie
        for lie in itertools.product(*per_colour)
        if sum(h for h, _, _ in lie) <= rules.roll and sum(s for _, _, s in lie) < rules.shotguns
    ]


@cache
def lie_count(rules: ZombieRules) -> int:
    """Return how many lies :func:`every_lie` lists, without listing their laws."""
    return len(every_lie(rules))


def roll_law(
    rules: ZombieRules, lie: Lie, exact: bool = True
) -> dict[tuple[Lie, int] | None, Fraction]:
    """Return the exact law of a roll from ``lie``: each next lie with the brains gained, and
    None for the turn ending in shotguns (in floats where not ``exact``, as the kernels take it).

    >>> law = roll_law(ZombieRules(), ((0, 0, 0),) * 3)
    >>> float(law[None])  # three shotguns at the first roll
    0.0243...
    >>> sum(law.values())
    Fraction(1, 1)
    """
    hand = [h for h, _, _ in lie]
    aside = [a for _, a, _ in lie]
    shot = [s for _, _, s in lie]
    cup = [n - h - a - s for n, h, a, s in zip(rules.counts, hand, aside, shot, strict=True)]
    need = rules.roll - sum(hand)
    if sum(cup) < need:  # the brains set aside go back into the cup
        cup = [c + a for c, a in zip(cup, aside, strict=True)]
        aside = [0] * len(aside)
    law: dict[tuple[Lie, int] | None, Fraction] = {}
    for drawn, p_draw in _draws(tuple(cup), need, exact):
        rolled = [h + d for h, d in zip(hand, drawn, strict=True)]
        per_colour = [
            _sides(die.brains, die.feet, die.shotguns, m, exact)
            for die, m in zip(rules.dice, rolled, strict=True)
        ]
        for faces in itertools.product(*per_colour):
            p = p_draw
            for _, q in faces:
                p *= q
            brains = [f[0] for f, _ in faces]
            shotguns = [s + f[2] for s, (f, _) in zip(shot, faces, strict=True)]
            if sum(shotguns) >= rules.shotguns:
                key = None
            else:
                after = tuple(
                    (f[1], a + b, s)
                    for (f, _), a, b, s in zip(faces, aside, brains, shotguns, strict=True)
                )
                key = (after, sum(brains))
            law[key] = law.get(key, 0) + p
    return law


@cache
def _draws(cup: tuple[int, ...], need: int, exact: bool) -> list[tuple[tuple[int, ...], Fraction]]:
    """Return each colour count ``need`` dice drawn from ``cup`` can show, with its chance."""
    total = comb(sum(cup), need)
    number = Fraction if exact else float
    return [
        (drawn, number(math.prod(comb(c, d) for c, d in zip(cup, drawn, strict=True))) / total)
        for drawn in itertools.product(*(range(min(c, need) + 1) for c in cup))
        if sum(drawn) == need
    ]


@cache
def _sides(
    brains: int, feet: int, shotguns: int, m: int, exact: bool
) -> list[tuple[tuple[int, ...], Fraction]]:
    """Return each (brains, feet, shotguns) that ``m`` such dice can show, with its chance."""
    sides = brains + feet + shotguns
    number = Fraction if exact else float
    return [
        (
            (x, y, m - x - y),
            number(factorial(m) * brains**x * feet**y * shotguns ** (m - x - y))
            / (factorial(x) * factorial(y) * factorial(m - x - y) * sides**m),
        )
        for x in range(m + 1)
        for y in range(m + 1 - x)
        if (x == 0 or brains) and (y == 0 or feet) and (m - x - y == 0 or shotguns)
    ]


@cache
def turn_laws(rules: ZombieRules) -> TurnLaws:
    """Return every lie of ``rules`` and each roll's law (:class:`TurnLaws`), the lies in the
    order a turn is solved backwards; the laws as :func:`roll_law`'s in floats, found for every
    lie at once (:func:`_transitions`)."""
    lies = sorted(
        every_lie(rules),
        key=lambda lie: (-sum(s for _, _, s in lie), -sum(h for h, _, _ in lie), lie),
    )
    offsets, target, gain, prob, bust = _transitions(rules, np.array(lies, dtype=np.int64))
    index = {lie: i for i, lie in enumerate(lies)}
    return TurnLaws(
        lies=tuple(lies),
        start=index[((0, 0, 0),) * len(rules.dice)],
        offsets=offsets,
        target=target,
        gain=gain,
        prob=prob,
        bust=bust,
        shotguns=np.array([sum(s for _, _, s in lie) for lie in lies], dtype=np.int64),
        aside=np.array([sum(a for _, a, _ in lie) for lie in lies], dtype=np.int64),
    )


def _transitions(rules: ZombieRules, lies: np.ndarray) -> tuple[np.ndarray, ...]:
    """Return the laws of a roll from each of ``lies`` (``[lie, colour, (hand, aside,
    shotguns)]``) as :class:`TurnLaws`' arrays: every draw from the cup that the lie's roll can
    make, with every way its dice can fall, as rows of numpy arrays; rows to the same next lie
    with the same brains summed."""
    counts = np.array(rules.counts)
    hand, aside, shot = lies[:, :, 0], lies[:, :, 1], lies[:, :, 2]
    need = rules.roll - hand.sum(axis=1)
    cup = counts - hand - aside - shot
    short = cup.sum(axis=1) < need  # the brains set aside go back into the cup
    cup = np.where(short[:, None], cup + aside, cup)
    aside = np.where(short[:, None], 0, aside)
    # Every (lie, draw) pair with its chance: a multivariate hypergeometric draw.
    draws = np.array(
        [
            d
            for d in itertools.product(range(rules.roll + 1), repeat=len(counts))
            if sum(d) <= rules.roll
        ]
    )
    fits = (draws.sum(axis=1)[None, :] == need[:, None]) & (draws[None] <= cup[:, None]).all(axis=2)
    pair_lie, pair_draw = np.nonzero(fits)
    drawn = draws[pair_draw]
    ways = np.prod(_comb(cup[pair_lie], drawn), axis=1)
    p_pair = ways / _comb(cup[pair_lie].sum(axis=1), drawn.sum(axis=1))
    rolled = hand[pair_lie] + drawn
    # Every way the rolled dice fall, grouped by the dice rolled.
    rows = []
    kinds, which = np.unique(rolled, axis=0, return_inverse=True)
    for k, m in enumerate(kinds):
        brains, feet, shots, p_fall = _falls(rules, tuple(int(x) for x in m))
        pairs = np.nonzero(which.ravel() == k)[0]
        lie = np.repeat(pair_lie[pairs], len(p_fall))
        rows.append(
            (
                lie,
                np.tile(feet, (len(pairs), 1)),
                aside[lie] + np.tile(brains, (len(pairs), 1)),
                shot[lie] + np.tile(shots, (len(pairs), 1)),
                np.outer(p_pair[pairs], p_fall).ravel(),
            )
        )
    lie, after_hand, after_aside, after_shot, p = (
        np.concatenate(part) for part in zip(*rows, strict=True)
    )
    gained = (after_aside - aside[lie]).sum(axis=1)
    busted = after_shot.sum(axis=1) >= rules.shotguns
    bust = np.bincount(lie[busted], weights=p[busted], minlength=len(lies))
    keep = ~busted
    code = _code(rules, after_hand[keep], after_aside[keep], after_shot[keep])
    codes = _code(rules, lies[:, :, 0], lies[:, :, 1], lies[:, :, 2])
    order = np.argsort(codes)
    target = order[np.searchsorted(codes[order], code)]
    lie, gained, p = lie[keep], gained[keep], p[keep]
    key = (lie * len(lies) + target) * (rules.cup + 1) + gained
    unique, inverse = np.unique(key, return_inverse=True)
    summed = np.bincount(inverse.ravel(), weights=p)
    lie = unique // (rules.cup + 1) // len(lies)
    offsets = np.searchsorted(lie, np.arange(len(lies) + 1))
    return (
        offsets.astype(np.int64),
        (unique // (rules.cup + 1) % len(lies)).astype(np.int64),
        (unique % (rules.cup + 1)).astype(np.int64),
        summed,
        bust,
    )


def _comb(n: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Return ``n`` choose ``k`` elementwise, as floats (exact for a cup's sizes)."""
    from scipy.special import comb

    return comb(n, k, exact=False)


def _falls(rules: ZombieRules, rolled: tuple[int, ...]) -> tuple[np.ndarray, ...]:
    """Return every way ``rolled`` dice of each colour can fall: per way and colour the brains,
    feet and shotguns shown, and the way's chance."""
    per_colour = [
        _sides(die.brains, die.feet, die.shotguns, m, False)
        for die, m in zip(rules.dice, rolled, strict=True)
    ]
    falls = list(itertools.product(*per_colour))
    faces = np.array([[face for face, _ in fall] for fall in falls], dtype=np.int64)
    chance = np.array([math.prod(p for _, p in fall) for fall in falls])
    return faces[:, :, 0], faces[:, :, 1], faces[:, :, 2], chance


def _code(rules: ZombieRules, hand: np.ndarray, aside: np.ndarray, shot: np.ndarray) -> np.ndarray:
    """Return one integer for each lie (rows of ``hand``, ``aside``, ``shot`` per colour)."""
    base = rules.cup + 1
    digits = np.concatenate([hand, aside, shot], axis=1)
    return digits @ (base ** np.arange(digits.shape[1], dtype=np.int64))
