"""Hog's optimal strategy exported as CS 61A's ``final_strategy``: a file that imports nothing,
passes 61A's checks, plays exactly as the optimal player, and is refused where a function of
the two scores cannot be that player."""

from __future__ import annotations

import ast
import runpy
from dataclasses import replace

import numpy as np
import pytest

import pigsolve
from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.hog.export import cannot_export, strategy_source
from pigsolve.solver.hog.solve import solve
from pigsolve.solver.registry import family_of

GOAL = 20
SCORES_ONLY = replace(hog_rules("su20", GOAL), feral_hogs=False)
"""su20 without Feral Hogs: a state is the two scores, a table of shape (G, G, 1, 1, 1)."""


@pytest.fixture(scope="module")
def solution():
    return solve(SCORES_ONLY)


def check_strategy(strategy, goal: int) -> None:
    """CS 61A's check_strategy (su20's hog.py), plus the contest's: the same answer twice."""
    for score in range(goal):
        for opponent_score in range(goal):
            num_rolls = strategy(score, opponent_score)
            msg = f"strategy({score}, {opponent_score}) returned {num_rolls}"
            assert type(num_rolls) is int, msg + " (not an integer)"
            assert 0 <= num_rolls <= 10, msg + " (invalid number of rolls)"
            assert strategy(score, opponent_score) == num_rolls, msg + " (not deterministic)"


def test_the_file_passes_61a_checks_and_plays_the_optimal_table(solution, tmp_path) -> None:
    export = family_of(SCORES_ONLY).can.export
    path = export(solution, "strategy", tmp_path / "final.py", None, False)
    final_strategy = runpy.run_path(str(path))["final_strategy"]
    check_strategy(final_strategy, GOAL)
    assert [[final_strategy(s, o) for o in range(GOAL)] for s in range(GOAL)] == (
        solution.policy[:, :, 0, 0, 0].tolist()
    )
    tree = ast.parse(path.read_text())
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]
    doc = ast.get_docstring(tree)
    assert "rule set su20 with feral_hogs=False, goal 20" in doc
    assert f"pigsolve {pigsolve.__version__}" in doc
    assert f"{solution.p_first_player:.12f}" in doc


def test_it_ties_the_optimal_player_exactly(solution, tmp_path) -> None:
    path = tmp_path / "final.py"
    path.write_text(strategy_source(solution))
    optimal = pigsolve.player("optimal", SCORES_ONLY, tmp_path / "t.h5")
    comparison = pigsolve.compare(SCORES_ONLY, f"{path}:final_strategy", optimal)
    assert comparison.average == 0.5
    assert comparison.a_first == solution.p_first_player


def test_an_existing_file_is_kept_without_force(solution, tmp_path) -> None:
    export = family_of(SCORES_ONLY).can.export
    path = tmp_path / "final.py"
    path.write_text("kept")
    with pytest.raises(PigsolveError, match="already exists; pass force=True"):
        export(solution, "strategy", path, None, False)
    assert path.read_text() == "kept"
    export(solution, "strategy", path, "py", True)
    assert "def final_strategy(score, opponent_score):" in path.read_text()


@pytest.mark.parametrize(
    ("rules", "seen"),
    [
        (hog_rules("su20", GOAL), "the previous turn scores (Feral Hogs)"),
        (hog_rules("fa16", GOAL), "the four-sided dice flag (Pork Chop)"),
    ],
)
def test_a_player_seeing_more_than_the_scores_is_refused(rules, seen, tmp_path) -> None:
    why = cannot_export(rules, "strategy")
    assert why.startswith(f"hog-{rules.name}'s optimal player also sees {seen}: no final_strategy")
    assert "\n" not in why
    with pytest.raises(InvalidArgument, match="needs a game whose state is the two scores"):
        family_of(rules).can.export(solve(rules), "strategy", tmp_path / "f.py", None, False)
    assert not (tmp_path / "f.py").exists()


def test_the_table_shape_decides_not_the_name() -> None:
    """fa16 without Pork Chop keeps no flag: its table is (G, G, 1, 1, 1), so it exports."""
    no_pork_chop = replace(hog_rules("fa16", GOAL), alt_sides=None)
    assert no_pork_chop.shape == (GOAL, GOAL, 1, 1, 1)
    assert cannot_export(no_pork_chop, "strategy") == ""
    assert cannot_export(SCORES_ONLY, "strategy") == ""


def test_other_formats_and_exports_are_refused(solution, tmp_path) -> None:
    export = family_of(SCORES_ONLY).can.export
    with pytest.raises(InvalidArgument, match=r"cannot tell the format from 'f\.csv'; pass fmt=py"):
        export(solution, "strategy", tmp_path / "f.csv", None, False)
    with pytest.raises(InvalidArgument, match="unknown export 'policy' for Hog"):
        export(solution, "policy", tmp_path / "f.py", None, False)
    assert list(tmp_path.iterdir()) == []


def test_only_the_optimal_table_is_exported(tmp_path) -> None:
    from pigsolve.solver.hog.solve import best_response

    always4 = np.full(SCORES_ONLY.shape, 4, np.int8)
    reply, _ = best_response(SCORES_ONLY, always4, "always4")
    with pytest.raises(InvalidArgument, match="not the best-response:always4 one"):
        family_of(SCORES_ONLY).can.export(reply, "strategy", tmp_path / "f.py", None, False)
