"""Games for the browser: choices in the game's words, the review's threshold, the store."""

from __future__ import annotations

import re
from pathlib import Path

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
    at exactly M minutes); the N+1st game takes the place of one. A clock of our own tells the
    time."""
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
    ids = [store.add(live, f"client {n}") for n in range(games + 1)]  # one more than kept
    assert len(store) == games and store.get(ids[-1])


def test_a_choice_the_rules_do_not_allow_is_refused_in_the_game_s_words() -> None:
    """su20 has no Pork Chop (the API's range check comes first; the game checks again)."""
    session = new_session("hog", hog_rules("su20", 30), ["always4"], "you", 1)
    with pytest.raises(ApiError, match=r"^Pork Chop is not a legal choice now$") as refused:
        session.act(-1)
    assert refused.value.status == 400 and session.decisions == []
