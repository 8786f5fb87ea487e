"""Your own Farkle function under an opening score: the rules overrule its banks at 0 below it,
in its exact tables and its played games alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from pigsolve.policies.farkle.players import make_player
from pigsolve.policies.farkle.user import UserFarklePlayer
from pigsolve.solver.farkle.evaluate import compare
from pigsolve.solver.farkle.simulate import simulate
from pigsolve.solver.games.farkle import FarkleRules

RULES = FarkleRules(goal=500, entry=400)
BANK_300 = """
from pigsolve.solver.games.farkle import FarkleRules
from pigsolve.solver.games.farkle_scoring import counts_of, faces_of, keeps


def bank300(score, opponent_score, turn_total, dice_left, roll):
    kept, points = max(keeps(counts_of(roll), FarkleRules().scoring),
                       key=lambda keep: (keep[1], -sum(keep[0])))
    return faces_of(kept), turn_total + points >= 300
"""


@pytest.mark.slow
def test_a_function_is_evaluated_and_played_as_the_built_in_player_it_copies(
    tmp_path: Path,
) -> None:
    (tmp_path / "mine.py").write_text(BANK_300)
    mine = UserFarklePlayer(f"{tmp_path / 'mine.py'}:bank300", RULES)
    built_in, other = make_player("bank:300", RULES), make_player("max-score", RULES)
    expected, found = compare(RULES, built_in, other), compare(RULES, mine, other)
    assert found.a_first == pytest.approx(expected.a_first, abs=1e-12)
    assert found.b_first == pytest.approx(expected.b_first, abs=1e-12)
    played = simulate(RULES, [mine, other], 2000, seed=3)
    assert all(abs(z) < 4 for z in played.z_scores(played.exact).values())
