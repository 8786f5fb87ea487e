"""Hog players and the game loop: 61A games replayed, simulation against the exact evaluator."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from policies.hog import HumanStrategy, make_strategy
from policies.hog_game import play_game, simulate
from solver.dice import ListedDice
from solver.errors import GameInputError
from solver.games.hog import FREE_BACON, HOG_WILD, PIG_OUT, PORK_CHOP, HogState, hog_rules
from solver.hog.solve import compare

DATA = Path(__file__).resolve().parent.parent / "data" / "hog"
FA16, SU20 = hog_rules("fa16"), hog_rules("su20")


def scripted(choices: list[int]) -> HumanStrategy:
    queue = iter(choices)
    return HumanStrategy(lambda state: next(queue))


def test_game_loop_replays_the_fa16_fuzz_games() -> None:
    with open(DATA / "fa16_fuzz_games.json") as f:
        fuzz = json.load(f)
    fields = fuzz["turn_fields"]
    for game in fuzz["games"][:300]:
        turns = [dict(zip(fields, row, strict=True)) for row in game["turns"]]
        players = tuple(scripted([t["num_rolls"] for t in turns if t["who"] == p]) for p in (0, 1))
        # The staff harness re-rolled four-sided Hog Wild dice with a six-sided die, so the
        # stream is used as is, without ListedDice's check of the faces.
        stream = iter(game["die_stream"])
        result = play_game(FA16, players, lambda sides, stream=stream: next(stream))
        assert list(result.scores) == game["final"], game["game"]
        assert [r.draws for r in result.turns] == [tuple(t["raw_die_values"]) for t in turns]


def test_game_loop_replays_the_su20_game_traces() -> None:
    with open(DATA / "su20.json") as f:
        cases = [c for c in json.load(f)["cases"] if c.get("category") == "game_trace"]
    for case in cases:
        kwargs, replay = case["kwargs"], case["replay"]
        rules = hog_rules("su20", kwargs["goal"], kwargs["feral_hogs"])
        players = (
            scripted(replay["strategy0_num_rolls"]),
            scripted(replay["strategy1_num_rolls"]),
        )
        dice = ListedDice(replay["dice"]["test_dice"])
        start = HogState(kwargs["score0"], kwargs["score1"])
        result = play_game(rules, players, dice.roll, start=start)
        assert list(result.scores) == case["expected"], case["id"]
        ends = []
        for record in result.turns:
            end = [0, 0]
            end[record.who], end[1 - record.who] = (
                record.turn.roller_score,
                record.turn.other_score,
            )
            ends.append(end)
        assert ends == [t["end"] for t in case["turns"]], case["id"]


def test_turn_records_name_the_rules_that_fired() -> None:
    # 0-0 is Hog Wild: 3 dice draw 1 (odd, re-rolled: 1), 2, 1 (re-rolled: 4) -> Pig Out.
    players = (scripted([3, -1]), scripted([0]))
    dice = ListedDice([1, 1, 2, 1, 4])
    records = []
    with pytest.raises(StopIteration):
        play_game(FA16, players, dice.roll, on_turn=records.append)
    assert records[0].events[:2] == (HOG_WILD, PIG_OUT)
    assert records[1].events[0] == FREE_BACON
    assert PORK_CHOP in records[2].events


def test_listed_dice_refuse_a_face_the_four_sided_dice_lack() -> None:
    dice = ListedDice([6])
    with pytest.raises(GameInputError, match="not a face of the 4-sided dice"):
        dice.roll(4)
    with pytest.raises(GameInputError, match="ran out"):
        dice.roll(6)


@pytest.mark.parametrize(
    ("rules", "a", "b"),
    [(FA16, "best-response:always4", "always4"), (SU20, "swap", "bacon")],
    ids=["fa16-br-vs-always4", "su20-swap-vs-bacon"],
)
def test_simulation_agrees_with_the_exact_evaluator(rules, a, b) -> None:
    player_a, player_b = make_strategy(a, rules), make_strategy(b, rules)
    exact = compare(rules, player_a.policy, player_b.policy)
    result = simulate(rules, player_a, player_b, games=1500, seed=7)
    assert abs(result.z_scores(exact)["total"]) < 4


def test_strategies_by_name() -> None:
    assert make_strategy("always-1", FA16).choose(HogState(3, 4)) == -1
    with pytest.raises(ValueError, match="from 0 to 10"):
        make_strategy("always-1", SU20)
    with pytest.raises(ValueError, match="unknown Hog player 'hold20'"):
        make_strategy("hold20", FA16)
    bacon = make_strategy("bacon", FA16)
    assert bacon.choose(HogState(50, 70)) == 0 and bacon.choose(HogState(70, 50)) == 4
    assert np.all(make_strategy("swap", SU20).policy <= 10)


def test_optimal_and_best_response_of_optimal_agree(tmp_path) -> None:
    rules = hog_rules("fa16", goal=40)
    optimal = make_strategy("optimal", rules, table_path=tmp_path / "t.h5")
    reply = make_strategy("best-response:optimal", rules, table_path=tmp_path / "t.h5")
    assert compare(rules, reply.policy, optimal.policy).average == pytest.approx(0.5, abs=1e-12)


def test_terminal_prompt_shows_the_hint_and_re_asks_with_the_range() -> None:
    import io

    from policies.hog_game import terminal_ask

    out = io.StringIO()
    ask = terminal_ask(SU20, io.StringIO("-1\nfive\n4\n"), out, hints=lambda state: (0.625, 3))
    assert ask(HogState(10, 20)) == 4
    text = out.getvalue()
    assert "hint: roll 3 (win probability 0.6250)" in text
    assert text.count("please type a whole number from 0 to 10") == 2
    with pytest.raises(GameInputError, match="input ended"):
        terminal_ask(SU20, io.StringIO(""), io.StringIO())(HogState(0, 0))
