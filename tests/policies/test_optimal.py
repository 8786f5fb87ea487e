"""The optimal player and the hints: the solver's table, checked against the reference solver."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from pigsolve.policies import make_player
from pigsolve.policies.pig.optimal import OptimalPolicy
from pigsolve.solver.games.pig import PigRules, View
from pigsolve.solver.pig.reference import value_iteration
from pigsolve.ui.adapters.pig.terminal import hint_line


def make_policy(name: str, rules: PigRules, **kwargs):
    return make_player(rules, name, **kwargs)


GOAL = 12


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> tuple[OptimalPolicy, list[str], Path]:
    path = tmp_path_factory.mktemp("tables") / "small.h5"
    said: list[str] = []
    policy = make_policy("optimal", PigRules(goal=GOAL), table=path, announce=said.append)
    assert isinstance(policy, OptimalPolicy)
    return policy, said, path


def test_table_is_computed_once_saying_so_on_one_line(small):
    _, said, path = small
    assert path.exists()
    assert len(said) == 1 and "\n" not in said[0]
    again: list[str] = []
    make_policy("optimal", PigRules(goal=GOAL), table=path, announce=again.append)
    assert again == []


def test_decisions_match_the_reference_solver(small):
    """Where the two actions differ by more than rounding, the player picks the better one."""
    policy, _, _ = small
    p = value_iteration(PigRules(goal=GOAL), tolerance=1e-13, full=True)[..., 0]
    checked = 0
    for i, j, k in itertools.product(range(GOAL), repeat=3):
        if i + k >= GOAL:
            assert not policy.choose(View(i, j, k, GOAL))
            continue
        win = [1.0 if i + k + r >= GOAL else p[i, j, k + r] for r in range(2, 7)]
        p_roll = (1.0 - p[j, i, 0] + sum(win)) / 6
        p_hold = 1.0 - p[j, i + k, 0] if k > 0 else -1.0
        if abs(p_roll - p_hold) > 1e-9:
            assert policy.choose(View(i, j, k, GOAL)) == bool(p_roll > p_hold), (i, j, k)
            checked += 1
    assert checked > GOAL**3 // 3


def test_roll_table_agrees_with_roll(small):
    policy, _, _ = small
    rules = PigRules(goal=GOAL)
    table = policy.table(rules)
    assert table.shape == (1, GOAL, GOAL, GOAL) and table.dtype == np.bool_
    for i, j, k in itertools.product(range(GOAL), repeat=3):
        assert table[0, i, j, k] == policy.choose(View(i, j, k, GOAL)), (i, j, k)
    assert np.all(table[0, :, :, 0])
    with pytest.raises(ValueError, match="table is for"):
        policy.table(PigRules(goal=GOAL + 1))


def test_hints_name_the_better_action_with_both_probabilities(small):
    policy, _, _ = small
    table = policy.optimal_table
    for i, j, k in [(0, 0, 0), (0, 0, 2), (5, 9, 4), (10, 3, 1), (0, 11, 6)]:
        p_roll, p_hold = (
            table.action_values(i, j, k).get("roll"),
            table.action_values(i, j, k).get("hold"),
        )
        if p_hold is None:
            p_hold = 1.0 - table.win_probability(j, i, 0)
        best = "roll" if policy.choose(View(i, j, k, GOAL)) else "hold"
        expected = (
            f"Hint: {best} (win probability {p_roll:.1%} if you roll, {p_hold:.1%} if you hold)."
        )
        assert hint_line(View(i, j, k, GOAL), table) == expected
        assert (best == "roll") == bool(p_roll >= p_hold)
    assert hint_line(View(7, 0, 5, GOAL), table) == "Hint: hold, and you win."


def test_first_move_hint_at_goal_100_gives_the_published_figure(tmp_path: Path):
    """Neller & Presser (2004): the first player wins with probability 0.5306 under optimal play."""
    policy = make_policy("optimal", PigRules(), table=tmp_path / "pig100.h5")
    assert hint_line(View(0, 0, 0, 100), policy.optimal_table) == (
        "Hint: roll (win probability 53.1% if you roll, 46.9% if you hold)."
    )
