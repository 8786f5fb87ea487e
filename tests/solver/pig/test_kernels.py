"""The numba kernels of the layer solvers: one tie rule for the pair and the N-player kernels,
the enumeration of a layer's orbits, and a layer solved again when its report overflows."""

from __future__ import annotations

import numpy as np
import pytest

from pigsolve.solver.games.pig import PigRules, roll_counts
from pigsolve.solver.pig import layers
from pigsolve.solver.pig._kernels import pair, rows
from pigsolve.solver.pig.tolerances import TIE

# Goal 2, a two-sided die (faces: pig, 2), the mover at score 0 with turn total 1: rolling wins
# on a 2 and gives the pig value x = 1/2 on a pig, so it is worth (1/2 + 1) / 2 = 3/4 to the
# mover; holding is worth 3/4 - margin (the margin set through the table). By the tie rule the
# mover rolls only if rolling is better by more than TIE.
MARGINS_AND_CHOICES = [(-5e-14, 0), (-1e-15, 0), (0.0, 0), (5e-15, 0), (5e-14, 1), (1e-3, 1)]


@pytest.mark.parametrize(("margin", "rolls"), MARGINS_AND_CHOICES)
def test_the_pair_kernel_breaks_ties_by_the_one_rule(margin: float, rolls: int) -> None:
    chances = roll_counts(PigRules(2, 2))
    v0 = np.array([[0.5, 0.25 + margin], [0.5, 0.5]])  # hold at k = 1: 1 - v0[0, 1]
    p, alpha, beta = np.empty(3), np.empty(3), np.empty(3)
    roll = np.full(3, -1, np.int8)
    pair._greedy_row(v0, 0, 0, 0.5, chances, np.zeros(2), p, alpha, beta, roll)
    assert roll[1] == rolls
    assert p[1] == pytest.approx(0.75 if rolls else 0.75 - margin, abs=1e-16)


@pytest.mark.parametrize(("margin", "rolls"), MARGINS_AND_CHOICES)
def test_the_orbit_kernel_breaks_ties_by_the_one_rule(margin: float, rolls: int) -> None:
    after = np.array([0.0, 0.75 - margin])  # the mover's own value after banking k = 1
    p, own = np.full(3, -1.0), np.empty(3)
    rows.greedy(after, 0, 1, 0.5, 2, -1, 0.0, roll_counts(PigRules(2, 2)), p, own)
    assert p[1] == rolls
    assert own[1] == pytest.approx(0.75 if rolls else 0.75 - margin, abs=1e-16)


def test_the_tie_is_rounding() -> None:
    """Wider than the rounding of values near 1 (a few ulps), far below verify's 1e-12."""
    assert 10 * np.finfo(float).eps < TIE < 1e-13


def test_a_layer_whose_report_overflows_is_solved_again(monkeypatch) -> None:
    """Three players, goal 25, four-sided die: orbits without a pure equilibrium. With room
    for no unsettled orbit each such layer is solved again; the result is the same."""
    rules = PigRules(25, 4, players=3)
    values, mixed, _, _ = layers.solve_layers(rules)
    monkeypatch.setattr(layers, "UNSETTLED_ROOM", 0)
    again, mixed_again, _, _ = layers.solve_layers(rules)
    assert len(mixed) > 0
    assert mixed_again == mixed
    np.testing.assert_array_equal(again, values)


@pytest.mark.parametrize("sides", [6, 10])
def test_a_roll_is_summed_over_the_faces_and_divided_once(sides: int) -> None:
    """Pig's roll in the kernels is (pig value + sum of the faces' values) / D to the last bit,
    the arithmetic Pig's printed numbers come from, not a sum of values times 1/D."""
    goal = 12
    rng = np.random.default_rng(sides)
    p = rng.random((goal, goal, goal))
    chances = roll_counts(PigRules(goal, sides))
    for i, j, k in [(0, 0, 0), (3, 7, 2), (5, 1, 4)]:
        total = 1.0 - p[j, i, 0]
        for face in range(2, sides + 1):
            total += p[i, j, k + face] if i + k + face < goal else 1.0
        assert pair._roll_value(p, i, j, k, chances) == total / sides
