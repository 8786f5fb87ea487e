"""Your own Farkle function: evaluated exactly where its calls fit, simulated past that, played."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pigsolve.cli import app
from pigsolve.policies.farkle.players import make_player
from pigsolve.policies.farkle.user import UserFarklePlayer
from pigsolve.solver.dice import ListedDice
from pigsolve.solver.errors import PigsolveError, TooManyCalls
from pigsolve.solver.farkle.evaluate import compare
from pigsolve.solver.farkle.play import FarkleGame
from pigsolve.solver.farkle.simulate import simulate
from pigsolve.solver.games.farkle import FarkleRules

runner = CliRunner()
RULES = FarkleRules(goal=500)

STRATEGIES = """
from pigsolve.solver.games.farkle import FarkleRules
from pigsolve.solver.games.farkle_scoring import counts_of, faces_of, keeps


def bank300(score, opponent_score, turn_total, dice_left, roll):
    kept, points = max(keeps(counts_of(roll), FarkleRules().scoring),
                       key=lambda keep: (keep[1], -sum(keep[0])))
    return faces_of(kept), turn_total + points >= 300


def spelled(score, opponent_score, turn_total, dice_left, roll):
    kept, decision = bank300(score, opponent_score, turn_total, dice_left, roll)
    return list(reversed(kept)), " BANK " if decision else "Roll"


def illegal(score, opponent_score, turn_total, dice_left, roll):
    return (2,), "roll"


def undecided(score, opponent_score, turn_total, dice_left, roll):
    return bank300(score, opponent_score, turn_total, dice_left, roll)[0], "maybe"


def bare(score, opponent_score, turn_total, dice_left, roll):
    return "bank"


def empty(score, opponent_score, turn_total, dice_left, roll):
    return [], "roll"


def breaks(score, opponent_score, turn_total, dice_left, roll):
    return 1 / 0
"""


@pytest.fixture
def spec(tmp_path: Path):
    (tmp_path / "mine.py").write_text(STRATEGIES)
    return lambda name: f"{tmp_path / 'mine.py'}:{name}"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["bank300", "spelled"])
def test_a_function_is_evaluated_exactly_as_the_built_in_player_it_copies(spec, name) -> None:
    # The user's tables (per roll, banking after the keep) against the threshold player's
    # (per outcome, banking before the roll): two kernels, one answer.
    mine = UserFarklePlayer(spec(name), RULES)
    built_in = make_player("bank:300", RULES)
    for other in ("max-score", "bank:200"):
        expected = compare(RULES, built_in, make_player(other, RULES))
        found = compare(RULES, mine, make_player(other, RULES))
        assert found.a_first == pytest.approx(expected.a_first, abs=1e-12)
        assert found.b_first == pytest.approx(expected.b_first, abs=1e-12)


@pytest.mark.slow
def test_a_function_plays_its_simulated_games_as_evaluated(spec) -> None:
    mine = UserFarklePlayer(spec("bank300"), RULES)
    played = simulate(RULES, [mine, make_player("max-score", RULES)], 3000, seed=5)
    assert played.exact is not None
    assert all(abs(z) < 4 for z in played.z_scores(played.exact).values())


def test_past_the_budget_the_evaluation_is_refused_and_the_simulation_plays_on(spec) -> None:
    rules = FarkleRules()
    mine = UserFarklePlayer(spec("bank300"), rules)
    with pytest.raises(TooManyCalls, match=r"at goal 10,000 needs at least .*use `simulate`"):
        compare(rules, mine, make_player("bank:300", rules))
    played = simulate(rules, [mine, make_player("bank:300", rules)], 20, seed=1)
    assert played.exact is None and played.total.games == 20


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("illegal", r"illegal\(0, 0, 0, 6, \(.*\)\) returned \(\(2,\), 'roll'\): keep \(2,\)"),
        ("undecided", r"returned .*'maybe'\): decide 'bank' or 'roll'"),
        ("bare", r"returned 'bank': give \(keep, 'bank' or 'roll'\)"),
        ("empty", r"returned \(\[\], 'roll'\): the keep is empty: set aside at least one"),
        ("breaks", r"breaks\(0, 0, 0, 6, \(.*\)\) raised ZeroDivisionError"),
    ],
)
def test_a_bad_answer_is_one_line_naming_the_state(spec, name, words) -> None:
    with pytest.raises(PigsolveError, match=words) as caught:
        UserFarklePlayer(spec(name), RULES).table(RULES)
    assert "\n" not in str(caught.value)


def test_a_roll_set_aside_with_no_question_is_asked_about_before_the_bank(spec) -> None:
    mine = UserFarklePlayer(spec("bank300"), RULES)
    # 1 2 3 4 5 6: three keeps, asked (keep 1 5: 150, roll); 2 2 3 5: one keep, 5, set aside
    # with no question (200: roll); then 1 1 6: keep 1 1 (400: bank).
    game = FarkleGame(RULES, ListedDice([1, 2, 3, 4, 5, 6, 2, 2, 3, 5, 1, 1, 6]))
    game.start()
    assert mine.choose(game.view) == (1, 5)
    game.apply((1, 5))
    assert game.apply(mine.choose(game.view))[-1].points == 50  # rolled, the 5 set aside
    assert game.view.state == ((0, 0), 200, 3) and game.view.rolled == (2, 2, 3, 5)
    assert mine.choose(game.view) == "roll"
    game.apply("roll")
    game.apply(mine.choose(game.view))
    assert mine.choose(game.view) == "bank"


@pytest.mark.slow
def test_the_commands_take_a_function(spec) -> None:
    name = spec("bank300")
    compared = runner.invoke(
        app, ["compare", name, "bank:300", "--game", "farkle", "--goal", "500"]
    )
    assert compared.exit_code == 0 and "beats bank:300" in compared.output
    refused = runner.invoke(app, ["compare", "bank:300", name, "--game", "farkle"])
    assert refused.exit_code == 2 and "use `simulate`" in refused.output
    played = runner.invoke(
        app, ["simulate", name, "bank:300", "--game", "farkle", "--games", "10", "--seed", "1"]
    )
    assert played.exit_code == 0 and "moving first" in played.output
