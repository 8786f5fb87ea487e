"""A player's seed goes through its family's roster: one seed, one game, in every family."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from pigsolve.policies import computer_players, make_player
from pigsolve.policies.roster import roster, roster_of
from pigsolve.solver import tables
from pigsolve.solver.farkle.play import FarkleView
from pigsolve.solver.games.farkle import FarkleRules
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.results import seat_seeds

FARKLE = FarkleRules(goal=1000, players=3)
PIG = PigRules(30, players=3)
TURNS = 60


@dataclass(frozen=True)
class MixedFarkle:
    """A stand-in for a Farkle table of three whose equilibrium mixes everywhere."""

    rules: FarkleRules = FARKLE

    def coin(self, scores: Any) -> float:
        return 0.5

    def best_action(self, state: Any, roll: Any = None, side: int = 0) -> str:
        return "roll" if side == 1 else "bank"


@dataclass(frozen=True)
class MixedPig:
    """A stand-in for a Pig table of three whose equilibrium rolls half the time."""

    rules: PigRules = PIG

    def roll_probability(self, scores: Any, turn_total: int) -> float:
        return 0.5


def farkle_moves(player: Any) -> list[str]:
    state = ((0, 0, 0), 0, 6)
    return [player.choose(FarkleView(state, None, None, turn)) for turn in range(TURNS)]


def pig_moves(player: Any) -> list[bool]:
    view = SimpleNamespace(goal=PIG.goal, scores=(0, 0, 0), turn_total=0)
    return [player.choose(view) for _ in range(TURNS)]


@pytest.mark.parametrize(
    ("rules", "table", "moves"),
    [(FARKLE, MixedFarkle(), farkle_moves), (PIG, MixedPig(), pig_moves)],
    ids=["farkle", "pig"],
)
def test_one_seed_tosses_one_set_of_coins(monkeypatch, rules, table, moves) -> None:
    """The optimal player of three tosses its coins from the seed it is made with, whether it
    reads its table from disk (``make``) or from memory (``optimal``)."""
    monkeypatch.setattr(tables, "table_for", lambda *args: table)
    made = [roster(rules).player("optimal", rules, seed=seed) for seed in (9, 9, 10)]
    first, again, other = (moves(player) for player in made)
    assert first == again and first != other and len(set(first)) == 2
    in_memory = roster(rules).optimal(table, 9)
    assert moves(in_memory) == first
    assert moves(make_player(rules, "optimal", None, None, 9)) == first
    assert moves(computer_players(rules, ["optimal"], seed=9)["optimal"]) == first


@pytest.mark.parametrize(
    ("rules", "name"),
    [(PIG, "hold20"), (hog_rules("fa23"), "always4"), (FARKLE, "bank:300")],
    ids=["pig", "hog", "farkle"],
)
def test_every_family_takes_a_seed(rules, name: str) -> None:
    assert roster(rules).player(name, rules, seed=3).name == name


def test_the_toy_family_takes_a_seed(coin_race) -> None:
    from coin_race import CoinRace

    assert roster_of("coin").player("step", CoinRace(), seed=3).name == "step"


def test_each_seat_has_its_own_stream() -> None:
    seeds = seat_seeds(7, 3)
    assert seeds == seat_seeds(7, 3) and len(set(seeds)) == 3
    assert seat_seeds(None, 2) == [None, None]
