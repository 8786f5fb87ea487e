"""The heuristic Pig players: decisions at hand-checked states, and choose() against table()."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pigsolve.policies import Player, make_player, player_names
from pigsolve.policies.human import Human
from pigsolve.policies.pig.thresholds import BasePaceRace, HoldAt, PaceRace, ScoringTurns
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, View


def make_policy(name: str, rules: PigRules, **kwargs):
    return make_player(rules, name, **kwargs)


def policy_names():
    return player_names(PigRules())


HEURISTICS = ["hold20", "hold25", "hold1", "four-turns", "base-pace-race", "pace-race"]


def decide(name: str, i: int, j: int, k: int, t: int = 0, goal: int = 100) -> bool:
    return make_policy(name, PigRules(goal=goal)).choose(View(i, j, k, goal, t))


@pytest.mark.parametrize(
    ("name", "state", "rolls"),
    [
        # hold at 20 or goal
        ("hold20", (0, 0, 0), True),
        ("hold20", (0, 0, 19), True),
        ("hold20", (0, 0, 20), False),
        ("hold20", (90, 0, 9), True),
        ("hold20", (90, 0, 10), False),
        ("hold20", (0, 99, 19), True),
        ("hold25", (0, 0, 24), True),
        ("hold25", (0, 0, 25), False),
        ("hold25", (80, 0, 19), True),
        ("hold25", (80, 0, 20), False),
        # score base, keep pace, and end race
        ("base-pace-race", (0, 0, 18), True),
        ("base-pace-race", (0, 0, 19), False),
        ("base-pace-race", (0, 50, 35), True),  # max(19, 50 - 14) = 36
        ("base-pace-race", (0, 50, 36), False),
        ("base-pace-race", (68, 0, 19), False),
        ("base-pace-race", (69, 0, 30), True),  # end race: roll for the 31 points left
        ("base-pace-race", (69, 0, 31), False),
        ("base-pace-race", (10, 69, 89), True),
        ("base-pace-race", (10, 69, 90), False),
        # keep pace and end race: 21 + floor((j - i) / 8 + 1/2)
        ("pace-race", (0, 0, 20), True),
        ("pace-race", (0, 0, 21), False),
        ("pace-race", (0, 4, 21), True),  # 4/8 = 0.5 rounds up: hold at 22
        ("pace-race", (0, 4, 22), False),
        ("pace-race", (4, 0, 20), True),  # -0.5 rounds up to 0: hold at 21
        ("pace-race", (4, 0, 21), False),
        ("pace-race", (0, 3, 21), False),  # 0.375 rounds to 0
        ("pace-race", (12, 0, 19), True),  # -1.5 rounds up to -1: hold at 20
        ("pace-race", (12, 0, 20), False),
        ("pace-race", (70, 0, 25), False),
        ("pace-race", (71, 0, 28), True),  # end race
        ("pace-race", (0, 71, 99), True),
    ],
)
def test_decisions_at_hand_checked_states(name: str, state: tuple[int, int, int], rolls: bool):
    assert decide(name, *state) is rolls


@pytest.mark.parametrize(("t", "hold_at"), [(0, 25), (1, 33), (2, 50), (3, 100)])
def test_four_turns_thresholds_at_zero(t: int, hold_at: int):
    assert decide("four-turns", 0, 0, hold_at - 1, t) is True
    assert decide("four-turns", 0, 0, hold_at, t) is False


def test_four_turns_after_some_points():
    # (100 - 40) / (4 - 1) = 20, (100 - 41) / 2 = 29.5 -> 29
    assert decide("four-turns", 40, 0, 19, 1) and not decide("four-turns", 40, 0, 20, 1)
    assert decide("four-turns", 41, 0, 28, 2) and not decide("four-turns", 41, 0, 29, 2)
    # t >= 4 cannot happen before the goal; it would mean rolling for the goal
    assert decide("four-turns", 50, 0, 49, 4) and not decide("four-turns", 50, 0, 50, 4)


def test_never_holds_at_zero_even_below_a_zero_threshold():
    # floor((100 - 99) / 4) = 0, but banking nothing is never a computer player's choice
    assert decide("four-turns", 99, 0, 0, 0)


@pytest.mark.parametrize("name", HEURISTICS)
@pytest.mark.parametrize("goal", [1, 7, 30])
def test_roll_table_agrees_with_roll_everywhere_on_small_goals(name: str, goal: int):
    rules = PigRules(goal=goal)
    policy = make_policy(name, rules)
    table = policy.table(rules)
    assert table.shape == (policy.memory, goal, goal, goal)
    assert table.dtype == np.bool_
    for t, i, j, k in itertools.product(range(policy.memory), *[range(goal)] * 3):
        assert table[t, i, j, k] == policy.choose(View(i, j, k, goal, t)), (t, i, j, k)


@pytest.mark.parametrize("name", HEURISTICS)
def test_roll_table_agrees_with_roll_on_random_states(name: str):
    rules = PigRules()
    policy = make_policy(name, rules)
    table = policy.table(rules)
    rng = np.random.default_rng(3)
    for t, i, j, k in rng.integers(0, [8, 100, 100, 100], size=(2000, 4)):
        capped = min(int(t), policy.memory - 1)
        expected = policy.choose(View(int(i), int(j), int(k), 100, int(t)))
        assert table[capped, i, j, k] == expected


@pytest.mark.parametrize("name", HEURISTICS)
def test_roll_table_holds_at_goal_and_rolls_at_zero(name: str):
    rules = PigRules(goal=40)
    table = make_policy(name, rules).table(rules)
    i, k = np.meshgrid(np.arange(40), np.arange(40), indexing="ij")
    reached = (i + k >= 40)[np.newaxis, :, np.newaxis, :]
    assert not np.any(table & reached)
    assert np.all(table[..., 0])


def test_make_policy_builds_each_player():
    rules = PigRules()
    assert isinstance(make_policy("hold20", rules), HoldAt)
    assert make_policy("hold37", rules).n == 37
    assert isinstance(make_policy("four-turns", rules), ScoringTurns)
    assert isinstance(make_policy("base-pace-race", rules), BasePaceRace)
    assert isinstance(make_policy("pace-race", rules), PaceRace)
    assert isinstance(make_policy("human", rules), Human)
    for name in HEURISTICS:
        assert isinstance(make_policy(name, rules), Player)
        assert make_policy(name, rules).name == name


@pytest.mark.parametrize("name", ["hold0", "hold", "hold-3", "holdx", "Hold20", "random", ""])
def test_make_policy_rejects_unknown_names_listing_the_accepted(name: str):
    with pytest.raises(ValueError, match="accepted: optimal, hold20, holdN, four-turns"):
        make_policy(name, PigRules())


def test_policy_names_cover_the_cli_names():
    names = [name for name, _ in policy_names()]
    assert names == [
        "optimal",
        "hold20",
        "holdN",
        "four-turns",
        "turnsT",
        "base-pace-race",
        "pace-race",
        "KIND:A,B,C",
        "best-response:A,B",
        "path/to/file.py:function",
        "human",
    ]
    assert all(description and "\n" not in description for _, description in policy_names())


def test_human_has_no_decisions_and_no_table():
    """The human player used to promise a table it could not give; the interface asks instead."""
    human = make_policy("human", PigRules())
    assert isinstance(human, Human)
    assert not hasattr(human, "choose") and not hasattr(human, "table")


@pytest.mark.parametrize(
    ("named", "family"),
    [
        ("hold20", "hold20"),
        ("four-turns", "turns4"),
        ("base-pace-race", "base-pace-race:19,14,69"),
        ("pace-race", "pace-race:21,8,71"),
    ],
)
def test_each_named_player_is_its_family_at_the_documents_constants(named: str, family: str):
    """The named players are families now; at the documents' constants nothing changed."""
    rules = PigRules(goal=60)
    assert np.array_equal(
        make_policy(named, rules).table(rules), make_policy(family, rules).table(rules)
    )
    assert make_policy(family, rules).name == named


@pytest.mark.parametrize("name", ["turns3", "base-pace-race:15,10,60", "pace-race:18,5,80"])
def test_kind_members_choose_as_their_tables_say(name: str):
    rules = PigRules(goal=40)
    policy = make_policy(name, rules)
    table = policy.table(rules)
    for t, i, j, k in itertools.product(
        range(policy.memory), range(0, 40, 3), range(0, 40, 7), range(40)
    ):
        assert table[t, i, j, k] == policy.choose(View(i, j, k, 40, t)), (name, t, i, j, k)


@pytest.mark.parametrize(
    "name", ["hold99999999999999999999", "turns1000000001", "pace-race:21,8,99999999999999999999"]
)
def test_a_constant_past_a_billion_is_refused_naming_the_player(name: str):
    """Was: an OverflowError in numpy's hold grid ("internal error ... please report it")."""
    with pytest.raises(InvalidArgument, match=r"constants are at most 10\^9: '"):
        make_player(PigRules(20), name)
    assert isinstance(make_player(PigRules(20), "hold1000000000"), HoldAt)
