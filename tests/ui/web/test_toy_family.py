"""The page serves a family registered only in the tests (the coin race, tests/coin_race.py):
its limits, players, Play with hints and the review, and Explore, with no change outside the
registry. Tables computed in worker processes are the built-in families' (a worker is a fresh
process: it knows the families an importable module registers), so the toy's table is saved
first, as ``pigsolve compute`` would."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

import pigsolve


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
    assert [family["name"] for family in families] == ["pig", "hog", "farkle", "coin"]
    goal = {"name": "goal", "label": "Goal", "kind": "integer", "min": 1, "max": 30, "default": 5}
    assert families[-1] == {
        "name": "coin",
        "label": "Coin race",
        "max_players": 2,
        "fields": [goal],
        "note": "Coin race: goal up to 30.",
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


def test_the_toy_is_explored(coin_client: TestClient) -> None:
    explored = coin_client.get("/api/coin/explore?goal=5").json()
    solution = pigsolve.solve(pigsolve.game("coin-race", goal=5))
    assert explored["p"] == solution.values.tolist()


def test_the_toy_is_unknown_to_the_page_outside_its_tests(client: TestClient) -> None:
    response = client.post("/api/coin/games", json={})
    assert response.status_code == 404 and "accepted: pig, hog" in response.json()["error"]
