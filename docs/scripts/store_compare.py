"""Compare a store with an HDF5 table of the same rules, layer by layer, bit for bit."""

import sys

import h5py
import numpy as np

from pigsolve.solver.pig import store

url, table = sys.argv[1], sys.argv[2]
group, rules = store.open_store(url)
n = rules.players
with h5py.File(table) as f:
    values = f["start_values"][()].reshape(-1, n)
same, rows = True, 0
for layer in range(store.top_layer(rules), -1, -1):
    stored = group[f"L{layer}/start_values"][...]
    same &= np.array_equal(stored, values[store.layer_rows(rules, layer)])
    rows += len(stored)
print(f"{url} and {table}: {rows} score vectors, equal bit for bit: {same}")
