"""The browser's Pig family and seats: 3 and 4 players, Two-Dice Pig's resets, Pass the Pigs by
name, hints from the N-player table, every new field refused in the API's words."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.solve import solve

POINTS = {"trotter": 5, "razorback": 5, "snouter": 10, "leaning jowler": 15}
"""Pass the Pigs' scoring positions, from the rules as issue 19 states them."""


def play(client: TestClient, body: dict, hold_at: int = 15) -> dict:
    """Play a game as a person who holds at ``hold_at``; return its last state."""
    response = client.post("/api/pig/games", json=body)
    assert response.status_code == 201, response.text
    state = response.json()
    while not state["over"]:
        action = "roll" if state["turn_total"] < hold_at else "hold"
        state = client.post(f"/api/games/{state['id']}/actions", json={"action": action}).json()
    return state


def turns(log: list[str]) -> list[tuple[int, list[str]]]:
    """Return the log's turns: the seat (from 0) whose turn it is and the turn's lines."""
    out: list[tuple[int, list[str]]] = []
    for line in log:
        opened = re.fullmatch(r"It is player (\d)'s turn\.", line)
        if opened:
            out.append((int(opened.group(1)) - 1, []))
        elif out and not line.startswith("Player "):
            out[-1][1].append(line)
    return out


def banked(log: list[str], seats: int) -> list[int]:
    """Return every seat's score as the log's turns add up (holds bank, resets zero)."""
    scores = [0] * seats
    for seat, lines in turns(log):
        for line in lines:
            held = re.fullmatch(r"New score: (\d+)", line)
            if held:
                scores[seat] = int(held.group(1))
            elif line.startswith("New score: 0 (lost"):
                scores[seat] = 0
    return scores


@pytest.mark.parametrize(
    ("opponents", "goal"),
    [(["hold20", "four-turns"], 40), (["hold20", "pace-race", "turns3"], 30)],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_three_and_four_player_games_rotate_every_seat(client, opponents, goal, seed) -> None:
    """Seats move in turn, 1 to N; the scores shown are the log's sums; the winner reached the
    goal and nobody else did."""
    body = {"opponents": opponents, "goal": goal, "first": "random", "seed": seed}
    state = play(client, body)
    seats = len(opponents) + 1
    assert len(state["scores"]) == seats == len(state["players"])
    order = [seat for seat, _ in turns(state["log"])]
    assert order == [n % seats for n in range(len(order))]
    assert banked(state["log"], seats) == state["scores"]
    assert [score >= goal for score in state["scores"]] == [
        seat == state["winner"] for seat in range(seats)
    ]
    me = state["you"]  # the opponents sit in the order they move after the person
    assert [state["players"][(me + t) % seats] for t in range(seats)] == ["you", *opponents]


def test_a_four_player_hint_is_the_equilibrium_table_s_value_at_the_seat(client) -> None:
    """At every decision the hint reads the 4-player table from the person's seat (scores in
    the order of play), checked where the seats' scores differ."""
    table = solve(PigRules(20, players=4))
    body = {"opponents": ["optimal", "hold20", "four-turns"], "goal": 20, "first": "computer"}
    uneven = 0
    for seed in range(10):
        state = client.post("/api/pig/games", json=body | {"seed": seed}).json()
        while not state["over"]:
            me, scores, k = state["you"], state["scores"], state["turn_total"]
            frame = tuple(scores[(me + t) % 4] for t in range(4))
            advice = client.get(f"/api/games/{state['id']}/hint").json()
            values = {value["action"]: value["p"] for value in advice["values"]}
            p_roll, p_hold = (
                table.action_values(*frame, k).get("roll"),
                table.action_values(*frame, k).get("hold"),
            )
            if frame[0] + k >= 20:  # holding wins: the table says 1 for both
                p_roll = values["roll"]
            assert values["roll"] == pytest.approx(p_roll, abs=1e-12)
            assert values.get("hold") == (None if p_hold is None else pytest.approx(p_hold))
            uneven += len(set(frame[1:])) > 1
            action = "roll" if k < 6 else "hold"
            state = client.post(f"/api/games/{state['id']}/actions", json={"action": action})
            state = state.json()
    assert uneven >= 3


def test_a_two_dice_reset_loses_the_whole_score(client) -> None:
    """Seed 0: the person's double 1s lose 17 banked points; the log says so in the terminal's
    words and the score is 0."""
    body = {"variant": "two-dice", "opponent": "hold20", "goal": 50, "first": "you", "seed": 0}
    state = play(client, body)
    assert state["variant"] == "two-dice"
    assert "New score: 0 (lost 17 banked points)" in state["log"]
    rolls = [line for line in state["log"] if line.startswith("Roll: ")]
    for line in rolls:
        a, b, said = re.fullmatch(r"Roll: (\d) and (\d)(.*)", line).groups()
        double = f", double {a}s" if a == b else ""
        assert said == double + (": score lost, back to 0" if a == b == "1" else "")
    assert any(line.endswith("score lost, back to 0") for line in rolls)
    assert banked(state["log"], 2) == state["scores"]


def test_pass_the_pigs_names_both_pigs_and_their_points(client) -> None:
    """Each roll names both pigs' positions and scores them by the rules as published."""
    body = {"variant": "pass-the-pigs", "opponent": "hold20", "goal": 60, "first": "you"}
    state = play(client, body | {"seed": 4})
    seen = set()
    for line in state["log"]:
        if not line.startswith("Roll: "):
            continue
        said = line.removeprefix("Roll: ")
        if said in ("pig out", "touching: score lost, back to 0"):
            seen.add(said)
        elif said.startswith("sider ("):
            assert said in ("sider (dot up): 1", "sider (dot down): 1"), said
            seen.add("sider")
        elif said.startswith("double "):
            position, points = said.removeprefix("double ").split(": ")
            assert int(points) == 4 * POINTS[position], said
            seen.add(position)
        else:
            pigs, points = said.split(": ")
            a, b = pigs.split(" and ")
            assert int(points) == POINTS.get(a, 0) + POINTS.get(b, 0), said
            seen |= {a, b}
    assert {"pig out", "razorback"} <= seen
    assert state["roll"]["kind"] == "pigs" and len(state["roll"]["faces"]) in (1, 2)


def test_a_game_with_no_table_offers_no_hints_and_says_why(client) -> None:
    """Three players of Two-Dice Pig: scores can fall, so no table; hints are refused with the
    reason, the state says it, and an optimal seat is refused in the same words."""
    body = {"variant": "two-dice", "opponents": ["hold20", "hold20"], "goal": 30, "seed": 1}
    state = client.post("/api/pig/games", json=body).json()
    assert state["analysed"] is False and "two players only" in state["no_hints"]
    if not state["over"]:
        hint = client.get(f"/api/games/{state['id']}/hint")
        assert hint.status_code == 409 and state["no_hints"] in hint.json()["error"]
    refused = client.post("/api/pig/games", json=body | {"opponents": ["optimal", "hold20"]})
    assert refused.status_code == 409 and refused.json()["error"] == state["no_hints"]


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"variant": "chess"}, 400, "variant must be pig, two-dice, big-pig or pass-the-pigs"),
        ({"variant": 3}, 400, "variant must be pig, two-dice, big-pig or pass-the-pigs"),
        ({"variant": "big-pig", "die": 4}, 400, "die is for Pig's die; big-pig has its own roll"),
        ({"opponents": ["hold20"] * 4}, 400, "opponents must be a list of 1 to 3 names"),
        ({"opponents": []}, 400, "opponents must be a list of 1 to 3 names"),
        ({"opponents": "hold20"}, 400, "opponents must be a list of 1 to 3 names"),
        ({"opponents": {"a": 1}}, 400, "opponents must be a list of 1 to 3 names"),
        ({"opponents": ["hold20", 7]}, 400, "each of opponents must be a string"),
        ({"opponents": ["hold20", "nobody"]}, 400, "unknown player 'nobody'"),
        ({"opponents": ["hold20", "human"]}, 400, "opponents must be computer players"),
        ({"opponents": ["x.py:f"]}, 400, "players from files run code"),
        ({"opponents": ["hold20"], "opponent": "hold20"}, 400, "opponent or opponents, not both"),
        ({"opponents": ["optimal"] * 3, "goal": 100}, 413, "4-player Pig goals up to 50"),
    ],
)
def test_new_fields_are_refused_in_the_api_s_words(client, body, status, message) -> None:
    response = client.post("/api/pig/games", json={"goal": 20, **body})
    assert response.status_code == status and message in response.json()["error"]
    assert "\n" not in response.json()["error"] and "--" not in response.json()["error"]


def test_hog_takes_one_opponent(client) -> None:
    response = client.post("/api/hog/games", json={"opponents": ["always4", "always4"]})
    assert response.status_code == 400
    assert "opponents must be a list of 1 name (Hog is for two players)" in response.json()["error"]


def two_dice_table(goal: int):
    """Return the solver's two-player Two-Dice Pig table."""
    from pigsolve.solver.games.pig_outcomes import two_dice

    return solve(PigRules(goal, outcomes=two_dice()))


def test_two_dice_hints_are_the_table_s_values_with_resets(client) -> None:
    """Two-Dice Pig against the optimal player: each hint is the solver's value; where holding
    wins, rolling is worth P(add) + P(pig) (1 - P(j, i, 0)) + P(reset) (1 - P(j, 0, 0))."""
    table = two_dice_table(30)
    add, pig, reset = 25 / 36, 10 / 36, 1 / 36
    body = {"variant": "two-dice", "opponent": "optimal", "goal": 30, "first": "you"}
    checked = 0
    for seed in range(4):
        state = client.post("/api/pig/games", json=body | {"seed": seed}).json()
        assert state["analysed"] is True
        while not state["over"]:
            (i, j), k = state["scores"], state["turn_total"]
            values = {
                value["action"]: value["p"]
                for value in client.get(f"/api/games/{state['id']}/hint").json()["values"]
            }
            if i + k >= 30:
                after_pig = 1 - table.win_probability(j, i, 0)
                expected = add + pig * after_pig + reset * (1 - table.win_probability(j, 0, 0))
                assert values == pytest.approx({"roll": expected, "hold": 1.0}, abs=1e-12)
            else:
                p_roll, p_hold = (
                    table.action_values(i, j, k).get("roll"),
                    table.action_values(i, j, k).get("hold"),
                )
                assert values["roll"] == pytest.approx(p_roll, abs=1e-12)
                assert values.get("hold") == (None if p_hold is None else pytest.approx(p_hold))
            checked += 1
            action = "roll" if k < 10 else "hold"
            state = client.post(f"/api/games/{state['id']}/actions", json={"action": action})
            state = state.json()
    assert checked >= 10
