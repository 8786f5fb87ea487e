"""The page's only door to the solvers: tables computed off the event loop, a bounded disk cache.

Every solver function the browser needs (default paths, memory estimates, solving, reading,
evaluating) is called from here, so that a change of the solver's table types is met in this
module alone. Tables are computed in worker processes (:mod:`ui.web.jobs`), one per table
however many ask, and saved in ``data/`` beside the command line's. Those the page computed are
listed in ``data/web-cache.json`` with their last use; past :data:`PAGE_CACHE_BYTES` the least
recently used are deleted (the command line's own tables are never touched). A worker is a fresh
process, which knows the built-in families only: the round robins of a family registered while
the server runs (a plugin's, the tests' toy) are played in a thread of the server instead.

Tables read into the server's memory are kept, most recently used first, while their arrays
take at most ``loaded_bytes`` (:data:`ui.web.budgets.LOADED_BYTES`, or a share of ``pigsolve gui
--memory-mib``); room is made before a table is read, and one that could never fit is refused
before it is computed or read, in one line naming ``--memory-mib``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pigsolve.policies.roster import roster
from pigsolve.solver.durations import about
from pigsolve.solver.registry import BUILT_IN, family_of
from pigsolve.solver.resources import held_bytes, memory_words
from pigsolve.solver.storage import atomic_write, data_dir
from pigsolve.ui.adapters import adapter_of
from pigsolve.ui.adapters.explorer import Picture
from pigsolve.ui.records import record
from pigsolve.ui.web.budgets import LOADED_BYTES
from pigsolve.ui.web.jobs import JobFailed, Jobs
from pigsolve.ui.web.limits import NoTable, SizeError, check_size, check_solvable, memory_needed

PAGE_CACHE_BYTES = 256 * 2**20
"""Disk the tables computed by the page may take in ``data/`` (256 MiB)."""
INDEX = "web-cache.json"
EXPLORE_CELLS = 200
"""The explorer's grids have at most this many rows: larger goals are sampled every few scores."""
TOUCH_SECONDS = 60
"""A table's last use is written to the index at most this often."""
LARGER = "start `pigsolve gui` with a larger --memory-mib"
"""How a refusal for the server's memory ends."""

Report = Callable[[int, int], None]


def describe(rules: Any) -> str:
    """Return the table of ``rules`` in words, e.g. ``the optimal table for goal 100 and a
    6-sided die``."""
    return family_of(rules).describe(rules)


def default_path(rules: Any) -> Path:
    """Return where the command line keeps the table of ``rules`` (relative to its folder)."""
    return Path(family_of(rules).table_name(rules))


def load(rules: Any, path: Path) -> Any:
    """Read the table of ``rules`` at ``path`` (its family's solution)."""
    table = family_of(rules).load(path)
    if table.rules != rules:  # a file of another game under the same name
        raise NoTable(f"{path.name} holds the table of other rules, not {describe(rules)}")
    return table


def solve_and_save(rules: Any, path: Path, report: Report) -> int:
    """Solve ``rules`` (in a worker) and write the table to ``path``; return its size in bytes."""
    family = family_of(rules)
    family.save(family.solve(rules, progress=report), path, force=True)
    return path.stat().st_size


def explore_table(rules: Any, path: Path, report: Report) -> Picture | None:
    """Return (in a worker) the explorer's picture of the table at ``path``."""
    return adapter_of(rules).explore(load(rules, path), EXPLORE_CELLS)


def compare(names: list[str], rules: Any, path: Path | None, report: Report) -> list[dict]:
    """Return (in a worker) the exact round robin of ``names``, row by row; ``optimal`` reads
    the table at ``path``."""
    from pigsolve.solver.results import round_robin

    family, players = family_of(rules), computer_players(names, rules, path)
    results = round_robin(names, lambda a, b: family.compare(rules, players[a], players[b]))
    named = adapter_of(rules).record_fields(rules)
    return [record(result, named) for result in results]


def seatings(names: list[str], rules: Any, path: Path | None, report: Report) -> dict:
    """Return (in a worker) every seating of ``names``, one a seat of ``rules``: each player's
    exact chance in each and on average (:meth:`solver.results.Seatings.as_dict`)."""
    players = computer_players(names, rules, path)
    seated = adapter_of(rules).seatings(rules, [players[name] for name in names], names)
    return seated.as_dict()


def computer_players(names: list[str], rules: Any, path: Path | None) -> dict[str, Any]:
    """Return the players ``names`` by name; ``optimal`` reads the table at ``path``; NoTable
    if one is a person."""
    from pigsolve.policies.human import Human

    players = {
        name: optimal_player(rules, load(rules, path))
        if name == "optimal" and path is not None
        else roster(rules).player(name, rules)
        for name in names
    }
    if any(isinstance(player, Human) for player in players.values()):
        raise NoTable("human cannot be compared; choose computer players")
    return players


def compared(names: list[str], rules: Any) -> str:
    """Return what a comparison of ``names`` computes, in words: ``the round robin of a, b``,
    or ``every seating of a, b, c``."""
    what = "every seating" if getattr(rules, "players", 2) > 2 else "the round robin"
    return f"{what} of {', '.join(names)}"


def loaded_size(rules: Any) -> int:
    """Return about how many bytes the table of ``rules`` takes in memory: its uncompressed
    size where its family says it, else (more) its solve's peak."""
    demands = family_of(rules).demands(rules)
    return demands.memory if demands.disk is None else demands.disk


def optimal_player(rules: Any, table: Any, seed: int | None = None) -> Any:
    """Return the optimal computer player reading ``table``, its coins drawn from ``seed``."""
    return roster(rules).optimal(table, seed)


class Tables:
    """The page's tables: on disk under ``folder`` (``data/``), in memory, or being computed.

    ``cache_bytes`` bounds the disk the page's own tables take, ``loaded_bytes`` the memory of
    those kept loaded (their arrays); ``jobs`` runs the computations.
    """

    def __init__(
        self,
        folder: Path | None = None,
        cache_bytes: int = PAGE_CACHE_BYTES,
        jobs: Jobs | None = None,
        loaded_bytes: int = LOADED_BYTES,
    ) -> None:
        self.folder = (data_dir() if folder is None else Path(folder)).resolve()
        self.cache_bytes = cache_bytes
        self.jobs = Jobs() if jobs is None else jobs
        self.loaded_bytes = loaded_bytes
        self._loaded: OrderedDict[Any, Any] = OrderedDict()
        self._index_lock = threading.Lock()  # the index is written from the workers' threads too
        self._load_lock = threading.Lock()
        self._uses: dict[str, float] = {}  # last uses not yet written to the index
        self._written = -math.inf

    def path(self, rules: Any) -> Path:
        """Return the file of ``rules``'s optimal table."""
        return self.folder / default_path(rules).name

    async def table(self, rules: Any, client: str = "") -> Any:
        """Return the optimal table of ``rules`` (computed for ``client``, the asker); raise
        Pending while it is being computed."""
        loaded = self._loaded.get(rules)  # a thread reading another table may drop it meanwhile
        if loaded is not None:
            with contextlib.suppress(KeyError):
                self._loaded.move_to_end(rules)
            self._touch(self.path(rules))
            return loaded
        path, key = self.path(rules), ("table", rules)
        check_solvable(rules)
        computing = not path.exists() or key in self.jobs
        if computing:
            check_size(rules)
        self._check_loadable(rules)
        if computing:
            self._check_job(f"computing {describe(rules)}", memory_needed(rules))
            admit = functools.partial(self._admit, path)
            what = describe(rules)
            seconds = family_of(rules).demands(rules).seconds
            job = self.jobs.start(
                key,
                what,
                solve_and_save,
                (rules, path),
                [path],
                admit,
                client=client,
                seconds=seconds,
            )
            await self.jobs.outcome(job)
        self._touch(path)
        return await asyncio.to_thread(self._load_once, rules, path)

    async def table_if_any(self, rules: Any, required: bool, client: str = "") -> tuple[Any, str]:
        """Return the optimal table of ``rules`` and '', or, where the page has none (too large,
        not solved) and it is not ``required``, None and the reason; raise Pending meanwhile."""
        try:
            return await self.table(rules, client), ""
        except JobFailed as err:
            if required or err.status not in (409, 413):
                raise
            return None, str(err)

    def _check_loadable(self, rules: Any) -> None:
        """Raise SizeError (413) if the table of ``rules`` could never be kept in memory."""
        size = loaded_size(rules)
        if size > self.loaded_bytes:
            raise SizeError(
                f"{describe(rules)} takes about {memory_words(size)} of memory and the server "
                f"keeps {memory_words(self.loaded_bytes)} of tables: {LARGER}"
            )

    def _check_job(self, what: str, needed: int) -> None:
        """Raise SizeError (413) if ``what`` needs more memory than the server gives a job,
        before it starts."""
        budget = self.jobs.memory_bytes
        if budget is not None and needed > budget:
            raise SizeError(
                f"{what} needs about {memory_words(needed)} of memory and the server gives a "
                f"job {memory_words(budget)}: {LARGER}"
            )

    def _load_once(self, rules: Any, path: Path) -> Any:
        """Read a table into memory (in a thread), once however many requests ask at once,
        room made for it first and the least recently used dropped past ``loaded_bytes``."""
        with self._load_lock:
            if rules not in self._loaded:
                self._make_room(loaded_size(rules))  # before: both would be in memory
                try:
                    table = load(rules, path)
                except MemoryError:
                    raise JobFailed(
                        503, f"the server ran out of memory reading {describe(rules)}: {LARGER}"
                    ) from None
                self._loaded[rules] = table
                self._make_room(0, keep=1)
            return self._loaded[rules]

    def memory_used(self) -> int:
        """Return the bytes of the tables kept in memory: their arrays, measured now (a table
        that expanded its full table since it was read counts it)."""
        return sum(held_bytes(table) for table in self._loaded.values())

    def _make_room(self, size: int, keep: int = 0) -> None:
        """Drop the least recently used tables, all but the ``keep`` newest at most, until
        ``size`` more bytes fit."""
        while len(self._loaded) > keep and self.memory_used() + size > self.loaded_bytes:
            self._loaded.popitem(last=False)

    async def explore(self, rules: Any, client: str = "") -> Picture | None:
        """Return the explorer's picture for ``rules`` (the table computed first if missing)."""
        check_size(rules, "explore", "the explorer")
        if rules.goal <= EXPLORE_CELLS:  # a small table's grids take milliseconds: no worker
            table = await self.table(rules, client)
            return await asyncio.to_thread(adapter_of(rules).explore, table, EXPLORE_CELLS)
        path = self.path(rules)
        what = f"the explorer's picture for goal {rules.goal}"
        self._check_job(what, loaded_size(rules))  # its worker reads the table
        if not path.exists() or ("table", rules) in self.jobs:
            await self.table(rules, client)
        self._touch(path)
        seconds = family_of(rules).demands(rules).seconds  # at most the table's solve
        key = ("explore", rules)
        return await self.jobs.result(key, what, explore_table, (rules, path), client, seconds)

    async def compare(self, names: list[str], rules: Any, client: str = "") -> Any:
        """Return the round robin of ``names`` (the optimal table computed first if named);
        with more than two players, one a seat, every seating of them (:func:`seatings`)."""
        check_size(rules, "compare", "compare")
        inexact = family_of(rules).demands(rules).inexact
        if inexact:
            raise NoTable(inexact)
        seconds = self._check_budget(names, rules)
        path = self.path(rules)
        if "optimal" in names:
            await self.table(rules, client)
        work = seatings if getattr(rules, "players", 2) > 2 else compare
        if family_of(rules).name not in BUILT_IN:  # registered here: a worker would not know it
            return await asyncio.to_thread(work, names, rules, path, lambda done, total: None)
        what = f"{compared(names, rules)} at goal {rules.goal}"
        key = (work.__name__, tuple(names), rules)
        return await self.jobs.result(key, what, work, (names, rules, path), client, seconds)

    def _check_budget(self, names: list[str], rules: Any) -> float:
        """Return the seconds the round robin (or the seatings) of ``names`` takes, as the
        family estimates a round robin of as many players; raise SizeError (413) if it
        needs more memory or time than the server gives a job, before it starts (the players'
        own sizes included)."""
        players = roster(rules)
        memories = [
            1 if name == "optimal" else getattr(players.player(name, rules), "memory", 1)
            for name in names
        ]
        needed, seconds = adapter_of(rules).evaluation_cost(rules, memories)
        budget, clock = self.jobs.memory_bytes, self.jobs.seconds
        words = f"{compared(names, rules)} at goal {rules.goal}"
        if budget is not None and needed > budget:
            raise SizeError(
                f"{words} needs about {memory_words(needed)} of memory and the server gives a "
                f"job {memory_words(budget)}: compare fewer players, or players that count "
                "fewer turns"
            )
        if clock is not None and seconds > clock:
            raise SizeError(
                f"{words} takes about {about(seconds)} and the server gives a job "
                f"{clock:g} s: compare fewer players"
            )
        return seconds

    def close(self) -> None:
        """Stop every computation (no half-written table is left)."""
        self.jobs.close()

    def _index(self) -> dict[str, float]:
        try:
            entries = json.loads((self.folder / INDEX).read_text())["tables"]
            return {str(name): float(used) for name, used in entries.items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return {}

    def _write_index(self, entries: dict[str, float]) -> None:
        text = json.dumps({"tables": entries}, indent=1, allow_nan=False)
        atomic_write(self.folder / INDEX, lambda tmp: tmp.write_text(text), force=True)

    def _touch(self, path: Path) -> None:
        """Record a use of ``path``: in memory at once, in the index at most once a minute."""
        self._uses[path.name] = time.time()
        now = time.monotonic()
        if now - self._written < TOUCH_SECONDS:
            return
        with self._index_lock:
            entries = self._index()
            if path.name in entries:
                self._written = now
                self._write_index(self._with_uses(entries))

    def _with_uses(self, entries: dict[str, float]) -> dict[str, float]:
        """Return the index's entries with the uses recorded since it was written."""
        return {name: max(used, self._uses.get(name, used)) for name, used in entries.items()}

    def _admit(self, path: Path) -> None:
        """List ``path`` as the page's newest table and drop the least recently used past the
        bound (never the newest)."""
        with self._index_lock:
            self._evict(path)

    def _evict(self, path: Path) -> None:
        entries = self._with_uses(self._index())
        entries[path.name] = time.time()
        sizes = {
            name: (self.folder / name).stat().st_size
            for name in entries
            if (self.folder / name).is_file()
        }
        entries = {name: used for name, used in entries.items() if name in sizes}
        for name in sorted(entries, key=entries.__getitem__)[:-1]:
            if sum(sizes[n] for n in entries) <= self.cache_bytes:
                break
            (self.folder / name).unlink(missing_ok=True)
            del entries[name]
        self._write_index(entries)
