"""Zombie Dice on the page, through the API every family shares: its set-up form, a game played
with roll and stop to its end beside the hints (each the solution's), the dice it draws adding up
to the cup, the explorer's picture (each seat's chance, the solution's), and a bad value refused
in one line before anything is computed. The quick games play a small cup (the page's rules
replaced: its table takes milliseconds); the boxed dice at goal 5 are slow."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from starlette.testclient import TestClient
from zombie_cups import small_cup as cup_text

import pigsolve
from pigsolve.solver.registry import family_named
from pigsolve.solver.tables import table_for
from pigsolve.solver.zombie.solution import TurnState
from pigsolve.ui.adapters import adapter_named
from pigsolve.ui.adapters.zombie import ZombieAdapter
from pigsolve.ui.web.app import create_app
from pigsolve.ui.web.guard import PAGE_HEADERS
from pigsolve.ui.web.jobs import Jobs
from pigsolve.ui.web.tables import Tables

SMALL_CUP = cup_text()


@pytest.fixture
def small_cup(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the page play the small cup at the goal it is asked (the boxed dice's tables take
    seconds); every other field is read as the page reads it."""
    game = workdir / "small.toml"
    game.write_text(SMALL_CUP)
    boxed = ZombieAdapter.page_rules

    def small(self, fields: dict[str, Any], players: int = 2) -> Any:
        rules = boxed(self, fields, players)
        return pigsolve.game(str(game), goal=rules.goal, finish=rules.finish,
                             tiebreaker=rules.tiebreaker)  # fmt: skip

    monkeypatch.setattr(ZombieAdapter, "page_rules", small)


def initials(colours: list[str]) -> str:
    return "".join(colour[0].upper() for colour in colours)


def asked(state: dict[str, Any]) -> dict[str, Any]:
    """Return the solution's question of the person's move, from what the page is shown."""
    you = state["you"]
    turn = TurnState(
        state["turn_brains"], initials(state["hand"]), initials(state["brains"]),
        initials(state["shotguns"]),
    )  # fmt: skip
    if state["phase"] == "tiebreak":
        scores = (0, state["to_beat"] or 0)
    else:
        scores = (state["scores"][you], state["scores"][1 - you])
    kind = "tiebreak" if state["phase"] == "tiebreak" else "turn"
    return {"state": scores, "seat": you + 1, "turn": turn, "kind": kind}


def check_the_table(state: dict[str, Any], rules: Any) -> None:
    """The dice drawn add up to the cup: in it, in the hand, set aside; the last roll's dice are
    as many as a roll takes."""
    out = Counter(state["hand"] + state["brains"] + state["shotguns"])
    for die, left in zip(rules.dice, state["cup"], strict=True):
        assert left["colour"] == die.colour and left["count"] + out[die.colour] == die.count
    assert state["turn_brains"] >= len(state["brains"])
    assert len(state["shotguns"]) < rules.shotguns or state["player"] != state["you"]
    if state["roll"] is not None:
        assert state["roll"]["kind"] == "zombie" and len(state["roll"]["dice"]) == rules.roll
        assert {die["face"] for die in state["roll"]["dice"]} <= {"brain", "feet", "shotgun"}


def play_to_the_end(client: TestClient, state: dict[str, Any], rules: Any) -> dict[str, Any]:
    """Play ``state``'s game to its end: roll until two brains or one shotgun this turn, each
    move after a hint equal to the solution's values."""
    table = table_for(rules)
    for _ in range(500):
        check_the_table(state, rules)
        if state["over"]:
            return state
        assert state["player"] == state["you"] and set(state["legal"]) <= {"roll", "stop"}
        hint = client.get(f"/api/games/{state['id']}/hint").json()
        question = asked(state)
        values = table.action_values(question.pop("state"), **question)
        assert {v["action"]: v["p"] for v in hint["values"]} == values
        assert hint["best"] == max(values, key=values.__getitem__)
        stop = state["turn_brains"] >= 2 or state["shotguns"]
        action = "stop" if stop and "stop" in state["legal"] else state["legal"][0]
        state = client.post(f"/api/games/{state['id']}/actions", json={"action": action}).json()
    raise AssertionError("the game did not end in 500 moves")


def test_the_form_is_the_boxed_game_s(client: TestClient) -> None:
    limits = client.get("/api/limits").json()
    entry = next(f for f in limits["families"] if f["name"] == "zombie")
    fields = {field["name"]: field for field in entry["fields"]}
    assert list(fields) == ["goal", "finish", "ties"]
    assert (fields["goal"]["min"], fields["goal"]["max"], fields["goal"]["default"]) == (1, 13, 13)
    assert [c["value"] for c in fields["finish"]["choices"]] == ["round", "last-turn"]
    assert [c["value"] for c in fields["ties"]["choices"]] == ["tiebreaker", "shared"]
    assert "goal 1 to 13 brains" in entry["note"] and entry["max_players"] == 2
    assert entry["explore"]["note"] == entry["compare"]["note"] == "Zombie Dice: goals up to 13."
    assert limits["zombie"]["shotguns"] == 3
    served = client.get(entry["scripts"][0])
    assert entry["scripts"] == ["/static/families/zombie/cup.js"] and "PIECES.zombie" in served.text


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"goal": 14}, "goal must be an integer from 1 to 13"),
        ({"goal": "5"}, "goal must be an integer"),
        ({"goal": 5, "finish": "never"}, "finish must be round or last-turn"),
        ({"goal": 5, "ties": "draw"}, "ties must be tiebreaker or shared"),
        ({"goal": 5, "tiebreaker": False}, "unknown field 'tiebreaker'"),
        ({"goal": 5, "opponent": "shotguns:x"}, "shotguns:x"),
        ({"goal": 5, "opponents": ["optimal", "optimal"]}, "1 name (Zombie Dice is for two"),
    ],
)
def test_a_bad_game_is_refused_in_one_line(client: TestClient, body, words) -> None:
    response = client.post("/api/zombie/games", json=body)
    assert response.status_code == 400 and words in response.json()["error"], response.json()
    assert "\n" not in response.json()["error"]
    assert not (Path.cwd() / "data").exists()  # refused before any table is computed


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("explore?goal=0", "goal must be an integer from 1 to 13"),
        ("explore?goal=5&ties=none", "ties must be tiebreaker or shared"),
        ("state?goal=5&state=5,0", "a score is 0 to 4"),
        ("state?goal=5&state=1,2,3", "a Zombie Dice state is 2 numbers"),
    ],
)
def test_a_bad_question_is_refused_in_one_line(client: TestClient, query, words) -> None:
    response = client.get(f"/api/zombie/{query}")
    assert response.status_code == 400 and words in response.json()["error"], response.json()
    assert not (Path.cwd() / "data").exists()


@pytest.mark.parametrize(
    ("first", "fields"),
    [
        ("you", {"goal": 4}),
        ("computer", {"goal": 5, "finish": "last-turn", "ties": "shared"}),
    ],
)
def test_a_game_is_played_to_its_end_beside_the_hints(
    client: TestClient, small_cup, first: str, fields: dict[str, Any]
) -> None:
    body = {"opponent": "optimal", "first": first, "seed": 7} | fields
    started = client.post("/api/zombie/games", json=body)
    assert started.status_code == 201, started.json()
    state = started.json()
    rules = adapter_named("zombie").page_rules(fields)
    assert state["title"] == adapter_named("zombie").page_title(rules) and state["analysed"]
    assert state["you"] == (0 if first == "you" else 1) and state["action_field"] == "action"
    assert state["roll"] is not None  # a turn's first roll is made with no question
    refused = client.post(f"/api/games/{state['id']}/actions", json={"action": "hold"})
    assert refused.status_code == 400 and "\n" not in refused.json()["error"]
    end = play_to_the_end(client, state, rules)
    assert end["winner"] in (0, 1, None) and end["log"] and not end["legal"]
    assert len(end["evaluation"]) >= 1 and all(0 <= p <= 1 for p in end["evaluation"])
    again = client.post(f"/api/games/{state['id']}/actions", json={"action": "roll"})
    assert again.status_code in (400, 409) and "over" in again.json()["error"]


def test_the_explorer_draws_each_seat_s_chance(workdir: Path) -> None:
    """The heat map is the first seat's chance at the start of its turn, the second's under the
    pointer and in the slice's second line, a frame an opponent's score."""
    (workdir / "small.toml").write_text(SMALL_CUP)
    rules = pigsolve.game(str(workdir / "small.toml"), goal=6)
    solution = pigsolve.solve(rules)
    picture = adapter_named("zombie").explore(solution, 200)
    heat_map, described = picture["heat_map"], picture["slice"]
    assert heat_map["x"]["values"] == heat_map["y"]["values"] == list(range(6))
    assert np.array_equal(heat_map["z"], solution.first)
    assert np.array_equal(heat_map["layers"]["second"], solution.second)
    assert heat_map["z"][0][0] == solution.p_first_player
    assert [frame["at"] for frame in described["frames"]] == list(range(6))
    for b, frame in enumerate(described["frames"]):
        assert frame["lines"] == [solution.first[:, b].tolist(), solution.second[:, b].tolist()]
    assert [line["name"] for line in described["lines"]] == ["player 1", "player 2"]
    sampled = adapter_named("zombie").explore(solution, 4)["heat_map"]
    assert sampled["x"]["values"] == [0, 2, 4] and "(one score in 2)" in sampled["caption"]


def test_the_explorer_s_data_is_the_table_s(client: TestClient, small_cup) -> None:
    explored = client.get("/api/zombie/explore?goal=4&finish=last-turn")
    assert explored.status_code == 200, explored.json()
    rules = adapter_named("zombie").page_rules({"goal": 4, "finish": "last-turn"})
    table = table_for(rules)
    assert np.array_equal(explored.json()["heat_map"]["z"], table.first)
    value = client.get("/api/zombie/state?goal=4&finish=last-turn&state=1,2").json()
    assert value["action_values"] == table.action_values(1, 2)


@pytest.fixture(scope="module")
def boxed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a folder holding the boxed game's goal-5 table."""
    folder = tmp_path_factory.mktemp("data")
    rules = pigsolve.game("zombie-dice", goal=5)
    family_named("zombie").save(
        pigsolve.solve(rules), folder / family_named("zombie").table_name(rules)
    )
    return folder


@pytest.fixture
def boxed_client(boxed: Path, workdir: Path) -> Iterator[TestClient]:
    app = create_app(table_store=Tables(boxed, jobs=Jobs(patience=None)))
    with TestClient(app, base_url="http://127.0.0.1", headers=PAGE_HEADERS) as client:
        yield client


@pytest.mark.slow
@pytest.mark.parametrize("first", ["you", "computer"])
def test_the_boxed_game_is_played_to_its_end(boxed_client: TestClient, boxed, first) -> None:
    body = {"goal": 5, "opponent": "optimal", "first": first, "seed": 3}
    state = boxed_client.post("/api/zombie/games", json=body).json()
    assert state["title"] == "Zombie Dice" and state["analysed"]
    assert [c["colour"] for c in state["cup"]] == ["green", "yellow", "red"]
    end = play_to_the_end(boxed_client, state, pigsolve.game("zombie-dice", goal=5))
    assert end["over"]


@pytest.mark.slow
def test_the_boxed_game_s_explorer(boxed_client: TestClient, boxed) -> None:
    explored = boxed_client.get("/api/zombie/explore?goal=5").json()
    table = table_for(pigsolve.game("zombie-dice", goal=5))
    assert np.array_equal(explored["heat_map"]["z"], table.first)
    assert explored["heat_map"]["z"][0][0] == pytest.approx(0.444967, abs=1e-6)
