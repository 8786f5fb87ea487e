"""The browser's JSON API: whole games on the engine, the terminal's words, every refusal a 4xx."""

from __future__ import annotations

import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")  # the `gui` extra (installed with `test`)
from starlette.testclient import TestClient

from pigsolve.ui.web.app import create_app
from pigsolve.ui.web.sessions import Store


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app())


def play_pig(client: TestClient, seed: int, hold_at: int = 10) -> tuple[dict, list[str]]:
    """Play a goal-30 Pig game as a person who holds at ``hold_at``; return it and the inputs."""
    body = {"opponent": "hold20", "goal": 30, "first": "you", "seed": seed}
    state = client.post("/api/pig/games", json=body).json()
    inputs = []
    while not state["over"]:
        action = "roll" if state["turn_total"] < hold_at else "hold"
        inputs.append("" if action == "roll" else "h")
        state = client.post(f"/api/games/{state['id']}/actions", json={"action": action}).json()
    return state, inputs


def test_a_pig_game_logs_what_pigsolve_play_prints(client: TestClient) -> None:
    """Same seed, same decisions: the page's log is the terminal's transcript, prompts aside."""
    state, inputs = play_pig(client, seed=7)
    command = [
        sys.executable,
        "-c",
        "from pigsolve import cli; cli.run()",
        "play",
        "--you",
        "1",
        "--seed",
        "7",
    ]
    command += ["--goal", "30"]
    done = subprocess.run(
        command, input="".join(f"{line}\n" for line in inputs), capture_output=True, text=True
    )
    transcript = re.sub(r"Turn total: \d+ \tRoll/Hold\? ", "", done.stdout).splitlines()[2:]
    assert done.returncode == 0 and state["log"] == transcript
    assert state["winner"] in (0, 1) and max(state["scores"]) >= 30


def test_a_hog_game_is_played_to_the_end(client: TestClient) -> None:
    body = {"opponent": "optimal", "goal": 30, "rules": "fa16", "first": "computer", "seed": 3}
    state = client.post("/api/hog/games", json=body).json()
    assert state["you"] == 1 and len(state["log"]) >= 1  # the computer has moved already
    while not state["over"]:
        assert 4 in state["legal"] and -1 in state["legal"]
        state = client.post(f"/api/games/{state['id']}/actions", json={"num_rolls": 4}).json()
    assert max(state["scores"]) >= 30 and state["winner"] in (0, 1)
    assert all("rolls" in line or "roll " in line for line in state["log"][::1] if ":" in line)


@pytest.mark.parametrize(
    ("path", "body", "status", "message"),
    [
        ("/api/pig/games", {"opponent": "nobody"}, 400, "unknown player 'nobody'"),
        ("/api/pig/games", {"goal": 0}, 400, "goal must be an integer >= 1"),
        ("/api/pig/games", {"goal": "100"}, 400, "goal must be an integer"),
        ("/api/pig/games", {"opponent": "human"}, 400, "not human"),
        ("/api/pig/games", {"first": "me"}, 400, "first must be you, computer or random"),
        ("/api/pig/games", {"seed": -1}, 400, "--seed must be in"),
        ("/api/chess/games", {}, 404, "unknown game 'chess'"),
        ("/api/games/nope/actions", {"action": "roll"}, 404, "no game 'nope'"),
    ],
)
def test_bad_requests_are_4xx_with_one_line(client, path, body, status, message) -> None:
    response = client.post(path, json=body)
    assert response.status_code == status and message in response.json()["error"]
    assert "\n" not in response.json()["error"]


def test_bad_moves_and_bodies(client: TestClient) -> None:
    state = client.post("/api/hog/games", json={"goal": 20, "first": "you", "seed": 1}).json()
    url = f"/api/games/{state['id']}/actions"
    assert client.post(url, json={"num_rolls": 11}).status_code == 400
    assert client.post(url, content=b"{not json").status_code == 400
    assert client.post(url, json=[1, 2]).status_code == 400
    assert client.post(url, json={}).json() == {"error": "num_rolls is missing"}
    pig, _ = play_pig(client, seed=2)
    finished = client.post(f"/api/games/{pig['id']}/actions", json={"action": "roll"})
    assert finished.status_code == 409 and finished.json() == {"error": "the game is over"}


def test_fifty_games_at_once_stay_independent(client: TestClient) -> None:
    with ThreadPoolExecutor(8) as pool:
        together = list(pool.map(lambda seed: play_pig(client, seed)[0]["log"], range(50)))
    alone = [play_pig(TestClient(create_app()), seed)[0]["log"] for seed in range(50)]
    assert together == alone


def test_idle_games_expire() -> None:
    store = Store(idle_seconds=0.0)
    client = TestClient(create_app(store))
    state = client.post("/api/pig/games", json={"goal": 20, "first": "you"}).json()
    assert client.get(f"/api/games/{state['id']}").status_code == 404
    assert len(store) == 0


def test_a_port_in_use_is_one_line_naming_a_free_one() -> None:
    import socket

    from pigsolve.solver.errors import PigsolveError
    from pigsolve.ui.web.serve import serve

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(PigsolveError, match=rf"port {port} is in use; try --port \d+"):
            serve("127.0.0.1", port, open_browser=False)


def test_the_evaluation_chart_and_the_review(client: TestClient, tmp_path, monkeypatch) -> None:
    """Each decision's win probability under optimal play; the review lists what cost."""
    monkeypatch.chdir(tmp_path)  # the goal-30 optimal table is made here
    state, inputs = play_pig(client, seed=5)  # holds at 10: not optimal
    assert len(state["evaluation"]) == len(inputs)
    assert all(0 <= p <= 1 for p in state["evaluation"])
    assert state["review"] and all(item["cost"] > 0 for item in state["review"])
    body = {"opponent": "hold20", "goal": 30, "first": "you", "seed": 5}
    state = client.post("/api/pig/games", json=body).json()
    while not state["over"]:
        advice = client.get(f"/api/games/{state['id']}/hint").json()
        moved = client.post(f"/api/games/{state['id']}/actions", json={"action": advice["best"]})
        state = moved.json()
        assert state["evaluation"][-1] == advice["values"][advice["best"]]
    assert state["review"] == []


def test_explore_and_compare(client: TestClient, tmp_path, monkeypatch) -> None:
    """The explorer's arrays and values, and the round robin, equal the library's."""
    monkeypatch.chdir(tmp_path)
    from pigsolve.solver.games.pig import PigRules
    from pigsolve.solver.pig.table import load_or_compute

    table = load_or_compute(PigRules(30))
    explored = client.get("/api/pig/explore?goal=30").json()
    assert explored["p0"][3][7] == table.win_probability(3, 7, 0)
    assert all(not table.should_roll(3, 7, explored["hold_at"][3][7]) for _ in [0])
    state = client.get("/api/pig/state?goal=30&i=3&j=7&k=5").json()
    assert (state["roll"], state["hold"]) == table.action_values(3, 7, 5)
    matrix = client.get("/api/pig/compare?players=optimal,hold20&goal=30").json()
    assert [(r["a"], r["b"]) for r in matrix["results"]][1] == ("optimal", "hold20")
    assert client.get("/api/hog/explore?goal=20").json()["dice"][0][0] in range(-1, 11)


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/api/pig/explore?goal=400", "up to 300"),
        ("/api/pig/state?i=x", "i must be an integer"),
        ("/api/pig/state?i=200", "outside the goal-100 table"),
        ("/api/pig/compare?players=nobody", "unknown player 'nobody'"),
        ("/api/pig/compare?players=", "compare takes 1 to 8 players"),
        ("/api/pig/compare?players=evil.py:f", "players from files run code"),
    ],
)
def test_bad_explore_and_compare_requests(client: TestClient, path: str, message: str) -> None:
    response = client.get(path)
    assert 400 <= response.status_code < 500 and message in response.json()["error"]


def test_the_page_and_its_scripts_are_served_from_the_package(client: TestClient) -> None:
    assert "pigsolve" in client.get("/").text
    assert client.get("/plotly.min.js").status_code == 200
    assert client.get("/static/app.js").status_code == 200


def test_the_page_never_runs_a_file_named_by_a_request(client: TestClient) -> None:
    """A strategy file runs code: the API refuses it, whoever asks."""
    response = client.post("/api/pig/games", json={"opponent": "/tmp/evil.py:f"})
    assert response.status_code == 400 and "run code" in response.json()["error"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
FIELDS = st.dictionaries(
    st.sampled_from(["opponent", "goal", "die", "rules", "first", "seed", "action", "num_rolls"]),
    JSON | st.sampled_from(["optimal", "hold20", "roll", "hold", "you", "su20", 4, 30, -1, 0]),
    max_size=5,
)


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(game=st.sampled_from(["pig", "hog", "x"]), body=FIELDS, move=FIELDS)
def test_any_body_is_answered_without_a_server_error(game, body, move) -> None:
    """Random JSON to every endpoint: a 2xx or a one-line 4xx, never a 500."""
    client = TestClient(create_app(), raise_server_exceptions=False)
    started = client.post(f"/api/{game}/games", json={"goal": 20, **body})
    assert started.status_code < 500, started.text
    game_id = started.json().get("id", "none")
    for response in (
        client.post(f"/api/games/{game_id}/actions", json=move),
        client.get(f"/api/games/{game_id}/hint"),
        client.get(f"/api/games/{game_id}"),
    ):
        assert response.status_code < 500, response.text
        if response.status_code >= 400:
            assert "\n" not in response.json()["error"]
