"""Pig's words: the games by name, and the last roll as the page draws it."""

from __future__ import annotations

from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import BUILT_IN, TITLES, pass_the_pigs, two_dice
from pigsolve.solver.pig.words import effect_words, roll_kind, roll_view


def test_the_menu_names_pig_and_every_built_in_game() -> None:
    assert set(TITLES) == {"pig", *BUILT_IN}


def test_a_roll_is_dice_pigs_or_a_named_outcome() -> None:
    double_6s = next(o for o in two_dice().outcomes if o.name == "double 6s")
    pigs = {o.name: o for o in pass_the_pigs().outcomes}
    assert roll_kind(double_6s) == "dice" and roll_kind(pigs["double snouter"]) == "pigs"
    assert roll_kind(pigs["touching"]) == "pigs"  # one face: the pigs touch
    die_one = PigRules().roll_outcomes.outcomes[0]
    assert die_one.faces == () and roll_kind(die_one) == "outcome"


def test_what_a_roll_does_in_words() -> None:
    pigs = {o.name: o for o in pass_the_pigs().outcomes}
    assert effect_words(pigs["sider (dot up)"]) == "1 point"
    assert effect_words(pigs["double snouter"]) == "40 points"
    assert effect_words(pigs["pig out"]) == "no points: the turn total is lost"
    assert effect_words(pigs["touching"]) == "the whole score is lost"


def test_the_last_roll_as_the_page_draws_it() -> None:
    four = PigRules().roll_outcomes.outcomes[3]
    assert roll_view(four, 1, die=True) == {
        "player": 1,
        "kind": "die",
        "faces": ["4"],
        "name": "4",
        "effect": "add",
        "points": 4,
        "words": "4 points",
    }
    double_1s = two_dice().outcomes[0]
    drawn = roll_view(double_1s, 0, die=False)
    assert (drawn["kind"], drawn["faces"], drawn["effect"]) == ("dice", ["1", "1"], "reset")
