"""Three-player Farkle's last round: the final and middle turns' rows and chances, the solve
against a plain value iteration and games, the refusal of four players."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.last_round import _optimal_last_rows
from pigsolve.solver.farkle.last_round_three import last_round_values, optimal_last_rows
from pigsolve.solver.farkle.play import SolutionPlayer
from pigsolve.solver.farkle.simulate import simulate
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.games.farkle import FarkleRules

RULES = [
    FarkleRules(dice=3, goal=1000, players=3, last_turn=True),
    FarkleRules(dice=3, goal=1000, players=3, last_turn=True, min_bank=150, entry=300),
]


@pytest.mark.parametrize("rules", RULES, ids=["plain", "min bank, opening score"])
def test_final_turn_with_one_leader_is_the_two_player_last_turn(rules: FarkleRules) -> None:
    """Needing ``d`` to tie a single leader, C's chance and banks are the two-player last
    turn's (level worth 1/2)."""
    for c, a, b in [(3, 20, 5), (0, 21, 25), (19, 20, 0)]:
        need = max(a, b) - c
        value, rolled, top = _optimal_last_rows(rules, need)
        chances = last_round_values(rules, (c, a, b))
        assert chances[0] == pytest.approx(value[0, rules.dice], abs=1e-12)
        assert chances.sum() == pytest.approx(1.0)
        bank, _ = optimal_last_rows(rules, (c, a, b))
        assert len(bank) == top
        least = rules.least_bank(c * 50) // 50
        for t in range(top):
            banked = 0.5 if t == need else 0.0
            for n in range(1, rules.dice + 1):
                expected = t > 0 and t >= least and banked >= rolled[t, n]
                assert bank[t, n] == expected, (t, n)


def test_rows_are_cached_by_key_and_level_leaders_share() -> None:
    rules = RULES[0]
    first = optimal_last_rows(rules, (10, 5, 20))  # middle: d = 10, e = 15
    assert optimal_last_rows(rules, (11, 6, 21)) is first
    bank, choose = first
    assert bank.shape[0] == 10 + 200 and choose.shape[:2] == bank.shape
    level = last_round_values(rules, (3, 20, 20))  # C against A and B level
    assert level[1] == level[2] and level.sum() == pytest.approx(1.0)
    middle = last_round_values(rules, (10, 5, 20))
    assert np.all(middle > 0) and middle.sum() == pytest.approx(1.0)


@pytest.mark.parametrize(
    "rules, scores",
    [
        (RULES[0], (5, 5, 5)),
        (FarkleRules(dice=3, goal=1000, players=3), (5, 5, 25)),
        (RULES[0], (25, 5, 5)),
        (FarkleRules(dice=3, goal=1000, last_turn=True), (5, 25)),
    ],
)
def test_other_states_are_refused(rules: FarkleRules, scores: tuple[int, ...]) -> None:
    with pytest.raises(InvalidArgument, match=r"not a last-round state|no middle turn"):
        optimal_last_rows(rules, scores)


def _reference():
    path = Path(__file__).with_name("reference_players.py")
    spec = importlib.util.spec_from_file_location("farkle_reference_players", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [
        FarkleRules(dice=2, goal=300, players=3, last_turn=True),
        FarkleRules(dice=2, goal=300, players=3, last_turn=True, min_bank=100, entry=150),
        FarkleRules(dice=3, goal=300, players=3, last_turn=True),
    ],
    ids=["2 dice", "min bank, opening score", "3 dice"],
)
def test_agrees_with_value_iteration(rules: FarkleRules) -> None:
    """Every start of a turn, the last round's too, and some states within turns, against the
    plain value iteration with the last round (20 s to 4 minutes each). At three dice, goal
    300, banking 250 is worth more than 300 at (0, 250, 250): every keep must be weighed."""
    ceiling = rules.goal + 200
    expected = _reference().value_iteration(rules, ceiling=ceiling)
    solution = solve(rules, ceiling=ceiling)
    assert solution.coins == () and solution.ceiling == ceiling
    goal = rules.goal // 50
    for (scores, t, n), chances in expected.items():
        if (t, n) == (0, rules.dice) and max(scores) < goal:
            assert np.abs(solution.values[scores] - chances).max() < 1e-9
        if (t, n) == (0, rules.dice) or (t, n) == (1, 1):
            state = (tuple(50 * s for s in scores), 50 * t, n)
            assert np.abs(np.subtract(solution.chances(state), chances)).max() < 1e-9, state
    assert len([s for s, t, n in expected if max(s) >= goal and t == 0]) > 100


@pytest.mark.slow
def test_games_of_optimal_players_agree_with_the_first_movers_chance() -> None:
    """Optimal self-play at goal 1,000, three dice (a minute or more): the first mover's wins."""
    rules = FarkleRules(dice=3, goal=1000, players=3, last_turn=True)
    solution = solve(rules)
    players = [SolutionPlayer(solution, seed=seat) for seat in range(3)]
    games = 600
    result = simulate(rules, players, games, seed=46)
    first = sum(int(result.wins[r, r]) for r in range(3))
    p = float(solution.values[0, 0, 0, 0])
    z = (first / games - p) / np.sqrt(p * (1 - p) / games)
    assert abs(z) < 4, (first, p)
    assert np.allclose(result.exact[0], solution.seat_chances)


def test_four_players_with_the_last_turn_are_refused() -> None:
    with pytest.raises(InvalidArgument, match="solved for 2 and 3 players"):
        solve(FarkleRules(dice=2, goal=200, players=4, last_turn=True))
