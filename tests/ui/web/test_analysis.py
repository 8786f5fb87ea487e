"""Explore and Compare's requests checked before any table is computed: the players a round
robin takes, and the states whose values are asked."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("starlette")

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules
from pigsolve.ui.web import analysis
from pigsolve.ui.web.sessions import ApiError

NO_STORE = None
"""Every refusal here comes before the tables are asked for anything."""


def refused(names: list[str]) -> ApiError:
    with pytest.raises(ApiError) as error:
        asyncio.run(analysis.compare(NO_STORE, names, PigRules()))
    return error.value


def test_a_round_robin_takes_one_to_eight_players_once_each() -> None:
    assert analysis.MAX_COMPARED == 8
    none = refused([])
    assert (none.status, str(none)) == (400, "players must name 1 to 8 players, got 0")
    nine = [f"hold{n}" for n in range(10, 19)]
    assert str(refused(nine)) == "players must name 1 to 8 players, got 9"
    assert str(refused(["hold20", "best-response:hold20"])).startswith("best responses take")


def test_players_the_page_does_not_run_are_refused_first() -> None:
    assert str(refused(["hold20", "mine.py:strategy"])).startswith("players from files run code")
    with pytest.raises(InvalidArgument, match="unknown player 'hold-twenty'"):
        asyncio.run(analysis.compare(NO_STORE, ["hold-twenty"], PigRules()))


def test_a_state_outside_the_game_is_refused() -> None:
    for numbers in [(30, 0, 0), (10, 30, 0), (0, 0, -1)]:
        with pytest.raises(
            InvalidArgument,
            match=rf"state \({', '.join(map(str, numbers))}\) is outside the goal-30",
        ):
            asyncio.run(analysis.state(NO_STORE, PigRules(30), list(numbers)))
    with pytest.raises(InvalidArgument, match="give 2 scores and a turn total for 2 players"):
        asyncio.run(analysis.state(NO_STORE, PigRules(30), [1, 2]))
