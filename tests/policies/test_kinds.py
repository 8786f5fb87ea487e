"""Families: the exact search equals a brute-force loop; your own player from a file."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app
from pigsolve.policies import make_player
from pigsolve.policies.kinds import candidates, kind_ranges, tune, with_ranges
from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.hog.evaluate import compare as hog_compare
from pigsolve.solver.pig.evaluation.evaluate import compare as pig_compare

STRATEGIES = Path(__file__).resolve().parents[1] / "data" / "strategies"
PIG, HOG = f"{STRATEGIES / 'pig.py'}", f"{STRATEGIES / 'hog.py'}"


@pytest.mark.parametrize(
    ("kind", "rules", "against", "ranges", "compare"),
    [
        ("hold", PigRules(20), "optimal", ["n=1:20"], pig_compare),
        ("pace-race", PigRules(30), "hold5", ["pace=3:6", "race=10:14"], pig_compare),
        ("bacon", hog_rules("fa16", 30), "always4", ["margin=3:9"], hog_compare),
    ],
    ids=["pig-hold", "pig-pace-race", "hog-bacon"],
)
def test_tuning_equals_a_brute_force_loop(kind, rules, against, ranges, compare) -> None:
    player = make_player(rules, against)
    opponent = player.table(rules)
    results, documents = tune(rules, kind, against, player, ranges)
    names = candidates(rules, kind, with_ranges(kind_ranges(rules, kind), ranges))
    brute = {}
    for name in names:
        brute[name] = compare(rules, make_player(rules, name).table(rules), opponent).average
    # Pig's threshold kinds are evaluated in one batch: equal to rounding, best first.
    assert sorted(r.a for r in results) == sorted(names)
    assert [r.average for r in results] == sorted((r.average for r in results), reverse=True)
    assert [r.average for r in results] == pytest.approx([brute[r.a] for r in results], abs=1e-12)
    assert results[0].average == pytest.approx(max(brute.values()), abs=1e-12)
    assert documents.b == against


def test_ranges_are_checked() -> None:
    defaults = kind_ranges(PigRules(), "hold")
    with pytest.raises(InvalidArgument, match="NAME one of n"):
        with_ranges(defaults, ["m=1:3"])
    with pytest.raises(InvalidArgument, match="low end is above"):
        with_ranges(defaults, ["n=9:3"])
    with pytest.raises(InvalidArgument, match="unknown kind 'bacon'"):
        kind_ranges(PigRules(), "bacon")


@pytest.mark.parametrize(
    ("game", "mine", "builtin", "rules"),
    [
        ("pig", f"{PIG}:hold20", "hold20", PigRules()),
        pytest.param("pig", f"{PIG}:four_turns", "four-turns", PigRules(), marks=pytest.mark.slow),
        ("hog", f"{HOG}:always4", "always4", hog_rules("fa16")),
        ("hog", f"{HOG}:bacon", "bacon", hog_rules("fa16")),
    ],
    ids=["pig-hold20", "pig-four-turns", "hog-always4", "hog-bacon"],
)
def test_your_function_evaluates_as_the_builtin_player(game, mine, builtin, rules) -> None:
    compare = hog_compare if game == "hog" else pig_compare
    against = make_player(rules, "hold25" if game == "pig" else "always6").table(rules)
    own = compare(rules, make_player(rules, mine).table(rules), against)
    reference = compare(rules, make_player(rules, builtin).table(rules), against)
    assert (own.a_first, own.b_first) == pytest.approx(
        (reference.a_first, reference.b_first), abs=1e-12
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("missing.py:f", "no strategy file at missing.py"),
        (f"{PIG}:nothing", "has no function 'nothing'"),
        (f"{PIG}:too_many", "must take 3 or 4 arguments"),
        (f"{PIG}:says_roll", "says_roll(0, 0, 1) returned 'roll' (True to roll, False to hold)"),
        (f"{PIG}:breaks", "breaks(0, 0, 7) raised ZeroDivisionError: division by zero"),
    ],
)
def test_bad_pig_strategy_files_get_one_clear_line(name: str, message: str) -> None:
    with pytest.raises(PigsolveError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_player(PigRules(20), name).table(PigRules(20))


def test_a_bad_hog_answer_is_reported_like_61a() -> None:
    with pytest.raises(
        PigsolveError, match=r"greedy\(10, 20\) returned 100 \(invalid number of rolls\)"
    ):
        make_player(hog_rules("fa16"), f"{HOG}:greedy")


def test_the_cli_takes_your_function_anywhere_a_player_goes() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["compare", f"{PIG}:hold20", "hold20", "--goal", "40", "--json"])
    builtin = runner.invoke(app, ["compare", "hold20", "hold20", "--goal", "40", "--json"])
    assert result.exit_code == 0, result.output
    mine, theirs = json.loads(result.stdout), json.loads(builtin.stdout)
    assert mine["a_first"] == pytest.approx(theirs["a_first"], abs=1e-12)
    bad = runner.invoke(app, ["simulate", f"{PIG}:breaks", "hold20", "--goal", "20"])
    assert bad.exit_code == 1 and bad.stderr.strip() == (
        "error: breaks(0, 0, 7) raised ZeroDivisionError: division by zero"
    )
    hog = runner.invoke(app, ["hog", "compare", f"{HOG}:always4", "always4", "--goal", "30"])
    assert hog.exit_code == 0 and "0.5" in hog.stdout


def test_every_pig_kind_has_its_ranges_and_its_documents_member() -> None:
    import inspect

    from pigsolve.policies.pig import RANGES as PIG_RANGES
    from pigsolve.policies.pig.thresholds import KINDS, NAMED

    assert set(KINDS) == set(PIG_RANGES)
    for name, cls in KINDS.items():
        parameters = list(inspect.signature(cls).parameters)
        assert parameters[: len(PIG_RANGES[name])] == list(PIG_RANGES[name])
        documents = [value for value, low, high in PIG_RANGES[name].values()]
        assert all(low <= value <= high for value, low, high in PIG_RANGES[name].values())
        member = cls(*documents)
        if name in NAMED:  # the documents' player is the kind at the documents' constants
            assert member.name == NAMED[name]().name


def test_another_games_ranges_widen_pigs_by_its_turns() -> None:
    """Big Pig's scoring roll brings 265/36 points on average (double 1s 25, other doubles 4a,
    the 20 other throws without a 1 their sum), and 10/36 of rolls end the turn: 26.5 points
    where Pig's die has 20, so turn totals reach 26.5/20 times as far."""
    from pigsolve.solver.games.pig_outcomes import big_pig

    scoring = (
        25
        + sum(4 * a for a in range(2, 7))
        + sum(a + b for a in range(2, 7) for b in range(2, 7) if a != b)
    )
    scale = scoring / 10 / 20
    assert scale == pytest.approx(26.5 / 20)
    assert kind_ranges(PigRules(), "base-pace-race") == {
        "base": (19, 19, 26),
        "pace": (14, 7, 47),
        "race": (69, 66, 76),
    }
    widened = kind_ranges(PigRules(outcomes=big_pig()), "base-pace-race")
    assert widened["base"] == (19, 19, math.ceil(26 * scale))
    assert widened["pace"] == (14, 7, math.ceil(47 * scale))
    assert widened["race"] == (69, math.floor(100 - 34 * scale), 76)


def test_farkle_bank_dice_is_climbed_to_a_local_best() -> None:
    """A total for each number of dice (80**3 members with three dice) is climbed from the
    documents' bank:300: its best beats bank:300 and every member one constant away (checked
    here by their own exact comparisons), and every member met is ranked."""
    import pigsolve
    from pigsolve.policies.kinds import member_name
    from pigsolve.solver.games.farkle import FarkleRules

    rules = FarkleRules(dice=3, goal=600)
    bounds = kind_ranges(rules, "bank-dice")
    assert list(bounds) == ["dice1", "dice2", "dice3"]
    opponent = make_player(rules, "optimal")
    results, documents = tune(rules, "bank-dice", "optimal", opponent)  # 80**3
    assert documents.a == "bank:300,300,300" and results[0].average > documents.average
    averages = [result.average for result in results]
    assert averages == sorted(averages, reverse=True) and len(results) < 80**3 // 100
    best = [int(total) // 50 for total in results[0].a.removeprefix("bank:").split(",")]
    for index in range(3):
        for step in (-1, 1):
            values = [*best[:index], best[index] + step, *best[index + 1 :]]
            if 1 <= values[index] <= 80:
                near = pigsolve.compare(rules, member_name(rules, "bank-dice", values), "optimal")
                assert near.average <= results[0].average
