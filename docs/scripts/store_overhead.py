"""The cluster path's overhead in one run: the in-memory solve on this machine's threads, then
the same rules through a store on a local cluster of 2 workers (one thread each)."""

import sys
import time

import numba

from pigsolve.solver.cluster import cluster_client
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig import store
from pigsolve.solver.pig.distributed import solve_to_store
from pigsolve.solver.pig.layers import solve_layers


def main() -> None:
    rules = PigRules(int(sys.argv[1]), players=int(sys.argv[2]))
    solve_layers(PigRules(6, players=rules.players))  # compiled or loaded first
    memory = min(solve_layers(rules)[3] for _ in range(2))
    with cluster_client(2) as client:
        solve_to_store(PigRules(6, players=rules.players), "/tmp/overhead-warm.zarr", client)
        start = time.perf_counter()
        solve_to_store(rules, "/tmp/overhead.zarr", client)
        cluster = time.perf_counter() - start
    layers = store.top_layer(rules) + 1
    print(
        f"{rules.players} players, goal {rules.goal} ({layers} layers): in memory on "
        f"{numba.get_num_threads()} threads {memory:.2f} s; store on 2 local workers "
        f"{cluster:.2f} s; ratio {cluster / memory:.1f}"
    )


if __name__ == "__main__":
    main()
