"""Farkle's page seats up to three computer players: a game of four at a small goal with every
seat's chances; the goals the page computes by players, and Facebook Farkle kept to two."""

from __future__ import annotations

import pytest

from pigsolve.ui.web.app import page_families


def test_a_game_of_four_has_every_seats_chances(client) -> None:
    body = {
        "goal": 300,
        "opponents": ["optimal", "max-score", "optimal"],
        "first": "you",
        "seed": 5,
    }
    started = client.post("/api/farkle/games", json=body)
    assert started.status_code == 201, started.text
    state = started.json()
    assert state["players"] == ["you", "optimal", "max-score", "optimal"]
    assert state["analysed"] and len(state["scores"]) == 4
    game = f"/api/games/{state['id']}"
    while not state["over"]:
        action = "roll" if "roll" in state["legal"] else client.get(f"{game}/hint").json()["best"]
        moved = client.post(f"{game}/actions", json={state["action_field"]: action})
        assert moved.status_code == 200, moved.text
        state = moved.json()
    seats = {chance["seat"] for chance in state["chances"]}
    assert 0 in seats and seats <= {0, 1, 2, 3}
    assert all(0 <= chance["p"] <= 1 for chance in state["chances"])
    mine = [chance["p"] for chance in state["chances"] if chance["seat"] == 0]
    assert mine == state["evaluation"]  # the person's line is the review's


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"rules": "facebook-farkle", "goal": 500, "opponents": ["max-score"] * 2}, "2 players"),
        ({"goal": 1500, "opponents": ["optimal"] * 3}, "takes goals up to 1000"),
    ],
)
def test_what_the_page_does_not_seat(client, body: dict, words: str) -> None:
    refused = client.post("/api/farkle/games", json=body)
    assert refused.status_code in (400, 413) and words in refused.json()["error"]


def test_the_house_rules_are_fields_of_the_form(client) -> None:
    body = {"goal": 300, "opponents": ["max-score"], "last_turn": "on", "entry": 150}
    body |= {"first": "you", "seed": 2}
    started = client.post("/api/farkle/games", json=body)
    assert started.status_code == 201, started.text
    farkle = next(family for family in page_families() if family["name"] == "farkle")
    assert {"last_turn", "entry"} <= {field["name"] for field in farkle["fields"]}


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"last_turn": "maybe"}, "last_turn must be"),
        ({"entry": 25}, "multiple of 50"),
        ({"entry": 5000, "goal": 1000}, "entry must be an integer from 0 to 1000"),
        ({"rules": "facebook-farkle", "entry": 500}, "entry"),
    ],
)
def test_wrong_house_rules_are_refused_in_words(client, fields: dict, words: str) -> None:
    body = {"goal": 500, "opponents": ["max-score"]} | fields
    refused = client.post("/api/farkle/games", json=body)
    assert refused.status_code == 400 and words in refused.json()["error"], refused.text
