"""The browser's JSON API: whole games on the engine, the terminal's words, every refusal a 4xx
naming its field, the explorer's and the round robin's values checked against the solvers."""

from __future__ import annotations

import json
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")  # the `gui` extra (installed with `test`)
from starlette.testclient import TestClient

from pigsolve.solver.games.pig import PigRules
from pigsolve.ui.web.app import create_app
from pigsolve.ui.web.guard import PAGE_HEADERS
from pigsolve.ui.web.jobs import Jobs
from pigsolve.ui.web.sessions import Store
from pigsolve.ui.web.tables import Tables


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


@pytest.mark.slow
def test_a_pig_game_logs_what_pigsolve_play_prints(client: TestClient, pigsolve) -> None:
    """Same seed, same decisions: the page's log is the terminal's transcript, prompts aside."""
    state, inputs = play_pig(client, seed=7)
    stdin = "".join(f"{line}\n" for line in inputs)
    done = pigsolve("play", "--you", "1", "--seed", "7", "--goal", "30", stdin=stdin)
    transcript = re.sub(r"Turn total: \d+ \tRoll/Hold\? ", "", done.stdout).splitlines()[2:]
    assert done.returncode == 0 and state["log"] == transcript
    assert state["winner"] in (0, 1) and max(state["scores"]) >= 30


@pytest.mark.slow
def test_hog_plays_the_number_of_dice_chosen(client: TestClient) -> None:
    """Each of the person's turns rolls the dice asked for: the log and the dice drawn agree."""
    body = {"opponent": "always4", "goal": 40, "rules": "su20", "first": "you", "seed": 3}
    state = client.post("/api/hog/games", json=body).json()
    turns = 0
    for n in [2, 7, 1, 5] * 20:
        if state["over"]:
            break
        state = client.post(f"/api/games/{state['id']}/actions", json={"num_rolls": n}).json()
        mine = [line for line in state["log"] if line.startswith("you ")]
        assert mine[-1].startswith(f"you roll {n} {'die' if n == 1 else 'dice'} [")
        rolled = mine[-1].split("[")[1].split("]")[0].split()
        assert len(rolled) == n
        theirs = state["log"][-1].startswith("always4") or state["over"]
        if not state["over"] and state["dice_roller"] == "you":
            assert state["dice"] == [int(value) for value in rolled]
        turns += 1
        assert theirs or state["player"] == state["you"]
    assert turns >= 3


@pytest.mark.slow
def test_after_a_pork_chop_both_roll_four_sided_dice(client: TestClient) -> None:
    """fa16: a Pork Chop switches the dice in play until the next Pork Chop."""
    body = {"opponent": "always4", "goal": 60, "rules": "fa16", "first": "you", "seed": 8}
    state = client.post("/api/hog/games", json=body).json()
    assert state["sides_in_play"] == 6 and state["choices"][:2] == ["Pork Chop", "Free Bacon"]
    state = client.post(f"/api/games/{state['id']}/actions", json={"num_rolls": -1}).json()
    assert "Pork Chop" in state["log"][0]
    assert state["dice_roller"] == "always4" and state["dice_sides"] == 4
    assert len(state["dice"]) == 4 and max(state["dice"]) <= 4
    assert state["sides_in_play"] == 4 and state["sides_why"] == "after a Pork Chop"
    state = client.post(f"/api/games/{state['id']}/actions", json={"num_rolls": -1}).json()
    assert state["sides_in_play"] == 6 and state["dice_sides"] == 6, state
    assert state["sides_why"] == ""


@pytest.mark.slow
def test_a_hog_hint_is_numbers_and_words(client: TestClient) -> None:
    body = {"opponent": "optimal", "goal": 30, "rules": "fa16", "first": "you", "seed": 1}
    state = client.post("/api/hog/games", json=body).json()
    advice = client.get(f"/api/games/{state['id']}/hint").json()
    assert isinstance(advice["best"], int) and advice["best"] in state["legal"]
    assert [value["action"] for value in advice["values"]] == state["legal"]
    words = {value["action"]: value["words"] for value in advice["values"]}
    assert words[-1] == "Pork Chop" and words[0] == "Free Bacon" and words[3] == "3 dice"
    best = max(advice["values"], key=lambda value: value["p"])
    assert best["action"] == advice["best"] and advice["best_words"] == best["words"]


@pytest.mark.slow
def test_the_review_lists_the_choices_that_cost_a_tenth_of_a_point(client: TestClient) -> None:
    """Each hint gives every choice's value: the review is exactly the choices costing 0.001+."""
    body = {"opponent": "always4", "goal": 40, "rules": "fa16", "first": "you", "seed": 2}
    state = client.post("/api/hog/games", json=body).json()
    expected, move = [], 0
    while not state["over"]:
        values = client.get(f"/api/games/{state['id']}/hint").json()["values"]
        p = {value["action"]: value["p"] for value in values}
        move += 1
        if max(p.values()) - p[4] >= 0.001:
            expected.append(move)
        state = client.post(f"/api/games/{state['id']}/actions", json={"num_rolls": 4}).json()
    assert [item["move"] for item in state["review"]] == expected
    assert all(item["action_words"] == "4 dice" for item in state["review"])
    assert len(state["evaluation"]) == move


@pytest.mark.parametrize(
    ("path", "body", "status", "message"),
    [
        ("/api/pig/games", {"opponent": "nobody"}, 400, "unknown player 'nobody'"),
        ("/api/pig/games", {"goal": 0}, 400, "goal must be an integer of at least 1"),
        ("/api/pig/games", {"goal": "100"}, 400, "goal must be an integer of at least 1"),
        ("/api/pig/games", {"goal": True}, 400, "goal must be an integer of at least 1"),
        ("/api/pig/games", {"die": 1000}, 400, "die must be an integer from 2 to 100"),
        ("/api/pig/games", {"opponent": 7}, 400, "opponent must be a string"),
        ("/api/pig/games", {"first": "me"}, 400, "first must be you, computer or random"),
        ("/api/pig/games", {"seed": -1}, 400, "seed must be an integer from 0 to 2^64 - 1"),
        ("/api/pig/games", {"seed": True}, 400, "seed must be an integer from 0 to 2^64 - 1"),
        ("/api/pig/games", {"seed": 2**64}, 400, "seed must be an integer from 0 to 2^64 - 1"),
        ("/api/hog/games", {"rules": "sp19"}, 400, "rules must be fa16, su20, fa20,"),
        ("/api/pig/games", {"goal": 100000}, 413, "goal 100000 needs about 298 GiB"),
        ("/api/pig/games", {"goal": 5000}, 413, "the page takes goals up to 2500; goal 5000"),
        ("/api/hog/games", {"goal": 500}, 413, "the page takes goals up to 200"),
        ("/api/pig/games", {"goal": 2500, "die": 7}, 413, "goal 2500 with 7 sides is for"),
        ("/api/chess/games", {}, 404, "unknown game 'chess'"),
        ("/api/games/nope/actions", {"action": "roll"}, 404, "no game 'nope'"),
    ],
)
def test_bad_requests_are_4xx_naming_the_field(client, path, body, status, message) -> None:
    response = client.post(path, json=body)
    assert response.status_code == status and message in response.json()["error"]
    assert "\n" not in response.json()["error"] and "--" not in response.json()["error"]


def test_no_table_is_computed_for_a_refused_size(client: TestClient, workdir) -> None:
    client.post("/api/pig/games", json={"goal": 100000})
    client.get("/api/pig/explore?goal=1200")
    assert not (workdir / "data").exists()


@pytest.mark.slow
def test_bad_moves_and_bodies(client: TestClient) -> None:
    state = client.post("/api/hog/games", json={"goal": 20, "first": "you", "seed": 1}).json()
    url = f"/api/games/{state['id']}/actions"
    wrong = {"error": "num_rolls must be an integer from -1 to 10"}
    assert client.post(url, json={"num_rolls": 11}).json() == wrong
    assert client.post(url, json={}).json() == wrong
    json_type = {"Content-Type": "application/json"}
    assert client.post(url, content=b"{not json", headers=json_type).status_code == 400
    assert client.post(url, json=[1, 2]).status_code == 400
    pig, _ = play_pig(client, seed=2)
    finished = client.post(f"/api/games/{pig['id']}/actions", json={"action": "roll"})
    assert finished.status_code == 409 and finished.json() == {"error": "the game is over"}
    other = client.post(f"/api/games/{pig['id']}/actions", json={"action": "pass"})
    assert other.json() == {"error": "action must be roll or hold"}


def test_each_refusal_has_its_status_and_words(client: TestClient) -> None:
    """Players the page does not run and a hint after the end: each refused with its HTTP
    status and the API's sentence."""

    def refused(response, status: int, error: str) -> None:
        assert (response.status_code, response.json()) == (status, {"error": error})

    later = "take a while: use them from the command line"
    refused(
        client.post("/api/pig/games", json={"opponent": "best-response:hold20"}),
        400,
        f"best responses {later}",
    )
    refused(
        client.post("/api/pig/games", json={"opponent": "mine.py:strategy"}),
        400,
        "players from files run code: use them from the command line",
    )
    over, _ = play_pig(client, seed=2)
    refused(client.get(f"/api/games/{over['id']}/hint"), 409, "the game is over")
    assert over["legal"] == over["choices"] == []


@pytest.mark.slow
def test_fifty_games_at_once_stay_independent(client: TestClient, tmp_path_factory) -> None:
    with ThreadPoolExecutor(8) as pool:
        together = list(pool.map(lambda seed: play_pig(client, seed)[0]["log"], range(50)))
    alone = [play_pig(client, seed)[0]["log"] for seed in range(50)]
    assert together == alone


def test_idle_games_expire(workdir) -> None:
    """A game left alone longer than the store's idle time is gone (the store's own clock)."""
    now = [0.0]
    store = Store(idle_seconds=60.0, clock=lambda: now[0])
    tables = Tables(jobs=Jobs(patience=None))
    with TestClient(
        create_app(store, tables), base_url="http://127.0.0.1", headers=PAGE_HEADERS
    ) as client:
        state = client.post("/api/pig/games", json={"goal": 20, "first": "you"}).json()
        now[0] = 60.0
        assert client.get(f"/api/games/{state['id']}").status_code == 200  # a read
        now[0] = 60.5
        gone = client.get(f"/api/games/{state['id']}")
        assert gone.status_code == 404 and "idle too long" in gone.json()["error"]
    assert len(store) == 0


def test_the_evaluation_chart_follows_the_hints(client: TestClient) -> None:
    """Each decision's win probability under optimal play; optimal play leaves no review."""
    state, inputs = play_pig(client, seed=5)  # holds at 10: not optimal
    assert len(state["evaluation"]) == len(inputs)
    assert state["review"] and all(item["cost"] >= 0.001 for item in state["review"])
    body = {"opponent": "hold20", "goal": 30, "first": "you", "seed": 5}
    state = client.post("/api/pig/games", json=body).json()
    while not state["over"]:
        advice = client.get(f"/api/games/{state['id']}/hint").json()
        moved = client.post(f"/api/games/{state['id']}/actions", json={"action": advice["best"]})
        state = moved.json()
        values = {value["action"]: value["p"] for value in advice["values"]}
        assert state["evaluation"][-1] == values[advice["best"]]
    assert state["review"] == []


def reference_hold_at(table, i: int, j: int) -> int:
    """The smallest turn total k >= 1 at which the table's player holds (or reaches the goal)."""
    k = 1
    while i + k < table.rules.goal and table.should_roll(i, j, k):
        k += 1
    return k


@pytest.mark.parametrize("goal", [100, pytest.param(450, marks=pytest.mark.slow)])
def test_explore_values_are_the_solvers(client: TestClient, goal: int) -> None:
    """The explorer's picture at sampled scores equals the solver's own table, read state by
    state (goal 100: the full table; goal 450: the compact one, every third score). Most of the
    sampled boundaries are not "roll to the goal" (at goal 30 nearly all are)."""
    from pigsolve.solver.tables import table_for

    heat_map = client.get(f"/api/pig/explore?goal={goal}").json()["heat_map"]
    table = table_for(PigRules(goal))  # the file the page computed, read by the solver
    scores, step = heat_map["x"]["values"], 1 if goal <= 200 else 3
    assert scores == heat_map["y"]["values"] == list(range(0, goal, step))
    assert heat_map["caption"].endswith(f"goal {goal}" + (" (one score in 3)" if step > 1 else ""))
    short = 0
    for a in range(0, len(scores), 7):
        for b in range(0, len(scores), 5):
            i, j = scores[a], scores[b]
            assert heat_map["z"][a][b] == reference_hold_at(table, i, j)
            short += heat_map["z"][a][b] < goal - i
            assert heat_map["apart"]["cells"][a][b] == (heat_map["z"][a][b] >= goal - i)
            # the compact table rebuilds P(i, j, 0) from its row: equal to rounding
            p0 = heat_map["layers"]["p0"][a][b]
            assert p0 == pytest.approx(table.win_probability(i, j, 0), abs=1e-12)
    assert short > 0.5 * len(range(0, len(scores), 7)) * len(range(0, len(scores), 5))


def test_a_state_s_values(client: TestClient) -> None:
    from pigsolve.solver.tables import table_for

    state = client.get("/api/pig/state?goal=30&state=3,7,5").json()
    table = table_for(PigRules(30))
    assert state["action_values"] == table.action_values(3, 7, 5)
    assert state["best_action"] == ("roll" if table.should_roll(3, 7, 5) else "hold")


@pytest.mark.parametrize(("i", "k"), [(20, 10), (25, 10), (29, 0)])
def test_a_won_state_is_held_and_a_live_one_advised(client: TestClient, i: int, k: int) -> None:
    """At ``i + k >= goal`` the turn total wins: hold, with probability 1 (the goal-30 mover
    at 29 with nothing yet rolls: one roll of 2 or more wins)."""
    state = client.get(f"/api/pig/state?goal=30&state={i},7,{k}").json()
    if i + k >= 30:
        assert state["best_action"] == "hold" and state["win_probability"] == 1.0
    else:
        assert state["best_action"] == "roll" and "hold" not in state["action_values"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "args", "title"),
    [("pig", ["--goal", "30"], "Pig"), ("hog", ["--goal", "30"], "Hog fa16")],
)
def test_compare_is_pigsolve_compare(client: TestClient, pigsolve, game, args, title) -> None:
    """Every ordered pair of the round robin is what `pigsolve compare --json` prints."""
    names = ["optimal", "hold20"] if game == "pig" else ["optimal", "always4"]
    query = f"players={','.join(names)}&goal=30"
    matrix = client.get(f"/api/{game}/compare?{query}").json()
    assert (matrix["title"], matrix["goal"], matrix["players"]) == (title, 30, names)
    assert [(r["a"], r["b"]) for r in matrix["results"]] == [(a, b) for a in names for b in names]
    prefix = [] if game == "pig" else ["hog"]
    for result in matrix["results"]:
        done = pigsolve(*prefix, "compare", result["a"], result["b"], *args, "--json")
        printed = json.loads(done.stdout)
        keys = ("a", "b", "goal", "a_first", "b_first", "average")
        assert {key: printed[key] for key in keys} == {key: result[key] for key in keys}


@pytest.mark.parametrize(
    ("path", "status", "message"),
    [
        ("/api/pig/explore?goal=1200", 413, "the explorer takes goals up to 1000"),
        ("/api/pig/state?state=x", 400, "state must be whole numbers separated by commas"),
        ("/api/pig/state?goal=99999999&state=0,0,0", 413, "needs about"),
        ("/api/pig/state?state=200,0,0", 400, "outside the goal-100 table"),
        ("/api/hog/explore?goal=300", 413, "the explorer takes goals up to 200"),
        ("/api/pig/compare?players=nobody", 400, "unknown player 'nobody'"),
        ("/api/pig/compare?players=", 400, "players must name 1 to 8 players"),
        ("/api/pig/compare?players=evil.py:f", 400, "players from files run code"),
        ("/api/pig/compare?players=hold20&goal=400", 413, "compare takes goals up to 300"),
        ("/api/farkle/compare?players=optimal&goal=1500", 413, "compare takes goals up to 1000"),
        ("/api/farkle/compare?players=optimal&goal=120", 400, "goal must be a multiple of 50"),
        ("/api/farkle/compare?players=nobody&goal=300", 400, "unknown Farkle player 'nobody'"),
        ("/api/nowhere", 404, "not found"),
    ],
)
def test_bad_explore_and_compare_requests(client, path: str, status: int, message: str) -> None:
    response = client.get(path)
    assert response.status_code == status and message in response.json()["error"]


def test_farkle_compare_evaluates_the_penalty(client: TestClient) -> None:
    """The facebook-farkle rules' three-farkle penalty is evaluated exactly (it was refused)."""
    path = "/api/farkle/compare?players=bank:300,max-score&goal=300&rules=facebook-farkle"
    response = client.get(path)
    assert response.status_code == 200, response.json()
    results = response.json()["results"]
    assert len(results) == 4 and all(0 < r["a_first"] < 1 for r in results)


def test_the_limits_are_stated(client: TestClient) -> None:
    pig = client.get("/api/limits").json()["pig"]
    assert {key: pig[key] for key in ("goal", "die", "goal_cubed_times_sides", "opponents")} == {
        "goal": [1, 2500],
        "die": [2, 100],
        "goal_cubed_times_sides": 2500**3 * 6,
        "opponents": [1, 3],
    }
    assert pig["variants"] == {
        "pig": "Pig",
        "two-dice": "Two-Dice Pig",
        "big-pig": "Big Pig",
        "pass-the-pigs": "Pass the Pigs",
    }


@pytest.mark.parametrize("players", ["3", "4"])
def test_the_stated_goals_by_players_are_those_refused_past(client, players: str) -> None:
    """One past the stated goal for 3 or 4 players, an optimal seat is refused in one line."""
    goal = client.get("/api/limits").json()["pig"]["goal_by_players"][players]
    seats = ["optimal"] * (int(players) - 1)
    response = client.post("/api/pig/games", json={"opponents": seats, "goal": goal + 1})
    expected = f"the page takes {players}-player Pig goals up to {goal}; goal {goal + 1} needs"
    assert response.status_code == 413 and expected in response.json()["error"]


def test_the_page_and_its_scripts_are_served_from_the_package(client: TestClient) -> None:
    assert "pigsolve" in client.get("/").text
    assert client.get("/plotly.min.js").status_code == 200
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/charts.js").status_code == 200
    assert client.get("/static/forms.js").status_code == 200


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
FIELD_NAMES = ["opponent", "opponents", "variant", "goal", "die", "rules", "first", "seed"]
FIELD_NAMES += ["action", "num_rolls"]
NAMES = st.sampled_from(["optimal", "hold20", "four-turns", "human", "nobody", "always4"])
FIELDS = st.dictionaries(
    st.sampled_from(FIELD_NAMES),
    JSON
    | st.sampled_from(["optimal", "hold20", "roll", "hold", "you", "su20", 4, 20, -1, 0])
    | st.sampled_from(["pig", "two-dice", "big-pig", "pass-the-pigs", "chess"])
    | st.lists(NAMES | JSON, max_size=5),
    max_size=5,
)


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(game=st.sampled_from(["pig", "hog", "x"]), body=FIELDS, move=FIELDS)
def test_any_body_is_answered_without_a_server_error(client, game, body, move) -> None:
    """Random JSON to every endpoint: a 2xx or a one-line 4xx, never a 500."""
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


QUERY_NAMES = ["goal", "die", "rules", "variant", "state", "i"]
VALUES = st.sampled_from(
    ["-1", "0", "1", "2", "20", str(2**70), "x", "", "1.5", "optimal", "two-dice", "big-pig"]
) | st.sampled_from(["1,2", "0,0,0", "3,7,5", f"1,{2**70},1", "1,,2", "0,0,350,3", "-1,0,0"])


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    path=st.sampled_from(
        ["/api/pig/explore", "/api/hog/explore", "/api/pig/state", "/api/hog/state"]
    ),
    query=st.dictionaries(st.sampled_from(QUERY_NAMES), VALUES),
)
def test_any_query_is_answered_without_a_server_error(client, path, query) -> None:
    response = client.get(path, params=query)
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert "\n" not in response.json()["error"]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_farkle_game_plays_the_last_round(client: TestClient, seed: int) -> None:
    """patch-farkle's last round: the page's game ends after the other player's one more turn,
    won by the higher score or drawn (no winner) when level."""
    body = {"opponent": "bank:300", "goal": 500, "rules": "patch-farkle", "first": "you"}
    state = client.post("/api/farkle/games", json=body | {"seed": seed}).json()
    while not state["over"]:
        banks = "bank" in state["legal"] and state["turn_total"] >= 300
        action = "bank" if banks else state["legal"][-1]
        state = client.post(f"/api/games/{state['id']}/actions", json={"action": action}).json()
    scores = state["scores"]
    assert max(scores) >= 500 and min(scores) < 500 + 3000
    if scores[0] == scores[1]:
        assert state["winner"] is None
    else:
        assert state["winner"] == scores.index(max(scores))


def test_farkle_s_state_says_the_dice_set_aside_and_the_computer_s_steps(
    client: TestClient,
) -> None:
    """A Farkle game's state lists the keeps set aside (their points; why, where nobody chose),
    the dice that roll next, and the table after each event since the person's choice, so that
    the page plays the computer's turn out roll by roll."""
    body = {"opponents": ["bank:300"], "goal": 500, "first": "you", "seed": 5}
    state = client.post("/api/farkle/games", json=body).json()
    assert state["pick"] == [1, 3, 4, 5, 5, 5] and state["set_aside"] == []
    state = client.post(f"/api/games/{state['id']}/actions", json={"action": "5"}).json()
    assert state["set_aside"] == [{"faces": [5], "points": 50, "why": ""}]
    assert state["rolling"] == {
        "faces": [1, 3, 4, 5, 5],
        "count": 5,
        "words": "5 dice to roll next",
    }
    assert [step["log"] for step in state["steps"]] == [3]  # the person's keep
    state = client.post(f"/api/games/{state['id']}/actions", json={"action": "bank"}).json()
    steps = state["steps"]  # the bank, then the computer's turn: 1 2 2 3 4 6, keeps the 1...
    assert [step["player"] for step in steps] == [0, 1, 1, 1, 1, 1, 1, 1]
    assert [step["log"] for step in steps] == [4, 5, 6, 7, 8, 9, 10, 10]  # Won has no line
    assert steps[2]["pick"] == [1, 2, 2, 3, 4, 6] and steps[2]["turn_total"] == 0
    assert steps[3]["set_aside"] == [
        {"faces": [1], "points": 100, "why": "kept automatically: the only scoring die"}
    ]
    assert steps[3]["rolling"]["faces"] == [2, 2, 3, 4, 6] and steps[3]["turn_total"] == 100
    assert steps[-1]["scores"] == state["scores"] == [50, 1100] and state["winner"] == 1
