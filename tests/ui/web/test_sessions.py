"""Games for the browser: choices in the game's words, the review's threshold, the store."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

pytest.importorskip("starlette")

import pigsolve
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.registry import family_of
from pigsolve.ui.web.sessions import ApiError, Store, new_session

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(
    ("kind", "action", "words"),
    [
        ("hog", -1, "Pork Chop"),
        ("hog", 0, "Free Bacon"),
        ("hog", 1, "1 die"),
        ("hog", 10, "10 dice"),
        ("pig", True, "roll"),
        ("pig", False, "hold"),
    ],
)
def test_choices_in_the_game_s_words(kind: str, action, words: str) -> None:
    rules = pigsolve.game("hog-fa16") if kind == "hog" else PigRules()
    play = family_of(rules).play(rules, np.random.default_rng(0))
    assert play.words(play.name(action)) == words


def test_the_review_lists_only_choices_costing_a_tenth_of_a_point() -> None:
    session = new_session("pig", PigRules(20), ["hold20"], "you", 1)
    chances = [(0.0, 0.0), (0.0, 0.0005), (0.0, 0.000999), (0.0, 0.001), (0.25, 0.5)]
    session.decisions = [  # best_p - p is exact: 0.001 itself is listed
        {"action": "hold", "best": "roll", "p": p, "best_p": best} for p, best in chances
    ]
    review = session.state("x")["review"]
    assert [item["move"] for item in review] == [4, 5]
    assert review[1]["cost"] == pytest.approx(0.25, abs=1e-15)
    assert review[1]["action_words"] == "hold" and review[1]["best_words"] == "roll"


def test_a_game_without_a_table_gives_no_hints() -> None:
    from pigsolve.ui.web.sessions import hint

    session = new_session("hog", hog_rules("su20", 30), ["always4"], "you", 1)
    with pytest.raises(ApiError, match=r"^no hints in this game: it has no table$") as refused:
        hint(session)
    assert refused.value.status == 409
    assert session.state("x")["analysed"] is False


def test_a_full_store_forgets_the_game_idle_longest() -> None:
    """Unfinished games all: the one left alone longest makes room, the new player plays."""
    now = [0.0]
    store = Store(limit=2, clock=lambda: now[0])
    oldest = store.add(new_session("pig", PigRules(20), ["hold20"], "you", 1), "a")
    now[0] = 1.0
    newer = store.add(new_session("pig", PigRules(20), ["hold20"], "you", 1), "b")
    now[0] = 2.0
    newest = store.add(new_session("pig", PigRules(20), ["hold20"], "you", 1), "c")
    assert store.get(newer) and store.get(newest) and len(store) == 2
    with pytest.raises(ApiError, match="no game"):
        store.get(oldest)


def test_one_client_keeps_its_share_and_a_new_client_still_plays() -> None:
    """A flood of game starts from one address forgets its own oldest games, not others'."""
    now = [0.0]
    store = Store(limit=10, per_client=3, clock=lambda: now[0])
    other = store.add(new_session("pig", PigRules(20), ["hold20"], "you", 1), "student")
    flood = []
    for second in range(1, 50):
        now[0] = float(second)
        flood.append(store.add(new_session("pig", PigRules(20), ["hold20"], "you", 1), "flood"))
    assert store.get(other) and len(store) == 4
    assert all(store.get(game) for game in flood[-3:])
    newcomer = store.add(new_session("pig", PigRules(20), ["hold20"], "you", 1), "newcomer")
    assert store.get(newcomer)


def test_reading_a_game_does_not_keep_it_alive() -> None:
    now = [0.0]
    store = Store(idle_seconds=60.0, clock=lambda: now[0])
    game = store.add(new_session("pig", PigRules(20), ["hold20"], "you", 1))
    for second in (30.0, 59.0):
        now[0] = second
        assert store.get(game)  # a read
    now[0] = 61.0
    with pytest.raises(ApiError, match="idle too long"):
        store.get(game)
    fresh = store.add(new_session("pig", PigRules(20), ["hold20"], "you", 1))
    now[0] = 100.0
    store.get(fresh, touch=True)  # a move
    now[0] = 150.0
    assert store.get(fresh)


def test_a_full_store_forgets_the_oldest_finished_game_first() -> None:
    store = Store(limit=2)
    over = new_session("pig", PigRules(1), ["hold20"], "computer", 1)  # the computer wins at once
    assert over.game.over
    first = store.add(over)
    second = store.add(new_session("pig", PigRules(20), ["hold20"], "you", 1))
    third = store.add(new_session("pig", PigRules(20), ["hold20"], "you", 1))
    assert store.get(second) and store.get(third)
    with pytest.raises(ApiError, match="no game"):
        store.get(first)


def test_the_server_keeps_the_games_and_minutes_the_class_page_says() -> None:
    """browser-class.md: up to N games at once, a game untouched for M minutes forgotten (kept
    at exactly M minutes); the N+1st game takes the place of one nobody plays. A clock of our
    own tells the time."""
    words = " ".join((ROOT / "docs/how-to/browser-class.md").read_text().split())
    said = re.search(r"keeps up to (\d+) games at once; a game left alone for (\d+) minutes", words)
    games, minutes = map(int, said.groups())
    now = [0.0]
    store = Store(clock=lambda: now[0])
    kept = store.add(new_session("pig", PigRules(20), ["hold20"], "you", 1))
    now[0] = 60.0 * minutes
    assert store.get(kept, touch=True)  # untouched for exactly M minutes: kept, and moved in
    now[0] += 60.0 * minutes + 1e-6
    with pytest.raises(ApiError, match="idle too long"):
        store.get(kept)
    live = new_session("pig", PigRules(20), ["hold20"], "you", 1)
    ids = [store.add(live, f"client {n}", f"address {n}") for n in range(games + 1)]
    assert len(store) == games and store.get(ids[-1])


def test_a_choice_the_rules_do_not_allow_is_refused_in_the_game_s_words() -> None:
    """su20 has no Pork Chop (the API's range check comes first; the game checks again)."""
    session = new_session("hog", hog_rules("su20", 30), ["always4"], "you", 1)
    with pytest.raises(ApiError, match=r"^Pork Chop is not a legal choice now$") as refused:
        session.act(-1)
    assert refused.value.status == 400 and session.decisions == []


def flooded(store: Store, now: list[float], addresses: list[str]) -> None:
    """Start 3,000 games, each from a fresh session, from ``addresses`` in turn, a
    millisecond apart; nobody moves in them."""
    for n in range(3000):
        now[0] += 0.001
        address = addresses[n % len(addresses)]
        store.add(new_session("pig", PigRules(20), ["hold20"], "you", n), f"flood {n}", address)


@pytest.mark.parametrize("addresses", [[f"10.0.0.{n}" for n in range(20)], ["10.0.0.99"]])
def test_a_flood_of_starts_leaves_a_playing_student_their_game(addresses: list[str]) -> None:
    """Issue 44: 3,000 starts from 20 addresses, or from the student's own (a lab's NAT), took
    the game of a student who had just moved (a 404 at the next move). Games of a player who
    moved within minutes are never taken; the student still starts games."""
    now = [0.0]
    store = Store(limit=50, per_client=5, per_address=20, clock=lambda: now[0])
    playing = store.add(new_session("pig", PigRules(20), ["hold20"], "you", 1), "me", "10.0.0.99")
    store.get(playing, touch=True)  # a move
    flooded(store, now, addresses)
    assert len(store) <= (50 if len(addresses) > 1 else 20)  # one address: its backstop
    assert store.get(playing, touch=True)
    more = store.add(new_session("pig", PigRules(20), ["hold20"], "you", 2), "me", "10.0.0.99")
    assert store.get(more) and store.get(playing)


@pytest.mark.parametrize("addresses", [[f"10.0.0.{n}" for n in range(20)], ["10.0.0.99"]])
def test_a_known_player_s_game_not_yet_moved_in_outlasts_a_flood(addresses: list[str]) -> None:
    """The bench's flood came between a player's start (their browser's cookie sent back) and
    their first move: a known player's new game stays for minutes, a stranger's goes first."""
    now = [0.0]
    store = Store(limit=50, per_client=5, per_address=20, clock=lambda: now[0])
    mine = store.add(
        new_session("pig", PigRules(20), ["hold20"], "you", 1), "me", "10.0.0.99", True
    )
    stranger = store.add(new_session("pig", PigRules(20), ["hold20"], "you", 2), "x", "10.0.0.99")
    flooded(store, now, addresses)
    assert store.get(mine, touch=True)
    with pytest.raises(ApiError, match="no game"):
        store.get(stranger)


def test_finished_games_make_room_though_their_players_play_on() -> None:
    """An address's games all finished by players still playing (a class behind a NAT, each
    starting again): the finished ones make room, and the next start is taken."""
    store = Store(limit=100, per_address=3)
    for n in range(3):
        game = store.add(new_session("pig", PigRules(20), ["hold20"], "you", n), f"p{n}", "nat")
        session = store.get(game, touch=True)
        while not session.game.over:
            session.act(session.game.legal_actions()[0])
    assert store.add(new_session("pig", PigRules(20), ["hold20"], "you", 9), "p0", "nat", True)


def test_a_store_full_of_games_in_play_refuses_a_new_one_in_one_line() -> None:
    """Every game moved in within minutes: a new start is a 503, not another player's game."""
    now = [0.0]
    store = Store(limit=3, per_address=2, active_seconds=600.0, clock=lambda: now[0])
    for n in range(3):
        game = store.add(new_session("pig", PigRules(20), ["hold20"], "you", n), f"p{n}", f"a{n}")
        store.get(game, touch=True)
    with pytest.raises(ApiError) as refused:
        store.add(new_session("pig", PigRules(20), ["hold20"], "you", 9), "new", "a9")
    assert refused.value.status == 503 and str(refused.value) == (
        "the server has 3 games in play (the most), each started or moved in within 10 "
        "minutes; try again when one ends"
    )
    now[0] = 601.0  # nobody has moved for more than 10 minutes: the idle longest makes room
    assert store.add(new_session("pig", PigRules(20), ["hold20"], "you", 9), "new", "a9")
    assert len(store) == 3


def test_an_address_full_of_games_in_play_refuses_its_next_one() -> None:
    """The address is a backstop: fresh sessions from one address, each moving, cannot take
    the whole store; another address still starts games."""
    store = Store(limit=10, per_address=3)
    for n in range(3):
        game = store.add(new_session("pig", PigRules(20), ["hold20"], "you", n), f"p{n}", "nat")
        store.get(game, touch=True)
    with pytest.raises(ApiError, match=r"^your address has 3 games in play") as refused:
        store.add(new_session("pig", PigRules(20), ["hold20"], "you", 9), "fresh", "nat")
    assert refused.value.status == 503
    assert store.add(new_session("pig", PigRules(20), ["hold20"], "you", 9), "other", "lab")


def test_the_page_s_session_is_a_cookie_and_a_flood_behind_its_address_leaves_its_game(
    workdir: Path,
) -> None:
    """Each browser gets its own session (an HttpOnly, SameSite=Strict cookie) on first
    contact: starts from its address with fresh sessions take no game of its own."""
    from starlette.testclient import TestClient

    from pigsolve.ui.web import tables
    from pigsolve.ui.web.app import create_app
    from pigsolve.ui.web.clients import COOKIE
    from pigsolve.ui.web.jobs import Jobs

    path = workdir / "data" / "pig-players2-goal40-die6.h5"
    tables.solve_and_save(PigRules(40), path, lambda done, total: None)  # no worker
    store = Store(limit=12, per_client=3, per_address=8)
    app = create_app(store=store, table_store=tables.Tables(jobs=Jobs(patience=None)))
    me = TestClient(app, base_url="http://127.0.0.1", client=("10.0.0.99", 1))
    body = {"goal": 40, "opponent": "hold20", "first": "you", "seed": 1}
    started = me.post("/api/pig/games", json=body)
    cookie = started.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    game = started.json()["id"]
    assert me.post(f"/api/games/{game}/actions", json={"action": "hold"}).status_code == 200
    assert "set-cookie" not in me.get("/api/limits").headers  # the page keeps its session
    flood = TestClient(app, base_url="http://127.0.0.1", client=("10.0.0.99", 2))
    for _ in range(30):
        flood.cookies.clear()  # a fresh session at each start
        assert flood.post("/api/pig/games", json=body).status_code == 201
    assert len(store) <= 12
    assert me.post(f"/api/games/{game}/actions", json={"action": "roll"}).status_code == 200
    assert me.post("/api/pig/games", json=body).status_code == 201


def test_a_seeded_game_tosses_the_same_coins() -> None:
    """The page's optimal players toss their coins from the game's seed (a fresh player each
    move, its seed the game's and the log's length): one seed, one game."""
    rules = PigRules(30, players=3)
    mixed = SimpleNamespace(rules=rules, roll_probability=lambda scores, turn_total: 0.5)

    def log(seed: int) -> list[str]:
        return new_session("pig", rules, ["optimal", "optimal"], "computer", seed, mixed).log

    assert log(4) == log(4) and log(4) != log(5)
