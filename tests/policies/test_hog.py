"""Hog players by name: the families, 61A's strategies, optimal and best responses."""

from __future__ import annotations

import numpy as np
import pytest

from pigsolve.policies import make_player
from pigsolve.solver.games.hog import HogState, hog_rules
from pigsolve.solver.hog.evaluate import compare

FA16, SU20 = hog_rules("fa16"), hog_rules("su20")


def make_strategy(name, rules, table_path=None):
    return make_player(rules, name, table_path)


def test_strategies_by_name() -> None:
    assert make_strategy("always-1", FA16).choose(HogState(3, 4)) == -1
    with pytest.raises(ValueError, match="from 0 to 10"):
        make_strategy("always-1", SU20)
    with pytest.raises(ValueError, match="unknown Hog player 'hold20'"):
        make_strategy("hold20", FA16)
    bacon = make_strategy("bacon", FA16)
    assert bacon.choose(HogState(50, 70)) == 0 and bacon.choose(HogState(70, 50)) == 4
    assert np.all(make_strategy("swap", SU20).table(SU20) <= 10)


def test_optimal_and_best_response_of_optimal_agree(tmp_path) -> None:
    rules = hog_rules("fa16", goal=40)
    optimal = make_strategy("optimal", rules, table_path=tmp_path / "t.h5")
    reply = make_strategy("best-response:optimal", rules, table_path=tmp_path / "t.h5")
    assert compare(rules, reply.table(rules), optimal.table(rules)).average == pytest.approx(
        0.5, abs=1e-12
    )


@pytest.mark.parametrize(
    ("rules", "named", "family"),
    [(FA16, "bacon", "bacon:8,4"), (FA16, "swap", "swap:8,4"), (SU20, "swap", "swap:8,6")],
)
def test_61a_helpers_are_their_families_at_the_course_defaults(rules, named, family) -> None:
    """bacon and swap are families now (margin or cutoff, dice); the defaults changed nothing."""
    assert np.array_equal(
        make_strategy(named, rules).table(rules), make_strategy(family, rules).table(rules)
    )
