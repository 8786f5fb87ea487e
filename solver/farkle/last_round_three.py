r"""Three-player Farkle's last round, played optimally by every seat.

With ``last_turn`` a bank reaching the goal gives each other player one more turn in seat
order, and the highest score wins; level players share the win (1/2 each for two, 1/3 each for
three). In the last turn a bank below the best other score is worth a farkle to the banker.

A last-round state is the table's state (banked scores in units of 50, mover first) with one
score ``a >= G``:

- ``(b, c, a)``, ``b, c < G``: the *middle turn*, B's last turn with C still to play;
- ``(c, a, b)``, ``c < G``, ``b`` any: the *final turn*, C's.

The final turn needs ``need = max(a, b) - c`` units to tie the best other score, held by
``ties`` players: it maximises ``P(above) + P(level) / (ties + 1)``, a one-player programme per
``(need, ties)``. The middle turn's B ends at ``b'`` (a bank below ``a`` is worth a farkle,
nothing to B) and then C plays the final turn at ``(c, a, b')``: B maximises its own chance,
and its rows depend on ``d = a - b`` and ``e = a - c`` alone (the opening score never binds:
a bank that counts reaches ``a >= G``). B's turn total banks once B leads A by the
ceiling's lead over the goal (:func:`solver.farkle.states.default_ceiling`), as a leader's
does for two players. A bank reaching the goal in the main game is worth the middle turn's
vector (:func:`orbit_banks`, read by :mod:`solver.farkle._orbit_kernels`). The rules are
silent on ties; the shares are this package's choice (:mod:`solver.farkle.states`).
"""

from __future__ import annotations

import functools

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.states import default_ceiling
from pigsolve.solver.farkle.turn import Turn, least_banks, turn
from pigsolve.solver.games.farkle import FACES, POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import keeps, rolls


def in_last_round(rules: FarkleRules, scores: tuple[int, ...]) -> bool:
    """Return whether ``scores`` (units, mover first) is a last-round state of ``rules``."""
    return bool(rules.last_turn) and max(scores) >= rules.goal // POINT_UNIT


def is_final(rules: FarkleRules, scores: tuple[int, ...]) -> bool:
    """Return whether the last-round state ``scores`` is the final turn (A at position 1)."""
    return scores[1] >= rules.goal // POINT_UNIT


def last_round_values(
    rules: FarkleRules, scores: tuple[int, int, int], ceiling: int | None = None
) -> np.ndarray:
    """Return every player's chance (mover first) at the start of the last-round turn at
    ``scores`` (units, as the module docstring), all seats optimal, banking from ``ceiling``
    (points; :func:`solver.farkle.states.default_ceiling` if None)."""
    ceiling = ceiling or default_ceiling(rules)
    kind, first, second = _key(rules, scores, ceiling)
    if kind == "final":
        above, level = final_table(rules, ceiling)[first, second - 1]
        below = 1.0 - above - level
        if second == 2:  # A and B level
            return np.array([above + level / 3, below / 2 + level / 3, below / 2 + level / 3])
        leader = 1 if scores[1] > scores[2] else 2
        found = np.zeros(3)
        found[0], found[leader] = above + level / 2, below + level / 2
        return found
    return middle_table(rules, ceiling)[first, second].copy()


def optimal_last_rows(
    rules: FarkleRules, scores: tuple[int, int, int], ceiling: int | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Return the optimal mover's rows at the last-round state ``scores`` (units, mover first)
    as :class:`~solver.farkle.policy.FarklePolicy`'s arrays: ``bank[t, n]`` (it banks at turn
    total ``t`` with ``n`` dice to roll) and ``choose[t, n, k]`` (the dice left after outcome
    ``k``, :mod:`solver.farkle.turn`), for ``t`` below ``len(bank)`` (from there it banks).
    Cached by the turn's key, not by the scores; ``ceiling`` as :func:`last_round_values`."""
    ceiling = ceiling or default_ceiling(rules)
    kind, first, second = _key(rules, scores, ceiling)
    at_zero = scores[0] == 0 and rules.least_bank(0) != rules.min_bank
    return _rows(rules, ceiling, kind, first, second, at_zero)


def _key(rules: FarkleRules, scores: tuple[int, ...], ceiling: int) -> tuple[str, int, int]:
    """Return ``("final", need, ties)`` or ``("middle", d, e)`` of a last-round state, or raise
    :class:`InvalidArgument` in one line."""
    goal = rules.goal // POINT_UNIT
    if rules.players != 3 or len(scores) != 3 or not in_last_round(rules, scores):
        raise InvalidArgument(
            f"{tuple(scores)} is not a last-round state of three-player Farkle with the last "
            f"turn (one score at least the goal, {goal} units)",
            parameter="scores",
        )
    top = middle_size(rules, ceiling)
    if is_final(rules, scores):
        c, a, b = scores
        if c >= goal or c < 0 or b < 0 or max(a, b) - c >= final_size(rules, ceiling):
            raise InvalidArgument(f"{tuple(scores)}: no final turn there", parameter="scores")
        return "final", max(a, b) - c, 2 if a == b else 1
    b, c, a = scores
    if b >= goal or min(b, c) < 0 or a - min(b, c) >= top:
        raise InvalidArgument(f"{tuple(scores)}: no middle turn there", parameter="scores")
    return "middle", a - b, a - c


def lead_units(rules: FarkleRules, ceiling: int) -> int:
    """Return the lead over the goal (units) at which a turn past it banks: the ceiling's."""
    return (ceiling - rules.goal) // POINT_UNIT


def middle_size(rules: FarkleRules, ceiling: int) -> int:
    """Return the bound of ``d`` and ``e`` in the middle table: any bank of the main game's
    turns (up to the ceiling and one roll past it) is below it."""
    most = int(turn(rules).points.max())
    return ceiling // POINT_UNIT + max(most, rules.min_bank // POINT_UNIT) + 1


def final_size(rules: FarkleRules, ceiling: int) -> int:
    """Return the bound of the final turn's ``need``: every middle turn's end is below it."""
    most = int(turn(rules).points.max())
    return middle_size(rules, ceiling) + lead_units(rules, ceiling) + most + 1


@functools.lru_cache(maxsize=8)
def final_table(rules: FarkleRules, ceiling: int) -> np.ndarray:
    """Return ``final[need, ties - 1] = (above, level)``: the optimal final turn's chances."""
    from pigsolve.solver.farkle._last_round_three_kernels import final_chances

    found = np.zeros((final_size(rules, ceiling), 2, 2))
    final_chances(found, rules.min_bank // POINT_UNIT, *turn(rules).arrays)
    found.flags.writeable = False
    return found


@functools.lru_cache(maxsize=8)
def middle_table(rules: FarkleRules, ceiling: int) -> np.ndarray:
    """Return ``middle[d, e]``: every player's chance (B, C, A) from the start of the middle
    turn, B ``d`` and C ``e`` units below A, banking from ``ceiling`` (points) past A."""
    from pigsolve.solver.farkle._last_round_three_kernels import middle_values

    size = middle_size(rules, ceiling)
    found = np.zeros((size, size, 3))
    lead, min_bank = lead_units(rules, ceiling), rules.min_bank // POINT_UNIT
    middle_values(found, lead, min_bank, final_table(rules, ceiling), *turn(rules).arrays)
    found.flags.writeable = False
    return found


def orbit_banks(
    rules: FarkleRules, ceiling: int | None = None
) -> tuple[tuple[int, int, int, np.ndarray, np.ndarray], tuple[np.ndarray, ...]]:
    """Return ``((min_bank, entry, cap, middle, lesser), arrays)`` as the orbit kernels take
    them: the least banks (units), the score from which a turn banks (the goal; with the last
    round the ``ceiling``, default :func:`~solver.farkle.states.default_ceiling`), the middle
    turn's vectors (:func:`middle_table`) and the turn's keeps below the most points
    (:func:`full_turn`); dummies and the turn's arrays without."""
    if rules.last_turn and rules.players == 3:
        ceiling = ceiling or default_ceiling(rules)
        middle = np.ascontiguousarray(middle_table(rules, ceiling))
        every, lesser = full_turn(rules)
        return (*least_banks(rules), ceiling // POINT_UNIT, middle, lesser), every.arrays
    dummies = np.zeros((1, 1, 3)), np.zeros((1, 1, 1, 1), np.int64)
    return (*least_banks(rules), rules.goal // POINT_UNIT, *dummies), turn(rules).arrays


@functools.lru_cache(maxsize=8)
def full_turn(rules: FarkleRules) -> tuple[Turn, np.ndarray]:
    """Return the turn of ``rules`` with every keep, not only the most points for the dice
    left (:mod:`solver.farkle.turn`'s dominance needs a value that rises with the turn total;
    with the last round a bank reaching the goal can be worth less than one just short of it):
    the rolls grouped by all their ``(dice left, points)`` options, ``points`` the most as in
    :class:`~solver.farkle.turn.Turn`, and ``lesser[n, k, n', q]`` the other keeps' points
    leaving ``n'``, the highest first, -1 after."""
    dice, pruned = rules.dice, turn(rules)
    found: list[dict[tuple, int]] = [{} for _ in range(dice + 1)]
    for n in range(1, dice + 1):
        for counts, ways in rolls(n):
            options = {(n - sum(kept), p // POINT_UNIT) for kept, p in keeps(counts, rules.scoring)}
            if options:
                key = tuple(sorted(options, key=lambda o: (o[0], -o[1])))
                found[n][key] = found[n].get(key, 0) + ways
    size = max(len(listed) for listed in found)
    deepest = max((len(o) for listed in found for o in listed), default=1)
    ways = np.zeros((dice + 1, size))
    points = np.full((dice + 1, size, dice), -1, np.int64)
    lesser = np.full((dice + 1, size, dice, deepest), -1, np.int64)
    num_outcomes = np.array([len(listed) for listed in found], np.int64)
    for n in range(1, dice + 1):
        for k, (options, count) in enumerate(found[n].items()):
            ways[n, k] = count
            for left, p in options:  # the most points first
                if points[n, k, left] < 0:
                    points[n, k, left] = p
                else:
                    lesser[n, k, left, np.argmin(lesser[n, k, left] >= 0)] = p
    farkle_ways = np.array([FACES**n - ways[n].sum() for n in range(dice + 1)], float)
    every = Turn(dice, ways, points, num_outcomes, farkle_ways, pruned.scale, pruned.next_dice)
    return every, lesser


@functools.lru_cache(maxsize=64)
def _rows(
    rules: FarkleRules, ceiling: int, kind: str, first: int, second: int, at_zero: bool
) -> tuple[np.ndarray, np.ndarray]:
    """Return the rows of :func:`optimal_last_rows` at the key ``(kind, first, second)``,
    ``at_zero``: the mover still under its opening score."""
    from pigsolve.solver.farkle import _last_round_three_kernels as kernels

    arrays = turn(rules).arrays
    least = rules.least_bank(0 if at_zero else 1) // POINT_UNIT
    dice, outcomes = rules.dice, arrays[0].shape[1]
    if kind == "final":
        height = max(first + 1, least)
        above, level = np.empty((height, dice + 1)), np.empty((height, dice + 1))
        bank = np.zeros((height, dice + 1), np.bool_)
        choose = np.zeros((height, dice + 1, outcomes), np.int64)
        kernels.final_turn(first, second, least, *arrays, above, level, bank, choose)
    else:
        lead, final = lead_units(rules, ceiling), final_table(rules, ceiling)
        height = first + lead
        value = np.empty((height, dice + 1, 3))
        bank = np.zeros((height, dice + 1), np.bool_)
        choose = np.zeros((height, dice + 1, outcomes), np.int64)
        kernels.middle_turn(first, second, -first, lead, least, final, *arrays, value, bank, choose)
    bank.flags.writeable = choose.flags.writeable = False
    return bank, choose


def banked(
    rules: FarkleRules, scores: tuple[int, ...], u: int, ceiling: int | None = None
) -> np.ndarray:
    """Return every player's chance (mover first) once the mover at ``scores`` (units; the main
    game's or a last-round state) banks ``u`` units and that reaches the goal (without the last
    turn: a win) or ends the last round (at a last-round state ``u = 0`` is a farkle)."""
    goal = rules.goal // POINT_UNIT
    if not rules.last_turn and scores[0] + u >= goal:
        return np.eye(len(scores))[0]
    if in_last_round(rules, scores) and is_final(rules, scores):
        final = (scores[0] + u, *scores[1:])
        best = max(final)
        return np.array([float(s == best) / final.count(best) for s in final])
    if scores[0] + u < goal and not in_last_round(rules, scores):
        raise InvalidArgument(f"a bank of {u} at {scores} stays in the main game")
    after = (*scores[1:], scores[0] + u)
    return np.roll(last_round_values(rules, after, ceiling), 1)


def turn_span(rules: FarkleRules, scores: tuple[int, ...], ceiling: int) -> tuple[int, int]:
    """Return ``(cap, width)`` of the mover's turn at ``scores`` (units): the score from which
    it banks (the ceiling in the main game, a win in the final turn, the ceiling's lead over A
    in the middle turn), and a bound of the scores its banks reach."""
    if not in_last_round(rules, scores):
        cap = ceiling // POINT_UNIT
    elif is_final(rules, scores):
        cap = max(scores[1:]) + 1
    else:
        cap = scores[2] + lead_units(rules, ceiling)
    most = int(turn(rules).points.max())
    return cap, max(cap, scores[0] + rules.min_bank // POINT_UNIT) + most + 1


def last_round_vectors(
    rules: FarkleRules, scores: tuple[int, int, int], ceiling: int | None = None
) -> tuple[np.ndarray, np.ndarray, int, np.ndarray]:
    """Return ``(value, bank, top, farkle)`` of the optimal mover's turn at the last-round
    state ``scores``, every player's chance (mover first): ``value[t, n]`` for ``t < top``,
    ``bank[u]`` after banking ``u`` (below ``top`` plus a roll), after a farkle."""
    from pigsolve.solver.farkle import _last_round_three_kernels as kernels

    ceiling = ceiling or default_ceiling(rules)
    kind, first, second = _key(rules, scores, ceiling)
    arrays, dice = turn(rules).arrays, rules.dice
    least = rules.least_bank(scores[0] * POINT_UNIT) // POINT_UNIT
    rows = np.empty((max(turn_span(rules, scores, ceiling)[0] - scores[0], least), dice + 1), bool)
    choose = np.empty((*rows.shape, arrays[0].shape[1]), np.int64)
    if kind == "final":
        above, level = np.empty(rows.shape), np.empty(rows.shape)
        top = kernels.final_turn(first, second, least, *arrays, above, level, rows, choose)
        others = np.array([0.0, 1.0, 1.0]) if second == 2 else np.array([0.0, 0.0, 0.0])
        if second == 1:
            others[1 if scores[1] > scores[2] else 2] = 1.0
        below = 1.0 - above - level
        share = 1.0 / (second + 1)
        value = (above + share * level)[..., None] * np.array([1.0, 0.0, 0.0]) + (
            below / second + share * level
        )[..., None] * others
    else:
        value = np.empty((*rows.shape, 3))
        lead, final = lead_units(rules, ceiling), final_table(rules, ceiling)
        kernels.middle_turn(first, second, -first, lead, least, final, *arrays, value, rows, choose)
        top = len(rows)
    most = int(arrays[1].max())
    bank = np.array([banked(rules, scores, u, ceiling) for u in range(top + most + 1)])
    return value[:top], bank, int(top), banked(rules, scores, 0, ceiling)


def main_vectors(
    rules: FarkleRules, values: np.ndarray, key: tuple[int, ...], ceiling: int, nudge: float = 0.0
) -> tuple[np.ndarray, np.ndarray, int, np.ndarray]:
    """Return ``(value, bank, top, farkle)`` of the optimal mover's turn at the main-game state
    ``key`` (units) of the table ``values`` (more than two players), every player's chance: at
    each turn total below ``top`` and dice, after each bank (below ``top`` and a roll past it),
    after a farkle (the mover's moved by ``nudge``). With three players and the last turn a
    bank reaching the goal reads the last round and every keep is weighed (:func:`full_turn`)."""
    from pigsolve.solver.farkle import _orbit_kernels

    players, goal = values.shape[-1], values.shape[0]
    banks, arrays = orbit_banks(rules, ceiling)
    farkle = np.roll(values[key[1:] + key[:1]], 1)
    farkle[0] += nudge
    height, dice = max(banks[2], banks[0]) + int(arrays[1].max()) + 1, rules.dice
    value, slope = np.empty((height, dice + 1, players)), np.empty((height, dice + 1))
    bank = np.empty((height, players))
    index = int(np.ravel_multi_index(key, (goal,) * players))
    top = _orbit_kernels.turn_vectors(
        values.reshape(-1, players), goal, index, key[0], farkle, *banks, *arrays,
        value, slope, bank,
    )  # fmt: skip
    return value, bank, int(top), farkle


def main_rows(
    rules: FarkleRules, values: np.ndarray, key: tuple[int, ...], ceiling: int, nudge: float
) -> tuple[np.ndarray, np.ndarray, int, float]:
    """Return ``(value, roll, top, farkle)``: the mover's own chance at each turn total and
    dice of its turn at the main-game state ``key`` (:func:`main_vectors`), rolling's, the
    total from which it banks and a farkle's."""
    value, bank, top, farkle = main_vectors(rules, values, key, ceiling, nudge)
    ways, points, num_outcomes, farkle_ways, scale, next_dice = orbit_banks(rules, ceiling)[1]
    lesser = orbit_banks(rules, ceiling)[0][4]
    own, totals = value[:top, :, 0], np.arange(top)
    roll = np.zeros((top, rules.dice + 1))
    for n in range(1, rules.dice + 1):
        total = np.full(top, farkle_ways[n] * farkle[0])
        for k in range(num_outcomes[n]):
            best = np.full(top, -1.0)
            for left in range(n):
                m = next_dice[left]
                for gain in (points[n, k, left], *lesser[n, k, left]):
                    if gain < 0:
                        break
                    u = totals + gain
                    inside = own[np.minimum(u, top - 1), m] if m else bank[u, 0]
                    best = np.maximum(best, np.where(u < top, inside, bank[u, 0]))
            total += ways[n, k] * best
        roll[:, n] = total / scale[n]
    own.flags.writeable = roll.flags.writeable = False
    return own, roll, top, float(farkle[0])
