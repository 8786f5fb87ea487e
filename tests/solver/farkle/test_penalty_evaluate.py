"""Exact evaluation of fixed Farkle players under the three-farkle penalty: against the solver,
a plain iteration over every state, the step-wise simulation and the command line."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from pigsolve.cli import app
from pigsolve.policies.farkle.players import make_player, optimal_player
from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.farkle import penalty_evaluate
from pigsolve.solver.farkle.evaluate import compare, compare_tables
from pigsolve.solver.farkle.penalty_evaluate import evaluate_penalty, penalty_laws
from pigsolve.solver.farkle.policy import FarklePolicy, guided, max_score, thresholds
from pigsolve.solver.farkle.simulate import simulate
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.turn import turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules

RULES = FarkleRules(dice=3, goal=500, farkle_penalty=500)
FLOOR = -500


@pytest.mark.parametrize("rules", [RULES, FarkleRules(dice=6, goal=400, farkle_penalty=500)])
def test_optimal_against_optimal_is_the_solvers_value(rules: FarkleRules) -> None:
    solution = solve(rules, floor=FLOOR)
    optimal = guided(rules, solution.values, solution.floor)
    x_a, x_b, rounds = evaluate_penalty(rules, optimal, optimal)
    assert np.abs(x_a - solution.values).max() < 1e-12
    assert np.abs(x_b - solution.values).max() < 1e-12
    assert rounds > 1
    player = optimal_player(solution)  # its table is the guided player of the 4-D values
    result = compare(rules, player, player)
    assert result.a_first == pytest.approx(solution.p_first_player, abs=1e-12)
    assert result.b_first == pytest.approx(1 - solution.p_first_player, abs=1e-12)


def iterate(rules: FarkleRules, a: FarklePolicy, b: FarklePolicy, floor: int) -> np.ndarray:
    """Return ``x[p, a, b, i, j]``: the chance of the mover (``p`` 0 for A, 1 for B) at the
    start of a turn, ``a`` its farkles in a row, ``b`` the opponent's, scores ``i, j`` in units
    from ``floor``; Gauss-Seidel sweeps over the start values, each turn's states (turn total,
    dice) solved backward from the opponent's values, until nothing moves by 1e-15."""
    arrays = turn(rules)
    goal = rules.goal // POINT_UNIT
    low = floor // POINT_UNIT
    size, dice = goal - low, rules.dice
    min_bank, penalty = rules.min_bank // POINT_UNIT, rules.farkle_penalty // POINT_UNIT
    x = np.zeros((2, 3, 3, size, size))

    def start(p: int, ca: int, cb: int, i: int, j: int) -> float:
        policy, other = (a, b)[p], x[1 - p]
        score = i + low  # the real score, units
        top = max(goal - score, min_bank)
        if ca < 2:
            farkle = 1.0 - other[cb, ca + 1, j, i]
        else:
            farkle = 1.0 - other[cb, 0, j, max(score - penalty, low) - low]

        def banked(u: int) -> float:
            return 1.0 if score + u >= goal else 1.0 - other[cb, 0, j, i + u]

        @cache
        def value(t: int, n: int) -> float:
            if t >= top:
                return 1.0
            if t > 0 and t >= min_bank and (t >= len(policy.bank) or policy.bank[t, n]):
                return banked(t)
            total = arrays.farkle_ways[n] * farkle
            for k in range(arrays.num_outcomes[n]):
                left = policy.choose[min(t, len(policy.choose) - 1), n, k]
                u, m = t + arrays.points[n, k, left], arrays.next_dice[left]
                total += arrays.ways[n, k] * (banked(u) if m == 0 else value(u, m))
            return total / arrays.scale[n]

        return value(0, dice)

    for _ in range(5000):
        moved = 0.0
        for index in np.ndindex(x.shape):
            new = start(*index)
            moved = max(moved, abs(new - x[index]))
            x[index] = new
        if moved < 1e-15:
            return x
    raise AssertionError("the iteration did not settle")


@pytest.mark.slow
def test_two_threshold_players_agree_with_a_plain_iteration() -> None:
    rules = FarkleRules(dice=2, goal=300, farkle_penalty=200)
    a, b = thresholds(rules, (100,)), thresholds(rules, (150, 100))
    x_a, x_b, _ = evaluate_penalty_at(rules, a, b, -200)
    expected = iterate(rules, a, b, -200)
    assert np.abs(x_a - expected[0]).max() < 1e-9
    assert np.abs(x_b - expected[1]).max() < 1e-9


def evaluate_penalty_at(rules, a, b, floor):
    """:func:`evaluate_penalty` with the floor of the evaluation set to ``floor``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(penalty_evaluate, "DEFAULT_FLOOR", floor)
        return evaluate_penalty(rules, a, b)


@pytest.mark.parametrize(
    ("a", "b", "games"), [("bank:300", "max-score", 4000), ("optimal", "bank:300", 1000)]
)
def test_exact_values_agree_with_the_step_wise_simulation(
    workdir: Path, a: str, b: str, games: int
) -> None:
    """The optimal player answers from its solution in Python: fewer of its games (solved
    with the floor -500, which the evaluation then takes)."""
    rules = FarkleRules(dice=6, goal=300, farkle_penalty=500)
    players = [
        optimal_player(solve(rules, floor=FLOOR)) if name == "optimal" else make_player(name, rules)
        for name in (a, b)
    ]
    result = simulate(rules, players, games, seed=7)
    assert result.exact is not None
    for z in result.z_scores(result.exact).values():
        assert abs(z) < 4


def test_a_turn_players_laws_ignore_the_counts() -> None:
    laws = penalty_laws(max_score(RULES), FLOOR)
    assert laws.win.shape == (1, 1, 20, 1) and laws.bank.shape == (1, 1, 20 * 19 // 2)


def test_the_laws_memory_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from pigsolve.solver import resources

    solution = solve(RULES, floor=FLOOR)
    optimal = guided(RULES, solution.values, solution.floor)
    monkeypatch.setattr(resources, "physical_memory", lambda: 2**16)
    with pytest.raises(PigsolveError) as error:
        penalty_laws(optimal, FLOOR)
    assert "needs about" in str(error.value) and "\n" not in str(error.value)


def test_a_user_table_and_mixed_floors_are_refused() -> None:
    user = FarklePolicy(
        RULES, 2, np.zeros((1, 1)), np.zeros((1, 4), bool), np.zeros((1, 4, 1), np.int64),
        rows=np.full((10, 10, 1, 1), -1, np.int64),
    )  # fmt: skip
    with pytest.raises(InvalidArgument, match="user's function"):
        compare_tables(RULES, user, max_score(RULES))
    deep = solve(RULES, floor=-1000)
    shallow = solve(RULES, floor=FLOOR)
    with pytest.raises(InvalidArgument, match="different floors"):
        compare_tables(
            RULES, guided(RULES, deep.values, -1000), guided(RULES, shallow.values, FLOOR)
        )


def test_guided_penalty_tables_are_checked() -> None:
    with pytest.raises(InvalidArgument, match="3 x 3 x 20 x 20"):
        guided(RULES, np.zeros((3, 3, 19, 19)), FLOOR)
    with pytest.raises(InvalidArgument, match="floor"):
        thresholds(FarkleRules(dice=3, goal=500), (300,)).__class__(
            FarkleRules(dice=3, goal=500), 1, np.zeros((10, 10)), np.zeros((1, 4), bool),
            np.zeros((1, 4, 1), np.int64), floor=-500,
        )  # fmt: skip


runner = CliRunner()


@pytest.mark.slow
def test_compare_and_tune_under_the_penalty(workdir: Path) -> None:
    """The commands read the optimal table of ``data/`` and evaluate from its floor (here
    -500, a tenth of the default's states: the default makes this test some 60 s)."""
    from pigsolve import game
    from pigsolve.solver.farkle.table import default_path, save

    (workdir / "game.toml").write_text('base = "facebook-farkle"\ngoal = 500\n')
    rules = game("game.toml")
    solution = solve(rules, floor=FLOOR)
    save(solution, default_path(rules))
    args = ["compare", "optimal", "max-score", "--game", "game.toml", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    expected = compare(rules, optimal_player(solution), make_player("max-score", rules))
    assert json.loads(result.stdout)["a_first"] == pytest.approx(expected.a_first, abs=1e-12)
    result = runner.invoke(
        app, ["tune", "bank", "--game", "game.toml", "--range", "fifties=4:6", "--json"]
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["candidates"] == 3


def test_a_penalty_guided_table_acts_as_its_solution() -> None:
    """A bare 4-D guided table (what the optimal player's ``table`` gives) plays by its
    solution, farkles in a row read."""
    solution = solve(RULES, floor=FLOOR)
    optimal = guided(RULES, solution.values, solution.floor)
    for state, roll in [(((0, 0), 0, 3), None), (((100, -250), 150, 2, (2, 1)), (1, 5))]:
        assert optimal.action(state, roll) == solution.best_action(state, roll=roll)
