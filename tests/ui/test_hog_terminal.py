"""Hog at the terminal: the prompt, its hints and re-asking, and two people at one keyboard."""

from __future__ import annotations

import io

import pytest

from pigsolve.policies import make_player
from pigsolve.solver.dice import ListedDice
from pigsolve.solver.errors import GameInputError
from pigsolve.solver.games.hog import HogState, hog_rules
from pigsolve.ui.adapters.hog.terminal import play_in_terminal, terminal_ask

FA16, SU20 = hog_rules("fa16"), hog_rules("su20")


def test_terminal_prompt_shows_the_hint_and_re_asks_with_the_range() -> None:
    out = io.StringIO()
    ask = terminal_ask(SU20, io.StringIO("-1\nfive\n4\n"), out, hints=lambda state: (0.625, 3))
    assert ask(HogState(10, 20)) == 4
    text = out.getvalue()
    assert "hint: roll 3 dice (win probability 0.6250)" in text
    assert text.count("please type a whole number from 0 to 10") == 2
    with pytest.raises(GameInputError, match="input ended"):
        terminal_ask(SU20, io.StringIO(""), io.StringIO())(HogState(0, 0))


def test_two_people_share_the_terminal() -> None:
    """`hog play --opponent human` used to fail always; two people now take turns at the prompt."""
    rules = hog_rules("fa16", goal=20)
    out = io.StringIO()
    dice = ListedDice([6, 6, 5, 5, 6, 6])
    human = make_player(rules, "human")
    winner = play_in_terminal(rules, human, "human", 0, dice, io.StringIO("2\n2\n2\n"), out, None)
    text = out.getvalue()
    assert winner == 0 and text.count("How many dice") == 3
    assert text.rstrip().endswith("Player 1 wins: 24 to 10")


def test_hints_name_free_bacon_and_pork_chop_in_words() -> None:
    """Hints said "roll 0" and "roll -1"."""
    for best, words in [
        (0, "roll no dice (Free Bacon)"),
        (-1, "Pork Chop (-1)"),
        (1, "roll 1 die"),
    ]:
        out = io.StringIO()
        terminal_ask(FA16, io.StringIO("2\n"), out, hints=lambda state, n=best: (0.5, n))(
            HogState(0, 0)
        )
        assert f"hint: {words} (win probability 0.5000)" in out.getvalue()
