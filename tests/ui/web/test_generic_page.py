"""The page and its API name no family: each family's forms, scripts and pictures come from its
adapter (ui/adapters/<family>/), and their numbers are its solution's. A state's values come
from one route for every family."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

import pigsolve
from pigsolve.solver.farkle.thresholds import bank_thresholds
from pigsolve.solver.tables import table_for
from pigsolve.ui.adapters import adapter_named, adapters

WEB = Path(pigsolve.__file__).parent / "ui" / "web"
FAMILY_WORD = re.compile(r"(?i)\b(pig(?!solve)|hog|farkle)")
"""A built-in family's name, or a word made from one (``pigs``); ``pigsolve`` is the package."""


def test_the_page_s_code_names_no_family() -> None:
    """Only ui/adapters/<family>/ says what is a family's own: the page's Python, scripts, page
    and style name none, and the page's script asks no family by name."""
    files = [path for path in WEB.rglob("*") if path.suffix in (".py", ".js", ".html", ".css")]
    assert {path.name for path in files} >= {"app.py", "app.js", "index.html", "style.css"}
    named = [
        f"{path.relative_to(WEB)}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if FAMILY_WORD.search(line)
    ]
    assert named == []
    script = (WEB / "static" / "app.js").read_text()
    assert "game ===" not in script
    assert not re.search(r"""\bgame\s*[!=]==?\s*["'`]|["'`]\s*[!=]==?\s*game\b""", script)


@pytest.mark.parametrize(
    ("game", "explore", "compare"),
    [
        ("pig", (1000, 100), (300, 100)),
        ("hog", (200, 100), (200, 100)),
        ("farkle", (10_000, 10_000), (1000, 1000)),
    ],
)
def test_each_family_s_forms_are_its_set_up_s_within_each_view_s_goals(
    client: TestClient, game: str, explore: tuple[int, int], compare: tuple[int, int]
) -> None:
    """Explore's and Compare's forms are the set-up form's fields, the goal at most what each
    view takes (its largest and its default)."""
    entry = next(f for f in client.get("/api/limits").json()["families"] if f["name"] == game)
    for use, (most, default) in (("explore", explore), ("compare", compare)):
        fields = entry[use]["fields"]
        assert [f for f in fields if f["name"] != "goal"] == [
            f for f in entry["fields"] if f["name"] != "goal"
        ]
        goal = next(f for f in fields if f["name"] == "goal")
        assert (goal["max"], goal["default"]) == (most, default)
        assert entry[use]["note"].startswith(f"{entry['label']}: goals up to {most:,}")


def test_a_family_s_own_scripts_are_served_as_its_adapter_lists_them(client: TestClient) -> None:
    families = {entry["name"]: entry for entry in client.get("/api/limits").json()["families"]}
    for adapter in adapters():
        scripts = families[adapter.family.name]["scripts"]
        assert [script.rsplit("/", 1)[-1] for script in scripts] == list(adapter.page_scripts)
        for script in scripts:
            served = client.get(script)
            assert served.status_code == 200
            assert served.text == (adapter.static / script.rsplit("/", 1)[-1]).read_text()
    assert families["pig"]["scripts"] == ["/static/families/pig/pieces.js"]
    missing = client.get("/static/families/hog/pieces.js")
    assert missing.status_code == 404
    assert missing.json() == {"error": "Hog has no page file 'pieces.js'"}
    assert client.get("/static/families/pig/..%2Fexplore.py").status_code == 404


def test_pig_s_picture_is_its_solution_s() -> None:
    """The heat map and the slice are the hold boundary of ``choices()``, the hover's layer
    ``P(i, j, 0)``; grey where it rolls on to the goal, the colours the middle 90% of the rest;
    the slice's state template gives the state the readout asks for."""
    goal = 60
    solution = pigsolve.solve(pigsolve.game("pig", goal=goal))
    picture = adapter_named("pig").explore(solution, 200)
    heat_map, boundary = picture["heat_map"], solution.choices()[0]
    assert heat_map["x"]["values"] == heat_map["y"]["values"] == list(range(goal))
    assert np.array_equal(heat_map["z"], boundary)
    p0 = [[solution.win_probability(i, j, 0) for j in range(goal)] for i in range(goal)]
    assert np.allclose(heat_map["layers"]["p0"], p0, rtol=0, atol=1e-15)
    rolls_on = boundary >= goal - np.arange(goal)[:, None]
    assert np.array_equal(heat_map["apart"]["cells"], rolls_on) and rolls_on.any()
    short = np.sort(boundary[~rolls_on])
    low, high = heat_map["scale"]["low"], heat_map["scale"]["high"]
    assert np.mean(short < low) <= 0.05 < np.mean(short <= low)  # the 5th percentile's rank
    assert np.mean(short > high) <= 0.05 < np.mean(short >= high)
    assert f"from {low} or less to {high} or more" in heat_map["key"]
    frames = picture["slice"]["frames"]
    assert [frame["at"] for frame in frames] == list(range(goal))
    for j in (0, 17, goal - 1):
        optimal, hold20 = frames[j]["lines"]
        assert optimal == boundary[:, j].tolist()
        assert hold20 == [min(20, goal - i) for i in range(goal)]
    assert picture["slice"]["state"].format(x=3, at=7, y=5) == "3,7,5"
    assert picture["surface"]["label"] == "hold at k"


def test_farkle_s_picture_is_its_solution_s() -> None:
    """The heat map is the mover's chance at the start of a turn; each frame of the slice holds
    the banking totals of :func:`solver.farkle.thresholds.bank_thresholds`, six dice first, no
    point where it rolls on."""
    solution = pigsolve.solve(pigsolve.game("farkle", goal=1000))
    picture = adapter_named("farkle").explore(solution, 200)
    assert np.array_equal(picture["heat_map"]["z"], solution.start_values)
    described = picture["slice"]
    assert [line["name"] for line in described["lines"]] == [
        "6 dice", "5 dice", "4 dice", "3 dice", "2 dice", "1 die"
    ]  # fmt: skip
    assert [frame["at"] for frame in described["frames"]] == list(range(0, 1000, 50))
    for frame in described["frames"]:
        totals = bank_thresholds(solution, frame["at"]).totals
        expected = [[t if t >= 0 else None for t in totals[:, n]] for n in range(5, -1, -1)]
        assert frame["lines"] == expected
        assert frame["high"] == max(50, totals.max())
    assert any(None in line for frame in described["frames"] for line in frame["lines"])


def test_hog_s_picture_is_its_solution_s(client: TestClient) -> None:
    explored = client.get("/api/hog/explore?goal=40&rules=su20").json()
    solution = table_for(pigsolve.game("hog-su20", goal=40))
    heat_map = explored["heat_map"]
    assert np.array_equal(heat_map["z"], solution.policy[:, :, 0, 0, 0])
    assert np.array_equal(heat_map["layers"]["p"], solution.values[:, :, 0, 0, 0])
    assert "slice" not in explored and "surface" not in explored


@pytest.mark.parametrize(
    ("game", "query", "numbers"),
    [
        ("pig", "goal=30", (3, 7, 5)),
        ("pig", "goal=30", (25, 7, 10)),  # the turn total wins: hold, surely
        ("pig", "goal=30&variant=big-pig", (3, 7, 0)),  # no hold at a turn's start
        ("hog", "goal=30&rules=su20", (3, 7)),
        ("farkle", "goal=500", (0, 50, 350, 3)),
    ],
)
def test_a_state_s_values_are_the_solution_s(
    client: TestClient, game: str, query: str, numbers: tuple[int, ...]
) -> None:
    state = ",".join(map(str, numbers))
    answer = client.get(f"/api/{game}/state?{query}&state={state}").json()
    fields = dict(part.split("=") for part in query.split("&"))
    given = {name: int(value) if value.isdigit() else value for name, value in fields.items()}
    rules = adapter_named(game).page_rules(given)
    solution = table_for(rules)  # the file the page computed, read by the solver
    values = solution.action_values(numbers)
    assert answer["state"] == list(numbers)
    assert answer["action_values"] == {str(action): p for action, p in values.items()}
    assert answer["best_action"] == solution.best_action(numbers)
    assert answer["win_probability"] == solution.win_probability(numbers)
    assert answer["best_action"] in values and answer["chances"][0] == answer["win_probability"]


@pytest.mark.parametrize(
    ("path", "status", "words"),
    [
        ("/api/pig/state?goal=30", 400, "state must be whole numbers separated by commas"),
        ("/api/pig/state?goal=30&state=1,x,2", 400, "state must be whole numbers"),
        ("/api/pig/state?goal=30&state=1,2", 400, "give 2 scores and a turn total"),
        ("/api/pig/state?goal=30&state=30,0,0", 400, "outside the goal-30 table"),
        ("/api/hog/state?goal=30&state=1,2,3", 400, "a Hog state is"),
        ("/api/farkle/state?goal=500&state=0,0,355,3", 400, "turn total"),
        ("/api/pig/state?goal=30&state=1,1,1&i=1", 400, "unknown field 'i'"),
        ("/api/pig/state?goal=99999999&state=1,1,1", 413, "needs about"),
        ("/api/chess/state?state=1", 404, "unknown game 'chess'"),
    ],
)
def test_a_bad_state_is_refused_in_one_line(client, path: str, status: int, words: str) -> None:
    response = client.get(path)
    assert response.status_code == status and words in response.json()["error"]
    assert "\n" not in response.json()["error"]
    assert not (Path.cwd() / "data").exists()  # refused before any table is computed


def test_a_family_holding_contests_shows_a_tournament_s_ranking(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's Tournament view is where the family's capabilities have a contest: the
    ranking is read in the browser, so the server says only where it shows."""
    from dataclasses import replace

    shown = {f["name"]: f["tournament"] for f in client.get("/api/limits").json()["families"]}
    assert shown == {a.family.name: a.family.can.contest is not None for a in adapters()}
    family = type(adapter_named("farkle").family)
    monkeypatch.setattr(family, "can", replace(family.can, contest=lambda *args: None))
    families = client.get("/api/limits").json()["families"]
    assert next(f for f in families if f["name"] == "farkle")["tournament"] is True
