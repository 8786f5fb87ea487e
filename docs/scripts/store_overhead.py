"""The cluster path's overhead in one run: the in-memory solve on this machine's threads, then
the same rules through a store on a local cluster of 2 workers (one thread each), each the best
of 2.

``python docs/scripts/store_overhead.py GOAL PLAYERS`` for Pig, ``... GOAL PLAYERS farkle`` for
Farkle (its goal in points)."""

import dataclasses
import shutil
import sys
import time

import numba

from pigsolve.solver.cluster import cluster_client


def pig(goal: int, players: int) -> tuple[object, float, object, str]:
    """Return Pig's rules, the in-memory seconds (best of 2), the store's solve and its steps
    (its rounds of blocks, on 2 workers of this machine)."""
    from pigsolve.solver.games.pig import PigRules
    from pigsolve.solver.pig import blocks
    from pigsolve.solver.pig.distributed import block_for, solve_to_store
    from pigsolve.solver.pig.layers import solve_layers
    from pigsolve.solver.resources import physical_memory

    rules = PigRules(goal, players=players)
    solve_layers(PigRules(6, players=players))  # compiled or loaded first
    memory = min(solve_layers(rules)[3] for _ in range(2))
    block = block_for(rules, physical_memory() // 2, 2)
    rounds = blocks.top_round(goal, players, block) + 1
    return rules, memory, solve_to_store, f"{rounds} rounds of blocks of {block}"


def farkle(goal: int, players: int) -> tuple[object, float, object, str]:
    """Return Farkle's rules, the in-memory seconds, the store's solve and its layers."""
    from pigsolve.solver.farkle import store
    from pigsolve.solver.farkle.distributed import solve_to_store
    from pigsolve.solver.farkle.solve import solve
    from pigsolve.solver.games.farkle import FarkleRules

    rules = FarkleRules(goal=goal, players=players)
    solve(FarkleRules(goal=300, players=players))  # compiled or loaded first
    return rules, solve(rules).seconds, solve_to_store, f"{store.top_layer(rules) + 1} layers"


def main() -> None:
    goal, players = int(sys.argv[1]), int(sys.argv[2])
    game = sys.argv[3] if len(sys.argv) > 3 else "pig"
    rules, memory, solve_to_store, steps = (farkle if game == "farkle" else pig)(goal, players)
    small = dataclasses.replace(rules, goal=300 if game == "farkle" else 6)
    with cluster_client(2) as client:
        solve_to_store(small, "/tmp/overhead-warm.zarr", client)  # the workers' kernels loaded
        times = []
        for run in range(2):  # the best of 2, as in memory
            shutil.rmtree(f"/tmp/overhead-{run}.zarr", ignore_errors=True)  # not timed
            start = time.perf_counter()
            solve_to_store(rules, f"/tmp/overhead-{run}.zarr", client)
            times.append(time.perf_counter() - start)
        cluster = min(times)
    print(
        f"{game}, {players} players, goal {goal} ({steps}): in memory on "
        f"{numba.get_num_threads()} threads {memory:.2f} s; store on 2 local workers "
        f"{cluster:.2f} s; ratio {cluster / memory:.1f}"
    )


if __name__ == "__main__":
    main()
