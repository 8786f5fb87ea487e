"""The page's sizes: the largest goal of each game and player count, and each refusal in the
API's words with the memory needed."""

from __future__ import annotations

from dataclasses import replace

import pytest

pytest.importorskip("starlette")

from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import BUILT_IN, big_pig, two_dice
from pigsolve.solver.pig.solve import memory_needed
from pigsolve.ui.web.limits import NoTable, SizeError, check_size, check_solvable, largest_goal


@pytest.mark.parametrize(
    ("rules", "goal"),
    [
        (PigRules(), 2500),
        (PigRules(players=3), 200),
        (PigRules(players=4), 50),
        (PigRules(outcomes=big_pig()), 300),
        (PigRules(players=3, outcomes=big_pig()), 200),
        (hog_rules("su20"), 200),
    ],
)
def test_the_largest_goal_is_taken_and_the_next_refused(rules, goal: int) -> None:
    """At the largest goal the page computes the table; one more is a 413 naming the limit."""
    at, over = replace(rules, goal=goal), replace(rules, goal=goal + 1)
    assert largest_goal(rules) == goal
    check_size(at)
    with pytest.raises(SizeError, match=f"goals up to {goal}; goal {goal + 1} needs about") as e:
        check_size(over)
    assert e.value.status == 413


def test_a_refusal_names_the_game_the_players_and_the_memory() -> None:
    four = PigRules(51, players=4)
    mib = round(memory_needed(four) / 2**20)
    with pytest.raises(SizeError) as refused:
        check_size(four)
    assert str(refused.value) == (
        f"the page takes 4-player Pig goals up to 50; goal 51 needs about {mib} MiB of memory: "
        "use `pigsolve compute` at the command line"
    )
    with pytest.raises(SizeError, match="Big Pig goals up to 300; goal 301 needs about"):
        check_size(PigRules(301, outcomes=big_pig()))
    with pytest.raises(SizeError, match="use `pigsolve compute` at the command line"):
        check_size(hog_rules("fa16", 201))


def test_larger_dice_take_smaller_goals() -> None:
    """Goal cubed times the sides may not pass goal 2500's with a six-sided die."""
    check_size(PigRules(2500, die_sides=6))
    check_size(PigRules(1250, die_sides=48))  # exactly the same work
    with pytest.raises(SizeError, match="goal 1250 with 49 sides is for `pigsolve compute`"):
        check_size(PigRules(1250, die_sides=49))


def test_the_machine_s_own_limit_comes_first() -> None:
    with pytest.raises(SizeError, match=r"goal 100000 needs about [\d,]+ GiB of memory; this"):
        check_size(PigRules(100000))


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_only_games_whose_scores_fall_lack_a_table_for_three(name: str) -> None:
    table = BUILT_IN[name]()
    for players in (2, 3, 4):
        rules = PigRules(30, players=players, outcomes=table)
        if table.resets and players > 2:
            with pytest.raises(NoTable, match=f"solved for two players only, not {players}"):
                check_solvable(rules)
        else:
            check_solvable(rules)
    assert table.resets == (name in ("two-dice", "pass-the-pigs"))


def test_the_refusal_of_a_table_names_the_game() -> None:
    with pytest.raises(NoTable) as refused:
        check_solvable(PigRules(30, players=3, outcomes=two_dice()))
    assert str(refused.value).startswith("scores can fall to 0 in two-dice (double 1s)")
    assert refused.value.status == 409
