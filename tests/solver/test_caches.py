"""The caches the solutions keep of their own rows hold them weakly: a solution nothing else
holds is freed at once, not when a full garbage collection finds a cycle."""

from __future__ import annotations

import types
import weakref
from collections.abc import Callable
from typing import Any

import pytest
from collector import no_collection

from pigsolve.solver.caches import own_cache
from pigsolve.solver.farkle.policy import guided
from pigsolve.solver.games.farkle import FarkleRules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.solution import Mixed
from pigsolve.solver.registry import family_of


class Counter:
    def __init__(self) -> None:
        self.calls = 0
        self.twice = own_cache(self._twice, 2)

    def _twice(self, x: int) -> int:
        self.calls += 1
        return 2 * x


def test_an_own_cache_keeps_its_last_results() -> None:
    counter = Counter()
    assert [counter.twice(1), counter.twice(1), counter.twice(2)] == [2, 2, 4]
    assert counter.calls == 2
    counter.twice(3)
    counter.twice(1)  # forgotten: the cache keeps two
    assert counter.calls == 4


def test_an_object_with_an_own_cache_is_freed_without_the_collector() -> None:
    with no_collection():
        counter = Counter()
        counter.twice(1)
        gone = weakref.ref(counter)
        del counter
        assert gone() is None


def pig_rows(players: int) -> Callable[[], tuple[Any, Callable[[Any], Any]]]:
    def make() -> tuple[Any, Callable[[Any], Any]]:
        rules = PigRules(goal=12, players=players)
        return family_of(rules).solve(rules), lambda table: table.row((3,) * players)

    return make


def farkle_rows() -> tuple[Any, Callable[[Any], Any]]:
    rules = FarkleRules(goal=1000)
    return family_of(rules).solve(rules), lambda table: table.turn_rows((0, 0))


def farkle_guided() -> tuple[Any, Callable[[Any], Any]]:
    rules = FarkleRules(goal=1000)
    policy = guided(rules, family_of(rules).solve(rules).values)
    return policy, lambda player: player.banks(0, 0, 6, 3)


def store_values() -> tuple[Any, Callable[[Any], Any]]:
    from pigsolve.solver.pig.store_rows import StoreValues

    return StoreValues("memory://", None, PigRules(goal=12, players=3)), lambda v: v.edge()


def store_mixed() -> tuple[Any, Callable[[Any], Any]]:
    from pigsolve.solver.pig.store_rows import StoreMixed

    mixed = StoreMixed("memory://", None, PigRules(goal=12, players=3))
    return mixed, lambda m: m.lookup((3, 3, 3))


@pytest.mark.parametrize(
    "make",
    [pig_rows(2), pig_rows(3), farkle_rows, farkle_guided, store_values, store_mixed],
    ids=["pig", "pig-3", "farkle", "farkle-guided", "store-values", "store-mixed"],
)
def test_a_table_whose_rows_were_cached_is_freed_without_the_collector(make, monkeypatch) -> None:
    chunks = types.SimpleNamespace(chunks=(4, 4, 4, 3))
    monkeypatch.setattr("pigsolve.solver.layer_store.open_array", lambda *args: chunks)
    no_mixed = Mixed.of([], 3)
    monkeypatch.setattr("pigsolve.solver.pig.store.read_mixed", lambda *args: no_mixed)
    table, use = make()
    with no_collection():
        use(table)
        use(table)  # from the cache
        gone = weakref.ref(table)
        del table
        assert gone() is None, "a reference cycle keeps it alive"
