"""Replay every CS 61A Hog case since Fall 2020 (tests/data/hog/<set>.json) on pigsolve.

Each file holds one rule set's autograder cases as its ``conventions`` key describes; a null score
stands for every score 0..99. Rule-function cases (zero_dice, after_turn, after_turn_applies,
extra_turn) go to the rule set's module and through :func:`hog.zero_dice`, :func:`hog.after_turn`
and :func:`hog.extra_turn` on the tabulated goal-100 rules (but for :data:`BEYOND_TABLES`); roll
and turn cases to :func:`hog_turns.turn_score`, and :func:`hog_turns.end_turn` for a new score;
play and commentary cases to :class:`engine.HogGame`: a printed game with ListedDice of every
outcome the course rolled, a hand-written one with make_test_dice's cycle, a game the course
played with ``simple_update`` on the rules without their after-turn rule. No kind is skipped:
4,536 cases (fa20 506, sp21 398, su21 398, fa21 398, sp22 395, su22 1,025, fa22 830, su23 285,
fa23 301).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pigsolve.solver.dice import ListedDice
from pigsolve.solver.engine import HogGame, TurnRecord
from pigsolve.solver.errors import GameInputError
from pigsolve.solver.games import hog, hog_turns
from pigsolve.solver.games import hog_rules as rule_modules
from pigsolve.solver.games.hog import HogRules, HogState, hog_rules
from pigsolve.solver.games.hog_scores import ScoreRules, local, tabulate

Scores = tuple[int, int]
DATA = Path(__file__).resolve().parents[2] / "data" / "hog"
RULE_SETS = rule_modules.RULE_SETS
VECTORS = {name: json.loads((DATA / f"{name}.json").read_text()) for name in RULE_SETS}
ANY_SCORE = range(100)
"""The values a null score stands for: the course's function does not take it."""
MOST_TURNS = 10_000
SKIPPED_KINDS: dict[str, str] = {}
"""Kinds of case not replayed, with the reason: none."""
RULE_FUNCTIONS = ("zero_dice", "after_turn", "after_turn_applies", "extra_turn")
BEYOND_TABLES = {
    **{"fa20": 0, "sp21": 11, "su21": 19, "fa21": 12, "sp22": 17},
    **{"su22": 13, "fa22": 3, "su23": 1, "fa23": 4},
}
"""Rule-function cases with a pair of scores past the goal-100 tables (a score of 100 or more;
the after-turn table holds 0..160 against 0..99): no game to 100 meets them, so they are checked
on the module's functions only."""


@cache
def goal_100_rules(rule_set: str, after_turn: bool = True) -> HogRules:
    """Return the rule set at goal 100; without the after-turn rule (the course's
    ``simple_update``) if ``after_turn`` is False."""
    rules = hog_rules(rule_set)
    if after_turn:
        return rules
    module = rule_modules.module(rule_set)
    names = rules.scores.names
    ask = local(module.zero_dice, extra_turn=module.extra_turn)
    return replace(rules, scores=tabulate(rule_set, (names[0], "", names[2]), 100, ask))


@cache
def rules_at(rule_set: str, goal: int, after_turn: bool = True) -> HogRules:
    """Return the rules at ``goal <= 100``: the goal-100 tables cut to it (tabulating the 60 goals
    of a file takes seconds; test_cut_tables_are_the_tabulated_ones checks they are equal)."""
    rules = goal_100_rules(rule_set, after_turn)
    scores = rules.scores
    zero, after, extra = scores.arrays
    cut = ScoreRules(
        scores.source,
        scores.names,
        goal,
        scores.top,
        zero[:goal, :goal].tobytes(),
        after[: goal + scores.top, :goal].tobytes(),
        extra[:goal, :goal].tobytes(),
    )
    return replace(rules, goal=goal, scores=cut)


def values(score: int | None) -> Iterable[int]:
    """Return the scores a case's score stands for."""
    return ANY_SCORE if score is None else (score,)


def pairs(case: dict) -> list[tuple[int, int]]:
    """Return every (score, opponent score) the case holds for."""
    return [(s, o) for s in values(case["score"]) for o in values(case["opponent_score"])]


def in_tables(rules: HogRules, after_turn: bool, score: int, opponent_score: int) -> bool:
    """Return True if the tables of ``rules`` hold the pair (the after-turn table holds the
    scores a turn can reach; a pair past the goal is one no game of that goal meets)."""
    rows = rules.goal + rules.scores.top if after_turn else rules.goal
    return 0 <= score < rows and 0 <= opponent_score < rules.goal


def replay_zero_dice(rule_set: str, case: dict) -> int:
    module, rules = rule_modules.module(rule_set), goal_100_rules(rule_set)
    expected = case["expected"]
    for s, o in pairs(case):
        assert module.zero_dice(s, o) == expected, f"module zero_dice({s}, {o})"
        if in_tables(rules, False, s, o):
            assert hog.zero_dice(rules, s, o) == expected, f"hog.zero_dice at ({s}, {o})"
    return len(pairs(case))


def replay_after_turn(rule_set: str, case: dict) -> int:
    module, rules = rule_modules.module(rule_set), goal_100_rules(rule_set)
    expected = case["expected"]
    for s, o in pairs(case):
        assert module.after_turn(s, o) == expected, f"module after_turn({s}, {o})"
        if in_tables(rules, True, s, o):
            assert hog.after_turn(rules, s, o) == (expected, o), f"hog.after_turn at ({s}, {o})"
    return len(pairs(case))


def replay_after_turn_applies(rule_set: str, case: dict) -> int:
    """Fall 2022's perfect_square(score): True if the after-turn rule changes the score."""
    module, rules = rule_modules.module(rule_set), goal_100_rules(rule_set)
    expected = case["expected"]
    for s, o in pairs(case):
        assert (module.after_turn(s, o) != s) == expected, f"module after_turn({s}, {o})"
        if in_tables(rules, True, s, o):
            assert (hog.after_turn(rules, s, o)[0] != s) == expected, f"hog.after_turn({s}, {o})"
    return len(pairs(case))


def replay_extra_turn(rule_set: str, case: dict) -> int:
    """An extra-turn case; a Fall 2020 case of one ``part`` (swine_align or pig_pass) checks that
    function, and through the tables that a True part gives an extra turn."""
    module, rules = rule_modules.module(rule_set), goal_100_rules(rule_set)
    expected = case["expected"]
    part = case.get("part")
    for s, o in pairs(case):
        rule = getattr(module, part or "extra_turn")
        assert rule(s, o) == expected, f"module {rule.__name__}({s}, {o})"
        if part and expected:
            assert module.extra_turn(s, o), f"module extra_turn({s}, {o})"
        if in_tables(rules, False, s, o):
            tabled = hog.extra_turn(rules, s, o)
            assert tabled == module.extra_turn(s, o), f"hog.extra_turn at ({s}, {o})"
            if part is None or expected:  # a False part says nothing alone
                assert tabled == expected, f"hog.extra_turn({s}, {o})"
    return len(pairs(case))


def replay_roll(rule_set: str, case: dict) -> int:
    n, dice = case["num_rolls"], case["dice"]
    assert n >= 1 and len(dice) == n, "a roll takes exactly num_rolls outcomes"
    points, _ = hog_turns.turn_score(goal_100_rules(rule_set), n, 0, 0, dice)
    assert points == case["expected"]
    return 1


def replay_turn(rule_set: str, case: dict) -> int:
    """A turn's points (``returns`` points) or the mover's score after it (new_score)."""
    rules = rules_at(rule_set, 100, case.get("after_turn_rule", True))
    n, dice = case["num_rolls"], case["dice"]
    assert len(dice) == n, "a turn takes exactly num_rolls outcomes"
    for s, o in pairs(case):
        got, _ = hog_turns.turn_score(rules, n, s, o, dice)
        if case["returns"] == "new_score":
            got = hog_turns.end_turn(rules, HogState(s, o), n, got).roller_score
        assert got == case["expected"], f"turn {case['returns']} at ({s}, {o}): {got}"
    return len(pairs(case))


class CyclingDice:
    """The course's make_test_dice: the outcomes over and over, whatever their values (the
    tests' dice show 7s, 10s and 11s, faces ListedDice refuses on a six-sided die)."""

    def __init__(self, outcomes: list[int]) -> None:
        self.outcomes, self.num_used = outcomes, 0

    def roll(self, sides: int | None = None) -> int:
        self.num_used += 1
        return self.outcomes[(self.num_used - 1) % len(self.outcomes)]


def strategy(spec: dict) -> Callable[[int, int], int]:
    """Return a strategy of (mover's score, opponent's score): always n, or the test's lambda
    (a lookup table for a printed game: a KeyError means the replay left the course's game)."""
    if "always" in spec:
        return lambda score, opponent_score: spec["always"]
    return eval(spec["expr"])


def after_turn_on(case: dict) -> bool:
    """Return False for a game the course played with ``simple_update`` (no after-turn rule)."""
    if "update" in case:
        assert case["after_turn"] == (case["update"] != "simple_update")
    return case.get("after_turn_rule", case.get("after_turn", True))


def is_printed_game(case: dict) -> bool:
    """Return True for a printed (traced) game: its dice are every outcome rolled, in order."""
    return any(key in case for key in ("trace", "turns", "test_number"))


def play(rule_set: str, case: dict) -> tuple[list[TurnRecord], list[Scores], list[Scores]]:
    """Play the case's game on HogGame; return the turns, the scores after each and the starts."""
    rules = rules_at(rule_set, case["goal"], after_turn_on(case))
    cycle, printed = case["dice_cycle"], is_printed_game(case)
    dice = ListedDice(cycle, case["id"]) if printed else CyclingDice(cycle)
    game = HogGame(rules, dice, first=0, start=HogState(case["score0"], case["score1"]))
    strategies = strategy(case["strategy0"]), strategy(case["strategy1"])
    records, ends, starts = [], [], []
    while not game.over:
        assert len(records) < MOST_TURNS, f"no end after {MOST_TURNS} turns"
        starts.append(game.scores)
        view = game.view
        records += game.apply(strategies[game.player](view.score, view.opponent_score))
        ends.append(game.scores)
    if printed:  # every outcome the course rolled, no more ([6] where no die was rolled)
        rolled_none = cycle == [6] and dice.num_used == 0
        assert dice.num_used == len(cycle) or rolled_none, f"{dice.num_used} outcomes used"
    return records, ends, starts


def said(observed: dict, scores: tuple[int, int]) -> bool:
    """Return True if the scores show what the course printed (score0, score1 or their total)."""
    shown = {"s0": scores[0], "s1": scores[1], "score0": scores[0], "score1": scores[1]}
    shown["total"] = sum(scores)
    return all(shown[key] == value for key, value in observed.items() if key != "after_turn")


def replay_play(rule_set: str, case: dict) -> int:
    """A game: the final scores and each trace the file gives (turns, prints after turns)."""
    records, ends, starts = play(rule_set, case)
    final = ends[-1] if ends else (case["score0"], case["score1"])
    checks = 0
    for want, got in zip(case["expected"] or (None, None), final, strict=True):
        if want is not None:
            assert got == want, f"final scores {final}, expected {case['expected']}"
            checks += 1
    if "trace" in case:  # [who, num_rolls, dice, scores after]
        got = [
            [r.who, r.num_rolls, list(r.outcomes), list(e)]
            for r, e in zip(records, ends, strict=True)
        ]
        assert got == case["trace"], "turns differ"
        checks += len(got)
    if isinstance(case.get("turns"), list):
        got = [
            {
                "who": r.who,
                "start": list(s),
                "num_rolls": r.num_rolls,
                "dice": list(r.outcomes),
                "end": list(e),
            }
            for r, s, e in zip(records, starts, ends, strict=True)
        ]
        assert got == case["turns"], "turns differ"
        checks += len(got)
    if isinstance(case.get("turns"), int):  # each turn is also the turn case id-tK
        assert len(records) == case["turns"], f"{len(records)} turns"
        for k, (record, start) in enumerate(zip(records, starts, strict=True)):
            turn = turn_cases(rule_set)[f"{case['id']}-t{k}"]
            assert turn["returns"] == "new_score"
            mover = start[record.who], start[1 - record.who]
            assert mover == (turn["score"], turn["opponent_score"]), f"turn {k} starts at {start}"
            assert (record.num_rolls, list(record.outcomes)) == (turn["num_rolls"], turn["dice"])
            assert ends[k][record.who] == turn["expected"], f"turn {k} ends at {ends[k]}"
        checks += len(records)
    if "says" in case:  # Fall 2020 to Summer 2021 commentary: printed after every turn
        assert len(ends) == len(case["says"]), f"{len(ends)} turns"
        assert all(said(o, e) for o, e in zip(case["says"], ends, strict=True)), f"scores {ends}"
        checks += len(ends)
    for observed in case.get("observed", ()):  # after turn k (from 1)
        turn = observed["after_turn"]
        assert turn <= len(ends) and said(observed, ends[turn - 1]), f"after turn {turn}: {ends}"
        checks += 1
    return checks


@cache
def turn_cases(rule_set: str) -> dict[str, dict]:
    """Return the turn cases of a file by id."""
    return {c["id"]: c for c in VECTORS[rule_set]["cases"] if c["kind"] == "turn"}


def say_scores(score0: int, score1: int, player: Any = None) -> tuple[Any, str]:
    """Summer 2022's say_scores."""
    return player, f"Player 0 now has {score0} and now Player 1 has {score1}"


def announce_lead_changes(score0: int, score1: int, last_leader: Any = None) -> tuple[Any, Any]:
    """Summer 2022's announce_lead_changes: the new leader, and a line if the lead changed."""
    leader = 0 if score0 > score1 else 1 if score1 > score0 else None
    if leader is not None and leader != last_leader:
        return leader, f"Player {leader} takes the lead by {abs(score0 - score1)}"
    return leader, None


def both(f: Callable, g: Callable) -> Callable:
    """Summer 2022's both: f's line, then g's; g's state goes on."""

    def say(score0: int, score1: int, player: Any = None) -> tuple[Any, Any]:
        _, f_line = f(score0, score1, player)
        player, g_line = g(score0, score1, player)
        return player, "\n".join(line for line in (f_line, g_line) if line) or None

    return say


def replay_commentary(rule_set: str, case: dict) -> int:
    """A Summer 2022 game with a say function: the lines it prints after each turn. The final
    scores are not given; the lines follow from the scores after every turn."""
    _, ends, _ = play(rule_set, case)
    namespace = {"say_scores": say_scores, "announce_lead_changes": announce_lead_changes}
    namespace["both"] = both
    for source in case["definitions"]:
        exec(source, namespace)
    say, state, lines = eval(case["say"], namespace), None, []
    for score0, score1 in ends:
        state, line = say(score0, score1, state)
        lines += line.split("\n") if line else []
    assert lines == case["output"], f"printed {lines}"
    return len(lines)


REPLAY = {
    "zero_dice": replay_zero_dice,
    "after_turn": replay_after_turn,
    "after_turn_applies": replay_after_turn_applies,
    "extra_turn": replay_extra_turn,
    "roll": replay_roll,
    "turn": replay_turn,
    "play": replay_play,
    "commentary": replay_commentary,
}


def kinds(rule_set: str) -> list[str]:
    """Return the kinds of case in a file, in order of appearance."""
    return list(dict.fromkeys(case["kind"] for case in VECTORS[rule_set]["cases"]))


@pytest.mark.parametrize(
    ("rule_set", "kind"),
    [pytest.param(s, k, id=f"{s}-{k}") for s in RULE_SETS for k in kinds(s) if k in REPLAY],
)
def test_every_case_of_a_kind(rule_set: str, kind: str) -> None:
    """Every case of the kind passes, each after at least one comparison."""
    cases = [case for case in VECTORS[rule_set]["cases"] if case["kind"] == kind]
    failures, replayed = [], 0
    for case in cases:
        try:
            checks = REPLAY[kind](rule_set, case)
        except (AssertionError, KeyError, GameInputError) as error:
            failures.append(f"{case['id']}: {type(error).__name__} {error}")
            continue
        assert checks >= 1, f"{case['id']}: nothing compared"
        replayed += 1
    assert not failures, f"{len(failures)} of {len(cases)} fail:\n" + "\n".join(failures[:20])
    assert replayed == len(cases)


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_every_case_of_a_file_is_replayed(rule_set: str) -> None:
    """The kinds replayed and those skipped (none) cover every case the file counts."""
    data = VECTORS[rule_set]
    cases, declared = data["cases"], data["counts"]
    assert len(cases) == declared.get("cases", declared.get("total"))
    by_kind = {kind: sum(c["kind"] == kind for c in cases) for kind in kinds(rule_set)}
    stated = declared.get("by_kind") or {k: n for k, n in declared.items() if k in REPLAY}
    assert by_kind == stated
    assert set(by_kind) <= set(REPLAY) | set(SKIPPED_KINDS)
    replayed = sum(count for kind, count in by_kind.items() if kind in REPLAY)
    assert replayed == len(cases) - sum(by_kind.get(kind, 0) for kind in SKIPPED_KINDS)
    assert len({case["id"] for case in cases}) == len(cases), "case ids repeat"
    rules = goal_100_rules(rule_set)
    beyond = [
        case["id"]
        for case in cases
        if case["kind"] in RULE_FUNCTIONS
        for s, o in pairs(case)
        if not in_tables(rules, case["kind"].startswith("after_turn"), s, o)
    ]
    assert len(set(beyond)) == BEYOND_TABLES[rule_set]


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_cut_tables_are_the_tabulated_ones(rule_set: str) -> None:
    """The goal-100 tables cut to a smaller goal are the tables tabulated for it."""
    module = rule_modules.module(rule_set)
    for goal in (1, 32):
        assert rules_at(rule_set, goal) == hog_rules(rule_set, goal)
        names = hog_rules(rule_set).scores.names
        ask = local(module.zero_dice, extra_turn=module.extra_turn)
        plain = tabulate(rule_set, (names[0], "", names[2]), goal, ask)
        assert rules_at(rule_set, goal, after_turn=False).scores == plain


def test_every_semester_names_its_rules() -> None:
    """Fall 2020 to Spring 2026, oldest first; a semester that replayed a rule set shares it."""
    since_fall_2020 = (
        *("fa20", "sp21", "su21", "fa21", "sp22", "su22", "fa22", "sp23", "su23"),
        *("fa23", "sp24", "su24", "fa24", "sp25", "su25", "fa25", "sp26"),
    )
    assert ("fa16", "su20", *since_fall_2020) == hog.SEMESTERS
    for semester in hog.SEMESTERS:
        assert hog_rules(semester).goal == 100
    assert hog_rules("sp23") == hog_rules("fa22") and hog_rules("sp23").name == "fa22"
    assert hog_rules("sp23").scores is hog_rules("fa22").scores
    for semester in since_fall_2020[since_fall_2020.index("fa23") :]:
        assert hog_rules(semester) == hog_rules("fa23") and hog_rules(semester).name == "fa23"
        assert hog_rules(semester).scores is hog_rules("fa23").scores
    assert hog_rules("su23") != hog_rules("fa23")  # Fuzzy Factors, not Sus Fuss


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_vector_files_name_the_semesters_of_their_module(rule_set: str) -> None:
    data = VECTORS[rule_set]
    assert data["semesters"] == list(rule_modules.module(rule_set).SEMESTERS)
    assert {rule_modules.semesters()[term] for term in data["semesters"]} == {rule_set}
