"""Zombie Dice's simulation: games played step by step agree with the exact evaluation, a seed
replays its games, a draw is half a win and a player not evaluated has no exact values."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from pigsolve.policies.zombie.players import make_player
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.zombie import Die, ZombieRules
from pigsolve.solver.registry import family_of
from pigsolve.solver.zombie.simulate import simulate

SMALL = ZombieRules(dice=(Die("green", 4, 3, 2, 1), Die("red", 3, 1, 2, 3)), goal=4)
"""Seven dice: evaluated exactly in a moment."""


class Stopper:
    """A player that stops at its first question, and is not evaluated exactly (as your
    function is not)."""

    name = "stopper"

    def choose(self, view) -> str:
        return "stop"

    def decide(self, turn):
        raise InvalidArgument("stopper is played, not evaluated exactly")


def agrees(rules: ZombieRules, games: int, seed: int) -> None:
    a, b = make_player("shotguns:2", rules), make_player("brains:3", rules)
    result = simulate(rules, [a, b], games, seed=seed)
    named = (result.a, result.b, result.goal, result.die)
    assert named == ("shotguns:2", "brains:3", rules.goal, rules.cup)
    assert result.exact == family_of(rules).compare(rules, a, b)
    assert (result.a_first.games, result.b_first.games) == (games // 2, games // 2)
    z = result.z_scores(result.exact)
    assert all(abs(value) < 4 for value in z.values()), z


def test_simulated_games_agree_with_the_exact_values() -> None:
    agrees(SMALL, 1500, seed=5)


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules", [replace(SMALL, finish="last-turn", tiebreaker=False), ZombieRules(goal=5)]
)
def test_more_games_agree_with_the_exact_values(rules: ZombieRules) -> None:
    """The boxed game at goal 5 (its turn's laws take some seconds) and a last turn each."""
    agrees(rules, 4000, seed=11)


def test_a_seed_replays_its_games_and_progress_is_told() -> None:
    players = [make_player("risk:30", SMALL), make_player("brains:2", SMALL)]
    told = []
    first = simulate(
        SMALL, players, 301, seed=3, progress=lambda done, total: told.append((done, total))
    )
    again = simulate(SMALL, players, 301, seed=3)
    assert (first.a_first, first.b_first, first.mean_turns) == (
        again.a_first,
        again.b_first,
        again.mean_turns,
    )
    assert (first.a_first.games, first.b_first.games) == (151, 150)
    assert told[-1] == (301, 301) and [done for done, _ in told] == sorted(
        {done for done, _ in told}
    )
    assert len(told) <= 101


def test_a_draw_is_half_a_win_and_a_player_not_evaluated_has_no_exact_values() -> None:
    rules = ZombieRules(dice=(Die("green", 5, 1, 0, 0),), goal=3, tiebreaker=False)
    result = simulate(rules, [Stopper(), Stopper()], 400, seed=1)  # every game a draw
    assert result.exact is None and result.mean_turns == 2
    assert 150 < result.total.wins < 250  # a fair coin's share


def test_bad_input_in_one_line() -> None:
    player = Stopper()
    with pytest.raises(InvalidArgument, match="2 players, got 3"):
        simulate(SMALL, [player] * 3, 10)
    with pytest.raises(InvalidArgument, match="games must be >= 1"):
        simulate(SMALL, [player] * 2, 0)
    with pytest.raises(InvalidArgument, match="seed"):
        simulate(SMALL, [player] * 2, 10, seed=-1)
    assert simulate(SMALL, [player] * 2, 1).seed >= 0  # a fresh seed, recorded
    assert np.isfinite(simulate(SMALL, [player] * 2, 1).mean_turns)
