"""Dice sources: rolls files checked up front, listed rolls that run out, a seeded fair die."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from pigsolve.solver.dice import ListedDice, RandomDice, parse_rolls, read_rolls
from pigsolve.solver.errors import GameInputError, MissingFile


def test_parse_rolls_reads_whitespace_separated_values_across_lines():
    assert parse_rolls("3 1\n\n\t6  2\r\n4\n", 6) == [3, 1, 6, 2, 4]
    assert parse_rolls("", 6) == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2\n3 9", "line 2: '9' is not a roll of a 6-sided die (1 to 6)"),
        ("0", "line 1: '0' is not"),
        ("2\n\n-1", "line 3: '-1' is not"),
        ("2 +3", "line 1: '+3' is not"),
        ("2 two", "line 1: 'two' is not"),
        ("5", "line 1: '5' is not a roll of a 4-sided die (1 to 4)"),
    ],
)
def test_parse_rolls_names_the_line_of_a_bad_value(text: str, message: str):
    sides = 4 if "4-sided" in message else 6
    with pytest.raises(GameInputError, match=re.escape(message)):
        parse_rolls(text, sides)


def test_listed_dice_run_out_with_an_error():
    dice = ListedDice([2, 5], "rolls.txt")
    assert [dice.roll(), dice.roll()] == [2, 5]
    with pytest.raises(GameInputError, match=r"rolls\.txt ran out: all 2 rolls used"):
        dice.roll()


def test_read_rolls(tmp_path: Path):
    path = tmp_path / "rolls.txt"
    path.write_text("6 6\n1\n")
    dice = read_rolls(path, 6)
    assert [dice.roll() for _ in range(3)] == [6, 6, 1]
    with pytest.raises(MissingFile, match="cannot read rolls file"):
        read_rolls(tmp_path / "missing.txt", 6)


def test_random_dice_are_fair_and_reproducible():
    dice = RandomDice(6, np.random.default_rng(5))
    again = RandomDice(6, np.random.default_rng(5))
    values = np.array([dice.roll() for _ in range(60_000)])
    assert [again.roll() for _ in range(100)] == list(values[:100])
    counts = np.bincount(values, minlength=7)[1:]
    assert counts.min() > 0 and set(np.unique(values)) == {1, 2, 3, 4, 5, 6}
    # each face 10,000 expected; 5 standard deviations is about 456
    assert np.all(np.abs(counts - 10_000) < 500)
