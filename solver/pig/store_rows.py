"""A finished Zarr store (:mod:`solver.pig.store`) read as a solution without reading it all.

:func:`open_solution` returns a :class:`solver.pig.solution.PigSolution` whose start values are a
:class:`StoreValues`: a score vector's row is read alone, from the chunk (a block) that holds
it, and a mover's row of turn totals (``query``, the players' hints) reads the few blocks its
holds reach. Whatever asks for the whole table (``export``, ``plot``, the optimal player's
choices) gets it read once, if it fits this machine's memory; if not, a one-line refusal names
the memory. Every value read is checked first, the whole chunk its row was read with
(:func:`solver.pig.store.check_rows`), as an HDF5 table's are on load.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from pigsolve.solver import layer_store
from pigsolve.solver.caches import own_cache
from pigsolve.solver.errors import TableError
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig import store
from pigsolve.solver.pig.solution import Mixed, PigSolution
from pigsolve.solver.resources import memory_words, physical_memory


class StoreValues:
    """The start values of a store, shaped ``(G,) * N + (N,)`` as a solution's, read lazily."""

    def __init__(self, url: str, group: Any, rules: PigRules, checked: bool = True) -> None:
        self.url, self.group, self.rules, self.checked = url, group, rules, checked
        self.shape = (rules.goal,) * rules.players + (rules.players,)
        self.ndim, self.dtype = len(self.shape), np.dtype(np.float64)
        self.chunk = own_cache(self._chunk, 8)
        self.edge = own_cache(self._edge, None)

    def __getitem__(self, key: Any) -> Any:
        n = self.rules.players
        if isinstance(key, tuple) and len(key) == n and all(_is_int(s) for s in key):
            return self.row(tuple(int(s) for s in key))
        return self.whole()[key]

    def row(self, scores: tuple[int, ...]) -> np.ndarray:
        """Return the row of ``scores``, read from the one chunk of the store that holds it,
        the chunk checked (:func:`solver.pig.store.check_rows`)."""
        edge = self.edge()
        return self.chunk(tuple(s // edge for s in scores))[tuple(s % edge for s in scores)]

    def _edge(self) -> int:
        """Return the edge of a chunk of the start values: what Zarr reads for a row."""
        return int(layer_store.open_array(self.url, self.group, store.VALUES).chunks[0])

    def _chunk(self, index: tuple[int, ...]) -> np.ndarray:
        """Return the chunk at ``index`` (a chunk's place in each score), checked."""
        edge = self.edge()
        where = tuple(slice(i * edge, (i + 1) * edge) for i in index)
        rows = layer_store.read(self.url, self.group, store.VALUES, where)
        if self.checked:
            store.check_rows(self.url, self.rules, store.VALUES, rows)
        return rows

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return self.whole() if dtype is None else self.whole().astype(dtype)

    def __iter__(self):
        return iter(self.whole())

    def __len__(self) -> int:
        return self.shape[0]

    def __getattr__(self, name: str) -> Any:  # reshape, sum, ...: an array's, of the whole table
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.whole(), name)

    @functools.cached_property
    def _whole(self) -> np.ndarray:
        return store.read_values(self.url, self.group, self.rules, self.checked)

    def whole(self) -> np.ndarray:
        """Return the whole table, read once; raise TableError (one line) if it cannot fit."""
        needed = 8 * self.rules.players * self.rules.goal**self.rules.players
        if needed > physical_memory():
            raise TableError(
                f"{self.url} holds {memory_words(needed)} of start values, more than this "
                f"machine's memory ({memory_words(physical_memory())}): this needs the whole "
                "table in memory; query reads a store's rows one at a time"
            )
        return self._whole


class StoreMixed:
    """A store's mixed states (as :class:`Mixed`), read whole the first time a row asks: a few
    at most (a table of 4 players at goal 100 has none)."""

    def __init__(self, url: str, group: Any, rules: PigRules) -> None:
        self.url, self.group, self.rules = url, group, rules

    @functools.cached_property
    def _all(self) -> Mixed:
        return store.read_mixed(self.url, self.group, self.rules)

    def lookup(self, scores: tuple[int, ...]) -> tuple[int, float]:
        """Return ``(k, probability)`` of the mixed state in the row of ``scores``, or (-1, 0)."""
        return self._all.lookup(scores)

    def __getattr__(self, name: str) -> Any:  # scores, turn_total, roll_probability: all layers'
        if name in ("scores", "turn_total", "roll_probability"):
            return getattr(self._all, name)
        raise AttributeError(name)

    def __len__(self) -> int:
        return int(self.group.attrs.get("num_mixed", len(self._all)))


def open_solution(url: str, checked: bool = True) -> PigSolution:
    """Return the finished store at ``url`` as a solution that reads its rows as asked, each
    ``checked`` as it is read (``verify`` reads unchecked, to show every check); raise
    TableError if it is not finished."""
    group, rules = store.open_store(url)
    if not store.is_complete(group, rules):
        raise TableError(store.half_written(url, group, rules))
    attrs = dict(group.attrs)
    return PigSolution(
        rules,
        StoreValues(url, group, rules, checked),  # type: ignore[arg-type]
        StoreMixed(url, group, rules),  # type: ignore[arg-type]
        "layered",
        0.0,
        int(attrs["num_iter"]),
        seconds=float(attrs.get("solve_seconds", 0.0)),
        attrs=attrs,
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int | np.integer)
