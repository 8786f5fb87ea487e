"""Zombie Dice at the command line, through the generic front: ``info`` shows the cup and the
rules, ``query`` asks of a turn after a roll (``--seat``, ``--brains``, ``--hand``, ``--aside``,
``--shotguns``, ``--tiebreak``) and answers as the solution does, ``compare`` is exact, and a
bad option is one line. The quick tests play a small cup from a TOML file (solved in a blink);
the boxed game at goal 5 is slow (some 15 s to solve)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner
from zombie_cups import small_cup

import pigsolve
from pigsolve.cli import app
from pigsolve.solver.registry import family_named
from pigsolve.solver.zombie.solution import TurnState

runner = CliRunner()
SMALL_CUP = small_cup(4)


def run(*args: str):
    return runner.invoke(app, list(args))


def table_of(game: str, goal: int | None = None) -> Path:
    """Return the default table of ``game`` (a name or a game file) in ./data."""
    rules = pigsolve.game(game, **({} if goal is None else {"goal": goal}))
    return Path("data") / family_named("zombie").table_name(rules)


@pytest.fixture
def small(workdir: Path) -> Path:
    """Return the small cup's game file, its goal-4 table computed."""
    game = workdir / "small.toml"
    game.write_text(SMALL_CUP)
    made = run("compute", "--game", str(game))
    assert made.exit_code == 0, made.output
    return game


def test_info_shows_the_boxed_cup_and_the_rules_before_its_table() -> None:
    result = run("info", "--game", "zombie-dice")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "zombie-dice: the cup's 13 dice" in text
    for row in (
        "green (G) │ 6 │ 3 │ 2 │ 1 │ 6",
        "yellow (Y) │ 4 │ 2 │ 2 │ 2 │ 6",
        "red (R) │ 3 │ 1",
    ):
        assert row in text
    assert "3 shotguns end the turn with nothing" in text
    assert "Once a player has 13 brains the game ends at the end of the round" in text
    assert "tiebreaker rounds" in text
    assert "No table computed yet: `pigsolve compute --game zombie-dice` makes it." in text


def test_compute_says_each_seat_s_chance(small: Path) -> None:
    solution = pigsolve.load(table_of(str(small)))
    again = run("compute", "--game", str(small))
    assert again.exit_code == 0, again.output
    p = solution.p_first_player
    assert again.stdout.startswith(
        f"{small} (dice 3 green, 2 red, 2 dice a roll, 2 shotguns end a turn), goal 4: the first "
        f"player wins {p:.6f}, the second {1 - p:.6f}; the first in a tiebreaker round "
        f"{solution.ends.tiebreak:.6f}"
    )
    assert "kept data" in again.stdout


@pytest.mark.parametrize(
    ("options", "state", "extras"),
    [
        ((), (0, 0), {}),
        (
            ("--brains", "1", "--aside", "G", "--hand", "R"),
            (2, 1),
            {"turn": TurnState(1, "R", "G")},
        ),
        (("--aside", "GG", "--shotguns", "R"), (1, 3), {"turn": TurnState(2, "", "GG", "R")}),
        (("--seat", "2", "--hand", "g"), (1, 3), {"seat": 2, "turn": TurnState(0, "G")}),
        (("--seat", "2", "--aside", "G"), (3, 5), {"seat": 2, "turn": TurnState(1, "", "G")}),
        (("--tiebreak",), (0, 0), {"kind": "tiebreak"}),
        (
            ("--tiebreak", "--seat", "2", "--aside", "GR"),
            (0, 1),
            {"seat": 2, "kind": "tiebreak", "turn": TurnState(2, "", "GR")},
        ),
    ],
    ids=["start", "hand", "shotgun", "second", "last-turn", "tiebreak", "tiebreak-second"],
)
def test_query_answers_as_the_solution_does(small: Path, options, state, extras) -> None:
    solution = pigsolve.load(table_of(str(small)))
    asked = {"seat": 1, "turn": TurnState(), "kind": "turn"} | extras
    values = solution.action_values(*state, **asked)
    result = run("query", *map(str, state), "--game", str(small), *options, "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["action_values"] == values
    assert record["win_probability"] == max(values.values())
    assert record["best_action"] == max(values, key=values.__getitem__)
    assert (record["seat"], record["kind"]) == (asked["seat"], asked["kind"])
    turn = asked["turn"]
    assert record["turn"] == {
        "brains": turn.brains,
        "hand": turn.hand.upper(),
        "aside": turn.aside,
        "shotguns": turn.shotguns,
    }
    text = run("query", *map(str, state), "--game", str(small), *options)
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    assert (
        lines[1]
        == f"win probability {record['win_probability']:.6f}; best: {record['best_action']}"
    )
    assert lines[2:] == [f"  {action}: {p:.6f}" for action, p in values.items()]


def test_query_says_where_the_turn_stands(small: Path) -> None:
    result = run(
        "query", "2", "1", "--game", str(small), "--brains", "2", "--aside", "G", "--hand", "r"
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "seat 1 at 2 vs 1, 2 brains this turn (aside G), hand R"
    tiebreak = run("query", "0", "0", "--game", str(small), "--tiebreak")
    first = tiebreak.stdout.splitlines()[0]
    assert first == "a tiebreaker round: seat 1 at 0 vs 0, before the turn's first roll"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--seat", "3"), "--seat must be 1 or 2, got 3"),
        (("--hand", "GX"), "--hand is colour initials (G, R), got 'GX'"),
        (("--hand", "GGG"), "a hand holds at most 2 dice"),
        (("--shotguns", "RR"), "2 shotguns end the turn: at most 1 here"),
        (("--aside", "GGGG"), "the cup holds 3 green dice, not 4"),
        (("--brains", "1", "--aside", "GG"), "--brains must count the brains set aside (2) at"),
        (("--brains", "-1"), "--brains must count the brains set aside (0) at least, got -1"),
    ],
)
def test_a_bad_turn_is_one_line_before_the_table_is_read(workdir: Path, args, message) -> None:
    game = workdir / "small.toml"
    game.write_text(SMALL_CUP)
    result = run("query", "0", "0", "--game", str(game), *args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"error: {message}") and len(result.stderr.splitlines()) == 1
    assert not (workdir / "data").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("query", "0", "0", "0", "--hand", "G"), "--hand is not an option of pig"),
        (("compute", "--game", "zombie-dice", "--seat", "2"), "No such option: --seat"),
        (("query", "1", "--game", "zombie-dice"), "a Zombie Dice state is 2 numbers"),
        (("query", "0", "0", "--game", "zombie-dice", "--seat", "x"), "Invalid value for '--seat'"),
    ],
)
def test_an_option_out_of_place_is_one_line(args, message) -> None:
    result = run(*args)
    assert result.exit_code == 2 and message in result.stderr, result.output
    assert not result.stdout


def test_help_lists_the_turn_options_under_zombie_dice() -> None:
    text = run("query", "--help").stdout
    section = text.split("Zombie Dice options:")[1]
    for flag in ("--seat", "--brains", "--hand", "--aside", "--shotguns", "--tiebreak"):
        assert flag in section


@pytest.fixture(scope="module")
def boxed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a data folder holding the boxed game's goal-5 table, made by ``compute``."""
    folder = tmp_path_factory.mktemp("zombie") / "data"
    table = folder / family_named("zombie").table_name(pigsolve.game("zombie-dice", goal=5))
    made = run("compute", "--game", "zombie-dice", "--goal", "5", "--out", str(table))
    assert made.exit_code == 0, made.output
    assert made.stdout.startswith("zombie-dice, goal 5: the first player wins 0.444967, the ")
    return folder


@pytest.mark.slow
def test_the_boxed_game_s_query_is_its_solution_s(boxed: Path, monkeypatch) -> None:
    monkeypatch.setenv("PIGSOLVE_DATA", str(boxed))
    solution = pigsolve.load(boxed / "zombie-zombie-dice-goal5.h5")
    turn = TurnState(2, "YR", "GG", "R")
    for state, seat in (((3, 2), 1), ((4, 4), 2), ((1, 7), 2)):
        options = ("--seat", str(seat), "--brains", "2", "--hand", "YR", "--aside", "GG")
        result = run("query", *map(str, state), "--game", "zombie-dice", "--goal", "5", *options,
                     "--shotguns", "R", "--json")  # fmt: skip
        assert result.exit_code == 0, result.output
        values = solution.action_values(*state, seat=seat, turn=turn)
        assert json.loads(result.stdout)["action_values"] == values
    start = json.loads(
        run("query", "0", "0", "--game", "zombie-dice", "--goal", "5", "--json").stdout
    )
    assert start["action_values"] == {"roll": solution.p_first_player}


@pytest.mark.slow
def test_compare_is_the_family_s_exact_comparison(boxed: Path, monkeypatch) -> None:
    monkeypatch.setenv("PIGSOLVE_DATA", str(boxed))
    rules = pigsolve.game("zombie-dice", goal=5)
    expected = pigsolve.compare(rules, "shotguns:2", "optimal")
    result = run(
        "compare", "shotguns:2", "optimal", "--game", "zombie-dice", "--goal", "5", "--json"
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert (record["a_first"], record["b_first"]) == (expected.a_first, expected.b_first)
    table = run("compare", "shotguns:2", "optimal", "--game", "zombie-dice", "--goal", "5")
    words = " ".join(table.stdout.split())
    assert f"coin toss │ {expected.average:.6f}" in words and "(zombie-dice, goal 5)" in words
    assert expected.average < 0.5  # the optimal player wins more, from either seat on average


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "option", "suffix"), [("export", "--what", "csv"), ("plot", "--kind", "png")]
)
def test_export_and_plot_write_what_the_family_can(
    boxed: Path, workdir: Path, monkeypatch, command, option, suffix
) -> None:
    monkeypatch.setenv("PIGSOLVE_DATA", str(boxed))
    pytest.importorskip(f"pigsolve.solver.zombie.{command}")  # the family's module, once written
    can = family_named("zombie").can
    for kind in can.exports if command == "export" else can.plots:
        out = workdir / f"{command}-{kind}.{suffix}"
        result = run(
            command, option, kind, "--game", "zombie-dice", "--goal", "5", "--out", str(out)
        )
        assert result.exit_code == 0, result.output
        assert out.is_file()
