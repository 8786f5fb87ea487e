"""Replay every CS 61A autograder case of fa16 and su20, and the 1000 decoded fa16 fuzz games.

The cases (tests/data/hog/*.json) are facts taken from the course's own test files; each JSON
file's ``dice_model`` text describes the objects a case builds. A small interpreter below turns
each case into calls on :mod:`solver.hog61a.fa16` / :mod:`solver.hog61a.su20`.
"""

from __future__ import annotations

import contextlib
import io
import json
import textwrap
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from pigsolve.solver.games import hog, hog_turns
from pigsolve.solver.hog61a import fa16, su20

DATA = Path(__file__).resolve().parents[2] / "data" / "hog"
MODULES = {"fa16": fa16, "su20": su20}


def _load(name: str) -> dict:
    with open(DATA / name) as f:
        return json.load(f)


VECTORS = {name: _load(f"{name}.json") for name in MODULES}
CASES = [
    pytest.param(name, case, id=case["id"])
    for name, vectors in VECTORS.items()
    for case in vectors["cases"]
    if case.get("category") != "fuzz"  # replayed game by game in test_fa16_fuzz_games
]


class Recorder:
    """A strategy that records every (score, opponent_score) it is called with and returns 5."""

    def __init__(self) -> None:
        self.calls: set[tuple[int, int]] = set()

    def __call__(self, score: int, opponent_score: int) -> int:
        self.calls.add((score, opponent_score))
        return 5


def _define(source: str, namespace: dict[str, Any]) -> Any:
    """Return the function a ``python`` snippet defines (a ``def`` or a lambda expression)."""
    source = textwrap.dedent(source)
    if source.startswith("def "):
        local: dict[str, Any] = {}
        exec(source, namespace, local)
        return next(iter(local.values()))
    return eval(source, namespace)


def build(value: Any, module: ModuleType, objects: dict[str, Any]) -> Any:
    """Return the Python object a case describes (see the file's ``dice_model``)."""
    if isinstance(value, list):
        return [build(v, module, objects) for v in value]
    if not isinstance(value, dict):
        return value
    if "ref" in value:
        return objects[value["ref"]]
    if "python" in value:
        return _define(value["python"], {"hog": module})
    if "test_dice" in value:
        return module.make_test_dice(*value["test_dice"])
    if "reroll" in value:
        return module.reroll(build(value["reroll"], module, objects))
    if "always_roll" in value:
        return module.always_roll(value["always_roll"])
    if "expr" in value:
        return eval(f"lambda {', '.join(value['params'])}: {value['expr']}")
    if "hog_attr" in value:
        return getattr(module, value["hog_attr"])
    if "records every" in value.get("description", ""):
        return Recorder()
    raise AssertionError(f"unknown object description {value}")


def _mock_roll_dice(num_rolls: int, dice: Any = None) -> int:
    print("Called roll dice!")
    return 9002


def _patch(module: ModuleType, patches: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    for name, spec in patches.items():
        if name == "roll_dice" and isinstance(spec, str) and "9002" in spec:
            replacement: Any = _mock_roll_dice
        else:
            replacement = build(spec, module, {})
        monkeypatch.setattr(module, name, replacement)


def _exact_final_win_rate(module: ModuleType) -> float:
    """Return the exact seat-averaged win rate of ``module.final_strategy`` against always4."""
    from pigsolve.solver.hog.evaluate import compare

    rules = module.RULES
    goal = rules.goal
    table = np.array([[module.final_strategy(s, o) for o in range(goal)] for s in range(goal)])
    policy = np.broadcast_to(table[:, :, None, None, None], rules.shape)
    return compare(rules, policy, np.full(rules.shape, 4, np.int8)).average


def run_call(call: dict, module: ModuleType, objects: dict[str, Any], averaged: dict) -> Any:
    """Make one recorded call and return its result."""
    function = call["function"]
    if function == "call":
        return build(call["callee"], module, objects)()
    if function == "make_averaged":
        key = call.get("averaged_object")
        if key is None or key not in averaged:
            fn = call["fn"]
            fn = getattr(module, fn) if isinstance(fn, str) else build(fn, module, objects)
            averaged[key] = module.make_averaged(fn, call["num_samples"])
        return averaged[key](*build(call["call_args"], module, objects))
    if function == "check_strategy_int":
        strategy = build(call["args"][0], module, objects)
        for score in range(100):
            for opponent_score in range(100):
                result = strategy(score, opponent_score)
                assert type(result) is int, f"strategy({score}, {opponent_score}) -> {result!r}"
        return None
    if function == "final_win_rate":
        return _exact_final_win_rate(module)
    args = build(call.get("args", []), module, objects)
    kwargs = {k: build(v, module, objects) for k, v in call.get("kwargs", {}).items()}
    return getattr(module, function)(*args, **kwargs)


def check_result(call: dict, result: Any, module: ModuleType) -> None:
    """Assert that ``result`` is what the case expects."""
    check = call.get("check")
    if check == 'is_rerolled_wrapper (function __name__ == "rerolled")':
        result = result.__name__ == "rerolled"
    elif check == "is_identical_to_six_sided":
        result = result is module.six_sided
    elif check == "is_identical_to_four_sided":
        result = result is module.four_sided
    elif check is not None:
        raise AssertionError(f"unknown check {check}")
    if "expected_at_least" in call:
        assert result >= call["expected_at_least"]
        return
    expected = call["expected"]
    if isinstance(expected, list):
        result = list(result)
    assert result == expected


def replay_game_trace(case: dict, module: ModuleType) -> None:
    """Replay a printed su20 game: listed numbers of dice, concatenated outcomes, every turn."""
    replay = case["replay"]
    rolls = [iter(replay["strategy0_num_rolls"]), iter(replay["strategy1_num_rolls"])]
    ends: list[list[int]] = []

    def strategy(who: int) -> Any:
        return lambda score, opponent_score: next(rolls[who])

    def say(score0: int, score1: int) -> Any:
        ends.append([score0, score1])
        return say

    dice = build(replay["dice"], module, {})
    final = module.play(strategy(0), strategy(1), dice=dice, say=say, **case["kwargs"])
    assert ends == [turn["end"] for turn in case["turns"]]
    assert list(final) == case["expected"]


def replay_commentary(case: dict, module: ModuleType, capsys: pytest.CaptureFixture) -> None:
    """Run each source step in a namespace holding the module's names; compare what it prints."""
    namespace = {name: getattr(module, name) for name in dir(module) if not name.startswith("__")}
    for step in case["steps"]:
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            exec(step["source"], namespace)
        assert buffer.getvalue().rstrip("\n") == step["expected_output"], step["source"]


@pytest.mark.parametrize(("rule_set", "case"), CASES)
def test_61a_case(
    rule_set: str, case: dict, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    module = MODULES[rule_set]
    if case.get("category") == "game_trace":
        replay_game_trace(case, module)
        return
    if case.get("category") == "commentary":
        replay_commentary(case, module, capsys)
        return
    _patch(module, case.get("patches", {}), monkeypatch)
    objects = {name: build(spec, module, {}) for name, spec in case.get("objects", {}).items()}
    averaged: dict = {}
    for call in case["calls"]:
        if "expected_error" in call:
            with pytest.raises(AssertionError):
                run_call(call, module, objects, averaged)
            continue
        result = run_call(call, module, objects, averaged)
        check_result(call, result, module)
        if "expected_stdout" in call:
            assert capsys.readouterr().out.strip() == call["expected_stdout"]
        if "expected_side_effect" in call:  # check_strategy tried all 100 x 100 score pairs
            recorder = Recorder()
            module.check_strategy(recorder)
            assert recorder.calls == {(s, o) for s in range(100) for o in range(100)}


def test_every_case_is_replayed() -> None:
    counted = sum(len(v["cases"]) for v in VECTORS.values())
    assert counted == 87 + 558
    assert len(CASES) == counted - 1  # the fuzz case is test_fa16_fuzz_games


FUZZ = _load("fa16_fuzz_games.json")


def test_fa16_fuzz_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """All 1000 games: play() from one shared die stream; every turn start seen by a strategy."""
    fields = FUZZ["turn_fields"]
    rules = fa16.RULES
    failures = []
    for game in FUZZ["games"]:
        turns = [dict(zip(fields, row, strict=True)) for row in game["turns"]]
        die = fa16.make_test_dice(*game["die_stream"])
        monkeypatch.setattr(fa16, "six_sided", die)
        monkeypatch.setattr(fa16, "four_sided", die)
        queue = iter(turns)

        def strategy(score: int, opponent_score: int, queue: Any = queue) -> int:
            turn = next(queue)
            start = (turn["start_score0"], turn["start_score1"])
            seen = (score, opponent_score) if turn["who"] == 0 else (opponent_score, score)
            assert seen == start, f"turn start {seen} != {start}"
            return turn["num_rolls"]

        final = fa16.play(strategy, strategy)
        if list(final) != game["final"] or next(queue, None) is not None:
            failures.append(game["game"])
        # The pure rule functions agree with every decoded turn.
        for turn in turns:
            who, n = turn["who"], turn["num_rolls"]
            start = [turn["start_score0"], turn["start_score1"]]
            if n == -1:
                points = 1
            else:
                points, _ = hog_turns.turn_score(
                    rules, n, start[who], start[1 - who], turn["effective_outcomes"] or []
                )
            assert points == turn["turn_points"], (game["game"], turn)
            state = hog.HogState(start[who], start[1 - who], bool(turn["four_sided_in_use"]))
            result = hog_turns.end_turn(rules, state, n, points)
            end = [0, 0]
            end[who], end[1 - who] = result.roller_score, result.other_score
            assert end == [turn["end_score0"], turn["end_score1"]], (game["game"], turn)
            assert result.swapped == bool(turn["swine_swap"])
    assert not failures, f"fuzz games with a wrong final score: {failures[:10]}"
    assert len(FUZZ["games"]) == 1000
