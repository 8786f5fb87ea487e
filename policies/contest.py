"""The entries of a strategy contest: functions in files, found, named and tabulated.

An entry is ``file.py:function``, ``file.py`` (its :data:`DEFAULT_FUNCTION`) or a folder (every
``*.py`` in it, in name order, each its :data:`DEFAULT_FUNCTION`), as CS 61A's strategy contest
collects them. Each entry is named by its file (``alice`` for ``entries/alice.py``, with the
function after a colon when it is not the default), made unique by ``-2``, ``-3`` ...

Each function runs in a process of its own (:mod:`solver.sandbox`) and is asked in every
state by its family's roster (:attr:`policies.roster.Roster.tabulate`), which checks it as the
contest does. :data:`WORKERS` entries are asked at once: the processes work in parallel while
this one waits on them. An entry that fails is set aside with its reason; the others go on.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pigsolve.policies.roster import roster
from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.sandbox import process as sandbox

DEFAULT_FUNCTION = "final_strategy"
"""The function an entry given as a file or a folder plays (CS 61A's contest's name)."""
WORKERS = max(2, min(4, os.cpu_count() or 1))
"""Entries asked at once (their processes run in parallel)."""


@dataclass(frozen=True)
class Entry:
    """One entry: its unique ``name`` and its function, ``spec`` (``file.py:function``)."""

    name: str
    spec: str


def entries(arguments: Sequence[str]) -> tuple[list[Entry], list[tuple[str, str]]]:
    """Return the entries ``arguments`` give, and each argument that gives none with why.

    >>> entries(["no/such/folder"])
    ([], [('no/such/folder', 'no file or folder at no/such/folder')])
    """
    specs: list[str] = []
    missing: list[tuple[str, str]] = []
    for argument in arguments:
        path_text, colon, _ = argument.rpartition(":")
        if colon and path_text.endswith(".py"):
            specs.append(argument)
            continue
        path = Path(argument)
        if path.is_dir():
            files = sorted(path.glob("*.py"))
            specs += [f"{file}:{DEFAULT_FUNCTION}" for file in files]
            if not files:
                missing.append((argument, f"{argument} holds no .py file"))
        elif argument.endswith(".py"):
            specs.append(f"{argument}:{DEFAULT_FUNCTION}")
        else:
            missing.append((argument, f"no file or folder at {argument}"))
    named = zip(unique_names(specs), specs, strict=True)
    return [Entry(name, spec) for name, spec in named], missing


def unique_names(specs: Sequence[str]) -> list[str]:
    """Return a name for each of ``specs``: the file's name, with the function after a colon
    unless it is :data:`DEFAULT_FUNCTION`; a name taken already gets ``-2``, ``-3`` ...

    >>> unique_names(["a/x.py:final_strategy", "b/x.py:final_strategy", "x.py:other"])
    ['x', 'x-2', 'x:other']
    """
    names: list[str] = []
    taken: set[str] = set()
    for spec in specs:
        file, _, function = spec.rpartition(":")
        name = Path(file).stem + ("" if function == DEFAULT_FUNCTION else f":{function}")
        unique, count = name, 1
        while unique in taken:
            count += 1
            unique = f"{name}-{count}"
        taken.add(unique)
        names.append(unique)
    return names


def tabulate(
    rules: Any,
    contestants: Sequence[Entry],
    progress: Callable[[int, int], None] | None = None,
    workers: int = WORKERS,
) -> list[Any]:
    """Return each entry's table of answers (:attr:`policies.roster.Roster.tabulate`), or the
    PigsolveError that disqualifies it, in the order of ``contestants``, calling
    ``progress(done, total)`` as each is done. Ctrl-C stops every entry's process."""
    table = roster(rules).tabulate
    if table is None:
        raise InvalidArgument("this game's players from files cannot be tabulated")

    def ask(entry: Entry) -> Any:
        try:
            return table(entry.spec, rules)
        except PigsolveError as err:
            return err

    found: list[Any] = [None] * len(contestants)
    with ThreadPoolExecutor(max(1, workers)) as pool:
        futures = {pool.submit(ask, entry): k for k, entry in enumerate(contestants)}
        try:
            for done, future in enumerate(as_completed(futures), 1):
                found[futures[future]] = future.result()
                if progress is not None:
                    progress(done, len(contestants))
        except BaseException:  # Ctrl-C: the processes asked end, and so do their threads
            pool.shutdown(wait=False, cancel_futures=True)
            sandbox.stop_all()
            raise
    return found
