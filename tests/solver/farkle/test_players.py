"""Farkle with three players or more (:mod:`solver.farkle.players`): the orbit solve against
the two-player solver, a plain value iteration, and its own equilibrium conditions."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle import table
from pigsolve.solver.farkle.last_round_three import orbit_banks
from pigsolve.solver.farkle.mixed import OrbitTurns
from pigsolve.solver.farkle.players import orbits_by_sum, solve_players
from pigsolve.solver.farkle.solution import keep_points
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.verify import seat_residuals, verify_table
from pigsolve.solver.games.farkle import FarkleRules
from pigsolve.solver.results import seat_seeds


def _reference():
    path = Path(__file__).with_name("reference_players.py")
    spec = importlib.util.spec_from_file_location("farkle_reference_players", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def three() -> object:
    """Three players at goal 2,000: two of its orbits need coins."""
    return solve(FarkleRules(goal=2000, players=3))


@pytest.mark.parametrize(
    "rules",
    [
        FarkleRules(dice=2, goal=500),
        FarkleRules(dice=3, goal=1000, hot_dice=False),
        FarkleRules(goal=1500, min_bank=300),
    ],
)
def test_two_players_through_the_orbits_are_the_pair_solve(rules: FarkleRules) -> None:
    values, residual, _, coins = solve_players(rules)
    assert residual <= 1e-14 and coins == []
    assert np.abs(values[..., 0] - solve(rules).values).max() < 1e-13


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [
        FarkleRules(dice=2, goal=300, players=3),
        FarkleRules(dice=2, goal=200, players=4),
        FarkleRules(dice=3, goal=300, players=4),  # the reference: some 4 minutes on 2 cores
    ],
)
def test_agrees_with_value_iteration(rules: FarkleRules) -> None:
    expected = _reference().value_iteration(rules)
    solution = solve(rules)
    assert solution.coins == ()
    goal = rules.goal // 50
    for scores in np.ndindex(*(goal,) * rules.players):
        stored = solution.values[scores]
        assert np.abs(stored - expected[(scores, 0, rules.dice)]).max() < 1e-9
        for t, n in ((0, 1), (1, 2), (0, rules.dice)):  # within the turn too: every chance
            if (scores, t, n) in expected:
                state = (tuple(50 * s for s in scores), 50 * t, n)
                mover = solution.win_probability(state)
                assert mover == pytest.approx(expected[(scores, t, n)][0], abs=1e-9)
                chances = solution.chances(state)
                assert np.abs(np.subtract(chances, expected[(scores, t, n)])).max() < 1e-9
        state = (tuple(50 * s for s in scores), 0, 2)
        kept = solution.best_action(state, roll=(1, 5))
        hot = (scores, 3, rules.dice)  # both dice kept: all the dice roll again
        reached = {(1, 5): hot, (1,): (scores, 2, 1), (5,): (scores, 1, 1)}[kept]
        if reached in expected:  # else a bank that wins
            after = solution.chances(state, roll=(1, 5))
            assert np.abs(np.subtract(after, expected[reached])).max() < 1e-9


def test_orbits_are_listed_once_by_descending_sum() -> None:
    orbits, bounds = orbits_by_sum(5, 3)
    digits = np.array(np.unravel_index(orbits, (5, 5, 5))).T
    sums = digits.sum(axis=1)
    assert (np.diff(sums) <= 0).all() and len(orbits) == (5**3 - 5) // 3 + 5
    for layer in range(len(bounds) - 1):
        assert (sums[bounds[layer] : bounds[layer + 1]] == 12 - layer).all()


@pytest.mark.slow
def test_seats_and_residuals(three) -> None:
    seats = three.seat_chances
    assert seats.sum() == pytest.approx(1, abs=1e-14)
    assert seats[0] > seats[1] > seats[2]
    assert three.residual <= 1e-14
    assert seat_residuals(three).max() <= 1e-14
    assert all(check.passed for check in verify_table(three))


@pytest.mark.slow
def test_a_damaged_chance_fails_verify(three) -> None:
    """One turn's re-solve checks both: a mover's chance off fails the Bellman residual, another
    player's the others' check."""
    from dataclasses import replace

    for player, name in ((0, "Bellman residual"), (1, "others' chances")):
        values = three.values.copy()
        values[5, 9, 2, player] += 1e-6
        checks = {c.name: c.passed for c in verify_table(replace(three, values=values))}
        assert not checks[name] and checks["0 <= P <= 1"]


def test_each_coin_mixes_two_best_replies(three) -> None:
    assert len(three.coins) == 2
    goal, players = 40, 3
    flat = three.values.reshape(-1, players)
    for scores, q in three.coins:
        index = int(np.ravel_multi_index(scores, (goal,) * players))
        orbit = OrbitTurns(flat, goal, index, *orbit_banks(three.rules))
        following = three.values[scores[1:] + scores[:1]]
        x = float(following[-1])
        (below, f_below), (above, f_above) = (orbit.reply(0, x + d) for d in (-1e-9, 1e-9))
        assert f_below != f_above  # two policies meet at x
        for base, f in ((below, f_below), (above, f_above)):  # both best for the mover
            assert base[0] + f * x == pytest.approx(three.values[scores][0], abs=1e-12)
        shifted = np.roll(following, 1)
        mixed = q * (above + f_above * shifted) + (1 - q) * (below + f_below * shifted)
        mixed[0] = three.values[scores][0]
        assert np.abs(mixed - three.values[scores]).max() < 1e-8


def test_the_optimal_player_tosses_each_coin_once_a_turn(three) -> None:
    """At (700, 1,350, 850) the mover's coin is between rolling its last die at 400 (the
    policy above the breakpoint, chance q) and banking: the player rolls in about q of its
    turns there, the same way all through one turn, and a seed repeats its tosses."""
    from pigsolve.solver.farkle.play import FarkleView, SolutionPlayer

    scores = (700, 1350, 850)
    q = three.coin(scores)
    assert q == pytest.approx(0.188441, abs=1e-6) and three.coin((0, 0, 0)) is None
    state = (scores, 400, 1)
    assert (three.best_action(state, side=1), three.best_action(state, side=-1)) == (
        "roll",
        "bank",
    )
    turns = 4000
    player = SolutionPlayer(three, seed=5)
    rolled = [player.choose(FarkleView(state, None, None, turn)) == "roll" for turn in range(turns)]
    z = (np.mean(rolled) - q) / np.sqrt(q * (1 - q) / turns)
    assert abs(z) < 4, z
    again = [player.choose(FarkleView(state, None, None, turns - 1)) for _ in range(20)]
    assert len(set(again)) == 1  # one toss a turn
    first, again = (
        [seeded.choose(FarkleView(state, None, None, k)) for k in range(50)]
        for seeded in (SolutionPlayer(three, seed=9), SolutionPlayer(three, seed=9))
    )
    assert again == first and len(set(first)) == 2
    unnumbered = [player.choose(FarkleView(state, None, None)) for _ in range(20)]
    assert set(unnumbered) == {three.best_action(state)}  # no turn: the tie-breaks' side


def test_a_tournament_with_coins_is_beside_the_table(three) -> None:
    """Where the table tosses coins its optimal players toss them, so the exact chances stand
    beside the games; one seed repeats the games, coins and all."""
    from pigsolve.solver.farkle.play import SolutionPlayer
    from pigsolve.solver.farkle.simulate import simulate

    def seated(seed: int) -> list[SolutionPlayer]:
        return [SolutionPlayer(three, seed=s) for s in seat_seeds(seed, 3)]

    games = [simulate(three.rules, seated(3), 30, seed=3) for _ in range(2)]
    assert games[0].exact is not None and np.array_equal(games[0].wins, games[1].wins)


def test_table_round_trip_and_damage(three, tmp_path: Path) -> None:
    path = table.save(three, tmp_path / "t.h5")
    loaded = table.load(path)
    assert loaded.coins == three.coins
    assert np.array_equal(loaded.values, three.values)
    import h5py

    with h5py.File(path, "r+") as f:
        f[table.COINS][0, -1] = 1.5
    with pytest.raises(Exception, match="coins"):
        table.load(path)


def test_queries(three) -> None:
    state = ((0, 0, 0), 300, 3)
    found = three.action_values(state)
    assert three.best_action(state) == max(found, key=found.get)
    assert three.win_probability(((0, 0, 0), 0, 6)) == pytest.approx(three.seat_chances[0])
    assert three.chances(((0, 0, 0), 0, 6)) == tuple(three.seat_chances)
    chances = three.chances(state)
    assert chances[0] == pytest.approx(three.win_probability(state), abs=1e-12)
    assert sum(chances) == pytest.approx(1.0, abs=1e-12)
    assert three.chances(((1950, 0, 0), 0, 6)) != three.chances(((1950, 0, 0), 50, 6))
    assert three.chances(((1950, 0, 0), 50, 6)) == (1.0, 0.0, 0.0)  # a bank wins
    first, second, third = three.seat_chances  # a farkle: the mover moves last, from 0
    assert three.chances(((0, 0, 0), 0, 2), roll=(2, 3)) == (third, first, second)
    with pytest.raises(InvalidArgument, match="3 scores"):
        three.action_values(((0, 0), 300, 3))


@pytest.mark.parametrize("change", [{"farkle_penalty": 500}, {"last_turn": True, "players": 4}])
def test_refused_rules(change: dict) -> None:
    with pytest.raises(InvalidArgument, match="not solved with"):
        solve(FarkleRules(**{"goal": 1000, "players": 3} | change))


def _simulated_winner(solution, rng: np.random.Generator) -> int:
    """Play one game of the solution's optimal players (pure: no coins) and return the winning
    seat; a plain loop of its own, sharing only the solution's choices."""
    rules, players = solution.rules, solution.rules.players
    scores, mover = [0] * players, 0
    while True:
        total, dice = 0, rules.dice
        while True:
            seen = tuple(scores[(mover + p) % players] for p in range(players))
            if total > 0 and solution.best_action((seen, total, dice)) == "bank":
                scores[mover] += total
                break
            roll = tuple(int(face) for face in rng.integers(1, 7, dice))
            kept = solution.best_action((seen, total, dice), roll=roll)
            if kept is None:  # a farkle
                total = 0
                break
            total += keep_points(kept, rules)
            dice = dice - len(kept) or rules.dice
            if scores[mover] + total >= rules.goal:
                scores[mover] += total
                break
        if scores[mover] >= rules.goal:
            return mover
        mover = (mover + 1) % players


@pytest.mark.slow
def test_simulated_games_agree() -> None:
    solution = solve(FarkleRules(dice=3, goal=1000, players=3))
    assert solution.coins == ()
    rng = np.random.default_rng(2017)
    games = 6000
    wins = np.bincount([_simulated_winner(solution, rng) for _ in range(games)], minlength=3)
    p = solution.seat_chances
    z = (wins / games - p) / np.sqrt(p * (1 - p) / games)
    assert np.abs(z).max() < 4, z


@pytest.mark.slow
def test_a_tournament_of_three_beside_the_table() -> None:
    """`simulate` of three players: the first move passes round the table, every seat's wins
    by who started, beside the table's seats where every seat plays it."""
    from pigsolve.solver.farkle.play import SolutionPlayer
    from pigsolve.solver.farkle.simulate import simulate

    rules = FarkleRules(dice=3, goal=1000, players=3)
    solution = solve(rules)
    seated = [SolutionPlayer(solution, seed=s) for s in seat_seeds(7, 3)]
    result = simulate(rules, seated, 1500, seed=7)
    assert result.started.tolist() == [500, 500, 500] and result.wins.sum() == 1500
    assert result.wins.sum(axis=1).tolist() == [500, 500, 500]
    first, second, third = solution.seat_chances
    assert result.exact[1].tolist() == [third, first, second]  # player 1 started: seat 0
    assert np.abs(result.z_scores()).max() < 4
    with pytest.raises(InvalidArgument, match="seats 3, got 2"):
        simulate(rules, [SolutionPlayer(solution)] * 2, 10)
