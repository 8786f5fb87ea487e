"""The states of a Farkle table: the values' shape under given rules, the count of states
before a roll, the bounds of scores (the floor with the penalty, the ceiling with a last turn),
a state in points as indices, and the chances of a last turn."""

from __future__ import annotations

from typing import Any

import numpy as np

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.turn import turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules

DEFAULT_FLOOR = -2500
"""The lowest banked score (points) kept with the three-farkle penalty, Busche's (2016) bound:
a penalty ends no lower. The first player's chance converges geometrically as it is lowered
(``tests/solver/farkle/test_penalty.py``)."""
FARKLE_COUNTS = 3
"""Farkles in a row a player can have at the start of a turn: 0, 1 or 2."""
DEFAULT_CEILING_LEAD = 10_000
"""With a last turn, the default ceiling is the goal plus this (points); see
:func:`default_ceiling`. The chance of making up a lead of 10,000 in one last turn is 2.4e-8
under ``farkle``'s scoring and 9.5e-6 under ``facebook-farkle``'s (5,000: 1.7e-4, 1.9e-3)."""


def values_shape(rules: FarkleRules, floor: int = DEFAULT_FLOOR) -> tuple[int, ...]:
    """Return the shape of the values table of ``rules`` solved with ``floor`` (points): ``(G,
    G)`` without the penalty, ``(3, 3, G - f, G - f)`` with it (units of 50).

    >>> values_shape(FarkleRules(goal=1000))
    (20, 20)
    >>> values_shape(FarkleRules(goal=1000, farkle_penalty=500))
    (3, 3, 70, 70)

    With three players or more, every player's chance at each score vector, ``(G, ..., G,
    N)`` (:mod:`solver.farkle.players`):

    >>> values_shape(FarkleRules(goal=1000, players=3))
    (20, 20, 20, 3)
    """
    goal = rules.goal // POINT_UNIT
    if rules.players > 2:
        return (goal,) * rules.players + (rules.players,)
    if not rules.farkle_penalty:
        return (goal, goal)
    size = goal - floor // POINT_UNIT
    return (FARKLE_COUNTS, FARKLE_COUNTS, size, size)


def num_states(rules: FarkleRules, floor: int = DEFAULT_FLOOR) -> int:
    """Return the states before a roll of ``rules`` solved with ``floor``: every start of a turn
    (:func:`values_shape`) times each turn total below ``max(G - i, min_bank)`` (from there
    banking wins) times the dice to roll, 1 to ``dice``; a last turn's states not counted.

    Busche (2016) reports 423,765,000 states for Facebook Farkle with his floor of -2,500:
    exactly this count with a minimum bank of 300, not with none (423,562,500). His state is
    then ours: dice 1 to 6, both players' farkles in a row, scores in steps of 50 from -2,500.

    >>> from dataclasses import replace
    >>> from pigsolve.solver.games.farkle import FACEBOOK_FARKLE
    >>> num_states(FACEBOOK_FARKLE), num_states(replace(FACEBOOK_FARKLE, min_bank=0))
    (423765000, 423562500)
    """
    shape = values_shape(rules, floor)
    goal, min_bank = rules.goal // POINT_UNIT, rules.min_bank // POINT_UNIT
    if rules.players > 2:  # the mover's score gives the turn totals, the others any score
        turn_totals = sum(max(goal - i, min_bank) for i in range(goal))
        return goal ** (rules.players - 1) * turn_totals * rules.dice
    lowest = goal - shape[-1]
    turn_totals = sum(max(goal - i, min_bank) for i in range(lowest, goal))
    return int(np.prod(shape[:-2])) * shape[-1] * turn_totals * rules.dice


def memory_needed(rules: FarkleRules) -> int:
    """Return the bytes a solve of ``rules`` needs at its peak, roughly: three ``G x G`` arrays
    of 8 bytes (``N > 2`` players: the values of ``G**N`` states and the orbits' indices while
    they are listed) and a turn's rows per core, with a megabyte of slack.

    >>> memory_needed(FarkleRules(players=3)) // 2**20
    733
    """
    goal = rules.goal // POINT_UNIT
    rows = 3 * 8 * max(goal, rules.min_bank // POINT_UNIT) * (rules.dice + 1)
    if rules.players > 2:
        return 8 * goal**rules.players * (2 * rules.players + 6) + 4 * rows + 2**20
    return 3 * 8 * goal * goal + 4 * rows + last_turn_bytes(rules) + 2**20


def last_turn_bytes(rules: FarkleRules) -> int:
    """Return the bytes of the last turn's values (:func:`last_turn_values`, a best response's
    too) and of the last turn's own rows: a row for every lead a bank can reach, which the
    most points of a keep lengthen (the rules' points, not only the goal).

    >>> last_turn_bytes(FarkleRules(goal=1000)) < 2**20
    True
    """
    goal, min_bank = rules.goal // POINT_UNIT, rules.min_bank // POINT_UNIT
    most = int(turn(rules).points.max())
    lead = (DEFAULT_CEILING_LEAD - DEFAULT_FLOOR) // POINT_UNIT
    size = 2 * goal + min_bank + most + lead + 2
    rows = 8 * (rules.dice + 1) * (max(size, min_bank) + 1) if rules.last_turn else 0
    return 8 * size + rows


def default_ceiling(rules: FarkleRules) -> int:
    """Return the highest banked score (points) kept with a last turn: the goal plus
    :data:`DEFAULT_CEILING_LEAD`. A turn total reaching it banks; rolling on could gain at most
    the chance that the opponent's last turn makes up the lead, below ``last[ceiling - goal]``
    (:func:`last_turn_values`), and only in the rare turns that reach it."""
    return rules.goal + DEFAULT_CEILING_LEAD


def last_turn_values(rules: FarkleRules, goal: int, cap: int) -> np.ndarray:
    """Return ``last[d]``: the chance of the player whose last turn needs ``d`` units to tie
    (:func:`solver.farkle._kernels.last_turn`), long enough for every bank of a table whose
    goal's index is ``goal`` and whose turns bank from the index ``cap``; all zeros without a
    last turn (banking to the goal wins at once).

    The last turn's rule: the other player wins by finishing strictly above the leader; level
    is a draw, counted as half a win, so the two players' chances still add up to 1 (as
    timpalpant/go-farkle splits a tie; Busche's rules page only says that some variants offer
    the others "a final turn").
    """
    arrays = turn(rules).arrays
    most = int(arrays[1].max())
    size = max(cap, goal + rules.min_bank // POINT_UNIT) + most + 1
    last = np.zeros(size)
    if rules.last_turn:
        from pigsolve.solver.farkle import _kernels

        _kernels.last_turn(last, rules.min_bank // POINT_UNIT, *arrays)
    return last


def state_indices(rules: FarkleRules, state: Any, floor: int | None = None) -> tuple:
    """Return ``state`` ``((i, j), t, n[, (a, b)])`` of ``rules`` in points as indices ``(a, b,
    i, j, t, n)`` (scores from ``floor``, units; ``floor`` 0 without the penalty), or raise
    InvalidArgument in one line (``floor`` None: :data:`DEFAULT_FLOOR` with the penalty). With
    more players, ``((s_0, ..., s_{N-1}), t, n)`` (the mover's score first) as ``(scores, t,
    n)``; with three and the last turn a score may be past the goal (the last round).

    >>> state_indices(FarkleRules(), ((100, 0), 350, 3))
    (0, 0, 2, 0, 7, 3)
    >>> state_indices(FarkleRules(players=3), ((100, 0, 50), 350, 3))
    ((2, 0, 1), 7, 3)
    """
    state = nested(rules, state)
    if rules.players > 2:
        return _seats_state(rules, state)
    if floor is None:
        floor = DEFAULT_FLOOR if rules.farkle_penalty else 0
    try:
        if len(state) == 4:
            (i, j), t, n, (a, b) = state
        else:
            (i, j), t, n = state
            a = b = 0
    except (TypeError, ValueError):
        raise InvalidArgument(
            "a Farkle state is ((score, opponent_score), turn_total, dice) or with the "
            f"farkles in a row ((score, opponent_score), turn_total, dice, (a, b)), got "
            f"{state!r}",
            parameter="state",
        ) from None
    numbers = (i, j, t, n, a, b)
    if not all(isinstance(x, int | np.integer) and not isinstance(x, bool) for x in numbers):
        raise InvalidArgument(f"state {state!r} must hold integers", parameter="state")
    _check_numbers(rules, state, (i, j), t, n, floor)
    most = FARKLE_COUNTS - 1 if rules.farkle_penalty else 0
    if not (0 <= a <= most and 0 <= b <= most):
        raise InvalidArgument(
            f"farkles in a row in {state!r} must be 0 to {most}", parameter="state"
        )
    offset = -floor // POINT_UNIT
    return (
        int(a), int(b), i // POINT_UNIT + offset, j // POINT_UNIT + offset, t // POINT_UNIT,
        int(n),
    )  # fmt: skip


def nested(rules: FarkleRules, state: Any) -> Any:
    """Return a flat state, ``(i, j, t, n)`` or ``(i, j, t, n, a, b)`` (every score first with
    more players), as ``((i, j), t, n)`` or ``((i, j), t, n, (a, b))``; another as it is.

    >>> nested(FarkleRules(), (100, 0, 350, 3)), nested(FarkleRules(), ((100, 0), 350, 3))
    (((100, 0), 350, 3), ((100, 0), 350, 3))
    """
    flat = isinstance(state, tuple | list) and all(isinstance(x, int | np.integer) for x in state)
    players = rules.players
    if not flat or len(state) not in (players + 2, players + 4 - 2 * (players > 2)):
        return state
    scores, (t, n), counts = state[:players], state[players : players + 2], state[players + 2 :]
    return (tuple(scores), t, n, *([tuple(counts)] if counts else []))


def _seats_state(rules: FarkleRules, state: Any) -> tuple[tuple[int, ...], int, int]:
    """Return the state ``((s_0, ..., s_{N-1}), t, n)`` of ``rules`` (three players or more) as
    indices, or raise InvalidArgument in one line."""
    players = rules.players
    try:
        scores, t, n = state
        scores = tuple(scores)
    except (TypeError, ValueError):
        scores = ()
    if len(scores) != players:
        raise InvalidArgument(
            f"a {players}-player Farkle state is ((score, ...), turn_total, dice) with {players} "
            f"scores, the mover's first, got {state!r}",
            parameter="state",
        )
    numbers = (*scores, t, n)
    if not all(isinstance(x, int | np.integer) and not isinstance(x, bool) for x in numbers):
        raise InvalidArgument(f"state {state!r} must hold integers", parameter="state")
    last_round = rules.last_turn and players == 3 and max(scores) >= rules.goal
    if last_round:  # scores past the goal (solver.farkle.last_round_three says which fit)
        _check_numbers(rules, state, (), t, n, 0)
        if not all(x >= 0 and x % POINT_UNIT == 0 for x in scores):
            raise InvalidArgument(
                f"scores in {state!r} must be multiples of {POINT_UNIT} from 0", parameter="state"
            )
    else:
        _check_numbers(rules, state, scores, t, n, 0)
    return tuple(int(x) // POINT_UNIT for x in scores), int(t) // POINT_UNIT, int(n)


def _check_numbers(
    rules: FarkleRules, state: Any, scores: tuple[int, ...], t: int, n: int, floor: int
) -> None:
    """Raise InvalidArgument in one line unless ``state``'s scores, turn total and dice fit."""
    if not all(floor <= x < rules.goal and x % POINT_UNIT == 0 for x in scores):
        raise InvalidArgument(
            f"scores in {state!r} must be multiples of {POINT_UNIT} from {floor} to "
            f"{rules.goal - POINT_UNIT}",
            parameter="state",
        )
    if t < 0 or t % POINT_UNIT:
        raise InvalidArgument(
            f"turn total in {state!r} must be a multiple of {POINT_UNIT}, >= 0",
            parameter="state",
        )
    if not 1 <= n <= rules.dice:
        raise InvalidArgument(f"dice in {state!r} must be 1 to {rules.dice}", parameter="state")
