"""Benchmarks behind ``pigsolve bench``: every figure measured in one run, compile time apart.

Speed is judged by ratios measured in the same run (the machines are shared and noisy), so the
methods run side by side here rather than in timed unit tests.
"""

from __future__ import annotations

import contextlib
import importlib.util
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from pigsolve.solver.games.pig import PigRules

if TYPE_CHECKING:
    from pigsolve.solver.games.hog import HogRules

Row = dict[str, Any]


def row(
    benchmark: str,
    goal: int,
    seconds: float,
    compile_seconds: float | None = None,
    rate: float | None = None,
    unit: str = "",
    peak_mib: float | None = None,
) -> Row:
    """Return one row of ``pigsolve bench``: what was timed, at which goal, its seconds (JIT
    compilation apart), its rate and unit and the peak of its memory (None: not measured)."""
    return {
        "benchmark": benchmark,
        "goal": goal,
        "seconds": seconds,
        "compile_seconds": compile_seconds,
        "rate": rate,
        "unit": unit,
        "peak_mib": peak_mib,
    }


def _traced(run: Callable[[], Any]) -> tuple[Any, float]:
    """Return ``run()`` and the peak of the arrays it allocated, in MiB (tracemalloc)."""
    tracemalloc.start()
    try:
        result = run()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return result, peak / 2**20


def bench_methods(goal: int = 100, repeats: int = 5) -> list[Row]:
    """Time ``layered`` (best of ``repeats``) and ``value-iteration`` (its default tolerance,
    :data:`solver.pig.tolerances.DEFAULT_TOLERANCE`)."""
    from pigsolve.solver.pig.solve import solve

    rules = PigRules(goal)
    rows = []
    for method, runs in (("layered", repeats), ("value-iteration", 1)):
        start = time.perf_counter()
        solve(PigRules(4), method)  # JIT compilation, or loading the cache
        compile_seconds = time.perf_counter() - start
        # Timed untraced: tracemalloc also traces numba's allocations and slows them down.
        seconds = min(solve(rules, method).seconds for _ in range(runs))
        _, peak = _traced(lambda m=method: solve(rules, m))
        rate = rules.num_states / seconds
        rows.append(row(f"pig {method}", goal, seconds, compile_seconds, rate, "states/s", peak))
    rows[0]["speedup_vs_value_iteration"] = rows[1]["seconds"] / rows[0]["seconds"]
    return rows


FAMILY_TARGETS = {("two-dice", 2): 5.0, ("pass-the-pigs", 2): 5.0, ("big-pig", 3): 10.0}
"""Targets of fresh-process seconds for the Pig family's solves at goal 100 (issue 19)."""


def bench_fresh_compute(
    command: Sequence[str], goal: int = 100, players: int = 2, game: str = "pig"
) -> Row:
    """Time ``command --game GAME --goal G --players N --out FILE --force --quiet`` in a fresh
    process, run once before at goal 10 to fill the JIT cache; ``command`` is how the caller
    runs ``pigsolve compute``. Also reports that process's peak resident memory.
    """
    seconds, peak = _fresh([*command, "--game", game, "--players", str(players)], goal, 10)
    name = "pig" if game == "pig" else f"pig {game}"  # a game of Pig's family: its bench row
    seats = "" if (game, players) == ("pig", 2) else f", {players} players"
    states = PigRules(goal).num_states if players == 2 else goal**players
    unit = "states/s" if players == 2 else "score vectors/s"
    fresh = row(
        f"{name} compute{seats}, fresh process", goal, seconds, None, states / seconds, unit, peak
    )
    if (game, players) in FAMILY_TARGETS:
        fresh["target_seconds"] = FAMILY_TARGETS[game, players]
    return fresh


def _fresh(command: Sequence[str], goal: int, warm_goal: int) -> tuple[float, float]:
    """Return the seconds and peak MiB of ``command --goal GOAL --out FILE --force --quiet`` in
    a fresh process, run once before at ``warm_goal`` to fill the JIT cache."""
    with tempfile.TemporaryDirectory() as tmp:
        command = [*command, "--out", str(Path(tmp) / "table.h5"), "--force", "--quiet"]
        _child([*command, "--goal", str(warm_goal)])
        start = time.perf_counter()
        peak = _child([*command, "--goal", str(goal)])
        return time.perf_counter() - start, peak


FARKLE_TARGETS = {
    ("farkle", 10000, 2): 300.0,
    ("facebook-farkle", 1000, 2): None,
    ("farkle", 3000, 3): None,
    ("farkle", 10000, 3): 1800.0,
}
"""Farkle's fresh computes in ``bench --large`` (game, goal, players), with their targets of
seconds (issue 27: at most 5 minutes and 4 GiB at goal 10,000; Facebook Farkle's hour is its
full goal, measured by ``pigsolve compute --game facebook-farkle`` itself; issue 46: three
players at goal 10,000 in at most 30 minutes, beside the two-player compute of the run)."""


def bench_fresh_farkle(command: Sequence[str], game: str, goal: int, players: int = 2) -> Row:
    """Time ``command --game GAME --goal GOAL`` (a Farkle rule set; ``--players`` above two)
    in a fresh process."""
    from pigsolve.solver.farkle.states import num_states
    from pigsolve.solver.registry import game as rules_of

    seats = ["--players", str(players)] if players > 2 else []
    seconds, peak = _fresh([*command, "--game", game, *seats], goal, 500)
    states = num_states(rules_of(game, goal=goal, players=players))
    name = f"{game} compute" + (f", {players} players" if players > 2 else "")
    fresh = row(f"{name}, fresh process", goal, seconds, None, states / seconds, "states/s", peak)
    if FARKLE_TARGETS.get((game, goal, players)) is not None:
        fresh["target_seconds"] = FARKLE_TARGETS[game, goal, players]
    return fresh


GAME_TARGETS = {("zombie-dice", 13): 600.0}
"""Other families' fresh computes in ``bench --large`` (game, goal), with their targets of
seconds (issue 47: the boxed Zombie Dice for two in at most 10 minutes and 4 GiB)."""


def bench_fresh_game(command: Sequence[str], game: str, goal: int) -> Row:
    """Time ``command --game GAME --goal GOAL`` (a registered game) in a fresh process."""
    seconds, peak = _fresh([*command, "--game", game], goal, 3)
    fresh = row(f"{game} compute, fresh process", goal, seconds, None, None, "", peak)
    if GAME_TARGETS.get((game, goal)) is not None:
        fresh["target_seconds"] = GAME_TARGETS[game, goal]
    return fresh


STORE_OVERHEAD_TARGET = 2.0
"""A Pig solve through a store on 2 local workers, as a multiple of the in-memory solve on this
machine's threads, at four players and goal 60: at most this (issue 48)."""


def bench_store_overhead(goal: int = 60, players: int = 4) -> Row:
    """Time Pig's solve through a store on a local cluster of 2 workers (warmed first: their
    kernels loaded) against the in-memory solve, each the best of 2, compilation and the
    cluster's start apart."""
    from pigsolve.solver.cluster import cluster_client
    from pigsolve.solver.pig.distributed import solve_to_store
    from pigsolve.solver.pig.layers import solve_layers

    rules, small = PigRules(goal, players=players), PigRules(6, players=players)
    solve_layers(small)  # compiled or loaded
    in_memory = min(solve_layers(rules)[3] for _ in range(2))
    with tempfile.TemporaryDirectory() as tmp, cluster_client(2) as client:
        solve_to_store(small, str(Path(tmp) / "warm.zarr"), client)
        times = []
        for run in range(2):
            start = time.perf_counter()
            solve_to_store(rules, str(Path(tmp) / f"{run}.zarr"), client)
            times.append(time.perf_counter() - start)
    seconds = min(times)
    name = f"pig store on 2 local workers, {players} players"
    rate = goal**players / seconds
    timed = row(name, goal, seconds, None, rate, "score vectors/s")
    return timed | {
        "in_memory_seconds": in_memory,
        "times_in_memory": seconds / in_memory,
        "target_times_in_memory": STORE_OVERHEAD_TARGET,
    }


PLAYERS_SOLVE_TARGET = 45.0
"""Seconds of the in-memory four-player solve at goal 100 on this machine's 2 cores, the two
players' compute of the run its yardstick (issue 48)."""


def bench_players_solve(goal: int = 100, players: int = 4) -> Row:
    """Time the in-memory equilibrium of ``players`` at ``goal`` in this process, its kernels
    loaded first: the seconds ``compute`` prints as the layered equilibrium's."""
    from pigsolve.solver.pig.layers import solve_layers

    solve_layers(PigRules(6, players=players))
    seconds = solve_layers(PigRules(goal, players=players))[3]
    rate = goal**players / seconds
    timed = row(
        f"pig solve in memory, {players} players", goal, seconds, None, rate, "score vectors/s"
    )
    return timed | {"target_seconds": PLAYERS_SOLVE_TARGET}


def _child(command: Sequence[str]) -> float:
    """Run ``command`` to its end; return its peak resident memory in MiB.

    The peak is the child's own ``VmHWM``, read every 20 ms: the rusage of a child also counts
    this (large) process's memory at the fork.
    """
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
        status = Path(f"/proc/{process.pid}/status")
        peak = 0.0
        while process.poll() is None:
            with contextlib.suppress(OSError):
                for line in status.read_text().splitlines():
                    if line.startswith("VmHWM:"):
                        peak = max(peak, int(line.split()[1]) / 1024)
            time.sleep(0.02)
        if process.returncode != 0:
            errors.seek(0)
            message = errors.read().decode().strip()
            raise RuntimeError(f"{' '.join(command)} failed: {message}")
    return peak


STARTUP_TARGETS = {"--version": 0.15, "query 0 0 0": 0.3}
"""Targets of whole-process seconds for starting pigsolve (issue 18)."""


def bench_startup(pigsolve: Sequence[str], repeats: int = 5) -> list[Row]:
    """Time whole fresh processes, best of ``repeats``: ``python -c pass`` as the yardstick, then
    ``pigsolve --version`` and ``pigsolve query 0 0 0`` (its goal-100 table made first in a
    temporary folder); ``pigsolve`` is how the caller runs pigsolve. Each row gives its ratio to
    the yardstick measured in the same run.
    """
    python = [sys.executable, "-c", "pass"]
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([*pigsolve, "compute", "--quiet"], cwd=tmp, check=True)
        commands = {
            "python -c pass": python,
            **{f"pigsolve {words}": [*pigsolve, *words.split()] for words in STARTUP_TARGETS},
        }
        seconds = {name: _best_time(command, tmp, repeats) for name, command in commands.items()}
    yardstick = seconds["python -c pass"]
    return [
        row(f"{name}, fresh process", 100, time_taken)
        | {
            "times_python_start": time_taken / yardstick,
            "target_seconds": STARTUP_TARGETS.get(name.removeprefix("pigsolve ")),
        }
        for name, time_taken in seconds.items()
    ]


def _best_time(command: Sequence[str], cwd: str, repeats: int) -> float:
    """Return the shortest wall time of ``repeats`` runs of ``command`` in ``cwd``."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return min(times)


def run(
    compute_command: Sequence[str], large: bool = False, others: Sequence[Row] = ()
) -> list[Row]:
    """Return the rows of ``pigsolve bench``: both Pig methods, a fresh ``compute`` for two and
    three players (with ``large`` also four players, fresh and the in-memory solve alone
    (:func:`bench_players_solve`), three at goal 500, goal 1000, Farkle's
    :data:`FARKLE_TARGETS`, three-player Farkle also as a multiple of its two-player compute
    at the same goal, the other families' :data:`GAME_TARGETS` and, with the cluster extra, the
    store's overhead, :func:`bench_store_overhead`), the
    family's games of :data:`FAMILY_TARGETS`, then ``others``. The N-player and family rows also
    give their time as a multiple of the two-player compute's."""
    rows = bench_methods()
    two_players = bench_fresh_compute(compute_command)
    more = [bench_fresh_compute(compute_command, players=3)]
    more += [
        bench_fresh_compute(compute_command, players=players, game=game)
        for game, players in FAMILY_TARGETS
    ]
    if large:
        more.append(bench_fresh_compute(compute_command, players=4))
        more.append(bench_players_solve())
        # many cycling orbits, some only the complete search of solver.pig.exhaustive solves
        more.append(bench_fresh_compute(compute_command, goal=500, players=3))
    for row in more:  # the yardstick: the two-player compute of the same run
        row["times_two_player_compute"] = row["seconds"] / two_players["seconds"]
    rows += [two_players, *more]
    if large:
        rows.append(bench_fresh_compute(compute_command, goal=1000))
        farkles: dict[tuple[str, int, int], Row] = {}
        for game, goal, players in FARKLE_TARGETS:
            farkle = bench_fresh_farkle(compute_command, game, goal, players)
            farkle["times_two_player_compute"] = farkle["seconds"] / two_players["seconds"]
            if players > 2 and (game, goal, 2) in farkles:  # its own game for two, this run
                two_farkle = farkles[game, goal, 2]["seconds"]
                farkle["times_two_player_farkle"] = farkle["seconds"] / two_farkle
            farkles[game, goal, players] = farkle
            rows.append(farkle)
        for game, goal in GAME_TARGETS:
            fresh = bench_fresh_game(compute_command, game, goal)
            fresh["times_two_player_compute"] = fresh["seconds"] / two_players["seconds"]
            rows.append(fresh)
        if importlib.util.find_spec("distributed") and importlib.util.find_spec("zarr"):
            rows.append(bench_store_overhead())
    return rows + list(others)


def bench_others(optimal: np.ndarray, hold20: np.ndarray) -> list[Row]:
    """Time one exact Pig comparison, a million simulated games and the two Hog solves.

    ``optimal`` and ``hold20`` are the two players' roll tables at goal 100.
    """
    from pigsolve.solver.games.hog import hog_rules

    return [
        bench_compare(PigRules(), optimal, hold20),
        bench_simulate(PigRules(), hold20, optimal),
        *(bench_hog(hog_rules(name)) for name in ("fa16", "su20", "sp22")),
    ]


def _first_and_best(run: Callable[[], Any], repeats: int) -> tuple[float, float]:
    """Return the seconds of a first call of ``run`` (JIT compilation or cache load) and the
    best of ``repeats`` calls after it."""
    timings = []
    for _ in range(repeats + 1):
        start = time.perf_counter()
        run()
        timings.append(time.perf_counter() - start)
    return timings[0], min(timings[1:])


def bench_compare(rules: PigRules, roll_a: np.ndarray, roll_b: np.ndarray, repeats: int = 5) -> Row:
    """Time one exact comparison of two roll tables: its first call and the best of ``repeats``."""
    from pigsolve.solver.pig.evaluation.evaluate import compare

    compile_seconds, seconds = _first_and_best(lambda: compare(rules, roll_a, roll_b), repeats)
    return row("pig compare optimal vs hold20", rules.goal, seconds, compile_seconds)


def bench_simulate(
    rules: PigRules, roll_a: np.ndarray, roll_b: np.ndarray, games: int = 1_000_000
) -> Row:
    """Time ``games`` simulated games of two roll tables (after a 2-game run that compiles)."""
    from pigsolve.solver.pig.seat_policy import threshold_seat
    from pigsolve.solver.pig.simulate import play

    seated = [threshold_seat("A", roll_a, rules), threshold_seat("B", roll_b, rules)]
    start = time.perf_counter()
    play(rules, seated, 2, 0)
    compile_seconds = time.perf_counter() - start
    start = time.perf_counter()
    play(rules, seated, games, 0)
    seconds = time.perf_counter() - start
    name = f"pig simulate hold20 vs optimal, {games:,} games"
    return row(name, rules.goal, seconds, compile_seconds, games / seconds, "games/s")


def bench_hog(rules: HogRules) -> Row:
    """Time the optimal solve of ``rules``, after a goal-2 solve that compiles (or loads)."""
    from pigsolve.solver.games.hog import hog_rules
    from pigsolve.solver.hog.solve import solve

    start = time.perf_counter()
    solve(hog_rules(rules.name, goal=2))
    compile_seconds = time.perf_counter() - start
    solution = solve(rules)
    rate = int(np.prod(rules.shape)) / solution.seconds
    name = f"hog {rules.name} optimal solve"
    return row(name, rules.goal, solution.seconds, compile_seconds, rate, "states/s")
