"""The Pig family in the solver: Two-Dice Pig, Big Pig, Pass the Pigs and a TOML game against a
pure-Python plain value iteration, resets solved to the fixed point, Pig's numbers unchanged."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_files import load_game
from pigsolve.solver.games.pig_outcomes import (
    Effect,
    Outcome,
    RollOutcomes,
    big_pig,
    pass_the_pigs,
    two_dice,
)
from pigsolve.solver.pig.reference import value_iteration
from pigsolve.solver.pig.solve import solve
from pigsolve.solver.pig.verify import verify_table

TOML_GAME = """
name = "bust die"
[[outcome]]
name = "bust"
count = 1
effect = "reset"
[[outcome]]
name = "pig"
count = 2
effect = "pig"
[[outcome]]
name = "two"
count = 3
effect = "add"
points = 2
[[outcome]]
name = "three"
count = 2
effect = "add"
points = 3
[[outcome]]
name = "seven"
count = 1
effect = "add"
points = 7
"""

BLANK_GAME = """
name = "blank die"
[[outcome]]
name = "pig"
count = 8
effect = "pig"
[[outcome]]
name = "blank"
count = 3
effect = "add"
points = 0
[[outcome]]
name = "two"
count = 4
effect = "add"
points = 2
[[outcome]]
name = "three"
count = 2
effect = "add"
points = 3
[[outcome]]
name = "jackpot"
count = 1
effect = "add"
points = 9223372036854775807
"""
"""A roll that adds 0 (a blank: the turn goes on) and one of 2**63 - 1 points (a win)."""
BLANK_RESET_GAME = BLANK_GAME.replace('count = 8\neffect = "pig"', 'count = 2\neffect = "reset"')
BLANK_RESET_GAME += '[[outcome]]\nname = "one"\ncount = 8\neffect = "pig"\n'
GAMES = {"toml": TOML_GAME, "blank": BLANK_GAME, "blank-reset": BLANK_RESET_GAME}


def plain_value_iteration(rules: PigRules, tolerance: float = 1e-13, full: bool = False) -> dict:
    """Return every player's start-of-turn chances by score vector (with ``full``, by
    ``(scores, k)``), by plain in-place sweeps.

    Pure Python, written from the rules alone: each roll outcome of ``rules.roll_outcomes`` adds
    its points (a win at the goal; 0 points: the same state again), pigs (the turn passes, the
    mover's score kept) or resets (the turn passes, the mover's score 0); holding at ``k >= 1``
    banks ``k``.
    """
    goal, n = rules.goal, rules.players
    value = {}
    for scores in itertools.product(range(goal), repeat=n):
        for k in range(goal - scores[0]):
            value[scores, k] = [1.0 / n] * n
    order = sorted(value, key=lambda state: (-sum(state[0]), -state[1]))
    for _ in range(20_000):
        change = 0.0
        for scores, k in order:
            rolled = plain_roll(rules, value, scores, k)
            best = rolled
            if k >= 1:
                held = passed(value, scores, scores[0] + k)
                if held[0] >= rolled[0]:
                    best = held
            old = value[scores, k]
            change = max(change, *(abs(a - b) for a, b in zip(best, old, strict=True)))
            value[scores, k] = best
        if change <= tolerance:
            return value if full else {scores: value[scores, 0] for scores, k in value if k == 0}
    raise AssertionError("plain value iteration did not settle")


def passed(value: dict, scores: tuple[int, ...], own: int) -> list[float]:
    """Return the chances once the turn passes with the mover's score ``own``."""
    following = value[(*scores[1:], own), 0]  # the mover is last in the next frame
    return [following[-1], *following[:-1]]


def plain_roll(rules: PigRules, value: dict, scores: tuple[int, ...], k: int) -> list[float]:
    """Return every player's chance if the mover rolls once at ``(scores, k)`` (``value``
    giving each state's chances, a blank coming back to this one)."""
    win = [1.0] + [0.0] * (rules.players - 1)
    rolled = [0.0] * rules.players
    for outcome in rules.roll_outcomes.outcomes:
        if outcome.effect is Effect.pig:
            after = passed(value, scores, scores[0])
        elif outcome.effect is Effect.reset:
            after = passed(value, scores, 0)
        elif scores[0] + k + outcome.points >= rules.goal:
            after = win
        else:
            after = value[scores, k + outcome.points]
        for j in range(rules.players):
            rolled[j] += float(outcome.probability) * after[j]
    return rolled


def toml_game(tmp_path: Path, game: str = "toml"):
    path = tmp_path / f"{game}.toml"
    path.write_text(GAMES[game])
    return load_game(path)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "goal", "players"),
    [
        ("pig", 20, 2),
        ("two-dice", 20, 2),
        ("big-pig", 20, 2),
        ("pass-the-pigs", 15, 2),
        ("toml", 16, 2),
        ("big-pig", 9, 3),
        ("blank", 16, 2),
        ("blank-reset", 16, 2),
        ("blank", 9, 3),
    ],
)
def test_the_solver_agrees_with_plain_value_iteration(tmp_path, game, goal, players) -> None:
    tables = {"two-dice": two_dice, "big-pig": big_pig, "pass-the-pigs": pass_the_pigs}
    outcomes = toml_game(tmp_path, game) if game in GAMES else tables.get(game, lambda: None)()
    rules = PigRules(goal, players=players, outcomes=outcomes)
    solution = solve(rules)
    expected = plain_value_iteration(rules)
    worst = max(
        float(np.abs(solution.values[scores] - np.array(chances)).max())
        for scores, chances in expected.items()
    )
    assert worst < 1e-9
    assert all(check.passed for check in verify_table(solution) if "attribute" not in check.name)


@pytest.mark.parametrize("outcomes", [two_dice(), big_pig(), pass_the_pigs()], ids=str)
def test_the_numpy_reference_and_value_iteration_agree_on_every_state(outcomes) -> None:
    rules = PigRules(18, outcomes=outcomes)
    layered = solve(rules)
    swept = solve(rules, "value-iteration", tolerance=1e-14)
    reference = value_iteration(rules, full=True)[..., 0]
    assert np.abs(layered.probabilities() - reference).max() < 1e-9
    assert np.abs(swept.probabilities() - reference).max() < 1e-9
    assert layered.max_bellman_residual < 1e-12


def test_two_dice_at_goal_100_reaches_the_fixed_point() -> None:
    """An independent numpy prototype (value iteration) gave P(0, 0, 0) = 0.519559."""
    solution = solve(PigRules(100, outcomes=two_dice()))
    assert round(solution.p_first_player, 6) == 0.519559
    assert solution.max_bellman_residual < 1e-12
    checks = verify_table(solution)
    assert all(check.passed for check in checks if "attribute" not in check.name), checks


def test_a_reset_at_score_0_is_a_pig() -> None:
    """Goal 2: a roll of 2 wins, so the mover has banked nothing at a reset: as a pig."""

    def game(effect: Effect) -> RollOutcomes:
        return RollOutcomes(
            str(effect),
            (
                Outcome("one", Fraction(1, 3), effect),
                Outcome("two", Fraction(2, 3), Effect.add, 2),
            ),
        )

    reset = solve(PigRules(2, outcomes=game(Effect.reset)))
    pig = solve(PigRules(2, outcomes=game(Effect.pig)))
    np.testing.assert_allclose(reset.values, pig.values, atol=1e-15)
    assert reset.p_first_player == pytest.approx(3 / 4)  # 2/3 + 1/3 * (1 - 3/4)


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_more_players_with_resets_are_refused(players: int) -> None:
    with pytest.raises(InvalidArgument, match=r"scores can fall to 0 in two-dice \(double 1s\): "):
        solve(PigRules(10, players=players, outcomes=two_dice()))


# Values computed by the solver on main before the family (commit 7df7842): the roll's new
# path (weighted gains, the sliding window kept for Pig's die) must not move Pig's numbers.
PIG_ON_MAIN = [
    (PigRules(20), 282.22841899068374, 0.6155585498050428),
    (PigRules(25, 10), 503.28449859422443, 0.7215364856653893),
    (PigRules(20, 2, piglet=True), 204.75780235214995, 0.515818532255379),
    (PigRules(20, 4, players=3), 3919.4847505151865, 0.3827223956750869),
    (PigRules(12, 3, players=4), 8766.063665458601, 0.30325175098957957),
]


@pytest.mark.parametrize(("rules", "total", "first"), PIG_ON_MAIN, ids=repr)
def test_pig_through_the_new_path_equals_main(rules: PigRules, total: float, first: float) -> None:
    solution = solve(rules)
    assert abs(float(solution.values[..., 0].sum()) - total) < 1e-11
    assert abs(solution.p_first_player - first) < 1e-13


@pytest.mark.parametrize("outcomes", [two_dice(), pass_the_pigs(), big_pig()], ids=str)
def test_rows_rebuilt_without_the_full_table_know_the_game(outcomes) -> None:
    """The pure-numpy rows and the kernels' choices, resets included, equal the full table."""
    rules = PigRules(24, outcomes=outcomes)
    full, compact = solve(rules, full=True), solve(rules, full=False)
    p, roll = full.probabilities(), full.roll_array()
    for i, j in [(0, 0), (3, 17), (20, 5), (23, 23)]:
        row = compact.row((i, j))
        np.testing.assert_allclose(row.value[:, 0], p[i, j, : 24 - i], atol=1e-14)
        np.testing.assert_array_equal(row.roll_probability[1:] == 1, roll[i, j, 1 : 24 - i])
    np.testing.assert_array_equal(compact.choices(full=True)[1].astype(bool), roll)


def test_the_orbit_solver_refuses_resets(by_orbits) -> None:
    with pytest.raises(InvalidArgument, match="scores can fall to 0 in two-dice"):
        by_orbits(PigRules(10, outcomes=two_dice()))


def test_the_optimal_seat_of_a_game_with_resets_plays_the_tables_choices() -> None:
    from pigsolve.solver.pig.seat_policy import EXPLICIT

    rules = PigRules(20, outcomes=two_dice())
    solution = solve(rules)
    seat = solution.greedy_seat(rules)
    assert seat.kind == EXPLICIT
    unpacked = np.unpackbits(seat.packed, axis=-1, bitorder="little")[:, :20].astype(bool)
    np.testing.assert_array_equal(unpacked.reshape(20, 20, 20), solution.roll_array())


@pytest.mark.slow
@pytest.mark.parametrize("game", ["blank", "blank-reset"])
@pytest.mark.parametrize("full", [True, False])
def test_a_blank_roll_comes_back_to_the_same_state(tmp_path, game: str, full: bool) -> None:
    """A roll adding 0 made the layered solve P = nan; each state's row, its roll's value
    included where holding is better, agrees with plain value iteration's."""
    rules = PigRules(14, outcomes=toml_game(tmp_path, game))
    solution = solve(rules, full=full)
    value = plain_value_iteration(rules, full=True)
    holds = 0
    for (scores, k), chances in value.items():
        row = solution.row(scores)
        np.testing.assert_allclose(row.value[k], chances, atol=1e-11)
        assert abs(row.roll[k, 0] - plain_roll(rules, value, scores, k)[0]) < 1e-11
        holds += k > 0 and row.roll_probability[k] == 0
    assert holds > 100  # the roll's value is checked where it is not the state's


def test_points_past_the_goal_count_as_the_goal(tmp_path) -> None:
    """2**63 - 1 points overflowed the turn total: P = nan, and a query an IndexError."""
    outcomes = toml_game(tmp_path, "blank")
    capped = RollOutcomes(
        outcomes.name, tuple(replace(o, points=min(o.points, 12)) for o in outcomes.outcomes)
    )
    huge, goal = solve(PigRules(12, outcomes=outcomes)), solve(PigRules(12, outcomes=capped))
    np.testing.assert_array_equal(huge.values, goal.values)
    np.testing.assert_array_equal(huge.probabilities(), goal.probabilities())
    assert np.isfinite(huge.row((11, 3)).value).all()
