"""What fits instead of a Pig solve refused for its memory, as commands: a smaller goal, a
store out of core, a simulation (:meth:`solver.pig.family.PigFamily.fits`)."""

from __future__ import annotations

from dataclasses import replace

from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.resources import largest_goal

MAX_STORE_BYTES = 2**70
"""A store larger than this (a zebibyte) is no way out: none is offered."""


def fits(rules: PigRules, available: int, method: str = "layered") -> str:
    """Return what fits ``available`` bytes instead of solving ``rules`` by ``method``: the
    largest goal for these rules, and for more than two players a store out of core and a
    simulation (its players' tables have ``G**3`` cells)."""
    from pigsolve.solver.pig import solve as pig_solver
    from pigsolve.solver.pig.paths import compute_command

    def needed_at(goal: int) -> int:
        return pig_solver.memory_needed(replace(rules, goal=goal), method)

    goal = largest_goal(needed_at, rules.goal, available)
    fits = "no goal fits"
    if goal >= 1:
        command = compute_command(replace(rules, goal=goal))
        fits = f"the largest goal that fits is {goal}: `{command}`"
    if rules.players == 2:
        return fits
    if 8 * rules.players * rules.goal**rules.players > MAX_STORE_BYTES:
        return fits
    fits += f"; or out of core, {store_forms(rules, available)}"
    if 4 * rules.goal**3 > available:
        return fits
    options = compute_command(rules).removeprefix("pigsolve compute")
    seats = " ".join(["hold20"] * rules.players)
    return f"{fits}; or estimate win rates by simulation: `pigsolve simulate {seats}{options}`"


def store_forms(rules: PigRules, available: int) -> str:
    """Return the ``--store`` forms of ``compute`` for ``rules`` with what they need: the disk
    and each worker's memory (:mod:`solver.pig.distributed`, which imports no Dask); a local
    cluster of a worker a core sharing ``available`` bytes, if their blocks fit, and an
    existing cluster."""
    import os

    from pigsolve.solver.pig.distributed import store_sizes
    from pigsolve.solver.pig.paths import compute_command
    from pigsolve.solver.resources import memory_words

    cores = os.cpu_count() or 1
    disk, worker = store_sizes(rules, available // cores, cores)
    command = f"{compute_command(rules)} --store pig.zarr"
    workers = min(cores, available // worker)
    here = f"`{command} --workers {workers}` or " if workers else ""
    return (
        f"{memory_words(disk)} of disk and {memory_words(worker)} of memory a worker: "
        f"{here}on a cluster `{command} --scheduler tcp://HOST:8786`"
    )
