"""The Pig family (Two-Dice Pig, Big Pig, Pass the Pigs) in the exact evaluation, the best
response and the simulation, against a pure-Python reference and against each other."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from pigsolve.policies import make_player
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import (
    Effect,
    Outcome,
    RollTable,
    big_pig,
    die,
    pass_the_pigs,
    two_dice,
)
from pigsolve.solver.pig.evaluate import evaluate
from pigsolve.solver.pig.simulate import roll_draws, simulate

GAMES = {"two-dice": two_dice, "big-pig": big_pig, "pass-the-pigs": pass_the_pigs}


def lucky_reset() -> RollTable:
    """Return a small game with a reset and unequal, non-consecutive gains."""
    return RollTable(
        "lucky",
        (
            Outcome("pig", Fraction(1, 5), Effect.pig),
            Outcome("reset", Fraction(1, 10), Effect.reset),
            Outcome("one", Fraction(2, 5), Effect.add, 1),
            Outcome("four", Fraction(3, 10), Effect.add, 4),
        ),
    )


def reference_starts(table: RollTable, goal: int, holds: tuple[int, ...]) -> list[list[float]]:
    """Return ``[m][p]``: player p's win probability when seat m starts, players holding at
    ``holds[p]`` (or the goal), by plain sweeps over the start-of-turn values, pure Python.

    Independent of the kernels: each turn's end (pig, reset, a banked total, a win) is tabulated
    from the outcome table's fractions, then every value ``V[m][scores]`` is swept with no
    ordering argument until the largest change is below 1e-15.
    """
    n = len(holds)
    adds = [(o.probability, o.points) for o in table.outcomes if o.effect is Effect.add]
    pig = sum((o.probability for o in table.outcomes if o.effect is Effect.pig), Fraction(0))
    reset = sum((o.probability for o in table.outcomes if o.effect is Effect.reset), Fraction(0))

    def turn_end(score: int, hold: int) -> tuple[Fraction, Fraction, dict[int, Fraction]]:
        """Return (P(pig), P(reset), {banked k or 'win' at goal: P}) of a turn from ``score``."""
        reach = {0: Fraction(1)}
        banked: dict[int, Fraction] = {}
        lost = Fraction(0)
        for k in range(goal):
            chance = reach.pop(k, Fraction(0))
            if not chance:
                continue
            if k > 0 and (k >= hold or score + k >= goal):
                banked[k] = banked.get(k, Fraction(0)) + chance
                continue
            lost += chance
            for p, points in adds:
                landed = min(k + points, goal)  # goal stands for a win
                if score + landed >= goal:
                    banked[goal] = banked.get(goal, Fraction(0)) + chance * p
                else:
                    reach[landed] = reach.get(landed, Fraction(0)) + chance * p
        return lost * pig, lost * reset, banked

    ends = {(s, h): turn_end(s, h) for s in range(goal) for h in set(holds)}
    vectors = list(itertools.product(range(goal), repeat=n))
    value = {(m, s): [1.0 / n] * n for m in range(n) for s in vectors}
    change = 1.0
    while change > 1e-15:
        change = 0.0
        for m, s in value:
            after = (m + 1) % n
            pigged, reset_chance, banked = ends[s[m], holds[m]]
            new = [float(pigged) * v for v in value[after, s]]
            zeroed = (*s[:m], 0, *s[m + 1 :])
            new = [
                a + float(reset_chance) * v for a, v in zip(new, value[after, zeroed], strict=True)
            ]
            for k, chance in banked.items():
                if s[m] + k >= goal:
                    new[m] += float(chance)
                else:
                    moved = (*s[:m], s[m] + k, *s[m + 1 :])
                    new = [
                        a + float(chance) * v for a, v in zip(new, value[after, moved], strict=True)
                    ]
            change = max(change, max(abs(a - b) for a, b in zip(new, value[m, s], strict=True)))
            value[m, s] = new
    return [value[m, (0,) * n] for m in range(n)]


def holders(rules: PigRules, holds: tuple[int, ...]) -> list:
    return [make_player("pig", f"hold{h}", rules) for h in holds]


@pytest.mark.parametrize(
    "table",
    [two_dice(), big_pig(), pass_the_pigs(), lucky_reset(), die(4)],
    ids=lambda t: t.name,
)
def test_two_players_equal_the_reference(table: RollTable) -> None:
    goal, holds = 14, (5, 9)
    rules = PigRules(goal, outcomes=table)
    exact = evaluate(rules, holders(rules, holds)).starts
    np.testing.assert_allclose(exact, reference_starts(table, goal, holds), atol=1e-12)


def test_three_players_without_resets_equal_the_reference() -> None:
    goal, holds = 9, (3, 5, 7)
    rules = PigRules(goal, players=3, outcomes=big_pig())
    exact = evaluate(rules, holders(rules, holds)).starts
    np.testing.assert_allclose(exact, reference_starts(big_pig(), goal, holds), atol=1e-12)


def test_three_players_with_resets_are_refused_and_simulated() -> None:
    goal, holds = 8, (3, 5, 7)
    rules = PigRules(goal, players=3, outcomes=two_dice())
    players = holders(rules, holds)
    with pytest.raises(InvalidArgument, match="scores can fall to 0 in two-dice"):
        evaluate(rules, players)
    games = 30_000
    played = simulate(rules, players, games, seed=11)
    assert played.exact is None
    expected = np.array(reference_starts(two_dice(), goal, holds))
    assert np.abs(replace(played, exact=expected).z_scores()).max() < 4
    assert played.wins.sum() == games


@pytest.mark.parametrize("name", sorted(GAMES))
def test_simulation_agrees_with_exact_evaluation(name: str) -> None:
    rules = PigRules(40, outcomes=GAMES[name]())
    played = simulate(rules, holders(rules, (10, 16)), 60_000, seed=5)
    assert played.exact is not None
    assert np.abs(played.z_scores()).max() < 4
    for first in (0, 1):  # each first mover's games on their own
        tally = played.tally(0, first)
        p = played.exact[first, 0]
        z = (tally.wins - tally.games * p) / np.sqrt(tally.games * p * (1 - p))
        assert abs(z) < 4


def test_simulation_is_seeded() -> None:
    rules = PigRules(30, outcomes=pass_the_pigs())
    players = holders(rules, (8, 12))
    first = simulate(rules, players, 5000, seed=9, exact=False)
    again = simulate(rules, players, 5000, seed=9, exact=False)
    other = simulate(rules, players, 5000, seed=10, exact=False)
    np.testing.assert_array_equal(first.wins, again.wins)
    assert first.mean_turns == again.mean_turns
    assert not np.array_equal(first.wins, other.wins)


def test_draws_cover_the_outcomes_with_their_counts() -> None:
    table = pass_the_pigs()
    size, limit, upto, points = roll_draws(PigRules(outcomes=table))
    assert int(size) == table.denominator
    counts = np.diff(np.concatenate([[0], upto]))
    expected = [o.probability * table.denominator for o in table.outcomes]
    assert counts.tolist() == expected
    assert points[[o.effect is Effect.reset for o in table.outcomes]].tolist() == [-1]
    assert int(limit) == 2**32 % table.denominator
