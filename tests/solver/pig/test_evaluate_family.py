"""The Pig family (Two-Dice Pig, Big Pig, Pass the Pigs) in the exact evaluation, the best
response and the simulation, against a pure-Python reference and against each other."""

from __future__ import annotations

import itertools
import time
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
    RollOutcomes,
    big_pig,
    die,
    pass_the_pigs,
    two_dice,
)
from pigsolve.solver.pig.best_response import best_response
from pigsolve.solver.pig.evaluation.evaluate import evaluate, run_layers
from pigsolve.solver.pig.evaluation.seatings import compare_seatings
from pigsolve.solver.pig.seat_policy import EXPLICIT, SeatPolicy
from pigsolve.solver.pig.simulate import roll_draws, simulate
from pigsolve.solver.pig.solve import solve

GAMES = {"two-dice": two_dice, "big-pig": big_pig, "pass-the-pigs": pass_the_pigs}


def lucky_reset() -> RollOutcomes:
    """Return a small game with a reset and unequal, non-consecutive gains."""
    return RollOutcomes(
        "lucky",
        (
            Outcome("pig", Fraction(1, 5), Effect.pig),
            Outcome("reset", Fraction(1, 10), Effect.reset),
            Outcome("one", Fraction(2, 5), Effect.add, 1),
            Outcome("four", Fraction(3, 10), Effect.add, 4),
        ),
    )


def chances(table: RollOutcomes) -> tuple[list[tuple[Fraction, int]], Fraction, Fraction]:
    """Return the outcome table's (probability, points) of each add, and P(pig), P(reset)."""
    adds = [(o.probability, o.points) for o in table.outcomes if o.effect is Effect.add]
    pig = sum((o.probability for o in table.outcomes if o.effect is Effect.pig), Fraction(0))
    reset = sum((o.probability for o in table.outcomes if o.effect is Effect.reset), Fraction(0))
    return adds, pig, reset


def turn_end(
    table: RollOutcomes, goal: int, score: int, hold: int
) -> tuple[Fraction, Fraction, dict[int, Fraction]]:
    """Return (P(pig), P(reset), {banked k: P}) of a turn from ``score`` held at ``hold`` (or
    the goal); a banked ``k`` with ``score + k >= goal`` is a win."""
    adds, pig, reset = chances(table)
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


def reference_best(table: RollOutcomes, goal: int, hold: int) -> tuple[float, float]:
    """Return the best reply's win probability against "hold at ``hold``", moving first and
    second, by plain value iteration over its states (pure Python, sweeps to 1e-15)."""
    adds, pig, reset = (
        [(float(p), g) for p, g in chances(table)[0]],
        *map(float, chances(table)[1:]),
    )
    ends = {j: turn_end(table, goal, j, hold) for j in range(goal)}
    mine = {(i, j, k): 0.5 for i in range(goal) for j in range(goal) for k in range(goal - i)}
    waiting = {(j, i): 0.5 for i in range(goal) for j in range(goal)}  # the opponent moves
    change = 1.0
    while change > 1e-15:
        change = 0.0
        for i, j, k in mine:
            rolled = pig * waiting[j, i] + reset * waiting[j, 0]
            for p, g in adds:
                rolled += p * (1.0 if i + k + g >= goal else mine[i, j, k + g])
            new = max(rolled, waiting[j, i + k]) if k > 0 else rolled
            change = max(change, abs(new - mine[i, j, k]))
            mine[i, j, k] = new
        for j, i in waiting:
            pigged, zeroed, banked = ends[j]
            new = float(pigged) * mine[i, j, 0] + float(zeroed) * mine[i, 0, 0]
            for k, p in banked.items():
                new += 0.0 if j + k >= goal else float(p) * mine[i, j + k, 0]
            change = max(change, abs(new - waiting[j, i]))
            waiting[j, i] = new
    return mine[0, 0, 0], waiting[0, 0]


def reference_starts(table: RollOutcomes, goal: int, holds: tuple[int, ...]) -> list[list[float]]:
    """Return ``[m][p]``: player p's win probability when seat m starts, players holding at
    ``holds[p]`` (or the goal), by plain sweeps over the start-of-turn values, pure Python.

    Independent of the kernels: each turn's end (pig, reset, a banked total, a win) is tabulated
    from the outcome table's fractions, then every value ``V[m][scores]`` is swept with no
    ordering argument until the largest change is below 1e-15.
    """
    n = len(holds)
    ends = {(s, h): turn_end(table, goal, s, h) for s in range(goal) for h in set(holds)}
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


@pytest.mark.parametrize("table", [two_dice(), pass_the_pigs(), big_pig()], ids=lambda t: t.name)
def test_best_response_equals_the_reference(table: RollOutcomes) -> None:
    goal, hold = 14, 5
    rules = PigRules(goal, outcomes=table)
    reply = best_response(rules, holders(rules, (hold,)))
    first, second = reference_best(table, goal, hold)
    assert reply.start[0, 0] == pytest.approx(first, abs=1e-12)
    assert reply.start[1, 0] == pytest.approx(second, abs=1e-12)
    assert reply.unsettled == 0


@pytest.mark.parametrize("table", [two_dice(), big_pig()], ids=lambda t: t.name)
def test_a_reply_is_a_whole_table(table: RollOutcomes) -> None:
    """By policy iteration (two-dice: scores fall) or by layers: each start row sums to 1, no
    roll is kept at or past the goal, and its counters are those of a run that settled, timed
    within the call."""
    goal = 14
    rules = PigRules(goal, outcomes=table)
    before = time.perf_counter()
    reply = best_response(rules, holders(rules, (5,)))
    elapsed = time.perf_counter() - before
    np.testing.assert_allclose(reply.start.sum(axis=1), 1.0, rtol=0, atol=1e-15)
    roll = reply.roll_table()[0]
    i, k = np.arange(goal)[:, None, None], np.arange(goal)[None, None, :]
    assert not (roll & (i + k >= goal)).any() and (roll & (i + k < goal)).any()
    assert 1 <= reply.num_iter <= 2 * goal and reply.unsettled == 0
    assert 0 <= reply.seconds <= elapsed


def test_best_response_to_the_optimal_player_is_the_game_value() -> None:
    rules = PigRules(30, outcomes=two_dice())
    solution = solve(rules)
    optimal = solution.greedy_seat(rules)
    value = solution.values[0, 0, 0]
    np.testing.assert_allclose(evaluate(rules, [optimal, optimal]).start(), [value, 1 - value])
    reply = best_response(rules, [optimal])
    assert reply.win_probability == pytest.approx(value, abs=1e-12)
    with pytest.raises(InvalidArgument, match="scores can fall to 0 in two-dice"):
        best_response(PigRules(10, players=3, outcomes=two_dice()), [optimal, optimal])


def test_a_reply_where_scores_fall_never_rolls_past_the_goal_whatever_it_answers() -> None:
    """Against a seat given as bits that roll everywhere, past the goal included (the engine
    never asks there), the reply's own table still holds no roll at or past the goal."""
    goal = 12
    rules = PigRules(goal, outcomes=two_dice())
    everywhere = np.full((goal * goal, (goal + 7) // 8), 255, np.uint8)
    reply = best_response(rules, [SeatPolicy("go-for-it", EXPLICIT, packed=everywhere)])
    i, k = np.arange(goal)[:, None, None], np.arange(goal)[None, None, :]
    assert not (reply.roll_table()[0] & (i + k >= goal)).any()
    assert reply.win_probability > 0.5  # against a player who never banks


def holders(rules: PigRules, holds: tuple[int, ...]) -> list:
    return [make_player(rules, f"hold{h}") for h in holds]


@pytest.mark.parametrize(
    "table",
    [two_dice(), big_pig(), pass_the_pigs(), lucky_reset(), die(4)],
    ids=lambda t: t.name,
)
def test_two_players_equal_the_reference(table: RollOutcomes) -> None:
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


# Computed by main's code before the family (commit 5df16ca), to every digit it printed.
BEFORE_THE_FAMILY = {
    (100, 6, False, "hold20", "hold25"): [0.5200339158420372, 0.45651757791461445],
    (40, 3, True, "hold5", "hold8"): [0.8935120593704481, 0.8891277559302535],
}


@pytest.mark.parametrize("case", sorted(BEFORE_THE_FAMILY))
def test_pig_keeps_its_numbers(case: tuple) -> None:
    goal, sides, piglet, a, b = case
    rules = PigRules(goal, sides, piglet=piglet)
    starts = evaluate(rules, holders_named(rules, a, b)).starts
    np.testing.assert_allclose(starts[:, 0], BEFORE_THE_FAMILY[case], rtol=0, atol=1e-13)


def test_pig_keeps_its_three_player_numbers_and_draws() -> None:
    rules = PigRules(30, players=3)
    players = holders(rules, (10, 15, 20))
    before = [0.24317406312655343, 0.10835263337606293, 0.16424762163385503]
    np.testing.assert_allclose(evaluate(rules, players).starts[:, 0], before, rtol=0, atol=1e-13)
    played = simulate(rules, players, 20000, seed=7, exact=False)
    assert played.wins.tolist() == [[1611, 2970, 2086], [756, 3538, 2373], [1124, 2147, 3395]]


def holders_named(rules: PigRules, *names: str) -> list:
    return [make_player(rules, name) for name in names]


def test_a_game_with_a_large_denominator_is_simulated_exactly() -> None:
    """Above 2**32 numbers the rolls are drawn by 64-bit rejection: still the exact chances."""
    size = 2**40
    pig = Fraction(size // 4 + 12345, size)
    table = RollOutcomes(
        "fine",
        (
            Outcome("pig", pig, Effect.pig),
            Outcome("reset", Fraction(1, 64), Effect.reset),
            Outcome("three", 1 - pig - Fraction(1, 64), Effect.add, 3),
        ),
    )
    rules = PigRules(20, outcomes=table)
    drawn_size, limit, _, _ = roll_draws(rules)
    assert (int(drawn_size), int(limit)) == (size, 2**64 - size)
    played = simulate(rules, holders(rules, (6, 9)), 60_000, seed=4)
    assert np.abs(played.z_scores()).max() < 4
    reference = reference_starts(table, 20, (6, 9))
    np.testing.assert_allclose(played.exact, reference, atol=1e-12)


def test_held_turn_counters_where_scores_fall() -> None:
    """four-turns counts its held turns: the pair kernel tracks them through resets too."""
    rules = PigRules(40, outcomes=two_dice())
    played = simulate(rules, holders_named(rules, "four-turns", "hold12"), 60_000, seed=8)
    assert played.exact is not None
    assert np.abs(played.z_scores()).max() < 4


def test_the_layers_refuse_a_game_where_scores_fall() -> None:
    rules = PigRules(10, outcomes=two_dice())
    policies = [p.seat_policy(rules) for p in holders(rules, (3, 4))]
    with pytest.raises(InvalidArgument, match="do not order two-dice"):
        run_layers(rules, policies)


def test_seatings_where_scores_fall() -> None:
    """Two seatings of two players equal the reference; three players are refused."""
    rules = PigRules(14, outcomes=pass_the_pigs())
    seatings = compare_seatings(rules, holders(rules, (5, 9)))
    reference = reference_starts(pass_the_pigs(), 14, (5, 9))  # player p sits in seat p
    np.testing.assert_allclose(seatings.probabilities, reference, atol=1e-12)
    assert seatings.orders == ((0, 1), (1, 0))
    three = PigRules(8, players=3, outcomes=pass_the_pigs())
    with pytest.raises(InvalidArgument, match="scores can fall to 0 in pass-the-pigs"):
        compare_seatings(three, holders(three, (3, 4, 5)))
