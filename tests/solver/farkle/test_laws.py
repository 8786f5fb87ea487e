"""Farkle's evaluation by turn laws: today's values kept, a backward programme, the laws kept."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pigsolve.policies.farkle.user import UserFarklePlayer
from pigsolve.solver.farkle import laws
from pigsolve.solver.farkle._policy_kernels import law_start
from pigsolve.solver.farkle.evaluate import compare, evaluate_tables
from pigsolve.solver.farkle.policy import USER, FarklePolicy, guided, max_score, thresholds
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.turn import turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules

USER_FUNCTION = """
from pigsolve.solver.games.farkle import FarkleRules
from pigsolve.solver.games.farkle_scoring import counts_of, faces_of, keeps


def later(score, opponent_score, turn_total, dice_left, roll):
    kept, points = max(keeps(counts_of(roll), FarkleRules().scoring),
                       key=lambda keep: (keep[1], -sum(keep[0])))
    return faces_of(kept), turn_total + points >= 300 + score // 10
"""
"""A user's player whose decisions depend on its score: its laws are one a pair."""


def players(rules: FarkleRules, folder: Path | None = None) -> dict[str, FarklePolicy]:
    """Return the players of the tests: every kind (a user's only with ``folder``)."""
    found = {
        "optimal": guided(rules, solve(rules).values),
        "max-score": max_score(rules),
        "bank": thresholds(rules, (200, 100, 350) if rules.dice == 3 else (300,)),
    }
    if folder is not None:
        (folder / "mine.py").write_text(USER_FUNCTION)
        found["user"] = UserFarklePlayer(f"{folder / 'mine.py'}:later", rules).table(rules)
    return found


THREE, SIX = FarkleRules(dice=3, goal=1000), FarkleRules(goal=2000, min_bank=300)
LOW = FarkleRules(dice=3, goal=500, min_bank=150)
SLOW = pytest.mark.slow  # a mirror of the row above it (THREE's mirror stays in the fast set)
# Printed by the evaluation before the laws (commit 5e10b36: each pair's two turns run
# backward from high totals against the other's values): x_a[0, 0] and x_b[0, 0].
TODAY = [
    (THREE, "optimal", "max-score", 0.5502490804760427, 0.5201150303154967),
    (THREE, "max-score", "optimal", 0.5201150303154964, 0.5502490804760428),
    (THREE, "optimal", "optimal", 0.5348610635515784, 0.5348610635515784),
    (SIX, "optimal", "max-score", 0.6183206094902793, 0.5445015632886568),
    pytest.param(SIX, "max-score", "optimal", 0.5445015632886566, 0.6183206094902792, marks=SLOW),
    (LOW, "user", "optimal", 0.4589925147623205, 0.6191417355362603),
    pytest.param(LOW, "optimal", "user", 0.6191417355362601, 0.4589925147623207, marks=SLOW),
    (LOW, "max-score", "user", 0.6087068859057743, 0.46953889725991915),
    (LOW, "bank", "optimal", 0.48777838096437126, 0.5959387274166965),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "a", "b", "x_a", "x_b"), TODAY)
def test_the_laws_give_todays_values(rules, a, b, x_a, x_b, tmp_path) -> None:
    found = players(rules, tmp_path if "user" in (a, b) else None)
    tables = evaluate_tables(rules, found[a], found[b])
    assert tables[0][0, 0] == pytest.approx(x_a, abs=1e-12)
    assert tables[1][0, 0] == pytest.approx(x_b, abs=1e-12)


def backward(rules: FarkleRules, policy: FarklePolicy, i: int, j: int, other: np.ndarray):
    """Return ``(a, f)`` of the turn at ``(i, j)`` as the evaluation found it before the laws:
    the turn run backward from high totals under the player's decisions (asked one by one)
    against the opponent's values ``other``, affine in a farkle's worth."""
    arrays, goal, dice = turn(rules), rules.goal // POINT_UNIT, rules.dice
    min_bank = rules.min_bank // POINT_UNIT
    top = max(goal - i, min_bank)
    value, slope = np.zeros((top, dice + 1)), np.zeros((top, dice + 1))

    def ahead(u: int, m: int, ends: bool) -> tuple[float, float]:
        if u >= top or (ends and i + u >= goal):
            return 1.0, 0.0
        if ends:
            return 1.0 - other[j, i + u], 0.0
        return value[u, m], slope[u, m]

    for t in range(top - 1, -1, -1):
        for n in range(1, dice + 1):
            scale = float(arrays.scale[n])
            total, total_slope = 0.0, float(arrays.farkle_ways[n])
            if policy.kind == USER:
                row = policy.rows[i, j, t, n]
                while row >= 0 and policy.moves[row, 0] > 0:
                    ways, gain, m, ends = (int(x) for x in policy.moves[row])
                    v, d = ahead(t + gain, m, bool(ends))
                    total, total_slope, row = total + ways * v, total_slope + ways * d, row + 1
            elif t > 0 and t >= min_bank and policy.banks(i, j, t, n):
                value[t, n], slope[t, n] = ahead(t, 0, True)
                continue
            else:
                for k in range(arrays.num_outcomes[n]):
                    left = policy.dice_left(i, j, t, n, k)
                    m = int(arrays.next_dice[left])
                    v, d = ahead(t + int(arrays.points[n, k, left]), m, m == 0)
                    ways = float(arrays.ways[n, k])
                    total, total_slope = total + ways * v, total_slope + ways * d
            value[t, n], slope[t, n] = total / scale, total_slope / scale
    return value[0, dice], slope[0, dice]


def backward_tables(rules: FarkleRules, a: FarklePolicy, b: FarklePolicy):
    """Return ``x_a, x_b`` by score sums, each pair's 2 x 2 system of :func:`backward` turns."""
    goal = rules.goal // POINT_UNIT
    x_a, x_b = np.zeros((goal, goal)), np.zeros((goal, goal))
    for s in range(2 * goal - 2, -1, -1):
        for i in range(max(0, s - goal + 1), min(s, goal - 1) + 1):
            j = s - i
            (p, f), (q, g) = backward(rules, a, i, j, x_b), backward(rules, b, j, i, x_a)
            x_a[i, j] = (p + f - f * (q + g)) / (1.0 - f * g)
            x_b[j, i] = q + g * (1.0 - x_a[i, j])
    return x_a, x_b


@pytest.mark.parametrize(
    "rules",
    [FarkleRules(dice=3, goal=400, hot_dice=False), FarkleRules(dice=3, goal=450, min_bank=150)],
)
def test_the_laws_agree_with_the_turns_run_backward(rules, tmp_path) -> None:
    found = players(rules, tmp_path)
    for a, b in [("optimal", "user"), ("user", "max-score"), ("bank", "optimal")]:
        expected = backward_tables(rules, found[a], found[b])
        tables = evaluate_tables(rules, found[a], found[b])
        for table, reference in zip(tables, expected, strict=True):
            assert np.abs(table - reference).max() < 1e-12


@pytest.mark.parametrize(
    "rules", [FarkleRules(dice=3, goal=500, min_bank=150), FarkleRules(goal=600)]
)
def test_every_turn_ends_once(rules, tmp_path) -> None:
    # A law is a distribution: a win, a farkle or a bank of 1 to G - 1 - i units.
    goal = rules.goal // POINT_UNIT
    for policy in players(rules, tmp_path if rules.dice == 3 else None).values():
        found = laws.laws_of(policy)
        columns = found.win.shape[1]
        assert columns == laws.columns(rules, policy.kind)
        assert found.bank.nbytes + found.win.nbytes * 2 == laws.law_bytes(rules, policy.kind)
        assert (found.bank >= 0).all() and (found.farkle > 0).all()
        banked = np.zeros((goal, columns))
        for i in range(goal):
            for col in range(columns):
                start = law_start(goal, columns, i, col)
                banked[i, col] = found.bank[start : start + goal - 1 - i].sum()
        assert np.abs(found.win + found.farkle + banked - 1.0).max() < 1e-13


def test_a_players_laws_are_found_once(monkeypatch) -> None:
    rules = FarkleRules(dice=3, goal=1000)
    optimal, other = guided(rules, solve(rules).values), max_score(rules)
    found = []
    real = laws.turn_laws
    monkeypatch.setattr(laws, "turn_laws", lambda policy: found.append(policy) or real(policy))
    first = compare(rules, optimal, other)
    for total in (100, 200, 300):  # a tune's candidates against the same optimal player
        compare(rules, thresholds(rules, (total,)), optimal)
    assert compare(rules, optimal, other) == first
    assert found.count(optimal) == 1 and found.count(other) == 1 and len(found) == 5


def test_laws_too_large_for_memory_are_refused_before_they_are_made(monkeypatch) -> None:
    """A guided player's laws grow as the goal cubed: where they cannot fit, one line at once."""
    from pigsolve.solver import resources
    from pigsolve.solver.errors import PigsolveError

    rules = FarkleRules(goal=20_000)
    player = guided(rules, np.full((400, 400), 0.5))
    monkeypatch.setattr(resources, "physical_memory", lambda: 2**27)
    with pytest.raises(PigsolveError, match="turn laws of a guided player at goal 20000 needs"):
        laws.turn_laws(player)
    assert laws.turn_laws(thresholds(rules, (300,))).win.shape == (400, 1)  # 0.6 MB: made
