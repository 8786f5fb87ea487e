"""`--game` end to end: bad names and files refused in one line, `info`'s outcome table, and
seeded terminal games of Two-Dice Pig and Pass the Pigs whose printed rolls are the engine's."""

from __future__ import annotations

import json
import os
import re
from fractions import Fraction
from itertools import product, takewhile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pigsolve.policies.pig.thresholds import HoldAt
from pigsolve.solver.dice import RandomDice
from pigsolve.solver.engine import PigGame, Rolled, play
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_files import load_game
from pigsolve.solver.games.pig_outcomes import BUILT_IN


def one_line_error(result) -> str:
    """Return the one error line of a failed `pigsolve` run (no traceback, non-zero exit)."""
    lines = result.stderr.strip().splitlines()
    assert result.returncode != 0
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and "Traceback" not in result.stdout
    return lines[0]


def write(path: Path, text: str) -> str:
    path.write_text(text)
    return str(path)


GOOD_ROW = '[[outcome]]\nname = "six"\nprobability = "5/6"\neffect = "add"\npoints = 6\n'
PIG_ROW = '[[outcome]]\nname = "one"\nprobability = "1/6"\neffect = "pig"\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD_ROW + '[[outcome]]\nname = "one"\nprobability = "1/3"\neffect = "pig"\n', "sum to"),
        (GOOD_ROW.replace("5/6", "1"), "no outcome ends the turn"),
        (GOOD_ROW + '[[outcome]]\nprobability = "1/6"\neffect = "add"\npoints = -1\n', "negative"),
        (GOOD_ROW + '[[outcome]]\nprobability = "1/6"\neffect = "double"\n', "unknown effect"),
        (GOOD_ROW.replace("6\n", "0\n") + PIG_ROW, "no outcome adds points"),
        ("[[outcome]\n", "not valid TOML"),
    ],
)
def test_a_bad_game_file_is_one_line(pigsolve, workdir: Path, text: str, message: str) -> None:
    game = write(workdir / "mine.toml", text)
    assert message in one_line_error(pigsolve("info", "--game", game))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["info", "--game", "threedice"], "pig, two-dice, big-pig, pass-the-pigs"),
        (["info", "--game", "missing.toml"], "no game file missing.toml"),
        (["compute", "--game", "two-dice", "--die", "4"], "--die changes Pig's die"),
        (["play", "--game", "big-pig", "--die", "6"], "--die changes Pig's die"),
        (["simulate", "hold20", "hold20", "--game", "big-pig", "--piglet"], "--piglet"),
        (["tune", "hold", "--game", "nope"], "unknown game 'nope'"),
        (["compare", "hold20", "hold25", "--game", "nope"], "unknown game 'nope'"),
        (["query", "0", "0", "0", "--game", "nope"], "unknown game 'nope'"),
        (["export", "--what", "policy", "--out", "p.csv", "--game", "nope"], "unknown game"),
    ],
)
def test_a_bad_game_option_is_one_line(pigsolve, args: list[str], message: str) -> None:
    assert message in one_line_error(pigsolve(*args))


def table_rows(text: str) -> dict[str, list[str]]:
    """Return the rows of a printed rich table by their first cell."""
    rows = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in re.split(r"[│┃]", line)]
        if len(cells) == 5:
            rows[cells[0]] = cells[1:]
    return rows


def test_info_shows_two_dice_outcomes_counted_from_36_throws(pigsolve) -> None:
    done = pigsolve("info", "--game", "two-dice")
    assert done.returncode == 0, done.stderr
    rows = table_rows(done.stdout)
    throws: dict[tuple[int, int], int] = {}
    for a, b in product(range(1, 7), repeat=2):
        throws[max(a, b), min(a, b)] = throws.get((max(a, b), min(a, b)), 0) + 1
    assert len(rows) - 1 == len(throws) == 21  # the header row is the sixth
    for (high, low), ways in throws.items():
        name = f"double {high}s" if high == low else f"{high} and {low}"
        effect = "reset" if high == low == 1 else "pig" if low == 1 else "add"
        points = "" if low == 1 else str(high + low)
        exact, decimal, shown_effect, shown_points = rows[name]
        assert Fraction(exact) == Fraction(ways, 36)
        assert float(decimal) == pytest.approx(ways / 36, abs=5e-7)
        assert shown_effect.startswith(effect) and shown_points == points
    assert "pig 5/18 = 0.277778, of a reset 1/36 = 0.027778" in done.stdout


@pytest.mark.slow
def test_info_on_a_game_s_table_counts_the_stored_outcomes_shown_above(pigsolve) -> None:
    """The table's stored rules name the game and count its outcomes; the outcomes themselves
    are the table printed first, from the file alone."""
    assert pigsolve("compute", "--game", "two-dice", "--goal", "20", "--quiet").returncode == 0
    done = pigsolve("info", "data/pig-two-dice-players2-goal20.h5")
    assert done.returncode == 0, done.stderr
    assert len(table_rows(done.stdout)) - 1 == 21
    rows = [[cell.strip() for cell in line.split("│")[1:3]] for line in done.stdout.splitlines()]
    at = [row[:1] for row in rows].index(["rules"])
    wrapped = takewhile(lambda row: row[0] == "", rows[at + 1 :])  # a long value's next lines
    stored = " ".join(value for _, value in [rows[at], *wrapped])
    assert '"game": {"name": "two-dice", "outcomes": "21, as above"}' in stored
    assert '"goal": 20' in stored and "faces" not in stored


def test_info_on_pass_the_pigs_gives_kern_and_how_to_pass_counts(pigsolve, workdir: Path) -> None:
    done = pigsolve("info", "--game", "pass-the-pigs")
    assert done.returncode == 0, done.stderr
    rows = table_rows(done.stdout)
    black = 1796 + 2063 + 551 + 1354 + 184 + 29  # Kern's black pig, 6,000 rolls less 23
    both_snouters = (1 - Fraction(23, 6000)) * Fraction(184, black) ** 2
    assert Fraction(rows["double snouter"][0]) == both_snouters
    assert rows["double snouter"][2:] == ["add", "40"]
    assert Fraction(rows["touching"][0]) == Fraction(23, 6000) and rows["touching"][3] == ""
    text = " ".join(done.stdout.split())
    assert "Kern's: 6,000 rolls (J. Statistics Education 14(3), 2006)" in text
    assert "drawn independently from the black pig's counts" in text
    assert 'game = "pass-the-pigs" and a [counts] table ("dot up" = 1796, ...' in text
    positions = ("dot up", "dot down", "trotter", "razorback", "snouter", "leaning jowler")
    counts = "".join(f'"{position}" = 1\n' for position in positions)
    own = write(workdir / "mine.toml", f'game = "pass-the-pigs"\n[counts]\n{counts}')
    mine = pigsolve("info", "--game", own)
    assert mine.returncode == 0, mine.stderr
    assert "your own; the default ones are Kern's" in " ".join(mine.stdout.split())
    both_snouters = Fraction(6000 - 23, 6000) * Fraction(1, 36)
    assert Fraction(table_rows(mine.stdout)["double snouter"][0]) == both_snouters


def expected_words(rolled: Rolled, game: str) -> str:
    """Return how a roll must be printed, from what lies on the table (the rules written out
    here again: two dice; or two pigs, Kern's positions)."""
    faces = rolled.outcome.faces
    if game == "two-dice":
        high, low = sorted(map(int, faces), reverse=True)
        words = f"{high} and {low}" + (f", double {high}s" if high == low else "")
        return words + (": score lost, back to 0" if high == low == 1 else "")
    if faces == ("touching",):
        return "touching: score lost, back to 0"
    points = {"trotter": 5, "razorback": 5, "snouter": 10, "leaning jowler": 15}
    sides = {"dot up", "dot down"}
    a, b = faces
    if {a, b} == sides:
        return "pig out"
    if a == b:
        return f"sider ({a}): 1" if a in sides else f"double {a}: {4 * points[a]}"
    return f"{a} and {b}: {points.get(a, 0) + points.get(b, 0)}"


@pytest.mark.parametrize(("game", "seed"), [("two-dice", 7), ("pass-the-pigs", 3)])
def test_a_seeded_game_prints_the_engines_rolls(pigsolve, game: str, seed: int) -> None:
    """The human always rolls; hold20 plays the other seat. The same seed replayed through the
    engine gives the rolls the terminal printed, in order, each in words."""
    args = ["play", "--game", game, "--seed", str(seed), "--you", "1", "--opponent", "hold20"]
    done = pigsolve(*args, stdin="\n" * 20_000)
    assert done.returncode == 0, done.stderr
    printed = re.findall(r"Roll: (.*)", done.stdout)
    rules = PigRules(outcomes=BUILT_IN[game]())
    dice = RandomDice(6, np.random.default_rng(np.random.SeedSequence(seed)))
    events = []
    play(PigGame(rules, dice), [lambda view: True, HoldAt(20).choose], events.append)
    rolls = [event for event in events if isinstance(event, Rolled)]
    assert printed == [expected_words(rolled, game) for rolled in rolls]
    assert any("score lost" in line for line in printed) or game == "pass-the-pigs"


def test_rolls_file_picks_two_dice_outcomes_in_info_order(pigsolve, workdir: Path) -> None:
    # 1: double 1s (1/36); 2-3: 2 and 1; 12: double 2s; 13-14: 3 and 2; 36: double 6s
    rolls = write(workdir / "rolls.txt", "14 36 1\n3 12\n")
    args = ["play", "--game", "two-dice", "--you", "1", "--rolls", rolls, "--opponent", "hold20"]
    done = pigsolve(*args, stdin="\n\n")
    printed = re.findall(r"Roll: (.*)", done.stdout)
    assert printed == [
        "3 and 2",
        "6 and 6, double 6s",
        "1 and 1, double 1s: score lost, back to 0",
        "2 and 1",
        "2 and 2, double 2s",
    ]
    assert "Turn total: 0\nNew score: 0\nPlayer 1 score: 0" in done.stdout
    assert "input ended before the game did" in one_line_error(done)
    write(workdir / "rolls.txt", "5 37\n")
    error = one_line_error(pigsolve(*args))
    assert "'37' is not a roll of the game two-dice (1 to 36" in error


def test_resets_with_three_players_are_refused_in_one_line(pigsolve) -> None:
    done = pigsolve("compute", "--game", "two-dice", "--players", "3", "--goal", "10")
    error = one_line_error(done)
    assert "two-dice" in error and "two players only, not 3" in error


def big_pig_outcomes() -> list[tuple[Fraction, str, int]]:
    """Return Big Pig's roll as (probability, effect, points), from the 36 throws."""
    rolls = []
    for a, b in product(range(1, 7), repeat=2):
        if a == b == 1:
            rolls.append((Fraction(1, 36), "add", 25))
        elif 1 in (a, b):
            rolls.append((Fraction(1, 36), "pig", 0))
        else:
            rolls.append((Fraction(1, 36), "add", 2 * (a + b) if a == b else a + b))
    return rolls


def hold_at_match(
    goal: int,
    holds: tuple[int, int],
    outcomes: list[tuple[Fraction, str, int]] | None = None,
) -> tuple[float, float]:
    """Return P(A wins) with A first and with B first, A holding at ``holds[0]`` and B at
    ``holds[1]`` (or at the goal), in plain Python, one score sum at a time from the top.

    ``outcomes`` is a roll without resets (default: Big Pig's), so scores never fall: a turn
    from ``(s, o)`` reaches higher sums or, by a pig, the other seat's turn at ``(o, s)``. The
    mover's chance is ``c + d * (1 - other's)``, with ``d`` the chance of a pig; the two seats'
    equations are solved exactly. A roll of 0 points comes back to the same turn total ``k``.
    """
    gains: dict[int, float] = {}
    pig = blank = 0.0
    for p, effect, points in big_pig_outcomes() if outcomes is None else outcomes:
        if effect == "pig":
            pig += float(p)
        elif points == 0:
            blank += float(p)
        else:
            gains[points] = gains.get(points, 0.0) + float(p)
    start: dict[tuple[int, int, int], float] = {}  # (who, mover's score, other's): P(mover wins)

    def turn(who: int, s: int, o: int, pigged: float) -> float:
        """Return the mover's chance at turn total 0, given its chance after a pig."""
        value = [1.0] * (goal - s)

        def at(k: int) -> float:
            return value[k] if k < goal - s else 1.0  # the goal reached: a win

        for k in range(goal - s - 1, -1, -1):
            if k > 0 and k >= holds[who]:
                value[k] = 1.0 - start[1 - who, o, s + k]
            else:  # value[k] = pig * pigged + sum(p * at(k + g)) + blank * value[k]
                rolled = pig * pigged + sum(p * at(k + g) for g, p in gains.items())
                value[k] = rolled / (1.0 - blank)
        return value[0]

    for total in range(2 * goal - 2, -1, -1):
        for s in range(max(0, total - goal + 1), min(goal - 1, total) + 1):
            o = total - s
            c1, c2 = turn(0, s, o, 0.0), turn(1, o, s, 0.0)
            d1, d2 = turn(0, s, o, 1.0) - c1, turn(1, o, s, 1.0) - c2
            x = (c1 + d1 - d1 * (c2 + d2)) / (1.0 - d1 * d2)
            start[0, s, o], start[1, o, s] = x, c2 + d2 * (1.0 - x)
    return start[0, 0, 0], 1.0 - start[1, 0, 0]


@pytest.mark.slow
def test_compare_big_pig_agrees_with_plain_value_iteration(pigsolve) -> None:
    args = ("compare", "hold10", "hold25", "--game", "big-pig", "--goal", "20", "--json")
    done = pigsolve(*args)
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    a_first, b_first = hold_at_match(20, (10, 25))
    assert record["a_first"] == pytest.approx(a_first, abs=1e-12)
    assert record["b_first"] == pytest.approx(b_first, abs=1e-12)
    assert record["game"] == "big-pig" and "die" not in record
    pig = json.loads(pigsolve(*args[:3], "--goal", "20", "--json").stdout)
    assert abs(pig["a_first"] - a_first) > 0.01  # Pig's die plays another game


BLANK_GAME = (
    '[[outcome]]\nname = "one"\nprobability = "1/3"\neffect = "pig"\n'
    '[[outcome]]\nname = "blank"\nprobability = "1/6"\neffect = "add"\npoints = 0\n'
    '[[outcome]]\nname = "four"\nprobability = "1/3"\neffect = "add"\npoints = 4\n'
    '[[outcome]]\nname = "jackpot"\nprobability = "1/6"\neffect = "add"\n'
    "points = 9223372036854775807\n"
)


def finite_json(text: str) -> Any:
    """Return the JSON in ``text``, failing on NaN or Infinity (which json.loads accepts)."""
    return json.loads(text, parse_constant=lambda word: pytest.fail(f"{word} in {text}"))


@pytest.mark.slow
def test_a_game_with_blank_rolls_is_solved_evaluated_and_played(pigsolve, workdir) -> None:
    """A roll adding 0 printed P = nan (and wrote it); 2**63 - 1 points overflowed into nan
    and made `query` an internal error."""
    game = write(workdir / "blank.toml", BLANK_GAME)
    computed = pigsolve("compute", "--game", game, "--goal", "20")
    assert computed.returncode == 0, computed.stderr
    assert re.match(r"P\(0, 0, 0\) = 0\.\d{12} ", computed.stdout), computed.stdout
    query = pigsolve("query", "10", "3", "5", "--game", game, "--goal", "20", "--json")
    assert query.returncode == 0, query.stderr
    assert 0 < finite_json(query.stdout)["win_probability"][0] < 1
    compared = pigsolve("compare", "hold8", "hold12", "--game", game, "--goal", "20", "--json")
    assert compared.returncode == 0, compared.stderr
    record = finite_json(compared.stdout)
    rules = PigRules(20, outcomes=load_game(game))
    outcomes = [(o.probability, str(o.effect), o.points) for o in rules.roll_outcomes.outcomes]
    a_first, b_first = hold_at_match(20, (8, 12), outcomes)
    assert record["a_first"] == pytest.approx(a_first, abs=1e-12)
    assert record["b_first"] == pytest.approx(b_first, abs=1e-12)
    # the engine rolls the blanks one by one: its games agree with the exact chance
    dice, games = RandomDice(6, np.random.default_rng(5)), 4000
    players = [HoldAt(8).choose, HoldAt(12).choose]
    wins = sum(play(PigGame(rules, dice), players) == 0 for _ in range(games))
    assert abs(wins / games - a_first) < 4 * (a_first * (1 - a_first) / games) ** 0.5


@pytest.mark.slow
def test_a_game_table_gives_its_game_and_refuses_another(pigsolve) -> None:
    made = pigsolve("compute", "--game", "two-dice", "--goal", "12", "--out", "t.h5", "--quiet")
    assert made.returncode == 0, made.stderr
    query = pigsolve("query", "0", "0", "0", "--table", "t.h5", "--json")
    assert query.returncode == 0, query.stderr
    info = pigsolve("info", "t.h5")
    assert table_rows(info.stdout)["double 1s"][2].startswith("reset")
    other = pigsolve("query", "0", "0", "0", "--table", "t.h5", "--game", "big-pig")
    assert "--game big-pig disagrees" in one_line_error(other)
    same = pigsolve("query", "0", "0", "0", "--table", "t.h5", "--game", "two-dice", "--json")
    assert json.loads(same.stdout) == json.loads(query.stdout)
    die = pigsolve("query", "0", "0", "0", "--table", "t.h5", "--die", "4")
    assert "--die or --piglet changes Pig's die; the game 'two-dice'" in one_line_error(die)


@pytest.mark.slow
def test_tune_hold_big_pig_finds_the_best_of_plain_value_iteration(pigsolve) -> None:
    args = ("tune", "hold", "--game", "big-pig", "--goal", "20", "--against", "hold15")
    done = pigsolve(*args, "--range", "n=5:20", "--json")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    coin_toss = {n: sum(hold_at_match(20, (n, 15))) / 2 for n in range(5, 21)}
    best = max(coin_toss, key=coin_toss.__getitem__)
    assert record["best"]["a"] == f"hold{best}" and record["candidates"] == 16
    assert record["best"]["game"] == "big-pig" and "die" not in record["best"]
    assert record["best"]["average"] == pytest.approx(coin_toss[best], abs=1e-12)


def test_the_compute_hint_names_the_game_file_given(pigsolve, workdir: Path) -> None:
    (workdir / "games").mkdir()
    pig = '[[outcome]]\nname = "one"\nprobability = "1/6"\neffect = "pig"\n'
    write(workdir / "games" / "lucky.toml", GOOD_ROW + pig)
    path = "games/lucky.toml"
    shown = pigsolve("info", "--game", path)
    assert shown.returncode == 0, shown.stderr
    assert f"`pigsolve compute --game {path}`" in shown.stdout + shown.stderr


def test_a_game_file_s_table_is_read_without_the_file(pigsolve, workdir: Path) -> None:
    # query --table read the game again by its name to check no option: "no game file lucky"
    game = write(workdir / "lucky.toml", GOOD_ROW + PIG_ROW)
    assert pigsolve("compute", "--game", game, "--goal", "20", "--out", "t.h5").returncode == 0
    os.remove(game)
    asked = pigsolve("query", "0", "0", "0", "--table", "t.h5")
    assert asked.returncode == 0, asked.stderr
    assert "lucky, goal 20" in asked.stdout


@pytest.mark.slow
def test_three_players_of_two_dice_are_simulated_and_say_why_not_exact(pigsolve) -> None:
    args = ["hold20", "hold25", "four-turns", "--game", "two-dice", "--players", "3"]
    done = pigsolve("simulate", *args, "--goal", "30", "--games", "3000", "--seed", "1")
    assert done.returncode == 0, done.stderr
    wins = [int(row.split("│")[1].replace(",", "")) for row in done.stdout.splitlines()[3:6]]
    assert sum(wins) == 3000
    assert "scores can fall in two-dice, exact for 2 players only" in " ".join(done.stdout.split())


@pytest.mark.parametrize("kind", ["fifo", "device"])
@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("t.h5", ["info", "t.h5"], "t.h5 is not a table file (not a regular file)"),
        ("g.toml", ["info", "--game", "g.toml"], "game file g.toml is not a regular file"),
        ("g.toml", ["compute", "--game", "g.toml"], "game file g.toml is not a regular file"),
    ],
)
def test_what_is_not_a_regular_file_is_refused_at_once(
    pigsolve, workdir: Path, kind: str, name: str, args: list[str], message: str
) -> None:
    """`pigsolve info some.fifo` waited for ever for a writer (and a link to /dev/zero read
    for ever); the timeout fails the test rather than hang it."""
    path = workdir / name
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    assert message in one_line_error(pigsolve(*args, timeout=60))
