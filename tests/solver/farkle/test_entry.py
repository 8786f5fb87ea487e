"""Farkle's opening score (``entry``): the least first bank, solved, evaluated, simulated, played
and read from a file, against the pure-Python value iteration and today's figures."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from pigsolve.solver.dice import ListedDice
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.best_response import best_response
from pigsolve.solver.farkle.evaluate import evaluate_tables
from pigsolve.solver.farkle.play import Farkled, FarkleGame, Held, Kept, Rolled
from pigsolve.solver.farkle.policy import guided, max_score, thresholds
from pigsolve.solver.farkle.simulate import simulate
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.verify import bellman_residual, seat_residuals
from pigsolve.solver.games.farkle import FarkleRules, rule_set_name
from pigsolve.solver.games.farkle_files import farkle_rules_from_toml

SMALL = FarkleRules(dice=3, goal=1000, entry=300)


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(SMALL, marks=pytest.mark.slow),
        FarkleRules(dice=2, goal=500, min_bank=100, entry=250, hot_dice=False),
    ],
    ids=["3 dice, goal 1000, entry 300", "entry 250, min bank 100, no hot dice"],
)
def test_agrees_with_value_iteration(rules: FarkleRules, reference: ModuleType) -> None:
    """Every state before a roll against the reference, which banks at score 0 only from
    ``entry`` (tests/solver/farkle/reference.py)."""
    expected = reference.value_iteration(rules)
    solution = solve(rules)
    goal, dice = rules.goal // 50, rules.dice
    start = np.array([[expected[(i, j, 0, dice)] for j in range(goal)] for i in range(goal)])
    np.testing.assert_allclose(solution.values, start, rtol=0, atol=1e-9)
    worst = max(
        abs(p - solution.win_probability(((50 * i, 50 * j), 50 * t, n)))
        for (i, j, t, n), p in expected.items()
    )
    assert worst < 1e-9 and bellman_residual(solution) <= 1e-14


def test_the_opening_score_changes_the_game_and_zero_is_todays() -> None:
    """Without one the rules, their JSON, name and values are today's (the table's name of the
    3-dice game is the doctest's); with one the mover at 0 may not bank below it."""
    today = FarkleRules(dice=3, goal=1000)
    assert replace(SMALL, entry=0) == today and "entry" not in json.loads(today.to_json())
    assert rule_set_name(today) == "custom-b9faee81" != rule_set_name(SMALL)
    assert rule_set_name(replace(SMALL, goal=2000)) == rule_set_name(SMALL)
    assert rule_set_name(FarkleRules(goal=1000, entry=500)).startswith("custom-")
    assert solve(today).p_first_player == pytest.approx(0.534861, abs=5e-7)
    solution = solve(SMALL)
    assert solution.p_first_player != pytest.approx(0.534861, abs=1e-3)
    assert "entry=300" in repr(solution) and "entry" not in repr(solve(today))
    assert set(solution.action_values(((0, 0), 250, 1))) == {"roll"}
    assert set(solution.action_values(((0, 0), 300, 1))) == {"bank", "roll"}
    assert set(solution.action_values(((50, 0), 100, 1))) == {"bank", "roll"}


def test_rules_json_round_trip_and_an_old_table_without_the_key() -> None:
    assert FarkleRules.from_json(SMALL.to_json()) == SMALL
    old = json.loads(replace(SMALL, entry=0).to_json())
    assert "entry" not in old and FarkleRules.from_json(json.dumps(old)).entry == 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"entry": -50}, "entry must be 0 or a positive multiple of 50, got -50"),
        ({"entry": 310}, "entry must be 0 or a positive multiple of 50, got 310"),
        ({"entry": True}, "entry must be 0 or a positive multiple of 50, got True"),
        ({"entry": 1050}, "entry must be at most the goal (1,000), got 1,050"),
        (
            {"entry": 500, "farkle_penalty": 500},
            "entry and farkle_penalty cannot go together (a penalty can take a player who is "
            "on the board back to 0)",
        ),
    ],
)
def test_bad_values_are_one_line(change: dict, message: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        FarkleRules(goal=1000, **change)
    assert str(caught.value) == message and "\n" not in message


def test_the_toml_key(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('base = "farkle"\ngoal = 1000\nentry = 500\n')
    assert farkle_rules_from_toml(path) == FarkleRules(goal=1000, entry=500)
    path.write_text("entry = 75\n")
    with pytest.raises(InvalidArgument) as caught:
        farkle_rules_from_toml(path)
    assert str(caught.value) == f"{path}: entry must be 0 or a positive multiple of 50, got 75"
    path.write_text('base = "facebook-farkle"\nentry = 500\n')
    with pytest.raises(InvalidArgument, match="entry and farkle_penalty cannot go together"):
        farkle_rules_from_toml(path)


def test_the_exact_evaluation_and_the_best_reply() -> None:
    """Optimal play against itself is the solver's table, and the reply to it too; the reply to
    max-score (which at 0 banks only from the opening score) is played back exactly."""
    solution = solve(SMALL)
    optimal = guided(SMALL, solution.values)
    x_a, x_b = evaluate_tables(SMALL, optimal, optimal)
    assert np.abs(x_a - solution.values).max() < 1e-12
    assert np.abs(x_b - solution.values).max() < 1e-12
    reply = best_response(SMALL, optimal)
    assert np.abs(reply.values - solution.values).max() < 1e-12
    opponent = max_score(SMALL)
    reply = best_response(SMALL, opponent)
    x_a, x_b = evaluate_tables(SMALL, reply.policy, opponent)
    assert np.abs(x_a - reply.values).max() < 1e-12
    assert np.abs(x_b - reply.opponent_values).max() < 1e-12


def test_simulation_agrees_with_the_exact_evaluation() -> None:
    rules = FarkleRules(dice=3, goal=1000, entry=500)
    optimal = guided(rules, solve(rules).values)
    result = simulate(rules, [thresholds(rules, (200,)), optimal], 4_000, 7)
    for name, z in result.z_scores(result.exact).items():
        assert abs(z) < 4, (name, z, result)


def test_three_players() -> None:
    """The orbits bank at 0 from the opening score: their own residuals, and at two players
    the orbit solve is the pair solve."""
    rules = FarkleRules(dice=2, goal=500, players=3, entry=200)
    solution = solve(rules)
    assert seat_residuals(solution).max() <= 1e-12
    assert set(solution.action_values(((0, 0, 0), 150, 2))) == {"roll"}
    assert "bank" in solution.action_values(((50, 0, 0), 150, 2))
    from pigsolve.solver.farkle.players import solve_players

    two = FarkleRules(dice=3, goal=600, entry=300)
    values, residual, _, _ = solve_players(two)
    assert residual <= 1e-14 and np.abs(values[..., 0] - solve(two).values).max() < 1e-13


def test_the_game_offers_no_bank_below_the_opening_score() -> None:
    """At 0 a turn total of 150 rolls on with no question; once on the board 100 may bank."""
    rules = FarkleRules(goal=1000, entry=200)
    first, second = [1, 5, 2, 3, 4, 6, 2, 3, 4, 1], [1, 5, 2, 3, 4, 6, 2, 3, 4, 6]
    game = FarkleGame(rules, ListedDice([*first, *second, 1, 2, 3, 4, 6, 6]))
    game.start()
    events = game.apply("1 5")  # 150: below 200, so the 4 dice are rolled, their 1 kept
    assert events == [
        Kept(0, (1, 5), 150, 150, 4),
        Rolled(0, (1, 2, 3, 4)),
        Kept(0, (1,), 100, 250, 3),
    ]
    assert game.legal_actions() == ("bank", "roll")
    assert game.apply("bank")[0] == Held(0, 250, 250)
    events = game.apply("1 5")  # seat 1 at 0: rolls on from 150, and farkles
    assert events[:3] == [
        Kept(1, (1, 5), 150, 150, 4),
        Rolled(1, (2, 3, 4, 6)),
        Farkled(1, 150, 0, 0),
    ]
    assert game.view.state == ((250, 0), 100, 5) and game.legal_actions() == ("bank", "roll")


def test_with_a_last_turn_agrees_with_value_iteration(reference: ModuleType) -> None:
    """A last turn needs at least the goal from 0, never below the opening score: its values
    are the reference's, which keeps no opening score in the last turn."""
    rules = FarkleRules(dice=2, goal=250, last_turn=True, entry=150)
    expected = reference.value_iteration(rules, ceiling=400)
    solution = solve(rules, ceiling=400)
    worst = max(
        abs(p - solution.win_probability(((50 * i, 50 * j), 50 * t, n)))
        for (i, j, t, n), p in expected.items()
        if i != "last"
    )
    assert worst < 1e-9 and solution.residual <= 1e-14
    assert solution.p_first_player != solve(replace(rules, entry=0), ceiling=400).p_first_player
