"""The page serves a family registered only in the tests (the coin race, tests/coin_race.py):
its limits, players, Play with hints and the review, Explore, a state's values and Compare, with
no change outside the registry and its adapter. Tables computed in worker processes are the
built-in families' (a worker is a fresh process: it knows the families an importable module
registers), so the toy's table is saved first, as ``pigsolve compute`` would."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

import pigsolve
from pigsolve.ui import adapters


@pytest.fixture
def coin_client(coin_race, client: TestClient, workdir: Path) -> TestClient:
    rules = pigsolve.game("coin-race", goal=5)
    (workdir / "data").mkdir(exist_ok=True)
    coin_race.save(pigsolve.solve(rules), workdir / "data" / coin_race.table_name(rules))
    return client


def test_the_page_lists_the_toy_s_limits_and_players(coin_client: TestClient) -> None:
    assert coin_client.get("/api/limits").json()["coin"] == {"goal": [1, 30]}
    names = [player["name"] for player in coin_client.get("/api/coin/players").json()]
    assert names == ["step", "flip", "optimal"]


def test_the_page_is_told_the_toy_s_tab_and_form(coin_client: TestClient) -> None:
    families = coin_client.get("/api/limits").json()["families"]
    assert [family["name"] for family in families] == ["pig", "hog", "farkle", "zombie", "coin"]
    goal = {"name": "goal", "label": "Goal", "kind": "integer", "min": 1, "max": 30, "default": 5}
    assert families[-1] == {
        "name": "coin",
        "label": "Coin race",
        "max_players": 2,
        "fields": [goal],
        "note": "Coin race: goal up to 30.",
        "explore": {"fields": [goal], "note": "Coin race: goals up to 30."},  # its adapter draws
        "compare": {  # its players exactly, two a game (no seatings of its own)
            "fields": [goal],
            "note": "Coin race: goals up to 30.",
            "seats": 2,
        },
        "tournament": False,  # it holds no contests
        "scripts": [],
    }
    die = families[0]["fields"][-1]
    assert (die["name"], die["only"]) == ("die", {"variant": ["pig"]})


def test_the_toy_is_played_to_the_end_with_hints_and_a_review(coin_client: TestClient) -> None:
    body = {"opponent": "optimal", "goal": 5, "first": "you", "seed": 3}
    state = coin_client.post("/api/coin/games", json=body).json()
    assert (state["title"], state["action_field"]) == ("Coin race", "action")
    assert (state["game"], state["legal"], state["choices"]) == (
        "coin",
        ["step", "flip"],
        ["step", "flip"],
    )
    moves = 0
    while not state["over"]:
        hint = coin_client.get(f"/api/games/{state['id']}/hint").json()
        assert hint["best"] in ("step", "flip") and len(hint["values"]) == 2
        state = coin_client.post(
            f"/api/games/{state['id']}/actions", json={"action": "step"}
        ).json()
        moves += 1
    assert state["winner"] in (0, 1) and max(state["scores"]) >= 5
    assert len(state["evaluation"]) == moves
    assert any(line.startswith("you steps: 1 points") for line in state["log"])
    # By hand: at 0-0 flipping wins 2/3 at goal 2; at goal 5 stepping first is a mistake too.
    assert state["review"] and state["review"][0]["best"] == "flip"


def test_a_bad_action_of_the_toy_is_a_400_in_its_words(coin_client: TestClient) -> None:
    state = coin_client.post("/api/coin/games", json={"goal": 5, "first": "you"}).json()
    response = coin_client.post(f"/api/games/{state['id']}/actions", json={"action": "roll"})
    assert response.status_code == 400 and response.json()["error"] == "action must be step or flip"
    response = coin_client.post("/api/coin/games", json={"goal": 5, "die": 6})
    assert response.status_code == 400 and "unknown field 'die'" in response.json()["error"]


def test_the_toy_is_explored_as_its_adapter_draws_it(coin_client: TestClient) -> None:
    picture = coin_client.get("/api/coin/explore?goal=5").json()
    solution = pigsolve.solve(pigsolve.game("coin-race", goal=5))
    assert list(picture) == ["heat_map"]
    assert picture["heat_map"]["z"] == solution.values.tolist()
    assert picture["heat_map"]["x"]["values"] == [0, 1, 2, 3, 4]


def test_a_state_of_the_toy_is_its_solution_s(coin_client: TestClient) -> None:
    answer = coin_client.get("/api/coin/state?goal=5&state=1,2").json()
    solution = pigsolve.solve(pigsolve.game("coin-race", goal=5))
    assert answer["action_values"] == solution.action_values((1, 2))
    assert answer["best_action"] == solution.best_action((1, 2))
    refused = coin_client.get("/api/coin/state?goal=5&state=1,2&die=6")
    assert refused.status_code == 400 and "unknown field 'die'" in refused.json()["error"]


def test_the_toy_is_compared_exactly(coin_race, coin_client: TestClient) -> None:
    """Its round robin is played in the server (a worker process knows only the built-in
    families), exactly as its family compares two players."""
    matrix = coin_client.get('/api/coin/compare?goal=5&players=["step","optimal"]').json()
    assert (matrix["title"], matrix["goal"], matrix["players"]) == (
        "Coin race",
        5,
        ["step", "optimal"],
    )
    rules = pigsolve.game("coin-race", goal=5)
    step, optimal = (pigsolve.player(name, rules) for name in ("step", "optimal"))
    exact = coin_race.compare(rules, step, optimal)
    pair = matrix["results"][1]
    assert (pair["a"], pair["b"]) == ("step", "optimal")
    assert (pair["a_first"], pair["b_first"]) == (exact.a_first, exact.b_first)
    assert pair["average"] < 0.5  # the optimal player beats always stepping


def test_a_family_whose_adapter_draws_nothing_has_no_explorer(
    coin_race, coin_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The base adapter draws no picture: no Explore view, and its route says so in one line."""
    monkeypatch.setitem(adapters._ADAPTERS, "coin", adapters.Adapter(coin_race))
    families = coin_client.get("/api/limits").json()["families"]
    assert families[-1]["explore"] is None and families[-1]["compare"] is not None
    refused = coin_client.get("/api/coin/explore?goal=5")
    assert refused.status_code == 404 and refused.json() == {"error": "Coin race has no explorer"}


def test_the_toy_is_unknown_to_the_page_outside_its_tests(client: TestClient) -> None:
    response = client.post("/api/coin/games", json={})
    assert response.status_code == 404 and "accepted: pig, hog" in response.json()["error"]
