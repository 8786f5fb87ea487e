"""Farkle through the registry and the front door: its names, rules, tables and questions, and
the step-wise game the terminal and the page play (seeded, listed dice, the optimal player)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import pigsolve
from pigsolve.solver import registry
from pigsolve.solver.dice import ListedDice
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.family import FarkleFamily
from pigsolve.solver.farkle.play import FarkleGame, FarklePlay, SolutionPlayer
from pigsolve.solver.farkle.solution import FarkleSolution
from pigsolve.solver.farkle.solve import solve
from pigsolve.solver.farkle.words import Farkled, Held, HotDice, Kept, Rolled, TurnStarted, Won
from pigsolve.solver.games.farkle import FACEBOOK_FARKLE, FARKLE, FarkleRules
from pigsolve.solver.games.farkle_scoring import counts_of, score
from pigsolve.solver.registry import require
from pigsolve.ui.adapters import adapter_named, adapter_of
from pigsolve.ui.web.app import page_families

SMALL = replace(FARKLE, goal=1000)


@pytest.fixture(scope="module")
def small() -> FarkleSolution:
    return solve(SMALL)


def test_the_registry_serves_farkle() -> None:
    assert pigsolve.games()[-4:-1] == ["farkle", "facebook-farkle", "patch-farkle"]
    family = registry.family_named("farkle")
    assert isinstance(family, FarkleFamily) and registry.family_of(FARKLE) is family
    assert pigsolve.game("farkle", goal=1000) == SMALL
    assert pigsolve.game("facebook-farkle") == FACEBOOK_FARKLE
    assert pigsolve.game("farkle", min_bank=300, dice=5) == FarkleRules(dice=5, min_bank=300)
    assert pigsolve.game("farkle", goal=1000, players=3).players == 3
    with pytest.raises(TypeError, match="not seats"):
        pigsolve.game("farkle", seats=3)
    with pytest.raises(InvalidArgument, match="goal must be a positive multiple of 50"):
        pigsolve.game("farkle", goal=1001)
    assert family.table_name(SMALL) == "farkle-farkle-goal1000.h5"
    assert adapter_named("farkle").record_fields(SMALL) == {"rules": "farkle"}


def test_a_toml_game_is_read_by_the_family(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('base = "facebook-farkle"\nfarkle_penalty = 0\nmin_bank = 300\n')
    rules = FarkleFamily().rules(str(path), goal=2000)
    assert rules == replace(FACEBOOK_FARKLE, farkle_penalty=0, min_bank=300, goal=2000)
    assert FarkleFamily().table_name(rules).startswith("farkle-custom-")


def test_solved_and_loaded_through_the_front_door(small: FarkleSolution, tmp_path: Path) -> None:
    solution = pigsolve.solve(SMALL)
    assert isinstance(solution, registry.Solution)
    np.testing.assert_array_equal(solution.values, small.values)
    path = FarkleFamily().save(solution, tmp_path / FarkleFamily().table_name(SMALL))
    loaded = pigsolve.load(path)
    assert loaded.rules == SMALL and loaded.p_first_player == solution.p_first_player
    assert require(path, SMALL) == path


def test_what_is_not_solved_says_why() -> None:
    family = FarkleFamily()
    assert family.demands(SMALL).unsolved == ""
    assert family.demands(FACEBOOK_FARKLE).unsolved == ""
    assert family.demands(replace(SMALL, players=3)).unsolved == ""
    assert family.demands(replace(SMALL, last_turn=True)).inexact == ""
    assert (
        "compare and tune do not evaluate the last round with the three-farkle penalty"
        in family.demands(replace(FACEBOOK_FARKLE, last_turn=True)).inexact
    )
    three = replace(FACEBOOK_FARKLE, players=3)
    assert "3 players is not solved with the three-farkle penalty" in family.demands(three).unsolved
    with pytest.raises(InvalidArgument, match="players"):
        pigsolve.solve(three)


def test_the_page_questions() -> None:
    family = adapter_named("farkle")
    form = family.page_form()
    assert [field["name"] for field in form["fields"]] == list(family.page_fields)
    rules_field = form["fields"][0]
    assert [c["value"] for c in rules_field["choices"]] == [
        "farkle",
        "facebook-farkle",
        "patch-farkle",
    ]
    assert family.page_rules({"rules": "facebook-farkle", "goal": 2000}).goal == 2000
    for fields in ({"goal": 1025}, {"goal": 20_000}, {"rules": "yahtzee"}):
        with pytest.raises(InvalidArgument):
            family.page_rules(fields)
    assert family.page_limits()["goal"] == [50, family.page_goal(SMALL)]
    assert family.page_title(FACEBOOK_FARKLE) == "Facebook Farkle"
    assert family.page_refusal(replace(FACEBOOK_FARKLE, goal=1000)) == ""
    refusal = family.page_refusal(FACEBOOK_FARKLE)
    assert "takes far longer" in refusal and "memory" not in refusal
    assert family.title(SMALL) == "" and family.title(FACEBOOK_FARKLE) == "Facebook Farkle "
    assert family.family.describe(SMALL) == "the optimal Farkle table for goal 1000"
    assert 0 < family.family.demands(FARKLE).memory < 2**24
    assert family.family.command(SMALL) == "pigsolve compute --game farkle --goal 1000"
    families = {entry["name"]: entry for entry in page_families()}
    assert families["farkle"]["label"] == "Farkle" and families["farkle"]["max_players"] == 4


def test_the_explorer_samples_the_scores(small: FarkleSolution) -> None:
    heat_map = adapter_named("farkle").explore(small, 7)["heat_map"]
    assert heat_map["x"]["values"] == [0, 150, 300, 450, 600, 750, 900]
    assert np.shape(heat_map["z"]) == (7, 7) and heat_map["z"][0][0] == small.p_first_player


def test_a_query_state_is_read_by_each_family() -> None:
    farkle, words = FarkleFamily(), adapter_named("farkle")
    assert farkle.state(SMALL, [0, 50, 350, 3]) == (0, 50, 350, 3)
    assert farkle.state(SMALL, ((0, 50), 350, 3)) == (0, 50, 350, 3)
    given = {"roll": "6 1,5 5 2 2"}
    assert words.query_extras(SMALL, (0, 0, 0, 6), given) == {"roll": (1, 2, 2, 5, 5, 6)}
    for numbers, roll, message in [
        ([0, 0, 350], None, "a Farkle state is 4 numbers"),
        ([0, 0, 355, 3], None, "turn total"),
        ([0, 1000, 0, 6], None, "scores"),
        ([0, 0, 0, 7], None, "dice"),
        ([0, 0, 350, 3], "1,9,5", "a die shows 1 to 6, got 9"),
        ([0, 0, 350, 3], "1,5", "the state rolls 3 dice, the roll shows 2"),
        ([0, 0, 350, 3], "one", "faces 1 to 6"),
    ]:
        with pytest.raises(InvalidArgument, match=message):
            state = farkle.state(SMALL, numbers)
            words.query_extras(SMALL, state, {"roll": roll} if roll else {})
    pig, hog = registry.family_named("pig"), registry.family_named("hog")
    assert pig.state(pigsolve.game("pig", goal=50), [5, 7, 2]) == (5, 7, 2)
    assert pig.state(pigsolve.game("pig", goal=50), ((5, 7), 2)) == (5, 7, 2)
    assert hog.state(pigsolve.game("hog-fa16"), [10, 20]) == (10, 20)
    for game in ("pig", "hog-su20"):
        assert "roll" not in adapter_of(game).taken("query")


def test_the_solution_values_a_roll_by_its_best_keep(small: FarkleSolution) -> None:
    state = ((0, 0), 350, 3)
    values = small.action_values(state, roll=(1, 5, 5))
    assert small.win_probability(state, roll=(1, 5, 5)) == max(values.values())
    farkle = small.win_probability(state, roll=(2, 3, 4))
    assert farkle == pytest.approx(1 - small.win_probability(((0, 0), 0, 6)))


# The step-wise game ----------------------------------------------------------------------------


def test_a_turn_step_by_step() -> None:
    rolls = [1, 5, 2, 3, 4, 6, *(5, 5, 1, 2, 3), *(2, 3), *(1, 2, 3, 4, 6, 6)]
    game = FarkleGame(SMALL, ListedDice(rolls))
    events = game.start()
    assert events == [TurnStarted(0, (0, 0)), Rolled(0, (1, 2, 3, 4, 5, 6))]
    assert game.legal_actions() == ((5,), (1,), (1, 5))
    assert game.view[:3] == (((0, 0), 0, 6), (1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6))
    with pytest.raises(InvalidArgument, match="keep 2 is not a legal choice now"):
        game.apply((2,))
    assert game.apply("1") == [Kept(0, (1,), 100, 100, 5)]
    assert game.legal_actions() == ("bank", "roll") and game.view.roll is None
    assert game.apply("roll") == [Rolled(0, (1, 2, 3, 5, 5))]
    assert game.apply([5, 1, 5]) == [Kept(0, (1, 5, 5), 200, 300, 2)]
    assert game.view.state == ((0, 0), 300, 2)
    events = game.apply("roll")  # 2 and 3: a farkle, then the opponent's turn opens
    assert events[:3] == [Rolled(0, (2, 3)), Farkled(0, 300, 0, 0), TurnStarted(1, (0, 0))]
    assert events[3:] == [Rolled(1, (1, 2, 3, 4, 6, 6)), Kept(1, (1,), 100, 100, 5)]  # no choice
    assert game.player == 1 and game.view.state == ((0, 0), 100, 5)
    assert game.view.rolled == (1, 2, 3, 4, 6, 6)  # the roll set aside with no question


def test_hot_dice_roll_every_die_again() -> None:
    game = FarkleGame(SMALL, ListedDice([1, 1, 1, 5, 5, 5, 2, 2, 2, 3, 3, 4]))
    game.start()
    assert game.apply("1 1 1 5 5 5") == [Kept(0, (1, 1, 1, 5, 5, 5), 1500, 1500, 0), HotDice(0, 6)]
    assert game.view.state == ((0, 0), 1500, 6) and game.legal_actions() == ("bank", "roll")
    assert game.apply("bank") == [Held(0, 1500, 1500), Won(0)]
    assert game.over and game.winner == 0 and game.legal_actions() == ()


def test_a_single_keep_is_set_aside_and_a_forced_roll_made_with_no_question() -> None:
    rules = replace(SMALL, min_bank=300)
    game = FarkleGame(rules, ListedDice([1, 2, 3, 4, 6, 6, *(2, 3, 4, 6, 6), *(5, 5, 1, 2, 3, 4)]))
    events = game.start()  # 1 only; below the minimum bank, so it rolls on: a farkle
    assert events[:4] == [
        TurnStarted(0, (0, 0)),
        Rolled(0, (1, 2, 3, 4, 6, 6)),
        Kept(0, (1,), 100, 100, 5),
        Rolled(0, (2, 3, 4, 6, 6)),
    ]
    assert events[4:6] == [Farkled(0, 100, 0, 0), TurnStarted(1, (0, 0))]
    assert game.player == 1 and game.legal_actions() == ((5,), (5, 5), (1,), (1, 5), (1, 5, 5))


def test_the_third_farkle_in_a_row_costs_the_penalty() -> None:
    rules = replace(SMALL, dice=1, farkle_penalty=500)  # one die: a 1 or a 5 scores
    game = FarkleGame(rules, ListedDice([2] * 5 + [1]))
    events = game.start()  # five farkles, seats 0, 1, 0, 1, 0; seat 1 then rolls a 1
    assert Farkled(0, 0, 500, -500) in events and events.count(Farkled(0, 0, 0, 0)) == 2
    assert game.scores == (-500, 0) and game.farkles == [0, 2] and game.player == 1
    assert events[-2:] == [Kept(1, (1,), 100, 100, 0), HotDice(1, 1)]
    assert game.legal_actions() == ("bank", "roll")


@pytest.mark.parametrize(("rolls", "winner"), [([1, 1, 1], 0), ([1, 1, 1, 1, 1], 1)])
def test_with_the_last_turn_every_other_seat_plays_once_more(rolls: list[int], winner: int) -> None:
    game = FarkleGame(replace(SMALL, dice=1, goal=200, last_turn=True), ListedDice(rolls))
    game.start()
    game.apply("roll")
    assert Held(0, 200, 200) in game.apply("bank")
    assert not game.over and game.player == 1
    while game.view.turn_total < 100 * (len(rolls) - 2):
        game.apply("roll")
    assert game.apply("bank")[-1] == Won(winner) and game.winner == winner


def test_seeded_optimal_games_end_and_every_choice_is_legal(small: FarkleSolution) -> None:
    player = SolutionPlayer(small)
    for seed in range(5):
        play = FarklePlay(SMALL, np.random.default_rng(seed))
        lines = play.lines(play.game.start(), ["you", "optimal"])
        while not play.game.over:
            best, values = play.advice(small)
            assert best in play.legal() and set(values) == set(play.legal())
            action = player.choose(play.game.view)
            assert play.name(action) == best and play.action(best) == action
            lines += play.lines(play.game.apply(action), ["you", "optimal"])
        assert max(play.game.scores) >= SMALL.goal and play.game.winner is not None
        assert lines[0] == "your turn (you 0, optimal 0)"
        fields = play.fields()
        assert fields["dice_sides"] == 6 and all(1 <= d <= 6 for d in fields["dice"])
        assert "roll" not in fields  # the page draws Pig's rolls from "roll"


def test_the_page_names_and_words() -> None:
    play = FarklePlay(SMALL, np.random.default_rng(1))
    play.game.start()
    assert all(play.words(name).startswith("keep ") for name in play.legal())
    name = play.legal()[-1]
    faces = play.action(name)
    assert play.name(faces) == name and score(counts_of(faces), SMALL.scoring) > 0
    assert play.action(f"keep {name}") == faces
    with pytest.raises(InvalidArgument, match="not a choice"):
        play.action("hold")
    with pytest.raises(InvalidArgument, match="is not a legal choice now; choose keep"):
        play.action("bank")
