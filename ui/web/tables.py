"""The page's only door to the solvers: tables computed off the event loop, a bounded disk cache.

Every solver function the browser needs (default paths, memory estimates, solving, reading,
evaluating) is called from here, so that a change of the solver's table types is met in this
module alone. Tables are computed in worker processes (:mod:`ui.web.jobs`), one per table
however many ask, and saved in ``data/`` beside the command line's. Those the page computed are
listed in ``data/web-cache.json`` with their last use; past :data:`PAGE_CACHE_BYTES` the least
recently used are deleted (the command line's own tables are never touched).
"""

from __future__ import annotations

import asyncio
import functools
import json
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from pigsolve.solver.games.hog import HogRules
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.storage import atomic_write
from pigsolve.ui.records import game_fields, record
from pigsolve.ui.web.jobs import JobFailed, Jobs
from pigsolve.ui.web.limits import (
    MAX_COMPARE_GOAL,
    MAX_EXPLORE_GOAL,
    NoTable,
    check_size,
    check_solvable,
    largest_goal,
)

PAGE_CACHE_BYTES = 256 * 2**20
"""Disk the tables computed by the page may take in ``data/`` (256 MiB)."""
INDEX = "web-cache.json"
EXPLORE_CELLS = 200
"""The explorer's grids have at most this many rows: larger goals are sampled every few scores."""
TOUCH_SECONDS = 60
"""A table's last use is written to the index at most this often."""
LOADED_TABLES = 4
"""Tables kept in the server's memory, most recently used first."""

Report = Callable[[int, int], None]


def describe(rules: PigRules | HogRules) -> str:
    """Return the table of ``rules`` in words, e.g. ``the goal-100 table (6-sided die)``."""
    if isinstance(rules, HogRules):
        return f"the optimal {rules.name} Hog table for goal {rules.goal}"
    from pigsolve.solver.pig.table import describe_rules

    return f"the optimal table for {describe_rules(rules)}"


def default_path(rules: PigRules | HogRules) -> Path:
    """Return where the command line keeps the table of ``rules`` (relative to its folder)."""
    if isinstance(rules, HogRules):
        from pigsolve.solver.hog.table import default_path as hog_path

        return hog_path(rules)
    from pigsolve.solver.pig.table import default_path as pig_path

    return pig_path(rules)


def load(rules: PigRules | HogRules, path: Path) -> Any:
    """Read the table of ``rules`` at ``path`` (a PigTable or a HogSolution)."""
    if isinstance(rules, HogRules):
        from pigsolve.solver.hog.table import load as load_hog

        return load_hog(path)
    from pigsolve.solver.pig.table import load as load_pig

    table = load_pig(path)
    if table.rules != rules:  # a file of another game under the same name
        raise NoTable(f"{path.name} holds {table.rules.game}'s table, not {rules.game}'s")
    return table


def solve_and_save(rules: PigRules | HogRules, path: Path, report: Report) -> int:
    """Solve ``rules`` (in a worker) and write the table to ``path``; return its size in bytes."""
    if isinstance(rules, HogRules):
        from pigsolve.solver.hog.solve import solve as solve_hog
        from pigsolve.solver.hog.table import save as save_hog

        save_hog(solve_hog(rules), path)
    else:
        from pigsolve.solver.pig.solve import solve as solve_pig
        from pigsolve.solver.pig.table import save as save_pig

        save_pig(solve_pig(rules, progress=report), path)
    return path.stat().st_size


def hold_at(table: Any, scores: np.ndarray) -> np.ndarray:
    """Return the smallest turn total ``k >= 1`` at which the optimal player holds, over
    ``(i, j)`` in ``scores x scores`` (``G - i`` where it rolls to the goal)."""
    goal = table.rules.goal
    if not table.has_full_table:  # a large table: its sampled rows rebuilt one by one
        i, j = np.meshgrid(scores, scores, indexing="ij")
        pairs = np.stack([i.ravel(), j.ravel()], axis=1)
        return table.hold_boundaries(pairs).reshape(len(scores), len(scores))
    out = np.empty((len(scores), len(scores)), np.int64)
    for row, i in enumerate(scores):
        hold = np.ones((len(scores), goal + 1), bool)
        hold[:, :goal] = ~table.roll_array()[i][scores]
        hold[:, goal - i :] = True
        hold[:, 0] = False
        out[row] = hold.argmax(axis=1)
    return out


def explore_pig(rules: PigRules, path: Path, report: Report) -> dict[str, Any]:
    """Return (in a worker) :func:`explore_grids` of the table at ``path``."""
    return explore_grids(load(rules, path))


def explore_grids(table: Any) -> dict[str, Any]:
    """Return the explorer's grids of a Pig table: scores sampled to :data:`EXPLORE_CELLS`,
    the turn total at which to hold and ``P(i, j, 0)`` at each pair of them."""
    rules = table.rules
    step = math.ceil(rules.goal / EXPLORE_CELLS)
    scores = np.arange(0, rules.goal, step)
    return {
        "goal": rules.goal,
        "variant": rules.game,
        "die": rules.die_sides,
        "step": step,
        "scores": scores.tolist(),
        "hold_at": hold_at(table, scores).tolist(),
        "p0": table.v0[np.ix_(scores, scores)].tolist(),
    }


def explore_hog(solution: Any) -> dict[str, Any]:
    """Return the optimal number of dice and the win probability over both scores (no bonus
    state: six-sided dice, no previous turn)."""
    rules = solution.rules
    return {
        "rules": rules.name,
        "goal": rules.goal,
        "scores": list(range(rules.goal)),
        "dice": solution.policy[:, :, 0, 0, 0].astype(int).tolist(),
        "p": solution.values[:, :, 0, 0, 0].tolist(),
    }


def compare(
    game: str, names: list[str], rules: PigRules | HogRules, path: Path | None, report: Report
) -> list[dict[str, Any]]:
    """Return (in a worker) the exact round robin of ``names``, row by row."""
    from pigsolve.policies import computer_tables

    if game == "hog":
        from pigsolve.solver.hog.evaluate import round_robin
    else:
        from pigsolve.solver.pig.evaluate import round_robin
    tables = computer_tables(game, names, rules, path)
    named = game_fields(rules)
    return [record(result, named) for result in round_robin(rules, tables)]


def optimal_player(game: str, rules: PigRules | HogRules, table: Any) -> Any:
    """Return the optimal computer player reading ``table``."""
    if game == "hog":
        from pigsolve.policies.hog import TableStrategy

        return TableStrategy("optimal", rules, table.policy)
    from pigsolve.policies.optimal import OptimalPolicy

    return OptimalPolicy(table)


def pig_values(
    table: Any, scores: tuple[int, ...], k: int
) -> tuple[float, float, float | None, bool]:
    """Return the mover's win probability at ``scores`` (the mover's first, then in the order
    of play) and turn total ``k``, the values of rolling and holding (None at ``k = 0``) and
    whether rolling is optimal."""
    values = table.action_values(*scores, k)
    p = table.win_probability(*scores, k)
    return p, values["roll"], values.get("hold"), table.should_roll(*scores, k)


def mover_after_turn(table: Any, others: tuple[int, ...], score: int) -> float:
    """Return the mover's win probability once its turn has ended with ``score`` banked and
    the others' scores ``others`` (in the order they move next)."""
    return float(table.win_probabilities((*others, score), 0)[-1])


def hog_values(solution: Any, state: Any) -> tuple[int, dict[int, float]]:
    """Return the optimal number of dice in ``state`` and the mover's win probability for each."""
    _, best = solution.at(state)
    return best, solution.action_values(state)


class Tables:
    """The page's tables: on disk under ``folder`` (``data/``), in memory, or being computed.

    ``cache_bytes`` bounds the disk the page's own tables take; ``jobs`` runs the computations.
    """

    def __init__(
        self,
        folder: Path | None = None,
        cache_bytes: int = PAGE_CACHE_BYTES,
        jobs: Jobs | None = None,
    ) -> None:
        self.folder = (Path.cwd() / "data") if folder is None else Path(folder).resolve()
        self.cache_bytes = cache_bytes
        self.jobs = Jobs() if jobs is None else jobs
        self._loaded: OrderedDict[Any, Any] = OrderedDict()
        self._index_lock = threading.Lock()  # the index is written from the workers' threads too
        self._load_lock = threading.Lock()
        self._uses: dict[str, float] = {}  # last uses not yet written to the index
        self._written = -math.inf

    def path(self, rules: PigRules | HogRules) -> Path:
        """Return the file of ``rules``'s optimal table."""
        return self.folder / default_path(rules).name

    async def table(self, rules: PigRules | HogRules) -> Any:
        """Return the optimal table of ``rules``; raise Pending while it is being computed."""
        if rules in self._loaded:
            self._loaded.move_to_end(rules)
            self._touch(self.path(rules))
            return self._loaded[rules]
        path, key = self.path(rules), ("table", rules)
        check_solvable(rules)
        if not path.exists() or key in self.jobs:
            check_size(rules, largest_goal(rules))
            admit = functools.partial(self._admit, path)
            what = describe(rules)
            job = self.jobs.start(key, what, solve_and_save, (rules, path), [path], admit)
            await self.jobs.outcome(job)
        self._touch(path)
        return await asyncio.to_thread(self._load_once, rules, path)

    async def table_if_any(self, rules: PigRules | HogRules, required: bool) -> tuple[Any, str]:
        """Return the optimal table of ``rules`` and '', or, where the page has none (too large,
        not solved) and it is not ``required``, None and the reason; raise Pending meanwhile."""
        try:
            return await self.table(rules), ""
        except JobFailed as err:
            if required or err.status not in (409, 413):
                raise
            return None, str(err)

    def _load_once(self, rules: PigRules | HogRules, path: Path) -> Any:
        """Read a table into memory (in a thread), once however many requests ask at once."""
        with self._load_lock:
            if rules not in self._loaded:
                self._loaded[rules] = load(rules, path)
                while len(self._loaded) > LOADED_TABLES:
                    self._loaded.popitem(last=False)
            return self._loaded[rules]

    async def explore_pig(self, rules: PigRules) -> dict[str, Any]:
        """Return the explorer's grids for ``rules`` (the table computed first if missing)."""
        check_size(rules, min(MAX_EXPLORE_GOAL, largest_goal(rules)), "the explorer")
        if rules.goal <= EXPLORE_CELLS:  # a small table's grids take milliseconds: no worker
            return await asyncio.to_thread(explore_grids, await self.table(rules))
        path = self.path(rules)
        if not path.exists() or ("table", rules) in self.jobs:
            await self.table(rules)
        self._touch(path)
        what = f"the explorer's grids for goal {rules.goal}"
        return await self.jobs.result(("explore", rules), what, explore_pig, (rules, path))

    async def compare(
        self, game: str, names: list[str], rules: PigRules | HogRules
    ) -> list[dict[str, Any]]:
        """Return the round robin of ``names`` (the optimal table computed first if named)."""
        check_size(rules, MAX_COMPARE_GOAL if game == "pig" else largest_goal(rules), "compare")
        path = self.path(rules)
        if "optimal" in names:
            await self.table(rules)
        what = f"the round robin of {', '.join(names)} at goal {rules.goal}"
        key = ("compare", game, tuple(names), rules)
        return await self.jobs.result(key, what, compare, (game, names, rules, path))

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
