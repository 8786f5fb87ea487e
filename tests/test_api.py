"""The public API at ``import pigsolve``: every built-in game through the registry, answers checked
against the independent references (pure-Python value iteration, Hog's pure-Python pass)."""

from __future__ import annotations

import ast
import importlib.metadata
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pigsolve
from pigsolve.solver.errors import TableError
from pigsolve.solver.games.hog import HogState
from pigsolve.solver.hog.reference import reference_solve
from pigsolve.solver.pig.reference import value_iteration
from pigsolve.solver.registry import Solution


def test_the_version_is_the_installed_one() -> None:
    assert pigsolve.__version__ == importlib.metadata.version("pigsolve")


def test_importing_pigsolve_and_naming_games_loads_nothing_heavy() -> None:
    # The API is lazy: `pigsolve --version` and `query` must not pay for numpy, numba or h5py.
    code = (
        "import sys, pigsolve; pigsolve.game('pig', goal=10); pigsolve.game('hog-fa16');"
        "print(sorted({m.split('.')[0] for m in sys.modules} & "
        "{'numpy', 'numba', 'h5py', 'scipy', 'rich', 'typer'}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr


def test_games_are_the_registered_names_every_consumer_reads() -> None:
    from pigsolve.ui.options import GAME_NAMES

    assert pigsolve.games() == [
        "pig",
        "two-dice",
        "big-pig",
        "pass-the-pigs",
        "hog-fa16",
        "hog-su20",
        *(
            [
                "hog-fa20",
                "hog-sp21",
                "hog-su21",
                "hog-fa21",
                "hog-sp22",
                "hog-su22",
                "hog-fa22",
                "hog-sp23",
                "hog-su23",
            ]
        ),
        *(
            [
                "hog-fa23",
                "hog-sp24",
                "hog-su24",
                "hog-fa24",
                "hog-sp25",
                "hog-su25",
                "hog-fa25",
                "hog-sp26",
            ]
        ),
        "farkle",
        "facebook-farkle",
        "patch-farkle",
        "zombie-dice",
    ]
    assert list(GAME_NAMES) == pigsolve.games()


@pytest.mark.parametrize("name", ["two-dice", "big-pig", "pass-the-pigs"])
def test_a_built_in_pig_game_takes_goal_and_players(name: str) -> None:
    rules = pigsolve.game(name, goal=40, players=3)
    assert (rules.game, rules.goal, rules.players) == (name, 40, 3)


def test_a_toml_game_is_named_by_its_path(tmp_path) -> None:
    path = tmp_path / "coin.toml"
    outcome = '[[outcome]]\nname = "{}"\nprobability = "1/2"\neffect = "{}"\n'
    path.write_text(
        'name = "coin"\n'
        + outcome.format("tails", "pig")
        + outcome.format("heads", "add")
        + "points = 1\n"
    )
    assert pigsolve.game(str(path), goal=5).game == "coin"


def test_hog_takes_goal_and_feral_hogs() -> None:
    rules = pigsolve.game("hog-su20", goal=30, feral_hogs=False)
    assert (rules.name, rules.goal, rules.feral_hogs) == ("su20", 30, False)


@pytest.mark.parametrize(
    ("name", "params", "error", "message"),
    [
        # the messages name Python parameters, never the command line's options
        ("pig", {"goal": 0}, ValueError, "goal must be an integer >= 1, got 0"),
        ("two-dice", {"die_sides": 4}, ValueError, "die_sides or piglet=True changes Pig's die"),
        ("pig", {"sides": 4}, TypeError, "takes the parameters goal, die_sides, players, piglet"),
        ("hog-fa16", {"players": 3}, TypeError, "takes the parameters goal, feral_hogs"),
        ("hog-su20", {"goal": -1}, ValueError, "goal must be an integer >= 1"),
        ("yahtzee", {}, ValueError, "unknown game 'yahtzee'; accepted: pig, two-dice"),
        ("farkle", {"goal": 1001}, ValueError, "goal must be a positive multiple of 50"),
        ("farkle", {"seats": 3}, TypeError, "takes the parameters dice, goal, scoring"),
    ],
)
def test_bad_parameters_raise_python_errors(name, params, error, message) -> None:
    with pytest.raises(error, match=message) as caught:
        pigsolve.game(name, **params)
    assert "--" not in str(caught.value)


def test_pig_solution_answers_the_protocol_as_the_reference_does() -> None:
    rules = pigsolve.game("pig", goal=12, die_sides=4)
    solution = pigsolve.solve(rules)
    full = value_iteration(rules, full=True)  # [i, j, k, seat]
    assert isinstance(solution, Solution)
    assert (solution.rules, solution.method, solution.num_iter >= 1) == (rules, "layered", True)
    assert solution.residual < 1e-12 and solution.seconds >= 0
    for i, j, k in [(0, 0, 0), (3, 7, 5), (11, 2, 0), (5, 5, 6)]:
        state = ((i, j), k)
        assert solution.win_probability(state) == pytest.approx(full[i, j, k, 0], abs=1e-12)
        assert solution.win_probability(state) == solution.win_probability(i, j, k)
        p_roll, p_hold = (
            solution.action_values(state).get("roll"),
            solution.action_values(state).get("hold"),
        )
        assert solution.best_action(state) == ("roll" if k == 0 or p_roll > p_hold else "hold")
        assert max(p_roll, p_hold or 0.0) == pytest.approx(full[i, j, k, 0], abs=1e-12)


def test_a_pig_state_of_the_wrong_form_is_refused() -> None:
    solution = pigsolve.solve(pigsolve.game("pig", goal=10))
    with pytest.raises(ValueError, match="give 2 scores and a turn total, got 4 numbers"):
        solution.win_probability(((0, 0, 0), 0))
    with pytest.raises(ValueError, match="outside the goal-10 table"):
        solution.best_action(((0, 10), 0))


def test_hog_solution_answers_the_protocol_as_the_reference_does() -> None:
    rules = pigsolve.game("hog-fa16", goal=12)
    solution = pigsolve.solve(rules)
    v, policy = reference_solve(rules)
    assert isinstance(solution, Solution)
    assert (solution.rules, solution.objective, solution.num_iter) == (rules, "optimal", 1)
    assert solution.method == "backward-induction"
    assert math.isnan(solution.residual)
    for state in [(0, 0), (5, 9), (11, 3), (4, 8, 1, 0, 0)]:
        index = HogState(*state[:2], *map(bool, state[2:3]), *state[3:]).index(rules)
        assert solution.win_probability(state) == pytest.approx(v[index], abs=1e-12)
        assert solution.best_action(state) == policy[index]
        values = solution.action_values(state)
        assert max(values.values()) == pytest.approx(v[index], abs=1e-12)
    with pytest.raises(ValueError, match="a Hog state is"):
        solution.win_probability((0, 0, 0))


def test_load_reads_either_family_by_the_kind_its_file_records(tmp_path) -> None:
    from pigsolve.solver.hog import table as hog_table
    from pigsolve.solver.pig import table as pig_table

    pig = pigsolve.solve(pigsolve.game("pig", goal=10))
    hog = pigsolve.solve(pigsolve.game("hog-su20", goal=10))
    pig_table.save(pig, tmp_path / "pig.h5")
    hog_table.save(hog, tmp_path / "hog.h5")
    assert pigsolve.load(tmp_path / "pig.h5").win_probability(((3, 4), 2)) == pytest.approx(
        pig.win_probability(((3, 4), 2)), abs=1e-15
    )
    assert pigsolve.load(str(tmp_path / "hog.h5")).win_probability((3, 4)) == hog.win_probability(
        (3, 4)
    )
    with pytest.raises(TableError):
        pigsolve.load(tmp_path / "missing.h5")


def test_pig_evaluate_compare_and_simulate_agree() -> None:
    rules = pigsolve.game("pig", goal=20)
    evaluated = pigsolve.evaluate(rules, ["hold10", "optimal"])
    comparison = pigsolve.compare(rules, "hold10", pigsolve.player("optimal", rules))
    assert sum(evaluated) == pytest.approx(1.0, abs=1e-12)
    assert comparison.a_first == pytest.approx(evaluated[0], abs=1e-12)
    assert comparison.b_first == pytest.approx(
        1 - pigsolve.evaluate(rules, ["optimal", "hold10"])[0]
    )
    assert comparison.average < 0.5  # optimal play beats holding at 10
    simulation = pigsolve.simulate(rules, ["hold10", "optimal"], 2000, seed=7)
    assert simulation.total.games == 2000 and simulation.exact == comparison
    again = pigsolve.simulate(rules, ["hold10", "optimal"], 2000, seed=7)
    assert (simulation.a_first, simulation.b_first) == (again.a_first, again.b_first)


def test_pig_best_response_beats_its_opponent_at_least_as_optimal_does() -> None:
    rules = pigsolve.game("pig", goal=20)
    reply = pigsolve.best_response(rules, ["hold10"])
    assert reply.name == "best-response:hold10"
    best = pigsolve.compare(rules, reply, "hold10").a_first
    assert best >= pigsolve.compare(rules, "optimal", "hold10").a_first - 1e-12


def test_three_players_are_evaluated_and_simulated() -> None:
    rules = pigsolve.game("pig", goal=12, die_sides=4, players=3)
    values = pigsolve.evaluate(rules, ["hold4", "hold6", "hold8"])
    assert len(values) == 3 and sum(values) == pytest.approx(1.0, abs=1e-12)
    with pytest.raises(ValueError, match="compare takes 2 players; the rules have 3"):
        pigsolve.compare(rules, "hold4", "hold6")
    tournament = pigsolve.simulate(rules, ["hold4", "hold6", "hold8"], 300, seed=1)
    assert tournament.games == 300


def test_hog_evaluate_compare_simulate_and_best_response() -> None:
    rules = pigsolve.game("hog-fa16", goal=20)
    a_first, b_first = pigsolve.evaluate(rules, ["always4", "optimal"])
    assert a_first + b_first == pytest.approx(1.0, abs=1e-12)
    comparison = pigsolve.compare(rules, "always4", "optimal")
    assert comparison.a_first == a_first and comparison.average < 0.5
    simulation = pigsolve.simulate(rules, ["always4", "optimal"], 200, seed=3)
    assert simulation.exact == comparison and simulation.total.games == 200
    reply = pigsolve.best_response(rules, ["always4"])
    assert pigsolve.compare(rules, reply, "always4").a_first >= comparison.swapped().a_first
    with pytest.raises(ValueError, match="Hog is a game of 2 players, got 3"):
        pigsolve.evaluate(rules, ["always4", "always5", "always6"])


def test_an_unknown_player_is_refused_listing_the_players() -> None:
    rules = pigsolve.game("pig", goal=20)
    names = [name for name, description in pigsolve.players(rules) if description]
    assert names[:2] == ["optimal", "hold20"] and "always4" not in names
    assert "alwaysN" in [name for name, _ in pigsolve.players(pigsolve.game("hog-fa16"))]
    with pytest.raises(
        ValueError, match="unknown player 'holdfast' \\(did you mean 'holdN'\\?\\); accepted"
    ):
        pigsolve.player("holdfast", rules)


def test_a_bad_seed_names_the_parameter_in_python_and_the_option_at_the_command_line(
    pigsolve_run,
) -> None:
    rules = pigsolve.game("pig", goal=20)
    with pytest.raises(ValueError, match=r"^seed must be in \[0, 2\*\*64\), got -1$"):
        pigsolve.simulate(rules, ["hold10", "hold20"], 10, seed=-1)
    done = pigsolve_run("simulate", "hold10", "hold20", "--goal", "20", "--seed", "-1")
    assert (done.returncode, done.stderr) == (2, "error: --seed must be in [0, 2**64), got -1\n")


@pytest.fixture
def pigsolve_run(pigsolve):
    """The `pigsolve` command (the module's name is taken by the package under test)."""
    return pigsolve


def test_rules_of_no_registered_family_are_refused() -> None:
    with pytest.raises(ValueError, match="are not the rules of a registered game"):
        pigsolve.solve(np.zeros(3))


def test_the_front_door_names_no_game() -> None:
    # It dispatches through the registry only: no family's rules, modules or names appear in it.
    tree = ast.parse(Path(pigsolve.__file__).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef) and ast.get_docstring(node):
            node.body = node.body[1:]  # the examples may name games; the code may not
    # (a name is told from a player by isinstance(p, str), which asks nothing of a game)
    code = ast.unparse(tree)
    assert not re.search(r"PigRules|HogRules|solver\.(pig|hog)|isinstance\((?!\w+, str\))", code)


def test_solve_takes_the_family_s_solver_options() -> None:
    rules = pigsolve.game("pig", goal=30)
    iterated = pigsolve.solve(rules, method="value-iteration")
    layered = pigsolve.solve(rules)
    assert (iterated.method, layered.method) == ("value-iteration", "layered")
    assert iterated.win_probability(((0, 0), 0)) == pytest.approx(
        layered.win_probability(((0, 0), 0)), abs=1e-9
    )
    assert pigsolve.players("hog-fa16") == pigsolve.players(pigsolve.game("hog-fa16"))
    with pytest.raises(TypeError, match="method"):
        pigsolve.solve(pigsolve.game("hog-fa16", goal=20), method="value-iteration")


def test_tune_ranks_a_kind_exactly_against_one_player() -> None:
    rules = pigsolve.game("pig", goal=30)
    tuned = pigsolve.tune(rules, "hold", "optimal", ["N=5:15"])
    members = [c.a for c in tuned.ranked]
    assert sorted(members) == sorted(f"hold{n}" for n in range(5, 16))
    assert tuned.best == tuned.ranked[0] and tuned.chance == tuned.best.average
    chances = [c.average for c in tuned.ranked]
    assert chances == sorted(chances, reverse=True)
    by_name = pigsolve.compare(rules, tuned.best.a, "optimal")
    assert tuned.chance == pytest.approx(by_name.average, abs=1e-12)
    assert 0 < tuned.gap == pytest.approx(tuned.optimal.average - tuned.chance)
    with pytest.raises(pigsolve.solver.errors.InvalidArgument, match="kind"):
        pigsolve.tune(rules, "no-such-kind")


@pytest.mark.parametrize(("name", "goal"), [("pig", 20), ("hog-fa16", 20), ("farkle", 1000)])
def test_a_solution_reads_in_one_line(name: str, goal: int) -> None:
    text = repr(pigsolve.solve(pigsolve.game(name, goal=goal)))
    assert "\n" not in text and len(text) < 200 and str(goal) in text


def test_pig_s_residual_is_recomputed_for_three_players() -> None:
    solution = pigsolve.solve(pigsolve.game("pig", goal=12, players=3))
    assert 0 <= solution.residual < 1e-9


@pytest.mark.slow
def test_the_public_api_type_checks_strictly(tmp_path) -> None:
    # mypy sees the checkout as the package ``pigsolve`` through a link, as an install would.
    pytest.importorskip("mypy")
    (tmp_path / "pigsolve").symlink_to(Path(pigsolve.__file__).parent)
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
         "--cache-dir", str(tmp_path / "cache"), "-m", "pigsolve"],
        env={**os.environ, "MYPYPATH": str(tmp_path)},
        capture_output=True, text=True, cwd=tmp_path,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout + checked.stderr
