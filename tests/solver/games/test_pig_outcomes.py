"""The Pig family's roll tables against the rules as written, enumerated roll by roll here."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from pigsolve.solver.dice import ListedDice
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig_files import load_game
from pigsolve.solver.games.pig_outcomes import (
    KERN_COUNTS,
    Effect,
    Outcome,
    RollOutcomes,
    big_pig,
    die,
    pass_the_pigs,
    table_from_json,
    two_dice,
)


def by_effect(table) -> Counter:
    """Return the table's probability per (effect, points)."""
    totals: Counter = Counter()
    for outcome in table.outcomes:
        totals[(str(outcome.effect), outcome.points)] += outcome.probability
    return totals


def ordered_dice(score) -> Counter:
    """Enumerate the 36 ordered rolls of two dice, each 1/36."""
    totals: Counter = Counter()
    for a, b in product(range(1, 7), repeat=2):
        totals[score(a, b)] += Fraction(1, 36)
    return totals


def test_die_is_pig_and_piglet():
    assert by_effect(die(6)) == {("pig", 0): Fraction(1, 6)} | {
        ("add", f): Fraction(1, 6) for f in range(2, 7)
    }
    assert by_effect(die(2, piglet=True)) == {
        ("pig", 0): Fraction(1, 2),
        ("add", 1): Fraction(1, 2),
    }


def test_two_dice_follows_neller_and_presser():
    def score(a, b):
        if a == 1 and b == 1:
            return ("reset", 0)
        if a == 1 or b == 1:
            return ("pig", 0)
        return ("add", a + b)

    assert by_effect(two_dice()) == ordered_dice(score)
    assert two_dice().resets


def test_big_pig_follows_neller_and_presser():
    def score(a, b):
        if a == 1 and b == 1:
            return ("add", 25)
        if a == 1 or b == 1:
            return ("pig", 0)
        return ("add", 2 * (a + b) if a == b else a + b)

    assert by_effect(big_pig()) == ordered_dice(score)
    assert not big_pig().resets
    assert big_pig().probability(Effect.add, 24) == Fraction(1, 36)  # double 6s


def test_pass_the_pigs_from_kern_counts():
    counts = {"dot up": 1796, "dot down": 2063, "trotter": 551, "razorback": 1354}
    counts |= {"snouter": 184, "leaning jowler": 29}
    assert sum(counts.values()) + 23 == 6000
    points = {"trotter": 5, "razorback": 5, "snouter": 10, "leaning jowler": 15}
    expected: Counter = Counter({("reset", 0): Fraction(23, 6000)})
    for a, b in product(counts, repeat=2):
        p = Fraction(5977, 6000) * Fraction(counts[a], 5977) * Fraction(counts[b], 5977)
        sides = {"dot up", "dot down"}
        if a in sides and b in sides:
            expected[("add", 1) if a == b else ("pig", 0)] += p
        elif a == b:
            expected[("add", 2 * (points[a] + points[b]))] += p
        else:
            expected[("add", points.get(a, 0) + points.get(b, 0))] += p
    assert by_effect(pass_the_pigs()) == expected
    names = {o.name for o in pass_the_pigs().outcomes}
    assert {"pig out", "sider (dot up)", "sider (dot down)", "double snouter"} <= names
    assert {"razorback and snouter", "touching"} <= names
    assert pass_the_pigs().probability(Effect.add, 40) == (
        Fraction(5977, 6000) * Fraction(184, 5977) ** 2
    )


def test_pass_the_pigs_with_own_counts():
    counts = {"dot up": 1, "dot down": 1, "trotter": 1, "razorback": 1, "snouter": 1}
    table = pass_the_pigs(counts | {"leaning jowler": 1}, touching=Fraction(0))
    assert table.probability(Effect.pig) == Fraction(2, 36)
    assert not table.resets
    with pytest.raises(InvalidArgument, match="must name"):
        pass_the_pigs(counts)


def write(tmp_path, text: str):
    path = tmp_path / "game.toml"
    path.write_text(text)
    return path


def test_toml_game_by_probability_and_by_count(tmp_path):
    table = load_game(
        write(
            tmp_path,
            'name = "lucky"\n'
            '[[outcome]]\nname = "one"\nprobability = "1/6"\neffect = "pig"\n'
            '[[outcome]]\nname = "big"\nprobability = "5/6"\neffect = "add"\npoints = 6\n',
        )
    )
    assert table.name == "lucky"
    assert table.gains() == [(6, Fraction(5, 6))]
    counted = load_game(
        write(
            tmp_path,
            '[[outcome]]\ncount = 1\neffect = "reset"\n'
            '[[outcome]]\ncount = 3\neffect = "add"\npoints = 2\n',
        )
    )
    assert counted.name == "game"
    assert counted.probability(Effect.reset) == Fraction(1, 4)
    tenths = load_game(
        write(
            tmp_path,
            '[[outcome]]\nprobability = 0.1\neffect = "pig"\n'
            '[[outcome]]\nprobability = 0.9\neffect = "add"\npoints = 3\n',
        )
    )
    assert tenths.probability(Effect.pig) == Fraction(1, 10)


def test_toml_pass_the_pigs_counts(tmp_path):
    table = load_game(
        write(
            tmp_path,
            'game = "pass-the-pigs"\ntouching = "1/100"\n[counts]\n"dot up" = 3\n'
            '"dot down" = 3\ntrotter = 1\nrazorback = 1\nsnouter = 1\n"leaning jowler" = 1\n',
        )
    )
    assert table.probability(Effect.reset) == Fraction(1, 100)
    assert table.probability(Effect.pig) == Fraction(99, 100) * 2 * Fraction(3, 10) ** 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[outcome]]\nprobability = "1/2"\neffect = "pig"\n', "sum to 1/2, not 1"),
        (
            '[[outcome]]\nprobability = 1\neffect = "add"\npoints = 2\n',
            "no outcome ends the turn",
        ),
        (
            '[[outcome]]\nprobability = "1/2"\neffect = "pig"\n'
            '[[outcome]]\nprobability = "1/2"\neffect = "add"\npoints = -3\n',
            "negative points",
        ),
        ('[[outcome]]\nprobability = 1\neffect = "explode"\n', "unknown effect 'explode'"),
        (
            '[[outcome]]\nprobability = "1/2"\neffect = "pig"\n'
            '[[outcome]]\ncount = 1\neffect = "pig"\n',
            "either a probability or a count",
        ),
        ('[[outcome]]\nprobability = "half"\neffect = "pig"\n', "'half' is not a probability"),
        ('[[outcome]]\nprobability = 1\neffect = "add"\n', "needs its points"),
        ('[[outcome]]\nprobability = 1\neffect = "pig"\ncolour = "red"\n', "unknown key 'colour'"),
        ("name = \n", "not valid TOML"),
        ('name = "x"\n', "list the outcomes"),
        ('game = "yahtzee"\n', "unknown game 'yahtzee'"),
    ],
)
def test_bad_game_files_say_why_in_one_line(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(InvalidArgument, match=message) as caught:
        load_game(path)
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith(str(path))


def test_missing_game_file(tmp_path):
    with pytest.raises(InvalidArgument, match="no game file"):
        load_game(tmp_path / "nowhere.toml")


def test_die_defaults_and_limits():
    assert by_effect(die()) == by_effect(die(6))
    with pytest.raises(InvalidArgument, match="die sides must be an integer >= 2, got 1"):
        die(1)


@pytest.mark.parametrize(
    ("counts", "touching", "message"),
    [
        ({"dot up": -1}, Fraction(0), "whole numbers >= 0"),
        ({"dot up": 1.5}, Fraction(0), "whole numbers >= 0"),
        ({"dot up": 0}, Fraction(0), "not all 0"),
        ({}, Fraction(1), r"in \[0, 1\), got 1"),
        ({}, Fraction(-1, 10), r"in \[0, 1\), got -1/10"),
    ],
)
def test_pass_the_pigs_refuses_bad_counts(counts, touching, message):
    base = dict.fromkeys(["dot up", "dot down", "trotter", "razorback", "snouter"], 1)
    base["leaning jowler"] = 0
    if "dot up" in counts and counts["dot up"] == 0:
        base = dict.fromkeys(base, 0)
    with pytest.raises(InvalidArgument, match=message):
        pass_the_pigs(base | counts, touching)


def test_a_zero_count_position_drops_out():
    counts = dict.fromkeys(["dot up", "dot down", "trotter", "razorback", "snouter"], 1)
    table = pass_the_pigs(counts | {"leaning jowler": 0}, Fraction(0))
    assert not any("jowler" in o.name for o in table.outcomes)
    assert sum(o.probability for o in table.outcomes) == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("outcome = []\n", "list the outcomes"),
        (
            '[[outcome]]\ncount = 0\neffect = "pig"\n[[outcome]]\ncount = 2\neffect = "pig"\n',
            "probability 0; give each outcome a probability above 0",
        ),
        ('[[outcome]]\ncount = -1\neffect = "pig"\n', "a count must be a whole number >= 0"),
        ('[[outcome]]\ncount = true\neffect = "pig"\n', "a count must be a whole number >= 0"),
        (
            '[[outcome]]\nprobability = "1/2"\neffect = "pig"\n'
            '[[outcome]]\nprobability = "1/2"\neffect = "add"\npoints = 2.5\n',
            "outcome 2: points must be a whole number",
        ),
        (
            '[[outcome]]\nprobability = "1/2"\neffect = "pig"\n'
            '[[outcome]]\nprobability = "1/2"\neffect = "add"\npoints = true\n',
            "outcome 2: points must be a whole number",
        ),
        ('[[outcome]]\nprobability = true\neffect = "pig"\n', "outcome 1: a probability is"),
        ('[[outcome]]\nprobability = [1]\neffect = "pig"\n', "outcome 1: a probability is"),
        (
            '[[outcome]]\nname = "x"\nprobability = "1/2"\neffect = "pig"\n'
            '[[outcome]]\nname = "x"\nprobability = "1/2"\neffect = "reset"\n',
            "two outcomes are named 'x'",
        ),
        (
            '[[outcome]]\nprobability = 1\neffect = "pig"\npoints = 3\n',
            "is a pig and cannot also score 3 points",
        ),
        ('game = "pass-the-pigs"\n[counts]\nsnouter = 1\n', "must name dot up"),
    ],
)
def test_more_bad_game_files(tmp_path, text, message):
    with pytest.raises(InvalidArgument, match=message):
        load_game(write(tmp_path, text))


def test_the_order_of_the_counts_does_not_matter():
    reordered = dict(reversed(list(KERN_COUNTS.items())))
    assert by_effect(pass_the_pigs(reordered)) == by_effect(pass_the_pigs())


def test_a_repeated_name_is_named(tmp_path):
    text = "".join(
        f'[[outcome]]\nname = "{name}"\nprobability = "1/3"\neffect = "pig"\n'
        for name in ("a", "b", "b")
    )
    with pytest.raises(InvalidArgument, match="two outcomes are named 'b'"):
        load_game(write(tmp_path, text))


def test_a_roll_is_one_draw_of_a_fair_die_of_the_common_denominator():
    """Each outcome takes as many of the L numbers as its probability's share of L."""
    for table in (die(6), two_dice(), big_pig(), pass_the_pigs()):
        hits: Counter = Counter()
        for value in range(1, table.denominator + 1, max(1, table.denominator // 5000)):
            hits[table.draw(ListedDice([value]))[1].name] += 1
        if table.denominator <= 5000:  # every number drawn once: the shares are exact
            shares = {name: Fraction(n, table.denominator) for name, n in hits.items()}
            assert shares == {o.name: o.probability for o in table.outcomes}
    assert [die(6).draw(ListedDice([v]))[1].name for v in range(1, 7)] == list("123456")


def test_a_game_whose_rolls_cannot_be_drawn_exactly_is_refused():
    a, b = Fraction(1, 2**31 - 1), Fraction(1, 2**32 - 5)  # two primes: L is their product
    outcomes = (
        Outcome("a", a, Effect.pig),
        Outcome("b", b, Effect.add, 1),
        Outcome("c", 1 - a - b, Effect.add, 2),
    )
    with pytest.raises(InvalidArgument, match="too large to draw"):
        RollOutcomes("fine-grained", outcomes)


def test_the_largest_denominator_drawn_is_two_to_the_62():
    def game(denominator: int) -> RollOutcomes:
        rare = Fraction(1, denominator)
        return RollOutcomes(
            "rare", (Outcome("a", rare, Effect.pig), Outcome("b", 1 - rare, Effect.add, 1))
        )

    assert game(2**62).draw(ListedDice([2**62]))[1].name == "b"
    assert game(2**62).draw(ListedDice([1]))[1].name == "a"
    with pytest.raises(InvalidArgument, match="too large"):
        game(2**63)


def test_a_stored_table_reads_back_equal_and_a_damaged_one_is_refused():
    for table in (die(5), die(3, piglet=True), two_dice(), big_pig(), pass_the_pigs()):
        assert table_from_json(table.as_json) == table
    stored = two_dice().as_json
    del stored["outcomes"][3]["points"]
    with pytest.raises(InvalidArgument, match="damaged"):
        table_from_json(stored)
    with pytest.raises(InvalidArgument, match="damaged"):
        table_from_json({"name": "no outcomes"})


PIG_ROW = '[[outcome]]\nname = "one"\nprobability = "1/6"\neffect = "pig"\n'
SIX_ROW = '[[outcome]]\nname = "six"\nprobability = "5/6"\neffect = "add"\npoints = 6\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            PIG_ROW.replace("probability", "probabilty") + SIX_ROW,
            "outcome 1: unknown key 'probabilty' (did you mean 'probability'?); known: name, ",
        ),
        (PIG_ROW + SIX_ROW.replace("points", "piont"), "outcome 2: unknown key 'piont' (did you"),
        (PIG_ROW + SIX_ROW + 'colour = "red"\n', "outcome 2: unknown key 'colour'; known: name"),
        ('nmae = "lucky"\n' + PIG_ROW + SIX_ROW, "unknown key 'nmae' (did you mean 'name'?)"),
    ],
)
def test_an_unknown_key_is_named_with_the_near_one(tmp_path, text: str, message: str) -> None:
    """A typo ('probabilty') was answered 'give every outcome either a probability or a
    count, not a mix'."""
    with pytest.raises(InvalidArgument) as raised:
        load_game(write(tmp_path, text))
    assert message in str(raised.value)


def test_a_game_file_over_1_mib_is_refused(tmp_path) -> None:
    """A game file was read whole, whatever its size."""
    game = PIG_ROW + SIX_ROW
    path = write(tmp_path, game + "#" * (2**20 - len(game) - 1) + "\n")
    assert path.stat().st_size == 2**20 and load_game(path).name == "game"
    path.write_text(game + "#" * (2**20 - len(game)) + "\n")
    with pytest.raises(InvalidArgument, match=r"game\.toml is over 1 MiB: a game is a short"):
        load_game(path)


def test_a_game_that_cannot_score_is_refused() -> None:
    """A game whose only scoring outcome added 0 printed P(0, 0, 0) = nan."""
    blank = Outcome("blank", Fraction(1, 2), Effect.add, 0)
    with pytest.raises(InvalidArgument, match=r"no outcome adds points .* no one could ever"):
        RollOutcomes("blank", (Outcome("one", Fraction(1, 2), Effect.pig), blank))
