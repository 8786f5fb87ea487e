"""The page's Compare with more than two players a game: every seating of them, each player's
exact chance in each and on average, as ``pigsolve compare A B C --players 3 --json`` prints
it; a wrong number of players, an unknown one, the person or a family that compares two at a
time refused in one line (a 4xx, never a 500)."""

from __future__ import annotations

import json
import time

import pytest
from starlette.testclient import TestClient

import pigsolve
from pigsolve.policies.roster import roster
from pigsolve.ui.adapters import adapter_of
from pigsolve.ui.web.app import create_app
from pigsolve.ui.web.guard import PAGE_HEADERS
from pigsolve.ui.web.jobs import Jobs
from pigsolve.ui.web.tables import Tables

FIELD = ["max-score", "bank:300", "bank:350"]


def seatings(client: TestClient, game: str, names: list[str], query: str) -> dict:
    response = client.get(f"/api/{game}/compare?players={json.dumps(names)}&seats=3&{query}")
    assert response.status_code == 200, response.text
    return response.json()


def test_a_fixed_field_of_three_is_the_farkle_seatings(workdir) -> None:
    """Six seatings of three fixed players, each as the adapter's seatings give them; computed
    in a worker, the page told 202 (with what is computed) until they are there."""
    tables = Tables(jobs=Jobs(patience=0, held=True))
    app = create_app(table_store=tables)
    with TestClient(app, base_url="http://127.0.0.1", headers=PAGE_HEADERS) as client:
        path = f"/api/farkle/compare?players={json.dumps(FIELD)}&seats=3&goal=300"
        waiting = client.get(path)
        assert waiting.status_code == 202, waiting.text
        assert waiting.json()["what"] == f"every seating of {', '.join(FIELD)} at goal 300"
        tables.jobs.release()
        while (response := client.get(path)).status_code == 202:
            time.sleep(0.1)  # as the page waits between two asks
    shown = response.json()
    assert (shown["title"], shown["goal"], shown["seats"]) == ("Farkle", 300, 3)
    rules = pigsolve.game("farkle", goal=300, players=3)
    players = [roster(rules).player(name, rules) for name in FIELD]
    exact = adapter_of(rules).seatings(rules, players, FIELD).as_dict()
    assert {key: shown[key] for key in exact} == exact
    assert len(shown["seatings"]) == 6 and sum(shown["average"]) == pytest.approx(1)


@pytest.mark.slow
def test_three_with_the_optimal_player_is_pigsolve_compare(client: TestClient, pigsolve) -> None:
    """The optimal player reads the three-player table (computed first): the page's figures
    are the command line's, and the optimal player wins most on average."""
    names = ["hold20", "optimal", "hold25"]
    shown = seatings(client, "pig", names, "goal=20")
    assert (shown["title"], shown["players"]) == ("Pig", names)
    done = pigsolve("compare", *names, "--players", "3", "--goal", "20", "--json")
    printed = json.loads(done.stdout)
    assert {key: shown[key] for key in ("players", "seatings", "average")} == {
        key: printed[key] for key in ("players", "seatings", "average")
    }
    assert max(shown["average"]) == shown["average"][1]


@pytest.mark.parametrize(
    ("path", "status", "message"),
    [
        ("farkle?players=max-score,bank:300&seats=3", 400, "must name 3 different players"),
        ("farkle?players=max-score,bank:300,max-score&seats=3", 400, "3 different players"),
        ("farkle?players=max-score,bank:300,bank:4&seats=4&goal=300", 400, "got 3"),
        ("farkle?players=max-score,bank:300,nobody&seats=3", 400, "unknown Farkle player"),
        ("farkle?players=max-score,bank:300,human&seats=3", 400, "human cannot be compared"),
        ("farkle?players=max-score,bank:300,bank:350&seats=5", 400, "seats must be an integer"),
        ("farkle?players=max-score,bank:300,bank:350&seats=x", 400, "seats must be an integer"),
        ("farkle?players=max-score,bank:300,bank:350&seats=3&goal=1500", 413, "goals up to 1000"),
        ("pig?players=hold20,hold25,hold30&seats=3&goal=250", 413, "goals up to 200"),
        ("hog?players=always4,always5,always6&seats=3", 400, "two players at a time"),
        (
            "farkle?players=max-score,bank:300,bank:350&seats=3&rules=facebook-farkle",
            400,
            "played by 2 players here",
        ),
    ],
)
def test_bad_seatings_are_refused_in_one_line(client, path: str, status: int, message: str):
    response = client.get(f"/api/{path.replace('?', '/compare?', 1)}")
    assert response.status_code == status and message in response.json()["error"], response.text


def test_the_compare_form_says_how_many_it_seats(client: TestClient) -> None:
    families = {f["name"]: f for f in client.get("/api/limits").json()["families"]}
    assert {name: families[name]["compare"]["seats"] for name in ("pig", "hog", "farkle")} == {
        "pig": 4,
        "hog": 2,
        "farkle": 4,
    }
