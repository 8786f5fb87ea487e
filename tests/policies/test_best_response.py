"""The best response: no player does better against the same opponents, in any seat; it agrees
with the game value and with a brute-force search for two players; its choices satisfy the
optimality equation of its own game."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pigsolve.policies import make_player
from pigsolve.policies.pig.best_response import make_best_response, solve_best_response
from pigsolve.policies.pig.optimal import EquilibriumPolicy
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules, View
from pigsolve.solver.pig.evaluation.evaluate import compare, evaluate
from pigsolve.solver.pig.seat_policy import threshold_seat
from pigsolve.solver.pig.solve import solve

RULES = PigRules(20, 6, players=3)


def first_mover_probabilities(
    rules: PigRules, roll_a: np.ndarray, roll_b: np.ndarray
) -> tuple[float, float]:
    """Return (P(A wins | A starts), P(A wins | B starts)) from :func:`compare`."""
    result = compare(rules, roll_a, roll_b)
    return result.a_first, result.b_first


@pytest.fixture(scope="module")
def hold_reply():
    """The best reply to hold6 and hold8 (who move after it in that order) and those two."""
    hold6, hold8 = (make_player(RULES, name) for name in ("hold6", "hold8"))
    return solve_best_response(RULES, [hold6, hold8]), hold6, hold8


@pytest.fixture(scope="module")
def equilibrium(equilibrium_of) -> EquilibriumPolicy:
    """The equilibrium player of the three-player game."""
    return equilibrium_of(RULES)


def challengers(equilibrium) -> list:
    names = ["hold4", "hold6", "hold8", "hold10", "hold20", "pace-race:8,4,14"]
    return [*(make_player(RULES, name) for name in names), equilibrium]


def test_no_player_does_better_against_the_same_opponents(hold_reply, equilibrium) -> None:
    reply, hold6, hold8 = hold_reply
    assert reply.unsettled == 0
    ours = evaluate(RULES, [reply, hold6, hold8])
    assert reply.start == pytest.approx(np.stack([ours.start(m) for m in range(3)]), abs=1e-13)
    for other in challengers(equilibrium):
        theirs = evaluate(RULES, [other, hold6, hold8])
        for first in range(3):  # whoever starts
            assert ours.start(first)[0] >= theirs.start(first)[0] - 1e-12, (other.name, first)


def test_it_plays_any_seat(hold_reply, equilibrium) -> None:
    """In seat 1 with hold6 and hold8 still moving after it, it is still the best reply."""
    reply, hold6, hold8 = hold_reply
    ours = evaluate(RULES, [hold8, reply, hold6]).start()[1]
    assert ours == pytest.approx(reply.start[2, 0], abs=1e-13)
    for other in challengers(equilibrium):
        assert ours >= evaluate(RULES, [hold8, other, hold6]).start()[1] - 1e-12


def test_its_choices_satisfy_the_optimality_equation(hold_reply) -> None:
    """Every choice is the better action, valued with the exact values of its own game."""
    reply, hold6, hold8 = hold_reply
    values = evaluate(RULES, [reply, hold6, hold8]).values
    goal, faces = RULES.goal, np.array(RULES.faces)
    gains, pigs = faces[faces != 0], np.count_nonzero(faces == 0)
    checked = 0
    for s in itertools.product(range(goal), repeat=3):
        x = values[1][s][0]
        own = {}
        for k in range(goal - s[0] - 1, -1, -1):
            roll = (pigs * x + sum(own.get(k + g, 1.0) for g in gains)) / len(faces)
            hold = values[1][(s[0] + k, s[1], s[2])][0] if k else -1.0
            chosen = bool(reply.choices(s)[k])
            own[k] = roll if chosen else hold
            assert own[k] >= max(roll, hold) - 1e-12, (s, k)
            if abs(roll - hold) <= 1e-12:
                assert not chosen, (s, k)  # ties hold
            checked += k > 0
        assert own[0] == pytest.approx(values[0][s][0], abs=1e-12)
    assert checked > 3000


def test_two_players_the_reply_to_optimal_gets_the_game_value() -> None:
    rules = PigRules(30, 6)
    optimal = solve(rules)
    target = threshold_seat("optimal", optimal.roll_array()[None], rules)
    reply = solve_best_response(rules, [target])
    assert reply.start[0, 0] == pytest.approx(optimal.v0[0, 0], abs=1e-12)
    assert reply.start[1, 0] == pytest.approx(1 - optimal.v0[0, 0], abs=1e-12)
    assert reply.win_probability == pytest.approx(optimal.v0[0, 0], abs=1e-12)
    table = reply.table(rules)  # one layer: it counts no turns, as its memory says
    assert table.shape == (reply.memory, 30, 30, 30)


@pytest.mark.parametrize("opponent", ["hold1", "hold2"])
def test_two_players_brute_force_over_every_policy(opponent: str) -> None:
    """Goal 3 with the coin: 9 choices, 512 policies, each evaluated by the two-player method."""
    rules = PigRules(3, 2, piglet=True)
    target = make_player(rules, opponent)
    reply = make_best_response(f"best-response:{opponent}", rules)
    states = [(i, j, k) for i in range(3) for j in range(3) for k in range(1, 3 - i)]
    assert len(states) == 9
    best_first = best_second = 0.0
    for bits in itertools.product([False, True], repeat=len(states)):
        roll = np.zeros((1, 3, 3, 3), bool)
        roll[..., 0] = True
        for (i, j, k), bit in zip(states, bits, strict=True):
            roll[0, i, j, k] = bit
        first, second = first_mover_probabilities(rules, roll, target.table(rules))
        best_first, best_second = max(best_first, first), max(best_second, second)
    assert reply.start[0, 0] == pytest.approx(best_first, abs=1e-12)
    assert reply.start[1, 0] == pytest.approx(best_second, abs=1e-12)
    assert first_mover_probabilities(rules, reply.table(rules), target.table(rules)) == (
        pytest.approx((best_first, best_second), abs=1e-12)
    )


def test_names_and_views() -> None:
    rules = PigRules(12, 4, players=3)
    reply = make_best_response("best-response:hold4,hold5", rules)
    assert reply.name == "best-response:hold4,hold5"
    assert reply.opponents == ("hold4", "hold5")
    assert "hold4, hold5" in reply.description
    for s in itertools.product(range(12), repeat=3):
        row = reply.choices(s)
        assert row[0] and len(row) == 12 - s[0]
        view = View(s[0], max(s[1:]), 1, 12, 0, s[1:])
        assert reply.choose(view) == bool(row[1] if s[0] + 1 < 12 else False)
        asked = [reply.roll_probability(View(s[0], max(s[1:]), k, 12, 0, s[1:])) for k in range(12)]
        assert asked == [float(k < len(row) and row[k]) for k in range(12)]
    assert not all(
        row[1:].all() for row in map(reply.choices, itertools.product(range(12), repeat=3))
    )
    with pytest.raises(InvalidArgument, match="3-player game answers 2 opponents, got 1"):
        solve_best_response(rules, [make_player(rules, "hold4")])
    assert not reply.choose(View(11, 0, 1, 12, 0, (0, 0)))
    for scores in [(0, 0), (0, 0, 12), (0, -1, 0)]:  # too few, past the goal, negative
        with pytest.raises(InvalidArgument, match="are not 3 scores from 0 to 11"):
            reply.choices(scores)
    with pytest.raises(InvalidArgument, match="give 2, in the order they move after it"):
        make_best_response("best-response:hold4", rules)
    with pytest.raises(InvalidArgument, match="computer players"):
        make_best_response("best-response:hold4,human", rules)
    with pytest.raises(InvalidArgument, match="no two-player table"):
        reply.table(rules)
    with pytest.raises(InvalidArgument, match="simulate"):
        make_best_response("best-response:four-turns,hold4", rules)
