"""Farkle players by name: the list, one-line errors, the players' actions, the kinds tuned."""

from __future__ import annotations

import pytest

from pigsolve.policies import check_player_name, kinds, make_player, player_names
from pigsolve.policies.farkle.players import bank_totals, check_name, optimal_player
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.evaluate import compare
from pigsolve.solver.farkle.simulate import simulate
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.games.farkle import FarkleRules

RULES = FarkleRules(goal=1000)


def test_names_are_listed_and_made() -> None:
    names = [name for name, _ in player_names(RULES)]
    assert names[:3] == ["optimal", "max-score", "bank:T"] and "human" in names
    for name in ("max-score", "bank:300", "bank:500,400,350,300,300,250", "bank:0"):
        player = make_player(RULES, name)
        assert player.name == name and player.description
        assert player.table(RULES).rules == RULES


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("hold20", "unknown Farkle player 'hold20'; accepted: optimal, max-score, bank:T"),
        ("bank:120", "bank:120: bank totals are multiples of 50, got 120"),
        ("bank:300,200", "bank:300,200 needs 1 bank total or 6 (one per number of dice), got 2"),
        ("bank:", "unknown Farkle player 'bank:'"),
    ],
)
def test_bad_names_are_one_line(name, message) -> None:
    with pytest.raises(
        InvalidArgument, match="^" + message.replace("(", r"\(").replace(")", r"\)")
    ) as err:
        check_player_name(RULES, name)
    assert "\n" not in str(err.value)


def test_bank_totals_follow_the_number_of_dice() -> None:
    three = FarkleRules(dice=3, goal=500)
    assert bank_totals("bank:100,150,200", three) == (100, 150, 200)
    with pytest.raises(InvalidArgument, match="needs 1 bank total or 3"):
        check_name("bank:300,300,300,300,300,300", three)


def test_a_player_refuses_other_rules() -> None:
    player = make_player(RULES, "bank:300")
    with pytest.raises(InvalidArgument, match="was made for"):
        player.table(FarkleRules(goal=500))


def test_optimal_acts_as_the_solution_advises() -> None:
    solution = solve(RULES)
    optimal = optimal_player(solution)
    for state in [((0, 0), 0, 6), ((0, 0), 350, 3), ((500, 900), 200, 2), ((900, 0), 50, 1)]:
        values = solution.action_values(state)
        action = optimal.action(state)
        assert values[action] == max(values.values())
    for state, roll in [(((0, 0), 0, 6), (1, 5, 2, 2, 3, 4)), (((300, 700), 250, 3), (1, 1, 5))]:
        values = solution.action_values(state, roll=roll)
        assert values[optimal.action(state, roll)] == max(values.values())
    assert optimal.action(((0, 0), 0, 3), (2, 3, 4)) is None  # a farkle


@pytest.mark.slow
def test_bank_300_against_optimal_exactly_and_simulated() -> None:
    """The threshold player's exact chances lie where 20,000 seeded games put them."""
    for goal in (500, 1000):
        rules = FarkleRules(goal=goal)
        optimal = optimal_player(solve(rules))
        bank = make_player(rules, "bank:300")
        exact = compare(rules, bank, optimal)
        assert exact.a == "bank:300" and exact.b == "optimal" and exact.average < 0.5
        result = simulate(rules, [bank, optimal], 20_000, goal)
        assert abs(result.z_scores(exact)["total"]) < 4


def test_bank_is_a_kind_tuned() -> None:
    ranges = kinds.kind_ranges(RULES, "bank")
    assert ranges == {"fifties": (6, 4, 30)}
    names = kinds.candidates(RULES, "bank", kinds.checked_ranges(RULES, "bank", ["fifties=5:7"]))
    assert names == ["bank:250", "bank:300", "bank:350"]
    for name in names:
        check_name(name, RULES)
    dice = ", ".join(f"dice{n}" for n in range(1, 7))
    assert kinds.constant_names(RULES) == f"bank: fifties; bank-dice: {dice}"


@pytest.mark.parametrize("game", ["farkle", "facebook-farkle", "patch-farkle"])
def test_the_players_play_a_game_step_by_step(game: str) -> None:
    """The terminal's and the page's computer players choose from the game's view (with the
    penalty it shows the farkles in a row, which the optimal player's table reads)."""
    import numpy as np

    from pigsolve.solver.farkle.play import FarklePlay
    from pigsolve.solver.registry import game as rules_of

    rules = rules_of(game, goal=500)
    optimal = optimal_player(solve(rules, floor=-500))  # a floor near 0: a fast solve
    players = [optimal, *(make_player(rules, name) for name in ("max-score", "bank:300"))]
    for seed in range(6):
        play = FarklePlay(rules, np.random.default_rng(seed))
        play.game.start()
        seats = (players[seed % 3], players[(seed + 1) % 3])
        while not play.game.over:
            view = play.game.view
            assert len(view.state) == (4 if rules.farkle_penalty else 3)
            play.game.apply(seats[play.game.player].choose(view))


def test_the_optimal_player_reads_its_table_or_computes_and_saves_it(tmp_path, monkeypatch) -> None:
    from pigsolve.solver.errors import TableError
    from pigsolve.solver.farkle import solve as solver
    from pigsolve.solver.farkle.table import load, save

    path = tmp_path / "t.h5"
    first = make_player(RULES, "optimal", table=path)
    assert (load(path).values == first.table(RULES).guide).all()  # computed and saved there
    monkeypatch.setattr(solver, "solve", lambda rules: pytest.fail("solved again"))
    again = make_player(RULES, "optimal", table=path)  # read, not solved
    assert (again.table(RULES).guide == first.table(RULES).guide).all()
    other = tmp_path / "other.h5"
    save(solve(FarkleRules(goal=500)), other)
    with pytest.raises(TableError, match="holds the optimal Farkle table for goal 500"):
        make_player(RULES, "optimal", table=other)
