"""A Farkle turn's arrays: every roll's best keep per number of dice left, merged outcomes."""

from __future__ import annotations

import pytest

from pigsolve.solver.farkle.turn import turn
from pigsolve.solver.games.farkle import POINT_UNIT, FarkleRules, farkle_rules
from pigsolve.solver.games.farkle_scoring import farkle_ways, keeps, rolls

SCORINGS = {
    "farkle": farkle_rules("farkle").scoring,
    "facebook-farkle": farkle_rules("facebook-farkle").scoring,
}


@pytest.mark.parametrize("name", SCORINGS)
@pytest.mark.parametrize("hot_dice", [True, False])
def test_outcomes_are_the_rolls_grouped(name: str, hot_dice: bool) -> None:
    """Each outcome's ways are those of the rolls whose best points per dice left it lists;
    no two outcomes list the same; with the farkles they are every ordered roll."""
    scoring = SCORINGS[name]
    arrays = turn(FarkleRules(scoring=scoring, hot_dice=hot_dice))
    assert arrays.next_dice.tolist() == [6 if hot_dice else 0, 1, 2, 3, 4, 5]
    for n in range(1, 7):
        expected: dict[tuple[int, ...], int] = {}
        for counts, ways in rolls(n):
            best = [-1] * 6
            for kept, points in keeps(counts, scoring):
                left = n - sum(kept)
                best[left] = max(best[left], points // POINT_UNIT)
            if max(best) > 0:
                expected[tuple(best)] = expected.get(tuple(best), 0) + ways
        size = int(arrays.num_outcomes[n])
        found = {tuple(arrays.points[n, k].tolist()): int(arrays.ways[n, k]) for k in range(size)}
        assert len(found) == size
        assert found == expected
        assert arrays.farkle_ways[n] == farkle_ways(n, scoring)
        assert arrays.farkle_ways[n] + arrays.ways[n].sum() == arrays.scale[n] == 6**n
        assert (arrays.points[n, :, n:] == -1).all()  # no keep leaves n dice or more


def test_six_dice_of_the_paper_have_77_outcomes() -> None:
    """Busche & Neller's scoring: 462 rolls of six dice, 77 option lists (316 options)."""
    arrays = turn(FarkleRules())
    assert arrays.num_outcomes.tolist() == [0, 2, 5, 13, 26, 44, 77]
    assert int((arrays.points[6] >= 0).sum()) == 316
