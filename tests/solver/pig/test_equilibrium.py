"""The layered solution for any number of players: the orbit solver against the pair kernel,
plain value iteration, and the goal-25 four-sided three-player game that has no pure
equilibrium."""

from __future__ import annotations

import numpy as np
import pytest

from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.reference import value_iteration
from pigsolve.solver.pig.solution import Mixed, PigSolution
from pigsolve.solver.pig.solve import solve
from pigsolve.solver.pig.table import load, save
from pigsolve.solver.pig.verify import verify_table


@pytest.mark.parametrize(
    ("goal", "die", "piglet"), [(100, 6, False), (37, 4, False), (20, 2, True), (50, 10, True)]
)
def test_two_players_by_orbits_equal_the_pair_kernel(goal, die, piglet, by_orbits) -> None:
    rules = PigRules(goal, die, players=2, piglet=piglet)
    multi, today = by_orbits(rules), solve(rules)
    np.testing.assert_allclose(multi.values[..., 0], today.v0, rtol=0, atol=1e-13)
    np.testing.assert_allclose(multi.values[..., 1], 1 - today.v0, rtol=0, atol=1e-13)


@pytest.mark.parametrize(
    ("players", "goal", "die", "piglet"),
    [
        (2, 12, 4, False),
        (2, 9, 3, True),
        (3, 12, 4, False),
        (3, 15, 6, False),
        (3, 10, 2, True),
        (3, 12, 3, True),
        (3, 14, 5, False),
        (4, 8, 3, False),
        (4, 9, 6, False),
        (4, 9, 3, True),
        (4, 10, 4, False),
    ],
)
def test_layers_equal_plain_value_iteration(players: int, goal: int, die: int, piglet) -> None:
    rules = PigRules(goal, die, players=players, piglet=piglet)
    np.testing.assert_allclose(solve(rules).values, value_iteration(rules), rtol=0, atol=1e-12)


def test_equilibria_need_not_be_unique() -> None:
    """Four players, goal 8, the coin: value iteration settles on another equilibrium."""
    rules = PigRules(8, 2, players=4, piglet=True)
    layered, plain = solve(rules).values, value_iteration(rules)
    assert np.abs(layered - plain).max() > 1e-3
    for values in layered, plain:
        first = float(values[0, 0, 0, 0][0])
        table = PigSolution(rules, values, Mixed.empty(4), attrs={"p_first_player": first})
        assert all(check.passed for check in verify_table(table))


@pytest.fixture(scope="module")
def no_pure_equilibrium(tmp_path_factory: pytest.TempPathFactory):
    """The goal-25, four-sided, three-player game, solved and saved."""
    rules = PigRules(25, 4, players=3)
    path = save(solve(rules), tmp_path_factory.mktemp("multi") / "t.h5")
    return load(path)


def test_a_mixed_equilibrium_where_pure_choices_cycle(no_pure_equilibrium) -> None:
    table = no_pure_equilibrium
    k, q = table.mixed.lookup((0, 2, 7))
    assert 0 < q < 1
    row = table.row((0, 2, 7))
    assert row.roll_probability[k] == q
    assert abs(row.roll[k, 0] - row.hold[k, 0]) < 1e-12  # the mover is indifferent there
    assert all(check.passed for check in verify_table(table)), verify_table(table)


@pytest.mark.slow
def test_plain_value_iteration_cycles_there() -> None:
    with pytest.raises(PigsolveError, match="did not settle"):
        value_iteration(PigRules(25, 4, players=3), max_sweeps=400)


def test_a_tampered_equilibrium_fails_verification(no_pure_equilibrium) -> None:
    table = no_pure_equilibrium
    table.mixed.roll_probability[0] += 0.01
    try:
        failed = [c.name for c in verify_table(table) if not c.passed]
    finally:
        table.mixed.roll_probability[0] -= 0.01
    assert "Bellman residual" in failed


@pytest.mark.parametrize(("players", "goal", "die"), [(2, 30, 6), (3, 30, 6), (4, 16, 4)])
def test_probabilities_and_invariants(players: int, goal: int, die: int) -> None:
    values = solve(PigRules(goal, die, players=players)).values
    assert values.min() >= 0 and values.max() <= 1
    np.testing.assert_allclose(values.sum(axis=-1), 1, rtol=0, atol=1e-13)
    for j in range(players):  # at small goals no chance falls as its own score rises
        assert np.diff(values[..., j], axis=j).min() >= -1e-13


@pytest.mark.parametrize(
    ("players", "goal", "die"),
    [(3, 25, 4), (3, 40, 4), (3, 30, 3), pytest.param(4, 20, 3, marks=pytest.mark.slow)],
)
def test_the_complete_search_alone_finds_every_equilibrium(monkeypatch, players, goal, die):
    """With the fast path's bracket search switched off, every cycling orbit goes to the
    branch and bound of solver.pig.exhaustive: the table passes verify (every mixed state a
    best reply, the Bellman residual nil)."""
    from pigsolve.solver.pig import exhaustive, mixed

    calls = []
    search = exhaustive.search
    monkeypatch.setattr(mixed, "MAX_COMBINATIONS", 0)
    monkeypatch.setattr(exhaustive, "search", lambda *args: calls.append(1) or search(*args))
    table = solve(PigRules(goal, die, players=players))
    assert calls and len(table.mixed) > 0
    table.attrs["p_first_player"] = table.p_first_player
    assert all(check.passed for check in verify_table(table))


def test_the_chains_of_best_replies() -> None:
    """Each rotation's best replies over pig values 0 to 1 roll at one more turn total per
    threshold, the thresholds rising; between two thresholds the greedy row is the chain's."""
    from pigsolve.solver.pig import exhaustive
    from pigsolve.solver.pig.orbit import Orbit

    rules = PigRules(25, 4, players=3)
    values = solve(rules).values.reshape(-1, 3).copy()
    orbit = Orbit(values, rules, (0, 2, 7))
    for i in range(orbit.length):
        chain = exhaustive.chain(orbit, i)
        assert np.all(np.diff(chain.t) >= 0) and chain.t[0] == 0 and chain.t[-1] == 1
        assert chain.m == len(chain.t) - 2 > 0
        flips = np.diff(chain.policies.astype(int), axis=0)
        assert (flips.sum(axis=1) == 1).all() and (flips >= 0).all()
        for j in range(chain.m + 1):
            low, high = chain.t[j], chain.t[j + 1]
            if high > low:
                greedy = orbit.row(i, (low + high) / 2)[2]
                np.testing.assert_array_equal(greedy, chain.policies[j])


@pytest.mark.slow
@pytest.mark.parametrize("die", [4, 8, 10])
def test_three_players_at_goal_150_for_several_dice(die: int) -> None:
    """A sweep over dice: every cycling orbit gets an equilibrium, and verify is clean."""
    table = solve(PigRules(150, die, players=3))
    assert len(table.mixed) > 0
    table.attrs["p_first_player"] = table.p_first_player
    assert all(check.passed for check in verify_table(table))


@pytest.mark.slow
def test_three_players_at_goal_250_where_the_bracket_search_failed() -> None:
    """Regression: the orbit of (3, 232, 62) in layer 297 had no equilibrium among the
    damped iteration's brackets ('no equilibrium found'); the complete search finds it."""
    table = solve(PigRules(250, 6, players=3))
    assert any(
        scores == (3, 232, 62) or sorted(scores) == [3, 62, 232]
        for scores in map(tuple, table.mixed.scores.tolist())
    )
    table.attrs["p_first_player"] = table.p_first_player
    assert all(check.passed for check in verify_table(table))


def test_fitting_leaves_out_exactly_the_combinations_the_corners_rule_out() -> None:
    """Orbit.fitting (a kernel) yields, in the order fewest coins first, the combinations whose
    corners' pig values reach every option's interval, as a plain loop over them finds."""
    import itertools

    from pigsolve.solver.pig.orbit import SLACK, Orbit

    rules = PigRules(25, 4, players=3)
    values = solve(rules).values.reshape(-1, 3).copy()
    orbit = Orbit(values, rules, (0, 2, 7))
    seen = np.vstack(orbit.wander())
    options = [orbit.options(i, seen[:, i].min(), seen[:, i].max()) for i in range(orbit.length)]

    def fits(combo) -> bool:
        coins = [i for i, option in enumerate(combo) if option.k >= 0]
        corners = []
        for corner in itertools.product((0.0, 1.0), repeat=len(coins)):
            q = np.zeros(orbit.length)
            q[coins] = corner
            rows = [orbit.row(i, 0.0, o.policy, o.k, q[i])[:2] for i, o in enumerate(combo)]
            corners.append(orbit.pig_values(orbit.solve(rows)))
        low, high = np.min(corners, axis=0), np.max(corners, axis=0)
        return all(
            low[i] <= o.high + SLACK and high[i] >= o.low - SLACK for i, o in enumerate(combo)
        )

    every = sorted(
        itertools.product(*options), key=lambda combo: sum(o.k >= 0 for o in combo)
    )  # stable: product's order among equals
    expected = [combo for combo in every if fits(combo)]
    assert 0 < len(expected) < len(every)
    assert list(orbit.fitting(options)) == expected


def test_the_corner_bound_holds_inside_the_coins_box() -> None:
    """Orbit.possible prunes by the corners: inside the box no pig value leaves their range."""
    from pigsolve.solver.pig.orbit import Orbit

    rules = PigRules(25, 4, players=3)
    values = solve(rules).values.reshape(-1, 3).copy()
    orbit = Orbit(values, rules, (0, 2, 7))
    seen = np.vstack(orbit.wander())
    options = [orbit.options(i, seen[:, i].min(), seen[:, i].max()) for i in range(orbit.length)]
    combo = tuple(max(choices, key=lambda o: o.k) for choices in options)  # a coin where any
    coins = [i for i, option in enumerate(combo) if option.k >= 0]
    assert coins

    def pig_values(q: np.ndarray) -> np.ndarray:
        rows = [orbit.row(i, 0.0, o.policy, o.k, q[i])[:2] for i, o in enumerate(combo)]
        return orbit.pig_values(orbit.solve(rows))

    corners = []
    for corner in np.ndindex(*(2,) * len(coins)):
        q = np.zeros(orbit.length)
        q[coins] = corner
        corners.append(pig_values(q))
    low, high = np.min(corners, axis=0), np.max(corners, axis=0)
    assert (high - low).max() > 1e-4  # the coins move the pig values
    rng = np.random.default_rng(5)
    for _ in range(200):
        q = np.zeros(orbit.length)
        q[coins] = rng.random(len(coins))
        x = pig_values(q)
        assert (x >= low - 1e-15).all() and (x <= high + 1e-15).all()


# Neller's published optimal Piglet policies (coin, goal n): the smallest turn total at which
# the player holds, row = own score, column = opponent's score.
# http://cs.gettysburg.edu/~tneller/cs391/03sp/piglet.html
PIGLET = {
    3: "1 3 3 / 2 2 2 / 1 1 1",
    6: "2 2 2 2 2 6 / 1 2 2 2 2 5 / 1 1 2 2 2 4 / 1 1 1 1 3 3 / 1 1 1 2 2 2 / 1 1 1 1 1 1",
    9: "2 2 2 2 2 2 3 3 9 / 1 2 2 2 2 2 2 3 8 / 1 1 2 2 2 2 2 3 7 / 1 1 1 2 2 2 2 2 6 / "
    "1 1 1 1 2 2 2 2 5 / 1 1 1 1 1 2 2 2 4 / 1 1 1 1 1 1 1 3 3 / 1 1 1 1 1 1 2 2 2 / "
    "1 1 1 1 1 1 1 1 1",
}


@pytest.mark.parametrize("goal", sorted(PIGLET))
def test_piglet_matches_nellers_published_policies(goal: int, by_orbits) -> None:
    from pigsolve.solver.pig.export import hold_boundary

    published = np.array([row.split() for row in PIGLET[goal].split(" / ")], int)
    rules = PigRules(goal, 2, piglet=True)
    np.testing.assert_array_equal(hold_boundary(solve(rules).roll_array()), published)
    np.testing.assert_array_equal(solve(rules).choices()[0], published)  # rows rebuilt
    np.testing.assert_array_equal(by_orbits(rules).choices()[0], published)  # the orbit solver


def test_a_higher_score_can_hurt_the_mover_with_three_players() -> None:
    """The smallest case (three players, every goal below 68 and die 2-12 or Piglet shows
    none): at goal 68 with a four-sided die the mover of (1, 50, 50) wins less than the mover
    of (0, 50, 50). verify accepts the equilibrium, and evaluating its players exactly (the
    evaluator's own layers, seat by seat) gives the same values: the fall is the game's."""
    from pigsolve.solver.pig.evaluation.evaluate import run_layers

    rules = PigRules(68, 4, players=3)
    table = solve(rules)
    values = table.values
    assert values[1, 50, 50][0] < values[0, 50, 50][0] - 9e-5
    table.attrs["p_first_player"] = table.p_first_player
    assert all(check.passed for check in verify_table(table))
    evaluated = run_layers(rules, [table.greedy_seat(rules)] * 3).values[0]
    np.testing.assert_allclose(evaluated.reshape(values.shape), values, rtol=0, atol=1e-12)


@pytest.mark.parametrize(("players", "goal", "die"), [(2, 40, 6), (3, 25, 4), (4, 12, 3)])
def test_hold_boundaries_of_sampled_rows_are_the_tables(players: int, goal: int, die: int) -> None:
    """Row by row (the web's sample of a large table) as the whole table gives them; two
    players as the pair kernel's choices give them."""
    from pigsolve.solver.pig.export import hold_boundary

    solution = solve(PigRules(goal, die, players=players))
    boundary = solution.choices()[0]
    grid = np.indices(boundary.shape).reshape(players, -1).T
    np.testing.assert_array_equal(solution.hold_boundaries(grid), boundary.ravel())
    if players == 2:
        np.testing.assert_array_equal(boundary, hold_boundary(solution.roll_array()))
