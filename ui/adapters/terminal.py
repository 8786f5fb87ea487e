"""A game at the terminal in any family's words: the person first, the computers in the other
seats (``human`` there: another person at the same keyboard), the optimal table's hints on
request (the base of :meth:`ui.adapters.Adapter.play`)."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from pigsolve.policies import make_player
from pigsolve.policies.human import Human
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.registry import Family
from pigsolve.solver.tables import table_for
from pigsolve.ui.console import note
from pigsolve.ui.prompt import answer


def play_at_terminal(
    family: Family, rules: Any, opponents: list[str], seed: int | None, hints: bool
) -> None:
    """Play a game of ``rules`` at the terminal: the person first, ``opponents`` in the other
    seats, the family's engine and words (:meth:`solver.registry.Family.play`); with ``hints``
    the optimal table's advice before each of the person's moves."""
    game = family.play(rules, np.random.default_rng(seed))
    advice = table_for(rules, None, note) if hints else None
    made = {name: make_player(rules, name, None, note, seed) for name in dict.fromkeys(opponents)}
    computers = [None, *(made[name] for name in opponents)]
    people = [True] + [isinstance(player, Human) for player in computers[1:]]
    seats = len(opponents) + 1
    names = ["you"] + [name if seats == 2 else f"{name} {k}" for k, name in enumerate(opponents, 2)]
    for line in game.lines(game.game.start(), names):
        print(line)
    while not game.game.over:
        seat = game.game.player
        if people[seat]:
            if advice is not None:
                best, values = game.advice(advice)
                shown = ", ".join(f"{game.words(a)} {p:.1%}" for a, p in values.items())
                print(f"Hint: {game.words(best)} ({shown})")
            choices = ", ".join(game.words(a) for a in game.legal())
            whose = "Your" if seat == 0 else f"{names[seat]}'s"
            print(f"{whose} move ({choices}): ", end="", flush=True)
            text = answer(sys.stdin, sys.stdout).strip()
            value: Any = int(text) if text.lstrip("-").isdigit() else text
            try:
                action = game.action(value)
            except InvalidArgument as err:
                print(err)
                continue
        else:
            action = computers[seat].choose(game.game.view)
        for line in game.lines(game.game.apply(action), names):
            print(line)
    winner = game.game.winner
    print("A draw." if winner is None else f"{names[winner]} won.")
