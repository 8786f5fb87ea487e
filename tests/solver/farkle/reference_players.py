"""Plain value iteration over every state of Farkle with three players or more: a cross-check.

Pure Python, slow and plain: a state is ``(scores, t, n)`` (every banked score, the mover's
first, in units of 50; the turn total; the dice to roll) and its value every player's chance,
the mover's first. It sweeps every state in place, the highest score sums first, until no value
moves by more than ``tolerance``. A roll's value sums every multiset of faces, each with the
best of *every* legal keep for the mover (:func:`solver.games.farkle_scoring.keeps`, none
pruned; fewest dice left at a tie, as the solver), or a farkle: the next player moves at the
same scores. Before a roll the mover banks (``t > 0``, ``t >= min_bank``) where not worse.

With the last turn (three players) a bank reaching the goal passes to the last round's states,
``(b, c, a)`` (B's last turn) and ``(c, a, b)`` (C's), whose banks end the game: the highest
score wins, level players share. Their turns bank from a lead of ``ceiling - goal`` over A (B)
or once they win (C). They are swept first, to their own fixed point (no bank of theirs leads
back to the main game), then the main game's states.

It shares with the solver only the scoring of one roll: not the turn's arrays, the orbits, the
policy iteration or the coins (so it is for rules whose equilibrium is pure).
"""

from __future__ import annotations

import itertools

from pigsolve.solver.games.farkle import FACES, POINT_UNIT, FarkleRules
from pigsolve.solver.games.farkle_scoring import keeps, rolls


def value_iteration(
    rules: FarkleRules, tolerance: float = 1e-13, max_sweeps: int = 5000, ceiling: int = 0
) -> dict[tuple, tuple[float, ...]]:
    """Return ``{(scores, t, n): chances}`` for every state before a roll (units); a turn's
    start is ``(scores, 0, dice)``. With the last turn ``ceiling`` (points) bounds the banks.
    Raise AssertionError if the sweeps do not settle."""
    goal, min_bank, dice = rules.goal // POINT_UNIT, rules.min_bank // POINT_UNIT, rules.dice
    players = rules.players
    cap, lead = (
        (ceiling // POINT_UNIT, (ceiling - rules.goal) // POINT_UNIT) if ceiling else (goal, 0)
    )
    chances = {}
    most = 0
    for n in range(1, dice + 1):
        found = []
        for roll, ways in rolls(n):
            choices = []
            for kept, points in keeps(roll, rules.scoring):
                left = n - sum(kept)
                after = left or (dice if rules.hot_dice else 0)
                choices.append((left, points // POINT_UNIT, after))
                most = max(most, points // POINT_UNIT)
            found.append((ways, sorted(choices)))
        chances[n] = found
    win = (1.0,) + (0.0,) * (players - 1)

    def least(scores: tuple[int, ...]) -> int:
        return rules.least_bank(scores[0] * POINT_UNIT) // POINT_UNIT

    def top(scores: tuple[int, ...]) -> int:
        if scores[1] >= goal:  # C's last turn: from here banking wins
            return max(max(scores[1:]) - scores[0] + 1, least(scores))
        if scores[2] >= goal:  # B's: it banks once it leads A by the lead
            return max(scores[2] + lead - scores[0], least(scores))
        return max(cap - scores[0], min_bank)

    def states_of(all_scores: list[tuple[int, ...]]) -> list[tuple]:
        return [
            (s, t, n)
            for s in all_scores
            for t in range(top(s) - 1, -1, -1)
            for n in range(1, dice + 1)
        ]

    main = states_of(sorted(itertools.product(range(goal), repeat=players), key=lambda s: -sum(s)))
    last_round = []
    if ceiling:
        reached = range(goal, cap + most)
        finals = [(c, a, b) for c in range(goal) for a in reached for b in range(a + lead + most)]
        middles = [(b, c, a) for b in range(goal) for c in range(goal) for a in reached]
        last_round = states_of(finals) + states_of(middles)
    value = {state: (1.0 / players,) * players for state in main + last_round}

    def passed(scores: tuple[int, ...], u: int) -> tuple[float, ...]:
        """Every player's chance once the mover passes the turn having banked ``u``."""
        if ceiling and scores[1] >= goal:  # the game ends: the best share
            final = (scores[0] + u, *scores[1:])
            best = max(final)
            return tuple(float(s == best) / final.count(best) for s in final)
        if scores[0] + u >= goal and not ceiling:
            return win
        after = value[((*scores[1:], scores[0] + u), 0, dice)]
        return tuple(after[(p - 1) % players] for p in range(players))

    def sweeps(states: list[tuple]) -> None:
        for _ in range(max_sweeps):
            change = 0.0
            for scores, t, n in states:
                new = _state_value(scores, t, n, chances[n], passed, top, least, value, dice)
                old = value[(scores, t, n)]
                change = max(change, max(abs(a - b) for a, b in zip(new, old, strict=True)))
                value[(scores, t, n)] = new
            if change <= tolerance:
                return
        raise AssertionError(f"value iteration did not settle in {max_sweeps} sweeps")

    sweeps(last_round)
    sweeps(main)
    return value


def _state_value(scores, t, n, outcomes, passed, top, least, value, dice) -> tuple[float, ...]:
    """Return every player's chance at ``(scores, t, n)`` before a roll, by the current values."""
    total = [0.0] * len(scores)
    for ways, choices in outcomes:
        if not choices:
            row = passed(scores, 0)
        else:
            row, best = None, -1.0
            for _, gain, after in choices:
                u = t + gain
                if after == 0 or u >= top(scores):
                    option = passed(scores, u)
                else:
                    option = value[(scores, u, after)]
                if option[0] > best:
                    row, best = option, option[0]
        total = [x + ways * y for x, y in zip(total, row, strict=True)]
    rolled = tuple(x / FACES**n for x in total)
    if t > 0 and t >= least(scores):
        banked = passed(scores, t)
        if banked[0] >= rolled[0]:
            return banked
    return rolled
